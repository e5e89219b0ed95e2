"""Who wins a Skull King game: from a state, or from a seat's observation.

Its own module because it reads both: :mod:`skullgames.king.observation` builds on
:mod:`skullgames.king.game`, so the game module cannot name observations.
"""

from __future__ import annotations

from skullgames.king.game import is_over, not_a_state
from skullgames.king.observation import Observation
from skullgames.king.scoring import winners_of
from skullgames.king.state import Phase, State

__all__ = ["winners"]


def winners(state: State | Observation) -> tuple[int, ...]:
    """The seats with the highest total; several on a tie, all winners (:ref:`ruling-k14`).

    Nobody wins before the end: ``()`` until :func:`~skullgames.king.is_over`. ``state``
    may also be a seat's :class:`~skullgames.king.Observation` (the totals are public).

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3, rounds=(1,)), auto_deal=False)
    >>> king.winners(state)
    ()
    >>> for move in ["deal Y1 | P10 | G3", "bid 1", "bid 1", "bid 0", "P10", "G3", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.scores(state), king.winners(state), king.winners(king.observe(state, 0))
    ((10, 20, -10), (1,), (1,))
    """
    if isinstance(state, State):
        return winners_of(state.past.totals) if is_over(state) else ()
    if isinstance(state, Observation):
        return winners_of(state.totals) if state.phase is Phase.OVER else ()
    raise not_a_state(state)
