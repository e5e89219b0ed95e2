"""The local backend: batches played in this process, or on a pool of worker processes.

A worker that dies (killed, out of memory) breaks the pool: every batch it had in flight
is played again on a new pool, as Ray runs a task again, up to ``max_retries`` times.
Workers end when the process that started them dies, so a killed run leaves nothing
behind.
"""

from __future__ import annotations

import concurrent.futures as futures
import ctypes
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar, cast

from skullgames.errors import ConfigError, SkullgamesError
from skullgames.registry import GAMES, Game, register_game
from skullgames.simulation._games import play_batch

Finished = tuple[int, tuple[Any, ...]]
"""A batch's index and the records of its games."""


class Task(Protocol):
    """What the backends read of a batch: its index, and the first and count of its games."""

    @property
    def index(self) -> int: ...
    @property
    def first(self) -> int: ...
    @property
    def count(self) -> int: ...


TaskT = TypeVar("TaskT", bound=Task)

_PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies

_PARENT_POLL = 0.5
"""Seconds between a worker's looks at its parent, where the kernel cannot tell it."""


def run_local(make_work: Callable[[int], Iterator[TaskT]], *, jobs: int, max_retries: int = 3,
              play: Callable[[TaskT], Finished] | None = None
              ) -> Generator[Finished, None, None]:
    """Play the batches of ``make_work(jobs)`` on ``jobs`` processes, each as it finishes.

    ``play(batch)`` plays one batch (in a worker process, so it is a function at the top
    level of a module) and gives its index with its records: a simulation's
    ``play_batch`` unless given.

    At most ``2 * jobs`` batches are submitted ahead, so a run of any length starts at
    once and keeps its memory flat. With one job the batches are played here, in order.
    A batch whose worker died is played again on a new pool, up to ``max_retries`` times;
    then ``BrokenProcessPool`` says which games could not be played. (A dying worker
    breaks the whole pool, so every batch in flight counts the death.)
    """
    if play is None:
        play = cast("Callable[[TaskT], Finished]", play_batch)
    work = make_work(jobs)
    if jobs <= 1:
        yield from map(play, work)
        return
    pool = _pool(jobs)
    running: dict[futures.Future[Finished], TaskT] = {}
    lost: dict[int, int] = {}  # batch index: how many times a worker died in it
    try:
        for batch in work:
            while len(running) >= 2 * jobs:
                pool = yield from _next(pool, jobs, play, running, lost, max_retries)
            _submit(pool, play, batch, running)
        while running:
            pool = yield from _next(pool, jobs, play, running, lost, max_retries)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()


def _next(pool: futures.ProcessPoolExecutor, jobs: int, play: Callable[[TaskT], Finished],
          running: dict[futures.Future[Finished], TaskT], lost: dict[int, int],
          max_retries: int) -> Generator[Finished, None, futures.ProcessPoolExecutor]:
    """Yield the batches that finish next; the pool to go on with.

    When a worker has died, the pool is broken and fails every batch in flight: those are
    played again on a new pool, each at most ``max_retries`` times.
    """
    done, _ = futures.wait(running, return_when=futures.FIRST_COMPLETED)
    broken: list[TaskT] = []
    yield from _harvest(done, running, lost, broken)
    if not broken:
        return pool
    # The other batches in flight fail with the pool (or finished just before it broke).
    rest, _ = futures.wait(running)
    yield from _harvest(rest, running, lost, broken)
    pool.shutdown(wait=True)
    for batch in broken:
        lost[batch.index] = lost.get(batch.index, 0) + 1
    given_up = sorted((b for b in broken if lost[b.index] > max_retries), key=_first)
    if given_up:
        games = ", ".join(f"{b.first}-{b.first + b.count - 1}" if b.count > 1 else str(b.first)
                          for b in given_up)
        # a batch may count other things than games, and keep nothing (a match's deals)
        unit = getattr(given_up[0], "unit", "games")
        kept = getattr(given_up[0], "kept", "the games finished are kept")
        raise BrokenProcessPool(
            f"worker processes died {max_retries + 1} times with {unit} {games} in play "
            f"(killed, or out of memory?); {kept}")
    pool = _pool(jobs)
    for batch in sorted(broken, key=_first):
        _submit(pool, play, batch, running)
    return pool


def _harvest(done: Iterable[futures.Future[Finished]],
             running: dict[futures.Future[Finished], TaskT], lost: dict[int, int],
             broken: list[TaskT]) -> Iterator[Finished]:
    """Yield the finished batches of ``done``; add those a dead worker broke to ``broken``."""
    for future in done:
        batch = running.pop(future)
        try:
            finished = future.result()
        except BrokenProcessPool:
            broken.append(batch)
            continue
        lost.pop(batch.index, None)
        yield finished


def _submit(pool: futures.ProcessPoolExecutor, play: Callable[[TaskT], Finished], batch: TaskT,
            running: dict[futures.Future[Finished], TaskT]) -> None:
    """Send ``batch`` to the pool; a pool already broken gives it a failed future."""
    try:
        future = pool.submit(_in_worker, play, pickle.dumps(batch))
    except BrokenProcessPool as error:  # a worker died since the last look
        future = futures.Future()
        future.set_exception(error)
    running[future] = batch


def _first(batch: Task) -> int:
    return batch.first


def _pool(jobs: int) -> futures.ProcessPoolExecutor:
    return futures.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_worker_setup,
                                       initargs=(os.getpid(), pickle.dumps(tuple(GAMES.values()))))


# Why this worker process could not set itself up (its games), or None: every batch it is
# given then fails with it, so that the parent reports the real error, not a dead worker.
_setup_error: SkullgamesError | None = None


def _in_worker(play: Callable[[Any], Finished], batch: bytes) -> Finished:
    """Play a pickled batch in a worker; the worker's own error if it could not start.

    The batch and the games come pickled, to be unpickled here: a game that cannot be
    loaded in a worker (a plug-in's error) is then raised to the parent as itself.
    """
    if _setup_error is not None:
        raise _setup_error
    return play(_unpickled(batch))


def _unpickled(data: bytes) -> Any:
    try:
        return pickle.loads(data)
    except SkullgamesError:
        raise
    except Exception as error:
        raise ConfigError(f"a worker process cannot load the games: "
                          f"{type(error).__name__}: {error}") from None


def _worker_setup(parent: int, pickled_games: bytes) -> None:
    """Start a worker: it leaves interrupts and its life to the parent, and knows its games.

    Ctrl-C reaches every process of the terminal; the parent alone decides to stop. A
    parent that dies without stopping its workers (killed) takes them with it: on Linux
    the kernel sends them SIGKILL (``prctl(PR_SET_PDEATHSIG)``), elsewhere a thread of
    each worker watches for its parent to be gone. A worker finds the built-in games and
    those of installed packages itself, but not one that the parent registered with
    :func:`~skullgames.register_game`.
    """
    global _setup_error
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        games: tuple[Game[Any, Any, Any, Any], ...] = _unpickled(pickled_games)
        for game in games:
            if game.name not in GAMES:
                register_game(game)
    except SkullgamesError as error:
        _setup_error = error
    if not _kill_me_with_my_parent():
        threading.Thread(target=exit_with_parent, args=(parent,), daemon=True,
                         name="skullgames: exit with the parent").start()
    if os.getppid() != parent:  # the parent died before it could be watched
        os._exit(1)


def _kill_me_with_my_parent() -> bool:
    """Ask the kernel for SIGKILL when the parent dies; False where it cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def exit_with_parent(parent: int, poll: float = _PARENT_POLL) -> None:
    """End this process (``os._exit``) once ``parent`` is no longer its parent.

    An orphan is adopted by another process, so its parent id changes: that is checked
    every ``poll`` seconds.
    """
    while os.getppid() == parent:
        time.sleep(poll)
    os._exit(1)


def _stop(pool: futures.ProcessPoolExecutor) -> None:
    """Stop at once: drop the batches not started and end the ones running."""
    results = getattr(pool, "_result_queue", None)  # before shutdown() lets go of it
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
    else:
        # Before 3.14 the executor's process table (which shutdown() clears) is the only
        # handle on workers in the middle of a batch, which would otherwise play it out.
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
    # A worker ended half-way through sending its result leaves the start of a message in
    # the result pipe, and the executor's thread, which the interpreter joins at exit,
    # waits for the rest for ever. This process holds the pipe's last writing end: closed,
    # the thread reads the end of the file, finds the pool broken, and ends.
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()
