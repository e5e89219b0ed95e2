"""The immutable state of a Skull King game and the records it keeps.

A :class:`State` is nested the way the game is: the :class:`Setup` of the game (never
changes), the :class:`Past` rounds (changes once a round), the hands, and the data of the
phase the game is in. Every state is of one class per phase (:class:`Dealing`,
:class:`Bidding`, :class:`Shooting`, :class:`Playing`, :class:`Choosing`,
:class:`Finished`, each a :class:`State`), which holds exactly that phase's data as its
own fields. The states of a dealt round share one :class:`Table` record (the deal, the
final bids, the finished tricks: what is on the table), which changes at most once a
trick, as Skull Queen's :class:`~skullgames.queen.state.Table` does. A play builds one new
:class:`Playing` state and shares every record it does not change.

The flat names of the game's data (``state.bids``, ``state.trick``, ``state.leader``,
...) read the field or record that holds them, whatever the phase.
"""

from __future__ import annotations

import enum
from typing import ClassVar, Final, cast

from skullgames._pictures import svg_of
from skullgames._record_class import constructor, field, record
from skullgames._records import Record
from skullgames.history import LogCell, Logged, MoveLog, log_of, moves_of
from skullgames.king.cards import Card, Pirate, Suit
from skullgames.king.config import Config
from skullgames.king.moves import Deal, Move, Play
from skullgames.king.rules import SuitState, first_to_act
from skullgames.king.scoring import SeatScore
from skullgames.king.tricks import Seat, TrickResult

__all__ = [
    "Bidding",
    "Choosing",
    "Dealing",
    "Finished",
    "MoveLog",
    "Past",
    "Pending",
    "Phase",
    "Playing",
    "RoundResult",
    "Setup",
    "Shooting",
    "Stage",
    "State",
    "Table",
]


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


@record
class Pending(Record):
    """A pirate ability waiting for its owner's decision."""

    pirate: Pirate
    seat: int
    drawn: int = 0
    """For Bendt the Bandit: how many cards were drawn, and so must be discarded."""


@record
class RoundResult(Record):
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


Hands = tuple[tuple[Card, ...], ...]
TrickPlays = tuple[tuple[Seat, Play], ...]


@record
class Setup(Record):
    """What a game is: its rules and how it is dealt. Never changes during a game."""

    config: Config
    seed: int | None
    """The seed every round is dealt from (``None`` for a game dealt by the caller)."""
    auto_deal: bool


@record
class Past(Record):
    """The finished rounds and where the game stands in its round plan."""

    round_index: int
    """The round being played, from 0 (the number of rounds when the game is over)."""
    dealer: int
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]


@record
class Table(Record):
    """The table of a dealt round: what changes at most once a trick.

    Shared by every play of a trick, as Skull Queen's
    :class:`~skullgames.queen.state.Table` is.

    ``bids`` are the final bids, empty while the bidding runs (the partial bids are in
    the :class:`Bidding` state); ``shots`` likewise (empty without the Cannonball).
    ``undealt`` and ``ghost`` are the rest of the deck and Graybeard's stack, top first;
    ``leader`` is who leads the current trick (``None`` for Graybeard). ``wagers``,
    ``discarded`` and ``peeked`` belong to the pirate abilities, per seat.
    """

    deal: Deal
    undealt: tuple[Card, ...]
    ghost: tuple[Card, ...]
    bids: tuple[int, ...]
    shots: tuple[bool, ...]
    tricks_won: tuple[int, ...]
    leader: Seat
    tricks: tuple[TrickResult, ...]
    wagers: tuple[int, ...]
    discarded: tuple[tuple[Card, ...], ...]
    peeked: tuple[tuple[Card, ...] | None, ...]


@record
class State(Logged):
    """A Skull King game at one moment; :func:`~skullgames.king.apply` returns a new one.

    Read it through the functions of :mod:`skullgames.king` (``current_player``,
    ``legal_moves``, ``scores``, ``observe``) or through its properties; a state is only
    ever made by ``new_game``, ``apply`` or ``from_json`` (tools that assemble one from
    parts, such as a sampler of hidden hands, use :meth:`assemble`).

    Every state is one of the classes of the phases (:class:`Dealing`, :class:`Bidding`,
    :class:`Shooting`, :class:`Playing`, :class:`Choosing`, :class:`Finished`), which
    share :attr:`setup` (the rules and the seed), :attr:`past` (finished rounds),
    ``hands`` (sorted in card order) and ``log``, every move so far (see
    :attr:`history`), and hold exactly their phase's own data besides.

    The properties read the game as a table does: ``round_index`` counts rounds from 0;
    ``undealt`` is the rest of the deck this round, top first (nobody sees it, but Bendt
    the Bandit draws from it and Juanita Jade looks at it); ``ghost`` is Graybeard's
    face-down stack in a two-player game, top first. ``trick`` holds the trick in
    progress as ``(seat, Play)`` pairs (seat ``None`` for Graybeard), ``tricks`` the
    finished tricks of this round and ``rounds`` the finished rounds. ``leader`` is
    ``None`` when Graybeard leads. ``shots``, ``wagers`` and ``discarded`` (per seat)
    belong to the Cannonball and the pirate abilities; ``peeked`` holds, per seat, the
    undealt cards Juanita Jade showed it, in card order, not the stock's (``None`` before
    she looks); ``pending`` is an
    ability that waits for its owner.

    >>> from skullgames import king
    >>> state = king.apply(king.new_game(seed=7), king.Bid(1))
    >>> state.phase, state.round_number, state.bids, state.to_move
    (<Phase.BID: 'bid'>, 1, (None, 1, None, None), 2)
    >>> type(state).__name__, isinstance(state, king.State)
    ('Bidding', True)
    """

    phase: ClassVar[Phase]
    """What the game waits for."""

    setup: Setup
    """The rules and the seed (shared by every state of the game)."""
    past: Past
    """The finished rounds and the totals (shared until a round ends)."""
    hands: Hands
    """Each seat's hand, sorted in card order."""
    # The moves as plain (move, previous) cells, read through ``log``: a MoveLog cell a
    # move cost 7.3 % of a pure random game (12.38 M against 11.54 M; Skull Queen 6.6 %;
    # `python benchmarks/instructions.py king HEAD HEAD+benchmarks/tricks/log-cells.patch`).
    _log: LogCell | None = field(alias="log")

    @classmethod
    def assemble(
        cls, *, config: Config, seed: int | None, auto_deal: bool, phase: Phase,
        round_index: int, dealer: int, deal: Deal | None, hands: Hands,
        undealt: tuple[Card, ...], ghost: tuple[Card, ...], bids: tuple[int | None, ...],
        shots: tuple[bool | None, ...], tricks_won: tuple[int, ...], leader: Seat,
        to_move: int | None, trick: TrickPlays, suit_state: SuitState,
        lead_suit: Suit | None, tricks: tuple[TrickResult, ...], pending: Pending | None,
        wagers: tuple[int, ...], discarded: tuple[tuple[Card, ...], ...],
        peeked: tuple[tuple[Card, ...] | None, ...], totals: tuple[int, ...],
        rounds: tuple[RoundResult, ...], log: MoveLog | None,
    ) -> State:
        """A state from the game's data by their flat names (the properties' names).

        For tools that build a state themselves (the bots' :func:`~skullgames.bots.king.
        sample_world`); the parts must be those of a state the engine could reach, which
        :func:`~skullgames.king.invariants.check_invariants` checks. Each phase keeps
        only its own data: a ``to_move`` in a phase that has none is ignored.
        """
        setup = Setup(config=config, seed=seed, auto_deal=auto_deal)
        past = Past(round_index=round_index, dealer=dealer, totals=totals, rounds=rounds)
        if phase is Phase.DEAL:
            return Dealing(setup=setup, past=past, hands=hands, log=log)
        if deal is None:
            raise ValueError(f"a state in phase {phase.value} has a deal")
        complete = phase is not Phase.BID and None not in bids
        table = Table(
            deal=deal, undealt=undealt, ghost=ghost,
            bids=tuple(b for b in bids if b is not None) if complete else (),
            shots=tuple(s for s in shots if s is not None)
            if phase not in (Phase.BID, Phase.SHOT) else (),
            tricks_won=tricks_won, leader=leader, tricks=tricks, wagers=wagers,
            discarded=discarded, peeked=peeked)
        if phase is Phase.OVER:
            return Finished(setup=setup, past=past, hands=hands, table=table, log=log)
        if phase is Phase.ABILITY:
            if pending is None:
                raise ValueError("a state in phase ability has a pending ability")
            return Choosing(setup=setup, past=past, hands=hands, table=table,
                            pending=pending, log=log)
        if to_move is None:
            raise ValueError(f"a state in phase {phase.value} has a seat to move")
        if phase is Phase.BID:
            return Bidding(setup=setup, past=past, hands=hands, table=table,
                           to_move=to_move, bids=bids, log=log)
        if phase is Phase.SHOT:
            return Shooting(setup=setup, past=past, hands=hands, table=table,
                            to_move=to_move, shots=shots, log=log)
        return Playing(setup=setup, past=past, hands=hands, table=table,
                       to_move=to_move, trick=trick, suit_state=suit_state,
                       lead_suit=lead_suit, log=log)

    # -- The setup and the past rounds ---------------------------------------------------

    @property
    def config(self) -> Config:
        """The rule options."""
        return self.setup.config

    @property
    def seed(self) -> int | None:
        """The seed the rounds are dealt from (``None`` when the caller deals)."""
        return self.setup.seed

    @property
    def auto_deal(self) -> bool:
        """Whether the engine deals every round from :attr:`seed`."""
        return self.setup.auto_deal

    @property
    def round_index(self) -> int:
        """The round being played, from 0."""
        return self.past.round_index

    @property
    def dealer(self) -> int:
        """The seat that dealt this round."""
        return self.past.dealer

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total."""
        return self.past.totals

    @property
    def rounds(self) -> tuple[RoundResult, ...]:
        """The finished rounds."""
        return self.past.rounds

    # -- The phase's data: each phase class holds its own as fields ----------------------

    @property
    def stage(self) -> Stage:
        """The state itself, typed as the union of the phase classes (to match on)."""
        return cast("Stage", self)

    @property
    def table(self) -> Table | None:
        """The :class:`Table` of the round dealt (the last one's when the game is over).

        ``None`` while waiting for a deal.
        """
        return None

    @property
    def to_move(self) -> int | None:
        """The seat to move (``None`` while waiting for a deal and when the game is over)."""
        return None

    @property
    def deal(self) -> Deal | None:
        """The deal of this round (``None`` while waiting for it)."""
        table = self.table
        return None if table is None else table.deal

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The rest of the deck this round, top first."""
        table = self.table
        return () if table is None else table.undealt

    @property
    def ghost(self) -> tuple[Card, ...]:
        """Graybeard's face-down stack, top first (two modern players)."""
        table = self.table
        return () if table is None else table.ghost

    @property
    def ghost_size(self) -> int:
        """How many cards Graybeard's stack holds (0 without him)."""
        return len(self.ghost)

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid; ``None`` for a seat that has not bid yet."""
        table = self.table
        return (None,) * self.setup.config.players if table is None else table.bids

    @property
    def shots(self) -> tuple[bool | None, ...]:
        """Who chose the Cannonball (``None`` before choosing; empty without the option)."""
        table = self.table
        return () if table is None else table.shots

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """The tricks each seat has taken this round."""
        table = self.table
        return (0,) * self.setup.config.players if table is None else table.tricks_won

    @property
    def leader(self) -> Seat:
        """The seat that leads (or led) the current trick; ``None`` for Graybeard."""
        table = self.table
        if table is None:
            return first_to_act(self.past.dealer, self.setup.config.players)
        return table.leader

    @property
    def trick(self) -> TrickPlays:
        """The trick in progress as ``(seat, Play)`` pairs."""
        return ()

    @property
    def suit_state(self) -> SuitState:
        """Where the trick in progress stands on the suit to follow."""
        return SuitState.OPEN

    @property
    def lead_suit(self) -> Suit | None:
        """The suit to follow in the trick in progress, if one is set."""
        return None

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The finished tricks of this round."""
        table = self.table
        return () if table is None else table.tricks

    @property
    def pending(self) -> Pending | None:
        """The pirate ability waiting for its owner, if any."""
        return None

    @property
    def wagers(self) -> tuple[int, ...]:
        """Rascal of Roatan's wagers per seat this round."""
        table = self.table
        return (0,) * self.setup.config.players if table is None else table.wagers

    @property
    def discarded(self) -> tuple[tuple[Card, ...], ...]:
        """Bendt the Bandit's discards per seat this round."""
        table = self.table
        return ((),) * self.setup.config.players if table is None else table.discarded

    @property
    def peeked(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Per seat, the undealt cards Juanita Jade showed it (``None`` before she looks).

        In card order, as a set: what is not in play, not the order of the stock.
        """
        table = self.table
        return (None,) * self.setup.config.players if table is None else table.peeked

    # -- Derived -----------------------------------------------------------------------------

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""
        return self.past.round_index + 1

    @property
    def cards_dealt(self) -> int:
        """The hand size of the current round (of the last one when the game is over)."""
        sizes = self.setup.config.hand_sizes
        return sizes[min(self.past.round_index, len(sizes) - 1)]

    @property
    def last_trick(self) -> TrickResult | None:
        """The most recently finished trick, in this round or the previous one."""
        tricks = self.tricks
        if tricks:
            return tricks[-1]
        if self.past.rounds:
            return self.past.rounds[-1].tricks[-1]
        return None

    @property
    def log(self) -> MoveLog | None:
        """Every move so far as a persistent list (``None`` before the first move)."""
        return log_of(self._log)

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move of the game so far, deals included, in order.

        ``replay(state.config, state.history, seed=state.seed, auto_deal=state.auto_deal)``
        rebuilds an equal state.
        """
        return moves_of(self._log)

    def _repr_svg_(self) -> str | None:
        """The table as an SVG picture, which Jupyter shows (:func:`skullgames.svg.table`)."""
        return svg_of(self)


# -- The phases ----------------------------------------------------------------------------
# One object a move: the phase's data are the state's own fields, not a record inside it
# (3.4 % of the instructions of a 4-player random game, 10.77 M -> 10.40 M). A phase's
# fields that the base reads as properties of a wider type (``table``, ``to_move``,
# ``pending``) are stored under ``_name`` and read by a property: the compiled build
# (mypyc) cannot override a property by an attribute of another type.


@record
class Dealing(State):
    """Between rounds: the game waits for a :class:`~skullgames.king.Deal` (no round is dealt)."""

    phase: ClassVar[Phase] = Phase.DEAL


@record
class Bidding(State):
    """The bidding: ``bids`` so far (``None`` for a seat still to bid, K13).

    The :class:`Table` holds no bids yet; they go into it once all are in.
    """

    phase: ClassVar[Phase] = Phase.BID
    _table: Table = field(alias="table")
    _to_move: int = field(alias="to_move")
    bids: tuple[int | None, ...]

    @property
    def table(self) -> Table:
        """The :class:`Table` of the round, without bids until all are in."""
        return self._table

    @property
    def to_move(self) -> int:
        """The seat to bid."""
        return self._to_move

    @property
    def shots(self) -> tuple[bool | None, ...]:
        """Nobody has chosen yet (``None`` per seat with the Cannonball, else empty)."""
        config = self.setup.config
        return (None,) * config.players if config.cannonball else ()


@record
class Shooting(State):
    """Grapeshot or Cannonball (K11): ``shots`` so far (``None`` for a seat still to choose)."""

    phase: ClassVar[Phase] = Phase.SHOT
    _table: Table = field(alias="table")
    _to_move: int = field(alias="to_move")
    shots: tuple[bool | None, ...]

    @property
    def table(self) -> Table:
        """The :class:`Table` of the round, with the final bids."""
        return self._table

    @property
    def to_move(self) -> int:
        """The seat to choose."""
        return self._to_move


@record
class Playing(State):
    """Cards played to a trick: the trick so far and the suit it must follow."""

    phase: ClassVar[Phase] = Phase.PLAY
    _table: Table = field(alias="table")
    _to_move: int = field(alias="to_move")
    trick: TrickPlays
    suit_state: SuitState
    lead_suit: Suit | None

    @property
    def table(self) -> Table:
        """The :class:`Table` as the trick in progress began."""
        return self._table

    @property
    def to_move(self) -> int:
        """The seat to play."""
        return self._to_move


@record
class Choosing(State):
    """A pirate's ability waits for its owner's decision (K12); the trick is over."""

    phase: ClassVar[Phase] = Phase.ABILITY
    _table: Table = field(alias="table")
    _pending: Pending = field(alias="pending")

    @property
    def table(self) -> Table:
        """The :class:`Table` with the trick just won."""
        return self._table

    @property
    def pending(self) -> Pending:
        """The ability that waits."""
        return self._pending

    @property
    def to_move(self) -> int:
        """The owner of the ability decides."""
        return self._pending.seat


@record
class Finished(State):
    """The game is over; ``table`` is the last round's, as it ended."""

    phase: ClassVar[Phase] = Phase.OVER
    _table: Table = field(alias="table")

    @property
    def table(self) -> Table:
        """The last round's :class:`Table`, as it ended."""
        return self._table


Stage = Dealing | Bidding | Shooting | Playing | Choosing | Finished
"""Every state is one of these, one class per :class:`Phase`."""

_STATE_CLASSES: frozenset[type[State]] = frozenset(
    {Dealing, Bidding, Shooting, Playing, Choosing, Finished})
"""The classes of Skull King states: ``type(state) in _STATE_CLASSES`` recognises one."""


# The engine's constructors of the records it builds every move or trick (the pure build
# calls a function with keywords at a third of the cost of a class: _record_class).
new_bidding: Final = constructor(Bidding)
new_playing: Final = constructor(Playing)
new_table: Final = constructor(Table)
