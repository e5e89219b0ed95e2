"""Throughput of ``skullgames.simulate``: the local and Ray backends on 1 and 2 CPUs.

Run from the repository root::

    python benchmarks/simulate.py            # the full run, about ten minutes
    python benchmarks/simulate.py --quick    # seconds; figures meaningless (a test runs it)
    python -m benchmarks.simulate            # the same

Every run plays the same seeded games (4-player Skull King, the standard game, bots
``random,greedy``). A backend's cost of a run is a fixed part (starting worker
processes, importing the library, the first and last batches) plus a part per game:
both come from two runs, one of a third of the games and one of all. Costs are measured
twice: wall-clock time (games/s), which other work on a shared machine disturbs, and
CPU time of this process and every process below it (Ray's server, raylet and workers,
or the local backend's workers), which it disturbs much less. On dedicated cores
throughput is one over the CPU time per game, so "Ray / local, CPU" (local CPU time
per game over Ray's) is the throughput ratio the backends reach when the cores are
theirs.

For each number of CPUs, the local backend (``jobs=N``; with one CPU it plays in this
process) and the Ray backend (a local Ray started once with ``num_cpus=N``; its start-up
is reported apart) are measured in turn in each pass, so load that comes and goes slows
both alike; ratios and differences are medians over the passes of figures from the
same pass.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
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
    idle_seconds: float  # how long to watch an idle Ray


FULL = Mode(games_per_cpu=1600, repeats=3, task_sizes=(None, 10, 1), idle_seconds=20)
QUICK = Mode(games_per_cpu=24, repeats=1, task_sizes=(None,), idle_seconds=1)


@dataclass(frozen=True)
class Cost:
    """Wall-clock and CPU seconds; as a line, per game (``per_game``) or per run (``fixed``)."""

    wall: float
    cpu: float


@dataclass(frozen=True)
class Line:
    """A backend's cost of a run as ``fixed + games * per_game``."""

    per_game: Cost
    fixed: Cost


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    backend: str
    cpus: int
    task_size: str
    lines: list[Line]
    locals_: list[Line] | None = None  # the local lines of the same passes, for Ray's rows
    idle: float = 0.0  # CPU seconds per second that Ray's processes use doing nothing


def cpu_seconds() -> float:
    """CPU time of this process and of every process below it, living or ended.

    Ray's processes (its server, its raylet, its workers) and the local backend's workers
    all descend from this process. Living descendants are read from ``/proc`` (Linux);
    ended ones are counted by whoever waited for them (``os.times`` here, ``cutime`` and
    ``cstime`` of a living parent), so the sum only grows.
    """
    own = os.times()
    total = own.user + own.system + own.children_user + own.children_system
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", encoding="ascii", errors="replace") as file:
                text = file.read()
        except OSError:  # ended while we looked
            continue
        fields = text[text.rindex(")") + 2:].split()  # after the command name
        parents[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = sum(int(x) for x in fields[11:15]) / tick
    below = {os.getpid()}
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in below} - below
        below |= more
        grew = bool(more)
    return total + sum(used[pid] for pid in below - {os.getpid()} if pid in used)


def measured(run: Callable[[], object]) -> Cost:
    """The wall-clock and CPU seconds of ``run()``."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    run()
    return Cost(time.perf_counter() - wall, cpu_seconds() - cpu)


def line(backend: str, cpus: int, task_size: int | None, games: int) -> Line:
    """Run ``games // 3`` games and then ``games``; the line through both costs."""
    def run(count: int) -> Cost:
        return measured(lambda: simulate("king", CONFIG, bots=BOTS, games=count, seed=0,
                                         jobs=cpus, backend=backend, task_size=task_size))

    short, long = games // 3, games
    a, b = run(short), run(long)
    per_game = Cost((b.wall - a.wall) / (long - short), (b.cpu - a.cpu) / (long - short))
    return Line(per_game, Cost(a.wall - short * per_game.wall, a.cpu - short * per_game.cpu))


def measure(cpus: int, mode: Mode, with_ray: bool, say: Callable[[str], None]
            ) -> tuple[list[Row], float | None]:
    """The rows for one number of CPUs, and Ray's start-up time in seconds."""
    games = mode.games_per_cpu * cpus
    locals_: list[Line] = []
    rays: dict[int, list[Line]] = {}
    sizes = [size or default_task_size("ray", games, cpus) for size in mode.task_sizes]
    start = None
    idle_rate = 0.0
    ray: Any = None
    if with_ray:
        ray = import_ray()
        say(f"{cpus} CPU(s): starting Ray")
        start = measured(lambda: ray.init(num_cpus=cpus, include_dashboard=False,
                                          logging_level="WARNING")).wall
        simulate("king", CONFIG, bots=BOTS, games=cpus * 2, backend="ray", task_size=1)
        say(f"{cpus} CPU(s): Ray idle")
        idle = measured(lambda: time.sleep(mode.idle_seconds))
        idle_rate = idle.cpu / idle.wall
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
    rows = [Row("local", cpus, "default", locals_)]
    for size, given in zip(sizes, mode.task_sizes, strict=True):
        if size in rays:
            label = f"{size}{' (default)' if given is None else ''}"
            rows.append(Row("ray", cpus, label, rays[size], locals_, idle_rate))
    return rows, start


def table(rows: Sequence[Row]) -> str:
    """The rows as Markdown: medians over the passes.

    Ray's processes use CPU even when idle (its server and raylet keep time, its workers
    wait): on a shared machine, where a game takes longer on the clock, that cost per
    game grows. The "net" CPU time per game leaves it out (``idle`` CPU seconds per
    second times the wall-clock time per game); on ``N`` dedicated cores Ray then plays
    ``(N - idle) / net`` games a second against the local backend's ``N / local``.
    """
    def median(values: Iterable[float]) -> float:
        return statistics.median(values)

    lines = [
        "| backend | CPUs | task size | games/s | CPU ms per game | net of Ray's idle CPU "
        "| Ray / local, wall | Ray / local, dedicated cores | Ray's overhead per game |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        cpu = median(x.per_game.cpu for x in r.lines)
        cells = [r.backend, str(r.cpus), r.task_size,
                 f"{1 / median(x.per_game.wall for x in r.lines):.0f}", f"{1000 * cpu:.2f}"]
        if r.locals_ is None:
            cells += ["", "", "", ""]
        else:
            # figures from the same pass: the local CPU time per game, Ray's net of idle
            pairs = [(here.per_game.cpu, there.per_game.cpu - r.idle * there.per_game.wall)
                     for here, there in zip(r.locals_, r.lines, strict=True)]
            walls = [here.per_game.wall / there.per_game.wall
                     for here, there in zip(r.locals_, r.lines, strict=True)]
            share = (r.cpus - r.idle) / r.cpus
            cells += [
                f"{1000 * median(net for _, net in pairs):.2f}",
                f"{median(walls):.2f}",
                f"{median(share * local / net for local, net in pairs):.3f}",
                f"{1000 * median(net - local for local, net in pairs):+.3f} ms",
            ]
        lines.append(f"| {' | '.join(cells)} |")
    idle = sorted({(r.cpus, r.idle) for r in rows if r.locals_ is not None})
    if idle:
        lines.append("")
        lines.append("Ray's idle CPU: " + ", ".join(
            f"{100 * rate:.1f}% of a core with {cpus} CPU(s)" for cpus, rate in idle))
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
