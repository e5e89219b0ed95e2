"""The match tool, :func:`skullgames.match` (issue 38): duplicate deals, every seat, paired
intervals, its JSON, every option set of both games, every backend."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import math
import random
import re
import statistics
from collections import Counter
from concurrent.futures.process import BrokenProcessPool
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from skullgames import GAMES, ConfigError, MatchResult, king, match, queen
from skullgames.cli import main
from skullgames.schemas import SCHEMA_NAMES, schema_named
from skullgames.simulation import SHAPES, Interval
from skullgames.simulation._paired import interval, t_quantile
from skullgames.simulation._shapes import rotations
from tests.support import simulation_bots
from tests.support.option_sets import every_option_set, quick_bot

SMALL: dict[str, Any] = {"king": king.Config(rounds=(1, 2)), "queen": queen.Config(rounds=1)}

# Student's t, 97.5% quantiles, from a printed table (NIST/SEMATECH e-Handbook 1.3.6.7.2)
T_TABLE = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 10: 2.228,
           20: 2.086, 30: 2.042, 100: 1.984}


def replayed(game: str, config: Any, played: Any) -> Any:
    """A match's game played again from its seed and seats, as the tool seeds its bots."""
    entry = GAMES[game]
    bots = [entry.bots[name](random.Random(f"{played.seed}:{seat}:{name}"))
            for seat, name in enumerate(played.bots)]
    state = entry.new_game(config, seed=played.seed)
    while not entry.is_over(state):
        seat = entry.current_player(state)
        assert seat is not None
        state = entry.apply(state, bots[seat].choose(entry.observe(state, seat)))
    return state


@pytest.mark.parametrize(("game", "shape"), [("king", "2v2"), ("king", "1v3"),
                                             ("queen", "2v2"), ("queen", "3v1")])
def test_every_rotation_of_a_deal_is_dealt_the_same_cards(game: str, shape: str) -> None:
    """Each rotation's game, played again, shows the same deal of every round in every
    seat; and the deals differ from one deal to the next."""
    config: Any = SMALL[game]
    result = match(game, config, bots="random,greedy", deals=3, shape=shape, seed=40,
                   jobs=1)
    entry = GAMES[game]
    deals: dict[int, set[tuple[Any, ...]]] = {}
    for played in result.games:
        state = replayed(game, config, played)
        assert entry.scores(state) == played.scores  # the game the tool played
        dealt: tuple[Any, ...] = tuple(move for move in state.history
                                       if type(move) is entry.Deal)
        assert len(dealt) == len(state.rounds) >= 1
        assert all(len(d.hands) == config.players and all(d.hands) for d in dealt)
        deals.setdefault(played.deal, set()).add(dealt)
    assert sorted(deals) == [0, 1, 2]
    assert all(len(same) == 1 for same in deals.values())  # one deal for all rotations
    assert len({next(iter(same)) for same in deals.values()}) == 3  # three different deals
    seats = {played.deal: {played.bots for played in result.games if played.deal == d}
             for d in deals for played in result.games if played.deal == d}
    assert all(len(s) == len(result.rotations) for s in seats.values())  # bots did move


@pytest.mark.parametrize("players", range(2, 9))
def test_rotations_put_every_bot_in_every_seat_equally_often(players: int) -> None:
    for shape in SHAPES:
        for bots in (2, 3):
            try:
                turns = rotations(shape, bots, players)
            except ConfigError:
                fits = shape == "2v2" and players % bots == 0 and bots <= players
                assert not fits, (shape, bots, players)
                continue
            assert len(set(turns)) == len(turns)  # no rotation twice
            for bot in range(bots):
                in_seat = [sum(turn[seat] == bot for turn in turns) for seat in range(players)]
                assert len(set(in_seat)) == 1 and in_seat[0] >= 1, (shape, bots, players)
            if shape == "2v2":
                assert len(turns) == bots
                assert all(turn.count(b) == players // bots for turn in turns
                           for b in range(bots))
            else:
                assert len(turns) == players
                lone = 0 if shape == "1v3" else 1
                assert all(turn.count(lone) == 1 for turn in turns)


def test_the_games_of_a_match_cover_every_seat() -> None:
    result = match("king", king.Config(players=4, rounds=(1,)), bots="random,greedy",
                   deals=3, shape="1v3", jobs=1)
    assert result.rotations == (("random", "greedy", "greedy", "greedy"),
                                ("greedy", "greedy", "greedy", "random"),
                                ("greedy", "greedy", "random", "greedy"),
                                ("greedy", "random", "greedy", "greedy"))
    assert [(g.deal, g.rotation) for g in result.games] == [
        (d, r) for d in range(3) for r in range(4)]
    sat = Counter((name, seat) for g in result.games for seat, name in enumerate(g.bots))
    assert {sat["random", seat] for seat in range(4)} == {3}
    assert {sat["greedy", seat] for seat in range(4)} == {9}
    assert [b.seats for b in result.bots] == [12, 36]
    two = match("king", king.Config(players=6, rounds=(1,)), bots="random,greedy",
                deals=2, jobs=1)
    assert two.rotations == (("random", "greedy") * 3, ("greedy", "random") * 3)


@pytest.mark.parametrize(("players", "bots", "shape", "message"), [
    (3, "random,greedy", "2v2", "shape 2v2 alternates the 2 bots around the table, so the "
                                "number of players must be a multiple of 2, not 3"),
    (4, "random,greedy,search", "2v2", "multiple of 3, not 4"),
    (4, "random,greedy,search", "1v3", "shape 1v3 puts one bot against copies of another: "
                                       "name two bots, not 3"),
    (2, "random,greedy,search", "2v2", "3 bots do not fit a table of 2 players"),
    (4, "greedy", "2v2", "a match needs at least two different bots"),
    (4, "random,greedy", "2v1", "unknown shape '2v1' (one of 2v2, 1v3, 3v1)"),
    (4, "greedy,greedy", "2v2", "names one twice"),
])
def test_a_shape_that_does_not_fit_is_a_config_error(players: int, bots: str, shape: str,
                                                     message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        match("king", king.Config(players=players, rounds=(1,)), bots=bots, deals=1,
              shape=shape, jobs=1)


def test_bad_arguments_are_refused_with_the_right_error() -> None:
    with pytest.raises(ConfigError, match="deals must be at least 1"):
        match("king", bots="random,greedy", deals=0)
    with pytest.raises(TypeError, match="deals must be a whole number"):
        match("king", bots="random,greedy", deals=1.5)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        match("chess", bots="random,greedy", deals=1)
    with pytest.raises(TypeError, match="config must be a Skull King Config"):
        match("king", queen.Config(), bots="random,greedy", deals=1)
    with pytest.raises(ConfigError, match="unknown backend"):
        match("king", bots="random,greedy", deals=1, backend="cloud")
    with pytest.raises(ConfigError, match="unknown bot 'genius'"):
        match("king", bots="random,genius", deals=1)


def test_the_t_quantile_matches_the_printed_table() -> None:
    for df, printed in T_TABLE.items():
        assert round(t_quantile(0.975, df), 3) == printed, df
    # the exact sum and the expansion in 1/df agree where one hands over to the other
    assert t_quantile(0.975, 999) == pytest.approx(t_quantile(0.975, 1000), abs=1e-5)
    assert t_quantile(0.975, 10**9) == pytest.approx(statistics.NormalDist().inv_cdf(0.975))
    assert t_quantile(0.5, 7) == pytest.approx(0.0, abs=1e-12)


def hand_interval(values: list[float], t: float) -> tuple[float, float]:
    """Mean and half-width by hand: the sample variance with n - 1, t times the SE."""
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, t * math.sqrt(variance / n)


@pytest.mark.parametrize(("shape", "players"), [("2v2", 4), ("1v3", 3)])
def test_the_paired_interval_matches_a_hand_computation(shape: str, players: int) -> None:
    """Four deals: t with 3 degrees of freedom, 3.182 from the printed table."""
    result = match("king", king.Config(players=players, rounds=(1, 2, 3)),
                   bots="random,greedy", deals=4, shape=shape, seed=11, jobs=1)
    pair = result.pairs[0]
    assert (pair.bot, pair.other) == ("random", "greedy")
    # from the per-deal differences the tool reports
    mean, half = hand_interval(list(pair.per_deal), T_TABLE[3])
    assert pair.difference.mean == pytest.approx(mean)
    assert pair.difference.half_width == pytest.approx(half, rel=2e-4)  # t to 3 digits
    assert pair.difference.deals == 4
    # and from the raw scores: per deal, the mean over rotations of random's mean score
    # a seat minus greedy's
    by_hand = []
    for deal in range(4):
        games = [g for g in result.games if g.deal == deal]
        assert len(games) == len(result.rotations)
        differences = []
        for g in games:
            mine = [s for s, name in enumerate(g.bots) if name == "random"]
            theirs = [s for s, name in enumerate(g.bots) if name == "greedy"]
            differences.append(Fraction(sum(g.scores[s] for s in mine), len(mine))
                               - Fraction(sum(g.scores[s] for s in theirs), len(theirs)))
        by_hand.append(float(sum(differences) / len(differences)))
    assert list(pair.per_deal) == pytest.approx(by_hand)
    assert hand_interval(by_hand, T_TABLE[3]) == pytest.approx(
        (pair.difference.mean, pair.difference.half_width), rel=2e-4)
    assert pair.difference.low == pytest.approx(mean - half, rel=1e-3)
    # each bot's mean score: the mean of its seats' scores (equal seats in every game)
    for bot in result.bots:
        seats = [g.scores[s] for g in result.games for s, n in enumerate(g.bots)
                 if n == bot.bot]
        assert bot.score.mean == pytest.approx(sum(seats) / len(seats))
        assert bot.seats == len(seats)
    assert result.bots[0].score.mean - result.bots[1].score.mean == pytest.approx(
        pair.difference.mean)
    # finishing above: pairs of a random seat and a greedy seat at one table, the same
    # number in every game of the shape
    above, pairs = 0, 0
    for g in result.games:
        mine = [g.scores[s] for s, name in enumerate(g.bots) if name == "random"]
        theirs = [g.scores[s] for s, name in enumerate(g.bots) if name == "greedy"]
        above += sum(a > b for a in mine for b in theirs)
        pairs += len(mine) * len(theirs)
    assert pair.above.mean == pytest.approx(above / pairs)


def test_an_interval_from_one_deal_is_open_and_a_constant_one_is_a_point() -> None:
    assert interval([3.0]) == Interval(3.0, None, 1)
    assert interval([3.0]).low is None
    assert interval([2.0, 2.0, 2.0]) == Interval(2.0, 0.0, 3)
    one = match("king", king.Config(rounds=(1,)), bots="random,greedy", deals=1, jobs=1)
    assert one.pairs[0].difference.half_width is None
    assert "| - |" in one.table()


def test_win_shares_and_bid_accuracy_add_up_from_the_games() -> None:
    result = match("king", king.Config(players=4, rounds=(1, 2, 3)), bots="random,greedy",
                   deals=5, seed=3, jobs=1)
    for bot in result.bots:
        exact = sum(g.exact_bids[s] for g in result.games for s, n in enumerate(g.bots)
                    if n == bot.bot and g.exact_bids is not None)
        bids = sum(g.bids[s] for g in result.games for s, n in enumerate(g.bots)
                   if n == bot.bot and g.bids is not None)
        assert (bot.exact_bids, bot.bids) == (exact, bids)
        assert bids == bot.seats * 3  # one bid a round
        assert bot.bid_accuracy is not None
        assert bot.bid_accuracy.mean == pytest.approx(exact / bids)  # the same bids a deal
        assert 0 <= bot.win_share.mean <= 1
        assert len(bot.win_share_by_seat) == 4
        assert statistics.mean(bot.win_share_by_seat) == pytest.approx(bot.win_share.mean)
        assert statistics.mean(bot.score_by_seat) == pytest.approx(bot.score.mean)
    # each game's win is shared out whole between the bots' two seats each
    assert sum(2 * bot.win_share.mean for bot in result.bots) == pytest.approx(1)
    queen_result = match("queen", queen.Config(rounds=1), bots="random,greedy", deals=2,
                         jobs=1)
    assert all(b.bid_accuracy is None and b.bids is None for b in queen_result.bots)
    assert all(g.exact_bids is None for g in queen_result.games)
    assert "exact bids" not in queen_result.table()


def test_the_json_matches_its_schema_for_both_games() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    assert "match-result" in SCHEMA_NAMES
    schema = schema_named("match-result")
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for game, shape in (("king", "1v3"), ("queen", "2v2")):
        data = match(game, SMALL[game], bots="random,greedy", deals=2, shape=shape,
                     jobs=1).to_dict()
        errors = list(validator.iter_errors(data))
        assert not errors, errors[0].message
        assert data["format"] == "skullgames/match" and data["game"] == game
        wrong = dict(data, game="queen" if game == "king" else "king")
        assert not validator.is_valid(wrong)  # the config must be that game's
        assert not validator.is_valid(dict(data, pairs=[dict(data["pairs"][0], ties=1.5)]))
    one = match("king", SMALL["king"], bots="random,greedy", deals=1, jobs=1).to_dict()
    assert validator.is_valid(one)
    assert one["pairs"][0]["difference"]["low"] is None


def test_the_same_seed_gives_the_same_match() -> None:
    def run(seed: int) -> str:
        return match("king", king.Config(players=3, rounds=(1, 2)),
                     bots="tests.support.simulation_bots:CountingBot,random", deals=3, shape="3v1",
                     seed=seed, jobs=1).to_json()

    first = run(5)
    assert run(5) == first
    assert run(6) != first
    assert '"tests.support.simulation_bots:CountingBot"' in first


def test_two_jobs_give_the_same_result_as_one() -> None:
    def run(jobs: int) -> MatchResult:
        return match("queen", queen.Config(players=3, rounds=1), bots="random,greedy",
                     deals=6, shape="1v3", seed=2, jobs=jobs, task_size=2)

    one, two = run(1), run(2)
    assert two == one
    assert two.to_json() == one.to_json()


def test_a_worker_that_dies_is_replaced_and_loses_no_deal(tmp_path: Path) -> None:
    marker = tmp_path / "a worker died"
    dying = functools.partial(simulation_bots.DyingBot, marker=str(marker))
    bots: dict[str, Any] = {"dying": dying, "greedy": "greedy"}
    config = king.Config(players=4, rounds=(1, 2))
    # every batch in flight when the pool broke counts the death: one of them, or both
    with pytest.raises(BrokenProcessPool, match=r"died 1 times with deals (0-1|2-3|0-1, "
                                                r"2-3) in play .*a match keeps no games"):
        match("king", config, bots=bots, deals=4, jobs=2, task_size=2, max_retries=0)
    assert marker.exists()
    marker.unlink()
    faulty = match("king", config, bots=bots, deals=4, jobs=2, task_size=2, max_retries=2)
    assert marker.exists()  # a worker really did die, and its deals were played again
    clean = match("king", config, bots=bots, deals=4, jobs=1)
    assert faulty == clean


def test_progress_counts_every_game_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    match("king", king.Config(rounds=(1,)), bots="random,greedy", deals=5, jobs=1,
          task_size=2, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 10), (4, 10), (8, 10), (10, 10)]


OPTION_SETS = every_option_set()


@pytest.mark.parametrize(("game", "name", "config"), OPTION_SETS,
                         ids=[f"{g}-{n}" for g, n, _ in OPTION_SETS])
def test_every_bot_plays_a_match_under_every_option_set(game: str, name: str,
                                                        config: Any) -> None:
    """Every bot of the game's registry in a match, under every option set (2 players and
    the most included), with the shape that fits the table."""
    entry = GAMES[game]
    bots = {bot: functools.partial(quick_bot, game, bot) for bot in entry.bots}
    pairs = [("random", "search"), ("greedy", "search")]
    for first, second in pairs:
        shape = "2v2" if config.players % 2 == 0 else "1v3"
        result = match(game, config, bots={first: bots[first], second: bots[second]},
                       deals=1, shape=shape, seed=1, jobs=1)
        assert [b.bot for b in result.bots] == [first, second]
        assert len(result.games) == len(result.rotations)
        assert all(len(g.scores) == config.players for g in result.games)
        lowest, highest = entry.score_bounds(config)
        assert all(lowest <= s <= highest for g in result.games for s in g.scores)
        has_bids = game == "king"
        assert all((b.bid_accuracy is not None) == has_bids for b in result.bots)
    three = list(entry.bots)[:3]
    if config.players % 3 == 0:
        result = match(game, config, bots={b: bots[b] for b in three}, deals=1, jobs=1)
        assert len(result.pairs) == 3


def test_the_ray_backend_gives_the_same_result_as_the_local_one() -> None:
    ray = pytest.importorskip("ray")
    from skullgames.simulation._ray import own_token

    config = king.Config(players=3, rounds=(1, 2))
    local = match("king", config, bots="random,greedy", deals=5, shape="1v3", seed=9,
                  jobs=1)
    # a token of its own, as the other Ray tests: Ray would write ~/.ray/auth_token
    with own_token():
        on_ray, status, out = _match_on_ray(ray, config)
    assert on_ray == local
    assert status == 0
    assert json.loads(out.getvalue()) == local.to_dict()


def _match_on_ray(ray: Any, config: Any) -> tuple[MatchResult, int, io.StringIO]:
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="WARNING",
             log_to_driver=False)
    try:
        on_ray = match("king", config, bots="random,greedy", deals=5, shape="1v3", seed=9,
                       backend="ray", task_size=2)
        # the command joins the Ray this process runs
        with contextlib.redirect_stdout(io.StringIO()) as out:
            status = main(["match", "king", "--players", "3", "--rounds", "1,2", "--bots",
                           "random,greedy", "--deals", "5", "--shape", "1v3", "--seed", "9",
                           "--backend", "ray", "--task-size", "3", "--json", "--quiet"])
    finally:
        ray.shutdown()
    return on_ray, status, out


def test_every_share_has_a_wilson_interval_within_0_and_1() -> None:
    """Issue 47: at 2 deals Student's t gave bid accuracy -1.34 to 1.84. A share (win
    share, bid accuracy, finishing above) gets simulate's Wilson interval, with the
    per-deal samples' effective number, and stays within 0..1; scores and differences
    keep Student's t."""
    from skullgames.simulation._stats import wilson

    for deals in (1, 2, 3):
        result = match("king", king.Config(players=4, rounds=(1, 2, 3)), bots="random,greedy",
                       deals=deals, seed=7, jobs=1)
        data = result.to_dict()
        shares: list[tuple[Interval | None, Any]] = [
            (bot.win_share, found["win_share"])
            for bot, found in zip(result.bots, data["bots"], strict=True)]
        shares += [(bot.bid_accuracy, found["bid_accuracy"]) for bot, found in
                   zip(result.bots, data["bots"], strict=True)]
        shares += [(pair.above, found["above"]) for pair, found in
                   zip(result.pairs, data["pairs"], strict=True)]
        for share, written in shares:
            assert share is not None
            assert share.method == written["method"] == "wilson"
            assert share.low is not None and share.high is not None
            assert 0 <= share.low <= share.mean <= share.high <= 1
            assert (written["low"], written["high"]) == (share.low, share.high)
            assert share.half_width == pytest.approx((share.high - share.low) / 2)
        for bot in result.bots:
            assert bot.score.method == "student-t"
        # the bid accuracy by hand: per deal, exact bids over bids; Kish's effective
        # number n * p * (1 - p) / variance (n where the deals agree), then Wilson
        for bot in result.bots:
            per_deal = []
            for deal in range(deals):
                seats = [(g, s) for g in result.games if g.deal == deal
                         for s, name in enumerate(g.bots) if name == bot.bot]
                exact = [g.exact_bids[s] for g, s in seats if g.exact_bids is not None]
                made = [g.bids[s] for g, s in seats if g.bids is not None]
                assert len(exact) == len(made) == len(seats)
                per_deal.append(Fraction(sum(exact), sum(made)))
            rate = sum(per_deal, Fraction(0)) / deals
            variance = sum((x - rate) ** 2 for x in per_deal) / deals
            effective = deals * rate * (1 - rate) / variance if variance else deals
            expected = wilson(float(rate), float(effective))
            assert bot.bid_accuracy is not None
            assert (bot.bid_accuracy.low, bot.bid_accuracy.high) == pytest.approx(
                (expected.low, expected.high))
    assert data["interval"] == "95%: Student's t over the deals for means, Wilson for shares"
