"""The parts of a plug-in game, Skull Jack, for the tests of tools asking the game.

Its strongest bot is called ``minimax`` (here Skull King's greedy bot under another name),
and it has no ``greedy`` (``tests.support.plugin_parts:BOTS``); its command line
(``tests.support.plugin_parts:CLI``) has one rule flag of its own, ``--hand-cap``, which Skull
King has too, read its own way: a tool must offer the game's own bots and flags, not
lists of its own (issue 36).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

import attrs

from skullgames import king
from skullgames.bots import BotFactory, RandomBot
from skullgames.bots.king import GreedyBot
from skullgames.cli.king import CLI as KING_CLI

BOTS: dict[str, BotFactory[Any, Any]] = {"random": RandomBot, "minimax": GreedyBot}
"""A game's bots by name, weakest first, without ``greedy``."""


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    """Skull Jack's one rule flag: ``--hand-cap``, a number from 1 to 3."""
    parser.add_argument("--hand-cap", type=int, choices=(1, 2, 3), default=argparse.SUPPRESS,
                        help="Skull Jack's cap on a hand, 1 to 3")


def config(options: Mapping[str, Any]) -> king.Config:
    """Skull King's config of the shared flags, with Skull Jack's hand cap."""
    shared: king.Config = KING_CLI.config({k: v for k, v in options.items() if k != "hand_cap"})
    return attrs.evolve(shared, hand_cap=options.get("hand_cap"))


CLI = attrs.evolve(KING_CLI, rule_flags=("hand_cap",), add_rule_flags=add_rule_flags,
                   config=config)
"""Skull Jack at the command line: Skull King's narrator and turns, its own flags."""

