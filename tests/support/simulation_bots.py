"""Bots of a user's own module, for the simulation tests (``tests.support.simulation_bots:...``)."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

NOT_A_BOT_FACTORY = 42


class CountingBot:
    """Plays the first legal move: a user's bot class, made with a ``random.Random``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.moves = 0

    def choose(self, observation: Any) -> Any:
        self.moves += 1
        return observation.legal_moves[0]


class DyingBot:
    """Plays random legal moves, but kills its own process the first time it is asked.

    The first call anywhere creates ``marker`` and ends the process (``os._exit``), as a
    machine that dies would; every later call, in any process, sees the marker and plays.
    A run whose worker died must therefore give exactly the records of a clean run.
    """

    def __init__(self, rng: random.Random, *, marker: str) -> None:
        self.rng = rng
        self.marker = Path(marker)

    def choose(self, observation: Any) -> Any:
        try:
            with self.marker.open("x"):
                pass
        except FileExistsError:
            return self.rng.choice(observation.legal_moves)
        os._exit(17)


class DiesInGameFive:
    """Random legal moves, but in game 5 of a run from seed 0 it kills its process at once.

    A worker that dies every time it plays one game, as on a machine whose memory that
    game exhausts. The bot knows the game from its ``random.Random``, which the
    simulation seeds with the game's seed, the seat and the bot's name (``"doomed"`` or
    this class's ``module:Class``).
    """

    NAMES = ("doomed", "tests.support.simulation_bots:DiesInGameFive")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        state = rng.getstate()
        self.doomed = any(random.Random(f"5:{seat}:{name}").getstate() == state
                          for seat in range(8) for name in self.NAMES)

    def choose(self, observation: Any) -> Any:
        if self.doomed:
            os._exit(17)
        return self.rng.choice(observation.legal_moves)


class SlowBot:
    """Random legal moves, each after a sleep of ``$SKULLGAMES_TEST_SLOW`` seconds (0 unset).

    Makes a run last long enough to be interrupted without using the CPU; the moves,
    and so the records, are those of the same bot without the sleep.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pause = float(os.environ.get("SKULLGAMES_TEST_SLOW", "0"))

    def choose(self, observation: Any) -> Any:
        time.sleep(self.pause)
        return self.rng.choice(observation.legal_moves)


class FailingBot:
    """Raises on its first move: a bug in a user's bot."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: Any) -> Any:
        raise RuntimeError("this bot is broken")


class NoChoose:
    """Made like a bot, but has no ``choose``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng


def refusing_factory(rng: random.Random) -> Any:
    """A factory that cannot make its bot."""
    raise RuntimeError("no bot today")


class ChattyBot(CountingBot):
    """The first legal move, printing each to its standard output, as a debugging user's
    bot would: on Ray the worker's output must not land in the results table."""

    def choose(self, observation: Any) -> Any:
        print("chatty bot moves")
        return super().choose(observation)
