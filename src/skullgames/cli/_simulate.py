"""``skullgames simulate``: its flags, its progress bar, and :func:`skullgames.simulate`."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import IO, Any, TextIO

from skullgames.cli._games import bot_names
from skullgames.errors import SkullgamesError
from skullgames.registry import GAMES, Game
from skullgames.serialization import to_json
from skullgames.simulation import BACKENDS, RAY_INSTALL_HINT, GameRecord, contestants, simulate


def add_backend_arguments(parser: argparse.ArgumentParser,
                          positive: Callable[[str], int]) -> None:
    """Where the games run: ``--jobs``, ``--backend`` and ``--address`` (simulate, match)."""
    parser.add_argument("--jobs", type=positive, default=None,
                        help="worker processes, or the CPUs of a local Ray [all cores]; "
                             "with --address, the most cluster CPUs to use [all]")
    parser.add_argument("--backend", choices=BACKENDS, default=None,
                        help="local: processes of this machine; ray: Ray tasks, on a local "
                             "Ray or the cluster at --address [local; ray with --address]")
    parser.add_argument("--address", metavar="ADDR",
                        help="join the Ray cluster at ADDR (host:port of its head; 'auto' "
                             "for the one this machine belongs to); implies --backend ray")


def add_simulate_arguments(parser: argparse.ArgumentParser, game: str, *,
                           positive: Callable[[str], int], seed: Callable[[str], int]) -> None:
    """The flags of ``simulate`` for ``game``, other than the game and its rule options.

    ``positive`` and ``seed`` read a count and a seed, as the other commands do.
    """
    parser.add_argument("--games", type=positive, default=100, help="how many games [100]")
    entry = GAMES[game]
    weakest = next(iter(entry.bots))
    default = ",".join(dict.fromkeys([weakest, entry.chosen_bot]))  # the weakest and the default
    parser.add_argument(
        "--bots", default=default, metavar="LIST",
        help="bots by seat, repeated to fill the table: the game's bots by name "
             f"({bot_names(game)}) or your own class as module:Class; the seats "
             f"turn by one each game unless --no-rotate [{default}]")
    parser.add_argument("--seed", type=seed, default=0, help="the first game's seed [0]")
    add_backend_arguments(parser, positive)
    parser.add_argument("--task-size", type=positive, default=None, metavar="N",
                        help="games per task [50 locally, 200 on Ray, fewer for short runs]")
    parser.add_argument("--no-rotate", dest="rotate", action="store_false",
                        help="keep every bot in its seat for every game")
    parser.add_argument("--out", metavar="FILE",
                        help="write every finished game as a line of JSON (its number, "
                             "seed, bots by seat, scores, winners and the game, for replay); "
                             "an existing FILE is refused unless --force or --resume")
    parser.add_argument("--force", action="store_true",
                        help="overwrite the --out file if it exists")
    parser.add_argument("--resume", action="store_true",
                        help="finish the interrupted run whose games are in the --out file: "
                             "play only the games it lacks, with the same flags, so that "
                             "the file and the table are those of a run never interrupted")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def chosen_backend(args: argparse.Namespace) -> str:
    """The backend of ``--backend``/``--address``; ``module:Class`` bots found from here.

    Also puts the current folder on ``sys.path`` (as ``python -m`` would), so that a bot
    given as ``module:Class`` of a file in it can be imported.
    """
    backend: str = args.backend or ("ray" if args.address else "local")
    if backend == "local" and args.address:
        raise SkullgamesError("--address is the address of a Ray cluster: use it with "
                              "--backend ray")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    return backend


def ray_missing(error: ModuleNotFoundError) -> SkullgamesError:
    """The one-line error of ``--backend ray`` without Ray; ``error`` again if not that."""
    if error.name != "ray":
        raise error
    return SkullgamesError(f"--backend ray needs Ray: {RAY_INSTALL_HINT}")


def run_simulate(args: argparse.Namespace, config: Any, write: Callable[[str], None]) -> int:
    """Run ``simulate`` with parsed ``args`` and the game's ``config``; the exit status."""
    game = GAMES[args.game]
    backend = chosen_backend(args)
    names = ",".join(c.name for c in contestants(game, args.bots))
    if (args.force or args.resume) and not args.out:
        raise SkullgamesError(f"{'--resume' if args.resume else '--force'} is about the "
                              "--out file: give --out FILE")
    if args.force and args.resume:
        raise SkullgamesError("--force starts the --out file afresh, --resume continues it: "
                              "give one of them")
    played: list[GameRecord] = []
    if args.resume:
        played = _finished_games(args.out, game, config)
    out = _open_out(args.out, force=args.force, resume=args.resume)

    def record(game_record: GameRecord) -> None:
        assert out is not None
        out.write(game_record.to_json_line() + "\n")
        out.flush()  # an interrupted run keeps the games it finished

    progress: Callable[[int, int], None] | None = None if args.quiet else Progress(sys.stderr)
    try:
        write(f"{game.title}, {config.players} players, {args.games} games from seed "
              f"{args.seed}, bots by seat {names}"
              f"{' (turning one seat per game)' if args.rotate else ''}:")
        result = simulate(
            game, config, bots=args.bots, games=args.games, seed=args.seed,
            rotate=args.rotate, jobs=args.jobs, backend=backend, address=args.address,
            task_size=args.task_size, keep_states=out is not None,
            on_record=None if out is None else record, progress=progress, played=played)
    except ModuleNotFoundError as error:
        raise ray_missing(error) from None
    except BrokenProcessPool as error:
        kept = f"; the games finished are in {args.out} (--resume finishes the run)" \
            if args.out else ""
        raise SkullgamesError(f"{error}{kept}") from None
    finally:
        if out is not None:
            out.close()
    write(result.table())
    if args.out:
        write(f"Games written to {args.out} (replay one with: skullgames replay {args.out} "
              "--game 1)")
    return 0


def _open_out(path: str | None, *, force: bool, resume: bool) -> IO[str] | None:
    """The ``--out`` file, open for writing.

    An existing file only with ``--force`` (emptied) or ``--resume`` (appended to); what
    is not a regular file (``/dev/null``, a pipe) holds no run to lose.
    """
    if path is None:
        return None
    special = os.path.exists(path) and not os.path.isfile(path)
    mode = "w" if force or special else "a" if resume else "x"
    try:
        return open(path, mode, encoding="utf-8")
    except FileExistsError:
        raise SkullgamesError(f"--out {path} exists: --resume to finish the run it holds, "
                              "--force to overwrite it") from None


def _finished_games(path: str, game: Game[Any, Any, Any, Any], config: Any
                    ) -> list[GameRecord]:
    """The records in the ``--out`` file of an interrupted run, checked to be of ``config``.

    A last line cut short (the run was killed while writing it) is dropped from the
    file; any other line that is not a record of this game and these rules is refused.
    No file yet, or not a regular file: no games.
    """
    if os.path.exists(path) and not os.path.isfile(path):
        return []  # /dev/null, a pipe: no run to finish
    try:
        file = open(path, "r+b")  # noqa: SIM115
    except FileNotFoundError:
        return []
    rules = json.loads(to_json(config))
    records: list[GameRecord] = []
    with file:
        end = 0  # the end of the last whole record
        for number, line in enumerate(file, 1):
            if not line.endswith(b"\n"):  # the last line, cut short: played again
                break
            record, state = _record(line)
            if record is None:
                raise SkullgamesError(f"--resume: {path} line {number} is not a game "
                                      "record of skullgames simulate --out")
            if state.get("format") != game.format_name or state.get("config") != rules:
                raise SkullgamesError(
                    f"--resume: {path} line {number} is a game of other rules or of another "
                    "game than this run's: give the flags of the run it holds")
            records.append(record)
            end += len(line)
        file.truncate(end)
    return records


def _record(line: bytes) -> tuple[GameRecord | None, dict[str, Any]]:
    """A line of ``--out`` as a record (without its game) and the game's JSON object."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None, {}
    if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
        return None, {}
    game: Any = data.get("game")
    seed: Any = data.get("seed")
    bots = data.get("bots")
    scores, winners = data.get("scores"), data.get("winners")
    if not (_whole(game) and _whole(seed) and isinstance(bots, list)
            and all(isinstance(b, str) for b in bots) and isinstance(scores, list)
            and all(map(_whole, scores)) and isinstance(winners, list)
            and all(map(_whole, winners))):
        return None, {}
    record = GameRecord(game=game, seed=seed, bots=tuple(bots), scores=tuple(scores),
                        winners=tuple(winners))
    return record, data["state"]


def _whole(value: object) -> bool:
    return type(value) is int


def saved_game(document: str) -> str:
    """The saved game in ``document``, which may be a line of ``simulate --out``.

    Such a line holds the game as its ``"state"``; any other document is returned as it is.

    >>> saved_game('{"game": 0, "seed": 5, "state": {"format": "x"}}')
    '{"format": "x"}'
    """
    try:
        data = json.loads(document)
    except (ValueError, RecursionError):
        return document
    if isinstance(data, dict) and "game" in data and isinstance(data.get("state"), dict):
        return json.dumps(data["state"])
    return document


class Progress:
    """A plain-text progress bar on a stream: redrawn in place on a terminal, else 10% steps.

    It shows the time taken and an estimate of the time left, from the pace since the
    first result: the time before it (starting the worker processes, a first batch in
    each) is no pace of the run, and counted in gave minutes for seconds on short runs.
    """

    def __init__(self, stream: TextIO, label: str = "games",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.label = label
        self.clock = clock
        self.start = clock()
        self.tty = stream.isatty()
        self.shown = -1
        self.begun: int | None = None  # the first count seen (a resumed run's is above 0)
        self.first: tuple[int, float] | None = None  # the first result's count, and when
        self.longest = 0

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` are finished."""
        now = self.clock()
        if self.begun is None:
            self.begun = done
        elif self.first is None and done > self.begun:
            self.first = (done, now)  # the pace starts here
        tenth = done * 10 // max(1, total)
        if not self.tty and tenth == self.shown and done != total:
            return
        self.shown = tenth
        width = 30
        filled = done * width // max(1, total)
        elapsed = now - self.start
        line = (f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.label}"
                f"  {duration(elapsed)}{self._left(done, total, now)}")
        if self.tty:  # spaces over the end of a longer line before
            padded, self.longest = line.ljust(self.longest), max(self.longest, len(line))
            self.stream.write("\r" + padded + ("\n" if done == total else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def _left(self, done: int, total: int, now: float) -> str:
        """``", about 1m20s left"`` at the pace since the first result; nothing before."""
        if self.first is None:
            return ""
        counted, since = done - self.first[0], now - self.first[1]
        if done >= total or counted <= 0 or since <= 0:
            return ""
        return f", about {duration(since / counted * (total - done))} left"


def duration(seconds: float) -> str:
    """A time for people: ``"42s"``, ``"3m05s"``, ``"2h07m"``.

    >>> duration(41.6), duration(185), duration(7620)
    ('42s', '3m05s', '2h07m')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"
