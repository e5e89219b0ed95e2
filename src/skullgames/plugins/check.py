"""Checking a game against the contract of :mod:`skullgames.plugins`: :func:`check_game`.

Also the classes of a game's documents found through the contract
(:func:`document_types`), which the schemas are made from. Both play a sample game.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

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
        trick_seen = trick_seen or getattr(state, "last_trick", None) is not None
        scored = bool(getattr(state, "rounds", ()))
        if game.is_over(state) or seat is None or (scored and trick_seen):
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
    config = getattr(state, "config", None)
    if config is not None:
        problems += _missing(config, GameConfig, "its Config")
    if missing:
        return
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
    players = getattr(getattr(state, "config", None), "players", game.Config().players)
    for viewer in range(players):
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
        state = game.new_game(config, seed=1)
    except Exception as error:
        if problems:  # the Config's breaches, said first, may be why
            problems.append(f"new_game(Config(), seed=1) fails ({type(error).__name__}: "
                            f"{error})")
            raise refused(problems) from error
        raise ConfigError(f"game {game.name!r}: new_game(Config(), seed=1) fails "
                          f"({type(error).__name__}: {error})") from error
    try:
        for kind in ("Config", "State", "Observation"):
            if getattr(game, kind) not in game.codecs:
                problems.append(f"its JSON codecs have no codec for its {kind}")
        found: dict[str, set[type]] = {}

        def visit(state: Any) -> bool:
            # Every value of the first state with a breach is checked, and its move, so
            # that one error names every breach of every value; then the game stops.
            if problems:
                return False
            _check_state(game, state, problems)
            seat = game.current_player(state)
            for viewer in ([seat] if seat is not None else []) + ([0] if seat != 0 else []):
                _check_observation(game, state, viewer, problems)
            if not _missing(state, GameState, "its State"):
                for document, value in _documents_of(game, state).items():
                    found.setdefault(document, set()).add(type(value))
            return True

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
