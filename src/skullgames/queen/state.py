"""The immutable state of a Skull Queen game and the records it keeps.

A :class:`State` holds the :class:`Match` (the options, the seed, the finished rounds and
the totals), the log of its moves, and what only its phase has. Every state is of one
class per phase, each a :class:`State`:

- :class:`Dealing`: waiting for a :class:`~skullgames.queen.Deal` (``auto_deal=False``);
- :class:`Placing`: the round's deal and the placements made so far;
- :class:`Playing`: the :class:`Round`, the :class:`Table` as the trick in progress began
  (placements, planks, finished tricks, centre, ...), the hands and the trick;
- :class:`Finished`: the last round has been scored.

A play builds one new :class:`Playing` state; the :class:`Table` is rebuilt once a trick,
the :class:`Round` and the :class:`Match` once a round, and every other record is shared
with the state before. The flat names of the first version (``state.hands``,
``state.planks``, ``state.trick``, ...) read the fields and records.

>>> from skullgames import queen
>>> state = queen.new_game(queen.Config(players=3), seed=5)
>>> for _ in range(4):
...     state = queen.apply(state, queen.legal_moves(state)[0])
>>> type(state.stage).__name__, state.stage.round.index, len(state.stage.trick)
('Playing', 0, 1)
>>> state.stage.table.planks == state.planks
True
"""

from __future__ import annotations

import enum
from typing import ClassVar, Final, cast

from skullgames._pictures import svg_of
from skullgames._record_class import constructor, field, record
from skullgames._records import Record
from skullgames.history import LogCell, Logged, MoveLog, log_of, moves_of
from skullgames.queen.cards import Card, Color
from skullgames.queen.config import Config
from skullgames.queen.moves import Deal, Move, Place, Play
from skullgames.queen.rules import Seat, first_to_act, placing_order
from skullgames.queen.scoring import Plank
from skullgames.queen.tricks import TrickResult

__all__ = [
    "Dealing",
    "Finished",
    "Match",
    "Phase",
    "Placing",
    "Playing",
    "Round",
    "RoundResult",
    "Stage",
    "State",
    "Table",
]


class Phase(enum.Enum):
    """What the game waits for."""

    DEAL = "deal"
    """A :class:`~skullgames.queen.Deal` from the caller (games made with ``auto_deal=False``)."""
    PLACE = "place"
    """Placements, one seat at a time from the left of the dealer, hidden until all are in."""
    PLAY = "play"
    """Cards played to tricks."""
    OVER = "over"
    """The last round has been scored."""


@record
class RoundResult(Record):
    """A finished round: its deal, placements, tricks, final planks and points."""

    round_number: int
    dealer: int
    deal: Deal
    placements: tuple[Place, ...]
    tricks: tuple[TrickResult, ...]
    planks: tuple[Plank, ...]
    points: tuple[int, ...]

    def moves(self) -> tuple[Move, ...]:
        """The moves of the round in the order they were made.

        The ghost's cards are revealed by the rules, not played as moves.
        """
        players = len(self.placements)
        return (self.deal,
                *(self.placements[seat] for seat in placing_order(self.dealer, players)),
                *(play for trick in self.tricks for seat, play in trick.plays
                  if seat is not None))


@record
class Match(Record):
    """The whole game: its options and seed, the finished rounds and the running totals.

    Rebuilt once a round, when a round is scored.
    """

    config: Config
    seed: int | None
    """The seed the rounds are dealt from (``None`` for a game dealt by the caller)."""
    auto_deal: bool
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]


@record
class Round(Record):
    """The round being played: its index (from 0), its dealer and its deal."""

    index: int
    dealer: int
    deal: Deal


@record
class Table(Record):
    """The table as the trick in progress began; unchanged until that trick ends.

    ``placements`` are every seat's placement, revealed; ``planks`` the planks as the
    finished ``tricks`` of this round left them; ``leader`` leads the trick (``None``
    when the ghost Pirate King does); ``ghost`` is the rest of his stack, top first;
    ``center`` the neutral cards in the middle and ``set_aside`` the cards of the colours
    evaluated this round.
    """

    placements: tuple[Place, ...]
    planks: tuple[Plank, ...]
    tricks: tuple[TrickResult, ...]
    leader: Seat
    ghost: tuple[Card, ...]
    center: tuple[Card, ...]
    set_aside: tuple[Card, ...]


@record
class State(Logged):
    """A Skull Queen game at one moment; :func:`~skullgames.queen.apply` returns a new one.

    Read it through the functions of :mod:`skullgames.queen` (``current_player``,
    ``legal_moves``, ``scores``, ``observe``); the records are public for UIs and tools
    (see :mod:`skullgames.queen.state`), but a state is only ever made by ``new_game``,
    ``apply`` or ``from_json``. The names below read the records, whatever the phase:

    - ``config``, ``seed``, ``auto_deal``, ``totals`` (the running scores) and ``rounds``
      (the finished rounds) are the :class:`Match`'s.
    - ``round_index`` counts rounds from 0; ``dealer`` and ``deal`` are this round's
      (``deal`` is ``None`` between rounds).
    - ``hands`` are sorted in canonical order (red, yellow, green, blue by value, then
      the Monkey and the First Mate); ``ghost`` is what is left of the Pirate King's
      stack, top first (two players only; nobody sees it).
    - ``center`` holds the neutral cards in the middle, ``set_aside`` the cards of the
      colours evaluated this round.
    - ``placements`` are the placements made so far this round (``None`` for a seat
      still to place); ``planks`` the planks as they stand, once all have placed.
    - ``leader`` led the trick in progress (``None`` when the ghost leads); ``trick``
      holds it as ``(seat, Play)`` pairs, the ghost's card with seat ``None``;
      ``trick_color`` is the colour to follow (``None`` until a coloured card sets it,
      and with the ghost, while his card is a Monkey or First Mate).
    - ``tricks`` are the finished tricks of this round; ``log`` every move so far (see
      :attr:`history`).

    Every state is of one class per phase (:class:`Dealing`, :class:`Placing`,
    :class:`Playing`, :class:`Finished`, each a :class:`State`), which holds the
    :class:`Match`, the moves and its phase's own fields: a move builds one object.
    """

    phase: ClassVar[Phase]
    """What the game waits for."""

    match: Match
    """The options, the seed, the finished rounds and the totals."""
    # The moves as plain (move, previous) cells, read through ``log``: a MoveLog cell a
    # move cost 6.6 % of a pure random game (10.61 M against 9.95 M; `python
    # benchmarks/instructions.py queen HEAD HEAD+benchmarks/tricks/log-cells.patch`).
    _log: LogCell | None = field(alias="log")

    @property
    def stage(self) -> Stage:
        """The state itself, typed as the union of the phase classes (to match on)."""
        return cast("Stage", self)

    @property
    def config(self) -> Config:
        """The rule options."""
        return self.match.config

    @property
    def seed(self) -> int | None:
        """The seed the rounds are dealt from, or ``None``."""
        return self.match.seed

    @property
    def auto_deal(self) -> bool:
        """Whether the rounds are dealt from the seed."""
        return self.match.auto_deal

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total."""
        return self.match.totals

    @property
    def rounds(self) -> tuple[RoundResult, ...]:
        """The finished rounds."""
        return self.match.rounds

    @property
    def round_index(self) -> int:
        """The round being played (the last one once the game is over), from 0."""
        stage = self.stage
        if isinstance(stage, (Placing, Playing)):
            return stage.round.index
        return stage.round_index

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""
        return self.round_index + 1

    @property
    def dealer(self) -> int:
        """The dealer of the round being played (or of the last one)."""
        stage = self.stage
        if isinstance(stage, (Placing, Playing)):
            return stage.round.dealer
        return stage.dealer

    @property
    def deal(self) -> Deal | None:
        """The deal of the round being played; ``None`` between rounds."""
        stage = self.stage
        return stage.round.deal if isinstance(stage, (Placing, Playing)) else None

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand (empty between rounds)."""
        stage = self.stage
        if isinstance(stage, (Placing, Playing)):
            return stage.hands
        return ((),) * self.match.config.players

    @property
    def ghost(self) -> tuple[Card, ...]:
        """The rest of the Pirate King's stack, top first (two players)."""
        stage = self.stage
        if isinstance(stage, Playing):
            return stage.table.ghost
        return stage.ghost if isinstance(stage, Placing) else ()

    @property
    def ghost_size(self) -> int:
        """How many cards the Pirate King's stack holds (0 without him)."""
        return len(self.ghost)

    @property
    def center(self) -> tuple[Card, ...]:
        """The neutral cards in the centre."""
        stage = self.stage
        if isinstance(stage, Playing):
            return stage.table.center
        return stage.center if isinstance(stage, Placing) else ()

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """The cards of the colours evaluated this round."""
        stage = self.stage
        if isinstance(stage, Playing):
            return stage.table.set_aside
        return stage.set_aside if isinstance(stage, Placing) else ()

    @property
    def placements(self) -> tuple[Place | None, ...]:
        """The placements made this round, ``None`` for a seat still to place."""
        stage = self.stage
        if isinstance(stage, Playing):
            return stage.table.placements
        if isinstance(stage, Placing):
            return stage.placements
        return (None,) * self.match.config.players

    @property
    def planks(self) -> tuple[Plank, ...]:
        """The planks as they stand, once every seat has placed."""
        stage = self.stage
        return stage.table.planks if isinstance(stage, Playing) else ()

    @property
    def leader(self) -> Seat:
        """The seat that leads the trick (``None`` for the ghost, and between rounds)."""
        stage = self.stage
        if isinstance(stage, Playing):
            return stage.table.leader
        if isinstance(stage, Placing):
            return first_to_act(stage.round.dealer, self.match.config.players)
        return None

    @property
    def to_move(self) -> int | None:
        """The seat to move; ``None`` between rounds and once the game is over."""
        stage = self.stage
        return stage.to_move if isinstance(stage, (Placing, Playing)) else None

    @property
    def trick(self) -> tuple[tuple[Seat, Play], ...]:
        """The trick in progress as ``(seat, Play)`` pairs."""
        stage = self.stage
        return stage.trick if isinstance(stage, Playing) else ()

    @property
    def trick_color(self) -> Color | None:
        """The colour to follow in the trick in progress, once set."""
        stage = self.stage
        return stage.trick_color if isinstance(stage, Playing) else None

    @property
    def tricks(self) -> tuple[TrickResult, ...]:
        """The finished tricks of this round."""
        stage = self.stage
        return stage.table.tricks if isinstance(stage, Playing) else ()

    @property
    def last_trick(self) -> TrickResult | None:
        """The most recently finished trick, in this round or the previous one."""
        if self.tricks:
            return self.tricks[-1]
        if self.rounds:
            return self.rounds[-1].tricks[-1]
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


@record
class Dealing(State):
    """The stage between rounds of a game dealt by the caller: a Deal is awaited."""

    phase: ClassVar[Phase] = Phase.DEAL
    round_index: int
    dealer: int


@record
class Placing(State):
    """The placements: one seat at a time, hidden until all are in (Q2).

    ``hands``, ``ghost``, ``center`` and ``set_aside`` are as dealt (after the options
    that set centre cards aside); ``placements`` has ``None`` for a seat still to place.
    """

    phase: ClassVar[Phase] = Phase.PLACE
    round: Round
    hands: tuple[tuple[Card, ...], ...]
    ghost: tuple[Card, ...]
    center: tuple[Card, ...]
    set_aside: tuple[Card, ...]
    placements: tuple[Place | None, ...]
    _to_move: int = field(alias="to_move")

    @property
    def to_move(self) -> int:
        """The seat to place."""
        return self._to_move


@record
class Playing(State):
    """The stage of the tricks: the round, the table, the hands and the trick in progress.

    ``trick`` holds ``(seat, Play)`` pairs in play order, the ghost's card with seat
    ``None``; ``trick_color`` is the colour to follow (:func:`~skullgames.queen.rules.trick_color`).
    """

    phase: ClassVar[Phase] = Phase.PLAY
    round: Round
    table: Table
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[Seat, Play], ...]
    trick_color: Color | None
    _to_move: int = field(alias="to_move")

    @property
    def to_move(self) -> int:
        """The seat to play."""
        return self._to_move


@record
class Finished(State):
    """The stage after the last round: ``round_index`` and ``dealer`` are that round's."""

    phase: ClassVar[Phase] = Phase.OVER
    round_index: int
    dealer: int


Stage = Dealing | Placing | Playing | Finished
"""Every state is one of these, one class per :class:`Phase`."""

_STATE_CLASSES: frozenset[type[State]] = frozenset({Dealing, Placing, Playing, Finished})
"""The classes of Skull Queen states: ``type(state) in _STATE_CLASSES`` recognises one."""


# The engine's constructors of the records it builds every move or trick (see king.state's).
new_placing: Final = constructor(Placing)
new_playing: Final = constructor(Playing)
new_table: Final = constructor(Table)
