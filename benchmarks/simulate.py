"""Throughput of ``skullgames.simulate``: the local and Ray backends on 1 and 2 CPUs.

Run from the repository root::

    python benchmarks/simulate.py            # the full run, a few minutes
    python benchmarks/simulate.py --quick    # seconds; figures rough (a test runs it)
    python -m benchmarks.simulate            # the same

Every run plays the same seeded games (4-player Skull King, the standard game, bots
``random,greedy``), and every figure is wall-clock time, since the work is spread over
processes. A backend's time for a run is a fixed cost (starting worker processes,
the first and last batches) plus a time per game: both come from two runs, one of a
third of the games and one of all, and games/s is one over the time per game, the
throughput of a long run. For each number of CPUs the local backend (``jobs=N``; with one
CPU it plays in this process) and the Ray backend (a local Ray started once with
``num_cpus=N``; its start-up is reported apart) are measured in turn in each pass, so
load that comes and goes on a shared machine slows both alike. "Ray / local" is the
median over the passes of local time per game / Ray time per game from the same pass,
and Ray's overhead per game the median of their difference, at each task size.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # python benchmarks/simulate.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skullgames import king, simulate
from skullgames.simulation import default_task_size
from skullgames.simulation._ray import import_ray

CONFIG = king.Config(players=4)
BOTS = "random,greedy"


@dataclass(frozen=True)
class Mode:
    """How much to measure."""

    games_per_cpu: int  # the long run; the short one is a third of it
    repeats: int
    task_sizes: tuple[int | None, ...]  # None: the default of the long run


FULL = Mode(games_per_cpu=1600, repeats=3, task_sizes=(None, 10, 1))
QUICK = Mode(games_per_cpu=24, repeats=1, task_sizes=(None,))


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    backend: str
    cpus: int
    task_size: str
    games_per_second: float
    fixed_seconds: float
    versus_local: float | None = None
    overhead_ms: float | None = None


@dataclass(frozen=True)
class Line:
    """A backend's time per run as ``fixed + games * per_game``, from a short and a long run."""

    per_game: float
    fixed: float


def timed(run: Callable[[], object]) -> float:
    """Wall-clock seconds of ``run()``."""
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def line(backend: str, cpus: int, task_size: int | None, games: int) -> Line:
    """Time a run of ``games // 3`` games and one of ``games``; the line through both."""
    def run(count: int) -> float:
        return timed(lambda: simulate("king", CONFIG, bots=BOTS, games=count, seed=0,
                                      jobs=cpus, backend=backend, task_size=task_size))

    short, long = games // 3, games
    short_time, long_time = run(short), run(long)
    per_game = (long_time - short_time) / (long - short)
    return Line(per_game, short_time - short * per_game)


def measure(cpus: int, mode: Mode, with_ray: bool, say: Callable[[str], None]
            ) -> tuple[list[Row], float | None]:
    """The rows for one number of CPUs, and Ray's start-up time in seconds."""
    games = mode.games_per_cpu * cpus
    locals_: list[Line] = []
    rays: dict[int, list[Line]] = {}
    sizes = [size or default_task_size("ray", games, cpus) for size in mode.task_sizes]
    start = None
    ray: Any = None
    if with_ray:
        ray = import_ray()
        say(f"{cpus} CPU(s): starting Ray")
        start = timed(lambda: ray.init(num_cpus=cpus, include_dashboard=False,
                                       logging_level="WARNING"))
        simulate("king", CONFIG, bots=BOTS, games=cpus * 2, backend="ray", task_size=1)
    try:
        for repeat in range(mode.repeats):
            say(f"{cpus} CPU(s): local, pass {repeat + 1}")
            locals_.append(line("local", cpus, None, games))
            for size in sizes if with_ray else ():
                say(f"{cpus} CPU(s): Ray, task size {size}, pass {repeat + 1}")
                rays.setdefault(size, []).append(line("ray", cpus, size, games))
    finally:
        if ray is not None:
            ray.shutdown()
    local_per_game = statistics.median(x.per_game for x in locals_)
    rows = [Row("local", cpus, "default", 1 / local_per_game,
                statistics.median(x.fixed for x in locals_))]
    for size, given in zip(sizes, mode.task_sizes, strict=True):
        lines = rays.get(size, [])
        if not lines:
            continue
        pairs = list(zip(locals_, lines, strict=True))  # measured side by side, in the same pass
        rows.append(Row(
            "ray", cpus, f"{size}{' (default)' if given is None else ''}",
            1 / statistics.median(x.per_game for x in lines),
            statistics.median(x.fixed for x in lines),
            statistics.median(here.per_game / there.per_game for here, there in pairs),
            1000 * statistics.median(there.per_game - here.per_game for here, there in pairs),
        ))
    return rows, start


def table(rows: Sequence[Row]) -> str:
    """The rows as Markdown."""
    lines = ["| backend | CPUs | task size | games/s | fixed cost per run | Ray / local | "
             "Ray overhead per game |", "|---|---:|---|---:|---:|---:|---:|"]
    for r in rows:
        versus = "" if r.versus_local is None else f"{r.versus_local:.2f}"
        overhead = "" if r.overhead_ms is None else f"{r.overhead_ms:+.2f} ms"
        lines.append(f"| {r.backend} | {r.cpus} | {r.task_size} | {r.games_per_second:.0f} | "
                     f"{r.fixed_seconds:.2f} s | {versus} | {overhead} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table; progress goes to stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--quick", action="store_true", help="a few seconds, rough figures")
    parser.add_argument("--no-ray", dest="ray", action="store_false",
                        help="the local backend only")
    parser.add_argument("--cpus", default="1,2", help="CPU counts to measure [1,2]")
    args = parser.parse_args(argv)
    mode = QUICK if args.quick else FULL
    cpu_counts = [int(n) for n in args.cpus.split(",")]

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    rows: list[Row] = []
    start_ups: list[str] = []
    for cpus in cpu_counts:
        measured, start = measure(cpus, mode, args.ray, say)
        rows += measured
        if start is not None:
            start_ups.append(f"{start:.1f} s with {cpus} CPU(s)")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}; "
          f"{CONFIG.players}-player Skull King, bots {BOTS}")
    print(table(rows))
    if start_ups:
        print(f"Ray start-up (ray.init, not in the figures above): {', '.join(start_ups)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
