"""Skull Queen's bots by name.

The table that :func:`skullgames.make_bot`, the command line and every tool read (the
``bots`` part of the game's entry).

It sits above the bots' own modules, so that the expert, which builds on the rule of thumb
and the search of :mod:`skullgames.bots.queen`, is listed beside them without a circle of
imports.

>>> from skullgames.bots.queen_bots import BOTS
>>> list(BOTS)
['random', 'greedy', 'search', 'expert']
"""

from __future__ import annotations

from skullgames._bot import BotFactory
from skullgames.bots._base import RandomBot
from skullgames.bots.queen import GreedyBot, SearchBot
from skullgames.bots.queen_expert import ExpertBot
from skullgames.queen.moves import Move
from skullgames.queen.observation import Observation

__all__ = ["BOTS"]

BOTS: dict[str, BotFactory[Observation, Move]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
    "expert": ExpertBot,
}
"""The Skull Queen bots by name, weakest first, each made from a ``random.Random``."""
