"""Skull Jack, the third game (tests/fixtures/skull_jack): installed as a stranger installs it.

The package is installed with pip into a folder of its own (no network, no build
isolation: hatchling is in the test extra), whose ``*.dist-info`` holds its entry point in
the group ``skullgames.games``; a Python started with that folder on ``PYTHONPATH`` finds
the game there, as it would in a virtual environment. This process never has that folder on
``sys.path``, so that the other tests' games stay as they were; it imports the package from
its source folder (as pytest's doctests of the package do) and registers the entry itself.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "tests" / "fixtures" / "skull_jack"
"""The package's project folder (its ``pyproject.toml``)."""
SOURCE = PROJECT / "src"
"""The folder that holds the package ``skull_jack``."""


def install(target: Path) -> None:
    """Install the package into ``target`` with pip, offline, as a wheel with its metadata."""
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--no-cache-dir", "--no-build-isolation", "--disable-pip-version-check",
         "--target", str(target), str(PROJECT)],
        capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def environment(target: Path) -> dict[str, str]:
    """This process's environment with ``target`` (the installed package) on ``PYTHONPATH``."""
    paths = [str(target), str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


def run(target: Path, *args: str, stdin: str = "", timeout: float = 300
        ) -> subprocess.CompletedProcess[str]:
    """``python args`` in a process where the installed package is found."""
    return subprocess.run([sys.executable, *args], cwd=target, env=environment(target),
                          input=stdin, capture_output=True, text=True, check=False,
                          timeout=timeout)


def import_source() -> None:
    """Let this process import ``skull_jack`` from its source folder (no entry point there)."""
    if str(SOURCE) not in sys.path:
        sys.path.insert(0, str(SOURCE))
