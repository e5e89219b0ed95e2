"""The expert bot (issue 38): legal everywhere, deterministic, within its budget, blind.

The bot is played under every option set of both games (``tests/support/option_sets.py``), in
every seat, through the Python API, ``simulate``, ``match``, Gymnasium and a server
table, with a tiny budget; its parts are checked one by one: the inference's models,
the resampling, the objective, the count of rollouts, and that its move is a function of
its observation only.
"""

from __future__ import annotations

import math
import random
from typing import Any

import gymnasium
import pytest

from skullgames import king, match, queen, simulate, to_dict
from skullgames.bots import make_bot
from skullgames.bots.expert import resample
from skullgames.bots.king import greedy_bid, sample_world
from skullgames.bots.king_expert import (
    ExpertBot,
    bid_log_likelihood,
    play_log_likelihood,
    rollout_play,
)
from skullgames.bots.queen_expert import ExpertBot as QueenExpertBot
from skullgames.registry import GAMES
from skullgames.rl.gymnasium import environment_id
from skullgames.serve import HUMAN
from tests.support.option_sets import every_option_set
from tests.support.serve_client import new_table, play_table, running

CASES = pytest.mark.parametrize(("game", "name", "config"), every_option_set(),
                                ids=[f"{g}-{n}" for g, n, _ in every_option_set()])


def tiny(game: str, rng: random.Random) -> Any:
    """The registry's expert with a tiny budget: two worlds, from a pool of two each."""
    bot: Any = GAMES[game].bots["expert"](rng)
    bot.worlds, bot.pool = 2, 2
    return bot


@CASES
def test_the_expert_plays_every_option_set_in_every_seat(game: str, name: str,
                                                         config: Any) -> None:
    entry = GAMES[game]
    for seed, others in ((1, "expert"), (2, "greedy")):
        # every seat the expert in the first game; the expert against greedy in the second
        bots = [tiny(game, random.Random(f"{seed}:{s}")) if others == "expert" or s % 2 == 0
                else make_bot(game, "greedy", random.Random(s)) for s in range(config.players)]
        moved = set()
        state = entry.new_game(config, seed=seed)
        while not entry.is_over(state):
            seat = entry.current_player(state)
            assert seat is not None
            view = entry.observe(state, seat)
            move = bots[seat].choose(view)
            assert move in view.legal_moves
            moved.add(seat)
            state = entry.apply(state, move)
        assert moved == set(range(config.players))
        assert len(entry.scores(state)) == config.players


def play(bot_of_seat: list[Any], state: king.State) -> list[king.Move]:
    moves = []
    while not king.is_over(state):
        seat = king.current_player(state)
        assert seat is not None
        moves.append(bot_of_seat[seat].choose(king.observe(state, seat)))
        state = king.apply(state, moves[-1])
    return moves


def test_the_expert_is_deterministic_under_its_seed() -> None:
    config = king.Config(players=3, rounds=(2, 3))
    games = [play([ExpertBot(random.Random(s), worlds=3, pool=2) for s in range(3)],
                  king.new_game(config, seed=7)) for _ in range(2)]
    assert games[0] == games[1]
    other = play([ExpertBot(random.Random(10 + s), worlds=3, pool=2) for s in range(3)],
                 king.new_game(config, seed=7))
    assert len(other) == len(games[0])


def a_position(config: king.Config, seed: int, plays: int) -> king.State:
    """A first round in play, ``plays`` cards in (greedy bids and plays)."""
    state = king.new_game(config, seed=seed)
    greedy = make_bot("king", "greedy", random.Random(0))
    while state.phase is king.Phase.BID or plays > 0:
        seat = king.current_player(state)
        assert seat is not None
        if state.phase is not king.Phase.BID:
            plays -= 1
        state = king.apply(state, greedy.choose(king.observe(state, seat)))
    return state


@pytest.mark.parametrize("inference", [False, True])
@pytest.mark.parametrize("plays", [0, 5])
def test_the_move_is_a_function_of_the_observation_only(plays: int, inference: bool) -> None:
    """Same observation, different hidden hands, same seed: the same move (issue 38),
    with inference (off by default) as without."""
    config = king.Config(players=4, rounds=(6,))
    real = a_position(config, 3, plays)
    seat = king.current_player(real)
    assert seat is not None
    view = king.observe(real, seat)
    others = [sample_world(view, random.Random(k)) for k in range(3)]
    others = [w for w in others if w.hands != real.hands]
    assert others, "the sampled worlds deal the hidden cards otherwise"
    moves = set()
    for world in [real, *others]:
        assert king.observe(world, seat) == view
        bot = ExpertBot(random.Random(5), worlds=4, pool=2, inference=inference)
        moves.add(bot.choose(king.observe(world, seat)))
    assert len(moves) == 1


class Counting(ExpertBot):
    """The expert, counting the worlds it samples and the rollouts it plays."""

    def __init__(self, rng: random.Random, **options: Any) -> None:
        super().__init__(rng, **options)
        self.samples = 0
        self.rollouts = 0

    def sample(self, observation: king.Observation) -> king.State:
        self.samples += 1
        return super().sample(observation)

    def round_points(self, world: king.State, move: king.Move) -> tuple[int, ...]:
        self.rollouts += 1
        return super().round_points(world, move)


@pytest.mark.parametrize(("worlds", "pool"), [(1, 1), (3, 2), (5, 3)])
def test_the_budget_is_worlds_times_pool_samples_and_worlds_rollouts_per_move(
        worlds: int, pool: int) -> None:
    config = king.Config(players=4, rounds=(6,))
    for plays, phase in ((0, king.Phase.BID), (5, king.Phase.PLAY)):
        state = a_position(config, 3, plays) if plays else king.new_game(config, seed=3)
        seat = king.current_player(state)
        assert seat is not None and state.phase is phase
        view = king.observe(state, seat)
        bot = Counting(random.Random(1), worlds=worlds, pool=pool, inference=True)
        bot.choose(view)
        moves = len(view.legal_moves)
        # the bids are hidden while bidding: nothing to weigh, so no pool
        assert bot.samples == (worlds if phase is king.Phase.BID or pool == 1
                               else worlds * pool)
        assert bot.rollouts <= worlds * moves
        assert bot.rollouts % moves == 0  # every move in every world searched
        if phase is king.Phase.BID:
            assert bot.rollouts == worlds * moves
        by_default = Counting(random.Random(1), worlds=worlds, pool=pool)
        by_default.choose(view)
        assert by_default.samples == worlds  # inference off by default: no pool to weigh


def test_a_forced_move_is_made_without_search() -> None:
    state = king.new_game(king.Config(players=3, rounds=(1,)), seed=1)
    while state.phase is king.Phase.BID:
        seat = king.current_player(state)
        assert seat is not None
        state = king.apply(state, king.Bid(0))
    seat = king.current_player(state)
    assert seat is not None
    bot = Counting(random.Random(1), worlds=4, pool=2)
    assert bot.choose(king.observe(state, seat)) == king.legal_moves(state)[0]
    assert (bot.samples, bot.rollouts) == (0, 0)


def test_a_budget_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="worlds must be at least 1"):
        ExpertBot(random.Random(0), worlds=0)
    with pytest.raises(ValueError, match="pool must be at least 1"):
        QueenExpertBot(random.Random(0), pool=0)


class Ticking:
    """A clock for :func:`time.perf_counter` that moves one second a reading."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize(("seconds", "sampled", "searched"),
                         [(1.5, 1, 1), (2.5, 2, 1), (4.5, 3, 2), (100.0, 5, 5)])
def test_a_time_bound_stops_the_draws_at_half_and_the_search_after_the_world_under_way(
        monkeypatch: pytest.MonkeyPatch, seconds: float, sampled: int, searched: int) -> None:
    """Worlds drawn directly (no pool): the decision starts at 1 s and each world drawn,
    then each world searched, reads the clock: 2 s, 3 s, ... The draws stop once half of
    the bound is spent (at least one world), the search once all of it is."""
    monkeypatch.setattr("skullgames.bots.expert.time.perf_counter", Ticking())
    state = king.new_game(king.Config(players=4, rounds=(6,)), seed=3)
    seat = king.current_player(state)
    assert seat is not None
    view = king.observe(state, seat)
    bot = Counting(random.Random(1), worlds=5, pool=1, seconds=seconds)
    assert bot.choose(view) in view.legal_moves
    assert bot.samples == sampled
    assert bot.rollouts == searched * len(view.legal_moves)  # every move in the same worlds


def test_a_time_bound_with_worlds_without_number_still_ends() -> None:
    """The shipped expert draws its worlds directly (no inference): with a budget of a
    hundred thousand worlds, a bound of 0.05 s ends the decision long before they are drawn."""
    state = a_position(king.Config(players=4, rounds=(6,)), 3, 5)
    seat = king.current_player(state)
    assert seat is not None
    bot = Counting(random.Random(1), worlds=100_000, seconds=0.05)
    assert bot.choose(king.observe(state, seat)) in king.legal_moves(state)
    assert 1 <= bot.samples < 100_000


def test_a_time_bound_stops_the_pool_at_half_of_the_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Playing, with bids to weigh: the decision starts at 1 s and each world sampled reads
    the clock; a bound of 4 s closes the pool at 3 s (two worlds of the 6 × 3) and the
    search at 5 s, after at most two worlds."""
    monkeypatch.setattr("skullgames.bots.expert.time.perf_counter", Ticking())
    state = a_position(king.Config(players=4, rounds=(6,)), 3, 5)
    seat = king.current_player(state)
    assert seat is not None
    view = king.observe(state, seat)
    bot = Counting(random.Random(1), worlds=6, pool=3, seconds=4.0, inference=True)
    assert bot.choose(view) in view.legal_moves
    assert bot.samples == 2
    moves = len(view.legal_moves)
    assert 0 < bot.rollouts <= 2 * moves and bot.rollouts % moves == 0


def test_a_time_bound_leaves_the_moves_of_the_worlds_searched() -> None:
    """Without the clock running out, a bound changes no move (the same rng draws)."""
    state = a_position(king.Config(players=4, rounds=(6,)), 3, 5)
    seat = king.current_player(state)
    assert seat is not None
    view = king.observe(state, seat)
    unbounded = ExpertBot(random.Random(2), worlds=4, pool=2, inference=True).choose(view)
    assert ExpertBot(random.Random(2), worlds=4, pool=2, inference=True,
                     seconds=1e9).choose(view) == unbounded


def test_a_game_under_a_real_time_bound_is_played_legally() -> None:
    config = king.Config(players=3, rounds=(1, 5))
    state = king.new_game(config, seed=8)
    bots = [ExpertBot(random.Random(seat), seconds=0.001) for seat in range(3)]
    while (seat := king.current_player(state)) is not None:
        state = king.apply(state, bots[seat].choose(king.observe(state, seat)))
    assert len(state.rounds) == 2


@pytest.mark.parametrize("seconds", [0, -1.0, math.nan])
def test_a_time_bound_not_above_zero_is_refused(seconds: float) -> None:
    with pytest.raises(ValueError, match="seconds must be above 0"):
        ExpertBot(random.Random(0), seconds=seconds)
    with pytest.raises(ValueError, match="seconds must be above 0"):
        QueenExpertBot(random.Random(0), seconds=seconds)


# ----------------------------------------------------------------------------- parts


def test_resampling_draws_in_proportion_to_the_weights() -> None:
    drawn = resample(list(range(4)), [0.0, math.log(3), -math.inf, 0.0], 500,
                     random.Random(2))
    counts = [drawn.count(i) for i in range(4)]
    assert counts[2] == 0
    assert abs(counts[1] - 300) <= 1 and abs(counts[0] - 100) <= 1
    # nothing fits: every item as likely
    assert sorted(set(resample("ab", [-math.inf, -math.inf], 4, random.Random(0)))) == ["a", "b"]


def test_a_bid_is_likelier_from_a_hand_worth_it() -> None:
    config = king.Config()
    strong = [king.card(c) for c in ("SK", "ROSIE", "B14", "B13")]
    weak = [king.card(c) for c in ("ESC", "Y2", "G3", "P4")]
    assert bid_log_likelihood(3, strong, config) > bid_log_likelihood(3, weak, config)
    assert bid_log_likelihood(0, weak, config) > bid_log_likelihood(0, strong, config)
    total = sum(math.exp(bid_log_likelihood(b, strong, config)) for b in range(5))
    assert total == pytest.approx(1.0)


def test_a_play_is_impossible_from_a_hand_that_had_to_follow() -> None:
    config = king.Config()
    lead = ((0, king.Play(king.card("Y5"))),)
    hand = [king.card("Y9"), king.card("G3")]
    # G3 breaks the duty to follow yellow while holding Y9 (RESEARCH K: following suit)
    assert play_log_likelihood(config, 1, king.Play(king.card("G3")), hand, lead,
                               king.Suit.YELLOW, 1, 0) == -math.inf
    # a seat needing a trick takes it with Y9 (the rule of thumb's card): likelier than G3
    # from a hand without yellow
    rule = play_log_likelihood(config, 1, king.Play(king.card("Y9")), hand, lead,
                               king.Suit.YELLOW, 1, 0)
    assert rule == pytest.approx(math.log(0.5 + 0.5))  # the only legal card
    two = [king.card("Y9"), king.card("Y2")]
    assert (play_log_likelihood(config, 1, king.Play(king.card("Y9")), two, lead,
                                king.Suit.YELLOW, 1, 0)
            > play_log_likelihood(config, 1, king.Play(king.card("Y2")), two, lead,
                                  king.Suit.YELLOW, 1, 0))


def test_inference_prefers_worlds_where_the_bids_fit_the_hands() -> None:
    """After the bidding the weights favour deals whose hands are worth their bids."""
    config = king.Config(players=4, rounds=(8,))
    real = a_position(config, 11, 0)
    seat = king.current_player(real)
    assert seat is not None
    view = king.observe(real, seat)
    bot = ExpertBot(random.Random(0), worlds=1, pool=1)
    assert bot.has_evidence(view)
    worlds = [sample_world(view, random.Random(k)) for k in range(40)]
    weights = [bot.log_likelihood(view, w) for w in worlds]
    others = [s for s in range(4) if s != seat]

    def misfit(world: king.State) -> float:
        deal = world.deal
        assert deal is not None
        return sum(abs(greedy_bid(deal.hands[s], config) - (view.bids[s] or 0)) for s in others)

    ranked = sorted(range(40), key=weights.__getitem__)
    low, high = ranked[:10], ranked[-10:]
    assert sum(misfit(worlds[i]) for i in high) < sum(misfit(worlds[i]) for i in low)


def test_the_rollouts_keep_the_strongest_card_while_some_tricks_are_not_needed() -> None:
    config = king.Config()
    hand = [king.card(c) for c in ("Y3", "B12", "SK")]
    moves = [king.Play(c) for c in hand]
    # needing 1 of 3 tricks: lead the weakest card that is hard to beat, not the King
    assert rollout_play(config, 0, moves, (), 1, 0, 3) == king.Play(king.card("B12"))
    # needing all three, or none: the rule of thumb (the King; the weakest card)
    assert rollout_play(config, 0, moves, (), 3, 0, 3) == king.Play(king.card("SK"))
    assert rollout_play(config, 0, moves, (), 1, 1, 3) == king.Play(king.card("Y3"))


def test_the_objective_values_finishing_first() -> None:
    """In the last round, finishing first outweighs a few points more (objective on)."""
    bot = ExpertBot(random.Random(0), objective=True)
    totals = (100, 110, 0)
    # the others' points average 5 in both: 120 against 115, or 130 against 135
    ahead, behind = (20, 5, 5), (30, 25, -15)
    assert bot.value_of(ahead, 0, totals, 0) > bot.value_of(behind, 0, totals, 0)
    bot.objective = False  # points only, as search values them
    assert bot.value_of(ahead, 0, totals, 0) < bot.value_of(behind, 0, totals, 0)


# ----------------------------------------------------------------------------- tools

SHORT = king.Config(players=3, rounds=(1, 2))


def test_simulate_plays_the_expert() -> None:
    result = simulate("king", SHORT, bots="expert,search,greedy", games=3, jobs=1)
    assert [r.bot for r in result.bots] == ["greedy", "search", "expert"]
    queen_result = simulate("queen", queen.Config(players=3, rounds=1), bots="expert,greedy",
                            games=2, jobs=1)
    assert "expert" in [r.bot for r in queen_result.bots]


def test_match_plays_the_expert_in_every_seat() -> None:
    result = match("king", king.Config(players=4, rounds=(1, 2)), bots="expert,search",
                   deals=2, shape="1v3", jobs=1)
    seats = {seat for g in result.games for seat, bot in enumerate(g.bots) if bot == "expert"}
    assert seats == {0, 1, 2, 3}
    assert {p.bot for p in result.pairs} | {p.other for p in result.pairs} == {"expert",
                                                                                 "search"}


@pytest.mark.parametrize(("game", "config"), [("king", SHORT),
                                              ("queen", queen.Config(players=3, rounds=1))])
def test_the_expert_is_a_gymnasium_opponent(game: str, config: Any) -> None:
    env = gymnasium.make(environment_id(game), config=config, opponents="expert")
    _, info = env.reset(seed=3)
    rng = random.Random(3)
    terminated = False
    while not terminated:
        legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
        _, _, terminated, _, info = env.step(rng.choice(legal))
    env.close()


def test_the_expert_plays_at_a_server_table() -> None:
    with running() as server:
        for person in (0, 2):
            seats: list[str] = ["expert", "expert"]
            seats.insert(person, HUMAN)
            table = new_table(server, game="king", config=to_dict(SHORT), seed=person,
                              seats=seats)
            last = play_table(server, table, random.Random(person))[str(person)]
            assert last["over"] and len(last["scores"]) == 3
            assert {e["seat"] for e in last["events"]} - {person} == {0, 1, 2} - {person}
