"""Playing a Skull Queen round out in a sampled world, for the bots' searches.

:func:`play_out` makes a move in a world (a state from
:func:`~skullgames.bots.queen.sample_world`), then lets a policy play every card to the end
of the round, and gives the round's :class:`RoundOutcome`. The engine's
:func:`~skullgames.queen.apply` would build, check and freeze a whole state for every card;
here the tricks are played on a little mutable bookkeeping (hands, the trick so far, its
colour, the seat to move, the centre, the planks, the Pirate King's stack), and every rule
is asked where it is written: :func:`~skullgames.queen.rules.playable` for the legal
cards, :func:`~skullgames.queen.tricks.resolve` for a trick,
:func:`~skullgames.queen.game.trick_opening`, :data:`~skullgames.queen.game.NEXT_IN_TRICK`
and :func:`~skullgames.queen.game.round_is_over` for the flow of the tricks,
:func:`~skullgames.queen.game.plank_points` for the score. Placements are few (one a
seat), so they go through the engine's ``apply``; the tricks start from the state it builds.
A property test (``tests/bots/test_queen_rollout.py``) holds the outcome to the engine's.

>>> import random
>>> from skullgames import queen
>>> from skullgames.bots.queen import greedy_place, greedy_play, sample_world
>>> from skullgames.bots.queen_rollout import play_out
>>> state = queen.new_game(queen.Config(players=3), seed=4)
>>> world = sample_world(queen.observe(state, 1), random.Random(0))
>>> move = greedy_place(world.hands[1], world.config)
>>> outcome = play_out(world, move, greedy_play, place=greedy_place)
>>> len(outcome.points), len(outcome.tricks) == world.config.hand_size
(3, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from skullgames.queen.cards import Card
from skullgames.queen.config import Config
from skullgames.queen.game import (
    NEXT_IN_TRICK,
    apply,
    plank_points,
    round_is_over,
    trick_opening,
)
from skullgames.queen.moves import PLAYS, Move, Place, Play
from skullgames.queen.rules import Seat, playable, trick_color
from skullgames.queen.scoring import Plank
from skullgames.queen.state import Placing, Playing, State
from skullgames.queen.tricks import TrickResult, resolve

__all__ = ["PlacePolicy", "PlayPolicy", "RoundOutcome", "play_out"]

PlayPolicy = Callable[[Config, int, Sequence[Move], Sequence[tuple[Seat, Play]],
                       Sequence[Card], Sequence[Plank]], Move]
"""A rollout's card for a seat: ``policy(config, seat, legal moves, trick, centre, planks)``.

:func:`~skullgames.bots.queen.greedy_play` is one.
"""

PlacePolicy = Callable[[tuple[Card, ...], Config], Place]
"""A rollout's placement for a seat: ``policy(hand, config)``.

:func:`~skullgames.bots.queen.greedy_place` is one.
"""


class RoundOutcome:
    """How a round played out: what the engine's round record would hold of it.

    ``points`` are every seat's points for the round, ``planks`` the planks at its end,
    ``tricks`` every trick of the round (those before the world's state included) and
    ``next_leader`` who would lead after the last trick (the last trick's).
    """

    def __init__(self, points: tuple[int, ...], planks: tuple[Plank, ...],
                 tricks: tuple[TrickResult, ...]) -> None:
        self.points = points
        self.planks = planks
        self.tricks = tricks

    @property
    def next_leader(self) -> Seat:
        """Who played the highest value in the last trick (``None``: the Pirate King)."""
        return self.tricks[-1].next_leader

    def __repr__(self) -> str:
        return f"RoundOutcome(points={self.points!r}, tricks={len(self.tricks)})"


def play_out(world: State, move: Move, policy: PlayPolicy, *,
             place: PlacePolicy | None = None) -> RoundOutcome:
    """The round after ``move`` in ``world``, every later move the policies'.

    ``world`` is a state placing or playing (a sample of
    :func:`~skullgames.bots.queen.sample_world`, say) and ``move`` a legal move of it:
    trusted, as the bots take it from the legal moves. Cards are ``policy``'s; placements
    still to make are ``place``'s (needed when ``world`` is placing). Raises
    ``ValueError`` for a state of another phase.
    """
    stage = world
    if type(stage) is Placing:
        if place is None:
            raise ValueError("a placing world needs a placement policy")
        config = world.config
        state = apply(world, move)
        while type(state) is Placing:
            seat: int = state.to_move
            state = apply(state, place(state.hands[seat], config))
        if type(state) is not Playing:
            raise AssertionError("after the placements come the tricks")
        return _tricks(state, None, policy)
    if type(stage) is Playing:
        if type(move) is not Play:
            raise ValueError(f"cards are being played, {move!r} is not a Play")
        return _tricks(stage, move, policy)
    raise ValueError(f"a world placing or playing, not one of phase {world.phase.value}")


def _tricks(stage: Playing, first: Play | None, policy: PlayPolicy) -> RoundOutcome:
    """Play the tricks from ``stage`` to the end of the round, ``first`` (if any) first."""
    config = stage.config
    players = config.players
    per_trick = config.cards_per_trick
    dealer = stage.round.dealer
    table = stage.table
    hands = [list(hand) for hand in stage.hands]
    trick = list(stage.trick)
    color = stage.trick_color
    seat = stage.to_move
    center = table.center
    planks = table.planks
    ghost = table.ghost
    tricks = list(table.tricks)
    move: Move
    if first is None:
        move = policy(config, seat, playable(hands[seat], color), trick, center, planks)
    else:
        move = first
    while True:
        if type(move) is not Play:
            raise ValueError(f"the policy played {move!r}, not a Play")
        play = PLAYS[move.card.index]  # the shared play of the interned card
        _take(hands[seat], play.card)
        trick.append((seat, play))
        if len(trick) < per_trick:
            if color is None:
                color = trick_color(trick)
            seat = NEXT_IN_TRICK[players][seat]
        else:
            result = resolve(trick, center, planks)
            after = result.planks
            if after is None:
                raise AssertionError("a trick resolved on planks gives the planks after it")
            planks = after
            center = result.center
            tricks.append(result)
            if round_is_over(hands):
                return RoundOutcome(plank_points(planks, config), planks, tuple(tricks))
            opened, ghost, color, _leader, seat = trick_opening(ghost, result.next_leader,
                                                                dealer)
            trick = list(opened)
        move = policy(config, seat, playable(hands[seat], color), trick, center, planks)


def _take(hand: list[Card], played: Card) -> None:
    """Take ``played`` out of ``hand``, keeping the order of the rest (as the engine does)."""
    for i, c in enumerate(hand):
        if c is played:  # cards are interned: identity finds the card
            del hand[i]
            return
    hand.remove(played)
