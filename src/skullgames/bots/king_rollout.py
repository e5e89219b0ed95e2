"""Skull King rollouts: a round played out from a sampled world without a State per card.

The search bots value a move by playing the round out after it (``round_points`` of
:class:`~skullgames.bots.king.SearchBot` and
:class:`~skullgames.bots.king_expert.ExpertBot`). Through the engine's ``apply`` every
card of every rollout builds, checks and freezes a whole state; :func:`play_out` keeps
the round's bookkeeping in plain lists instead (the hands, the seat to move, the trick so
far and its suit, the tricks won and their results) and asks the rules where they are
written: the cards a seat may play are the engine's legal plays (``rules._allowed_cards``),
the suit to follow is ``rules.next_suit``, a trick is
:func:`skullgames.king.tricks.resolve`'s, and the round is scored as the engine scores it
(``king.game._round_scores``, which calls ``scoring.breakdown``).

The phases around the plays (the bids, Grapeshot or Cannonball) go through ``apply``;
so does the whole round under the configurations whose flow between tricks is the
engine's own: the pirates' abilities (K12) and Graybeard (K10). A property test
(``tests/bots/test_king_rollout.py``) holds the outcome to the engine's in every
configuration of the registry.

>>> import random
>>> from skullgames import king
>>> from skullgames.bots.king import sample_world
>>> from skullgames.bots.king_expert import rollout_move, rollout_play
>>> from skullgames.bots.king_rollout import play_out
>>> state = king.new_game(king.Config(players=3), seed=4)
>>> world = sample_world(king.observe(state, 1), random.Random(0))
>>> outcome = play_out(world, king.Bid(1), rollout_move, rollout_play)
>>> len(outcome.points), sum(outcome.tricks_won) <= 1
(3, True)
"""

# No ``from __future__ import annotations``: the API reference reads RoundOutcome's
# parameter types as objects, where a string names TrickResult of either game.
from collections.abc import Callable, Sequence

from skullgames.king.config import Config
from skullgames.king.game import _distinct_plays, _round_scores, apply
from skullgames.king.moves import Move, Play
from skullgames.king.rules import SuitState, _allowed_cards, next_suit
from skullgames.king.scoring import SeatScore
from skullgames.king.state import Playing, State
from skullgames.king.tricks import Seat, TrickResult, resolve

__all__ = ["PlayPolicy", "RoundOutcome", "StatePolicy", "play_out"]

StatePolicy = Callable[[State], Move]
"""A rollout's move for the seat to move in a state, in any phase."""

PlayPolicy = Callable[
    [Config, int, Sequence[Move], tuple[tuple[Seat, Play], ...], int, int, int], Move]
"""A rollout's play from what a seat sees in a trick.

``(config, seat, legal plays, trick so far, bid, tricks won, cards in hand)``: for the
same state, the move the :data:`StatePolicy` of the same rollout makes.
"""

_OPEN = SuitState.OPEN


class RoundOutcome:
    """How a round played out: every seat's score and the tricks, as the engine records them."""

    __slots__ = ("scores", "tricks", "tricks_won")

    def __init__(self, scores: tuple[SeatScore, ...], tricks: tuple[TrickResult, ...],
                 tricks_won: tuple[int, ...]) -> None:
        self.scores = scores
        self.tricks = tricks
        self.tricks_won = tricks_won

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points for the round."""
        return tuple([s.total for s in self.scores])

    @property
    def bonuses(self) -> tuple[int, ...]:
        """Each seat's bonus points that counted."""
        return tuple([s.bonus for s in self.scores])

    @property
    def next_leader(self) -> Seat:
        """Who the last trick named to lead next."""
        return self.tricks[-1].next_leader


def play_out(world: State, move: Move, policy: StatePolicy, play: PlayPolicy
             ) -> RoundOutcome:
    """The round of ``world`` played out after ``move``, every seat then playing ``policy``.

    ``play`` is ``policy`` for the plays, from a trick's bookkeeping rather than a state
    (same arguments, same move). The round ends when the engine would record it.
    """
    finished = len(world.rounds)
    config = world.config
    fast = not config.pirate_abilities and not config.has_ghost
    state = apply(world, move)
    while len(state.rounds) == finished:
        if fast and type(state) is Playing:
            return _play_tricks(state, config, play)
        state = apply(state, policy(state))
    result = state.rounds[-1]
    # Named before the call: compiled (mypyc 2.4), the arguments ``result.scores`` and
    # ``result.tricks`` were borrowed from ``result``, which was released before the call
    # once the comprehension had read it last (it freed the scores still to be used).
    scores = result.scores
    tricks = result.tricks
    return RoundOutcome(scores, tricks, tuple([s.tricks for s in scores]))


def _play_tricks(state: Playing, config: Config, play: PlayPolicy) -> RoundOutcome:
    """The rest of the round from ``state``, without a state per card.

    ``king.game``'s ``_apply_play`` and ``_finish_trick``, for configurations without
    abilities or Graybeard.
    """
    table = state.table
    hands = list(state.hands)
    players = len(hands)
    bids = table.bids
    won = list(table.tricks_won)
    results = list(table.tricks)
    seat = state.to_move
    trick = state.trick
    suit_state = state.suit_state
    lead = state.lead_suit
    while True:
        hand = hands[seat]
        moves = _distinct_plays(hand if lead is None else _allowed_cards(hand, lead))
        chosen = play(config, seat, moves, trick, bids[seat], won[seat], len(hand))
        assert type(chosen) is Play, "a play policy plays a card"
        card = chosen.card
        index = -1
        for i in range(len(hand)):  # by identity first, as the engine finds it
            if hand[i] is card:
                index = i
                break
        if index < 0:
            index = hand.index(card)
        hands[seat] = hand[:index] + hand[index + 1:]
        if suit_state is _OPEN:
            suit_state, lead = next_suit(suit_state, lead, chosen, config, not trick)
        trick = (*trick, (seat, chosen))
        if len(trick) < players:
            seat = (seat + 1) % players
            continue
        result = resolve(trick, config, lead)
        results.append(result)
        if result.winner is not None:
            won[result.winner] += 1
        if not hands[0]:
            break
        leader = result.next_leader
        assert leader is not None, "only Graybeard's tricks name no seat to lead"
        seat, trick, suit_state, lead = leader, (), _OPEN, None
    tricks = tuple(results)
    tricks_won = tuple(won)
    scores = _round_scores(config, state.past.round_index, bids, tricks_won, tricks,
                           table.wagers, table.shots)
    return RoundOutcome(scores, tricks, tricks_won)
