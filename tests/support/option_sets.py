"""Every option set of both games, short: the one list the every-bot tests play.

Each entry is a short game (one or two rounds) under one set of rule options, so that
playing every bot in every seat under all of them stays quick. A new rule option gets a
line here, and every bot is then played under it through the Python API, ``simulate``,
Gymnasium and a server table (``tests/bots/test_bots_every_option.py``,
``tests/serve/test_serve_every_option.py``).
"""

from __future__ import annotations

import random
from typing import Any

from skullgames import king, queen
from skullgames.registry import GAMES

SHORT = (1, 2)
"""The round plan of the Skull King option sets: a one-card round and a two-card one."""

KING: dict[str, king.Config] = {
    "standard": king.Config(rounds=SHORT),
    "pirate abilities": king.Config(pirate_abilities=True, rounds=(2, 3)),
    "rascal": king.Config(scoring=king.Scoring.RASCAL, rounds=SHORT),
    "rascal cannonball": king.Config(scoring=king.Scoring.RASCAL, cannonball=True,
                                     rounds=SHORT),
    "loot": king.Config(loot=True, rounds=(3,)),
    "kraken": king.Config(kraken=True, rounds=(3,)),
    "white whale": king.Config(white_whale=True, rounds=(3,)),
    "every advanced card": king.Config(loot=True, kraken=True, white_whale=True,
                                       rounds=(3,)),
    "whale cancels loot": king.Config(loot=True, white_whale=True, whale_cancels_loot=True,
                                      rounds=(3,)),
    "other leaders, suit rule": king.Config(
        kraken=True, white_whale=True, kraken_leader=king.KrakenLeader.LEFT_OF_KRAKEN,
        whale_leader=king.WhaleLeader.WOULD_HAVE_WON, character_ends_choice=False,
        rounds=(3,)),
    "everything": king.Config(loot=True, kraken=True, white_whale=True,
                              scoring=king.Scoring.RASCAL, cannonball=True,
                              pirate_abilities=True, rounds=(2, 3)),
    "round bonus": king.Config(round_bonus=True, rounds=SHORT),
    "preset": king.Config(rounds="past_your_bedtime"),
    "hand cap": king.Config(rounds=(3, 5), hand_cap=2),
    "classic": king.Config(edition=king.Edition.CLASSIC, rounds=SHORT),
    "classic 2 players": king.Config(players=2, edition=king.Edition.CLASSIC, rounds=SHORT),
    "classic 6 players": king.Config(players=6, edition=king.Edition.CLASSIC, rounds=SHORT),
    "2 players, Graybeard": king.Config(players=2, rounds=SHORT),
    "2 players, Graybeard, abilities": king.Config(players=2, pirate_abilities=True,
                                                   loot=True, rounds=(2, 3)),
    "3 players": king.Config(players=3, rounds=SHORT),
    "8 players": king.Config(players=8, rounds=SHORT),
    "8 players, everything": king.Config(players=8, loot=True, kraken=True,
                                         white_whale=True, pirate_abilities=True,
                                         scoring=king.Scoring.RASCAL, cannonball=True,
                                         rounds=(2,)),
}
"""Skull King's option sets by a short name."""

QUEEN: dict[str, queen.Config] = {
    "standard": queen.Config(rounds=1),
    "2 players, ghost": queen.Config(players=2, rounds=1),
    "3 players": queen.Config(players=3, rounds=2),
    "6 players": queen.Config(players=6, rounds=1),
    "center pair aside": queen.Config(set_aside_center_pair=True, rounds=1),
    "center specials aside": queen.Config(set_aside_center_specials=True, rounds=1),
    "other planks": queen.Config(players=3, plank_values=(1, 2, 3, 4, 5), rounds=1),
}
"""Skull Queen's option sets by a short name."""

OPTION_SETS: dict[str, dict[str, Any]] = {"king": KING, "queen": QUEEN}
"""Each game's option sets, by the game's name in ``skullgames.GAMES``."""

assert set(OPTION_SETS) == set(GAMES), "every game of the registry has its option sets"


def every_option_set() -> list[tuple[str, str, Any]]:
    """``(game, name, config)`` for every option set of every game, for parametrize."""
    return [(game, name, config) for game, sets in OPTION_SETS.items()
            for name, config in sets.items()]


def seatings(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """Line-ups that put every bot in every seat: ``bots`` turned by one seat at a time.

    >>> seatings(["a", "b", "c"], 2)
    [('a', 'b'), ('b', 'c'), ('c', 'a')]
    """
    return [tuple(bots[(seat + turn) % len(bots)] for seat in range(players))
            for turn in range(len(bots))]


def quick_bot(game: str, name: str, rng: random.Random) -> Any:
    """The game's bot ``name`` from its registry entry, a search with a small budget."""
    bot = GAMES[game].bots[name](rng)
    if hasattr(bot, "worlds"):
        bot.worlds = 2
    return bot
