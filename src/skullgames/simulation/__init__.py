"""Many seeded bot games, on this machine's cores or on a Ray cluster, and their statistics.

:func:`skullgames.simulate` plays game ``k`` from seed ``seed + k`` with the same seats on
every backend, so a run's results depend only on its arguments:

>>> from skullgames import king, simulate
>>> result = simulate("king", king.Config(players=3, rounds=(1, 2)),
...                   bots="random,greedy", games=20, seed=100, jobs=1)
>>> [(r.bot, r.games, r.seats) for r in result.bots]
[('random', 20, 30), ('greedy', 20, 30)]
>>> print(result.table())  # doctest: +SKIP
| bot | games | seats | mean score | 95% interval | win rate | 95% interval |
...

The guide :doc:`/guides/simulate` shows the command line and how to run on a cluster.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, TypeVar

import attrs

from skullgames.bots import BotFactory
from skullgames.errors import ConfigError
from skullgames.registry import Game
from skullgames.simulation import _arguments
from skullgames.simulation._arguments import check_backend, game_entry, whole
from skullgames.simulation._bots import (
    BotsArgument,
    BotSpec,
    Contestant,
    check_picklable,
    contestants,
)
from skullgames.simulation._deals import MatchGame
from skullgames.simulation._games import Batch, GameRecord, batches, play_batch, seating
from skullgames.simulation._local import Finished, run_local
from skullgames.simulation._matches import MatchResult, match
from skullgames.simulation._paired import Interval
from skullgames.simulation._ray import INSTALL_HINT as RAY_INSTALL_HINT
from skullgames.simulation._shapes import SHAPES
from skullgames.simulation._standings import MatchBot, MatchPair
from skullgames.simulation._stats import BotResult, Estimate, Tally, table

__all__ = [
    "BACKENDS",
    "RAY_INSTALL_HINT",
    "SHAPES",
    "BotFactory",
    "BotResult",
    "BotSpec",
    "BotsArgument",
    "Estimate",
    "GameRecord",
    "Interval",
    "MatchBot",
    "MatchGame",
    "MatchPair",
    "MatchResult",
    "SimulationResult",
    "contestants",
    "default_task_size",
    "match",
    "simulate",
]

ConfigT = TypeVar("ConfigT")

BACKENDS: tuple[str, ...] = _arguments.BACKENDS
"""Where games are played: ``"local"``, this machine's processes; ``"ray"``, Ray tasks."""

LOCAL_TASK_SIZE = 50
"""The most games in one batch of the local backend, by default."""

RAY_TASK_SIZE = 200
"""The most games in one Ray task, by default: enough that Ray's cost per task vanishes."""


@attrs.frozen(kw_only=True)
class SimulationResult:
    """What :func:`~skullgames.simulate` returns: each bot's results over the games."""

    game: str
    """The game's name (``"king"``)."""
    games: int
    """How many games were played."""
    seed: int
    """The seed of game 0; game ``k`` was played from ``seed + k``."""
    bots: tuple[BotResult, ...]
    """Each bot's games, seats, mean score and win rate, with 95% intervals."""

    def table(self) -> str:
        """The results as the Markdown table that ``skullgames simulate`` prints."""
        return table(self.bots)


def simulate(
    game: str | Game[ConfigT, Any, Any, Any],
    config: ConfigT | None = None,
    *,
    bots: BotsArgument,
    games: int,
    seed: int = 0,
    rotate: bool = True,
    jobs: int | None = None,
    backend: str = "local",
    address: str | None = None,
    task_size: int | None = None,
    max_retries: int = 3,
    keep_states: bool = False,
    on_record: Callable[[GameRecord], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
    played: Iterable[GameRecord] = (),
) -> SimulationResult:
    """Play ``games`` seeded games between bots and return each bot's results.

    Game ``k`` (from 0) is played from seed ``seed + k``. ``bots`` fill the table in seat
    order, repeated as needed, and turn by one seat per game unless ``rotate=False``. A bot
    is the name of one of the game's bots (``"greedy"``), a class or factory to import,
    written ``"module:Class"``, or a factory (any callable taking a ``random.Random``);
    ``bots`` is a list of them, a comma-separated string (``"search,greedy"``) or a mapping
    from the name each bot plays under to the bot. Each bot draws from its own
    ``random.Random``, seeded by the game's seed, its seat and its name.

    ``backend="local"`` plays on ``jobs`` processes of this machine (all cores by
    default; with ``jobs=1``, in this process). ``backend="ray"`` plays Ray tasks of
    ``task_size`` games: on the Ray this process is connected to, else on the cluster at
    ``address``, else on a local Ray of ``jobs`` CPUs. On either backend a batch whose
    worker process dies is played again, up to ``max_retries`` times, and every game is
    counted once; beyond that the local backend raises
    ``concurrent.futures.process.BrokenProcessPool`` naming the games it could not play
    (the records of the others have reached ``on_record``). Worker processes end with the
    process that started them. Results do not depend on the backend, the jobs or the task
    size.

    ``on_record`` is called with each game's :class:`GameRecord` as its batch finishes
    (batches finish in any order; records carry their game number), with the finished
    game's JSON when ``keep_states``. ``progress(done, total)`` is called with the number
    of games finished. Batches are made as they are needed, so a run of any length starts
    at once and its memory stays flat.

    ``played`` resumes an interrupted run: the records of the games it finished (those
    ``on_record`` got), which are not played again but count in the result as if they
    had been, so that the records and the result are those of a run never interrupted.
    ``on_record`` is called for the other games only.

    Raises :class:`~skullgames.ConfigError` for a bad value (an unknown game, bot or
    backend, a config the engine refuses, a count below 1, a ``played`` record that is not
    one of this run's games, an ``address`` where no Ray answers), ``TypeError`` for a
    wrong type, and ``ModuleNotFoundError`` for ``backend="ray"`` without Ray installed.
    """
    entry = game_entry(game)
    if config is None:
        config = entry.Config()
    if not isinstance(config, entry.Config):
        raise TypeError(f"config must be a {entry.title} Config, not {type(config).__name__}")
    games = whole("games", games, 1)
    seed = whole("seed", seed, None)
    jobs = None if jobs is None else whole("jobs", jobs, 1)
    task_size = None if task_size is None else whole("task_size", task_size, 1)
    max_retries = whole("max_retries", max_retries, 0)
    for flag, value in (("rotate", rotate), ("keep_states", keep_states)):
        if not isinstance(value, bool):
            raise TypeError(f"{flag} must be True or False, not {value!r}")
    check_backend(backend, address)
    entry.new_game(config, seed=seed)  # a config or seed the engine refuses fails here
    line_up = contestants(entry, bots)
    earlier = _played_games(played, games=games, seed=seed, players=config.players,
                            line_up=line_up, rotate=rotate)
    to_play = games - len(earlier)

    def make_work(workers: int) -> Iterator[Batch]:
        size = task_size or default_task_size(backend, to_play, workers)
        return batches(game=entry.name, config=config, seed=seed, games=games, size=size,
                       line_up=line_up, rotate=rotate, keep_states=keep_states,
                       played=earlier)

    if backend == "ray":
        from skullgames.simulation._ray import run_ray

        finished = run_ray(make_work, play_batch, jobs=jobs, address=address,
                           max_retries=max_retries)
    else:
        workers = max(1, min(jobs or os.cpu_count() or 1, to_play))
        if workers > 1:
            check_picklable(line_up)
        finished = run_local(make_work, jobs=workers, max_retries=max_retries)
    tally = Tally(_result_order(entry, line_up), players=config.players)
    for record in earlier.values():
        tally.add(record)
    _collect(finished, games, len(earlier), tally, on_record, progress)
    return SimulationResult(game=entry.name, games=games, seed=seed,
                            bots=tuple(r for r in tally.results() if r.games))


def _collect(finished: Generator[Finished, None, None], games: int, done: int, tally: Tally,
             on_record: Callable[[GameRecord], None] | None,
             progress: Callable[[int, int], None] | None) -> None:
    """Count every game of the batches as they finish, each batch once.

    ``done`` games were played before (a resumed run).
    """
    seen = _Seen()
    if progress is not None:
        progress(done, games)
    try:
        for index, records in finished:
            if not seen.add(index):
                continue  # a batch that came back twice counts once
            for record in records:
                tally.add(record)
                if on_record is not None:
                    on_record(record)
            done += len(records)
            if progress is not None:
                progress(done, games)
    finally:
        finished.close()  # stops the workers at once if the caller stopped (Ctrl-C)


def _played_games(played: Iterable[GameRecord], *, games: int, seed: int, players: int,
                  line_up: tuple[Contestant, ...], rotate: bool) -> dict[int, GameRecord]:
    """The records of an interrupted run by game number, checked to be this run's games."""
    earlier: dict[int, GameRecord] = {}
    for record in played:
        if not isinstance(record, GameRecord):
            raise TypeError(f"played: GameRecord objects, not {type(record).__name__}")
        number = record.game
        if not 0 <= number < games:
            raise ConfigError(f"played: game {number} is not one of this run's {games} games")
        names = tuple(c.name for c in seating(line_up, players, number, rotate))
        if record.seed != seed + number or record.bots != names:
            raise ConfigError(
                f"played: game {number} of this run is played from seed {seed + number} by "
                f"{', '.join(names)}, not from seed {record.seed} by "
                f"{', '.join(record.bots)}: a record of another run")
        if len(record.scores) != players:
            raise ConfigError(f"played: game {number} has {len(record.scores)} scores, not "
                              f"one for each of the {players} players")
        if number in earlier:
            raise ConfigError(f"played: game {number} is there twice")
        earlier[number] = record
    return earlier


def default_task_size(backend: str, games: int, workers: int) -> int:
    """The games per batch when none is asked for.

    Eight batches per worker, at most :data:`RAY_TASK_SIZE` on Ray and
    :data:`LOCAL_TASK_SIZE` locally.

    >>> default_task_size("ray", 1_000_000, 16), default_task_size("local", 100, 2)
    (200, 6)
    """
    cap = RAY_TASK_SIZE if backend == "ray" else LOCAL_TASK_SIZE
    return max(1, min(cap, games // (workers * 8)))


class _Seen:
    """Which batch indexes have come back, in memory that the in-flight batches bound."""

    def __init__(self) -> None:
        self.below = 0  # every index below this has come back
        self.above: set[int] = set()

    def add(self, index: int) -> bool:
        """Record ``index``; False if it had come back before."""
        if index < self.below or index in self.above:
            return False
        self.above.add(index)
        while self.below in self.above:
            self.above.remove(self.below)
            self.below += 1
        return True


def _result_order(game: Game[Any, Any, Any, Any], line_up: tuple[Contestant, ...]
                  ) -> list[str]:
    """The game's own bots weakest first, then the others in the order given."""
    names = [c.name for c in line_up]
    return [n for n in game.bots if n in names] + [n for n in names if n not in game.bots]
