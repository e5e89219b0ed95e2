"""skullgames.simulate with the local backend: seeds, seats, records, results, bad input."""

from __future__ import annotations

import functools
import itertools
import multiprocessing
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import attrs
import pytest

import skullgames.simulation as simulation
from skullgames import GAMES, ConfigError, from_json, king, queen, simulate
from skullgames.simulation import Estimate, GameRecord, SimulationResult
from skullgames.simulation._bots import Contestant
from skullgames.simulation._games import Batch, batches
from skullgames.simulation._local import run_local
from skullgames.simulation._stats import Tally, table
from tests.support import simulation_bots
from tests.support.ctrl_c import ROOT

SMALL = king.Config(players=3, rounds=(1, 2, 3))


def run(**options: Any) -> tuple[SimulationResult, list[GameRecord]]:
    """A simulation of SMALL's games and its records, sorted by game number."""
    records: list[GameRecord] = []
    arguments: dict[str, Any] = {"bots": "random,greedy", "games": 12, "seed": 40, "jobs": 1}
    arguments.update(options)
    arguments.setdefault("on_record", records.append)
    result = simulate(arguments.pop("game", "king"), arguments.pop("config", SMALL),
                      **arguments)
    return result, sorted(records, key=lambda r: r.game)


# --------------------------------------------------------------------------- same games


def test_one_and_two_jobs_play_the_same_games() -> None:
    one, records_one = run(jobs=1, keep_states=True)
    two, records_two = run(jobs=2, keep_states=True, task_size=5)
    assert one == two
    assert records_one == records_two
    assert [r.game for r in records_two] == list(range(12))


def test_the_task_size_changes_nothing() -> None:
    assert run(task_size=1) == run(task_size=5) == run(task_size=50)


def test_game_k_is_seed_plus_k_with_the_seats_turned_k_times() -> None:
    _, records = run(keep_states=True, bots=["greedy", "random", "random"])
    for record in records:
        assert record.seed == 40 + record.game
        turned = (record.game % 3)
        assert record.bots == tuple(("greedy", "random", "random")[(seat + turned) % 3]
                                    for seat in range(3))
        assert record.state is not None
        state = from_json(record.state, king.State)
        assert state.seed == record.seed
        assert king.is_over(state)
        assert record.scores == king.scores(state)
        assert record.winners == king.winners(state)


def test_without_rotation_every_bot_keeps_its_seat() -> None:
    _, records = run(rotate=False, bots="search,random")
    assert {r.bots for r in records} == {("search", "random", "search")}


def test_a_record_is_one_line_of_json_keyed_by_its_game() -> None:
    _, records = run(keep_states=True, games=2)
    line = records[1].to_json_line()
    assert "\n" not in line
    assert line.startswith('{"game": 1, "seed": 41, "bots": ["greedy", "random", "greedy"], ')
    _, plain = run(games=2)
    assert plain[1].state is None
    assert '"state"' not in plain[1].to_json_line()


def test_skull_queen_runs_through_the_same_api() -> None:
    result, records = run(game=GAMES["queen"], config=queen.Config(players=3, rounds=2),
                          games=4, keep_states=True)
    assert result.game == "queen"
    assert [r.bot for r in result.bots] == ["random", "greedy"]
    assert all(queen.is_over(from_json(r.state or "", queen.State)) for r in records)


# --------------------------------------------------------------------------- statistics


def test_the_results_are_the_statistics_of_the_records() -> None:
    result, records = run(games=30, bots="random,greedy,greedy,search")
    by_bot = {r.bot: r for r in result.bots}
    assert list(by_bot) == ["random", "greedy", "search"]  # the game's bots, weakest first
    for name, bot in by_bot.items():
        scores, wins, seats = [], [], 0
        for record in records:
            mine = [s for s, b in enumerate(record.bots) if b == name]
            if mine:
                seats += len(mine)
                scores.append(statistics.mean(record.scores[s] for s in mine))
                wins.append(sum(s in record.winners for s in mine)
                            / len(record.winners) / len(mine))
        assert (bot.games, bot.seats) == (len(scores), seats)
        assert bot.score.mean == pytest.approx(statistics.mean(scores))
        assert bot.score.half_width == pytest.approx(
            1.96 * statistics.stdev(scores) / len(scores) ** 0.5)
        assert bot.win_rate.mean == pytest.approx(statistics.mean(wins))
        rate, spread = statistics.mean(wins), statistics.pvariance(wins)
        assert_wilson(bot.win_rate, len(wins) * rate * (1 - rate) / spread if spread
                      else len(wins))
    assert "| greedy | 30 |" in result.table()


def assert_wilson(rate: Estimate, n: float) -> None:
    """``rate``'s interval is Wilson's: its ends inside 0 to 1 are the rates ``p`` with
    ``n * (mean - p) ** 2 == 1.96 ** 2 * p * (1 - p)``, and the interval holds the mean.
    (For shares of wins, ``n`` is the effective number of samples: ``n * p * (1 - p)``
    over their variance.)"""
    z2 = statistics.NormalDist().inv_cdf(0.975) ** 2
    assert 0 <= rate.low <= rate.mean <= rate.high <= 1
    assert rate.low < rate.high
    for end in (rate.low, rate.high):
        assert n * (rate.mean - end) ** 2 == pytest.approx(z2 * end * (1 - end), abs=1e-12)


def test_a_bot_that_never_wins_gets_a_win_rate_interval_that_is_not_empty() -> None:
    """Issue 35: a normal-approximation interval was "0.0% to 0.0%" for no wins."""
    tally = Tally(["random", "greedy"], players=2)
    for game in range(20):
        tally.add(GameRecord(game=game, seed=game, bots=("random", "greedy"),
                             scores=(-10, 20), winners=(1,)))
    never, always = (result.win_rate for result in tally.results())
    assert never.mean == 0 and always.mean == 1
    assert_wilson(never, 20)
    assert_wilson(always, 20)
    assert never.percent() == "0.0% | 0.0% to 16.1%"
    assert always.percent() == "100.0% | 83.9% to 100.0%"
    assert "| random | 20 | 20 | -10.0 | -10.0 to -10.0 | 0.0% | 0.0% to 16.1% |" in table(
        tally.results())


def test_a_bot_in_two_seats_that_always_wins_half_gets_a_narrow_interval() -> None:
    """Two seats of one bot, one of them winning every game but one: the shares are 1/2
    but one 0, far less spread than wins and losses, so the interval is narrower than
    Wilson's for 40 wins or losses at that rate."""
    tally = Tally(["greedy", "random"], players=4)
    for game in range(40):
        winners = (2,) if game == 0 else (0,)
        tally.add(GameRecord(game=game, seed=game, bots=("greedy", "greedy", "random",
                                                         "random"),
                             scores=(1, 0, 0, 0), winners=winners))
    greedy, random_bot = (result.win_rate for result in tally.results())
    shares = [0.0] + [0.5] * 39
    rate, spread = statistics.mean(shares), statistics.pvariance(shares)
    assert greedy.mean == rate
    assert_wilson(greedy, 40 * rate * (1 - rate) / spread)
    plain = simulation._stats.wilson(rate, 40)
    assert plain.low < greedy.low < greedy.high < plain.high
    others = [0.5] + [0.0] * 39  # its seat 2 won game 0
    rate, spread = statistics.mean(others), statistics.pvariance(others)
    assert_wilson(random_bot, 40 * rate * (1 - rate) / spread)


def test_the_tally_is_the_same_in_any_order() -> None:
    _, records = run(games=20)
    shuffled = records[:]
    random.Random(3).shuffle(shuffled)
    forward = Tally(["random", "greedy"], players=3)
    backward = Tally(["random", "greedy"], players=3)
    for record in records:
        forward.add(record)
    for record in shuffled:
        backward.add(record)
    assert forward.results() == backward.results()


def test_shares_of_tied_wins_are_counted_exactly() -> None:
    # 8 seats, 4 winners: one of a's four seats and three of b's; a's share of the win per
    # seat is 1/4 * 1/4 = 1/16, b's 3/16; mean scores per seat are exact quarters
    tally = Tally(["a", "b"], players=8)
    record = GameRecord(game=0, seed=0, bots=("a", "b") * 4,
                        scores=(10, 40, 0, 40, 0, 40, 1, 40), winners=(1, 3, 5, 6))
    tally.add(record)
    tally.add(attrs.evolve(record, game=1, scores=(3, 0, 0, 0, 0, 0, 0, 0), winners=(0,)))
    a, b = tally.results()
    assert (a.win_rate.mean, b.win_rate.mean) == ((1 / 16 + 1 / 4) / 2, (3 / 16 + 0) / 2)
    assert (a.score.mean, b.score.mean) == ((11 / 4 + 3 / 4) / 2, (40 + 0) / 2)
    assert (a.seats, b.seats, a.games) == (8, 8, 2)


def test_a_batch_that_comes_back_twice_counts_once(monkeypatch: pytest.MonkeyPatch) -> None:
    clean, clean_records = run(task_size=4)

    def twice(make_work: Any, *, jobs: int, max_retries: int) -> Iterator[Any]:
        for finished in run_local(make_work, jobs=jobs, max_retries=max_retries):
            yield finished
            yield finished

    monkeypatch.setattr(simulation, "run_local", twice)
    again, again_records = run(task_size=4)
    assert again == clean
    assert again_records == clean_records


def test_progress_counts_the_games_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    run(progress=lambda done, total: seen.append((done, total)), task_size=5)
    assert seen == [(0, 12), (5, 12), (10, 12), (12, 12)]


# --------------------------------------------------------------------------- bots


def test_a_bot_class_from_a_users_module() -> None:
    counting = "tests.support.simulation_bots:CountingBot"
    for jobs in (1, 2):
        result, records = run(bots=f"{counting},greedy", jobs=jobs)
        assert [r.bot for r in result.bots] == ["greedy", counting]
        assert records[0].bots == (counting, "greedy", counting)


def test_bots_as_factories_named_by_a_mapping_or_by_their_own_name() -> None:
    def first_move(rng: random.Random) -> simulation_bots.CountingBot:
        return simulation_bots.CountingBot(rng)

    named, named_records = run(bots={"first": simulation_bots.CountingBot, "best": "greedy"})
    assert [r.bot for r in named.bots] == ["first", "best"]
    by_class, class_records = run(bots=[simulation_bots.CountingBot, "greedy"])
    assert [r.bot for r in by_class.bots] == ["greedy", "CountingBot"]
    by_function, _ = run(bots=[first_move, "greedy"])
    assert by_function.bots[1].bot.endswith("first_move")
    # the same bots under other names play the same games
    assert [r.scores for r in named_records] == [r.scores for r in class_records]


def test_a_factory_that_cannot_go_to_another_process_is_refused_up_front() -> None:
    def local(rng: random.Random) -> simulation_bots.CountingBot:
        return simulation_bots.CountingBot(rng)

    with pytest.raises(TypeError, match="cannot be sent to worker processes"):
        run(bots=[local], jobs=2)
    assert run(bots=[local], jobs=1)[0].bots[0].games == 12


def test_two_different_bots_under_one_name_are_refused() -> None:
    with pytest.raises(ConfigError, match="both called 'CountingBot'"):
        run(bots=[simulation_bots.CountingBot,
                  functools.partial(simulation_bots.CountingBot)])


@pytest.mark.parametrize(("bots", "message"), [
    ("genius", "unknown bot 'genius'"),
    ("random,", None),  # a trailing comma is no bot; the rest runs
    (" , ", "name at least one bot"),
    ([], "name at least one bot"),
    ("no_such_module_anywhere:Bot", "cannot import 'no_such_module_anywhere'"),
    ("tests.support.simulation_bots:Missing", "has no 'Missing'"),
    ("tests.support.simulation_bots:NOT_A_BOT_FACTORY", "is not a class or a function"),
    ("tests.support.simulation_bots:NoChoose", "has no choose"),
    ("tests.support.simulation_bots:refusing_factory", "could not be made: RuntimeError: no bot"),
    (":CountingBot", "write a bot class as module:Class"),
    ("tests.support.simulation_bots:", "write a bot class as module:Class"),
    ({" ": "greedy"}, "must not be blank"),
])
def test_bad_bots_get_a_clear_error(bots: Any, message: str | None) -> None:
    if message is None:
        assert run(bots=bots)[0].bots[0].bot == "random"
        return
    with pytest.raises(ConfigError, match=message):
        run(bots=bots)


@pytest.mark.parametrize("bots", [3, [3], {1: "greedy"}, ["greedy", None]])
def test_bots_of_the_wrong_type_get_a_type_error(bots: Any) -> None:
    with pytest.raises(TypeError):
        run(bots=bots)


def test_a_bot_that_raises_stops_the_run_with_its_error() -> None:
    for jobs in (1, 2):
        with pytest.raises(RuntimeError, match="this bot is broken"):
            run(bots="tests.support.simulation_bots:FailingBot", jobs=jobs)


def test_bot_names_are_read_in_any_case() -> None:
    assert [r.bot for r in run(bots="Random, GREEDY")[0].bots] == ["random", "greedy"]


# --------------------------------------------------------------------------- arguments


@pytest.mark.parametrize(("options", "error", "message"), [
    ({"games": 0}, ConfigError, "games must be at least 1"),
    ({"games": "12"}, TypeError, "games must be a whole number"),
    ({"games": True}, TypeError, "games must be a whole number"),
    ({"jobs": 0}, ConfigError, "jobs must be at least 1"),
    ({"task_size": 0}, ConfigError, "task_size must be at least 1"),
    ({"max_retries": -1}, ConfigError, "max_retries must be at least 0"),
    ({"seed": 1.5}, TypeError, "seed must be a whole number"),
    ({"rotate": "yes"}, TypeError, "rotate must be True or False"),
    ({"backend": "spark"}, ConfigError, "unknown backend 'spark'"),
    ({"address": "10.0.0.1:6379"}, ConfigError, "use it with backend='ray'"),
    ({"game": "chess"}, ConfigError, "unknown game 'chess'"),
    ({"game": 7}, TypeError, "game must be a name"),
    ({"config": queen.Config()}, TypeError, "must be a Skull King Config"),
])
def test_bad_arguments_get_a_clear_error(options: dict[str, Any], error: type[Exception],
                                         message: str) -> None:
    with pytest.raises(error, match=message):
        run(**options)


def test_the_default_config_is_the_standard_game() -> None:
    result = simulate("king", bots="random", games=1, jobs=1)
    assert result.bots[0].seats == king.Config().players


# --------------------------------------------------------------------------- streaming


def test_a_huge_run_starts_at_once_and_makes_batches_only_as_needed() -> None:
    class Enough(Exception):
        pass

    def stop(done: int, total: int) -> None:
        if done:
            raise Enough

    with pytest.raises(Enough):
        simulate("king", SMALL, bots="random", games=10**8, jobs=1, progress=stop)

    made = 0

    def counted(jobs: int) -> Iterator[Batch]:
        nonlocal made
        for batch in batches(game="king", config=SMALL, seed=0, games=10**8, size=2,
                             line_up=(Contestant("random", "random"),), rotate=True,
                             keep_states=False):
            made += 1
            yield batch

    finished = run_local(counted, jobs=2)
    first = list(itertools.islice(finished, 3))
    finished.close()
    assert [len(records) for _, records in first] == [2, 2, 2]
    assert made <= 3 + 2 * 2  # the three back, and at most two per job in flight


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt, even in a suite started with SIGINT ignored (as a
    background job of a shell without job control is)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_stops_the_worker_processes_at_once() -> None:
    # batches of 50 whole games of the search bot take minutes: the workers must be ended,
    # not left to finish them
    main_thread = threading.get_ident()
    ctrl_c = threading.Timer(1.5, signal.pthread_kill, (main_thread, signal.SIGINT))
    ctrl_c.start()
    with pytest.raises(KeyboardInterrupt) as caught:
        simulate("king", king.Config(players=3), bots="search", games=1000, jobs=2,
                 task_size=50)
    # the traceback, kept alive as a caller handling the interrupt keeps it, holds the
    # run's frames: the workers must be gone all the same
    deadline = time.monotonic() + 20
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert multiprocessing.active_children() == []
    assert caught.traceback


def test_a_worker_stopped_half_way_through_sending_its_result_does_not_hang_the_exit(
        tmp_path: Path) -> None:
    # Ctrl-C ends the workers; one in the middle of sending a large batch left half a
    # message in the result pipe, and the executor's thread, which the interpreter joins
    # at exit, waited for the rest for ever (seen as `skullgames simulate` not exiting).
    finished = subprocess.run([sys.executable, "-m", "tests.support.half_sent"], cwd=ROOT,
                              env={**os.environ, "SKULLGAMES_TEST_SENT": str(tmp_path / "sent")},
                              capture_output=True, text=True, timeout=60, check=False)
    assert (finished.returncode, finished.stdout) == (0, "interrupted\n"), finished.stderr


# --------------------------------------------------------------------------- faults


def test_a_batch_whose_worker_died_is_played_again(tmp_path: Path) -> None:
    """Issue 22 item 2: a lost worker ended the run with BrokenProcessPool. Its batch is
    played again, as on Ray, and the records are exactly those of a clean run."""
    clean, clean_records = run(jobs=1, task_size=3, keep_states=True)
    marker = tmp_path / "a worker died"
    dying = functools.partial(simulation_bots.DyingBot, marker=str(marker))
    bots = {"random": dying, "greedy": "greedy"}
    result, records = run(jobs=2, task_size=3, keep_states=True, bots=bots)
    assert marker.exists()  # a worker process really did end in the middle of a batch
    assert records == clean_records
    assert result == clean


def test_a_batch_that_kills_every_worker_stops_the_run_and_keeps_the_rest() -> None:
    records: list[GameRecord] = []
    bots: dict[str, Any] = {"doomed": simulation_bots.DiesInGameFive, "greedy": "greedy"}
    # every batch in flight when a worker dies counts the death: 4-5 among them
    with pytest.raises(BrokenProcessPool, match=r"died 2 times with games [-0-9, ]*\b4-5\b"
                       ) as error:
        simulate("king", SMALL, bots=bots, games=12, seed=0, jobs=2, task_size=2,
                 max_retries=1, on_record=records.append)
    assert "\n" not in str(error.value)
    _, clean = run(jobs=1, seed=0, bots={"doomed": "random", "greedy": "greedy"})
    by_game = {r.game: r for r in clean}
    assert records and 4 not in {r.game for r in records} and 5 not in {r.game for r in records}
    # the games that finished are exactly a clean run's, but for the bot's name
    assert all(attrs.evolve(r, bots=by_game[r.game].bots) == by_game[r.game]
               for r in records)


def test_workers_exit_when_their_parent_dies(tmp_path: Path) -> None:
    """The portable watch of a worker on its parent (Linux asks the kernel instead):
    a grandchild watching the child that started it ends soon after that child dies."""
    pid_file = tmp_path / "grandchild"
    child = textwrap.dedent(f"""
        import os, pathlib, subprocess, sys, time
        grandchild = subprocess.Popen([sys.executable, "-c", '''
        import os, pathlib, sys
        from skullgames.simulation._local import exit_with_parent
        pathlib.Path({str(pid_file)!r}).write_text(str(os.getpid()))
        exit_with_parent(int(sys.argv[1]), poll=0.1)
        ''', str(os.getpid())])
        while not pathlib.Path({str(pid_file)!r}).exists():
            time.sleep(0.05)
    """)
    subprocess.run([sys.executable, "-c", child], check=True, timeout=60,
                   env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    grandchild = int(pid_file.read_text())
    deadline = time.monotonic() + 20
    while _alive(grandchild) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(grandchild)


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a process not yet ended (a zombie has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


# --------------------------------------------------------------------------- resuming


def test_a_run_resumed_from_its_records_equals_a_run_never_interrupted() -> None:
    clean, clean_records = run(keep_states=True)
    played = [r for r in clean_records if r.game % 3 != 1]  # finished in any order
    resumed, rest = run(keep_states=True, played=reversed(played), jobs=2, task_size=2)
    assert sorted(r.game for r in rest) == [1, 4, 7, 10]  # only the games not played
    assert sorted([*played, *rest], key=lambda r: r.game) == clean_records
    assert resumed == clean
    everything, nothing = run(played=clean_records)
    assert nothing == [] and everything == clean


@pytest.mark.parametrize(("record", "message"), [
    (GameRecord(game=12, seed=52, bots=("random", "greedy", "random"), scores=(0, 0, 0),
                winners=(0, 1, 2)), "game 12 is not one of this run's 12 games"),
    (GameRecord(game=1, seed=1, bots=("greedy", "random", "greedy"), scores=(0, 0, 0),
                winners=(0, 1, 2)), "not from seed 1 by greedy, random, greedy"),
    (GameRecord(game=1, seed=41, bots=("random", "greedy", "random"), scores=(0, 0, 0),
                winners=(0, 1, 2)), "by greedy, random, greedy, not from seed 41"),
    (GameRecord(game=0, seed=40, bots=("random", "greedy", "random"), scores=(0, 0),
                winners=(0,)), "game 0 has 2 scores"),
])
def test_records_of_another_run_are_refused(record: GameRecord, message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        run(played=[record])


def test_a_game_played_twice_is_refused() -> None:
    _, records = run()
    with pytest.raises(ConfigError, match="game 3 is there twice"):
        run(played=[records[3], records[3]])
    with pytest.raises(TypeError, match="GameRecord objects"):
        run(played=[records[0].to_json_line()])
