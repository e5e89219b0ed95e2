"""``skullgames simulate``: records that replay, user bots, bad specs, Ctrl-C, no Ray."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skullgames import from_json, king
from skullgames.cli import main
from skullgames.cli._simulate import Progress
from tests.support.ctrl_c import group_alive, simulate_until_ctrl_c

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, cwd: Path = ROOT, command: tuple[str, ...] = (sys.executable, "-m",
        "skullgames")) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*command, *args], cwd=cwd, capture_output=True, text=True,
                          check=False, timeout=300)


def by_game(path: Path) -> list[str]:
    return sorted(path.read_text().splitlines(), key=lambda line: json.loads(line)["game"])


def test_simulate_writes_records_that_replay(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run("simulate", "--games", "6", "--bots", "random,greedy", "--players", "3",
                 "--jobs", "2", "--task-size", "1", "--out", str(out), "--seed", "100")
    assert result.returncode == 0, result.stderr
    assert "| random | 6 | 9 |" in result.stdout
    assert "| greedy | 6 | 9 |" in result.stdout
    assert "6/6 games" in result.stderr  # the progress bar
    lines = by_game(out)
    records = [json.loads(line) for line in lines]
    assert [r["game"] for r in records] == list(range(6))
    assert [r["seed"] for r in records] == list(range(100, 106))
    assert records[1]["bots"] == ["greedy", "random", "greedy"]
    for record in records:
        state = from_json(json.dumps(record["state"]), king.State)
        assert king.is_over(state)
        assert record["scores"] == list(king.scores(state))
        assert record["winners"] == list(king.winners(state))

    again_out = tmp_path / "again.jsonl"
    again = run("simulate", "--games", "6", "--bots", "random,greedy", "--players", "3",
                "--jobs", "1", "--seed", "100", "--quiet", "--out", str(again_out))
    assert again.stdout.splitlines()[1:5] == result.stdout.splitlines()[1:5]
    assert again.stderr == ""
    assert by_game(again_out) == lines

    line_of_game_1 = out.read_text().splitlines().index(lines[1]) + 1
    replayed = run("replay", str(out), "--game", str(line_of_game_1))
    assert replayed.returncode == 0, replayed.stderr
    assert "seed 101" in replayed.stdout
    assert "Game over" in replayed.stdout
    assert run("replay", str(out), "--game", "7").returncode == 2


def test_a_users_bot_class_from_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(
        "class FirstMoveBot:\n"
        "    def __init__(self, rng):\n"
        "        self.rng = rng\n"
        "    def choose(self, observation):\n"
        "        return observation.legal_moves[0]\n"
    )
    out = tmp_path / "games.jsonl"
    script = Path(sys.executable).with_name("skullgames")  # the installed command, whose
    assert script.exists()  # sys.path does not hold the current folder by itself
    for jobs in ("1", "2"):
        result = run("simulate", "--games", "4", "--players", "3", "--jobs", jobs,
                     "--bots", "mybots:FirstMoveBot,greedy", "--out", str(out), "--force",
                     "--quiet", cwd=tmp_path, command=(str(script),))
        assert result.returncode == 0, result.stderr
        assert "bots by seat mybots:FirstMoveBot,greedy" in result.stdout
        assert "| mybots:FirstMoveBot | 4 | 6 |" in result.stdout
        assert json.loads(by_game(out)[0])["bots"] == ["mybots:FirstMoveBot", "greedy",
                                                      "mybots:FirstMoveBot"]


@pytest.mark.parametrize(("bots", "message"), [
    ("random,genius", "unknown bot 'genius'"),
    ("no_such_module_anywhere:Bot", "cannot import 'no_such_module_anywhere'"),
    ("tests.support.simulation_bots:Missing", "has no 'Missing'"),
    ("tests.support.simulation_bots:NoChoose", "has no choose(observation) method"),
    (",", "name at least one bot"),
])
def test_bad_bot_specs_exit_2_with_a_message(bots: str, message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--bots", bots, "--quiet"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("skullgames simulate: error: ")
    assert message in captured.err
    assert captured.out == ""  # refused before the run is announced


def test_a_bad_bot_spec_prints_no_traceback() -> None:
    result = run("simulate", "--bots", "mybots_that_are_not_there:Bot")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "cannot import 'mybots_that_are_not_there'" in result.stderr


@pytest.mark.parametrize("flags", [["--backend", "ray"], ["--address", "10.0.0.1:6379"]])
def test_the_ray_backend_without_ray_says_how_to_install_it(
        flags: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    assert main(["simulate", "--games", "2", "--quiet", *flags]) == 2
    err = capsys.readouterr().err
    assert "pip install 'skullgames[ray]'" in err
    assert "Traceback" not in err


def test_an_address_with_the_local_backend_is_refused(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["simulate", "--backend", "local", "--address", "10.0.0.1:6379"]) == 2
    assert "use it with --backend ray" in capsys.readouterr().err


def test_ctrl_c_stops_at_once_and_keeps_the_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = simulate_until_ctrl_c(["--games", "100000000", "--jobs", "2", "--players", "3"],
                                   out)
    assert result.returncode == 130, result.stderr
    assert "interrupted" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.startswith("Skull King, 3 players, 100000000 games")
    lines = out.read_text().splitlines()
    assert lines
    assert all(json.loads(line)["seed"] == json.loads(line)["game"] for line in lines)
    assert not result.outlived  # no worker outlives the command


# -- an existing --out file, --force, --resume -------------------------------------------

SHORT = ("--players", "3", "--rounds", "1,2,3", "--quiet")


def test_an_existing_out_file_is_refused_unless_forced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22 item 2: a second run with the same --out truncated the file silently."""
    out = tmp_path / "games.jsonl"
    out.write_text("precious\n")
    assert main(["simulate", *SHORT, "--games", "3", "--jobs", "1", "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert f"--out {out} exists: --resume to finish the run it holds, --force" in error
    assert out.read_text() == "precious\n"
    assert main(["simulate", *SHORT, "--games", "3", "--jobs", "1", "--out", str(out),
                 "--force"]) == 0
    assert [json.loads(line)["game"] for line in by_game(out)] == [0, 1, 2]
    for flags in ([], ["--resume"]):  # not a file that holds a run
        assert main(["simulate", *SHORT, "--games", "3", "--jobs", "1", "--out", os.devnull,
                     *flags]) == 0


@pytest.mark.parametrize(("flags", "message"), [
    (["--resume"], "--resume is about the --out file: give --out FILE"),
    (["--force"], "--force is about the --out file"),
    (["--force", "--resume", "--out", "x.jsonl"], "give one of them"),
])
def test_force_and_resume_need_an_out_file_and_exclude_each_other(
        flags: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *SHORT, "--games", "3", *flags]) == 2
    assert message in capsys.readouterr().err


def test_resume_plays_only_the_missing_games_and_drops_a_cut_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean = tmp_path / "clean.jsonl"
    flags = ["simulate", *SHORT, "--games", "10", "--seed", "5", "--jobs", "1"]
    assert main([*flags, "--out", str(clean)]) == 0
    table = capsys.readouterr().out.splitlines()[1:5]
    lines = clean.read_text().splitlines()
    cut = tmp_path / "cut.jsonl"  # games 0, 2, 3, 5, 9 finished, in another order, and
    kept = [lines[i] for i in (9, 2, 0, 5, 3)]  # the run was killed writing game 7
    cut.write_text("".join(line + "\n" for line in kept) + lines[7][:100])
    assert main([*flags, "--jobs", "2", "--task-size", "2", "--out", str(cut), "--resume"]) == 0
    assert capsys.readouterr().out.splitlines()[1:5] == table  # the statistics of all 10
    assert cut.read_text().splitlines()[:5] == kept
    assert by_game(cut) == by_game(clean)
    assert main([*flags, "--out", str(cut), "--resume"]) == 0  # nothing left to play
    assert by_game(cut) == by_game(clean)
    fresh = tmp_path / "fresh.jsonl"  # no file yet: the whole run
    assert main([*flags, "--out", str(fresh), "--resume"]) == 0
    assert by_game(fresh) == by_game(clean)


@pytest.mark.parametrize(("flags", "line", "message"), [
    (["--players", "4"], None, "line 1 is a game of other rules"),
    (["--seed", "6"], None, "played from seed 6 by random, greedy, random, not from seed 5"),
    (["--bots", "greedy,random"], None, "by greedy, random, greedy, not from seed"),
    ([], "not json\n", "line 2 is not a game record"),
    ([], '{"game": "0", "state": {}}\n', "line 2 is not a game record"),
])
def test_resume_refuses_the_file_of_another_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], flags: list[str],
        line: str | None, message: str) -> None:
    out = tmp_path / "games.jsonl"
    run_flags = ["simulate", *SHORT, "--games", "4", "--seed", "5", "--jobs", "1"]
    assert main([*run_flags, "--out", str(out)]) == 0
    if line is not None:
        out.write_text(out.read_text().splitlines()[0] + "\n" + line)
    before = out.read_text()
    capsys.readouterr()
    assert main([*run_flags, *flags, "--out", str(out), "--resume"]) == 2
    assert message in capsys.readouterr().err
    assert out.read_text() == before


# -- killed workers, a killed run --------------------------------------------------------

SLOW = ("simulate", "--players", "3", "--rounds", "1,2,3", "--games", "24", "--seed", "9",
        "--bots", "tests.support.simulation_bots:SlowBot,greedy", "--task-size", "2", "--quiet")


def start_slow_run(out: Path) -> subprocess.Popen[str]:
    """``skullgames simulate`` on two workers, its bot pausing; once it has written a game."""
    process = subprocess.Popen(
        [sys.executable, "-m", "skullgames", *SLOW, "--jobs", "2", "--out", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, env={**os.environ, "SKULLGAMES_TEST_SLOW": "0.02"})
    deadline = time.monotonic() + 120
    while (not out.exists() or out.stat().st_size == 0) and time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        time.sleep(0.1)
    return process


def workers_of(pid: int) -> list[int]:
    """The pool's worker processes among the children of ``pid``."""
    # -ww: without a terminal ps cuts lines at 80 columns, and a long interpreter path
    # (a virtual environment deep in a CI folder) pushed "spawn_main" past the cut.
    ps = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid", str(pid)],
                        capture_output=True, text=True, check=False)
    return [int(line.split()[0]) for line in ps.stdout.splitlines() if "spawn_main" in line]


def clean_records(tmp_path: Path) -> list[str]:
    """The records of the slow run, made here in one process without the pauses."""
    clean = tmp_path / "clean.jsonl"
    assert main([*SLOW, "--jobs", "1", "--out", str(clean)]) == 0
    return by_game(clean)


def test_a_killed_worker_does_not_stop_the_run(tmp_path: Path) -> None:
    """Issue 22 item 2: SIGKILL on a worker ended the run with a BrokenProcessPool
    traceback. Its batch is played again and the run ends with every game."""
    out = tmp_path / "games.jsonl"
    process = start_slow_run(out)
    try:
        workers = workers_of(process.pid)
        assert workers
        os.kill(workers[0], signal.SIGKILL)
        stdout, stderr = process.communicate(timeout=300)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 0, stderr
    assert "Traceback" not in stderr
    assert "| greedy | 24 |" in stdout
    assert by_game(out) == clean_records(tmp_path)


def test_a_killed_run_leaves_no_process_and_resumes_to_the_same_records(
        tmp_path: Path) -> None:
    """SIGKILL on the parent left its workers and Python's resource tracker asleep; they
    now end with it. ``--resume`` then finishes the run as if it had never stopped."""
    out = tmp_path / "games.jsonl"
    process = start_slow_run(out)
    try:
        assert workers_of(process.pid)
        process.kill()
        process.wait(timeout=60)
        outlived = group_alive(process.pid, wait=20)  # its workers, the resource tracker
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=60)  # the pipes they held
    assert not outlived
    finished = len(out.read_text().splitlines())
    assert 0 < finished < 24
    assert main([*SLOW, "--jobs", "1", "--out", str(out), "--resume"]) == 0
    assert by_game(out) == clean_records(tmp_path)


def test_the_progress_bar_estimates_the_time_left() -> None:
    """Issue 35: the bar showed only the time so far."""
    now = iter([100.0, 110.0, 130.0, 160.0, 3700.0])
    stream = io.StringIO()
    bar = Progress(stream, clock=lambda: next(now))
    # The pace counts from the first result (a resumed run starts above 0; issue 47:
    # the workers' start-up before the first result is no pace of the run).
    bar(10, 40)   # the first count: no pace yet
    bar(20, 40)   # the first result: the pace starts here
    bar(30, 40)   # 10 games in 30 s: 10 more take about 30 s
    bar(40, 40)   # done: no estimate
    assert stream.getvalue().splitlines() == [
        "[#######.......................] 10/40 games  10s",
        "[###############...............] 20/40 games  30s",
        "[######################........] 30/40 games  1m00s, about 30s left",
        "[##############################] 40/40 games  1h00m",
    ]


def test_the_progress_bar_on_a_terminal_clears_what_a_longer_line_left() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    now = iter([0.0, 0.0, 1.0, 100.0, 101.0])
    stream = Terminal()
    bar = Progress(stream, clock=lambda: next(now))
    bar(0, 100)   # no pace yet
    bar(1, 100)   # the first result: the pace starts here
    bar(2, 100)   # 1 game in 99 s: a long estimate
    bar(99, 100)  # 97 games in 1 s: a short one, written over the long line
    _, _, longer, shorter = stream.getvalue().split("\r")[1:]
    assert len(shorter) == len(longer) > len(shorter.rstrip())
