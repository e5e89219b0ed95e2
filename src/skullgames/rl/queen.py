"""Skull Queen observations as tensors: the layout and the encoder of one config."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from skullgames.plugins.rl import (
    OWN,
    PRIVATE,
    RELATIVE,
    TABLE,
    GroupEncoder,
    Layout,
    SeatFields,
    Values,
    zeros,
)
from skullgames.queen import (
    Card,
    Color,
    Config,
    Phase,
    Place,
    Plank,
    Play,
    Side,
    State,
    TrickResult,
    score_bounds,
)
from skullgames.queen.cards import COLORS
from skullgames.queen.planks import TOP
from skullgames.queen.visibility import placements_seen, plays_face_down

_PHASES = tuple(Phase)  # found by identity: faster than hashing an Enum member
_PLAY = Phase.PLAY
_PLACE = Phase.PLACE
_BACK = Side.BACK
_SPACES = TOP + 1
_PLACEMENT = 1 + len(COLORS) * _SPACES  # the side, then a one-hot space per colour
_PLANK = 1 + len(COLORS) * (_SPACES + 1)  # the same, with the water after the spaces

# The attributes of an Observation the tensor reads, and their positions.
_INPUTS = ("phase", "round_number", "hand", "center", "set_aside", "trick", "tricks",
           "face_down", "trick_color", "placements", "has_placed", "planks", "totals",
           "hand_sizes", "ghost_size", "dealer", "leader", "to_move")
(PHASE, ROUND_NUMBER, HAND, CENTER, SET_ASIDE, TRICK, TRICKS, FACE_DOWN, COLOR, PLACEMENTS,
 HAS_PLACED, PLANKS, TOTALS, SIZES, GHOST, DEALER, LEADER, TO_MOVE) = range(len(_INPUTS))


class QueenEncoder(GroupEncoder):
    """The tensor layout of one Skull Queen config, and :meth:`encode` for it.

    Seats are relative to the observer: position ``k`` is the seat ``k`` places to its
    left, the observer position 0; the ghost Pirate King, with two players, has a
    position of his own after the players.
    """

    def __init__(self, config: Config) -> None:
        self.config = config
        players = self.players = config.players
        ghost = self._ghost = config.has_ghost
        self._hand_most = config.hand_size
        self._bounds = score_bounds(config)
        self._plank_most = 4 * max(max(config.plank_values), 1)
        cards = self._cards = len(config.deck)
        lay = Layout(_INPUTS)
        a = lay.add
        self.phase = a("phase", len(_PHASES), "one-hot: deal, place, play, over")
        self.round = a("round", 1, "round number / rounds")
        self.hand = a("hand", cards, "own hand: 1 per card held, cards in deck order "
                      "(red, yellow, green, blue by value, the Monkey, the First Mate)",
                      PRIVATE)
        self.center = a("center", cards, "the cards in the centre")
        self.set_aside = a("set_aside", cards, "the cards set aside this round")
        # With two players the other captain's card lies face down (Q7): the trick, the
        # cards played and the face-down flags are then the observer's own.
        self.played = a("played", cards, "the cards played this round, finished tricks "
                        "and the face-up cards of the trick in progress",
                        PRIVATE if ghost else TABLE)
        self.trick = a("trick", (players + ghost) * cards, "the trick in progress: per "
                       "relative seat (the Pirate King last), one-hot of the face-up card",
                       OWN if ghost else RELATIVE, cards)
        self.face_down = a("face_down", players, "1 for a seat whose card lies face down "
                           "(two players)", OWN if ghost else RELATIVE)
        self.color = a("trick_color", len(COLORS), "one-hot: the trick colour, once set")
        self.placements = a("placements", players * _PLACEMENT, "per relative seat, where "
                            "shown: 1 for the back side, then per colour (red, yellow, "
                            "green, blue) a one-hot of the space placed on, 0 bottom to 4 top",
                            OWN, _PLACEMENT)
        self.has_placed = a("has_placed", players, "1 for each seat that has placed",
                            RELATIVE)
        self.planks = a("planks", players * _PLANK, "per relative seat, once all have "
                        "placed, the plank as it stands: 1 for the back side, then per "
                        "colour a one-hot of spaces 0..4 and the water", RELATIVE, _PLANK)
        self.plank_points = a("plank_points", players, "what each plank scores as it "
                              "stands / 4 x the largest plank value", RELATIVE)
        lay.group(self._write_phase, (PHASE,), "phase")
        lay.group(self._write_round, (ROUND_NUMBER,))
        lay.group(self._write_hand, (HAND,), "hand")
        lay.group(self._write_center, (CENTER,), "center")
        lay.group(self._write_set_aside, (SET_ASIDE,), "set_aside")
        lay.group(self._write_trick, (TRICK, TRICKS), "trick")  # and "played", copied whole
        lay.group(self._write_face_down, (FACE_DOWN,), "face_down")
        lay.group(self._write_color, (COLOR,), "trick_color")
        lay.group(self._write_placements, (PLACEMENTS,), "placements")
        lay.group(self._write_has_placed, (HAS_PLACED,), "has_placed")
        lay.group(self._write_planks, (PLANKS,), "planks", "plank_points")
        self._seat_fields = SeatFields(
            lay, players, ghost, bounds=self._bounds, hand_most=self._hand_most,
            reads=(TOTALS, SIZES, GHOST, DEALER, LEADER, TO_MOVE),
            sizes_doc="cards in each hand / the hand size (the Pirate King's stack last)",
            leader_doc="one-hot: who leads the trick (the Pirate King last)")
        self.finish(lay)
        self._seats = self._seat_fields.seats
        self.seats = self._seat_fields
        # Each card's place in deck order, by the card's index.
        self._card = {c.index: i for i, c in enumerate(config.deck)}
        self._last_played: tuple[object, Values] = (
            None, zeros(cards))

    def reader(self) -> Callable[[State, int, int | None], list[Any] | None]:
        """A new ``read(state, seat, to_move)``: ``observe(state, seat)``'s inputs, or ``None``.

        The inputs are read from the state but while cards are played face down (two
        players, Q7); ``None`` comes then. What a seat sees of the placements (Q2) is
        read through :mod:`skullgames.queen.visibility`, the rules ``observe`` is built on.

        What changes only once a round (the totals, the dealer) is read again only when
        ``state.rounds`` is another tuple; what changes only when a trick ends (the
        centre, the cards set aside, the planks, the leader) only when ``state.tricks``
        (or the round) is another: reading a state's property costs as much as writing
        a field.
        """
        unset = object()
        round_key: Any = unset
        tricks_key: Any = unset
        hands_key: Any = unset
        per_round: tuple[Any, ...] = ()
        per_tricks: tuple[Any, ...] = ()
        sizes: tuple[int, ...] = ()
        face_down = plays_face_down(self.config)

        def read(state: State, seat: int, to_move: int | None) -> list[Any] | None:
            nonlocal round_key, tricks_key, hands_key, per_round, per_tricks, sizes
            if state.phase is not _PLAY:
                return settled(state, seat, to_move)
            if face_down:  # the seats see different tricks: left to observe
                return None
            rounds, tricks = state.rounds, state.tricks
            if rounds is not round_key:
                round_key = rounds
                per_round = (state.round_number, state.totals, state.dealer)
                tricks_key = unset
            if tricks is not tricks_key:
                tricks_key = tricks
                # Once cards are played every seat sees every placement (visibility's
                # placements_seen gives the state's own tuple): read once a trick.
                placements = placements_seen(state, seat)
                has_placed = per_tricks[3] if per_tricks and per_tricks[2] is placements else (
                    tuple([p is not None for p in placements]))
                per_tricks = (state.center, state.set_aside, placements, has_placed,
                              state.planks, state.leader)
            hands = state.hands
            if hands is not hands_key:
                hands_key = hands
                sizes = tuple([len(h) for h in hands])
            return [_PLAY, per_round[0], hands[seat], per_tricks[0], per_tricks[1],
                    state.trick, tricks, (), state.trick_color, per_tricks[2],
                    per_tricks[3], per_tricks[4], per_round[1], sizes, 0, per_round[2],
                    per_tricks[5], to_move]

        def settled(state: State, seat: int, to_move: int | None) -> list[Any]:
            # No trick in progress, so no card face down; the placements as the seat
            # sees them (Q2).
            has_placed = tuple([p is not None for p in state.placements])
            return [state.phase, state.round_number, state.hands[seat], state.center,
                    state.set_aside, (), state.tricks, (), None, placements_seen(state, seat),
                    has_placed,
                    state.planks, state.totals, tuple([len(h) for h in state.hands]),
                    len(state.ghost), state.dealer, state.leader, to_move]

        return read

    def _write_phase(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        out[self.phase + _PHASES.index(inputs[PHASE])] = 1.0

    def _write_round(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        out[self.round] = inputs[ROUND_NUMBER] / self.config.rounds

    def _write_hand(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        self.write_cards(out, self.hand, inputs[HAND])

    def _write_center(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        self.write_cards(out, self.center, inputs[CENTER])

    def _write_set_aside(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        self.write_cards(out, self.set_aside, inputs[SET_ASIDE])

    def _write_trick(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        """The face-up cards of the trick in progress, and the played cards.

        The played cards are the finished tricks' (cached) and the trick's.
        """
        trick: tuple[tuple[int | None, Play], ...] = inputs[TRICK]
        tricks: tuple[TrickResult, ...] = inputs[TRICKS]
        last = self._last_played  # one read: another thread may replace it
        if last[0] is not tricks:
            last = self._played_before(tricks)
        out[self.played:self.played + self._cards] = last[1]
        players, card, cards, played, start = (self.players, self._card, self._cards,
                                               self.played, self.trick)
        for seat, play in trick:
            i = card[play.card.index]
            slot = players if seat is None else (seat - me) % players
            out[start + slot * cards + i] = 1.0
            out[played + i] = 1.0

    def _played_before(self, tricks: tuple[TrickResult, ...]) -> tuple[object, Values]:
        """The cards of a round's finished tricks, kept for the last ``tricks``.

        The tuple changes only when a trick ends.
        """
        values = zeros(self._cards)
        card = self._card
        for trick in tricks:
            for _, play in trick.plays:
                values[card[play.card.index]] = 1.0
        last = self._last_played = (tricks, values)
        return last

    def _write_face_down(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        for seat in inputs[FACE_DOWN]:
            out[self.face_down + (seat - me) % self.players] = 1.0

    def _write_color(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        color: Color | None = inputs[COLOR]
        if color is not None:
            out[self.color + color.index] = 1.0

    def _write_placements(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        players = self.players
        placements: tuple[Place | None, ...] = inputs[PLACEMENTS]
        for seat, place in enumerate(placements):
            if place is not None:
                start = self.placements + ((seat - me) % players) * _PLACEMENT
                out[start] = float(place.side is _BACK)
                for i, space in enumerate(place.spaces):
                    out[start + 1 + i * _SPACES + space] = 1.0

    def _write_has_placed(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        players, has_placed = self.players, inputs[HAS_PLACED]
        for seat, placed in enumerate(has_placed):
            if placed:
                out[self.has_placed + (seat - me) % players] = 1.0

    def _write_planks(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        players = self.players
        planks: tuple[Plank, ...] = inputs[PLANKS]
        for seat, plank in enumerate(planks):
            self.write_plank(out, (seat - me) % players, plank)

    def write_plank(self, out: Values, k: int, plank: Plank) -> None:
        """The plank at relative seat ``k`` and its points (its slot zero before)."""
        start = self.planks + k * _PLANK
        out[start] = float(plank.side is _BACK)
        for i, space in enumerate(plank.spaces):
            out[start + 1 + i * (_SPACES + 1) + (_SPACES if space is None else space)] = 1.0
        out[self.plank_points + k] = plank.points(self.config.plank_values) / self._plank_most

    def write_cards(self, out: Values, start: int, cards: tuple[Card, ...]) -> None:
        """A 1 at ``start`` + each card's place in deck order."""
        card = self._card
        for c in cards:
            out[start + card[c.index]] = 1.0
