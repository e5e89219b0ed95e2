"""A run stopped while a worker is in the middle of sending its result (run as a script).

The pool's result pipe is left holding the start of a message, as when Ctrl-C ends a
worker half-way through sending a large batch. The script interrupts itself once that is
so, and prints ``interrupted``: the test that runs it checks that the process then exits.
"""

from __future__ import annotations

import os
import signal
import struct
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skullgames.simulation._local import run_local


@dataclass(frozen=True)
class Batch:
    """A batch as the local backend reads it."""

    index: int
    first: int
    count: int


def half_a_result(batch: Batch) -> tuple[int, tuple[()]]:
    """Batch 0 writes the start of a result to the pool's result pipe; then every batch hangs."""
    if batch.index == 0:
        frame: Any = sys._getframe()
        while frame.f_code.co_name != "_process_worker":  # the executor's worker loop
            frame = frame.f_back
        results = frame.f_locals["result_queue"]
        # A message is its length, then its bytes: 1 MiB announced, 8 bytes sent.
        os.write(results._writer.fileno(), struct.pack("!i", 1 << 20) + bytes(8))
        Path(os.environ["SKULLGAMES_TEST_SENT"]).touch()
    time.sleep(3600)
    return batch.index, ()


def work(jobs: int) -> Iterator[Batch]:
    """Two batches, one for each worker."""
    return iter([Batch(0, 0, 1), Batch(1, 1, 1)])


def interrupt_once_sent(sent: Path) -> None:
    """Ctrl-C for this process, once the pool is waiting for the rest of the message."""
    while not sent.exists():
        time.sleep(0.05)
    time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGINT)


def main() -> None:
    """Run the two batches until interrupted."""
    threading.Thread(target=interrupt_once_sent, daemon=True,
                     args=(Path(os.environ["SKULLGAMES_TEST_SENT"]),)).start()
    try:
        for _ in run_local(work, jobs=2, play=half_a_result):
            pass
    except KeyboardInterrupt:
        print("interrupted", flush=True)


if __name__ == "__main__":
    main()
