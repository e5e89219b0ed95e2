"""The Ray backend: batches as Ray tasks, on a local Ray or on a cluster."""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import secrets
import socket
import sys
import tempfile
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
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


TOKEN_VARIABLES = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
"""The environment variables of Ray's token authentication (Ray 2.52 on)."""


@contextlib.contextmanager
def own_token() -> Iterator[None]:
    """A token of its own for a local Ray that this process starts, in the environment.

    A new local Ray asks for a token, and Ray writes a new one to ``~/.ray/auth_token``
    when it finds none: the user's home is not ours to write (nor the test suite's). Unless
    the token is set up already (one of :data:`TOKEN_VARIABLES`, or that file), the Ray
    gets a fresh token in ``RAY_AUTH_TOKEN`` while it runs (its workers and any driver
    this process starts inherit it), and the environment is as it was afterwards.

    Either way Ray's warning that it turned token authentication on is not written: it
    went to the terminal in the middle of the results table.
    """
    quiet = logging.getLogger("ray._private.authentication.authentication_token_setup")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        if any(name in os.environ for name in TOKEN_VARIABLES) or (
                Path.home() / ".ray" / "auth_token").exists():
            yield
            return
        # Only the token: Ray itself then turns token authentication on for the new Ray
        # (RAY_AUTH_MODE), as it would with a token of its own, and tells its configuration.
        os.environ["RAY_AUTH_TOKEN"] = secrets.token_hex(32)
        _forget_read_token()
        try:
            yield
        finally:
            for name in TOKEN_VARIABLES:
                os.environ.pop(name, None)
            _forget_read_token()
    finally:
        quiet.setLevel(level)


def _forget_read_token() -> None:
    """Make Ray read its token again from the environment.

    Ray (2.60) keeps the token a process first read: a second local Ray that this process
    starts with a token of its own was refused by its own head ("InvalidAuthToken").
    Nothing is kept before Ray is imported.
    """
    raylet = sys.modules.get("ray._raylet")
    loader = getattr(raylet, "AuthenticationTokenLoader", None)
    if loader is not None and hasattr(loader, "instance"):
        reset = getattr(loader.instance(), "reset_cache", None)
        if reset is not None:
            reset()


def check_token(ray: Any, address: str) -> None:
    """Refuse at once a cluster at ``address`` that refuses this driver's token.

    Ray itself retries for about 20 seconds, printing a warning a second, and then names
    the head's own address rather than the one given. A Ray without token
    authentication (before 2.52), or any other failure of this one look, is left to
    ``ray.init``.
    """
    refused = getattr(ray.exceptions, "AuthenticationError", None)
    if refused is None or address == "auto" or address.startswith("ray://"):
        return  # no tokens, or a cluster found or reached another way
    try:  # Ray's own client of a cluster's head, as ray.init uses it
        client = getattr(importlib.import_module("ray._raylet"), "GcsClient", None)
    except ImportError:
        return
    if client is None:
        return
    with _quiet_stderr() as said:
        try:
            client(address=address)
        except refused:
            mode = os.environ.get("RAY_AUTH_MODE", "disabled")
            raise ConfigError(
                f"the Ray cluster at {address} refuses this driver: its token is missing or "
                f"wrong (RAY_AUTH_MODE is {mode!r}): set RAY_AUTH_MODE=token and the "
                "cluster's token in RAY_AUTH_TOKEN, or in the file RAY_AUTH_TOKEN_PATH "
                "names") from None
        except Exception:
            said.replay = True  # not ours to judge: ray.init says what it says


class _Held:
    """Whether what was held back is to be written out after all."""

    replay = False


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[_Held]:
    """Hold back what Ray's C++ core writes to file descriptor 2 (a warning an attempt).

    It is written out after all unless the caller, who saw the cause, says not.
    """
    said = _Held()
    try:
        saved = os.dup(2)
    except OSError:
        yield said
        return
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            yield said
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            if said.replay:
                held.seek(0)
                os.write(2, held.read())


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
    with contextlib.ExitStack() as stack:
        if started:
            _start(ray, stack, jobs=jobs, address=address)
        yield from _run(ray, make_work, play, jobs=jobs, max_retries=max_retries,
                        started=started)


def _start(ray: Any, stack: contextlib.ExitStack, *, jobs: int | None,
           address: str | None) -> None:
    """Start a local Ray, or join the cluster at ``address``.

    The workers' output goes to Ray's log files, not to this process's: Ray would
    print it to the standard output, into the results table.
    """
    options: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    if address is None:
        stack.enter_context(own_token())
        # "local": without an address ray.init joins the cluster that `ray start` last
        # started on this machine (its token is not ours), not a Ray of its own
        options.update(address="local", num_cpus=jobs, include_dashboard=False)
    else:
        check_reachable(address)
        check_token(ray, address)
        options.update(address=address)
    try:
        ray.init(**options)
    except ConnectionError as error:
        if address is None:
            raise
        raise ConnectionError(f"Ray could not join the cluster at {address}: "
                              f"{error}") from None


def _run(ray: Any, make_work: Callable[[int], Iterator[TaskT]],
         play: Callable[[TaskT], Finished], *, jobs: int | None, max_retries: int,
         started: bool) -> Generator[Finished, None, None]:
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
