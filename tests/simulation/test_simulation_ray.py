"""The Ray backend: the same games as the local backend, and nothing lost or doubled when a
worker dies. One local Ray of 2 CPUs serves the whole module (it takes seconds to start)."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skullgames import king, simulate
from skullgames.cli import main
from skullgames.simulation import GameRecord, SimulationResult
from skullgames.simulation._ray import TOKEN_VARIABLES, _start, own_token
from tests.support import simulation_bots
from tests.support.ctrl_c import simulate_until_ctrl_c

ray = pytest.importorskip("ray")

ROOT = Path(__file__).resolve().parents[2]
SMALL = king.Config(players=3, rounds=(1, 2, 3))


@pytest.fixture(scope="module")
def local_ray() -> Iterator[str]:
    """A local Ray with 2 CPUs; yields the address a second driver joins it at.

    With a token of its own in the environment, as ``simulate`` gives the local Ray it
    starts: Ray would write a new one to ``~/.ray/auth_token`` in the user's home."""
    with own_token():
        ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="WARNING")
        try:
            yield str(ray.get_runtime_context().gcs_address)
        finally:
            ray.shutdown()


def run(**options: Any) -> tuple[SimulationResult, list[GameRecord]]:
    records: list[GameRecord] = []
    arguments: dict[str, Any] = {"bots": "random,greedy", "games": 30, "seed": 7,
                                 "keep_states": True, "on_record": records.append}
    arguments.update(options)
    result = simulate("king", SMALL, **arguments)
    return result, sorted(records, key=lambda r: r.game)


def test_ray_plays_the_same_games_as_the_local_backend(local_ray: str) -> None:
    local, local_records = run(backend="local", jobs=1)
    on_ray, ray_records = run(backend="ray", task_size=4)
    assert on_ray == local
    assert [r.to_json_line() for r in ray_records] == [r.to_json_line() for r in local_records]
    assert [r.game for r in ray_records] == list(range(30))


def test_a_worker_that_dies_loses_no_game_and_doubles_none(local_ray: str,
                                                         tmp_path: Path) -> None:
    marker = tmp_path / "a worker died"
    dying = functools.partial(simulation_bots.DyingBot, marker=str(marker))
    bots = {"dying": dying, "greedy": "greedy"}
    progress: list[int] = []
    faulty, faulty_records = run(backend="ray", task_size=3, bots=bots, max_retries=2,
                                 progress=lambda done, total: progress.append(done))
    assert marker.exists()  # a worker process really did end in the middle of a task
    clean, clean_records = run(backend="ray", task_size=3, bots=bots)  # the marker stays
    assert faulty == clean
    assert faulty_records == clean_records
    assert [r.game for r in faulty_records] == list(range(30))
    assert progress[-1] == 30 and progress == sorted(progress)


def test_a_task_that_keeps_failing_stops_the_run(local_ray: str) -> None:
    with pytest.raises(RuntimeError, match="this bot is broken"):
        run(backend="ray", bots="tests.support.simulation_bots:FailingBot", task_size=5)


def test_the_command_joins_a_running_cluster_at_its_address(local_ray: str,
                                                           tmp_path: Path) -> None:
    common = ("simulate", "--games", "12", "--players", "3", "--rounds", "1,2,3",
              "--seed", "7", "--quiet")
    ray_out, local_out = tmp_path / "ray.jsonl", tmp_path / "local.jsonl"
    on_ray = subprocess.run(
        [sys.executable, "-m", "skullgames", *common, "--address", local_ray,
         "--task-size", "5", "--out", str(ray_out)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    assert on_ray.returncode == 0, on_ray.stderr
    local = subprocess.run(
        [sys.executable, "-m", "skullgames", *common, "--jobs", "1", "--out", str(local_out)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    assert local.returncode == 0, local.stderr

    def table(stdout: str) -> list[str]:
        return [line for line in stdout.splitlines() if line.startswith("|")]

    assert table(on_ray.stdout) == table(local.stdout)
    assert len(table(local.stdout)) == 4

    def by_game(path: Path) -> list[str]:
        return sorted(path.read_text().splitlines(), key=lambda ln: json.loads(ln)["game"])

    assert by_game(ray_out) == by_game(local_out)
    assert len(by_game(ray_out)) == 12


def test_ctrl_c_stops_a_ray_run_and_keeps_the_finished_games(local_ray: str,
                                                             tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = simulate_until_ctrl_c(["--address", local_ray, "--games", "100000000",
                                    "--players", "3", "--task-size", "5"], out)
    assert result.returncode == 130, result.stderr
    assert "interrupted" in result.stderr
    assert "Traceback" not in result.stderr
    lines = out.read_text().splitlines()
    assert lines
    assert all(json.loads(line)["seed"] == json.loads(line)["game"] for line in lines)
    assert not result.outlived  # no worker outlives the command
    deadline = time.monotonic() + 60  # the cluster gets its CPUs back, and plays on
    while ray.available_resources().get("CPU", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ray.available_resources().get("CPU", 0) == 2
    assert run(backend="ray", games=4)[0].bots[0].games == 4


def test_without_an_address_a_ray_of_its_own_is_started_not_the_machine_s_joined(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without an address ``ray.init`` joins the cluster that ``ray start`` last started on
    the machine (its token not ours): CI's two builds met that way, each refusing the
    other's token. The run asks for a local Ray of its own ("local")."""
    seen: dict[str, Any] = {}

    def init(**options: Any) -> None:
        seen.update(options)
        raise RuntimeError("no Ray started in this test")

    monkeypatch.setattr(ray, "init", init)
    with pytest.raises(RuntimeError, match="no Ray started"), contextlib.ExitStack() as stack:
        _start(ray, stack, jobs=2, address=None)
    assert seen["address"] == "local" and seen["num_cpus"] == 2


def test_an_address_where_no_cluster_answers_is_one_line_at_once() -> None:
    """Issue 22 item 6: Ray tried a refused address for minutes, logging every attempt.

    (The test runs the command in its own process: this one has joined a Ray.)"""
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = subprocess.run([sys.executable, "-m", "skullgames", "simulate", "--address",
                             f"127.0.0.1:{port}", "--games", "2", "--quiet"], cwd=ROOT,
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 2
    assert result.stderr == (f"skullgames simulate: error: no Ray cluster answers at "
                             f"127.0.0.1:{port}: Connection refused\n")
    bad = subprocess.run([sys.executable, "-m", "skullgames", "simulate", "--address",
                          "head-without-port", "--games", "2", "--quiet"], cwd=ROOT,
                         capture_output=True, text=True, check=False, timeout=120)
    assert bad.returncode == 2
    assert "address: host:port of a Ray cluster's head, or auto" in bad.stderr


class DeadRay:
    """A Ray whose raylet on this machine has died: every wait for a task says so."""

    exceptions = ray.exceptions

    def is_initialized(self) -> bool:
        return True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2.0}

    def remote(self, **options: Any) -> Any:
        return lambda function: type("Task", (), {"remote": staticmethod(lambda b: object())})

    def wait(self, refs: list[Any], num_returns: int) -> Any:
        raise ray.exceptions.LocalRayletDiedError()


def test_a_dead_local_ray_ends_the_run_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22 item 6: a dead local Ray ended simulate in a LocalRayletDiedError
    traceback. (Killing a real raylet takes half a minute and Ray sometimes ends the
    process itself first; Ray's own exception is raised here in its place.)"""
    monkeypatch.setattr("skullgames.simulation._ray.import_ray", DeadRay)
    with pytest.raises(ConnectionError, match=r"^Ray stopped answering \(LocalRayletDiedError: "
                       r"The task's local raylet died[^\n]*the games finished are kept$"):
        run(backend="ray", games=4)
    assert main(["simulate", "--backend", "ray", "--games", "4", "--quiet"]) == 1
    error = capsys.readouterr().err
    assert error.startswith("skullgames simulate: error: Ray stopped answering")
    assert error.count("\n") == 1


def without_ray_tokens(home: Path, **variables: str) -> dict[str, str]:
    """This environment with ``home`` as HOME, none of Ray's token variables, and
    ``variables``."""
    env = {name: value for name, value in os.environ.items() if name not in TOKEN_VARIABLES}
    return {**env, "HOME": str(home), **variables}


def test_a_local_ray_run_writes_no_token_in_the_home_and_only_the_table_on_stdout(
        tmp_path: Path) -> None:
    """Issue 35: ``--backend ray`` (and the test suite) wrote ``~/.ray/auth_token`` in the
    user's home, and Ray's log lines landed in the results table on stdout."""
    result = subprocess.run(
        [sys.executable, "-m", "skullgames", "simulate", "--backend", "ray", "--jobs", "1",
         "--games", "4", "--players", "3", "--rounds", "1,2", "--quiet",
         "--bots", "tests.support.simulation_bots:ChattyBot,greedy"],
        cwd=ROOT, env=without_ray_tokens(tmp_path), capture_output=True, text=True,
        check=False, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Skull King, 3 players, 4 games from seed 0")
    assert len(lines) == 5 and all(line.startswith("|") for line in lines[1:]), lines
    assert "chatty" not in result.stdout + result.stderr
    assert not (tmp_path / ".ray").exists()


def test_a_local_ray_run_with_a_token_in_the_home_prints_no_ray_log_line(
        tmp_path: Path) -> None:
    """Issue 47: Ray's own log lines still appeared above the results table. With a token
    already in ``~/.ray/auth_token`` (a Ray run before wrote it), Ray warned that token
    authentication is on, on stderr: on a terminal, stdout and stderr are one screen, so
    both go to one pipe here, as there."""
    (tmp_path / ".ray").mkdir()
    (tmp_path / ".ray" / "auth_token").write_text("0123456789abcdef" * 4)
    result = subprocess.run(
        [sys.executable, "-m", "skullgames", "simulate", "--backend", "ray", "--jobs", "1",
         "--games", "4", "--players", "3", "--rounds", "1,2", "--quiet"],
        cwd=ROOT, env=without_ray_tokens(tmp_path), stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, check=False, timeout=300)
    assert result.returncode == 0, result.stdout
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Skull King, 3 players, 4 games from seed 0"), lines
    assert len(lines) == 5 and all(line.startswith("|") for line in lines[1:]), lines


HEAD = """
import sys, ray
ray.init(address="local", num_cpus=1, include_dashboard=False, logging_level="ERROR")
print(ray.get_runtime_context().gcs_address.rpartition(":")[2], flush=True)
sys.stdin.read()
ray.shutdown()
"""


def test_a_cluster_that_refuses_the_token_is_one_line_naming_the_address_typed(
        tmp_path: Path) -> None:
    """Issue 35: Ray tried for about 20 s, printing a warning a second, then named the
    head's own address, not the one given."""
    cluster = without_ray_tokens(tmp_path, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN="a" * 32)
    with subprocess.Popen([sys.executable, "-c", HEAD], cwd=ROOT, env=cluster, text=True,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL) as head:
        try:
            assert head.stdout is not None
            port = head.stdout.readline().strip()
            assert port.isdigit(), port
            address = f"127.0.0.1:{port}"
            for wrong in ({"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": "b" * 32}, {}):
                result = subprocess.run(
                    [sys.executable, "-m", "skullgames", "simulate", "--address", address,
                     "--games", "2", "--quiet"],
                    cwd=ROOT, env=without_ray_tokens(tmp_path, **wrong), capture_output=True,
                    text=True, check=False, timeout=120)
                mode = wrong.get("RAY_AUTH_MODE", "disabled")
                assert result.returncode == 2, result.stderr
                assert result.stderr == (
                    f"skullgames simulate: error: the Ray cluster at {address} refuses this "
                    f"driver: its token is missing or wrong (RAY_AUTH_MODE is {mode!r}): set "
                    "RAY_AUTH_MODE=token and the cluster's token in RAY_AUTH_TOKEN, or in "
                    "the file RAY_AUTH_TOKEN_PATH names\n")
            joined = subprocess.run(
                [sys.executable, "-m", "skullgames", "simulate", "--address", address,
                 "--games", "2", "--players", "3", "--rounds", "1", "--quiet"],
                cwd=ROOT, env=cluster, capture_output=True, text=True, check=False,
                timeout=300)
            assert joined.returncode == 0, joined.stderr
        finally:
            assert head.stdin is not None
            head.stdin.close()  # the head shuts its Ray down
            head.wait(timeout=120)
