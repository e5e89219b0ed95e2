"""The game registry: every game the library knows, by name, with its types and verbs.

Tools that work for any game (the command line, the bots' factory, serialization, the
reinforcement-learning adapters) find a game here instead of naming its package, so a new
game is one new package and one entry in :data:`GAMES`.

>>> from skullgames import GAMES
>>> sorted(GAMES)
['king', 'queen']
>>> game = GAMES["queen"]
>>> game.title
'Skull Queen'
>>> state = game.new_game(game.Config(players=3), seed=1)
>>> game.current_player(state), len(game.legal_moves(state))
(1, 1250)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from types import MappingProxyType, ModuleType
from typing import Any, Generic, TypeVar

import attrs
import cattrs

from skullgames import king, queen
from skullgames._bot import Bot
from skullgames.actions import ActionSpace
from skullgames.king import _serialize as king_json
from skullgames.queen import _serialize as queen_json

__all__ = ["GAMES", "KING", "QUEEN", "Game", "game_named"]

ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT")
ObservationT = TypeVar("ObservationT")
MoveT = TypeVar("MoveT")


@attrs.frozen(kw_only=True)
class Game(Generic[ConfigT, StateT, ObservationT, MoveT]):
    """One game: its name, its types and its verbs, as :mod:`skullgames.king` has them.

    ``Game[king.Config, king.State, king.Observation, king.Move]`` is Skull King's entry.
    Each verb is the game package's own function (``GAMES["king"].apply is
    king.apply``), so calling through the registry costs nothing.
    """

    name: str
    """The short name used on the command line and in :data:`GAMES` (``"king"``)."""
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
    format_name: str
    """The ``format`` field of the game's saved states."""
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
    """The seats with the highest total."""
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
    configure_json: Callable[[cattrs.Converter], None]
    """Register the game's JSON hooks on a cattrs converter."""
    bots_module: str
    """The module whose ``BOTS`` mapping holds the game's bots (imported when first used)."""

    @property
    def bots(self) -> Mapping[str, Callable[[random.Random], Bot[ObservationT, MoveT]]]:
        """The game's bots by name, weakest first, each made from a ``random.Random``.

        >>> import random
        >>> from skullgames import GAMES
        >>> list(GAMES["king"].bots)
        ['random', 'greedy', 'search']
        >>> bot = GAMES["king"].bots["greedy"](random.Random(1))
        """
        # Imported on first use: the bots are built on the game packages and on this
        # registry, so importing them here would make a circle.
        bots: Mapping[str, Callable[[random.Random], Bot[ObservationT, MoveT]]] = (
            importlib.import_module(self.bots_module).BOTS
        )
        return MappingProxyType(dict(bots))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied) as its name: unpickling gives the entry of :data:`GAMES`.

        An entry holds the game's package and functions, which are code, not data.
        """
        return (game_named, (self.name,))


KING: Game[king.Config, king.State, king.Observation, king.Move] = Game(
    name="king",
    title="Skull King",
    module=king,
    Config=king.Config,
    State=king.State,
    Observation=king.Observation,
    Move=king.Move,
    format_name=king_json.STATE_FORMAT,
    new_game=king.new_game,
    legal_moves=king.legal_moves,
    apply=king.apply,
    current_player=king.current_player,
    is_over=king.is_over,
    scores=king.scores,
    winners=king.winners,
    observe=king.observe,
    observe_move=king.observe_move,
    HiddenMove=king.HiddenMove,
    parse_move=king.parse_move,
    action_space=king.action_space,
    score_bounds=king.score_bounds,
    configure_json=king_json.configure,
    bots_module="skullgames.bots.king",
)
"""Skull King's entry in :data:`GAMES`, typed with its own classes."""

QUEEN: Game[queen.Config, queen.State, queen.Observation, queen.Move] = Game(
    name="queen",
    title="Skull Queen",
    module=queen,
    Config=queen.Config,
    State=queen.State,
    Observation=queen.Observation,
    Move=queen.Move,
    format_name=queen_json.STATE_FORMAT,
    new_game=queen.new_game,
    legal_moves=queen.legal_moves,
    apply=queen.apply,
    current_player=queen.current_player,
    is_over=queen.is_over,
    scores=queen.scores,
    winners=queen.winners,
    observe=queen.observe,
    observe_move=queen.observe_move,
    HiddenMove=queen.HiddenMove,
    parse_move=queen.parse_move,
    action_space=queen.action_space,
    score_bounds=queen.score_bounds,
    configure_json=queen_json.configure,
    bots_module="skullgames.bots.queen",
)
"""Skull Queen's entry in :data:`GAMES`, typed with its own classes."""

GAMES: Mapping[str, Game[Any, Any, Any, Any]] = MappingProxyType(
    {game.name: game for game in (KING, QUEEN)}
)
"""Every game by name: ``"king"`` and ``"queen"``. Read-only."""


def game_named(name: str) -> Game[Any, Any, Any, Any]:
    """The game called ``name``; ``ValueError`` naming the games there are otherwise.

    >>> from skullgames.registry import game_named
    >>> game_named("king").title
    'Skull King'
    >>> game_named("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess' (one of king, queen)
    """
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r} (one of {', '.join(GAMES)})") from None
