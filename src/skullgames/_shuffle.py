"""Seeded shuffles that are the same on every platform and Python version."""

from __future__ import annotations

import hashlib
import struct


def shuffled_positions(key: str, n: int) -> list[int]:
    """A random permutation of ``range(n)``, fixed by ``key``.

    Each position gets a 64-bit sort key from SHAKE-256 of ``key``: one C call and a
    sort, about twice as fast as ``random.shuffle`` and independent of how
    ``random`` is written in any Python version.
    """
    keys = struct.unpack(f"<{n}Q", hashlib.shake_256(key.encode()).digest(8 * n))
    # A list's __getitem__ is a plain method, a cheaper sort key than a tuple's slot wrapper.
    return sorted(range(n), key=list(keys).__getitem__)
