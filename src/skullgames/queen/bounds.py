"""The range of final scores in Skull Queen: :func:`score_bounds`."""

from __future__ import annotations

import functools
import itertools

from skullgames.queen.config import Config
from skullgames.queen.scoring import BOTTOM, TOP, Plank, Side

__all__ = ["score_bounds"]


def score_bounds(config: Config | None = None) -> tuple[int, int]:
    """``(lowest, highest)``: no seat's score under ``config`` ever falls outside.

    This holds for the final score and for the running total after every round.

    A round scores the plank as it stands (:ref:`queen-scoring`): each of the four pawns
    still on it scores its space, a pawn in the water nothing, and plank values are never
    negative. So a round scores between 0 (every pawn in the water) and ``4 * v``, ``v``
    the largest plank value (every pawn on that space: pawns may share one), and the
    game ``rounds`` times that. The plank's own :meth:`~skullgames.queen.Plank.points`
    scores these extremes, so the values are not restated here.

    >>> from skullgames import queen
    >>> queen.score_bounds(queen.Config(players=4))
    (0, 128)
    >>> queen.score_bounds(queen.Config(players=2, plank_values=(0, 1, 2, 3, 10)))
    (0, 80)
    """
    config = Config() if config is None else config
    if not isinstance(config, Config):
        raise TypeError(f"config must be a skullgames.queen.Config, not {type(config).__name__}")
    return _score_bounds(config)


@functools.lru_cache(maxsize=64)
def _score_bounds(config: Config) -> tuple[int, int]:
    # Every plank a round can end with that puts all pawns together, scored by the rules.
    spaces = [(space,) * 4 for space in range(BOTTOM, TOP + 1)] + [(None,) * 4]
    planks = [Plank(side, s) for side, s in itertools.product(Side, spaces)]
    points = [plank.points(config.plank_values) for plank in planks]
    return config.rounds * min(points), config.rounds * max(points)
