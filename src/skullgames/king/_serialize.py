"""cattrs hooks for the Skull King types (see :mod:`skullgames.serialization`).

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
from skullgames.king.cards import Card, card
from skullgames.king.config import Config, Edition, KrakenLeader, Scoring, WhaleLeader
from skullgames.king.game import apply, is_over, new_game
from skullgames.king.moves import (
    AdjustBid,
    Bid,
    ChooseLeader,
    Deal,
    Discard,
    Move,
    Play,
    Shot,
    Wager,
    parse_move,
)
from skullgames.king.state import State

STATE_FORMAT = "skullgames.king/state"

_CONFIG_FLAGS = ("loot", "kraken", "white_whale", "cannonball", "pirate_abilities",
                 "round_bonus", "character_ends_choice")
_CONFIG_ENUMS = (("edition", Edition), ("scoring", Scoring), ("kraken_leader", KrakenLeader),
                 ("whale_leader", WhaleLeader))
_CONFIG_KEYS = ("players", "rounds", "hand_cap", *(name for name, _ in _CONFIG_ENUMS),
                *_CONFIG_FLAGS)


def configure(converter: cattrs.Converter) -> None:
    """Register the Skull King hooks on ``converter``."""
    converter.register_unstructure_hook(Card, str)
    converter.register_structure_hook(Card, lambda data, _: structure_card(data, "$"))
    converter.register_unstructure_hook(Bid, lambda m: {"type": "bid", "n": m.n})
    converter.register_unstructure_hook(Play, unstructure_play)
    converter.register_unstructure_hook(Deal, unstructure_deal)
    converter.register_unstructure_hook(Shot, lambda m: {"type": "shot",
                                                         "cannonball": m.cannonball})
    converter.register_unstructure_hook(ChooseLeader, lambda m: {"type": "leader",
                                                                 "seat": m.seat})
    converter.register_unstructure_hook(Discard, lambda m: {
        "type": "discard", "cards": [str(c) for c in m.cards]})
    converter.register_unstructure_hook(Wager, lambda m: {"type": "wager", "points": m.points})
    converter.register_unstructure_hook(AdjustBid, lambda m: {"type": "adjust_bid",
                                                              "delta": m.delta})
    for cls in (Bid, Play, Deal, Shot, ChooseLeader, Discard, Wager, AdjustBid):
        converter.register_structure_hook(cls, move_hook(cls, structure_move))
    converter.register_unstructure_hook(Move, lambda m: converter.unstructure(m, type(m)))
    converter.register_structure_hook(Move, lambda data, _: structure_move(data, "$"))
    converter.register_unstructure_hook(Config, unstructure_config)
    converter.register_structure_hook(Config, lambda data, _: structure_config(data, "$"))
    converter.register_unstructure_hook(State, unstructure_state)
    converter.register_structure_hook(State, lambda data, _: structure_state(data))


def structure_card(data: Any, path: str) -> Card:
    """Read a card from its text."""
    return expect_parsed(card, data, path)


def unstructure_play(move: Play) -> dict[str, Any]:
    """A play as a tagged object; ``as_pirate`` only for the Tigress."""
    if move.as_pirate is None:
        return {"type": "play", "card": str(move.card)}
    return {"type": "play", "card": str(move.card), "as_pirate": move.as_pirate}


def unstructure_deal(move: Deal) -> dict[str, Any]:
    """A deal as a tagged object of card texts."""
    doc: dict[str, Any] = {"type": "deal", "hands": [[str(c) for c in h] for h in move.hands]}
    if move.ghost:
        doc["ghost"] = [str(c) for c in move.ghost]
    if move.stock:
        doc["stock"] = [str(c) for c in move.stock]
    return doc


def structure_move(data: Any, path: str) -> Move:
    """Read a tagged move object."""
    doc = expect_dict(data, path, ("type",))
    tag = doc["type"]
    try:
        if tag == "bid":
            expect_only(doc, path, ("type", "n"))
            return Bid(expect_int(doc.get("n"), f"{path}.n", 0, 14))
        if tag == "play":
            expect_only(doc, path, ("type", "card", "as_pirate"))
            played = structure_card(doc.get("card"), f"{path}.card")
            as_pirate = doc.get("as_pirate")
            if as_pirate is not None:
                as_pirate = expect_bool(as_pirate, f"{path}.as_pirate")
            return Play(played, as_pirate)
        if tag == "deal":
            expect_only(doc, path, ("type", "hands", "ghost", "stock"))
            hands = expect_list(doc.get("hands"), f"{path}.hands")
            return Deal(
                tuple(_cards(hand, f"{path}.hands[{i}]") for i, hand in enumerate(hands)),
                _cards(doc.get("ghost", []), f"{path}.ghost"),
                _cards(doc.get("stock", []), f"{path}.stock"),
            )
        if tag == "shot":
            expect_only(doc, path, ("type", "cannonball"))
            return Shot(expect_bool(doc.get("cannonball"), f"{path}.cannonball"))
        if tag == "leader":
            expect_only(doc, path, ("type", "seat"))
            return ChooseLeader(expect_int(doc.get("seat"), f"{path}.seat", 0, 7))
        if tag == "discard":
            expect_only(doc, path, ("type", "cards"))
            return Discard(_cards(doc.get("cards"), f"{path}.cards"))
        if tag == "wager":
            expect_only(doc, path, ("type", "points"))
            return Wager(expect_int(doc.get("points"), f"{path}.points", 0, 20))
        if tag == "adjust_bid":
            expect_only(doc, path, ("type", "delta"))
            return AdjustBid(expect_int(doc.get("delta"), f"{path}.delta", -1, 1))
    except SerializationError:
        raise
    except SkullgamesError as error:
        raise SerializationError(str(error), path) from None
    raise SerializationError(
        f"unknown move type {tag!r} (bid, play, deal, shot, leader, discard, wager or "
        "adjust_bid)", f"{path}.type")


def _cards(data: Any, path: str) -> tuple[Card, ...]:
    return tuple(structure_card(c, f"{path}[{i}]") for i, c in enumerate(expect_list(data, path)))


def unstructure_config(config: Config) -> dict[str, Any]:
    """A config as an object of its options."""
    doc: dict[str, Any] = {"players": config.players, "rounds": list(config.rounds),
                           "hand_cap": config.hand_cap}
    doc.update((name, getattr(config, name).value) for name, _ in _CONFIG_ENUMS)
    doc.update((flag, getattr(config, flag)) for flag in _CONFIG_FLAGS)
    return doc


def structure_config(data: Any, path: str) -> Config:
    """Read a config; absent options take their defaults."""
    doc = expect_dict(data, path)
    expect_only(doc, path, _CONFIG_KEYS)
    options: dict[str, Any] = {}
    if "players" in doc:
        options["players"] = expect_int(doc["players"], f"{path}.players")
    for name, cls in _CONFIG_ENUMS:
        if name in doc:
            options[name] = expect_enum(cls, doc[name], f"{path}.{name}")
    if doc.get("hand_cap") is not None:
        options["hand_cap"] = expect_int(doc["hand_cap"], f"{path}.hand_cap")
    if "rounds" in doc:
        rounds = doc["rounds"]
        options["rounds"] = rounds if isinstance(rounds, str) else tuple(
            expect_int(n, f"{path}.rounds[{i}]", 1)
            for i, n in enumerate(expect_list(rounds, f"{path}.rounds"))
        )
    for flag in _CONFIG_FLAGS:
        if flag in doc:
            options[flag] = expect_bool(doc[flag], f"{path}.{flag}")
    try:
        return Config(**options)
    except SkullgamesError as error:
        raise SerializationError(str(error), path) from None


class _Rules:
    """The Skull King functions that saving and loading a game use."""

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
