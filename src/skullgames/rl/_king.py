"""Skull King observations as tensors: the layout and the encoder of one config."""

from __future__ import annotations

from typing import Any

import numpy.typing as npt

from skullgames.king import Config, Observation, Phase, Pirate, SuitState, score_bounds
from skullgames.king.game import _WAGERS
from skullgames.rl._layout import Layout, scaled_score, tensor

_PHASES = {phase: i for i, phase in enumerate(Phase)}
_SUIT_STATES = {state: i for i, state in enumerate(SuitState)}
_PIRATES = {pirate: i for i, pirate in enumerate(Pirate)}


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
        self._suit = {suit: i for i, suit in enumerate(suits)}
        players = self.players = config.players
        ghost = config.has_ghost
        self._hand_most = max(config.hand_sizes)
        # Bendt the Bandit draws two before he discards: a hand may hold two more.
        self._held_most = self._hand_most + 2 * config.pirate_abilities
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
        self.scores = a("scores", players, "running totals mapped from score_bounds onto "
                        "-1..1")
        self.sizes = a("hand_sizes", players + ghost, "cards in each hand / the largest "
                       "hand, + 2 with pirate abilities (Graybeard's stack last)")
        self.dealer = a("dealer", players, "one-hot: the dealer's relative seat")
        self.leader = a("leader", players + ghost, "one-hot: who led (leads) the trick "
                        "(Graybeard last)")
        self.to_move = a("to_move", players, "one-hot: the seat to move, none when nobody")
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

    def encode(self, view: Observation) -> npt.NDArray[Any]:
        """The tensor of ``view``; see :attr:`fields`."""
        players = self.players
        me = view.seat
        most = self._hand_most
        face, share = self._face, self._share
        index: list[int] = [self.phase + _PHASES[view.phase], self.round, self.round + 1]
        value: list[float] = [1.0, view.round_number / self._rounds, view.cards_dealt / most]
        for c in view.hand:
            i = face[c.order]
            index.append(self.hand + i)
            value.append(share[i])
        stride = len(share) + 1
        for seat, play in view.trick:
            slot = players if seat is None else (seat - me) % players
            i = face[play.card.order]
            index.append(self.trick + slot * stride + i)
            index.append(self.played + i)
            value += (1.0, share[i])
            if play.as_pirate:
                index.append(self.trick + slot * stride + stride - 1)
                value.append(1.0)
        for trick in view.tricks:
            for _, play in trick.plays:
                i = face[play.card.order]
                index.append(self.played + i)
                value.append(share[i])
        if view.lead_suit is not None:
            index.append(self.lead + self._suit[view.lead_suit])
            value.append(1.0)
        index.append(self.suit_state + _SUIT_STATES[view.suit_state])
        value.append(1.0)
        low_high = self._bounds
        for seat in range(players):
            k = (seat - me) % players
            bid = view.bids[seat]
            if bid is not None:
                index += (self.bids + k, self.bid_shown + k)
                value += (bid / most, 1.0)
            if view.has_bid[seat]:
                index.append(self.has_bid + k)
                value.append(1.0)
            index += (self.won + k, self.scores + k, self.sizes + k)
            value += (view.tricks_won[seat] / most, scaled_score(view.totals[seat], low_high),
                      view.hand_sizes[seat] / self._held_most)
        if view.ghost_size:
            index.append(self.sizes + players)
            value.append(view.ghost_size / self._held_most)
        index.append(self.dealer + (view.dealer - me) % players)
        leader = view.leader
        index.append(self.leader + (players if leader is None else (leader - me) % players))
        value += (1.0, 1.0)
        if view.to_move is not None:
            index.append(self.to_move + (view.to_move - me) % players)
            value.append(1.0)
        if self._cannonball:
            self._shots(view, index, value)
        if self._abilities:
            self._abilities_of(view, index, value)
        return tensor(index, value, self.size)

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
            index += (self.pending + _PIRATES[pending.pirate],
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
