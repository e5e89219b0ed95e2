"""benchmarks/simulate.py runs and prints its table (quick, local only; no timing asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_local_run_prints_its_rows() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/simulate.py", "--quick", "--no-ray", "--cpus", "1,2"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "| backend | CPUs | task size | games/s | CPU ms per game |" in result.stdout
    assert "| local | 1 | default |" in result.stdout
    assert "| local | 2 | default |" in result.stdout
