"""The static checks of the project run as part of the test suite: mypy and ruff."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_mypy_strict_is_clean() -> None:
    result = run("mypy", "--strict", "src", "tests", "benchmarks", "examples",
                 "conftest.py", "hatch_build.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean() -> None:
    result = run("ruff", "check", "src", "tests", "benchmarks", "examples", "conftest.py",
                 "hatch_build.py")
    assert result.returncode == 0, result.stdout + result.stderr
