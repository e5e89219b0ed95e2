"""The Ray backend: batches as Ray tasks, on a local Ray or on a cluster."""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Generator, Iterator
from types import ModuleType
from typing import Any

from skullgames.errors import ConfigError
from skullgames.simulation._local import Finished, TaskT

INSTALL_HINT = "pip install 'skullgames[ray]'"


def import_ray() -> ModuleType:
    """The ``ray`` module; ``ModuleNotFoundError`` saying how to install it otherwise."""
    try:
        import ray
    except ImportError as error:
        raise ModuleNotFoundError(
            f"the ray backend needs Ray, which cannot be imported ({error}); install it "
            f"with: {INSTALL_HINT}", name="ray") from None
    module: ModuleType = ray
    return module


def check_reachable(address: str) -> None:
    """Refuse at once an ``address`` where nothing answers.

    Ray itself tries a refused address for minutes, logging every attempt. ``"auto"``
    (the cluster this machine belongs to) is left to Ray.
    """
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError(f"address: host:port of a Ray cluster's head, or auto, not "
                          f"{address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=10):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ConfigError(f"no Ray cluster answers at {address}: {reason}") from None


def run_ray(make_work: Callable[[int], Iterator[TaskT]], play: Callable[[TaskT], Finished], *,
            jobs: int | None, address: str | None, max_retries: int
            ) -> Generator[Finished, None, None]:
    """Play the batches of ``make_work(workers)`` as Ray tasks, yielding each as it finishes.

    ``play(batch)`` plays one batch in a Ray worker and gives its index with its records.

    Joins the Ray that this process is already connected to, else the cluster at
    ``address``, else starts a local Ray with ``jobs`` CPUs (shut down again at the end).
    ``jobs`` caps the CPUs used on a cluster. A task whose worker dies is run again, up to
    ``max_retries`` times; at most two tasks per CPU are in flight.
    """
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"logging_level": logging.WARNING}
        if address is None:
            options.update(num_cpus=jobs, include_dashboard=False)
        else:
            check_reachable(address)
            options.update(address=address)
        ray.init(**options)
    running: dict[Any, int] = {}
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        workers = cpus if jobs is None else max(1, min(jobs, cpus))
        task = ray.remote(num_cpus=1, max_retries=max_retries)(play)
        for batch in make_work(workers):
            if len(running) >= 2 * workers:
                yield from _finished(ray, running)
            running[task.remote(batch)] = batch.index
        while running:
            yield from _finished(ray, running)
    finally:
        # The tasks in flight are not cancelled: ray.cancel of a task whose reply is on
        # its way aborts this process inside Ray ("Tried to complete task that was not
        # pending"), forced or not. There are at most two a CPU, each one short batch;
        # shutdown() stops the workers of a Ray this process started, and a cluster
        # drops the tasks of a driver that has gone.
        if started:
            ray.shutdown()


def _finished(ray: Any, running: dict[Any, int]) -> Generator[Finished, None, None]:
    """Wait for at least one task to finish; yield the finished ones.

    Ray itself gone (its raylet on this machine, or the node) ends the run with a
    ``ConnectionError`` of one line; a bot's own exception comes through as it is.
    """
    lost = (ray.exceptions.LocalRayletDiedError, ray.exceptions.NodeDiedError,
            ray.exceptions.RaySystemError)
    try:
        done, _ = ray.wait(list(running), num_returns=1)
        for ref in done:
            del running[ref]
            finished: Finished = ray.get(ref)
            yield finished
    except lost as error:
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
        raise ConnectionError(f"Ray stopped answering ({type(error).__name__}: "
                              f"{first_line}); the games finished are kept") from None
