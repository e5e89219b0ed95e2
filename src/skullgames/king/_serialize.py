"""The JSON of the Skull King types (see :mod:`skullgames.serialization`).

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
from skullgames.king.cards import ALL_CARDS, TIGRESS, Card, Kind, Pirate, Suit, card
from skullgames.king.config import (
    MAX_HAND,
    ROUND_PRESETS,
    Config,
    Edition,
    KrakenLeader,
    Scoring,
    WhaleLeader,
)
from skullgames.king.moves import _CANONICAL as _KNOWN_MOVES
from skullgames.king.moves import (
    WAGER_POINTS,
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
    Reason,
    SuitState,
    TrickResult,
    decide,
    resolve_trick,
)
from skullgames.king.visibility import HIDDEN_KINDS, HiddenMove
from skullgames.plugins.json import (
    OWN_DEFAULT,
    Array,
    Boolean,
    Codec,
    Custom,
    EnumValue,
    Field,
    Integer,
    IntegerIn,
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

STATE_FORMAT = "skullgames.king/state"

_MOST_SEATS = 8  # the most players a config has: seats 0..7


def structure_card(data: Any, path: str) -> Card:
    """Read a card from its text."""
    return CARD.load(data, path)


def _alternatives(texts: Any) -> str:
    return "|".join(str(text) for text in texts)


# --------------------------------------------------------------------------- the codecs

CARD: Codec[Card] = Text("Card", card, values=[str(c) for c in ALL_CARDS],
                         description="A Skull King card in its text form.")
CARDS = Array(CARD)
SEAT = Integer(0, _MOST_SEATS - 1)
PLAYER = Nullable(SEAT)  # a seat, or null for Graybeard
COUNT = Integer(0, MAX_HAND)  # cards in a hand, a bid, tricks won
POINTS = Integer()
DRAWN = Integer(0, 2)  # Bendt the Bandit draws up to two cards, then discards as many (K12)
DELTA = Integer(-1, 1)
PLAY_TEXT: Codec[Any] = Text(
    "PlayNotation", parse_move, accept=(Play,),
    values=[text for c in ALL_CARDS
            for text in ((f"{c} pirate", f"{c} escape") if c == TIGRESS else (str(c),))],
    description="a play in notation: the card, and for the Tigress 'pirate' or 'escape'")
_CARD_TEXTS = _alternatives(ALL_CARDS)
MOVE_TEXT: Codec[Move] = Text(
    "MoveNotation", parse_move,
    pattern=anchored("|".join([
        f"bid (?:{_alternatives(range(MAX_HAND, -1, -1))})",
        _alternatives(c for c in ALL_CARDS if c.kind is not Kind.TIGRESS),
        f"{TIGRESS} (?:pirate|escape)",
        "cannonball|grapeshot",
        f"leader (?:{_alternatives(range(_MOST_SEATS))})",
        f"discard(?: (?:{_CARD_TEXTS})){{0,{DRAWN.high}}}",
        f"wager (?:{_alternatives(WAGER_POINTS)})",
        "adjust (?:\\+1|-1|0)",
    ])),
    description="A move in the notation of skullgames.king.parse_move ('bid 2', 'Y12', "
                "'TIG pirate', 'cannonball', 'leader 2', 'discard Y3 G1', 'wager 20', "
                "'adjust +1'), spelt as the library writes it; a deal is an object.")
TRICK_ENTRY = Pair(PLAYER, PLAY_TEXT)
"""A card played to a trick: ``[seat, "TIG pirate"]`` (seat ``null`` for Graybeard)."""

_TIGRESS_DECLARED = {  # as_pirate for the Tigress, and only for her
    "if": {"properties": {"card": {"const": str(TIGRESS)}}, "required": ["card"]},
    "then": {"required": ["as_pirate"]},
    "else": {"properties": {"as_pirate": False}},
}

DEAL: Record[Deal] = Record("Deal", [
    Field("hands", Array(CARDS)),
    Field("ghost", CARDS, (), omit=True),
    Field("stock", CARDS, (), omit=True),
], Deal, tag="deal")

MOVE: Tagged = Tagged("Move", {
    Bid: Record("Bid", [Field("n", COUNT)], Bid, tag="bid"),
    Play: Record("Play", [Field("card", CARD), Field("as_pirate", Boolean(), None, omit=True)],
                 Play, tag="play", extra=_TIGRESS_DECLARED),
    Deal: DEAL,
    Shot: Record("Shot", [Field("cannonball", Boolean())], Shot, tag="shot"),
    ChooseLeader: Record("ChooseLeader", [Field("seat", SEAT)], ChooseLeader, tag="leader"),
    Discard: Record("Discard", [Field("cards", Array(CARD, most=DRAWN.high))], Discard,
                    tag="discard"),
    Wager: Record("Wager", [Field("points", IntegerIn(WAGER_POINTS))], Wager, tag="wager"),
    AdjustBid: Record("AdjustBid", [Field("delta", DELTA)], AdjustBid, tag="adjust_bid"),
}, "a Skull King move")


def _plan_load(data: Any, path: str) -> Any:
    if isinstance(data, str):
        if data not in ROUND_PRESETS:
            if len(data) > 30:  # no preset's name is that long: never echo it back
                raise SerializationError("unknown preset (see skullgames.king.ROUND_PRESETS)",
                                         path)
            raise SerializationError(f"unknown preset {data!r} (one of "
                                     f"{', '.join(ROUND_PRESETS)})", path)
        return data
    return _HAND_SIZES.load(data, path)


_HAND_SIZES = Array(Integer(1), least=1)
PLAN: Codec[Any] = Custom(
    "RoundPlan", list, _plan_load,
    lambda defs: {"anyOf": [_HAND_SIZES.schema(defs), {"enum": list(ROUND_PRESETS)}],
                  "description": "the hand size of each round; on input also a preset's "
                                 "name"})

CONFIG: Record[Config] = Record("Config", [
    Field("players", Integer(2, _MOST_SEATS), OWN_DEFAULT),
    Field("rounds", PLAN, OWN_DEFAULT),
    Field("hand_cap", Nullable(Integer(1, MAX_HAND)), OWN_DEFAULT),
    Field("edition", EnumValue(Edition), OWN_DEFAULT),
    Field("scoring", EnumValue(Scoring), OWN_DEFAULT),
    Field("kraken_leader", EnumValue(KrakenLeader), OWN_DEFAULT),
    Field("whale_leader", EnumValue(WhaleLeader), OWN_DEFAULT),
    *(Field(flag, Boolean(), OWN_DEFAULT) for flag in (
        "loot", "kraken", "white_whale", "cannonball", "pirate_abilities", "round_bonus",
        "character_ends_choice", "whale_cancels_loot")),
], Config, description="The rule options; absent options take their defaults on input.",
    rules="the classic edition is for 2 to 6 players and has no loot, kraken, white_whale, "
          "cannonball, pirate_abilities nor Rascal's scoring; cannonball is played with "
          "Rascal's scoring only; hand_cap is at most the cards the deck gives every hand.")


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
    Field("reason", Nullable(EnumValue(Reason)), None),
], lambda **fields: _trick_result(**fields))


def _trick_result(**fields: Any) -> TrickResult:
    """A trick result as read.

    A document written before ``reason`` existed gets it from its plays, by the engine's
    :func:`~skullgames.king.tricks.decide`.
    """
    if fields["reason"] is None:
        fields["reason"] = decide(fields["plays"])[1]
    return TrickResult(**fields)

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
    Field("pirate", EnumValue(Pirate)), Field("seat", SEAT), Field("drawn", DRAWN, 0),
], Pending)

ROUND_SUMMARY: Codec[RoundSummary] = Record("RoundSummary", [
    Field("round_number", Integer(1)),
    Field("cards_dealt", COUNT),
    Field("bids", Array(COUNT)),
    Field("tricks", Array(COUNT)),
    Field("points", Array(POINTS)),
], RoundSummary, description="A finished round: final bids, tricks won and points per seat.")


_PER_SEAT = ("hand_sizes", "bids", "has_bid", "tricks_won", "wagers", "totals")
_SHOTS = ("shots", "has_shot")  # empty without the Cannonball option, and before the deal
_NOBODY_MOVES = (Phase.DEAL, Phase.OVER)  # observe's to_move is None in these phases only


def _check_cards_dealt(fields: dict[str, Any]) -> None:
    """Refuse a ``cards_dealt`` other than the config's hand size for the round."""
    dealt, round_number = fields["cards_dealt"], fields["round_number"]
    size = fields["config"].hand_sizes[round_number - 1]
    if dealt != size:
        raise SerializationError(f"{dealt} cards dealt in round {round_number}, where this "
                                 f"config deals {size}", ".cards_dealt")


def _check_shots(fields: dict[str, Any]) -> None:
    """Refuse shots without the Cannonball option, or not one per seat with it."""
    if fields["config"].cannonball:
        check_per_seat_lengths(fields, _SHOTS, may_be_empty=True)
        return
    for name in _SHOTS:
        if fields[name]:
            raise SerializationError("shots in a game without the cannonball option",
                                     f".{name}")


def _check_bids(fields: dict[str, Any]) -> None:
    """Refuse a bid beyond the cards dealt: a bid is 0 to the cards dealt (K9; K12 for Harry)."""
    dealt = fields["cards_dealt"]
    for seat, bid in enumerate(fields["bids"]):
        if bid is not None and bid > dealt:
            raise SerializationError(f"a bid of {bid} with {dealt} cards dealt",
                                     f".bids[{seat}]")


def _check_pending(fields: dict[str, Any]) -> None:
    """Refuse a pending ability outside the ability phase, or none in it, or not to move.

    ``observe`` fills ``pending`` in the ability phase only, with ``to_move`` its seat.
    """
    pending, phase = fields["pending"], fields["phase"]
    if (pending is None) == (phase is Phase.ABILITY):
        said = "no pending ability" if pending is None else "a pending ability"
        raise SerializationError(f"{said} in phase {phase.value}", ".pending")
    if pending is not None and pending.seat != fields["to_move"]:
        raise SerializationError(f"the ability is seat {pending.seat}'s, but seat "
                                 f"{fields['to_move']} is to move", ".pending.seat")


def _check_hand_sizes(fields: dict[str, Any]) -> None:
    """Refuse a hand size other than the cards dealt less the seat's plays this round.

    Bendt the Bandit's owner also holds the cards he drew until he discards as many
    (``pending.drawn``).
    """
    pending = fields["pending"]
    drawn = {pending.seat: pending.drawn} if pending is not None else {}
    check_hands_left(fields, fields["cards_dealt"], _NOBODY_MOVES, drawn=drawn)


def check_observation(fields: dict[str, Any]) -> None:
    """Refuse an observation that no game under its config could give.

    Its seats are seats of the game, its per-seat arrays have one entry per seat, its
    round is one of the config's and deals the config's cards, the hand is as large as
    ``hand_sizes`` says, someone is to move except in the phases where nobody moves, a
    pending ability is the seat's to move, every hand holds what is left of its deal, and
    only the seat to move has legal moves.
    """
    check_seat(fields)
    check_seats_of_game(fields, ("dealer", "leader", "to_move"))
    check_per_seat_lengths(fields, _PER_SEAT)
    _check_shots(fields)
    check_round_number(fields)
    _check_cards_dealt(fields)
    _check_bids(fields)
    check_own_hand(fields)
    check_to_move(fields, _NOBODY_MOVES)
    _check_pending(fields)
    _check_hand_sizes(fields)
    check_legal_moves(fields)


def _observation(**fields: Any) -> Observation:
    """An observation from its fields, with the tricks of this round worked out again.

    They come from their plays through the engine's :func:`~skullgames.king.resolve_trick`.
    """
    check_observation(fields)
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
    description="What one seat may see of a Skull King game.",
    rules="seat, dealer, leader and to_move are seats of the config's game; each per-seat "
          "array (hand_sizes, bids, has_bid, tricks_won, wagers, totals) has one entry per "
          "seat, and shots and has_shot one per seat or none (none without the cannonball "
          "option); round_number is one of the config's rounds and cards_dealt its hand "
          "size; no bid is above cards_dealt; hand holds hand_sizes[seat] cards; each "
          "hand_sizes entry is cards_dealt less the seat's plays in tricks and trick, and "
          "more by pending.drawn for the seat of a pending ability (0 in the phases deal "
          "and over); to_move is null in "
          "the phases deal and over and only there; pending is there in the phase ability "
          "and only there, with to_move its seat; legal_moves is empty unless seat is to "
          "move, and not empty when it is; the plays of each finished trick make a trick "
          "under the config (each card once, as skullgames.king.resolve_trick checks).")


HIDDEN_MOVE: Codec[HiddenMove] = Record("HiddenMove", [
    Field("seat", PLAYER, description="who moved (null for a deal)"),
    Field("kind", Text("HiddenMoveKind", word_in(HIDDEN_KINDS, "kind of hidden move"),
                       values=HIDDEN_KINDS)),
    Field("cards", CARDS, (), omit=True, description="a deal: the viewer's own hand"),
    Field("count", COUNT, 0, omit=True, description="a discard: how many cards"),
], HiddenMove, tag="hidden",
   description="A Skull King move as a seat sees it when the rules hide what it was "
               "(skullgames.king.observe_move).")


STATE: SavedGame[State] = SavedGame(
    STATE_FORMAT, CONFIG, MOVE_TEXT, MOVE, _KNOWN_MOVES,
    "every move replayed through the rules of skullgames.king.apply: legal when it is "
    "played (a bid within the cards dealt, a card in the hand that follows suit, a deal of "
    "the config's cards), and none after the end of the game.")

CODECS: dict[Any, Codec[Any]] = {
    State: STATE, Observation: OBSERVATION, Config: CONFIG, Move: MOVE,
    TrickResult: TRICK_RESULT, RoundResult: ROUND_RESULT, RoundSummary: ROUND_SUMMARY,
    SeatScore: SEAT_SCORE, Bonus: BONUS, Pending: PENDING, Card: CARD,
    HiddenMove: HIDDEN_MOVE,
}
"""The codec of each Skull King type that has a document of its own."""

def configure(converter: cattrs.Converter) -> None:
    """Register the Skull King hooks on ``converter``."""
    configure_game(converter, CODECS, MOVE)
