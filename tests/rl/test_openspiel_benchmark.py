"""The OpenSpiel benchmark runs and prints its table (quick mode; no timing is asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parents[2]


def test_quick_run_prints_every_row() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.openspiel", "--quick"], cwd=ROOT,
        capture_output=True, text=True, check=False, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for case in ("king, 4 players", "king, 2 players + Graybeard, abilities",
                 "queen, 4 players"):
        for loop in ("raw", "pyspiel", "pyspiel + views"):
            assert f"| {case}: {loop} |" in result.stdout
    assert result.stdout.count("× raw") == 6


def test_the_row_of_python_m_benchmarks() -> None:
    import time

    from benchmarks import openspiel as openspiel_rows
    from benchmarks.rl import raw_steps

    from skullgames import king

    rows: list[tuple[str, ...]] = []
    assert openspiel_rows.available()
    openspiel_rows.row(king.Config(players=2, rounds=(1, 2)), "king, 2 players", 2, 0.001,
                       raw_steps, time.process_time, lambda *cells: rows.append(cells))
    assert [row[0] for row in rows] == ["king, 2 players: OpenSpiel random playouts"]
    assert rows[0][2] == "steps/s" and "× the raw loop" in rows[0][3]
    assert float(rows[0][1].replace(",", "")) > 0
