"""What one seat may see of a Skull King game.

>>> from skullgames.king import new_game, observe
>>> view = observe(new_game(seed=7), 1)
>>> view.hand == new_game(seed=7).hands[1], view.bids
(True, (None, None, None, None))
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
from skullgames.king.cards import Card, Suit
from skullgames.king.config import Config
from skullgames.king.game import legal_moves, not_a_state
from skullgames.king.moves import Move, Play
from skullgames.king.rules import SuitState
from skullgames.king.state import _STATE_CLASSES as _STATES
from skullgames.king.state import (
    Bidding,
    Choosing,
    Pending,
    Phase,
    Playing,
    RoundResult,
    Shooting,
    State,
)
from skullgames.king.tricks import Seat, TrickResult
from skullgames.king.visibility import bids_seen, discarded_seen, shots_seen, undealt_seen

_OPEN: Final = SuitState.OPEN  # bound once: enum members are slow to read in 3.11 (tricks.py)

__all__ = ["Observation", "RoundSummary", "observe"]


@attrs.frozen
class RoundSummary:
    """A finished round as a player at the table remembers it: bids, tricks won, points.

    The cards and tricks of finished rounds stay in the state's
    :attr:`~skullgames.king.State.rounds`; an observation keeps these summaries, so that
    it stays small however long the game.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3), auto_deal=False)
    >>> for move in ["deal Y1 | P10 | G3", "bid 1", "bid 0", "bid 0", "P10", "G3", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> summary = king.observe(state, 0).rounds[0]
    >>> summary.bids, summary.tricks, summary.points
    ((0, 1, 0), (0, 1, 0), (10, 20, 10))
    """

    round_number: int
    cards_dealt: int
    bids: tuple[int, ...]
    """The final bids (after Harry the Giant's changes)."""
    tricks: tuple[int, ...]
    """The tricks each seat won."""
    points: tuple[int, ...]
    """Each seat's points for the round."""

    @classmethod
    def of(cls, result: RoundResult) -> RoundSummary:
        """The summary of a finished round."""
        return cls(result.round_number, result.cards_dealt, result.bids,
                   tuple(score.tricks for score in result.scores), result.points)


_summaries: Final[Summaries[RoundResult, RoundSummary]] = Summaries(RoundSummary.of)


@record
class Observation(Record):
    """The game as seat :attr:`seat` sees it: its own hand and everything public.

    Other hands, Graybeard's stack and the undealt cards are absent (``hand_sizes`` and
    ``ghost_size`` count them). ``bids`` shows every bid once all are in; before that it
    shows only this seat's own bid (others are ``None``) and ``has_bid`` says who has bid
    already (:ref:`ruling-k13`). ``shots`` and ``has_shot`` work the same way for Grapeshot /
    Cannonball. ``undealt`` is what this seat saw when it looked with Juanita Jade (the
    undealt cards then, in card order: which cards are not in play, not the stock's
    order), and
    ``discarded`` only holds this seat's own discards (Bendt the Bandit).
    ``legal_moves`` is this seat's legal moves when it is to move, and empty otherwise.
    ``tricks`` are the finished tricks of this round; ``rounds`` the finished rounds as
    :class:`RoundSummary` records (bids, tricks won and points).

    >>> from skullgames import king
    >>> view = king.observe(king.new_game(king.Config(players=3), seed=11), 0)
    >>> view.seat, view.hand, view.hand_sizes, view.to_move, view.legal_moves
    (0, (card('B4'),), (1, 1, 1), 1, ())

    Typed shortcuts for a bot: :attr:`plays`, :attr:`own_bid`, :attr:`still_to_play`.
    """

    config: Config
    seat: int
    phase: Phase
    round_number: int
    cards_dealt: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    ghost_size: int
    bids: tuple[int | None, ...]
    has_bid: tuple[bool, ...]
    shots: tuple[bool | None, ...]
    has_shot: tuple[bool, ...]
    tricks_won: tuple[int, ...]
    leader: Seat
    to_move: int | None
    trick: tuple[tuple[Seat, Play], ...]
    suit_state: SuitState
    lead_suit: Suit | None
    tricks: tuple[TrickResult, ...]
    pending: Pending | None
    wagers: tuple[int, ...]
    undealt: tuple[Card, ...] | None
    discarded: tuple[Card, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundSummary, ...]
    legal_moves: tuple[Move, ...]

    @property
    def plays(self) -> tuple[Play, ...]:
        """The cards this seat may play now: :attr:`legal_moves` typed as plays.

        Empty unless this seat is to play a card (``Phase.PLAY``).

        >>> from skullgames import king
        >>> state = king.new_game(king.Config(players=3, rounds=(2,)), seed=4)
        >>> for move in ("bid 1", "bid 0", "bid 2", "B5"):
        ...     state = king.apply(state, king.parse_move(move))
        >>> view = king.observe(state, 2)
        >>> view.trick, view.own_bid, view.still_to_play
        (((1, Play(card('B5'))),), 0, (0,))
        >>> view.plays
        (Play(card('Y5')), Play(card('TIG'), as_pirate=True), Play(card('TIG'), as_pirate=False))
        """
        return tuple(move for move in self.legal_moves if type(move) is Play)

    @property
    def own_bid(self) -> int:
        """The bid of this seat this round (an ``int``, where :attr:`bids` holds ``None`` too).

        Raises :class:`~skullgames.SkullgamesError` before the seat has bid.
        """
        bid = self.bids[self.seat]
        if bid is None:
            raise SkullgamesError(f"seat {self.seat} has not bid yet this round")
        return bid

    @property
    def still_to_play(self) -> tuple[Seat, ...]:
        """The hands yet to play to the trick on the table, other than this seat's.

        On this seat's turn they are in the order they play: clockwise, Graybeard
        (``None``, two players) first while his card is still to come, as he plays right
        after a human lead (:ref:`ruling-k10`). Empty outside ``Phase.PLAY``.
        """
        if self.phase is not Phase.PLAY:
            return ()
        played = {seat for seat, _ in self.trick}
        players = self.config.players
        clockwise = ((self.seat + step) % players for step in range(1, players))
        waiting: tuple[Seat, ...] = tuple(seat for seat in clockwise if seat not in played)
        if self.config.has_ghost and None not in played:
            return (None, *waiting)
        return waiting

    def _repr_svg_(self) -> str | None:
        """The table as an SVG picture, which Jupyter shows (:func:`skullgames.svg.table`)."""
        return svg_of(self)


def observe(state: State, player: Whole) -> Observation:
    """What seat ``player`` may see of ``state``, and nothing more.

    The hidden parts are read through :mod:`skullgames.king.visibility`, the module of
    every hiding rule, which also gives a move as a seat sees it
    (:func:`~skullgames.king.observe_move`).

    >>> from skullgames import king
    >>> state = king.apply(king.new_game(king.Config(players=3), seed=11), king.Bid(1))
    >>> view = king.observe(state, 2)
    >>> view.hand, view.bids, view.has_bid, view.legal_moves
    ((card('Y10'),), (None, None, None), (False, True, False), (Bid(0), Bid(1)))
    """
    if state.__class__ not in _STATES:
        raise not_a_state(state)
    players = state.config.players
    if type(player) is not int:
        raise wrong_type("player", "a seat number (an int)", player)
    if not 0 <= player < players:
        raise ConfigError(f"player {player} is not a seat of this {players}-player game "
                          f"(0..{players - 1})")
    # Read from the records, not through the state's properties: bots observe every move.
    stage, past = state.stage, state.past
    config = state.setup.config
    table = state.table
    discarded: tuple[Card, ...]
    if table is None:  # waiting for a deal: the properties' defaults
        view = state
        bids, shots = view.bids, view.shots
        tricks_won, leader, tricks, wagers = (view.tricks_won, view.leader, view.tricks,
                                              view.wagers)
        undealt, discarded, ghost_size = None, (), 0
    else:
        bids, shots = table.bids, table.shots
        tricks_won, leader, tricks, wagers = (table.tricks_won, table.leader, table.tricks,
                                              table.wagers)
        undealt, discarded = undealt_seen(state, player), discarded_seen(state, player)
        ghost_size = len(table.ghost)
    has_bid = tuple([b is not None for b in bids])
    has_shot = tuple([c is not None for c in shots])
    to_move: int | None = None
    trick: tuple[tuple[Seat, Play], ...] = ()
    suit_state, lead_suit, pending = _OPEN, None, None
    if type(stage) is Playing:
        to_move, trick = stage.to_move, stage.trick
        suit_state, lead_suit = stage.suit_state, stage.lead_suit
    elif type(stage) is Bidding:  # what hides while bidding: skullgames.king.visibility
        to_move = stage.to_move
        has_bid = tuple([b is not None for b in stage.bids])
        bids = bids_seen(stage, player)
        shots = shots_seen(stage, player)
        has_shot = tuple([c is not None for c in shots])
    elif type(stage) is Shooting:
        to_move = stage.to_move
        has_shot = tuple([c is not None for c in stage.shots])
        shots = shots_seen(stage, player)
    elif type(stage) is Choosing:
        pending = stage.pending
        to_move = pending.seat
    return Observation(
        config=config,
        seat=player,
        phase=stage.phase,
        round_number=past.round_index + 1,
        cards_dealt=state.cards_dealt,
        dealer=past.dealer,
        hand=state.hands[player],
        hand_sizes=tuple([len(h) for h in state.hands]),
        ghost_size=ghost_size,
        bids=bids,
        has_bid=has_bid,
        shots=shots,
        has_shot=has_shot,
        tricks_won=tricks_won,
        leader=leader,
        to_move=to_move,
        trick=trick,
        suit_state=suit_state,
        lead_suit=lead_suit,
        tricks=tricks,
        pending=pending,
        wagers=wagers,
        undealt=undealt,
        discarded=discarded,
        totals=past.totals,
        rounds=_summaries(past.rounds),
        legal_moves=legal_moves(state) if to_move == player else (),
    )
