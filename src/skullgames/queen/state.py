"""The immutable state of a Skull Queen game and the records it keeps."""

from __future__ import annotations

import enum

import attrs

from skullgames._fastinit import fast_constructor
from skullgames.history import MoveLog
from skullgames.queen.cards import Card, Color
from skullgames.queen.config import Config
from skullgames.queen.moves import Deal, Move, Place, Play
from skullgames.queen.rules import Seat, placing_order
from skullgames.queen.scoring import Plank
from skullgames.queen.tricks import TrickResult

__all__ = ["Phase", "RoundResult", "State"]


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


@attrs.frozen
class RoundResult:
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


@attrs.define
class _StateFields:
    """The fields of :class:`State`, in a plain slotted class that the engine fills fast."""

    config: Config
    seed: int | None
    auto_deal: bool
    phase: Phase
    round_index: int
    dealer: int
    deal: Deal | None
    hands: tuple[tuple[Card, ...], ...]
    ghost: tuple[Card, ...]
    center: tuple[Card, ...]
    set_aside: tuple[Card, ...]
    placements: tuple[Place | None, ...]
    planks: tuple[Plank, ...]
    leader: int | None
    to_move: int | None
    trick: tuple[tuple[Seat, Play], ...]
    trick_color: Color | None
    tricks: tuple[TrickResult, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]
    log: MoveLog | None = attrs.field(repr=False)


@attrs.frozen
class State(_StateFields):
    """A Skull Queen game at one moment; :func:`~skullgames.queen.apply` returns a new one.

    Read it through the functions of :mod:`skullgames.queen` (``current_player``,
    ``legal_moves``, ``scores``, ``observe``); the fields are public for UIs and tools,
    but a state is only ever made by ``new_game``, ``apply`` or ``from_json``.

    - ``round_index`` counts rounds from 0; ``deal`` is this round's deal.
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
    - ``tricks`` are the finished tricks of this round, ``rounds`` the finished rounds,
      ``totals`` the running scores; ``log`` every move so far (see :attr:`history`).
    """

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""
        return self.round_index + 1

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

        ``replay(state.config, state.history, seed=state.seed)`` rebuilds an equal
        state (give no seed for a game made with ``auto_deal=False``).
        """
        return () if self.log is None else self.log.moves()


_new_state = fast_constructor(State)
"""``_new_state(*fields)`` builds a :class:`State` from all its fields in order, fast."""
