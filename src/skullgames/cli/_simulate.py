"""Many seeded bot games on every core, and the statistics of their results."""

from __future__ import annotations

import importlib
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

import attrs

from skullgames.bots import make_bot
from skullgames.serialization import from_json, to_json

GAME_MODULES = {"king": "skullgames.king", "queen": "skullgames.queen"}


@attrs.frozen
class Task:
    """One game to play: everything a worker process needs, all picklable."""

    game: str
    config_json: str
    seed: int
    bots: tuple[str, ...]
    keep_state: bool


@attrs.frozen
class GameRecord:
    """The result of one game: who sat where, the scores, the winners, the saved game."""

    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    state_json: str | None


def seating(names: Sequence[str], players: int, game_index: int, rotate: bool
            ) -> tuple[str, ...]:
    """The bot in each seat: ``names`` repeated to fill the table, turned one seat per game.

    >>> seating(["search", "greedy"], 4, 1, True)
    ('greedy', 'search', 'greedy', 'search')
    """
    shift = game_index if rotate else 0
    return tuple(names[(seat + shift) % len(names)] for seat in range(players))


def play_game(task: Task) -> GameRecord:
    """Play one seeded game between bots; each bot sees only its own observation."""
    module: Any = importlib.import_module(GAME_MODULES[task.game])
    config = from_json(task.config_json, module.Config)
    state = module.new_game(config, seed=task.seed)
    bots = [make_bot(task.game, name, random.Random(f"{task.seed}:{seat}:{name}"))
            for seat, name in enumerate(task.bots)]
    while not module.is_over(state):
        seat = module.current_player(state)
        state = module.apply(state, bots[seat].choose(module.observe(state, seat)))
    return GameRecord(task.seed, task.bots, tuple(module.scores(state)),
                      tuple(module.winners(state)), to_json(state) if task.keep_state else None)


def run(tasks: Sequence[Task], jobs: int, progress: Callable[[int, int], None]
        ) -> Iterator[GameRecord]:
    """Play ``tasks`` on ``jobs`` processes, yielding records in task order."""
    progress(0, len(tasks))
    if jobs <= 1:
        for done, task in enumerate(tasks, 1):
            yield play_game(task)
            progress(done, len(tasks))
        return
    chunk = max(1, min(16, len(tasks) // (jobs * 8)))
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for done, record in enumerate(pool.imap(play_game, tasks, chunksize=chunk), 1):
            yield record
            progress(done, len(tasks))


class Progress:
    """A plain-text progress bar on a stream: redrawn in place on a terminal, else 10% steps."""

    def __init__(self, stream: TextIO, label: str = "games") -> None:
        self.stream = stream
        self.label = label
        self.start = time.monotonic()
        self.tty = stream.isatty()
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` are finished."""
        tenth = done * 10 // max(1, total)
        if not self.tty and tenth == self.shown and done != total:
            return
        self.shown = tenth
        width = 30
        filled = done * width // max(1, total)
        elapsed = time.monotonic() - self.start
        line = (f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.label}"
                f"  {elapsed:.0f}s")
        if self.tty:
            self.stream.write("\r" + line + ("\n" if done == total else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


@attrs.frozen
class Estimate:
    """A sample mean with the half-width of its 95% confidence interval."""

    mean: float
    half_width: float

    @property
    def low(self) -> float:
        """The lower end of the interval."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """The upper end of the interval."""
        return self.mean + self.half_width

    def percent(self) -> str:
        """A rate and its interval in percent, the interval kept within 0% to 100%."""
        low, high = max(0.0, self.low), min(1.0, self.high)
        return f"{100 * self.mean:.1f}% | {100 * low:.1f}% to {100 * high:.1f}%"


def estimate(samples: Sequence[float]) -> Estimate:
    """Mean and normal-approximation 95% interval (1.96 standard errors) of ``samples``.

    >>> e = estimate([1.0, 2.0, 3.0, 4.0])
    >>> round(e.mean, 2), round(e.half_width, 2)
    (2.5, 1.27)
    """
    n = len(samples)
    if n == 0:
        return Estimate(math.nan, math.nan)
    mean = sum(samples) / n
    if n == 1:
        return Estimate(mean, math.inf)
    variance = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return Estimate(mean, 1.96 * math.sqrt(variance / n))


@attrs.frozen
class BotResult:
    """How one bot did over many games: its seats, mean score and win rate per seat."""

    bot: str
    games: int
    seats: int
    score: Estimate
    win_rate: Estimate


def summarize(records: Sequence[GameRecord]) -> list[BotResult]:
    """Each bot's mean score and win rate per seat, with 95% intervals.

    Seats of one game are not independent, so each game gives one sample per bot: the
    mean over that bot's seats of its score, and of its share of the win (1 for a sole
    winner, 1/k for each of k tied winners, 0 for the others).
    """
    names = sorted({name for r in records for name in r.bots}, key=_bot_order)
    results = []
    for name in names:
        scores: list[float] = []
        wins: list[float] = []
        seats = 0
        for record in records:
            mine = [seat for seat, bot in enumerate(record.bots) if bot == name]
            if not mine:
                continue
            seats += len(mine)
            scores.append(sum(record.scores[s] for s in mine) / len(mine))
            share = 1 / len(record.winners)
            wins.append(sum(share for s in mine if s in record.winners) / len(mine))
        results.append(BotResult(name, len(scores), seats, estimate(scores), estimate(wins)))
    return results


def _bot_order(name: str) -> tuple[int, str]:
    order = ("random", "greedy", "search")
    return (order.index(name) if name in order else len(order), name)


def table(results: Sequence[BotResult]) -> str:
    """The results as a Markdown table (readable as plain text too)."""
    lines = [
        "| bot | games | seats | mean score | 95% interval | win rate | 95% interval |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        s, w = r.score, r.win_rate
        lines.append(
            f"| {r.bot} | {r.games} | {r.seats} | {s.mean:.1f} | {s.low:.1f} to {s.high:.1f} "
            f"| {w.percent()} |"
        )
    return "\n".join(lines)


def main_simulate(game: str, config_json: str, players: int, names: Sequence[str], games: int,
                  seed: int, jobs: int, rotate: bool, out: TextIO | None, quiet: bool,
                  write: Callable[[str], None]) -> list[BotResult]:
    """Play ``games`` games from seeds ``seed``, ``seed + 1``, ...; print and return the table."""
    tasks = [Task(game, config_json, seed + i, seating(names, players, i, rotate),
                  out is not None) for i in range(games)]
    progress: Callable[[int, int], None] = (
        (lambda _done, _total: None) if quiet else Progress(sys.stderr)
    )
    records = []
    for record in run(tasks, jobs, progress):
        records.append(record)
        if out is not None and record.state_json is not None:
            out.write(record.state_json + "\n")
            out.flush()  # an interrupted run keeps the games it finished
    results = summarize(records)
    write(table(results))
    return results
