"""Who wins a Skull Queen game: from a state, or from a seat's observation.

Its own module because it reads both: :mod:`skullgames.queen.observation` builds on
:mod:`skullgames.queen.game`, so the game module cannot name observations.
"""

from __future__ import annotations

from skullgames.queen.game import is_over, not_a_state
from skullgames.queen.observation import Observation
from skullgames.queen.scoring import winners_of
from skullgames.queen.state import Phase, State

__all__ = ["winners"]


def winners(state: State | Observation) -> tuple[int, ...]:
    """The seats with the highest total; several on a tie, all winners (:ref:`ruling-q9`).

    Nobody wins before the end: ``()`` until :func:`~skullgames.queen.is_over`. ``state``
    may be an :class:`~skullgames.queen.Observation` too: the totals are public.

    >>> from skullgames.queen import apply, is_over, legal_moves, new_game, observe, winners
    >>> state = new_game(seed=3)
    >>> winners(state), winners(observe(state, 2))
    ((), ())
    >>> while not is_over(state):
    ...     state = apply(state, legal_moves(state)[0])
    >>> winners(state) == winners(observe(state, 2)) != ()
    True
    """
    if isinstance(state, State):
        return winners_of(state.match.totals) if is_over(state) else ()
    if isinstance(state, Observation):
        return winners_of(state.totals) if state.phase is Phase.OVER else ()
    raise not_a_state(state)
