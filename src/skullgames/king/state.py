"""The immutable state of a Skull King game and the records it keeps."""

from __future__ import annotations

import enum

import attrs

from skullgames._fastinit import fast_constructor
from skullgames.history import MoveLog
from skullgames.king.cards import Card, Pirate, Suit
from skullgames.king.config import Config
from skullgames.king.moves import Deal, Move, Play
from skullgames.king.scoring import SeatScore
from skullgames.king.tricks import Seat, SuitState, TrickResult

__all__ = ["MoveLog", "Phase", "RoundResult", "State", "new_state"]


class Phase(enum.Enum):
    """What the game waits for.

    >>> from skullgames import king
    >>> king.new_game(seed=1).phase, king.new_game(auto_deal=False).phase
    (<Phase.BID: 'bid'>, <Phase.DEAL: 'deal'>)
    """

    DEAL = "deal"
    """A :class:`~skullgames.king.Deal` from the caller (games made with ``auto_deal=False``)."""
    BID = "bid"
    """Bids, one seat at a time from the left of the dealer, hidden until all are in."""
    SHOT = "shot"
    """Grapeshot or Cannonball, one seat at a time, hidden until all have chosen (K11)."""
    PLAY = "play"
    """Cards played to tricks."""
    ABILITY = "ability"
    """The winner of a trick decides how to use a pirate's ability (K12)."""
    OVER = "over"
    """The last round has been scored."""


@attrs.frozen
class Pending:
    """A pirate ability waiting for its owner's decision."""

    pirate: Pirate
    seat: int
    drawn: int = 0
    """For Bendt the Bandit: how many cards were drawn, and so must be discarded."""


@attrs.frozen
class RoundResult:
    """A finished round: its deal, bids, tricks and every seat's score.

    ``deal`` is public: the hands as play revealed them (the undealt cards and Bendt the
    Bandit's discards are not in it); the full deal is in the state's :attr:`State.history`.

    ``bids`` are the final bids (after Harry the Giant's changes); ``shots`` says who
    chose the Cannonball (empty without that option); ``wagers`` are Rascal of Roatan's
    wagers per seat.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3), auto_deal=False)
    >>> for move in ["deal Y1 | P10 | G3", "bid 1", "bid 0", "bid 0", "P10", "G3", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> result = state.rounds[0]
    >>> result.round_number, result.bids, result.tricks[0].winner, result.points
    (1, (0, 1, 0), 1, (10, 20, 10))
    """

    round_number: int
    dealer: int
    deal: Deal
    bids: tuple[int, ...]
    tricks: tuple[TrickResult, ...]
    scores: tuple[SeatScore, ...]
    shots: tuple[bool, ...] = ()
    wagers: tuple[int, ...] = ()

    @property
    def cards_dealt(self) -> int:
        """The hand size of the round."""
        return len(self.deal.hands[0])

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points for the round."""
        return tuple(s.total for s in self.scores)


@attrs.define
class _StateFields:
    """The fields of :class:`State`, in a plain slotted class that the engine fills fast.

    Never seen outside the engine: every state it hands out is a frozen :class:`State`.
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
    ghost: tuple[Card, ...]
    bids: tuple[int | None, ...]
    shots: tuple[bool | None, ...]
    tricks_won: tuple[int, ...]
    leader: Seat
    to_move: int | None
    trick: tuple[tuple[Seat, Play], ...]
    suit_state: SuitState
    lead_suit: Suit | None
    tricks: tuple[TrickResult, ...]
    pending: Pending | None
    wagers: tuple[int, ...]
    discarded: tuple[tuple[Card, ...], ...]
    peeked: tuple[tuple[Card, ...] | None, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]
    log: MoveLog | None = attrs.field(repr=False)



@attrs.frozen
class State(_StateFields):
    """A Skull King game at one moment; :func:`~skullgames.king.apply` returns a new one.

    Read it through the functions of :mod:`skullgames.king` (``current_player``,
    ``legal_moves``, ``scores``, ``observe``); the fields are public for UIs and tools,
    but a state is only ever made by ``new_game``, ``apply`` or ``from_json``.

    ``round_index`` counts rounds from 0. ``hands`` are sorted in card order.
    ``undealt`` is the rest of the deck this round, top first (nobody sees it, but Bendt
    the Bandit draws from it and Juanita Jade looks at it); ``ghost`` is Graybeard's
    face-down stack in a two-player game, top first. ``trick`` holds the trick in
    progress as ``(seat, Play)`` pairs (seat ``None`` for Graybeard), ``tricks`` the
    finished tricks of this round and ``rounds`` the finished rounds. ``leader`` is
    ``None`` when Graybeard leads. ``shots``, ``wagers`` and ``discarded`` (per seat)
    belong to the Cannonball and the pirate abilities; ``peeked`` holds, per seat, the
    undealt cards as Juanita Jade saw them (``None`` before she looks); ``pending`` is an
    ability that waits for its owner. ``log`` is every move so far (see :attr:`history`).

    >>> from skullgames import king
    >>> state = king.apply(king.new_game(seed=7), king.Bid(1))
    >>> state.phase, state.round_number, state.bids, state.to_move
    (<Phase.BID: 'bid'>, 1, (None, 1, None, None), 2)
    """

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

        ``replay(state.config, state.history, seed=state.seed, auto_deal=state.auto_deal)``
        rebuilds an equal state.
        """
        return () if self.log is None else self.log.moves()

    def _repr_svg_(self) -> str:
        """The table as an SVG picture, which Jupyter shows (:func:`skullgames.svg.table`)."""
        from skullgames.svg import table

        return table(self)


new_state = fast_constructor(State)
"""``new_state(*fields)`` builds a :class:`State` from all its fields in order, fast."""
