"""The names of :mod:`skullgames.queen.scoring` under their former module name.

Planks and the score of a round live in :mod:`skullgames.queen.scoring`, like Skull
King's :mod:`skullgames.king.scoring`; this module keeps ``skullgames.queen.planks``
imports working.
"""

from skullgames.queen.scoring import BOTTOM, TOP, Plank, Side, score_round, side_values

__all__ = ["BOTTOM", "TOP", "Plank", "Side", "score_round", "side_values"]
