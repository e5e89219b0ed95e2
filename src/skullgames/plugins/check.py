"""Checking a game against the contract of :mod:`skullgames.plugins`: :func:`check_game`.

Also the classes of a game's documents found through the contract
(:func:`document_types`), which the schemas are made from. Both play a sample game.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeGuard

import attrs

from skullgames._entry import Game
from skullgames.errors import ConfigError
from skullgames.plugins.protocols import (
    GameConfig,
    GameObservation,
    GameState,
    HiddenMove,
)

__all__ = ["DOCUMENT_KINDS", "SAMPLE_MOVES", "check_game", "document_types"]


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
        seen = getattr(game.observe(state, 0), "rounds", ())
        if seen:
            found["round-summary"] = seen[-1]
    return found


def _play_sample(game: Game[Any, Any, Any, Any], state: Any,
                 visit: Callable[[Any], None],
                 moving: Callable[[Any, Any], None] | None = None) -> None:
    """Play the sample game from ``state``: each seat its first legal move.

    ``visit(state)`` sees each state, ``moving(state, move)`` each move before it is
    made. The game stops once a round is scored and a trick has lain finished, at the
    end, at a deal to supply, or after :data:`SAMPLE_MOVES` moves.
    """
    trick_seen = False
    for _ in range(SAMPLE_MOVES):
        visit(state)
        seat = game.current_player(state)
        trick_seen = trick_seen or getattr(state, "last_trick", None) is not None
        scored = bool(getattr(state, "rounds", ()))
        if game.is_over(state) or seat is None or (scored and trick_seen):
            return  # a round scored and a trick finished: every kind of value was seen
        move = game.legal_moves(state)[0]
        if moving is not None:
            moving(state, move)
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

    def visit(state: Any) -> None:
        for document, value in _documents_of(game, state).items():
            found.setdefault(document, type(value))

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


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat_count(value: object) -> TypeGuard[int]:
    """Whether ``value`` can be a config's ``players``: an int of at least 1."""
    return _is_int(value) and value >= 1


def _ints(value: object, length: int) -> bool:
    return (isinstance(value, Sequence) and len(value) == length
            and all(_is_int(v) for v in value))


class _Breaches:
    """The breaches :func:`check_game` finds, in order, each kind named once.

    The sample game meets a breach again at every state that has it, with other values
    (another ``to_move``, another move's text): the first of each kind is named.
    """

    def __init__(self) -> None:
        self._first: dict[str, str] = {}

    def add(self, breach: str, kind: str | None = None) -> None:
        """Note ``breach``, unless one of its ``kind`` (by default its text) is noted."""
        self._first.setdefault(breach if kind is None else kind, breach)

    def extend(self, breaches: Iterable[str]) -> None:
        """Note each of ``breaches``, each its own kind."""
        for breach in breaches:
            self.add(breach)

    def __bool__(self) -> bool:
        return bool(self._first)

    def named(self) -> list[str]:
        """The breaches noted, in the order they were found."""
        return list(self._first.values())


def _check_config(config: Any, breaches: _Breaches) -> None:
    breaches.extend(_missing(config, GameConfig, "its Config"))
    try:
        hash(config)
    except TypeError:
        breaches.add("its Config cannot be hashed (tools keep what they build per config: "
                     "make it a frozen attrs class)")


def _load_codecs(game: Game[Any, Any, Any, Any]) -> None:
    """Load the game's ``codecs`` part, which every check of a codec asks for.

    A part that cannot be loaded is refused at once: no codec could be checked.
    """
    try:
        game.codecs  # noqa: B018  (loaded and kept by the entry)
    except ConfigError:
        raise
    except Exception as error:
        raise ConfigError(f"game {game.name!r}: its JSON codecs fail while they are loaded "
                          f"({type(error).__name__}: {error})") from error


def _check_codecs(game: Game[Any, Any, Any, Any], breaches: _Breaches) -> None:
    for kind in ("Config", "State", "Observation"):
        if getattr(game, kind) not in game.codecs:
            breaches.add(f"its JSON codecs have no codec for its {kind}")


def _check_state(game: Game[Any, Any, Any, Any], state: Any, breaches: _Breaches) -> None:
    missing = _missing(state, GameState, "its State")
    breaches.extend(missing)
    config = getattr(state, "config", None)
    if config is not None:
        breaches.extend(_missing(config, GameConfig, "its Config"))
    if missing:
        return
    players = getattr(config, "players", None)
    if not _is_seat_count(players):
        breaches.add(f"its Config's 'players' is {players!r}, not a number of seats")
        return
    if state.seed is not None and not _is_int(state.seed):
        breaches.add(f"its State's 'seed' is {state.seed!r}, not an int or None")
    if not isinstance(state.auto_deal, bool):
        breaches.add(f"its State's 'auto_deal' is {state.auto_deal!r}, not a bool")
    if state.to_move != game.current_player(state):
        breaches.add(f"its State's 'to_move' is {state.to_move!r}, but current_player "
                     f"says {game.current_player(state)!r}", kind="State's to_move")
    if not isinstance(state.history, Sequence):
        breaches.add("its State's 'history' is not a sequence of moves")
    if not _ints(state.totals, players):
        breaches.add(f"its State's 'totals' is {state.totals!r}, not one int per seat",
                     kind="State's totals")
    for finished in state.rounds:
        points = getattr(finished, "points", None)
        if not _ints(points, players):
            breaches.add(f"a finished round ({type(finished).__name__}) has 'points' "
                         f"{points!r}, not one int per seat",
                         kind=f"points of {type(finished).__qualname__}")
    if state.last_trick is not None and type(state.last_trick) not in game.codecs:
        breaches.add(f"its JSON codecs have no codec for {type(state.last_trick).__name__} "
                     "(its State's 'last_trick', which the server sends)")


def _check_observation(game: Game[Any, Any, Any, Any], state: Any, seat: int,
                       breaches: _Breaches) -> None:
    observation = game.observe(state, seat)
    missing = _missing(observation, GameObservation, "its Observation")
    breaches.extend(missing)
    if missing:
        return
    if observation.seat != seat:
        breaches.add(f"its Observation of seat {seat} has 'seat' {observation.seat!r}",
                     kind="Observation's seat")
    if observation.to_move != game.current_player(state):
        breaches.add(f"its Observation's 'to_move' is {observation.to_move!r}, but "
                     f"current_player says {game.current_player(state)!r}",
                     kind="Observation's to_move")
    if not isinstance(observation.legal_moves, Sequence):
        breaches.add("its Observation's 'legal_moves' is not a sequence of moves")
    elif seat == game.current_player(state) and (
            list(observation.legal_moves) != list(game.legal_moves(state))):
        breaches.add("its Observation's 'legal_moves' are not legal_moves(state) for the "
                     "seat to move")
    for finished in observation.rounds[-1:]:
        if type(finished) not in game.codecs:
            breaches.add(f"its JSON codecs have no codec for {type(finished).__name__} "
                         "(its Observation's 'rounds', which the server sends)")


def _seat_count(game: Game[Any, Any, Any, Any], state: Any) -> int:
    """The seats of ``state``'s config (of ``Config()`` if it has none); 0 if unsaid."""
    config = getattr(state, "config", None)
    players = getattr(game.Config() if config is None else config, "players", None)
    return players if _is_seat_count(players) else 0


def _check_move(game: Game[Any, Any, Any, Any], state: Any, move: Any, seat: int | None,
                breaches: _Breaches) -> None:
    text = str(move)
    try:
        parsed = game.parse_move(text)
    except Exception as error:
        breaches.add(f"parse_move cannot read the move {text!r} that str() writes "
                     f"({type(error).__name__}: {error})",
                     kind=f"parse_move of {type(move).__qualname__}")
        return
    if parsed != move:
        breaches.add(f"parse_move({text!r}) is {parsed!r}, not the move {move!r}",
                     kind=f"parse_move of {type(move).__qualname__}")
    for viewer in range(_seat_count(game, state)):
        if viewer == seat:
            continue
        seen = game.observe_move(state, move, viewer)
        if seen is not move:
            breaches.extend(_missing(seen, HiddenMove, "its HiddenMove"))
            break


def _viewers(seat: int | None) -> list[int]:
    """The seats whose observations are checked: the seat to move, and seat 0."""
    return ([seat] if seat is not None else []) + ([0] if seat != 0 else [])


def _check_sample_game(game: Game[Any, Any, Any, Any], state: Any,
                       breaches: _Breaches) -> None:
    """Play the sample game from ``state`` to its end, checking every value it meets."""
    found: dict[str, set[type]] = {}

    def visit(state: Any) -> None:
        _check_state(game, state, breaches)
        for viewer in _viewers(game.current_player(state)):
            _check_observation(game, state, viewer, breaches)
        if not _missing(state, GameState, "its State"):
            for document, value in _documents_of(game, state).items():
                found.setdefault(document, set()).add(type(value))

    def moving(state: Any, move: Any) -> None:
        _check_move(game, state, move, game.current_player(state), breaches)

    try:
        _play_sample(game, state, visit, moving)
    except Exception as error:
        breaches.add(f"its sample game fails ({type(error).__name__}: {error})")
    for document, classes in found.items():
        if len(classes) > 1:
            names = " and ".join(sorted(cls.__name__ for cls in classes))
            breaches.add(f"its {_DOCUMENT_SOURCES[document]} is of more than one class "
                         f"({names}): a tool's schema needs one")


@attrs.frozen
class _NoSampleGame:
    """Why no sample game is played: ``call`` (``Config()`` or ``new_game``) failed."""

    call: str
    error: Exception

    def refusal(self, game: Game[Any, Any, Any, Any], breaches: _Breaches) -> ConfigError:
        """The error naming the failure, after the ``breaches`` found without a game."""
        failure = f"{self.call} fails ({type(self.error).__name__}: {self.error})"
        if not breaches:
            return ConfigError(f"game {game.name!r}: {failure}")
        return _refusal(game, [*breaches.named(), f"{failure}: no sample game is played, so "
                               "no State, Observation or move is checked"])


def _first_state(game: Game[Any, Any, Any, Any], breaches: _Breaches) -> Any:
    """The sample game's first state, ``new_game(Config(), seed=1)``, or why there is none.

    The breaches of the Config are noted on the way.
    """
    try:
        config = game.Config()
    except Exception as error:
        return _NoSampleGame("Config()", error)
    _check_config(config, breaches)
    try:
        return game.new_game(config, seed=1)
    except Exception as error:
        return _NoSampleGame("new_game(Config(), seed=1)", error)


def _refusal(game: Game[Any, Any, Any, Any], breaches: list[str]) -> ConfigError:
    return ConfigError(f"game {game.name!r} breaks the contract of skullgames.plugins: "
                       + "; ".join(breaches))


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

    A breach stops nothing: the sample game plays on past it, and the error names every
    breach of every value the game meets, each kind once (as the first state that shows
    it has it). A ``Config()`` or ``new_game`` that fails leaves no game to play: the
    error names it after the breaches found without one. Codecs that cannot be loaded
    are refused at once.

    >>> import attrs
    >>> from skullgames import GAMES
    >>> king = GAMES["king"]
    >>> check_game(attrs.evolve(king, name="jack", observe=lambda state, seat: state))
    Traceback (most recent call last):
    ...
    skullgames.errors.ConfigError: game 'jack' breaks the contract of skullgames.plugins: its
    Observation has no 'seat' (the seat that sees this); ...
    """
    _load_codecs(game)
    breaches = _Breaches()
    first = _first_state(game, breaches)
    _check_codecs(game, breaches)
    if isinstance(first, _NoSampleGame):
        raise first.refusal(game, breaches) from first.error
    _check_sample_game(game, first, breaches)
    if breaches:
        raise _refusal(game, breaches.named())
