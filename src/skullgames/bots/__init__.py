"""Computer players for both games: a random bot, a rule-of-thumb bot and a search bot.

A bot is any object with a ``choose(observation) -> move`` method (the :class:`Bot`
protocol). It sees only what its seat may see, ``observe(state, seat)``, and returns one
of ``observation.legal_moves``. Bots take their randomness from a ``random.Random``
passed in when they are made (the :class:`BotFactory` protocol, which every tool that
makes bots uses), so a game between bots is fixed by its seeds.

>>> import random
>>> from skullgames import king
>>> from skullgames.bots import make_bot
>>> state = king.new_game(king.Config(players=3), seed=5)
>>> bots = [make_bot("king", name, random.Random(seat))
...         for seat, name in enumerate(["random", "greedy", "greedy"])]
>>> while not king.is_over(state):
...     seat = king.current_player(state)
...     state = king.apply(state, bots[seat].choose(king.observe(state, seat)))
>>> len(king.scores(state))
3

The bots of Skull King, and :func:`~skullgames.bots.king.sample_world` for writing your
own search bot, are in :mod:`skullgames.bots.king`; those of Skull Queen, with its own
:func:`~skullgames.bots.queen.sample_world`, in :mod:`skullgames.bots.queen`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Literal, overload

from skullgames._bot import Bot, BotFactory
from skullgames._checks import wrong_type
from skullgames.bots._base import AnyObservation, RandomBot, checked_moves
from skullgames.errors import ConfigError
from skullgames.registry import game_named

if TYPE_CHECKING:  # the games by their full names: bots.king is the King bots' module
    import skullgames.king
    import skullgames.queen

__all__ = ["BOT_NAMES", "AnyObservation", "Bot", "BotFactory", "RandomBot", "checked_moves",
           "make_bot"]

BOT_NAMES: tuple[str, ...] = ("random", "greedy", "search", "expert")
"""The bots every game offers, weakest first: random legal moves, rules of thumb, search,
and the expert search (inference, searched bids, the standings)."""

@overload
def make_bot(game: Literal["king"], name: str,
             rng: random.Random) -> Bot[skullgames.king.Observation, skullgames.king.Move]: ...


@overload
def make_bot(game: Literal["queen"], name: str,
             rng: random.Random) -> Bot[skullgames.queen.Observation, skullgames.queen.Move]: ...


@overload
def make_bot(game: str, name: str, rng: random.Random) -> Bot[Any, Any]: ...


def make_bot(game: str, name: str, rng: random.Random) -> Bot[Any, Any]:
    """Make the bot called ``name`` (one of :data:`BOT_NAMES`) for ``game`` (king, queen).

    The bots are those of the game's entry in :data:`skullgames.GAMES` (its ``bots``).
    Raises :class:`~skullgames.ConfigError` for an unknown game or bot name, naming the
    known ones, and ``TypeError`` when ``rng`` is not a ``random.Random``. Type checkers
    know that ``make_bot("king", ...)`` is a ``Bot[king.Observation, king.Move]``.

    >>> make_bot("king", "genius", random.Random(0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    skullgames.errors.ConfigError: unknown bot 'genius' for king (one of random, greedy, ...)
    """
    factories = game_named(game).bots
    if not isinstance(name, str):
        raise wrong_type("name", "a bot's name (str)", name)
    if name not in factories:
        raise ConfigError(f"unknown bot {name!r} for {game} (one of {', '.join(factories)})")
    if not isinstance(rng, random.Random):
        raise wrong_type("rng", "a random.Random", rng)
    return factories[name](rng)
