"""Skull King's OpenSpiel part with other parameters, for the tests of the contract (issue 49).

A module of its own: importing it imports ``skullgames.rl.openspiel``, which registers every
registered game with OpenSpiel, so it must not be imported while a game's part is being
loaded (``tests.support.plugin_parts`` is).
"""

from __future__ import annotations

import attrs

from skullgames.rl.openspiel.king import DEALING

PLAYERS_ONLY = attrs.evolve(DEALING, parameters=("players",))
"""Skull King's OpenSpiel deal naming one parameter, the number of seats."""

CAP_WITHOUT_NONE = attrs.evolve(DEALING, unset={})
"""Skull King's OpenSpiel deal naming no number for a hand cap of ``None``."""

CAP_NONE_IS_MINUS_ONE = attrs.evolve(DEALING, unset={"hand_cap": -1})
"""Skull King's OpenSpiel deal where ``-1``, not ``0``, stands for no hand cap."""
