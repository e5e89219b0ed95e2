"""``skullgames simulate``: records that replay, user bots, bad specs, Ctrl-C, no Ray."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from skullgames import from_json, king
from skullgames.cli import main
from tests.ctrl_c import simulate_until_ctrl_c

ROOT = Path(__file__).resolve().parent.parent


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
                     "--bots", "mybots:FirstMoveBot,greedy", "--out", str(out), "--quiet",
                     cwd=tmp_path, command=(str(script),))
        assert result.returncode == 0, result.stderr
        assert "bots by seat mybots:FirstMoveBot,greedy" in result.stdout
        assert "| mybots:FirstMoveBot | 4 | 6 |" in result.stdout
        assert json.loads(by_game(out)[0])["bots"] == ["mybots:FirstMoveBot", "greedy",
                                                      "mybots:FirstMoveBot"]


@pytest.mark.parametrize(("bots", "message"), [
    ("random,genius", "unknown bot 'genius'"),
    ("no_such_module_anywhere:Bot", "cannot import 'no_such_module_anywhere'"),
    ("tests.simulation_bots:Missing", "has no 'Missing'"),
    ("tests.simulation_bots:NoChoose", "has no choose(observation) method"),
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
