"""Who sits at the table: bots named, loaded as ``module:Class``, or given as factories."""

from __future__ import annotations

import pickle
import pkgutil
import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

import attrs

from skullgames.bots import Bot, BotFactory
from skullgames.errors import ConfigError
from skullgames.registry import Game

BotSpec: TypeAlias = str | BotFactory[Any, Any]
"""A bot's name in the game's registry (``"greedy"``), a ``"module:Class"`` to import, or a
factory."""

BotsArgument: TypeAlias = str | Sequence[BotSpec] | Mapping[str, BotSpec]
"""The ``bots`` of :func:`~skullgames.simulate`: comma-separated specs, a sequence of specs,
or a mapping from the name shown in the results to a spec."""


@attrs.frozen
class Contestant:
    """One bot of the line-up: the name it plays under and how to make it.

    The name labels the bot in the results and in every record, and seeds its
    ``random.Random``. ``source`` is what travels to the worker that makes the bot: a name
    from the game's registry, a ``module:Class`` imported there, or a picklable factory.
    """

    name: str
    source: BotSpec


def contestants(game: Game[Any, Any, Any, Any], bots: BotsArgument) -> tuple[Contestant, ...]:
    """The line-up that ``bots`` describes, checked: each bot is made once here.

    Raises :class:`~skullgames.ConfigError` for an unknown name, a module or class that
    cannot be imported, or a factory that fails or makes no bot; ``TypeError`` for a
    ``bots`` of the wrong kind.

    >>> from skullgames import GAMES
    >>> [c.name for c in contestants(GAMES["king"], "random, greedy")]
    ['random', 'greedy']
    >>> contestants(GAMES["king"], "genius")
    Traceback (most recent call last):
    ...
    skullgames.errors.ConfigError: unknown bot 'genius': a bot is one of random, greedy, \
search, expert, or a class given as module:Class
    """
    if isinstance(bots, str):
        named: list[tuple[str, BotSpec]] = [
            (spec, spec) for spec in map(_normal, bots.split(",")) if spec
        ]
    elif isinstance(bots, Mapping):
        named = [(_checked_name(name), _source(spec)) for name, spec in bots.items()]
    elif isinstance(bots, Sequence):
        named = [(_name_of(source), source) for source in map(_source, bots)]
    else:
        raise TypeError(f"bots must be a string, a sequence or a mapping, not "
                        f"{type(bots).__name__}")
    if not named:
        raise ConfigError("name at least one bot")
    line_up = tuple(Contestant(name, spec) for name, spec in named)
    sources: dict[str, BotSpec] = {}
    for contestant in line_up:
        if sources.setdefault(contestant.name, contestant.source) != contestant.source:
            raise ConfigError(f"two different bots are both called {contestant.name!r}: "
                              "name them with a mapping, as bots={'mine': ..., 'other': ...}")
        build_bot(game, contestant, random.Random(0))
    return line_up


def build_bot(game: Game[Any, Any, Any, Any], contestant: Contestant, rng: random.Random
             ) -> Bot[Any, Any]:
    """Make ``contestant``'s bot for ``game``, drawing its randomness from ``rng``."""
    source = contestant.source
    if isinstance(source, str):
        factory = game.bots.get(source) if ":" not in source else _imported(source)
        if factory is None:
            raise ConfigError(f"unknown bot {source!r}: a bot is one of "
                              f"{', '.join(game.bots)}, or a class given as module:Class")
    else:
        factory = source
    try:
        bot = factory(rng)
    except Exception as error:
        raise ConfigError(f"bot {contestant.name!r} could not be made: "
                          f"{type(error).__name__}: {error}") from error
    if not callable(getattr(bot, "choose", None)):
        raise ConfigError(f"bot {contestant.name!r} has no choose(observation) method")
    return bot


def check_picklable(line_up: Sequence[Contestant]) -> None:
    """``TypeError`` unless every contestant can be sent to a worker process."""
    for contestant in line_up:
        try:
            pickle.dumps(contestant)
        except Exception as error:
            raise TypeError(
                f"bot {contestant.name!r} cannot be sent to worker processes ({error}): "
                "define its factory at the top level of a module, or use jobs=1"
            ) from None


_loaded: dict[str, BotFactory[Any, Any]] = {}


def _imported(spec: str) -> BotFactory[Any, Any]:
    """The class or factory that ``"module:Class"`` names, imported once per process."""
    if spec in _loaded:
        return _loaded[spec]
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ConfigError(f"bot {spec!r}: write a bot class as module:Class")
    try:
        found: Any = pkgutil.resolve_name(spec)
    except ImportError as error:
        raise ConfigError(f"bot {spec!r}: cannot import {module_name!r} ({error})") from None
    except AttributeError:
        raise ConfigError(f"bot {spec!r}: {module_name!r} has no {attribute!r}") from None
    except ValueError:
        raise ConfigError(f"bot {spec!r}: write a bot class as module:Class") from None
    except Exception as error:
        raise ConfigError(f"bot {spec!r}: importing {module_name!r} failed: "
                          f"{type(error).__name__}: {error}") from None
    if not callable(found):
        raise ConfigError(f"bot {spec!r}: {attribute!r} is not a class or a function")
    _loaded[spec] = found
    return found  # type: ignore[no-any-return]


def _normal(spec: str) -> str:
    """A bot's spec without spaces; the game's own bot names in any case."""
    spec = spec.strip()
    return spec if ":" in spec else spec.lower()


def _checked_name(name: object) -> str:
    if not isinstance(name, str):
        raise TypeError(f"a bot's name must be a string, not {type(name).__name__}")
    if not name.strip():
        raise ConfigError("a bot's name must not be blank")
    return name


def _source(spec: object) -> BotSpec:
    if isinstance(spec, str):
        return _normal(spec)
    if not callable(spec):
        raise TypeError(f"a bot is a name, a 'module:Class' or a factory, not "
                        f"{type(spec).__name__}")
    return spec


def _name_of(source: BotSpec) -> str:
    if isinstance(source, str):
        return source
    inner = getattr(source, "func", source)  # a functools.partial is named after its function
    name = getattr(inner, "__qualname__", None) or getattr(inner, "__name__", None)
    return name if isinstance(name, str) else repr(source)
