"""cattrs hooks for the Skull Queen types (see :mod:`skullgames.serialization`).

A saved state is its config, seed and moves; loading replays the moves through the rules
engine, so a loaded state is always one that ``apply`` produced.
"""

from __future__ import annotations

from typing import Any

import cattrs

from skullgames._json import (
    GameRules,
    expect_bool,
    expect_dict,
    expect_enum,
    expect_int,
    expect_list,
    expect_only,
    expect_parsed,
    load_game,
    move_hook,
    save_game,
)
from skullgames.errors import SerializationError, SkullgamesError
from skullgames.queen.cards import Card, card
from skullgames.queen.config import Config
from skullgames.queen.game import apply, is_over, new_game
from skullgames.queen.moves import Deal, Move, Place, Play, parse_move
from skullgames.queen.scoring import Plank, Side
from skullgames.queen.state import State

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
        converter.register_structure_hook(cls, move_hook(cls, structure_move))
    converter.register_unstructure_hook(Move, lambda m: converter.unstructure(m, type(m)))
    converter.register_structure_hook(Move, lambda data, _: structure_move(data, "$"))
    converter.register_structure_hook(Plank, lambda data, _: structure_plank(data, "$"))
    converter.register_unstructure_hook(Config, unstructure_config)
    converter.register_structure_hook(Config, lambda data, _: structure_config(data, "$"))
    converter.register_unstructure_hook(State, unstructure_state)
    converter.register_structure_hook(State, lambda data, _: structure_state(data))


def structure_card(data: Any, path: str) -> Card:
    """Read a card from its text."""
    return expect_parsed(card, data, path)


def structure_plank(data: Any, path: str) -> Plank:
    """Read a plank: its side and four spaces 0..4 (``null`` for a pawn in the water)."""
    doc = expect_dict(data, path, ("side", "spaces"))
    expect_only(doc, path, ("side", "spaces"))
    side = expect_enum(Side, doc["side"], f"{path}.side")
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


def structure_move(data: Any, path: str) -> Move:
    """Read a tagged move object."""
    doc = expect_dict(data, path, ("type",))
    tag = doc["type"]
    try:
        if tag == "place":
            expect_only(doc, path, ("type", "side", "spaces"))
            for key in ("side", "spaces"):
                if key not in doc:
                    raise SerializationError(f"missing field {key!r}", path)
            side = expect_enum(Side, doc["side"], f"{path}.side")
            spaces = expect_list(doc["spaces"], f"{path}.spaces", 4)
            return Place(side, tuple(
                expect_int(s, f"{path}.spaces[{i}]", 0, 4) for i, s in enumerate(spaces)
            ))
        if tag == "play":
            expect_only(doc, path, ("type", "card"))
            return Play(structure_card(doc.get("card"), f"{path}.card"))
        if tag == "deal":
            expect_only(doc, path, ("type", "hands", "center", "ghost"))
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
    expect_only(doc, path, _CONFIG_KEYS)
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


class _Rules:
    """The Skull Queen functions that saving and loading a game use."""

    format_name = STATE_FORMAT
    deal_type = Deal
    new_game = staticmethod(new_game)
    apply = staticmethod(apply)
    is_over = staticmethod(is_over)
    parse_move = staticmethod(parse_move)
    structure_move = staticmethod(structure_move)
    structure_config = staticmethod(structure_config)
    unstructure_config = staticmethod(unstructure_config)
    unstructure_deal = staticmethod(unstructure_deal)


_RULES: GameRules[State] = _Rules()


def unstructure_state(state: State) -> dict[str, Any]:
    """A state as its config, seed and moves (deals only when not dealt from the seed)."""
    return save_game(state, _RULES)


def structure_state(data: Any) -> State:
    """Rebuild a state by replaying its moves; any rule broken is a SerializationError."""
    return load_game(data, _RULES)
