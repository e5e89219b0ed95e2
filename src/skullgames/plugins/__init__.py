"""What a game written outside the library builds on: its contract and its building blocks.

A game is a package with a :class:`~skullgames.Game` entry, registered with
:func:`~skullgames.register_game` or through the entry-point group ``skullgames.games``.
Its rules are its own. What the tools (the command line, the server, the pictures, the
simulations, the bots' factory, the learning adapters) may read of its values is declared
here, once, as typed protocols: :class:`GameConfig`, :class:`GameState`,
:class:`GameObservation`, :class:`ScoredRound`, :class:`HiddenMove` (and, for a game with
bids, :class:`BidScore`). No tool reads anything else of a game's values; everything else
a tool needs it asks the entry (its verbs and parts). :func:`check_game` plays a sample
game and names what a game misses; :func:`~skullgames.register_game` calls it.

The parts a game's entry names for the tools are built from these modules, which the
library's own games use too, so that a game's package imports nothing private:

- :mod:`skullgames.plugins.json`: the JSON codecs (``codecs``, ``configure_json``);
- :mod:`skullgames.plugins.cli`: the command line (``cli``);
- :mod:`skullgames.plugins.rl`: the tensor encoder and steps (``rl_encoder``,
  ``rl_steps``; needs numpy, the ``rl`` extra);
- :mod:`skullgames.plugins.openspiel`: the OpenSpiel deal (``openspiel``; needs neither
  OpenSpiel nor numpy).

Public names of this module (stable, as the rest of the API): :class:`GameConfig`,
:class:`GameState`, :class:`GameObservation`, :class:`ScoredRound`, :class:`BidScore`,
:class:`HiddenMove`, :func:`check_game`, :data:`SAMPLE_MOVES`, :func:`document_types`,
:data:`DOCUMENT_KINDS`. Each module above lists its own. Importing this package imports no
game and no tool.

>>> from skullgames import GAMES
>>> from skullgames.plugins import check_game
>>> check_game(GAMES["queen"])
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from skullgames.errors import ConfigError

if TYPE_CHECKING:
    from skullgames._entry import Game

__all__ = ["DOCUMENT_KINDS", "SAMPLE_MOVES", "BidScore", "GameConfig", "GameObservation",
           "GameState", "HiddenMove", "ScoredRound", "check_game", "document_types"]


class GameConfig(Protocol):
    """What a tool may read of a game's ``Config`` (the rule options).

    ``Config()`` is the standard game; the command line builds one through the game's
    ``GameCli``, and the server and the schemas read and write it as JSON.
    """

    @property
    def players(self) -> int:
        """How many seats play (the command line, the server, the simulations)."""
        ...

    def __hash__(self) -> int:
        """A config is a value: tools keep what they build per config (encoders, spaces)."""
        ...

    @property
    def round_count(self) -> int:
        """How many rounds a game has (the learning rewards, OpenSpiel)."""
        ...


class ScoredRound(Protocol):
    """What a tool may read of a finished round, an item of :attr:`GameState.rounds`."""

    @property
    def points(self) -> Sequence[int]:
        """The points each seat scored in the round (the learning adapters' rewards)."""
        ...


class BidScore(Protocol):
    """A seat's score of a finished round in a game with bids (optional).

    A game has bids when each of its finished rounds has per-seat ``scores`` of this
    kind (``state.rounds[i].scores[seat]``): the match tool then counts exact bids. The
    rule of what an exact bid is stays the game's own.
    """

    @property
    def exact(self) -> bool:
        """Whether the seat's bid was exact."""
        ...


class GameState(Protocol):
    """What a tool may read of a game's ``State`` (a game at one moment).

    Besides these, a tool asks the entry: ``current_player``, ``legal_moves``, ``apply``,
    ``is_over``, ``scores``, ``winners``, ``observe``.
    """

    @property
    def config(self) -> GameConfig:
        """The rule options the game is played under."""
        ...

    @property
    def seed(self) -> int | None:
        """The seed the game deals from; ``None`` when dealt by hand without one."""
        ...

    @property
    def auto_deal(self) -> bool:
        """Whether the game deals each round from its seed (else deals are moves to supply)."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat to move, as ``current_player``: ``None`` at the end or for a deal."""
        ...

    @property
    def history(self) -> Sequence[Any]:
        """Every move made, in order, the deals included (saved games, replays)."""
        ...

    @property
    def rounds(self) -> Sequence[ScoredRound]:
        """The finished rounds, in order."""
        ...

    @property
    def totals(self) -> Sequence[int]:
        """Each seat's running total, as ``scores``."""
        ...

    @property
    def last_trick(self) -> object | None:
        """The last finished trick of the round (a value with a JSON codec), or ``None``.

        The server shows it face up; a game without tricks always has ``None``. Every
        finished trick is of one class, of any name: the schemas find its codec by the
        class (:func:`document_types`, ``"trick-result"``).
        """
        ...


class GameObservation(Protocol):
    """What a tool may read of a game's ``Observation`` (what one seat may see)."""

    @property
    def config(self) -> GameConfig:
        """The rule options the game is played under."""
        ...

    @property
    def seat(self) -> int:
        """The seat that sees this."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None``."""
        ...

    @property
    def legal_moves(self) -> Sequence[Any]:
        """The seat's legal moves (``()`` when it is not to move): what a bot chooses from."""
        ...

    @property
    def rounds(self) -> Sequence[object]:
        """The finished rounds as the seat sees them (values with a JSON codec).

        Each is of one class, of any name: the server sends the last one when a round
        ends, and its schema finds the codec by the class (:func:`document_types`,
        ``"round-summary"``).
        """
        ...

    @property
    def totals(self) -> Sequence[int]:
        """Each seat's running total."""
        ...


class HiddenMove(Protocol):
    """What a tool may read of what stands in for a move a seat may not see.

    The entry's ``observe_move`` gives the move or this; ``str()`` of either is what a
    seat is shown.
    """

    @property
    def kind(self) -> str:
        """What kind of move was hidden (``"bid"``)."""
        ...


SAMPLE_MOVES = 400
"""The most moves :func:`check_game` plays of its sample game."""


DOCUMENT_KINDS = ("trick-result", "round-result", "round-summary")
"""The kinds of document a game has besides its state, observation, move and config,
each found by where the contract puts it (:func:`document_types`)."""

_DOCUMENT_SOURCES = {
    "trick-result": "State's 'last_trick'",
    "round-result": "State's 'rounds'",
    "round-summary": "Observation's 'rounds'",
}


def _documents_of(game: Game[Any, Any, Any, Any], state: Any) -> dict[str, object]:
    """The values of ``state`` that have documents of their own, by kind."""
    found: dict[str, object] = {}
    if state.last_trick is not None:
        found["trick-result"] = state.last_trick
    if state.rounds:
        found["round-result"] = state.rounds[-1]
        seen = game.observe(state, 0).rounds
        if seen:
            found["round-summary"] = seen[-1]
    return found


def _play_sample(game: Game[Any, Any, Any, Any], state: Any,
                 visit: Callable[[Any], bool],
                 moving: Callable[[Any, Any], bool] | None = None) -> None:
    """Play the sample game from ``state``: each seat its first legal move.

    ``visit(state)`` sees each state, ``moving(state, move)`` each move before it is
    made; either stops the game by answering ``False``. The game stops by itself once a
    round is scored and a trick has lain finished, at the end, at a deal to supply, or
    after :data:`SAMPLE_MOVES` moves.
    """
    trick_seen = False
    for _ in range(SAMPLE_MOVES):
        if not visit(state):
            return
        seat = game.current_player(state)
        trick_seen = trick_seen or state.last_trick is not None
        if game.is_over(state) or seat is None or (state.rounds and trick_seen):
            return  # a round scored and a trick finished: every kind of value was seen
        move = game.legal_moves(state)[0]
        if moving is not None and not moving(state, move):
            return
        state = game.apply(state, move)


_document_types: weakref.WeakKeyDictionary[Any, Mapping[str, type]] = (
    weakref.WeakKeyDictionary())


def document_types(game: Game[Any, Any, Any, Any]) -> Mapping[str, type]:
    """The classes of a game's documents found through the contract, by kind.

    Besides its ``State``, ``Observation``, ``Move`` and ``Config`` (named by its entry),
    a game has a document for each kind of :data:`DOCUMENT_KINDS` its values have:
    ``"trick-result"``, the class of :attr:`GameState.last_trick`;
    ``"round-result"``, of an item of :attr:`GameState.rounds`; ``"round-summary"``, of
    an item of :attr:`GameObservation.rounds`. The classes are those of the values of
    the sample game :func:`check_game` plays (which checks that each kind is of one
    class with a JSON codec), so a class may have any name; a kind the sample game never
    shows (a game without tricks) is left out. The schemas (:mod:`skullgames.schemas`)
    and the table server's schemas are made from these.

    >>> from skullgames import GAMES
    >>> from skullgames.plugins import document_types
    >>> {kind: cls.__name__ for kind, cls in document_types(GAMES["king"]).items()}
    {'trick-result': 'TrickResult', 'round-result': 'RoundResult', 'round-summary': 'RoundSummary'}
    """
    try:
        return _document_types[game]
    except KeyError:
        pass
    found: dict[str, type] = {}

    def visit(state: Any) -> bool:
        for document, value in _documents_of(game, state).items():
            found.setdefault(document, type(value))
        return True

    _play_sample(game, game.new_game(game.Config(), seed=1), visit)
    types = MappingProxyType({kind: found[kind] for kind in DOCUMENT_KINDS if kind in found})
    _document_types[game] = types
    return types


def _members(protocol: type) -> list[tuple[str, str]]:
    """Each property a protocol names, with the first line of its documentation."""
    return [(name, (value.__doc__ or "").strip().splitlines()[0].rstrip(".").replace("``", ""))
            for name, value in vars(protocol).items() if isinstance(value, property)]


def _missing(value: object, protocol: type, what: str) -> list[str]:
    """What ``value`` lacks of ``protocol``: one line per attribute, named as ``what``."""
    problems = []
    for name, doc in _members(protocol):
        try:
            getattr(value, name)
        except Exception:
            problems.append(f"{what} has no {name!r} ({doc[:1].lower()}{doc[1:]})")
    return problems


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(value: object, length: int) -> bool:
    return (isinstance(value, Sequence) and len(value) == length
            and all(_is_int(v) for v in value))


def _check_state(game: Game[Any, Any, Any, Any], state: Any, problems: list[str]) -> None:
    missing = _missing(state, GameState, "its State")
    problems += missing
    if missing:
        return
    config = state.config
    problems += _missing(config, GameConfig, "its Config")
    players = getattr(config, "players", None)
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        problems.append(f"its Config's 'players' is {players!r}, not a number of seats")
        return
    if state.seed is not None and not _is_int(state.seed):
        problems.append(f"its State's 'seed' is {state.seed!r}, not an int or None")
    if not isinstance(state.auto_deal, bool):
        problems.append(f"its State's 'auto_deal' is {state.auto_deal!r}, not a bool")
    if state.to_move != game.current_player(state):
        problems.append(f"its State's 'to_move' is {state.to_move!r}, but current_player "
                        f"says {game.current_player(state)!r}")
    if not isinstance(state.history, Sequence):
        problems.append("its State's 'history' is not a sequence of moves")
    if not _ints(state.totals, players):
        problems.append(f"its State's 'totals' is {state.totals!r}, not one int per seat")
    for finished in state.rounds:
        points = getattr(finished, "points", None)
        if not _ints(points, players):
            problems.append(f"a finished round ({type(finished).__name__}) has "
                            f"'points' {points!r}, not one int per seat")
            break
    if state.last_trick is not None and type(state.last_trick) not in game.codecs:
        problems.append(f"its JSON codecs have no codec for {type(state.last_trick).__name__} "
                        "(its State's 'last_trick', which the server sends)")


def _check_observation(game: Game[Any, Any, Any, Any], state: Any, seat: int,
                       problems: list[str]) -> None:
    observation = game.observe(state, seat)
    missing = _missing(observation, GameObservation, "its Observation")
    problems += missing
    if missing:
        return
    if observation.seat != seat:
        problems.append(f"its Observation of seat {seat} has 'seat' {observation.seat!r}")
    if observation.to_move != game.current_player(state):
        problems.append(f"its Observation's 'to_move' is {observation.to_move!r}, but "
                        f"current_player says {game.current_player(state)!r}")
    if not isinstance(observation.legal_moves, Sequence):
        problems.append("its Observation's 'legal_moves' is not a sequence of moves")
    elif seat == game.current_player(state) and (
            list(observation.legal_moves) != list(game.legal_moves(state))):
        problems.append("its Observation's 'legal_moves' are not legal_moves(state) for "
                        "the seat to move")
    for finished in observation.rounds[-1:]:
        if type(finished) not in game.codecs:
            problems.append(f"its JSON codecs have no codec for {type(finished).__name__} "
                            "(its Observation's 'rounds', which the server sends)")


def _check_move(game: Game[Any, Any, Any, Any], state: Any, move: Any, seat: int | None,
                problems: list[str]) -> None:
    text = str(move)
    try:
        parsed = game.parse_move(text)
    except Exception as error:
        problems.append(f"parse_move cannot read the move {text!r} that str() writes "
                        f"({type(error).__name__}: {error})")
        return
    if parsed != move:
        problems.append(f"parse_move({text!r}) is {parsed!r}, not the move {move!r}")
    for viewer in range(state.config.players):
        if viewer == seat:
            continue
        seen = game.observe_move(state, move, viewer)
        if seen is not move:
            problems += _missing(seen, HiddenMove, "its HiddenMove")
            break


def check_game(game: Game[Any, Any, Any, Any]) -> None:
    """Refuse, with a :class:`~skullgames.ConfigError` naming it all, what ``game`` misses.

    Plays a sample game (``new_game(Config(), seed=1)``, each seat playing its first
    legal move) until a round is scored and a trick has lain finished, at most
    :data:`SAMPLE_MOVES` moves,
    and checks each value against its protocol (:class:`GameState`,
    :class:`GameObservation`, :class:`GameConfig`, :class:`ScoredRound`,
    :class:`HiddenMove`): that every attribute is there, that ``to_move`` and
    ``legal_moves`` agree with the entry's verbs, that a move's text reads back with
    ``parse_move``, that the values the server sends have JSON codecs, and that each kind
    of :data:`DOCUMENT_KINDS` is of one class (:func:`document_types`). The entry's own
    form is :meth:`~skullgames.Game.check`'s.

    >>> import attrs
    >>> from skullgames import GAMES
    >>> king = GAMES["king"]
    >>> check_game(attrs.evolve(king, name="jack", observe=lambda state, seat: state))
    Traceback (most recent call last):
    ...
    skullgames.errors.ConfigError: game 'jack' breaks the contract of skullgames.plugins: its
    Observation has no 'seat' (the seat that sees this); ...
    """
    def refused(problems: list[str]) -> ConfigError:
        return ConfigError(f"game {game.name!r} breaks the contract of skullgames.plugins: "
                           + "; ".join(dict.fromkeys(problems)))

    try:
        config = game.Config()
        problems = _missing(config, GameConfig, "its Config")
        try:
            hash(config)
        except TypeError:
            problems.append("its Config cannot be hashed (tools keep what they build per "
                            "config: make it a frozen attrs class)")
        if problems:
            raise refused(problems)
        state = game.new_game(config, seed=1)
    except ConfigError:
        raise
    except Exception as error:
        raise ConfigError(f"game {game.name!r}: new_game(Config(), seed=1) fails "
                          f"({type(error).__name__}: {error})") from error
    try:
        for kind in ("Config", "State", "Observation"):
            if getattr(game, kind) not in game.codecs:
                problems.append(f"its JSON codecs have no codec for its {kind}")
        found: dict[str, set[type]] = {}

        def visit(state: Any) -> bool:
            _check_state(game, state, problems)
            if problems:
                return False
            seat = game.current_player(state)
            for viewer in ([seat] if seat is not None else []) + ([0] if seat != 0 else []):
                _check_observation(game, state, viewer, problems)
            for document, value in _documents_of(game, state).items():
                found.setdefault(document, set()).add(type(value))
            return not problems

        def moving(state: Any, move: Any) -> bool:
            _check_move(game, state, move, game.current_player(state), problems)
            return not problems

        _play_sample(game, state, visit, moving)
        for document, classes in found.items():
            if len(classes) > 1:
                names = " and ".join(sorted(cls.__name__ for cls in classes))
                problems.append(f"its {_DOCUMENT_SOURCES[document]} is of more than one "
                                f"class ({names}): a tool's schema needs one")
    except ConfigError:
        raise
    except Exception as error:
        problems.append(f"its sample game fails ({type(error).__name__}: {error})")
    if problems:
        raise refused(problems)
