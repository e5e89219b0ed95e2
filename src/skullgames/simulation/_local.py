"""The local backend: batches played in this process, or on a pool of worker processes."""

from __future__ import annotations

import concurrent.futures as futures
import multiprocessing
import signal
from collections.abc import Callable, Generator, Iterator
from typing import Any

from skullgames.registry import GAMES, Game, register_game
from skullgames.simulation._games import Batch, GameRecord, play_batch

Finished = tuple[int, tuple[GameRecord, ...]]
"""A batch's index and the records of its games."""


def run_local(make_work: Callable[[int], Iterator[Batch]], *, jobs: int
              ) -> Generator[Finished, None, None]:
    """Play the batches of ``make_work(jobs)`` on ``jobs`` processes, each as it finishes.

    At most ``2 * jobs`` batches are submitted ahead, so a run of any length starts at
    once and keeps its memory flat. With one job the batches are played here, in order.
    """
    work = make_work(jobs)
    if jobs <= 1:
        yield from map(play_batch, work)
        return
    pool = futures.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_start_worker,
                                       initargs=(tuple(GAMES.values()),))
    try:
        running: set[futures.Future[Finished]] = set()
        for batch in work:
            if len(running) >= 2 * jobs:
                done, running = futures.wait(running, return_when=futures.FIRST_COMPLETED)
                yield from (future.result() for future in done)
            running.add(pool.submit(play_batch, batch))
        while running:
            done, running = futures.wait(running, return_when=futures.FIRST_COMPLETED)
            yield from (future.result() for future in done)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()


def _start_worker(games: tuple[Game[Any, Any, Any, Any], ...]) -> None:
    """Leave interrupts to the parent, and register the parent's games the worker lacks.

    Ctrl-C reaches every process of the terminal; the parent alone decides to stop. A
    worker finds the built-in games and those of installed packages itself, but not one
    that the parent registered with :func:`~skullgames.register_game`.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for game in games:
        if game.name not in GAMES:
            register_game(game)


def _stop(pool: futures.ProcessPoolExecutor) -> None:
    """Stop at once: drop the batches not started and end the ones running."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    # Before 3.14 the executor's process table (which shutdown() clears) is the only
    # handle on workers in the middle of a batch, which would otherwise play it out.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
