"""Action spaces: every move a game's options allow, numbered ``0 .. size - 1``.

Learning and search frameworks (PettingZoo, Gymnasium, OpenSpiel) name a move by a whole
number from a range fixed before the game starts, and mark the legal ones with a mask.
:func:`skullgames.king.action_space` and :func:`skullgames.queen.action_space` give that
numbering for one :class:`~skullgames.king.Config`; this module holds the class they
share.

>>> from skullgames import king
>>> space = king.action_space(king.Config(players=4))
>>> state = king.new_game(king.Config(players=4), seed=7)
>>> space.legal_indices(state), space.move(1)
((0, 1), Bid(1))
>>> space.index(king.Bid(1))
1
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, TypeVar

from skullgames._contract import GameConfig, GameObservation, GameState
from skullgames._registered import loaded_games, registered_game, registered_games
from skullgames.errors import ConfigError, IllegalMoveError

__all__ = ["ActionSpace"]

MoveT = TypeVar("MoveT")


class ActionSpace(Generic[MoveT]):
    """Every move of one game's options, numbered ``0 .. size - 1``; made per config.

    Build one with :func:`skullgames.king.action_space` or
    :func:`skullgames.queen.action_space` (or ``skullgames.GAMES[name].action_space``);
    the layout of each game is documented there. :meth:`index` and :meth:`move` are
    inverse over ``range(size)``.

    :meth:`mask` and :meth:`legal_indices` take a state or an observation of the
    space's game and config:

    - from a state, the legal moves of the seat to move;
    - from an observation, the legal moves it carries: those of its seat when that seat
      is to move, and none otherwise, so the mask of a seat that is not to move is all
      ``False``;
    - a state or observation at a deal (chance, not an action) or at the end of the
      game has no legal move: all ``False``.

    ``Deal`` moves are not actions: a deal is a chance event, given by the seed or by
    the caller, never chosen by a player.
    """

    __slots__ = ("_chance_type", "_config", "_constant", "_index", "_key",
                 "_legal_moves", "_moves", "_observation_type", "_state_type")

    def __init__(
        self,
        *,
        config: GameConfig,
        moves: Sequence[MoveT],
        key: Callable[[Any], Hashable | None],
        legal_moves: Callable[[Any], tuple[MoveT, ...]],
        state_type: type,
        observation_type: type,
        chance_type: type,
        constant_legal_moves: Iterable[tuple[MoveT, ...]] = (),
    ) -> None:
        """Number ``moves`` in order (for the game modules; users call ``action_space``).

        ``key(move)`` gives a cheap hashable key that equals for equal moves and is
        ``None`` for anything that is no move of the game; ``legal_moves(state)`` is the
        engine's; ``chance_type`` is the game's ``Deal``. ``constant_legal_moves`` are
        tuples that the engine returns as they are (every placement, say): their masks
        are computed once. The game's name is not given: it is the registry's
        (:attr:`game`).
        """
        self._config = config
        self._moves = tuple(moves)
        self._key = key
        self._legal_moves = legal_moves
        self._state_type = state_type
        self._observation_type = observation_type
        self._chance_type = chance_type
        self._index: dict[Hashable, int] = {}
        for i, move in enumerate(self._moves):
            k = key(move)
            if k is None or k in self._index:
                raise ValueError(f"action {i} ({move!r}) has no key or repeats an action")
            self._index[k] = i
        self._constant: dict[int, tuple[tuple[MoveT, ...], tuple[bool, ...],
                                        tuple[int, ...]]] = {}
        for legal in constant_legal_moves:
            # Keyed by id, with the tuple kept alive beside its mask so the id stays its.
            self._constant[id(legal)] = (legal, self._mask_of(legal), self._indices_of(legal))

    @property
    def game(self) -> str | None:
        """The name of the game in :data:`skullgames.GAMES` whose space this is: ``"king"``.

        The registry names the game, never the game itself: the first registered game
        whose ``action_space`` gives this space (a renamed copy registered beside its
        original shares the original's spaces), else the first whose ``Config`` the
        config is; ``None`` when no registered game plays it. A space is pickled as this
        name and its config, and unpickled by the registered game that plays the config:
        the game of this name if the config is its ``Config``, else the first registered
        game whose ``Config`` it is.

        >>> from skullgames import GAMES, queen
        >>> GAMES["queen"].action_space(queen.Config()).game
        'queen'
        """
        kind = type(self._config)
        for games in (loaded_games, registered_games):  # the games loaded already first
            playing = [game for game in games() if game.Config is kind]
            for game in playing:
                if game.action_space(self._config) is self:
                    return str(game.name)
            if playing:
                return str(playing[0].name)
        return None

    @property
    def config(self) -> Any:
        """The config this space numbers the moves of."""
        return self._config

    @property
    def size(self) -> int:
        """How many actions there are; fixed for the config."""
        return len(self._moves)

    @property
    def moves(self) -> tuple[MoveT, ...]:
        """Every action's move, in index order: ``moves[i] == move(i)``."""
        return self._moves

    def index(self, move: MoveT) -> int:
        """The index of ``move``.

        Raises :class:`~skullgames.IllegalMoveError` for anything that is no action of
        this config: a move of another game, a ``Deal``, a move that these options never
        allow (a bid above the largest hand, a card not in this deck, ...).
        """
        key = self._key(move)
        found = None if key is None else self._index.get(key)
        if found is None:
            raise IllegalMoveError(self._why_not(move, key))
        return found

    def _why_not(self, move: object, key: Hashable | None) -> str:
        if type(move) is self._chance_type:
            return (f"{move!r} is not an action: deals are chance events, given by the seed "
                    "or by the caller")
        if key is None:
            return f"{move!r} is not a move of {self.game!r}"
        return f"{move!r} is not an action of {self._config!r}"

    def move(self, index: int) -> MoveT:
        """The move of action ``index``.

        Any integer type is taken (numpy's too); anything else, ``bool`` included, or an
        index outside ``range(size)`` raises :class:`~skullgames.IllegalMoveError`.
        """
        if type(index) is not int:
            index = _as_index(index, self.size)
        if 0 <= index < len(self._moves):
            return self._moves[index]
        raise IllegalMoveError(f"action {index} is out of range 0..{len(self._moves) - 1}")

    def mask(self, state_or_observation: GameState | GameObservation) -> tuple[bool, ...]:
        """One flag per action, ``True`` exactly for the legal moves.

        See the class for what a state and an observation give.
        """
        legal = self._legal(state_or_observation)
        constant = self._constant.get(id(legal))
        if constant is not None:
            return constant[1]
        return self._mask_of(legal)

    def legal_indices(self, state_or_observation: GameState | GameObservation
                      ) -> tuple[int, ...]:
        """The indexes of the legal moves, ascending."""
        legal = self._legal(state_or_observation)
        constant = self._constant.get(id(legal))
        if constant is not None:
            return constant[2]
        return self._indices_of(legal)

    def _indices_of(self, legal: Iterable[MoveT]) -> tuple[int, ...]:
        index = self.index
        return tuple(sorted([index(m) for m in legal]))

    def _mask_of(self, legal: Iterable[MoveT]) -> tuple[bool, ...]:
        flags = [False] * len(self._moves)
        index = self.index
        for move in legal:
            flags[index(move)] = True
        return tuple(flags)

    def _legal(self, state_or_observation: object) -> tuple[MoveT, ...]:
        given = state_or_observation
        kind = type(given)
        is_state = isinstance(given, self._state_type)  # a state may be of a phase's class
        if not is_state and kind is not self._observation_type:
            raise TypeError(f"expected a {self.game!r} state or observation, "
                            f"not {kind.__name__}")
        config = given.config  # type: ignore[attr-defined]
        if config is not self._config and config != self._config:
            raise ConfigError(f"this action space is for {self._config!r}, "
                              f"not {config!r}")
        if is_state:
            return self._legal_moves(given)
        legal: tuple[MoveT, ...] = given.legal_moves  # type: ignore[attr-defined]
        return legal

    def __eq__(self, other: object) -> bool:
        """Spaces are equal when they number the same moves of equal configs.

        A copy or an unpickled space equals its original.
        """
        if not isinstance(other, ActionSpace):
            return NotImplemented
        return self is other or (type(self._config) is type(other._config)
                                 and self._config == other._config
                                 and self._moves == other._moves)

    def __hash__(self) -> int:
        """Hashed as its config, consistently with ``==``."""
        return hash(self._config)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied) as its game's name and config, at every protocol.

        The space is rebuilt by the game's ``action_space``: its key and legal-move
        functions and its masks are the game's, not data.
        """
        return (_action_space_of, (self.game, self._config))

    def __repr__(self) -> str:
        return f"<ActionSpace {self.game!r} size={self.size} config={self._config!r}>"


def _action_space_of(game: str | None, config: object) -> ActionSpace[Any]:
    """The action space of ``config`` in the registered game that plays it, for unpickling.

    ``game`` is the registered name of the space's game where it was pickled; another
    game may hold that name here. So the game called ``game`` answers only if ``config``
    is of its ``Config``; otherwise the first registered game whose ``Config`` ``config``
    is.
    """
    found = None if game is None else registered_game(game)
    if found is None or type(config) is not found.Config:
        found = next((entry for entry in registered_games()
                      if type(config) is entry.Config), None)
    if found is None:
        raise ConfigError(f"no registered game plays the config {config!r} to unpickle an "
                          f"action space of (the space's game is called {game!r})")
    space: ActionSpace[Any] = found.action_space(config)
    return space


def _as_index(index: object, size: int) -> int:
    if isinstance(index, bool):
        raise IllegalMoveError(f"an action is a whole number 0..{size - 1}, not {index!r}")
    try:
        return operator.index(index)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalMoveError(
            f"an action is a whole number 0..{size - 1}, not {index!r}") from None
