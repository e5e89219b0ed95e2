"""OpenSpiel's information-set MCTS as a ``skullgames match`` contestant (benchmarks/ismcts.py).

The contestant must play whole games legally under every option its search can resample,
see the round as the seat sees it (its one-round game turns the seats so that the
dealer is seat 0), and choose from the observation alone: the same observation and seed
give the same move whatever the other seats hold.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from benchmarks.ismcts import KingISMCTS, RandomRolloutISMCTS, root_state

from skullgames import ConfigError, king, match
from skullgames.bots.king import GreedyBot
from skullgames.king import Bid, Config, Deal, Edition, Scoring, card


class TinyISMCTS(KingISMCTS):
    """A few iterations a decision: enough to search, cheap enough for a test."""

    simulations = 6


class TinyRandomISMCTS(RandomRolloutISMCTS):
    simulations = 6


CONFIGS = [
    pytest.param(Config(players=2, rounds=(1, 3)), id="2-graybeard"),
    pytest.param(Config(players=4, rounds=(2, 3)), id="4"),
    pytest.param(Config(players=8, rounds=(1, 2)), id="8"),
    pytest.param(Config(players=4, loot=True, kraken=True, white_whale=True, rounds=(3,)),
                 id="4-advanced-cards"),
    pytest.param(Config(players=4, scoring=Scoring.RASCAL, cannonball=True, rounds=(2,)),
                 id="4-rascal-cannonball"),
]


@pytest.mark.parametrize("config", CONFIGS)
def test_plays_whole_games_of_a_match(config: Config) -> None:
    result = match("king", config, bots={"ismcts": TinyISMCTS, "greedy": "greedy"},
                   deals=1, jobs=1)
    # match applies every move with the engine, which refuses an illegal one
    assert [g.bots for g in result.games] == [
        tuple(("ismcts", "greedy")[(s + r) % 2] for s in range(config.players))
        for r in range(2)]
    assert all(len(g.scores) == config.players for g in result.games)


def test_random_rollouts_play_a_whole_game_too() -> None:
    result = match("king", Config(players=2, rounds=(2,)),
                   bots={"ismcts": TinyRandomISMCTS, "greedy": "greedy"}, deals=1, jobs=1)
    assert len(result.games) == 2


@pytest.mark.parametrize(("config", "why"), [
    (Config(players=4, pirate_abilities=True, rounds=(1, 2)), "abilities"),
    (Config(players=4, edition=Edition.CLASSIC, rounds=(1, 2)), "round number"),
    (Config(players=4, round_bonus=True, rounds=(1, 2)), "round number"),
], ids=["pirate-abilities", "classic", "round-bonus"])
def test_options_it_cannot_search_are_refused(config: Config, why: str) -> None:
    state = king.new_game(config, seed=1)
    seat = king.current_player(state)
    assert seat is not None
    with pytest.raises(ConfigError, match=why):
        TinyISMCTS(random.Random(0)).choose(king.observe(state, seat))


def _turned(seat: Any, dealer: int, players: int) -> Any:
    return None if seat is None else (seat - dealer) % players


@pytest.mark.parametrize("config", [
    Config(players=4, rounds=(1, 2, 3)), Config(players=2, rounds=(2, 3)),
    Config(players=3, kraken=True, rounds=(2, 2)),
], ids=["4", "2-graybeard", "3-kraken"])
def test_the_root_is_the_seats_round_with_the_seats_turned(config: Config) -> None:
    rng = random.Random(5)
    state = king.new_game(config, seed=8)
    bot = GreedyBot()
    checked = 0
    while not king.is_over(state):
        seat = king.current_player(state)
        assert seat is not None
        real = king.observe(state, seat)
        root, me = root_state(real, rng)
        n, d = config.players, real.dealer
        assert me == (seat - d) % n and root.current_player() == me
        seen = king.observe(root.engine, me)
        assert seen.round_number == 1 and seen.dealer == 0
        assert seen.hand == real.hand and seen.legal_moves == real.legal_moves
        assert seen.bids == tuple(real.bids[(s + d) % n] for s in range(n))
        assert seen.tricks_won == tuple(real.tricks_won[(s + d) % n] for s in range(n))
        assert seen.hand_sizes == tuple(real.hand_sizes[(s + d) % n] for s in range(n))
        assert seen.trick == tuple((_turned(s, d, n), p) for s, p in real.trick)
        assert [t.plays for t in seen.tricks] == [
            tuple((_turned(s, d, n), p) for s, p in t.plays) for t in real.tricks]
        checked += 1
        state = king.apply(state, bot.choose(real))
    assert checked > 10


def _round_two(other_hands: tuple[tuple[str, ...], tuple[str, ...]]) -> king.State:
    """A 4-player game after round 1, dealt round 2: seats 2 and 3 hold the same cards
    in every call, seats 0 and 1 ``other_hands``."""
    config = Config(players=4, rounds=(2, 3))
    state = king.new_game(config, auto_deal=False)
    state = king.apply(state, Deal([[card("Y1"), card("B2")], [card("P3"), card("G4")],
                                    [card("Y5"), card("B6")], [card("P7"), card("G8")]]))
    greedy = GreedyBot()
    while len(state.rounds) < 1:
        seat = king.current_player(state)
        assert seat is not None
        state = king.apply(state, greedy.choose(king.observe(state, seat)))
    hands = [[card(c) for c in h] for h in (*other_hands, ("Y13", "B12", "SK"),
                                            ("Y9", "P10", "ESC"))]
    return king.apply(state, Deal(hands))


def test_the_choice_does_not_depend_on_the_hidden_cards() -> None:
    games = [_round_two((("Y2", "Y3", "B4"), ("P5", "G6", "G7"))),
             _round_two((("ROSIE", "MER", "Y14"), ("B14", "P14", "G14")))]
    assert games[0].hands[0] != games[1].hands[0]
    # the round's dealer is seat 1: seat 2 bids first and leads, seat 3 follows
    script: list[king.Move | None] = [None, Bid(1), Bid(0), Bid(1), None, None]
    checked = 0
    for move in script:
        seat = king.current_player(games[0])
        assert seat is not None and seat == king.current_player(games[1])
        views = [king.observe(g, seat) for g in games]
        if move is None:
            assert views[0] == views[1]
            chosen = [TinyISMCTS(random.Random(3)).choose(v) for v in views]
            assert chosen[0] == chosen[1]
            assert chosen[0] in views[0].legal_moves
            move = chosen[0]
            checked += 1
        games = [king.apply(g, move) for g in games]
    assert checked == 3
