"""Who wins a Skull Queen game: from a state, or from a seat's observation.

Its own module because it reads both: :mod:`skullgames.queen.observation` builds on
:mod:`skullgames.queen.game`, so the game module cannot name observations.
"""

from __future__ import annotations

from skullgames.queen.game import not_a_state
from skullgames.queen.observation import Observation
from skullgames.queen.scoring import winners_of
from skullgames.queen.state import State

__all__ = ["winners"]


def winners(state: State | Observation) -> tuple[int, ...]:
    """The seats with the highest total; several on a tie, all winners (:ref:`ruling-q9`).

    ``state`` may be an :class:`~skullgames.queen.Observation` too: the totals are public.

    >>> from skullgames.queen import new_game, observe, winners
    >>> state = new_game(seed=3)
    >>> winners(state) == winners(observe(state, 2)) == (0, 1, 2, 3)
    True
    """
    if isinstance(state, State):
        return winners_of(state.match.totals)
    if isinstance(state, Observation):
        return winners_of(state.totals)
    raise not_a_state(state)
