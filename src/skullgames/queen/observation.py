"""What one seat may see of a Skull Queen game.

>>> from skullgames.queen import new_game, observe
>>> state = new_game(seed=7)
>>> view = observe(state, 1)
>>> view.hand == state.hands[1], view.center == state.center, len(view.legal_moves)
(True, True, 1250)
>>> observe(state, 2).legal_moves
()
"""

from __future__ import annotations

from typing import Final

import attrs

from skullgames._checks import Whole, wrong_type
from skullgames._pictures import svg_of
from skullgames._record_class import record
from skullgames._records import Record
from skullgames._summaries import Summaries
from skullgames.errors import ConfigError, SkullgamesError
from skullgames.queen.cards import Card, Color
from skullgames.queen.config import Config
from skullgames.queen.game import legal_moves, not_a_state
from skullgames.queen.moves import Move, Place, Play
from skullgames.queen.scoring import Plank
from skullgames.queen.state import _STATE_CLASSES as _STATES
from skullgames.queen.state import Phase, RoundResult, State
from skullgames.queen.tricks import TrickResult
from skullgames.queen.visibility import placements_seen, trick_seen

__all__ = ["Observation", "RoundSummary", "observe"]


@attrs.frozen
class RoundSummary:
    """A finished round as a player at the table remembers it: placements, planks, points.

    The cards and tricks of finished rounds stay in the state's
    :attr:`~skullgames.queen.State.rounds`; an observation keeps these summaries, so that
    it stays small however long the game.
    """

    round_number: int
    placements: tuple[Place, ...]
    """Every seat's placement, by seat."""
    planks: tuple[Plank, ...]
    """The planks at the end of the round, by seat."""
    points: tuple[int, ...]
    """Each seat's points for the round."""

    @classmethod
    def of(cls, result: RoundResult) -> RoundSummary:
        """The summary of a finished round."""
        return cls(result.round_number, result.placements, result.planks, result.points)


@record
class Observation(Record):
    """The game as seat :attr:`seat` sees it: its own hand and everything public.

    Other hands, the Pirate King's stack and the cards of future rounds are absent.
    ``placements`` shows every placement once all are in; before that only this seat's
    own (others are ``None``), and ``has_placed`` says who has placed already
    (:ref:`ruling-q2`). ``planks`` are the planks as they stand once all have placed.
    With two players, the other captain's card is face down until both have played
    (:ref:`ruling-q7`): it is left out of ``trick``, and ``face_down`` names the seats whose
    card lies face down. ``ghost_size`` counts the Pirate King's stack (as Skull King's
    observation counts Graybeard's).
    ``legal_moves`` is this seat's legal moves when it is to move, and empty otherwise.
    ``tricks`` are the finished tricks of this round; ``rounds`` the finished rounds as
    :class:`RoundSummary` records (placements, final planks and points).
    """

    config: Config
    seat: int
    phase: Phase
    round_number: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    ghost_size: int
    center: tuple[Card, ...]
    set_aside: tuple[Card, ...]
    placements: tuple[Place | None, ...]
    has_placed: tuple[bool, ...]
    planks: tuple[Plank, ...]
    leader: int | None
    to_move: int | None
    trick: tuple[tuple[int | None, Play], ...]
    face_down: tuple[int, ...]
    trick_color: Color | None
    tricks: tuple[TrickResult, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundSummary, ...]
    legal_moves: tuple[Move, ...]

    @property
    def plays(self) -> tuple[Play, ...]:
        """The cards this seat may play now: :attr:`legal_moves` typed as plays.

        Empty unless this seat is to play a card (``Phase.PLAY``).
        """
        return tuple(move for move in self.legal_moves if type(move) is Play)

    @property
    def own_placement(self) -> Place:
        """The placement of this seat this round (:attr:`placements` holds ``None`` too).

        Raises :class:`~skullgames.SkullgamesError` before the seat has placed.
        """
        place = self.placements[self.seat]
        if place is None:
            raise SkullgamesError(f"seat {self.seat} has not placed its pawns yet this round")
        return place

    @property
    def still_to_play(self) -> tuple[int, ...]:
        """The seats yet to play to the trick on the table, other than this one.

        On this seat's turn they are in the order they play, clockwise. A card lying face
        down (two players) has been played. Empty outside ``Phase.PLAY``.
        """
        if self.phase is not Phase.PLAY:
            return ()
        played = {seat for seat, _ in self.trick} | set(self.face_down)
        players = self.config.players
        clockwise = ((self.seat + step) % players for step in range(1, players))
        return tuple(seat for seat in clockwise if seat not in played)

    def _repr_svg_(self) -> str | None:
        """The table as an SVG picture, which Jupyter shows (:func:`skullgames.svg.table`)."""
        return svg_of(self)


_summaries: Final[Summaries[RoundResult, RoundSummary]] = Summaries(RoundSummary.of)


def observe(state: State, player: Whole) -> Observation:
    """What seat ``player`` may see of ``state``, and nothing more.

    The hidden parts are read through :mod:`skullgames.queen.visibility`, the module of
    every hiding rule, which also gives a move as a seat sees it
    (:func:`~skullgames.queen.observe_move`).
    """
    if state.__class__ not in _STATES:  # as Skull King's observe (faster than isinstance)
        raise not_a_state(state)
    players = state.config.players
    if type(player) is not int:
        raise wrong_type("player", "a seat number (an int)", player)
    if not 0 <= player < players:
        raise ConfigError(f"player {player} is not a seat of this {players}-player game "
                          f"(0..{players - 1})")
    # What hides from the seat: skullgames.queen.visibility
    placements = placements_seen(state, player)
    trick, face_down = trick_seen(state, player)
    return Observation(
        config=state.config,
        seat=player,
        phase=state.phase,
        round_number=state.round_number,
        dealer=state.dealer,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        ghost_size=len(state.ghost),
        center=state.center,
        set_aside=state.set_aside,
        placements=placements,
        has_placed=tuple(p is not None for p in state.placements),
        planks=state.planks,
        leader=state.leader,
        to_move=state.to_move,
        trick=trick,
        face_down=face_down,
        trick_color=state.trick_color,
        tricks=state.tricks,
        totals=state.totals,
        rounds=_summaries(state.rounds),
        legal_moves=legal_moves(state) if state.to_move == player else (),
    )
