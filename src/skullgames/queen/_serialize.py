"""cattrs hooks for the Skull Queen types (see :mod:`skullgames.serialization`).

A saved state is its config, seed and moves; loading replays the moves through the rules
engine, so a loaded state is always one that ``apply`` produced.
"""

from __future__ import annotations

from typing import Any

import cattrs

from skullgames.errors import SerializationError, SkullgamesError
from skullgames.queen.cards import Card, card
from skullgames.queen.config import Config
from skullgames.queen.game import apply, new_game
from skullgames.queen.moves import Deal, Move, Place, Play, parse_move
from skullgames.queen.planks import Plank, Side
from skullgames.queen.state import Phase, State
from skullgames.serialization import (
    check_header,
    expect_bool,
    expect_dict,
    expect_int,
    expect_list,
    expect_str,
)

STATE_FORMAT = "skullgames.queen/state"

_CONFIG_FLAGS = ("set_aside_center_pair", "set_aside_center_specials")
_CONFIG_KEYS = ("players", "rounds", "plank_values", *_CONFIG_FLAGS)


def configure(converter: cattrs.Converter) -> None:
    """Register the Skull Queen hooks on ``converter``."""
    converter.register_unstructure_hook(Card, str)
    converter.register_structure_hook(Card, lambda data, _: structure_card(data, "$"))
    converter.register_unstructure_hook(Place, unstructure_place)
    converter.register_unstructure_hook(Play, lambda m: {"type": "play", "card": str(m.card)})
    converter.register_unstructure_hook(Deal, unstructure_deal)
    for cls in (Place, Play, Deal):
        converter.register_structure_hook(cls, _move_hook(cls))
    converter.register_unstructure_hook(Move, lambda m: converter.unstructure(m, type(m)))
    converter.register_structure_hook(Move, lambda data, _: structure_move(data, "$"))
    converter.register_structure_hook(Plank, lambda data, _: structure_plank(data, "$"))
    converter.register_unstructure_hook(Config, unstructure_config)
    converter.register_structure_hook(Config, lambda data, _: structure_config(data, "$"))
    converter.register_unstructure_hook(State, unstructure_state)
    converter.register_structure_hook(State, lambda data, _: structure_state(data))


def structure_card(data: Any, path: str) -> Card:
    """Read a card from its text."""
    try:
        return card(expect_str(data, path))
    except SkullgamesError as error:
        raise SerializationError(str(error), path) from None


def structure_plank(data: Any, path: str) -> Plank:
    """Read a plank: its side and four spaces 0..4 (``null`` for a pawn in the water)."""
    doc = expect_dict(data, path, ("side", "spaces"))
    _only(doc, path, ("side", "spaces"))
    side = _enum(Side, doc["side"], f"{path}.side")
    spaces = expect_list(doc["spaces"], f"{path}.spaces", 4)
    return Plank(side, tuple(
        None if s is None else expect_int(s, f"{path}.spaces[{i}]", 0, 4)
        for i, s in enumerate(spaces)
    ))


def unstructure_place(move: Place) -> dict[str, Any]:
    """A placement as a tagged object."""
    return {"type": "place", "side": move.side.value, "spaces": list(move.spaces)}


def unstructure_deal(move: Deal) -> dict[str, Any]:
    """A deal as a tagged object of card texts."""
    doc: dict[str, Any] = {"type": "deal", "hands": [[str(c) for c in h] for h in move.hands]}
    if move.center:
        doc["center"] = [str(c) for c in move.center]
    if move.ghost:
        doc["ghost"] = [str(c) for c in move.ghost]
    return doc


def _move_hook(cls: type) -> Any:
    def hook(data: Any, _: Any) -> Move:
        move = structure_move(data, "$")
        if type(move) is not cls:
            raise SerializationError(f"expected a {cls.__name__.lower()}, got {move!r}", "$.type")
        return move
    return hook


def structure_move(data: Any, path: str) -> Move:
    """Read a tagged move object."""
    doc = expect_dict(data, path, ("type",))
    tag = doc["type"]
    try:
        if tag == "place":
            _only(doc, path, ("type", "side", "spaces"))
            for key in ("side", "spaces"):
                if key not in doc:
                    raise SerializationError(f"missing field {key!r}", path)
            side = _enum(Side, doc["side"], f"{path}.side")
            spaces = expect_list(doc["spaces"], f"{path}.spaces", 4)
            return Place(side, tuple(
                expect_int(s, f"{path}.spaces[{i}]", 0, 4) for i, s in enumerate(spaces)
            ))
        if tag == "play":
            _only(doc, path, ("type", "card"))
            return Play(structure_card(doc.get("card"), f"{path}.card"))
        if tag == "deal":
            _only(doc, path, ("type", "hands", "center", "ghost"))
            hands = expect_list(doc.get("hands"), f"{path}.hands")
            return Deal(
                tuple(_cards(hand, f"{path}.hands[{i}]") for i, hand in enumerate(hands)),
                _cards(doc.get("center", []), f"{path}.center"),
                _cards(doc.get("ghost", []), f"{path}.ghost"),
            )
    except SerializationError:
        raise
    except SkullgamesError as error:
        raise SerializationError(str(error), path) from None
    raise SerializationError(f"unknown move type {tag!r} (place, play or deal)", f"{path}.type")


def _cards(data: Any, path: str) -> tuple[Card, ...]:
    return tuple(structure_card(c, f"{path}[{i}]") for i, c in enumerate(expect_list(data, path)))


def _only(doc: dict[str, Any], path: str, keys: tuple[str, ...]) -> None:
    for key in doc:
        if key not in keys:
            raise SerializationError(f"unknown field {key!r}", path)


def _enum(cls: Any, data: Any, path: str) -> Any:
    try:
        return cls(data)
    except (ValueError, TypeError):
        allowed = ", ".join(repr(member.value) for member in cls)
        raise SerializationError(f"{data!r} is not one of {allowed}", path) from None


def unstructure_config(config: Config) -> dict[str, Any]:
    """A config as an object of its options."""
    doc: dict[str, Any] = {
        "players": config.players,
        "rounds": config.rounds,
        "plank_values": list(config.plank_values),
    }
    doc.update((flag, getattr(config, flag)) for flag in _CONFIG_FLAGS)
    return doc


def structure_config(data: Any, path: str) -> Config:
    """Read a config; absent options take their defaults."""
    doc = expect_dict(data, path)
    _only(doc, path, _CONFIG_KEYS)
    options: dict[str, Any] = {}
    if "players" in doc:
        options["players"] = expect_int(doc["players"], f"{path}.players")
    if doc.get("rounds") is not None:
        options["rounds"] = expect_int(doc["rounds"], f"{path}.rounds")
    if "plank_values" in doc:
        values = expect_list(doc["plank_values"], f"{path}.plank_values", 5)
        options["plank_values"] = tuple(
            expect_int(v, f"{path}.plank_values[{i}]") for i, v in enumerate(values)
        )
    for flag in _CONFIG_FLAGS:
        if flag in doc:
            options[flag] = expect_bool(doc[flag], f"{path}.{flag}")
    try:
        return Config(**options)
    except SkullgamesError as error:
        raise SerializationError(str(error), path) from None


def unstructure_state(state: State) -> dict[str, Any]:
    """A state as its config, seed and moves (deals only when not dealt from the seed)."""
    moves = [
        str(move) if type(move) is not Deal else unstructure_deal(move)
        for move in state.history
        if not (state.auto_deal and type(move) is Deal)
    ]
    return {
        "format": STATE_FORMAT,
        "version": 1,
        "config": unstructure_config(state.config),
        "seed": state.seed,
        "auto_deal": state.auto_deal,
        "moves": moves,
    }


def structure_state(data: Any) -> State:
    """Rebuild a state by replaying its moves; any rule broken is a SerializationError."""
    doc = check_header(data, STATE_FORMAT)
    _only(doc, "$", ("format", "version", "config", "seed", "auto_deal", "moves"))
    for key in ("config", "seed", "auto_deal", "moves"):
        if key not in doc:
            raise SerializationError(f"missing field {key!r}", "$")
    config = structure_config(doc["config"], "$.config")
    auto_deal = expect_bool(doc["auto_deal"], "$.auto_deal")
    seed = doc["seed"]
    if seed is not None:
        seed = expect_int(seed, "$.seed")
    elif auto_deal:
        raise SerializationError("a game dealt automatically records its seed", "$.seed")
    state = new_game(config, seed=seed, auto_deal=auto_deal)
    for i, entry in enumerate(expect_list(doc["moves"], "$.moves")):
        path = f"$.moves[{i}]"
        if isinstance(entry, str):
            try:
                move: Move = parse_move(entry)
            except SkullgamesError as error:
                raise SerializationError(str(error), path) from None
        else:
            move = structure_move(entry, path)
        if state.phase is Phase.OVER:
            raise SerializationError("a move after the end of the game", path)
        try:
            state = apply(state, move)
        except SkullgamesError as error:
            raise SerializationError(f"{move}: {error}", path) from None
    return state
