"""The benchmarks run and print their table (quick mode; no timing is asserted)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from benchmarks.run import DEFAULT_SHARED, floor_king_with_plan, load_floor

ROOT = Path(__file__).resolve().parents[2]

ROWS = (
    "| king, 4 players: random games ",
    "| king, 8 players: random games ",
    "| king, 4 players, loot+kraken+whale: random games ",
    "| king: legal_moves ",
    "| king: apply ",
    "| king: observe (seat to move) ",
    "| king: JSON round trip, mid-game state ",
    "| king: new_game + apply of the same moves ",
    "| king, 4 players: memory per retained state ",
)


def run(*args: str) -> str:
    result = subprocess.run(
        [sys.executable, *args, "--quick"], cwd=ROOT, capture_output=True, text=True,
        check=False, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_quick_run_prints_every_row() -> None:
    out = run("-m", "benchmarks")
    assert "machine: " in out
    for row in ROWS:
        assert row in out, row
    assert "| queen, 4 players: random games " in out
    for label in ("king, 4 players", "queen, 4 players"):  # the bench extra: rlcard
        assert f"| {label}: PettingZoo rollouts against texas_holdem_v4 " in out


def test_without_floor_scripts_it_prints_absolute_figures(tmp_path: Path) -> None:
    out = run("benchmarks/run.py", "--shared", str(tmp_path))
    assert "no floor scripts" in out
    for row in ROWS:
        assert row in out, row
    assert "× floor" not in out


# A copy of shared/bench/floor_king.py, for a checkout that has no shared folder beside it.
FLOOR_COPY = ROOT / "tests" / "data"


def test_floor_with_the_standard_plan_plays_as_the_floor_script() -> None:
    floor = load_floor(DEFAULT_SHARED, "floor_king") or load_floor(FLOOR_COPY, "floor_king")
    assert floor is not None
    planned = floor_king_with_plan(floor, range(1, 11))
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert planned(4, ours) == floor.play_game(4, theirs)
        assert ours.random() == theirs.random()


def test_both_builds_runs_the_pure_build_after_the_compiled_one() -> None:
    import skullgames

    result = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--both-builds"], cwd=ROOT,
        capture_output=True, text=True, check=False, timeout=600,
    )
    if not skullgames.COMPILED:  # the pure build cannot run the compiled one: it says so
        assert result.returncode == 2
        assert "install it first (SKULLGAMES_MYPYC=1 pip install .)" in result.stderr
        return
    assert result.returncode == 0, result.stdout + result.stderr
    compiled, pure = result.stdout.split("(quick mode, pure Python build)")
    assert "(quick mode, compiled build)" in compiled
    for row in ROWS:
        assert row in compiled and row in pure, row
