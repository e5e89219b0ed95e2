"""The JSON of the Skull Queen types (see :mod:`skullgames.serialization`).

Every type has one codec (:mod:`skullgames.plugins.json`) that writes it, reads it back checking
each field's type exactly, and gives its JSON Schema. A saved state is its config, seed
and moves; loading replays the moves through the rules engine, so a loaded state is
always one that ``apply`` produced.
"""

from __future__ import annotations

from typing import Any

import cattrs

from skullgames._codec import (
    check_hands_left,
    check_legal_moves,
    check_own_hand,
    check_per_seat_lengths,
    check_round_number,
    check_seats_of_game,
    check_to_move,
)
from skullgames.errors import SerializationError, SkullgamesError
from skullgames.plugins.json import (
    OWN_DEFAULT,
    Array,
    Boolean,
    Codec,
    EnumValue,
    Field,
    Integer,
    Nullable,
    Overlay,
    Pair,
    Record,
    SavedGame,
    Tagged,
    Text,
    anchored,
    check_seat,
    configure_game,
    word_in,
)
from skullgames.queen.cards import ALL_CARDS, Card, Color, card
from skullgames.queen.config import _MOST_PLAYERS, Config
from skullgames.queen.moves import _CANONICAL as _KNOWN_MOVES
from skullgames.queen.moves import PLACES, Deal, Move, Place, Play, parse_move
from skullgames.queen.observation import Observation, RoundSummary
from skullgames.queen.scoring import Plank, Side
from skullgames.queen.state import Phase, RoundResult, State
from skullgames.queen.tricks import Movement, Reason, TrickResult, resolve_trick
from skullgames.queen.visibility import HIDDEN_KINDS, HiddenMove

STATE_FORMAT = "skullgames.queen/state"

_MOST_SEATS = _MOST_PLAYERS  # the most players a config has: seats 0..5
_MAX_HAND = max(Config(players=n).hand_size for n in range(2, _MOST_SEATS + 1))


def structure_card(data: Any, path: str) -> Card:
    """Read a card from its text."""
    return CARD.load(data, path)


# --------------------------------------------------------------------------- the codecs

CARD: Codec[Card] = Text("Card", card, values=[str(c) for c in ALL_CARDS],
                         description="A Skull Queen card in its text form.")
CARDS = Array(CARD)
SEAT = Integer(0, _MOST_SEATS - 1)
PLAYER = Nullable(SEAT)  # a seat, or null for the Pirate King
COUNT = Integer(0, _MAX_HAND)
POINTS = Integer()
COLOR = EnumValue(Color)
_CARD_TEXTS = "|".join(str(c) for c in ALL_CARDS)
_PLACE_TEXTS = f"(?:{'|'.join(side.value for side in Side)})(?: [0-4]){{4}}"
PLACE_TEXT: Codec[Any] = Text(
    "PlaceNotation", parse_move, accept=(Place,), pattern=anchored(_PLACE_TEXTS),
    description="a placement in notation: the side and the four spaces 0..4 of the red, "
                "yellow, green and blue pawns, as in 'front 0 1 2 4'")
MOVE_TEXT: Codec[Move] = Text(
    "MoveNotation", parse_move, pattern=anchored(f"{_PLACE_TEXTS}|{_CARD_TEXTS}"),
    description="A move in the notation of skullgames.queen.parse_move ('front 0 1 2 4', "
                "'R7', 'MONKEY'), spelt as the library writes it; a deal is an object.")
PLAY_TEXT: Codec[Any] = Text(
    "PlayNotation", parse_move, accept=(Play,), values=[str(c) for c in ALL_CARDS],
    description="a play in notation: the card, as in 'R7' or 'MONKEY'")
TRICK_ENTRY = Pair(PLAYER, PLAY_TEXT)
"""A card played to a trick: ``[seat, "R7"]`` (seat ``null`` for the Pirate King), read as
a ``(seat, Play)`` pair as the state holds it."""

DEAL: Record[Deal] = Record("Deal", [
    Field("hands", Array(CARDS)),
    Field("center", CARDS, (), omit=True),
    Field("ghost", CARDS, (), omit=True),
], Deal, tag="deal")

MOVE: Tagged = Tagged("Move", {
    Place: Record("Place", [Field("side", EnumValue(Side)),
                            Field("spaces", Array(Integer(0, 4), 4))], Place, tag="place"),
    Play: Record("Play", [Field("card", CARD)], Play, tag="play"),
    Deal: DEAL,
}, "a Skull Queen move")


CONFIG: Record[Config] = Record("Config", [
    Field("players", Integer(2, _MOST_SEATS), OWN_DEFAULT),
    Field("rounds", Nullable(Integer(1)), OWN_DEFAULT,
          description="the number of rounds; on input null is as many as players"),
    Field("plank_values", Array(Integer(0), 5), OWN_DEFAULT),
    Field("set_aside_center_pair", Boolean(), OWN_DEFAULT),
    Field("set_aside_center_specials", Boolean(), OWN_DEFAULT),
], Config, description="The rule options; absent options take their defaults on input.",
    rules="a total within 2**53 - 1: rounds (as many as players when null) x 4 pawns x the "
          "largest plank value.")


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


def _legal_moves_unless_placing(fields: dict[str, Any]) -> None:
    """``legal_moves`` is left out while placing, and only then (the schema's if/then)."""
    placing = fields["phase"] is Phase.PLACE
    if placing and fields["legal_moves"] is not None:
        raise SerializationError("no legal_moves while placing: they are every placement",
                                 ".legal_moves")
    if not placing and fields["legal_moves"] is None:
        raise SerializationError("missing field 'legal_moves'", "")


_PER_SEAT = ("hand_sizes", "placements", "has_placed", "totals")
_PLANKS = ("planks",)  # empty until every seat has placed
_NOBODY_MOVES = (Phase.DEAL, Phase.OVER)  # State.to_move is None in these phases only


def check_observation(fields: dict[str, Any]) -> None:
    """Refuse an observation that no game under its config could give.

    Its seats are seats of the game, its per-seat arrays have one entry per seat, its
    round is one of the config's, the hand is as large as ``hand_sizes`` says, every
    hand holds what is left of its deal, and someone is to move except in the phases
    where nobody moves. Its legal moves are checked once a seat to place has been given
    its placements.
    """
    check_seat(fields)
    check_seats_of_game(fields, ("dealer", "leader", "to_move"))
    check_per_seat_lengths(fields, _PER_SEAT)
    check_per_seat_lengths(fields, _PLANKS, may_be_empty=True)
    check_round_number(fields)
    check_own_hand(fields)
    check_to_move(fields, _NOBODY_MOVES)
    # a card lying face down (two players) has been played
    check_hands_left(fields, fields["config"].hand_size, _NOBODY_MOVES,
                     also_played=fields["face_down"])


def _observation(**fields: Any) -> Observation:
    """An observation from its fields, with what they leave out worked out again.

    The tricks of this round come from their plays through the engine's
    :func:`~skullgames.queen.resolve_trick`; a seat to place has the 1,250 placements.
    """
    check_observation(fields)
    seat = fields["seat"]
    if fields["phase"] is Phase.PLACE:
        fields["legal_moves"] = PLACES if fields["to_move"] == seat else ()
    check_legal_moves(fields)
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
    Field("ghost_size", COUNT),
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
    Field("legal_moves", Array(MOVE_TEXT), None, omit=True,
          description="The plays this seat may make now; absent while placing (and only "
                      "then), where a seat to place may make any of the 1,250 placements."),
], _observation, get=_observed, description="What one seat may see of a Skull Queen game.",
    check=_legal_moves_unless_placing,
    extra={"if": {"properties": {"phase": {"const": Phase.PLACE.value}},
                  "required": ["phase"]},
           "then": {"properties": {"legal_moves": False}},
           "else": {"required": ["legal_moves"]}},
    rules="seat, dealer, leader and to_move are seats of the config's game; each per-seat "
          "array (hand_sizes, placements, has_placed, totals) has one entry per seat, and "
          "planks one per seat or none; round_number is one of the config's rounds; hand "
          "holds hand_sizes[seat] cards; each hand_sizes entry is the config's hand size "
          "less the seat's plays in tricks, trick and face_down (0 in the phases deal and "
          "over); to_move is null in the phases deal and over and "
          "only there; legal_moves is empty unless seat is to move, and not empty when it "
          "is; tricks are played once every seat has placed; the plays of each finished "
          "trick make a trick with the centre it met (each card once, as "
          "skullgames.queen.resolve_trick checks).")

STATE: SavedGame[State] = SavedGame(
    STATE_FORMAT, CONFIG, MOVE_TEXT, MOVE, _KNOWN_MOVES,
    "every move replayed through the rules of skullgames.queen.apply: legal when it is "
    "made (a card in the hand that follows the colour, a deal of the config's cards), "
    "and none after the end of the game.")

HIDDEN_MOVE: Codec[HiddenMove] = Record("HiddenMove", [
    Field("seat", PLAYER, description="who moved (null for a deal)"),
    Field("kind", Text("HiddenMoveKind", word_in(HIDDEN_KINDS, "kind of hidden move"),
                       values=HIDDEN_KINDS)),
    Field("cards", CARDS, (), omit=True, description="a deal: the viewer's own hand"),
    Field("center", CARDS, (), omit=True, description="a deal: the cards face up in the "
                                                      "centre"),
], HiddenMove, tag="hidden", description="A Skull Queen move as a seat "
   "sees it when the rules hide what it was (skullgames.queen.observe_move).")

CODECS: dict[Any, Codec[Any]] = {
    State: STATE, Observation: OBSERVATION, Config: CONFIG, Move: MOVE,
    TrickResult: TRICK_RESULT, RoundResult: ROUND_RESULT, RoundSummary: ROUND_SUMMARY,
    Movement: MOVEMENT, Plank: PLANK, Card: CARD, HiddenMove: HIDDEN_MOVE,
}
"""The codec of each Skull Queen type that has a document of its own."""


def configure(converter: cattrs.Converter) -> None:
    """Register the Skull Queen hooks on ``converter``."""
    configure_game(converter, CODECS, MOVE)
