"""The immutable state of a Skull King game and the records it keeps."""

from __future__ import annotations

import enum

import attrs

from skullgames.king.cards import Card, Suit
from skullgames.king.config import Config
from skullgames.king.moves import Bid, Deal, Move, Play
from skullgames.king.scoring import SeatScore
from skullgames.king.tricks import SuitState, TrickResult

__all__ = ["Phase", "RoundResult", "State"]


class Phase(enum.Enum):
    """What the game waits for."""

    DEAL = "deal"
    """A :class:`~skullgames.king.Deal` from the caller (games made with ``auto_deal=False``)."""
    BID = "bid"
    """Bids, one seat at a time from the left of the dealer, hidden until all are in."""
    PLAY = "play"
    """Cards played to tricks."""
    OVER = "over"
    """The last round has been scored."""


@attrs.frozen
class RoundResult:
    """A finished round: its deal, bids, tricks and every seat's score."""

    round_number: int
    dealer: int
    deal: Deal
    bids: tuple[int, ...]
    tricks: tuple[TrickResult, ...]
    scores: tuple[SeatScore, ...]

    @property
    def cards_dealt(self) -> int:
        """The hand size of the round."""
        return len(self.deal.hands[0])

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points for the round."""
        return tuple(s.total for s in self.scores)

    def moves(self) -> tuple[Move, ...]:
        """The moves of the round in the order they were made."""
        return (self.deal, *_bid_moves(self.bids, self.dealer),
                *(play for trick in self.tricks for _, play in trick.plays))


def _bid_moves(bids: tuple[int | None, ...], dealer: int) -> list[Bid]:
    players = len(bids)
    order = [(dealer + 1 + k) % players for k in range(players)]
    return [Bid(b) for seat in order if (b := bids[seat]) is not None]


@attrs.frozen
class State:
    """A Skull King game at one moment; :func:`~skullgames.king.apply` returns a new one.

    Read it through the functions of :mod:`skullgames.king` (``current_player``,
    ``legal_moves``, ``scores``, ``observe``); the fields are public for UIs and tools,
    but a state is only ever made by ``new_game``, ``apply`` or ``from_json``.

    ``round_index`` counts rounds from 0; ``trick`` holds the cards of the trick in
    progress as ``(seat, Play)`` pairs and ``tricks`` the finished tricks of this round;
    ``rounds`` the finished rounds. ``undealt`` is the rest of the deck this round,
    which nobody sees.
    """

    config: Config
    seed: int | None
    auto_deal: bool
    phase: Phase
    round_index: int
    dealer: int
    deal: Deal | None
    hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    leader: int
    to_move: int | None
    trick: tuple[tuple[int, Play], ...]
    suit_state: SuitState
    lead_suit: Suit | None
    tricks: tuple[TrickResult, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""
        return self.round_index + 1

    @property
    def cards_dealt(self) -> int:
        """The hand size of the current round (of the last one when the game is over)."""
        sizes = self.config.hand_sizes
        return sizes[min(self.round_index, len(sizes) - 1)]

    @property
    def last_trick(self) -> TrickResult | None:
        """The most recently finished trick, in this round or the previous one."""
        if self.tricks:
            return self.tricks[-1]
        if self.rounds:
            return self.rounds[-1].tricks[-1]
        return None

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move of the game so far, deals included, in order.

        ``replay(state.config, state.history)`` rebuilds an equal state.
        """
        moves: list[Move] = []
        for result in self.rounds:
            moves.extend(result.moves())
        if self.deal is not None and self.phase is not Phase.OVER:
            moves.append(self.deal)
            moves.extend(_bid_moves(self.bids, self.dealer))
            moves.extend(play for trick in self.tricks for _, play in trick.plays)
            moves.extend(play for _, play in self.trick)
        return tuple(moves)
