"""The JSON of the Skull King types (see :mod:`skullgames.serialization`).

Every type has one codec (:mod:`skullgames._codec`) that writes it, reads it back checking
each field's type exactly, and gives its JSON Schema. A saved state is its config, seed
and moves; loading replays the moves through the rules engine, so a loaded state is
always one that ``apply`` produced.
"""

from __future__ import annotations

from typing import Any

import cattrs

from skullgames._codec import (
    Array,
    Boolean,
    Codec,
    Custom,
    Definitions,
    EnumValue,
    Field,
    Integer,
    Nullable,
    Overlay,
    Pair,
    Record,
    Text,
    check_seat,
    config_schema,
    configure_game,
    move_union,
    state_codec,
    tagged,
)
from skullgames._json import (
    LONGEST_TEXT,
    GameRules,
    expect_bool,
    expect_dict,
    expect_enum,
    expect_int,
    expect_list,
    expect_only,
    expect_parsed,
)
from skullgames.errors import SerializationError, SkullgamesError
from skullgames.king.cards import ALL_CARDS, TIGRESS, Card, Pirate, Suit, card
from skullgames.king.config import MAX_HAND, Config, Edition, KrakenLeader, Scoring, WhaleLeader
from skullgames.king.game import apply, is_over, new_game
from skullgames.king.moves import _CANONICAL as _KNOWN_MOVES
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
from skullgames.king.observation import Observation, RoundSummary
from skullgames.king.scoring import SeatScore
from skullgames.king.state import Pending, Phase, RoundResult, State
from skullgames.king.tricks import (
    Bonus,
    BonusKind,
    Outcome,
    SuitState,
    TrickResult,
    resolve_trick,
)

STATE_FORMAT = "skullgames.king/state"

_CONFIG_FLAGS = ("loot", "kraken", "white_whale", "cannonball", "pirate_abilities",
                 "round_bonus", "character_ends_choice", "whale_cancels_loot")
_CONFIG_ENUMS = (("edition", Edition), ("scoring", Scoring), ("kraken_leader", KrakenLeader),
                 ("whale_leader", WhaleLeader))
_CONFIG_KEYS = ("players", "rounds", "hand_cap", *(name for name, _ in _CONFIG_ENUMS),
                *_CONFIG_FLAGS)
_MOST_CARDS = 100  # more than any hand or bid can be; the engine checks the real limit


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


def unstructure_move(move: Move) -> dict[str, Any]:
    """A move as an object tagged by its ``type``."""
    if type(move) is Play:
        return unstructure_play(move)
    if type(move) is Deal:
        return unstructure_deal(move)
    if type(move) is Bid:
        return {"type": "bid", "n": move.n}
    if type(move) is Shot:
        return {"type": "shot", "cannonball": move.cannonball}
    if type(move) is ChooseLeader:
        return {"type": "leader", "seat": move.seat}
    if type(move) is Discard:
        return {"type": "discard", "cards": [str(c) for c in move.cards]}
    if type(move) is Wager:
        return {"type": "wager", "points": move.points}
    if type(move) is AdjustBid:
        return {"type": "adjust_bid", "delta": move.delta}
    raise TypeError(f"not a Skull King move: {move!r}")


def structure_move(data: Any, path: str) -> Move:
    """Read a tagged move object."""
    doc = expect_dict(data, path, ("type",))
    tag = doc["type"]
    try:
        if tag == "bid":
            expect_only(doc, path, ("type", "n"))
            # Any whole number up to the largest hand a config can deal; the engine checks
            # it against the cards dealt (K9).
            return Bid(expect_int(doc.get("n"), f"{path}.n", 0, MAX_HAND))
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
    shown = repr(tag) if isinstance(tag, str) and len(tag) <= 40 else "this"
    raise SerializationError(
        f"unknown move type {shown} (bid, play, deal, shot, leader, discard, wager or "
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
        if isinstance(rounds, str) and len(rounds) > LONGEST_TEXT:
            raise SerializationError(f"a text of {len(rounds)} characters is no preset",
                                     f"{path}.rounds")
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


# --------------------------------------------------------------------------- the codecs

CARD: Codec[Card] = Text("Card", card, values=[str(c) for c in ALL_CARDS],
                         description="A Skull King card in its text form.")
CARDS = Array(CARD)
SEAT = Integer(0, 7)
PLAYER = Nullable(SEAT)  # a seat, or null for Graybeard
COUNT = Integer(0, _MOST_CARDS)
POINTS = Integer()
PLAY_TEXT: Codec[Any] = Text(
    "PlayNotation", parse_move, accept=(Play,),
    values=[text for c in ALL_CARDS
            for text in ((f"{c} pirate", f"{c} escape") if c == TIGRESS else (str(c),))],
    description="a play in notation: the card, and for the Tigress 'pirate' or 'escape'")
MOVE_TEXT: Codec[Move] = Text(
    "MoveNotation", parse_move,
    description="A move in the notation of skullgames.king.parse_move ('bid 2', 'Y12', "
                "'TIG pirate', 'cannonball', 'leader 2', 'discard Y3 G1', 'wager 20', "
                "'adjust +1').")
TRICK_ENTRY = Pair(PLAYER, PLAY_TEXT)
"""A card played to a trick: ``[seat, "TIG pirate"]`` (seat ``null`` for Graybeard)."""


def _deal_schema(defs: Definitions) -> dict[str, Any]:
    cards = {"type": "array", "items": CARD.schema(defs)}
    return tagged("deal", {"hands": {"type": "array", "items": cards}, "ghost": cards,
                           "stock": cards}, ("ghost", "stock"))


_MOVE_SCHEMAS: dict[type, Any] = {
    Bid: lambda defs: tagged("bid", {"n": COUNT.schema(defs)}),
    Play: lambda defs: tagged("play", {"card": CARD.schema(defs),
                                       "as_pirate": {"type": "boolean"}}, ("as_pirate",)),
    Deal: _deal_schema,
    Shot: lambda defs: tagged("shot", {"cannonball": {"type": "boolean"}}),
    ChooseLeader: lambda defs: tagged("leader", {"seat": SEAT.schema(defs)}),
    Discard: lambda defs: tagged("discard", {"cards": {"type": "array",
                                                       "items": CARD.schema(defs)}}),
    Wager: lambda defs: tagged("wager", {"points": {"enum": [0, 10, 20]}}),
    AdjustBid: lambda defs: tagged("adjust_bid", {"delta": {"enum": [-1, 0, 1]}}),
}


MOVE: Codec[Move] = move_union(_MOVE_SCHEMAS, unstructure_move, structure_move)
DEAL: Codec[Any] = Custom("Deal", unstructure_deal, structure_move, _deal_schema)


def _config_schema(defs: Definitions) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "players": Integer(2, 8).schema(defs),
        "rounds": {"type": "array", "items": Integer(1, _MOST_CARDS).schema(defs),
                   "minItems": 1},
        "hand_cap": Nullable(Integer(1, _MOST_CARDS)).schema(defs),
    }
    properties.update((name, EnumValue(cls).schema(defs)) for name, cls in _CONFIG_ENUMS)
    return config_schema(properties, _CONFIG_FLAGS, _CONFIG_KEYS)


CONFIG: Codec[Config] = Custom("Config", unstructure_config, structure_config, _config_schema)

BONUS: Codec[Bonus] = Record("Bonus", [
    Field("kind", EnumValue(BonusKind)), Field("card", CARD), Field("points", POINTS),
], Bonus)

TRICK_RESULT: Codec[TrickResult] = Record("TrickResult", [
    Field("plays", Array(TRICK_ENTRY, most=9)),
    Field("outcome", EnumValue(Outcome)),
    Field("winner", PLAYER),
    Field("winning_card", Nullable(CARD)),
    Field("next_leader", PLAYER),
    Field("bonus", POINTS),
    Field("bonus_items", Array(BONUS), ()),
    Field("lead_suit", Nullable(EnumValue(Suit)), None),
    Field("loot_alliances", Array(Pair(SEAT, SEAT)), ()),
], TrickResult)

SEAT_SCORE: Codec[SeatScore] = Record("SeatScore", [
    Field("bid", COUNT), Field("tricks", COUNT), Field("base", POINTS),
    Field("bonus", POINTS, 0), Field("loot", POINTS, 0), Field("wager", POINTS, 0),
    Field("cannonball", Boolean(), False),
], SeatScore)

ROUND_RESULT: Codec[RoundResult] = Record("RoundResult", [
    Field("round_number", Integer(1)),
    Field("dealer", SEAT),
    Field("deal", DEAL),
    Field("bids", Array(COUNT)),
    Field("tricks", Array(TRICK_RESULT)),
    Field("scores", Array(SEAT_SCORE)),
    Field("shots", Array(Boolean()), ()),
    Field("wagers", Array(POINTS), ()),
], RoundResult)

PENDING: Codec[Pending] = Record("Pending", [
    Field("pirate", EnumValue(Pirate)), Field("seat", SEAT), Field("drawn", COUNT, 0),
], Pending)

ROUND_SUMMARY: Codec[RoundSummary] = Record("RoundSummary", [
    Field("round_number", Integer(1)),
    Field("cards_dealt", COUNT),
    Field("bids", Array(COUNT)),
    Field("tricks", Array(COUNT)),
    Field("points", Array(POINTS)),
], RoundSummary, description="A finished round: final bids, tricks won and points per seat.")


def _observation(**fields: Any) -> Observation:
    """An observation from its fields, with the tricks of this round worked out again.

    They come from their plays through the engine's :func:`~skullgames.king.resolve_trick`.
    """
    check_seat(fields)
    config = fields["config"]
    results = []
    for i, trick in enumerate(fields["tricks"]):
        try:
            results.append(resolve_trick(trick["plays"], config))
        except SkullgamesError as error:
            raise SerializationError(str(error), f".tricks[{i}]") from None
    fields["tricks"] = tuple(results)
    return Observation(**fields)


def _played(trick: TrickResult) -> dict[str, Any]:
    return {"plays": trick.plays}


TRICK_PLAYS: Codec[Any] = Record(
    "TrickPlays", [Field("plays", Array(TRICK_ENTRY, most=9))], dict, get=lambda trick: trick,
    description="A finished trick of this round: its plays; its result is worked out again "
                "on input.")

OBSERVATION: Codec[Observation] = Record("Observation", [
    Field("config", CONFIG),
    Field("seat", SEAT),
    Field("phase", EnumValue(Phase)),
    Field("round_number", Integer(1)),
    Field("cards_dealt", COUNT),
    Field("dealer", SEAT),
    Field("hand", CARDS),
    Field("hand_sizes", Array(COUNT)),
    Field("ghost_size", COUNT),
    Field("bids", Array(Nullable(COUNT))),
    Field("has_bid", Array(Boolean())),
    Field("shots", Array(Nullable(Boolean()))),
    Field("has_shot", Array(Boolean())),
    Field("tricks_won", Array(COUNT)),
    Field("leader", PLAYER),
    Field("to_move", Nullable(SEAT)),
    Field("trick", Array(TRICK_ENTRY, most=9)),
    Field("suit_state", EnumValue(SuitState)),
    Field("lead_suit", Nullable(EnumValue(Suit))),
    Field("tricks", Array(TRICK_PLAYS)),
    Field("pending", Nullable(PENDING)),
    Field("wagers", Array(POINTS)),
    Field("undealt", Nullable(CARDS)),
    Field("discarded", CARDS),
    Field("totals", Array(POINTS)),
    Field("rounds", Array(ROUND_SUMMARY)),
    Field("legal_moves", Array(MOVE_TEXT)),
], _observation, get=lambda o: Overlay(o, tricks=[_played(t) for t in o.tricks]),
    description="What one seat may see of a Skull King game.")


class _Rules:
    """The Skull King functions that saving and loading a game use."""

    format_name = STATE_FORMAT
    deal_type = Deal
    new_game = staticmethod(new_game)
    apply = staticmethod(apply)
    is_over = staticmethod(is_over)
    parse_move = staticmethod(parse_move)
    known_moves = _KNOWN_MOVES
    structure_move = staticmethod(structure_move)
    structure_config = staticmethod(structure_config)
    unstructure_config = staticmethod(unstructure_config)
    unstructure_deal = staticmethod(unstructure_deal)


_RULES: GameRules[State] = _Rules()

STATE: Codec[State] = state_codec(_RULES, CONFIG, MOVE_TEXT, DEAL)

CODECS: dict[Any, Codec[Any]] = {
    State: STATE, Observation: OBSERVATION, Config: CONFIG, Move: MOVE,
    TrickResult: TRICK_RESULT, RoundResult: ROUND_RESULT, RoundSummary: ROUND_SUMMARY,
    SeatScore: SEAT_SCORE, Bonus: BONUS, Pending: PENDING, Card: CARD,
}
"""The codec of each Skull King type that has a document of its own."""

def configure(converter: cattrs.Converter) -> None:
    """Register the Skull King hooks on ``converter``."""
    configure_game(converter, CODECS, _MOVE_SCHEMAS, unstructure_move, structure_move)
