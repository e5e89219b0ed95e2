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

from skullgames._deprecated import module_getattr, warn_renamed
from skullgames._pictures import svg_of
from skullgames._records import Record, Values
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


class Pending(Record):
    """A pirate ability waiting for its owner's decision."""

    __slots__ = ("drawn", "pirate", "seat")
    _FIELDS: ClassVar[tuple[str, ...]] = ("pirate", "seat", "drawn")
    """The constructor's parameters, in order."""

    pirate: Final[Pirate]
    seat: Final[int]
    drawn: Final[int]
    """For Bendt the Bandit: how many cards were drawn, and so must be discarded."""

    def __init__(self, pirate: Pirate, seat: int, drawn: int = 0) -> None:
        self.pirate = pirate
        self.seat = seat
        self.drawn = drawn

    def _values(self) -> Values:
        return (self.pirate, self.seat, self.drawn)


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

    __slots__ = (
        "bids",
        "deal",
        "dealer",
        "round_number",
        "scores",
        "shots",
        "tricks",
        "wagers",
    )
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "round_number", "dealer", "deal", "bids", "tricks", "scores", "shots", "wagers")
    """The constructor's parameters, in order."""

    round_number: Final[int]
    dealer: Final[int]
    deal: Final[Deal]
    bids: Final[tuple[int, ...]]
    tricks: Final[tuple[TrickResult, ...]]
    scores: Final[tuple[SeatScore, ...]]
    shots: Final[tuple[bool, ...]]
    wagers: Final[tuple[int, ...]]

    def __init__(self, round_number: int, dealer: int, deal: Deal, bids: tuple[int, ...],
                 tricks: tuple[TrickResult, ...], scores: tuple[SeatScore, ...],
                 shots: tuple[bool, ...] = (), wagers: tuple[int, ...] = ()) -> None:
        self.round_number = round_number
        self.dealer = dealer
        self.deal = deal
        self.bids = bids
        self.tricks = tricks
        self.scores = scores
        self.shots = shots
        self.wagers = wagers

    def _values(self) -> Values:
        return (self.round_number, self.dealer, self.deal, self.bids, self.tricks, self.scores,
                self.shots, self.wagers)

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


class Setup(Record):
    """What a game is: its rules and how it is dealt. Never changes during a game."""

    __slots__ = ("_abilities", "_deck", "_ghost", "_hand_sizes", "_players", "auto_deal",
                 "config", "seed")
    _FIELDS: ClassVar[tuple[str, ...]] = ("config", "seed", "auto_deal")
    """The constructor's parameters, in order."""

    config: Final[Config]
    seed: Final[int | None]
    """The seed every round is dealt from (``None`` for a game dealt by the caller)."""
    auto_deal: Final[bool]
    # What the engine reads of the config every trick or round, read once here: the
    # compiled build reads an attrs class's field as a Python program does, and a
    # property (deck, hand_sizes, has_ghost) runs as Python.
    _players: Final[int]
    _deck: Final[tuple[Card, ...]]
    _hand_sizes: Final[tuple[int, ...]]
    _ghost: Final[bool]
    _abilities: Final[bool]

    def __init__(self, config: Config, seed: int | None, auto_deal: bool) -> None:
        self.config = config
        self.seed = seed
        self.auto_deal = auto_deal
        self._players = config.players
        self._deck = config.deck
        self._hand_sizes = config.hand_sizes
        self._ghost = config.has_ghost
        self._abilities = config.pirate_abilities

    def _values(self) -> Values:
        return (self.config, self.seed, self.auto_deal)


class Past(Record):
    """The finished rounds and where the game stands in its round plan."""

    __slots__ = ("dealer", "round_index", "rounds", "totals")
    _FIELDS: ClassVar[tuple[str, ...]] = ("round_index", "dealer", "totals", "rounds")
    """The constructor's parameters, in order."""

    round_index: Final[int]
    """The round being played, from 0 (the number of rounds when the game is over)."""
    dealer: Final[int]
    totals: Final[tuple[int, ...]]
    rounds: Final[tuple[RoundResult, ...]]

    def __init__(self, round_index: int, dealer: int, totals: tuple[int, ...],
                 rounds: tuple[RoundResult, ...]) -> None:
        self.round_index = round_index
        self.dealer = dealer
        self.totals = totals
        self.rounds = rounds

    def _values(self) -> Values:
        return (self.round_index, self.dealer, self.totals, self.rounds)


class Table(Record):
    """The table of a dealt round: what changes at most once a trick.

    Shared by every play of a trick; called ``Round`` before, renamed after Skull Queen's
    :class:`~skullgames.queen.state.Table`, the same idea.

    ``bids`` are the final bids, empty while the bidding runs (the partial bids are in
    the :class:`Bidding` state); ``shots`` likewise (empty without the Cannonball).
    ``undealt`` and ``ghost`` are the rest of the deck and Graybeard's stack, top first;
    ``leader`` is who leads the current trick (``None`` for Graybeard). ``wagers``,
    ``discarded`` and ``peeked`` belong to the pirate abilities, per seat.
    """

    __slots__ = (
        "bids",
        "deal",
        "discarded",
        "ghost",
        "leader",
        "peeked",
        "shots",
        "tricks",
        "tricks_won",
        "undealt",
        "wagers",
    )
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "deal", "undealt", "ghost", "bids", "shots", "tricks_won", "leader", "tricks",
        "wagers", "discarded", "peeked")
    """The constructor's parameters, in order."""

    deal: Final[Deal]
    undealt: Final[tuple[Card, ...]]
    ghost: Final[tuple[Card, ...]]
    bids: Final[tuple[int, ...]]
    shots: Final[tuple[bool, ...]]
    tricks_won: Final[tuple[int, ...]]
    leader: Final[Seat]
    tricks: Final[tuple[TrickResult, ...]]
    wagers: Final[tuple[int, ...]]
    discarded: Final[tuple[tuple[Card, ...], ...]]
    peeked: Final[tuple[tuple[Card, ...] | None, ...]]

    def __init__(self, deal: Deal, undealt: tuple[Card, ...], ghost: tuple[Card, ...],
                 bids: tuple[int, ...], shots: tuple[bool, ...], tricks_won: tuple[int, ...],
                 leader: Seat, tricks: tuple[TrickResult, ...], wagers: tuple[int, ...],
                 discarded: tuple[tuple[Card, ...], ...],
                 peeked: tuple[tuple[Card, ...] | None, ...]) -> None:
        self.deal = deal
        self.undealt = undealt
        self.ghost = ghost
        self.bids = bids
        self.shots = shots
        self.tricks_won = tricks_won
        self.leader = leader
        self.tricks = tricks
        self.wagers = wagers
        self.discarded = discarded
        self.peeked = peeked

    def _values(self) -> Values:
        return (self.deal, self.undealt, self.ghost, self.bids, self.shots, self.tricks_won,
                self.leader, self.tricks, self.wagers, self.discarded, self.peeked)


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

    __slots__ = ()

    phase: ClassVar[Phase]
    """What the game waits for."""
    _FIELDS: ClassVar[tuple[str, ...]] = ("setup", "past", "hands", "log")

    # The fields every phase has: each phase class declares and stores them itself, in its
    # one __init__. Measured: stored through a base __init__ (super().__init__), a move
    # cost 3.7 % more instructions in a 4-player random game, pure build (109 M -> 105 M
    # for 10 games). The moves are kept as plain (move, previous) cells: a play makes one
    # small tuple, where a MoveLog cell cost 2.5 % (10.42 M -> 10.16 M instructions).

    @property
    def setup(self) -> Setup:
        """The rules and the seed (shared by every state of the game)."""
        raise NotImplementedError

    @property
    def past(self) -> Past:
        """The finished rounds and the totals (shared until a round ends)."""
        raise NotImplementedError

    @property
    def hands(self) -> Hands:
        """Each seat's hand, sorted in card order."""
        raise NotImplementedError

    @property
    def _log(self) -> LogCell | None:
        """The moves as plain cells; see :attr:`log`."""
        raise NotImplementedError

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
    def round(self) -> Table | None:
        """Deprecated: :attr:`table` (the record was called ``Round``)."""
        warn_renamed("State.round", "State.table")
        return self.table

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
# One object a move: a play used to build a stage record and a state around it (two
# objects); measured, one object saves 3.4 % of the instructions of a 4-player random game
# (10.77 M -> 10.40 M). A phase's fields that the base reads as properties of a wider type
# (``table``, ``to_move``, ``pending``) are stored under ``_name`` and read by a property:
# the compiled build (mypyc) cannot override a property by an attribute of another type.


class Dealing(State):
    """Between rounds: the game waits for a :class:`~skullgames.king.Deal` (no round is dealt)."""

    __slots__ = ("_log", "hands", "past", "setup")

    phase: ClassVar[Phase] = Phase.DEAL
    setup: Final[Setup]
    past: Final[Past]
    hands: Final[Hands]
    _log: Final[LogCell | None]

    def __init__(self, setup: Setup, past: Past, hands: Hands, log: LogCell | None) -> None:
        self.setup = setup
        self.past = past
        self.hands = hands
        self._log = log


class Bidding(State):
    """The bidding: ``bids`` so far (``None`` for a seat still to bid, K13).

    The :class:`Table` holds no bids yet; they go into it once all are in.
    """

    __slots__ = ("_log", "_table", "_to_move", "bids", "hands", "past", "setup")

    phase: ClassVar[Phase] = Phase.BID
    _FIELDS: ClassVar[tuple[str, ...]] = (*State._FIELDS, "table", "to_move", "bids")
    setup: Final[Setup]
    past: Final[Past]
    hands: Final[Hands]
    _log: Final[LogCell | None]
    _table: Final[Table]
    _to_move: Final[int]
    bids: Final[tuple[int | None, ...]]

    def __init__(self, setup: Setup, past: Past, hands: Hands, log: LogCell | None,
                 table: Table, to_move: int, bids: tuple[int | None, ...]) -> None:
        self.setup = setup
        self.past = past
        self.hands = hands
        self._log = log
        self._table = table
        self._to_move = to_move
        self.bids = bids

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


class Shooting(State):
    """Grapeshot or Cannonball (K11): ``shots`` so far (``None`` for a seat still to choose)."""

    __slots__ = ("_log", "_table", "_to_move", "hands", "past", "setup", "shots")

    phase: ClassVar[Phase] = Phase.SHOT
    _FIELDS: ClassVar[tuple[str, ...]] = (*State._FIELDS, "table", "to_move", "shots")
    setup: Final[Setup]
    past: Final[Past]
    hands: Final[Hands]
    _log: Final[LogCell | None]
    _table: Final[Table]
    _to_move: Final[int]
    shots: Final[tuple[bool | None, ...]]

    def __init__(self, setup: Setup, past: Past, hands: Hands, log: LogCell | None,
                 table: Table, to_move: int, shots: tuple[bool | None, ...]) -> None:
        self.setup = setup
        self.past = past
        self.hands = hands
        self._log = log
        self._table = table
        self._to_move = to_move
        self.shots = shots

    @property
    def table(self) -> Table:
        """The :class:`Table` of the round, with the final bids."""
        return self._table

    @property
    def to_move(self) -> int:
        """The seat to choose."""
        return self._to_move


class Playing(State):
    """Cards played to a trick: the trick so far and the suit it must follow."""

    __slots__ = ("_log", "_table", "_to_move", "hands", "lead_suit", "past", "setup",
                 "suit_state", "trick")

    phase: ClassVar[Phase] = Phase.PLAY
    _FIELDS: ClassVar[tuple[str, ...]] = (
        *State._FIELDS, "table", "to_move", "trick", "suit_state", "lead_suit")
    setup: Final[Setup]
    past: Final[Past]
    hands: Final[Hands]
    _log: Final[LogCell | None]
    _table: Final[Table]
    _to_move: Final[int]
    trick: Final[TrickPlays]
    suit_state: Final[SuitState]
    lead_suit: Final[Suit | None]

    def __init__(self, setup: Setup, past: Past, hands: Hands, log: LogCell | None,
                 table: Table, to_move: int, trick: TrickPlays, suit_state: SuitState,
                 lead_suit: Suit | None) -> None:
        self.setup = setup
        self.past = past
        self.hands = hands
        self._log = log
        self._table = table
        self._to_move = to_move
        self.trick = trick
        self.suit_state = suit_state
        self.lead_suit = lead_suit

    @property
    def table(self) -> Table:
        """The :class:`Table` as the trick in progress began."""
        return self._table

    @property
    def to_move(self) -> int:
        """The seat to play."""
        return self._to_move


class Choosing(State):
    """A pirate's ability waits for its owner's decision (K12); the trick is over."""

    __slots__ = ("_log", "_pending", "_table", "hands", "past", "setup")

    phase: ClassVar[Phase] = Phase.ABILITY
    _FIELDS: ClassVar[tuple[str, ...]] = (*State._FIELDS, "table", "pending")
    setup: Final[Setup]
    past: Final[Past]
    hands: Final[Hands]
    _log: Final[LogCell | None]
    _table: Final[Table]
    _pending: Final[Pending]

    def __init__(self, setup: Setup, past: Past, hands: Hands, log: LogCell | None,
                 table: Table, pending: Pending) -> None:
        self.setup = setup
        self.past = past
        self.hands = hands
        self._log = log
        self._table = table
        self._pending = pending

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


class Finished(State):
    """The game is over; ``table`` is the last round's, as it ended."""

    __slots__ = ("_log", "_table", "hands", "past", "setup")

    phase: ClassVar[Phase] = Phase.OVER
    _FIELDS: ClassVar[tuple[str, ...]] = (*State._FIELDS, "table")
    setup: Final[Setup]
    past: Final[Past]
    hands: Final[Hands]
    _log: Final[LogCell | None]
    _table: Final[Table]

    def __init__(self, setup: Setup, past: Past, hands: Hands, log: LogCell | None,
                 table: Table) -> None:
        self.setup = setup
        self.past = past
        self.hands = hands
        self._log = log
        self._table = table

    @property
    def table(self) -> Table:
        """The last round's :class:`Table`, as it ended."""
        return self._table


Stage = Dealing | Bidding | Shooting | Playing | Choosing | Finished
"""Every state is one of these, one class per :class:`Phase`."""

_STATE_CLASSES: Final[frozenset[type[State]]] = frozenset(
    {Dealing, Bidding, Shooting, Playing, Choosing, Finished})
"""The classes of Skull King states: ``type(state) in _STATE_CLASSES`` recognises one."""

# Renamed so that both games name it alike (Skull Queen's ``Table``); kept one release.
# Stored through globals(), out of mypy's sight, so that a typed use of the old name is
# reported (and a typo is not taken for a deprecated name); at run time the old name works
# and warns. (Not ``if not TYPE_CHECKING:``, which the compiled build takes for dead code.)
globals()["__getattr__"] = module_getattr(
    "skullgames.king.state", {"Round": ("Table", lambda: Table)})
