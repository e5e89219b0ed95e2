"""Ctrl-C at a terminal, for the tests of ``skullgames simulate``: SIGINT to a whole job."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Interrupted:
    """How an interrupted command ended."""

    returncode: int
    stdout: str
    stderr: str
    outlived: bool  # a process of the command's group was still alive 10 s after it ended


def simulate_until_ctrl_c(flags: Sequence[str], out: Path) -> Interrupted:
    """Run ``skullgames simulate FLAGS --out OUT`` until it has written a game, then press
    Ctrl-C: SIGINT to its process group, as a terminal sends it to every process of a job.
    """
    argv = [sys.executable, "-m", "skullgames", "simulate", *flags, "--out", str(out)]
    # SIGINT back to its default in the child, as at a terminal: a suite started with it
    # ignored (a background job of a shell without job control) would pass that on.
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while (not out.exists() or out.stat().st_size == 0) and time.monotonic() < deadline:
            time.sleep(0.2)
        os.killpg(process.pid, signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()  # reaped and its pipes closed: no warning in a later test
    return Interrupted(process.returncode, stdout, stderr, group_alive(process.pid, wait=10))


def group_alive(group: int, wait: float) -> bool:
    """Whether a process of ``group`` is still alive after ``wait`` seconds at most."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.1)
    subprocess.run(["ps", "-o", "pid,pgid,stat,args", "-g", str(group)], check=False)
    return True
