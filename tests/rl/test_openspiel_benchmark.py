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
