"""OpenSpiel's information-set MCTS as a Skull King contestant of ``skullgames match``.

For issue 38's comparison of the expert with the standard methods at the same time per
decision, from the repository root (needs the ``openspiel`` extra)::

    PYTHONPATH=. skullgames match king --bots expert,benchmarks.ismcts:KingISMCTS \\
        --shape 2v2 --deals 100 --jobs 1

:class:`KingISMCTS` is made from a ``random.Random``, as every bot factory is, and sees
only its seat's observation. Each decision runs OpenSpiel's own Python ``ISMCTSBot``
(``open_spiel.python.algorithms.ismcts``) on the library's pyspiel game with the
library's resampler (:func:`skullgames.rl.openspiel.resampler`):

- **The game searched is the round under way.** Skull King's rounds are dealt afresh
  and scored apart, and nothing of a round but its points reaches the next (standard
  rules; the dealer moves on one seat a round whatever happens), so the points of the
  rest of the game are what this round's moves can change. The search runs on the
  pyspiel game of the same options with one round of the current hand size
  (``rounds=(size,)``), whose returns (``reward="points"``) are that round's points.
  In that one-round game seat 0 deals, so the seats are turned: the round's dealer is
  seat 0 there, the seat ``k`` places to its left is seat ``k``. Moves name no seat (the
  pirates' abilities, whose moves do, cannot be resampled and are refused). The
  options that score by the round's number (the classic edition's zero bids, the round
  bonus) are refused too: the one-round game's round is round 1.
- **The root state** is a world drawn from the observation
  (:func:`skullgames.bots.king.sample_world`: the seat's hand, the cards played and the
  bids it has seen as they are; the hidden cards drawn), dealt and replayed in the
  one-round game through its chance outcomes and actions. Every iteration then draws
  its own world from the root's information state with the resampler, so what the
  root's world holds beyond the observation is never used: OpenSpiel's ``ISMCTSBot``
  checks that each world's information state is the root's.
- **The evaluator** (:class:`RoundRollouts`) plays a leaf's world out to the end of the
  round with the rule of thumb the library's bots roll out with
  (:func:`skullgames.bots.king_expert.rollout_move`: the greedy bid, then the greedy
  play but for a leader needing tricks), on the engine's state, and returns every
  seat's points. A uniformly random rollout (OpenSpiel's ``RandomRolloutEvaluator``)
  estimates a bid badly: random play takes a random number of tricks whatever the bid,
  so it values every bid by luck (``rollouts="random"`` plays it, for comparison).
- **The budget**: ``simulations`` iterations a decision, picked so that its processor
  time per decision matches the expert's (``SIMULATIONS``), UCT with ``uct_c`` in points.

Deterministic under the ``rng`` it is given: the worlds, the rollouts and OpenSpiel's
``numpy`` ``RandomState`` are all seeded from it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from skullgames import king
from skullgames.bots._base import checked_moves
from skullgames.bots.king import sample_world
from skullgames.bots.king_expert import rollout_move
from skullgames.errors import ConfigError
from skullgames.king import Deal, Edition, Move, Observation, State
from skullgames.rl.openspiel import SkullGame, SkullState, load_game, resampler

__all__ = ["SIMULATIONS", "UCT_C", "KingISMCTS", "RoundRollouts", "root_state", "round_game"]

SIMULATIONS = 28
"""Iterations a decision: the expert's processor time per decision.

Measured in the compiled build over whole 4-player games (seats expert, ismcts, expert,
ismcts; processor time around each ``choose``, seeds 3 to 5): 0.063 s a decision for
each bot (28 iterations); 40 iterations took 0.084 s against the expert's 0.060.
"""

UCT_C = 40.0
"""UCT's exploration constant, in points (a round's points spread over tens of points)."""

Rollout = Callable[[State, random.Random], Move]
"""A rollout policy: the move of the seat to move in an engine state."""

ROLLOUTS: dict[str, Rollout] = {
    "rule": lambda state, _rng: rollout_move(state),
    "random": lambda state, rng: rng.choice(king.legal_moves(state)),
}
"""The rollout policies by name: the library's rule of thumb, or uniformly random moves."""


@functools.lru_cache(maxsize=32)
def round_game(config: king.Config, round_number: int) -> SkullGame:
    """The pyspiel game of round ``round_number`` (from 1) of ``config`` alone.

    Raises :class:`~skullgames.ConfigError` for the options it cannot search this way.
    """
    if config.pirate_abilities:
        raise ConfigError("the pirates' abilities cannot be resampled: their moves name "
                          "seats, and not all of them are in a seat's observations")
    if config.edition is Edition.CLASSIC or config.round_bonus:
        raise ConfigError("the round is searched as a game of one round, whose round "
                          "number is 1, and classic zero bids and the round bonus score "
                          "by the round number")
    size = config.hand_sizes[round_number - 1]
    one_round = attrs.evolve(config, rounds=(size,))
    return load_game(one_round, reward="points")


def root_state(observation: Observation, rng: random.Random) -> tuple[SkullState, int]:
    """A state of :func:`round_game` the observing seat cannot tell from its round.

    Its seats are turned so that the round's dealer is seat 0; returned with the
    observing seat's number there. The hidden cards are drawn with ``rng``
    (:func:`~skullgames.bots.king.sample_world`).
    """
    config = observation.config
    players = config.players
    dealer = observation.dealer
    game = round_game(config, observation.round_number)
    world = sample_world(observation, rng)
    deal, *moves = world.history
    assert isinstance(deal, Deal)
    turned = Deal([deal.hands[(seat + dealer) % players] for seat in range(players)],
                  ghost=deal.ghost, stock=deal.stock)
    state: SkullState = game.new_initial_state()
    setup = state._setup
    for card in setup.plans[0].dealt(turned):
        state.apply_action(setup.outcome[card])
    for move in moves:
        state.apply_action(setup.space.index(move))
    return state, (observation.seat - dealer) % players


class RoundRollouts(mcts.Evaluator):  # type: ignore[misc]
    """An evaluator: a leaf's world played out to the round's end; every seat's points.

    ``policy`` plays every seat (one of :data:`ROLLOUTS`), on the engine's state of the
    world (its cards are the world's, drawn by the resampler, never the real game's).
    The prior is uniform, as OpenSpiel's ``RandomRolloutEvaluator``'s.
    """

    def __init__(self, policy: Rollout, rng: random.Random) -> None:
        self.policy = policy
        self.rng = rng

    def evaluate(self, state: SkullState) -> np.ndarray[Any, np.dtype[np.float64]]:
        """The points of the round (the one-round game's scores) after a rollout."""
        engine: State = state.engine
        while not king.is_over(engine):
            engine = king.apply(engine, self.policy(engine, self.rng))
        return np.array(king.scores(engine), dtype=np.float64)

    def prior(self, state: SkullState) -> list[tuple[int, float]]:
        """Every legal action equally likely."""
        legal: list[int] = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class KingISMCTS:
    """OpenSpiel's ``ISMCTSBot`` on the round under way, with the library's resampler."""

    simulations: int = SIMULATIONS
    uct_c: float = UCT_C
    rollouts: str = "rule"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random.Random() if rng is None else rng
        # One stream each, so that a change in one part leaves the others' draws alone.
        self._worlds = random.Random(self.rng.getrandbits(64))
        self._numpy = np.random.RandomState(self.rng.getrandbits(32))
        self._evaluator = RoundRollouts(ROLLOUTS[self.rollouts],
                                        random.Random(self.rng.getrandbits(64)))

    def choose(self, observation: Observation) -> Move:
        """The move the search visits most (ties drawn by OpenSpiel's ``RandomState``)."""
        moves = checked_moves(observation)
        if len(moves) == 1:
            return moves[0]
        state, seat = root_state(observation, self._worlds)
        game = state.get_game()
        bot = ismcts.ISMCTSBot(game, self._evaluator, self.uct_c, self.simulations,
                               random_state=self._numpy)
        bot.set_resampler(resampler(self._worlds))
        assert state.current_player() == seat
        policy: Sequence[tuple[int, float]] = bot.run_search(state)
        actions = [a for a, _ in policy]
        chances = [p for _, p in policy]
        action = int(self._numpy.choice(actions, p=chances))
        move: Move = state._setup.space.move(action)
        return move


class RandomRolloutISMCTS(KingISMCTS):
    """:class:`KingISMCTS` with uniformly random rollouts, for comparison."""

    rollouts = "random"
