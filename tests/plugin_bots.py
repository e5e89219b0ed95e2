"""The bots of a plug-in game that has no ``greedy`` bot (``tests.plugin_bots:BOTS``).

Its strongest bot is called ``minimax`` (here Skull King's greedy bot under another name):
a tool must offer the game's own bots, not a list of its own (issue 36).
"""

from __future__ import annotations

from typing import Any

from skullgames.bots import BotFactory, RandomBot
from skullgames.bots.king import GreedyBot

BOTS: dict[str, BotFactory[Any, Any]] = {"random": RandomBot, "minimax": GreedyBot}
"""A game's bots by name, weakest first, without ``greedy``."""
