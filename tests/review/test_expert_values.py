"""ExpertSearch.move_values and appraise: the values the review reads, and the choice.

``best_index`` picks the move of the best value of ``move_values``. Without an anchor
(every Skull Queen move, a Skull King play, or ``confidence=0``) that is the best mean,
and the reference below is its loop as it was before the values had a method of their own
(the sums compared directly), so those moves are the same as before. A Skull King bid is
valued against the rule of thumb's (``tests/bots/test_expert_bids.py``).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from skullgames import king, queen
from skullgames.bots.expert import ExpertSearch
from skullgames.registry import GAMES


def reference_best_index(bot: ExpertSearch[Any, Any, Any], observation: Any,
                         moves: Any, worlds: Any, deadline: float | None = None) -> int:
    seat = observation.seat
    standings, left = bot.standings(observation)
    totals = [0.0] * len(moves)
    for world, count in worlds:
        for i, move in enumerate(moves):
            points = bot.round_points(world, move)
            totals[i] += count * bot.value_of(points, seat, standings, left)
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return max(range(len(moves)), key=totals.__getitem__)


def decisions(game: str, config: Any, seed: int) -> list[Any]:
    """The observation of every decision with more than one move of a greedy game."""
    entry: Any = GAMES[game]
    state = entry.new_game(config, seed=seed)
    bots = [entry.bots["greedy"](random.Random(s)) for s in range(config.players)]
    found = []
    while not entry.is_over(state):
        seat = entry.current_player(state)
        observation = entry.observe(state, seat)
        if len(observation.legal_moves) > 1:
            found.append(observation)
        state = entry.apply(state, bots[seat].choose(observation))
    return found


@pytest.mark.parametrize(("game", "config"), [
    ("king", king.Config(rounds=(2, 3))),
    ("king", king.Config(players=2, rounds=(3,))),
    ("king", king.Config(players=8, loot=True, kraken=True, rounds=(2,))),
    ("queen", queen.Config(players=3, rounds=1)),
])
def test_best_index_is_the_best_of_move_values_and_the_old_choice(game: str,
                                                                   config: Any) -> None:
    for k, observation in enumerate(decisions(game, config, seed=5)):
        bot = GAMES[game].bots["expert"](random.Random(k))
        assert isinstance(bot, ExpertSearch)
        bot.worlds = 3
        moves = observation.legal_moves
        if len(moves) > 60:  # a Skull Queen placement: its search weighs candidates
            continue
        worlds = bot.searched_worlds(observation)
        values = bot.move_values(observation, moves, worlds)
        chosen = bot.best_index(observation, moves, worlds)
        assert values[chosen] == max(values)
        assert values.index(max(values)) == chosen
        if bot.anchor(observation, moves) is not None:
            bot.confidence = 0.0  # no anchor: the best mean, as the old loop chose
            chosen = bot.best_index(observation, moves, worlds)
        assert chosen == reference_best_index(bot, observation, moves, worlds)


@pytest.mark.parametrize("game", ["king", "queen"])
def test_the_expert_plays_as_it_did(game: str) -> None:
    """Without an anchor (``confidence=0`` in Skull King) its moves over a game are those
    of the old loop (a bot whose best_index is it)."""
    entry: Any = GAMES[game]
    factory: Any = type(entry.bots["expert"](random.Random(0)))

    class Old(factory):  # type: ignore[misc]
        def best_index(self, observation: Any, moves: Any, worlds: Any,
                       deadline: float | None = None) -> int:
            return reference_best_index(self, observation, moves, worlds, deadline)

    config = entry.Config(players=3, rounds=(2, 3) if game == "king" else 1)
    state = entry.new_game(config, seed=9)
    means: dict[str, Any] = {"confidence": 0.0} if game == "king" else {}
    new = [factory(random.Random(s), worlds=4, **means) for s in range(3)]
    old = [Old(random.Random(s), worlds=4, **means) for s in range(3)]
    while not entry.is_over(state):
        seat = entry.current_player(state)
        observation = entry.observe(state, seat)
        move = new[seat].choose(observation)
        assert move == old[seat].choose(observation)
        state = entry.apply(state, move)


def test_appraise_values_every_legal_move_and_a_queen_placement_among_candidates() -> None:
    observation = decisions("king", king.Config(rounds=(3,)), seed=2)[0]
    bot = GAMES["king"].bots["expert"](random.Random(1))
    assert isinstance(bot, ExpertSearch)
    bot.worlds = 2
    moves, values = bot.appraise(observation)
    assert moves == observation.legal_moves and len(values) == len(moves)
    placing = next(o for o in decisions("queen", queen.Config(rounds=1), seed=2)
                   if o.phase is queen.Phase.PLACE)
    queen_bot = GAMES["queen"].bots["expert"](random.Random(1))
    assert isinstance(queen_bot, ExpertSearch)
    odd = placing.legal_moves[-1]
    moves, values = queen_bot.appraise(placing, odd)
    assert odd in moves and len(moves) == len(values) < len(placing.legal_moves)
    assert set(moves) <= set(placing.legal_moves)
