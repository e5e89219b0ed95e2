"""A game's entry: everything a tool needs to know of one game, in one object.

Each game declares its own entry (``skullgames.king.entry.ENTRY``); the registry
(:mod:`skullgames.registry`) only collects entries. The entry carries the game's types
and verbs directly, and the parts only tools need (its JSON codecs, command line, bots,
picture, tensors, OpenSpiel deal) as ``"module:attribute"`` paths that are imported on
first use and then kept, so that a game does not import its tools and using one tool
does not import the others.

The registered games are kept below this module, in ``skullgames._registered``; the
registry (:mod:`skullgames.registry`), above it, collects and checks them. This module
imports no game and no tool.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
from collections.abc import Callable, Mapping
from types import MappingProxyType, ModuleType
from typing import Any, Generic, TypeVar

import attrs

from skullgames._bot import BotFactory
from skullgames._registered import ENTRY_POINT_GROUP, registered_game
from skullgames.actions import ActionSpace
from skullgames.errors import ConfigError

__all__ = ["ENTRY_POINT_GROUP", "PARTS", "REQUIRED_PARTS", "Game"]

ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT")
ObservationT = TypeVar("ObservationT")
MoveT = TypeVar("MoveT")

PARTS: Mapping[str, str] = MappingProxyType({
    "codecs": "``{type: Codec}``: the codec of each of the game's types that has a JSON "
              "document (``skullgames.<game>._serialize.CODECS``): JSON and its schemas",
    "configure_json": "``configure(converter)``: registers the game's cattrs hooks",
    "bots": "``{name: factory(random.Random) -> Bot}``, weakest first",
    "sample_world": "``sample_world(observation, rng) -> State``: a world the seat cannot "
                    "tell from the real one (search bots, OpenSpiel's resampling)",
    "cli": "the command line's ``GameCli``: rule flags, the narrator, the human's turn",
    "svg": "``draw(state_or_observation, game) -> str``: the table as an SVG picture",
    "rl_encoder": "``encoder(config)``: the tensor layout and reader of observations",
    "rl_steps": "``steps(encoder, table)``: the incremental tensors of a game in play",
    "openspiel": "the OpenSpiel deal: ``plan(config, round)``, ``max_moves(config)`` "
                 "(the rounds are the config's ``round_count``)",
})
"""Every tool part an entry names, with what the named object is.

Each is given as ``"module:attribute"``; the module must not be a private one of another
package (``tests/test_imports.py``), so each tool keeps its part of a game in a public
module of its own package (``skullgames.cli.king``, ``skullgames.svg.queen``, ...) or the
game keeps it in its package (``skullgames.king._serialize``).
"""

REQUIRED_PARTS: tuple[str, ...] = ("codecs", "configure_json", "bots")
"""The parts every game has: its JSON and its bots. The others of :data:`PARTS` are
optional: a tool that needs one a game lacks refuses the game in one line (``Skull Jack
has no RL encoder``)."""

_CALLED = {"codecs": "JSON codecs", "configure_json": "JSON hooks", "bots": "bots",
           "sample_world": "world sampler", "cli": "command line", "svg": "SVG drawer",
           "rl_encoder": "RL encoder", "rl_steps": "RL steps", "openspiel": "OpenSpiel deal"}

_PATH = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_NAME = re.compile(r"[a-z][a-z0-9_]*")


def _read_only(parts: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(parts))


@attrs.frozen(kw_only=True, eq=False)
class Game(Generic[ConfigT, StateT, ObservationT, MoveT]):
    """One game: its name, its types, its verbs, and where each tool finds its parts.

    ``Game[king.Config, king.State, king.Observation, king.Move]`` is Skull King's entry
    (``skullgames.king.entry.ENTRY``, ``GAMES["king"]``). Each verb is the game
    package's own function (``GAMES["king"].apply is king.apply``), so calling through
    the entry costs nothing. The tool parts (:data:`PARTS`) are imported on first use.
    An entry is compared by identity: a renamed copy (``attrs.evolve(entry,
    name="jack")``) is another game.
    """

    name: str
    """The short name used on the command line and in :data:`~skullgames.GAMES`
    (``"king"``): lower-case letters, digits and ``_``."""
    title: str
    """The game's name for people (``"Skull King"``)."""
    module: ModuleType
    """The game's package (:mod:`skullgames.king`)."""
    Config: type[ConfigT]
    """The rule options (``Config()`` are the standard rules)."""
    State: type[StateT]
    """A game at one moment."""
    Observation: type[ObservationT]
    """What one seat may see (:attr:`observe`)."""
    Move: Any
    """The union of the game's move classes (a type alias, usable in ``from_json``)."""
    Deal: type
    """The game's deal move, which a game dealt from its seed saves without."""
    format_name: str
    """The ``format`` field of the game's saved states: the game's saved-game codec finds
    the entry by it, and replays a saved game through the entry's ``new_game`` and
    ``apply`` (the first game registered with a format answers for it)."""
    new_game: Callable[..., StateT]
    """``new_game(config=None, *, seed=None, auto_deal=True)``: a new game."""
    legal_moves: Callable[[StateT], tuple[MoveT, ...]]
    """Every legal move, in the game's documented order."""
    apply: Callable[[StateT, MoveT], StateT]
    """The state after a move; an illegal move raises ``IllegalMoveError``."""
    current_player: Callable[[StateT], int | None]
    """The seat to move, or ``None`` (game over, or a deal to supply)."""
    is_over: Callable[[StateT], bool]
    """Whether the last round has been scored."""
    scores: Callable[[StateT], tuple[int, ...]]
    """Running totals per seat."""
    winners: Callable[[StateT], tuple[int, ...]]
    """The seats with the highest total once the game is over (all of them on a tie);
    ``()`` before the end, when nobody has won."""
    observe: Callable[[StateT, int], ObservationT]
    """What a seat may see of a state."""
    observe_move: Callable[..., Any]
    """``observe_move(state, move, seat, now=None)``: a move as a seat sees it, the move
    or a :attr:`HiddenMove` (every hiding rule is the game's ``visibility`` module's)."""
    HiddenMove: type
    """What stands in for a move a seat may not see (see :attr:`observe_move`)."""
    parse_move: Callable[[str], MoveT]
    """Read a move from its notation."""
    action_space: Callable[[ConfigT], ActionSpace[MoveT]]
    """``action_space(config)``: every move of the config, numbered (learning, search)."""
    score_bounds: Callable[[ConfigT], tuple[int, int]]
    """``score_bounds(config)``: the lowest and highest final score a seat can reach."""
    parts: Mapping[str, str] = attrs.field(converter=_read_only)
    """Where each tool finds its part of the game: one ``"module:attribute"`` path per
    name of :data:`PARTS` the game has (every one of :data:`REQUIRED_PARTS`), imported on
    first use (:meth:`part`)."""
    default_bot: str | None = None
    """The bot a tool plays when it is given none (the command line's ``watch`` and
    ``play``): a name of :attr:`bots`; ``None`` is the game's first bot."""
    _loaded: dict[str, Any] = attrs.field(init=False, factory=dict, repr=False)

    def check(self) -> None:
        """Refuse, with a :class:`~skullgames.ConfigError` naming it, a missing or wrong part.

        The registry calls this when the game is registered. The tool parts are checked
        for their form (``"module:attribute"``), not imported: they are imported when a
        tool first asks for them (:meth:`part`), which names a path that leads nowhere.

        >>> import attrs
        >>> from skullgames import GAMES
        >>> entry = next(iter(GAMES.values()))
        >>> attrs.evolve(entry, parts={}).check()
        Traceback (most recent call last):
        ...
        skullgames.errors.ConfigError: game '...': missing part 'codecs' (...)
        """
        def wrong(what: str) -> ConfigError:
            return ConfigError(f"game {self.name!r}: {what}")

        if not isinstance(self.name, str) or _NAME.fullmatch(self.name) is None:
            raise ConfigError(f"a game's name is lower-case letters, digits and '_', "
                              f"not {self.name!r}")
        if not isinstance(self.title, str) or not self.title.strip():
            raise wrong(f"title: a name for people, not {self.title!r}")
        if not isinstance(self.module, ModuleType):
            raise wrong(f"module: the game's package, not {self.module!r}")
        if not isinstance(self.format_name, str) or not self.format_name:
            raise wrong(f"format_name: a text, not {self.format_name!r}")
        for kind in ("Config", "State", "Observation", "Deal", "HiddenMove"):
            if not isinstance(getattr(self, kind), type):
                raise wrong(f"{kind}: a class, not {getattr(self, kind)!r}")
        for verb in ("new_game", "legal_moves", "apply", "current_player", "is_over",
                     "scores", "winners", "observe", "observe_move", "parse_move", "action_space",
                     "score_bounds"):
            if not callable(getattr(self, verb)):
                raise wrong(f"{verb}: a function, not {getattr(self, verb)!r}")
        for part, what in PARTS.items():
            path = self.parts.get(part)
            if path is None:
                if part in REQUIRED_PARTS:
                    raise wrong(f"missing part {part!r} ({what})")
                continue
            if not isinstance(path, str) or _PATH.fullmatch(path) is None:
                raise wrong(f"part {part!r}: a 'module:attribute' path, not {path!r}")
        if self.default_bot is not None and not isinstance(self.default_bot, str):
            raise wrong(f"default_bot: a bot's name, not {self.default_bot!r}")
        for part in self.parts:
            if part not in PARTS:
                raise wrong(f"unknown part {part!r} (the parts are {', '.join(PARTS)})")

    def part(self, name: str) -> Any:
        """The tool part ``name`` (one of :data:`PARTS`), imported on first use, then kept.

        >>> from skullgames import GAMES
        >>> GAMES["queen"].part("sample_world") is GAMES["queen"].sample_world
        True
        """
        try:
            return self._loaded[name]
        except KeyError:
            pass
        # No lock of ours around the import: a part whose module asks a game for a part
        # while it is imported (its own game's, or another's) would wait on it forever,
        # and Python's import locks already give every thread the same module. The first
        # object stored is the one every caller gets.
        return self._loaded.setdefault(name, self._resolve(name))

    def has(self, name: str) -> bool:
        """Whether the game has the tool part ``name`` (one of :data:`PARTS`).

        Only :data:`REQUIRED_PARTS` are required; a tool asks for an optional one.

        >>> from skullgames import GAMES
        >>> GAMES["king"].has("rl_encoder")
        True
        """
        return self.parts.get(name) is not None

    def _resolve(self, name: str) -> Any:
        path = self.parts.get(name)
        if path is None:
            if name in _CALLED:
                raise ConfigError(f"{self.title} has no {_CALLED[name]}")
            raise ConfigError(f"game {self.name!r} has no part {name!r}")
        try:
            found: Any = pkgutil.resolve_name(path)
        except (ImportError, AttributeError, ValueError) as error:
            raise ConfigError(f"game {self.name!r}: part {name!r} is {path!r}, "
                              f"which cannot be loaded ({error})") from error
        return found

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied) as the registered entry of its name, when there is one.

        An entry holds the game's package and functions, which are code, not data: it is
        pickled with its fields (the verbs and types by reference, the package by its
        name, the parts as their paths), and unpickling gives the entry of
        :data:`~skullgames.GAMES` called by its name, else a new entry of those fields
        (in a worker process that has not registered it).
        """
        fields = {field.name: getattr(self, field.name)
                  for field in attrs.fields(type(self)) if field.init}
        fields["module"] = self.module.__name__
        fields["parts"] = dict(self.parts)
        return (_unpickle, (fields,))

    @property
    def bots(self) -> Mapping[str, BotFactory[ObservationT, MoveT]]:
        """The game's bots by name, weakest first, each made from a ``random.Random``.

        Each is a :class:`~skullgames.bots.BotFactory`.

        >>> import random
        >>> from skullgames import GAMES
        >>> list(GAMES["king"].bots)
        ['random', 'greedy', 'search', 'expert']
        >>> bot = GAMES["king"].bots["greedy"](random.Random(1))
        """
        bots: Mapping[str, BotFactory[ObservationT, MoveT]] = self.part("bots")
        return MappingProxyType(dict(bots))

    @property
    def sample_world(self) -> Callable[[ObservationT, random.Random], StateT]:
        """``sample_world(observation, rng)``: a state the seat cannot tell from the real one."""
        found: Callable[[ObservationT, random.Random], StateT] = self.part("sample_world")
        return found

    @property
    def codecs(self) -> Mapping[Any, Any]:
        """The codec of each of the game's types that has a JSON document of its own."""
        found: Mapping[Any, Any] = self.part("codecs")
        return found

    @property
    def chosen_bot(self) -> str:
        """The name of the bot a tool plays when it is given none (:attr:`default_bot`).

        >>> from skullgames import GAMES
        >>> GAMES["king"].chosen_bot
        'greedy'
        """
        if self.default_bot is not None:
            if self.default_bot not in self.bots:
                raise ConfigError(f"game {self.name!r}: its default bot {self.default_bot!r} "
                                  f"is not one of its bots ({', '.join(self.bots)})")
            return self.default_bot
        return next(iter(self.bots))

    def configure_json(self, converter: Any) -> None:
        """Register the game's JSON hooks on a cattrs converter."""
        self.part("configure_json")(converter)


def _unpickle(fields: dict[str, Any]) -> Game[Any, Any, Any, Any]:
    found: Game[Any, Any, Any, Any] | None = registered_game(fields["name"])
    if found is not None:
        return found
    try:
        module = importlib.import_module(fields["module"])
    except Exception as error:
        raise ConfigError(f"the game {fields['name']!r} is not registered in this process, "
                          f"and its package {fields['module']!r} cannot be imported "
                          f"({type(error).__name__}: {error})") from None
    return Game(**{**fields, "module": module})
