"""Skull King observations as tensors: the layout and the encoder of one config."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from skullgames.king import (
    Card,
    Config,
    Phase,
    Pirate,
    Play,
    State,
    SuitState,
    TrickResult,
    score_bounds,
)
from skullgames.king.moves import WAGER_POINTS
from skullgames.king.visibility import bids_seen, discarded_seen, shots_seen, undealt_seen
from skullgames.plugins.rl import (
    OWN,
    PRIVATE,
    RELATIVE,
    GroupEncoder,
    Layout,
    SeatFields,
    Values,
    running_sums,
    write_copies,
    zeros,
)

# Members found by position: tuple.index compares by identity first, where a dict would
# hash the member with Enum.__hash__, a Python function.
_PHASES = tuple(Phase)
_SUIT_STATES = tuple(SuitState)
_PIRATES = tuple(Pirate)
_PLAY = Phase.PLAY
_SETTLED = (Phase.BID, Phase.OVER)  # the phases the reader reads but for cards played
_OPEN = SuitState.OPEN

# The attributes of an Observation the tensor reads, and their positions.
_INPUTS = ("phase", "round_number", "cards_dealt", "hand", "trick", "tricks", "lead_suit",
           "suit_state", "bids", "has_bid", "tricks_won", "totals", "hand_sizes",
           "ghost_size", "dealer", "leader", "to_move", "shots", "has_shot", "pending",
           "wagers", "discarded", "undealt")
(PHASE, ROUND_NUMBER, CARDS_DEALT, HAND, TRICK, TRICKS, LEAD_SUIT, SUIT_STATE, BIDS,
 HAS_BID, WON, TOTALS, SIZES, GHOST, DEALER, LEADER, TO_MOVE, SHOTS, HAS_SHOT, PENDING,
 WAGERS, DISCARDED, UNDEALT) = range(len(_INPUTS))


class KingEncoder(GroupEncoder):
    """The tensor layout of one Skull King config, and :meth:`encode` for it.

    Seats are relative to the observer: position ``k`` is the seat ``k`` places to its
    left (``(seat + k) % players``), so the observer is always position 0; Graybeard,
    where he plays, has a position of his own after the players.
    """

    def __init__(self, config: Config) -> None:
        self.config = config
        faces = list(dict.fromkeys(config.deck))
        suits = list(dict.fromkeys(c.suit for c in faces if c.suit is not None))
        self._suits = tuple(suits)
        players = self.players = config.players
        ghost = config.has_ghost
        self._hand_most = max(config.hand_sizes)
        self._rounds = config.round_count
        self._bounds = score_bounds(config)
        f = len(faces)
        lay = Layout(_INPUTS)
        a = lay.add
        self.phase = a("phase", len(_PHASES), "one-hot: deal, bid, shot, play, ability, over")
        self.round = a("round", 2, "round number / rounds; cards dealt / the largest hand")
        self.hand = a("hand", f, "own hand: copies of each card face / copies in the deck; "
                      "faces in card order (suits, then specials)", PRIVATE)
        self.trick = a("trick", (players + ghost) * (f + 1),
                       "the trick in progress: per relative seat (Graybeard last), one-hot "
                       "of the face played, then 1 for a Tigress played as a pirate",
                       RELATIVE, f + 1)
        self.played = a("played", f, "cards played this round, finished tricks and the "
                        "trick in progress: copies of each face / copies in the deck")
        self.lead = a("lead_suit", len(suits), "one-hot: the suit to follow, if one is set")
        self.suit_state = a("suit_state", len(_SUIT_STATES), "one-hot: open, set, none")
        self.bids = a("bids", players, "bid / the largest hand, per relative seat, where "
                      "shown (every bid once all are in, else only one's own)", OWN)
        self.bid_shown = a("bid_shown", players, "1 where the bid is shown", OWN)
        self.has_bid = a("has_bid", players, "1 for each seat that has bid", RELATIVE)
        self.won = a("tricks_won", players, "tricks won this round / the largest hand",
                     RELATIVE)
        lay.group(self._write_phase, (PHASE,), "phase")
        lay.group(self._write_round, (ROUND_NUMBER, CARDS_DEALT))
        lay.group(self._write_hand, (HAND,), "hand")
        lay.group(self._write_trick, (TRICK, TRICKS), "trick")  # and "played", copied whole
        lay.group(self._write_lead, (LEAD_SUIT,), "lead_suit")
        lay.group(self._write_suit_state, (SUIT_STATE,), "suit_state")
        lay.group(self._write_bids, (BIDS, HAS_BID))
        lay.group(self._write_won, (WON,))
        # Bendt the Bandit draws two before he discards: a hand may hold two more.
        self._seat_fields = SeatFields(
            lay, players, ghost, bounds=self._bounds,
            hand_most=self._hand_most + 2 * config.pirate_abilities,
            reads=(TOTALS, SIZES, GHOST, DEALER, LEADER, TO_MOVE),
            sizes_doc="cards in each hand / the largest hand, + 2 with pirate abilities "
                      "(Graybeard's stack last)",
            leader_doc="one-hot: who led (leads) the trick (Graybeard last)")
        self._seats = self._seat_fields.seats
        self.seats = self._seat_fields
        self._cannonball = config.cannonball
        if config.cannonball:
            self.shots = a("shots", players, "1 for a Cannonball shown", OWN)
            self.shot_shown = a("shot_shown", players, "1 where the choice is shown", OWN)
            self.has_shot = a("has_shot", players, "1 for each seat that has chosen",
                              RELATIVE)
            lay.group(self._write_shots, (SHOTS, HAS_SHOT), "shots", "shot_shown",
                      "has_shot")
        self._abilities = config.pirate_abilities
        if config.pirate_abilities:
            self.pending = a("pending", len(_PIRATES), "one-hot: the pirate whose ability "
                             "waits (Rosie, Bendt, Rascal, Juanita, Harry)")
            self.pending_seat = a("pending_seat", players, "one-hot: its owner", RELATIVE)
            self.drawn = a("drawn", 1, "cards Bendt drew and must discard / 2")
            self.wagers = a("wagers", players, "Rascal's wagers this round / 20", RELATIVE)
            self._wager_most = max(WAGER_POINTS)  # one Rascal: one a round
            self.discarded = a("discarded", f, "own discards this round, as the hand",
                               PRIVATE)
            self.peeked = a("peeked", 1, "1 once Juanita showed the undealt cards", PRIVATE)
            self.undealt = a("undealt_seen", f, "the undealt cards Juanita showed, as the "
                             "hand", PRIVATE)
            lay.group(self._write_pending, (PENDING,), "pending", "pending_seat", "drawn")
            lay.group(self._write_wagers, (WAGERS,), "wagers")
            lay.group(self._write_discarded, (DISCARDED,), "discarded")
            lay.group(self._write_undealt, (UNDEALT,), "peeked", "undealt_seen")
            self._at_discarded = {c.order: self.discarded + i for i, c in enumerate(faces)}
            self._at_undealt = {c.order: self.undealt + i for i, c in enumerate(faces)}
        self.finish(lay)
        # Precomputed positions and values, by card order: one lookup per card.
        self._sums = {c.order: running_sums(1.0 / config.deck.count(c), config.deck.count(c))
                      for c in faces}
        self._at_hand = {c.order: self.hand + i for i, c in enumerate(faces)}
        self._at_played = {c.order: self.played + i for i, c in enumerate(faces)}
        stride = f + 1
        self._at_trick = [  # per relative seat; -1 is the flag of a Tigress as a pirate
            {**{c.order: self.trick + slot * stride + i for i, c in enumerate(faces)},
             -1: self.trick + slot * stride + f}
            for slot in range(players + ghost)
        ]
        self._faces = f
        self._last_played: tuple[object, dict[int, int], Values] = (
            None, {}, zeros(f))

    def reader(self) -> Callable[[State, int, int | None], list[Any] | None]:
        """A new ``read(state, seat, to_move)``: ``observe(state, seat)``'s inputs, or ``None``.

        The inputs are read from the state while the players bid or play cards, and at
        the end; ``None`` comes in the other phases.

        What a seat sees of the hidden parts (bids, shots, discards, the undealt cards) is
        read through :mod:`skullgames.king.visibility`, the rules ``observe`` is built on.
        The Cannonball's choosing and a pending ability are left to ``observe``.

        What changes only once a round (the totals, the dealer, the shots) is read again
        only when ``state.rounds`` is another tuple; what changes only when a trick ends
        or after an ability (which follows the end of a trick: the bids, the tricks won,
        the leader, the wagers, discards and peeks) only when ``state.tricks`` (or the
        round) is another. Reading a state's property costs as much as writing a field:
        this halves the reads of a step.
        """
        cannonball, abilities, ghost = self._cannonball, self._abilities, self.config.has_ghost
        no_shots: tuple[Any, ...] = ()
        unset = object()
        round_key: Any = unset
        tricks_key: Any = unset
        hands_key: Any = unset
        per_round: tuple[Any, ...] = ()
        per_tricks: tuple[Any, ...] = ()
        sizes: tuple[int, ...] = ()

        def read(state: State, seat: int, to_move: int | None) -> list[Any] | None:
            nonlocal round_key, tricks_key, hands_key, per_round, per_tricks, sizes
            if state.phase is not _PLAY:
                return settled(state, seat, to_move) if state.phase in _SETTLED else None
            rounds, tricks = state.rounds, state.tricks
            # What the seat sees of the bids and shots is the engine's (visibility): once
            # cards are played it is every seat's the same tuple, read once a round or
            # a trick for all seats (the tests compare with observe at every step).
            if rounds is not round_key:
                round_key = rounds
                shots = shots_seen(state, seat) if cannonball else no_shots
                per_round = (state.round_number, state.cards_dealt, state.totals,
                             state.dealer, shots, tuple([c is not None for c in shots]))
                tricks_key = unset
            if tricks is not tricks_key:
                tricks_key = tricks
                bids = bids_seen(state, seat)
                has_bid = per_tricks[1] if per_tricks and per_tricks[0] is bids else tuple(
                    [b is not None for b in bids])
                per_tricks = (bids, has_bid, state.tricks_won, state.leader,
                              state.wagers if abilities else ())
            hands = state.hands
            if hands is not hands_key:
                hands_key = hands
                sizes = tuple([len(h) for h in hands])
            return [_PLAY, per_round[0], per_round[1], hands[seat], state.trick, tricks,
                    state.lead_suit, state.suit_state, per_tricks[0], per_tricks[1],
                    per_tricks[2], per_round[2], sizes, len(state.ghost) if ghost else 0,
                    per_round[3], per_tricks[3], to_move, per_round[4], per_round[5], None,
                    per_tricks[4], discarded_seen(state, seat) if abilities else (),
                    undealt_seen(state, seat) if abilities else None]

        def settled(state: State, seat: int, to_move: int | None) -> list[Any]:
            # No trick in progress: the bids and shots as the seat sees them (K11, K13).
            round_, bids = state.table, state.bids
            assert round_ is not None
            shots = shots_seen(state, seat)
            return [state.phase, state.round_number, state.cards_dealt, state.hands[seat], (),
                    round_.tricks, None, _OPEN, bids_seen(state, seat),
                    tuple([b is not None for b in bids]),
                    round_.tricks_won, state.totals, tuple([len(h) for h in state.hands]),
                    len(round_.ghost), state.dealer, round_.leader, to_move, shots,
                    tuple([c is not None for c in state.shots]), None, round_.wagers,
                    discarded_seen(state, seat), undealt_seen(state, seat)]

        return read

    def _write_phase(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        out[self.phase + _PHASES.index(inputs[PHASE])] = 1.0

    def _write_round(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        out[self.round] = inputs[ROUND_NUMBER] / self._rounds
        out[self.round + 1] = inputs[CARDS_DEALT] / self._hand_most

    def _write_hand(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        write_copies(out, inputs[HAND], self._at_hand, self._sums)

    def _write_trick(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        """The trick in progress, and the played cards.

        The played cards are the finished tricks' (cached) and the trick's.
        """
        trick: tuple[tuple[int | None, Play], ...] = inputs[TRICK]
        tricks: tuple[TrickResult, ...] = inputs[TRICKS]
        last = self._last_played  # one read: another thread may replace it
        if last[0] is not tricks:
            last = self._played_before(tricks)
        out[self.played:self.played + self._faces] = last[2]
        counts = last[1]
        players, at_trick, at_played, sums = (self.players, self._at_trick,
                                              self._at_played, self._sums)
        extra: dict[int, int] = {}
        for seat, play in trick:
            at = at_trick[players if seat is None else (seat - me) % players]
            order = play.card.order
            out[at[order]] = 1.0
            if play.as_pirate:
                out[at[-1]] = 1.0
            k = extra[order] = extra.get(order, counts.get(order, 0)) + 1
            out[at_played[order]] = sums[order][k]

    def _played_before(self, tricks: tuple[TrickResult, ...]
                       ) -> tuple[object, dict[int, int], Values]:
        """The copies of each face in a round's finished tricks, and their values.

        The tuple changes only when a trick ends, and a round's tricks hold up to 80
        cards: kept for the last ``tricks``, it is reused by every seat and step until
        the next trick ends.
        """
        counts: dict[int, int] = {}
        for trick in tricks:
            for _, play in trick.plays:
                order = play.card.order
                counts[order] = counts.get(order, 0) + 1
        values = zeros(self._faces)
        start, sums = self.played, self._sums
        for order, k in counts.items():
            values[self._at_played[order] - start] = sums[order][k]
        last = self._last_played = (tricks, counts, values)
        return last

    def _write_lead(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        lead_suit = inputs[LEAD_SUIT]
        if lead_suit is not None:
            out[self.lead + self._suits.index(lead_suit)] = 1.0

    def _write_suit_state(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        out[self.suit_state + _SUIT_STATES.index(inputs[SUIT_STATE])] = 1.0

    def _write_bids(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        bids, has_bid = inputs[BIDS], inputs[HAS_BID]
        most = self._hand_most
        for k, seat in enumerate(self._seats[me]):  # every value: no need to clear
            bid = bids[seat]
            if bid is None:
                out[self.bids + k] = out[self.bid_shown + k] = 0.0
            else:
                out[self.bids + k] = bid / most
                out[self.bid_shown + k] = 1.0
            out[self.has_bid + k] = 1.0 if has_bid[seat] else 0.0

    def _write_won(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        most, won = self._hand_most, inputs[WON]
        for k, seat in enumerate(self._seats[me]):
            out[self.won + k] = won[seat] / most

    def _write_shots(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        shots, has_shot = inputs[SHOTS], inputs[HAS_SHOT]
        players = self.players
        for seat, shot in enumerate(shots):
            if shot is not None:
                k = (seat - me) % players
                out[self.shots + k] = float(shot)
                out[self.shot_shown + k] = 1.0
        for seat, chose in enumerate(has_shot):
            if chose:
                out[self.has_shot + (seat - me) % players] = 1.0

    def _write_pending(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        pending = inputs[PENDING]
        if pending is not None:
            out[self.pending + _PIRATES.index(pending.pirate)] = 1.0
            out[self.pending_seat + (pending.seat - me) % self.players] = 1.0
            out[self.drawn] = pending.drawn / 2

    def _write_wagers(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        players, wagers = self.players, inputs[WAGERS]
        for seat, wager in enumerate(wagers):
            out[self.wagers + (seat - me) % players] = wager / self._wager_most

    def _write_discarded(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        write_copies(out, inputs[DISCARDED], self._at_discarded, self._sums)

    def _write_undealt(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        undealt: tuple[Card, ...] | None = inputs[UNDEALT]
        if undealt is not None:
            out[self.peeked] = 1.0
            write_copies(out, undealt, self._at_undealt, self._sums)
