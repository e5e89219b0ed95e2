"""The JSON of the Skull Queen types (see :mod:`skullgames.serialization`).

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
from skullgames.queen.cards import ALL_CARDS, Card, Color, card
from skullgames.queen.config import Config
from skullgames.queen.game import apply, is_over, new_game
from skullgames.queen.moves import _CANONICAL as _KNOWN_MOVES
from skullgames.queen.moves import PLACES, Deal, Move, Place, Play, parse_move
from skullgames.queen.observation import Observation, RoundSummary
from skullgames.queen.scoring import Plank, Side
from skullgames.queen.state import Phase, RoundResult, State
from skullgames.queen.tricks import Movement, Reason, TrickResult, resolve_trick

STATE_FORMAT = "skullgames.queen/state"

_CONFIG_FLAGS = ("set_aside_center_pair", "set_aside_center_specials")
_CONFIG_KEYS = ("players", "rounds", "plank_values", *_CONFIG_FLAGS)


def structure_card(data: Any, path: str) -> Card:
    """Read a card from its text."""
    return expect_parsed(card, data, path)


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


def unstructure_move(move: Move) -> dict[str, Any]:
    """A move as an object tagged by its ``type``."""
    if type(move) is Play:
        return {"type": "play", "card": str(move.card)}
    if type(move) is Place:
        return unstructure_place(move)
    if type(move) is Deal:
        return unstructure_deal(move)
    raise TypeError(f"not a Skull Queen move: {move!r}")


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
    shown = repr(tag) if isinstance(tag, str) and len(tag) <= 40 else "this"
    raise SerializationError(f"unknown move type {shown} (place, play or deal)", f"{path}.type")


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
    known_moves = _KNOWN_MOVES
    structure_move = staticmethod(structure_move)
    structure_config = staticmethod(structure_config)
    unstructure_config = staticmethod(unstructure_config)
    unstructure_deal = staticmethod(unstructure_deal)


_RULES: GameRules[State] = _Rules()

# --------------------------------------------------------------------------- the codecs

CARD: Codec[Card] = Text("Card", card, values=[str(c) for c in ALL_CARDS],
                         description="A Skull Queen card in its text form.")
CARDS = Array(CARD)
SEAT = Integer(0, 5)
PLAYER = Nullable(SEAT)  # a seat, or null for the Pirate King
COUNT = Integer(0, 100)
POINTS = Integer()
COLOR = EnumValue(Color)
PLACE_TEXT: Codec[Any] = Text(
    "PlaceNotation", parse_move, accept=(Place,),
    description="a placement in notation: the side and the four spaces 0..4 of the red, "
                "yellow, green and blue pawns, as in 'front 0 1 2 4'")
MOVE_TEXT: Codec[Move] = Text(
    "MoveNotation", parse_move,
    description="A move in the notation of skullgames.queen.parse_move ('front 0 1 2 4', "
                "'R7', 'MONKEY').")
PLAY_TEXT: Codec[Any] = Text(
    "PlayNotation", parse_move, accept=(Play,), values=[str(c) for c in ALL_CARDS],
    description="a play in notation: the card, as in 'R7' or 'MONKEY'")
TRICK_ENTRY = Pair(PLAYER, PLAY_TEXT)
"""A card played to a trick: ``[seat, "R7"]`` (seat ``null`` for the Pirate King), read as
a ``(seat, Play)`` pair as the state holds it."""


def _deal_schema(defs: Definitions) -> dict[str, Any]:
    cards = {"type": "array", "items": CARD.schema(defs)}
    return tagged("deal", {"hands": {"type": "array", "items": cards}, "center": cards,
                           "ghost": cards}, ("center", "ghost"))


_MOVE_SCHEMAS: dict[type, Any] = {
    Place: lambda defs: tagged("place", {
        "side": EnumValue(Side).schema(defs),
        "spaces": Array(Integer(0, 4), 4).schema(defs)}),
    Play: lambda defs: tagged("play", {"card": CARD.schema(defs)}),
    Deal: _deal_schema,
}


MOVE: Codec[Move] = move_union(_MOVE_SCHEMAS, unstructure_move, structure_move)
DEAL: Codec[Any] = Custom("Deal", unstructure_deal, structure_move, _deal_schema)


def _config_schema(defs: Definitions) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "players": Integer(2, 6).schema(defs),
        "rounds": Integer(1).schema(defs),
        "plank_values": Array(Integer(0), 5).schema(defs),
    }
    return config_schema(properties, _CONFIG_FLAGS, _CONFIG_KEYS)


CONFIG: Codec[Config] = Custom("Config", unstructure_config, structure_config, _config_schema)

SPACE = Nullable(Integer(0, 4))
PLANK: Codec[Plank] = Record("Plank", [
    Field("side", EnumValue(Side)), Field("spaces", Array(SPACE, 4)),
], Plank, description="A captain's plank: its side and the spaces 0 (bottom) to 4 (top) of "
                      "the red, yellow, green and blue pawns, null for a pawn in the water.")

MOVEMENT: Codec[Movement] = Record("Movement", [
    Field("seat", SEAT), Field("color", COLOR), Field("steps", Integer(-2, 2)),
    Field("reason", EnumValue(Reason)), Field("card", CARD),
    Field("doubled_by", Nullable(CARD), None),
], Movement)

TRICK_RESULT: Codec[TrickResult] = Record("TrickResult", [
    Field("plays", Array(TRICK_ENTRY, most=7)),
    Field("center_before", CARDS),
    Field("trick_colors", Array(COLOR)),
    Field("movements", Array(MOVEMENT)),
    Field("evaluated", Array(COLOR)),
    Field("set_aside", CARDS),
    Field("center", CARDS),
    Field("next_leader", PLAYER),
    Field("planks", Nullable(Array(PLANK)), None),
    Field("falls", Array(Pair(SEAT, COLOR)), ()),
], TrickResult)

ROUND_RESULT: Codec[RoundResult] = Record("RoundResult", [
    Field("round_number", Integer(1)),
    Field("dealer", SEAT),
    Field("deal", DEAL),
    Field("placements", Array(PLACE_TEXT)),
    Field("tricks", Array(TRICK_RESULT)),
    Field("planks", Array(PLANK)),
    Field("points", Array(POINTS)),
], RoundResult)

ROUND_SUMMARY: Codec[RoundSummary] = Record("RoundSummary", [
    Field("round_number", Integer(1)),
    Field("placements", Array(PLACE_TEXT)),
    Field("planks", Array(PLANK)),
    Field("points", Array(POINTS)),
], RoundSummary, description="A finished round: every seat's placement, final plank and "
                             "points.")

TRICK_PLAYS: Codec[Any] = Record("TrickPlays", [
    Field("plays", Array(TRICK_ENTRY, most=7)), Field("center_before", CARDS),
], dict, get=lambda trick: trick, description="A finished trick of this round: its plays "
   "and the cards that lay in the centre; its result is worked out again on input.")


def _observation(**fields: Any) -> Observation:
    """An observation from its fields, with what they leave out worked out again.

    The tricks of this round come from their plays through the engine's
    :func:`~skullgames.queen.resolve_trick`; a seat to place has the 1,250 placements.
    """
    check_seat(fields)
    seat = fields["seat"]
    placing = fields["phase"] is Phase.PLACE
    if fields["legal_moves"] is None:
        if not placing:
            raise SerializationError("missing field 'legal_moves'", "")
        fields["legal_moves"] = PLACES if fields["to_move"] == seat else ()
    elif placing:
        raise SerializationError("no legal_moves while placing: they are every placement",
                                 ".legal_moves")
    tricks = fields["tricks"]
    results: list[TrickResult] = []
    if tricks:
        placements = fields["placements"]
        if None in placements:
            raise SerializationError("tricks are played once every seat has placed",
                                     ".placements")
        planks = tuple(Plank(p.side, p.spaces) for p in placements)
        for i, trick in enumerate(tricks):
            try:
                result = resolve_trick(trick["plays"], trick["center_before"], planks=planks)
            except SkullgamesError as error:
                raise SerializationError(str(error), f".tricks[{i}]") from None
            results.append(result)
            planks = result.planks  # type: ignore[assignment]
    fields["tricks"] = tuple(results)
    return Observation(**fields)


def _observed(o: Observation) -> Overlay:
    tricks = [{"plays": t.plays, "center_before": t.center_before} for t in o.tricks]
    placing = o.phase is Phase.PLACE
    return Overlay(o, tricks=tricks, legal_moves=None if placing else o.legal_moves)


OBSERVATION: Codec[Observation] = Record("Observation", [
    Field("config", CONFIG),
    Field("seat", SEAT),
    Field("phase", EnumValue(Phase)),
    Field("round_number", Integer(1)),
    Field("dealer", SEAT),
    Field("hand", CARDS),
    Field("hand_sizes", Array(COUNT)),
    Field("ghost_cards", COUNT),
    Field("center", CARDS),
    Field("set_aside", CARDS),
    Field("placements", Array(Nullable(PLACE_TEXT))),
    Field("has_placed", Array(Boolean())),
    Field("planks", Array(PLANK)),
    Field("leader", PLAYER),
    Field("to_move", Nullable(SEAT)),
    Field("trick", Array(TRICK_ENTRY, most=7)),
    Field("face_down", Array(SEAT)),
    Field("trick_color", Nullable(COLOR)),
    Field("tricks", Array(TRICK_PLAYS)),
    Field("totals", Array(POINTS)),
    Field("rounds", Array(ROUND_SUMMARY)),
    Field("legal_moves", Nullable(Array(MOVE_TEXT)), None, omit=True,
          description="The plays this seat may make now; absent while placing, where a "
                      "seat to place may make any of the 1,250 placements."),
], _observation, get=_observed, description="What one seat may see of a Skull Queen game.")

STATE: Codec[State] = state_codec(_RULES, CONFIG, MOVE_TEXT, DEAL)

CODECS: dict[Any, Codec[Any]] = {
    State: STATE, Observation: OBSERVATION, Config: CONFIG, Move: MOVE,
    TrickResult: TRICK_RESULT, RoundResult: ROUND_RESULT, RoundSummary: ROUND_SUMMARY,
    Movement: MOVEMENT, Plank: PLANK, Card: CARD,
}
"""The codec of each Skull Queen type that has a document of its own."""


def configure(converter: cattrs.Converter) -> None:
    """Register the Skull Queen hooks on ``converter``."""
    configure_game(converter, CODECS, _MOVE_SCHEMAS, unstructure_move, structure_move)
