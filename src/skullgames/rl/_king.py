"""Skull King observations as tensors: the layout and the encoder of one config."""

from __future__ import annotations

from typing import Any

import numpy.typing as npt

from skullgames.king import (
    Config,
    Observation,
    Phase,
    Pirate,
    SuitState,
    TrickResult,
    score_bounds,
)
from skullgames.king.game import _WAGERS
from skullgames.rl._layout import Layout, SeatFields, tensor

# Members found by position: tuple.index compares by identity first, where a dict would
# hash the member with Enum.__hash__, a Python function.
_PHASES = tuple(Phase)
_SUIT_STATES = tuple(SuitState)
_PIRATES = tuple(Pirate)


class KingEncoder:
    """The tensor layout of one Skull King config, and :meth:`encode` for it.

    Seats are relative to the observer: position ``k`` is the seat ``k`` places to its
    left (``(seat + k) % players``), so the observer is always position 0; Graybeard,
    where he plays, has a position of his own after the players.
    """

    def __init__(self, config: Config) -> None:
        self.config = config
        faces = list(dict.fromkeys(config.deck))
        self._face = {c.order: i for i, c in enumerate(faces)}
        self._share = [1.0 / config.deck.count(c) for c in faces]
        suits = list(dict.fromkeys(c.suit for c in faces if c.suit is not None))
        self._suits = tuple(suits)
        players = self.players = config.players
        ghost = config.has_ghost
        self._hand_most = max(config.hand_sizes)
        self._rounds = len(config.hand_sizes)
        self._bounds = score_bounds(config)
        f = len(faces)
        lay = Layout()
        a = lay.add
        self.phase = a("phase", len(_PHASES), "one-hot: deal, bid, shot, play, ability, over")
        self.round = a("round", 2, "round number / rounds; cards dealt / the largest hand")
        self.hand = a("hand", f, "own hand: copies of each card face / copies in the deck; "
                      "faces in card order (suits, then specials)")
        self.trick = a("trick", (players + ghost) * (f + 1),
                       "the trick in progress: per relative seat (Graybeard last), one-hot "
                       "of the face played, then 1 for a Tigress played as a pirate")
        self.played = a("played", f, "cards played this round, finished tricks and the "
                        "trick in progress: copies of each face / copies in the deck")
        self.lead = a("lead_suit", len(suits), "one-hot: the suit to follow, if one is set")
        self.suit_state = a("suit_state", len(_SUIT_STATES), "one-hot: open, set, none")
        self.bids = a("bids", players, "bid / the largest hand, per relative seat, where "
                      "shown (every bid once all are in, else only one's own)")
        self.bid_shown = a("bid_shown", players, "1 where the bid is shown")
        self.has_bid = a("has_bid", players, "1 for each seat that has bid")
        self.won = a("tricks_won", players, "tricks won this round / the largest hand")
        # Bendt the Bandit draws two before he discards: a hand may hold two more.
        self._seat_fields = SeatFields(
            lay, players, ghost, bounds=self._bounds,
            hand_most=self._hand_most + 2 * config.pirate_abilities,
            sizes_doc="cards in each hand / the largest hand, + 2 with pirate abilities "
                      "(Graybeard's stack last)",
            leader_doc="one-hot: who led (leads) the trick (Graybeard last)")
        self._cannonball = config.cannonball
        if config.cannonball:
            self.shots = a("shots", players, "1 for a Cannonball shown")
            self.shot_shown = a("shot_shown", players, "1 where the choice is shown")
            self.has_shot = a("has_shot", players, "1 for each seat that has chosen")
        self._abilities = config.pirate_abilities
        if config.pirate_abilities:
            self.pending = a("pending", len(_PIRATES), "one-hot: the pirate whose ability "
                             "waits (Rosie, Bendt, Rascal, Juanita, Harry)")
            self.pending_seat = a("pending_seat", players, "one-hot: its owner")
            self.drawn = a("drawn", 1, "cards Bendt drew and must discard / 2")
            self.wagers = a("wagers", players, "Rascal's wagers this round / 20")
            self._wager_most = max(w.points for w in _WAGERS)  # one Rascal: one a round
            self.discarded = a("discarded", f, "own discards this round, as the hand")
            self.peeked = a("peeked", 1, "1 once Juanita showed the undealt cards")
            self.undealt = a("undealt_seen", f, "the undealt cards Juanita showed, as the "
                             "hand")
        self.fields = tuple(lay.fields)
        self.size = lay.size
        # Precomputed positions, by card order: one lookup per card while encoding.
        self._share_of = {c.order: self._share[i] for i, c in enumerate(faces)}
        self._at_hand = {c.order: self.hand + i for i, c in enumerate(faces)}
        self._at_played = {c.order: self.played + i for i, c in enumerate(faces)}
        stride = f + 1
        self._at_trick = [  # per relative seat; -1 is the flag of a Tigress as a pirate
            {**{c.order: self.trick + slot * stride + i for i, c in enumerate(faces)},
             -1: self.trick + slot * stride + f}
            for slot in range(players + ghost)
        ]
        self._last_played: tuple[object, list[int], list[float]] = ((), [], [])

    def encode(self, view: Observation) -> npt.NDArray[Any]:
        """The tensor of ``view``; see :attr:`fields`."""
        players = self.players
        me = view.seat
        most = self._hand_most
        at_hand, at_played, share = self._at_hand, self._at_played, self._share_of
        index: list[int] = [self.phase + _PHASES.index(view.phase), self.round, self.round + 1]
        value: list[float] = [1.0, view.round_number / self._rounds, view.cards_dealt / most]
        hand = view.hand
        index += [at_hand[c.order] for c in hand]
        value += [share[c.order] for c in hand]
        for seat, play in view.trick:
            at = self._at_trick[players if seat is None else (seat - me) % players]
            order = play.card.order
            index += (at[order], at_played[order])
            value += (1.0, share[order])
            if play.as_pirate:
                index.append(at[-1])
                value.append(1.0)
        played_index, played_value = self._played(view.tricks)
        index += played_index
        value += played_value
        if view.lead_suit is not None:
            index.append(self.lead + self._suits.index(view.lead_suit))
            value.append(1.0)
        index.append(self.suit_state + _SUIT_STATES.index(view.suit_state))
        value.append(1.0)
        seats = self._seat_fields.seats[me]  # the seats in relative order, observer first
        bids = view.bids
        shown = [bids[s] for s in seats]
        has_bid, won = view.has_bid, view.tricks_won
        for start, values in (
            (self.bids, [0.0 if b is None else b / most for b in shown]),
            (self.bid_shown, [0.0 if b is None else 1.0 for b in shown]),
            (self.has_bid, [1.0 if has_bid[s] else 0.0 for s in seats]),
            (self.won, [won[s] / most for s in seats]),
        ):
            index += range(start, start + players)
            value += values
        self._seat_fields.write(index, value, view, view.ghost_size)
        if self._cannonball:
            self._shots(view, index, value)
        if self._abilities:
            self._abilities_of(view, index, value)
        return tensor(index, value, self.size)

    def _played(self, tricks: tuple[TrickResult, ...]) -> tuple[list[int], list[float]]:
        """The played cards of a round's finished tricks, kept for the last ``tricks``.

        The tuple changes only when a trick ends, and a round's tricks hold up to 80
        cards: this halves the time of an encoding late in a round.
        """
        last = self._last_played
        if last[0] is tricks:
            return last[1], last[2]
        at_played, share = self._at_played, self._share_of
        orders = [play.card.order for trick in tricks for _, play in trick.plays]
        index = [at_played[o] for o in orders]
        value = [share[o] for o in orders]
        self._last_played = (tricks, index, value)
        return index, value

    def _shots(self, view: Observation, index: list[int], value: list[float]) -> None:
        players, me = self.players, view.seat
        for seat, shot in enumerate(view.shots):
            k = (seat - me) % players
            if shot is not None:
                index += (self.shots + k, self.shot_shown + k)
                value += (float(shot), 1.0)
        for seat, chose in enumerate(view.has_shot):
            if chose:
                index.append(self.has_shot + (seat - me) % players)
                value.append(1.0)

    def _abilities_of(self, view: Observation, index: list[int], value: list[float]) -> None:
        players, me = self.players, view.seat
        face, share = self._face, self._share
        pending = view.pending
        if pending is not None:
            index += (self.pending + _PIRATES.index(pending.pirate),
                      self.pending_seat + (pending.seat - me) % players, self.drawn)
            value += (1.0, 1.0, pending.drawn / 2)
        for seat, wager in enumerate(view.wagers):
            index.append(self.wagers + (seat - me) % players)
            value.append(wager / self._wager_most)
        for c in view.discarded:
            i = face[c.order]
            index.append(self.discarded + i)
            value.append(share[i])
        if view.undealt is not None:
            index.append(self.peeked)
            value.append(1.0)
            for c in view.undealt:
                i = face[c.order]
                index.append(self.undealt + i)
                value.append(share[i])
