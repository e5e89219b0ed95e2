"""cattrs hooks for the Skull King types (see :mod:`skullgames.serialization`).

A saved state is its config, seed and moves; loading replays the moves through the rules
engine, so a loaded state is always one that ``apply`` produced.
"""

from __future__ import annotations

from typing import Any

import cattrs

from skullgames.errors import SerializationError, SkullgamesError
from skullgames.king.cards import Card, card
from skullgames.king.config import Config, Edition, KrakenLeader, Scoring, WhaleLeader
from skullgames.king.game import apply, new_game
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
from skullgames.king.state import Phase, State
from skullgames.serialization import (
    check_header,
    expect_bool,
    expect_dict,
    expect_int,
    expect_list,
    expect_str,
)

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
        converter.register_structure_hook(cls, _move_hook(cls))
    converter.register_unstructure_hook(Move, lambda m: converter.unstructure(m, type(m)))
    converter.register_structure_hook(Move, lambda data, _: structure_move(data, "$"))
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
        if tag == "bid":
            _only(doc, path, ("type", "n"))
            return Bid(expect_int(doc.get("n"), f"{path}.n", 0, 14))
        if tag == "play":
            _only(doc, path, ("type", "card", "as_pirate"))
            played = structure_card(doc.get("card"), f"{path}.card")
            as_pirate = doc.get("as_pirate")
            if as_pirate is not None:
                as_pirate = expect_bool(as_pirate, f"{path}.as_pirate")
            return Play(played, as_pirate)
        if tag == "deal":
            _only(doc, path, ("type", "hands", "ghost", "stock"))
            hands = expect_list(doc.get("hands"), f"{path}.hands")
            return Deal(
                tuple(_cards(hand, f"{path}.hands[{i}]") for i, hand in enumerate(hands)),
                _cards(doc.get("ghost", []), f"{path}.ghost"),
                _cards(doc.get("stock", []), f"{path}.stock"),
            )
        if tag == "shot":
            _only(doc, path, ("type", "cannonball"))
            return Shot(expect_bool(doc.get("cannonball"), f"{path}.cannonball"))
        if tag == "leader":
            _only(doc, path, ("type", "seat"))
            return ChooseLeader(expect_int(doc.get("seat"), f"{path}.seat", 0, 7))
        if tag == "discard":
            _only(doc, path, ("type", "cards"))
            return Discard(_cards(doc.get("cards"), f"{path}.cards"))
        if tag == "wager":
            _only(doc, path, ("type", "points"))
            return Wager(expect_int(doc.get("points"), f"{path}.points", 0, 20))
        if tag == "adjust_bid":
            _only(doc, path, ("type", "delta"))
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


def _only(doc: dict[str, Any], path: str, keys: tuple[str, ...]) -> None:
    for key in doc:
        if key not in keys:
            raise SerializationError(f"unknown field {key!r}", path)


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
    _only(doc, path, _CONFIG_KEYS)
    options: dict[str, Any] = {}
    if "players" in doc:
        options["players"] = expect_int(doc["players"], f"{path}.players")
    for name, cls in _CONFIG_ENUMS:
        if name in doc:
            options[name] = _enum(cls, doc[name], f"{path}.{name}")
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


def _enum(cls: Any, data: Any, path: str) -> Any:
    try:
        return cls(data)
    except ValueError:
        allowed = ", ".join(repr(member.value) for member in cls)
        raise SerializationError(f"{data!r} is not one of {allowed}", path) from None


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
