"""Seeded shuffles that are the same on every platform and Python version."""

from __future__ import annotations

import hashlib
import struct
from typing import Final

# _by_floats numbers positions in one byte of each float.
_MOST_BY_FLOATS: Final = 256
_LAYOUTS: Final[dict[int, tuple[struct.Struct, bytes, bytes, bytes, int, int]]] = {}


def shuffled_positions(key: str, n: int) -> list[int]:
    """A random permutation of ``range(n)``, fixed by ``key``.

    Each position gets a 64-bit sort key from SHAKE-256 of ``key`` (8 bytes each,
    little-endian), and the permutation lists the positions by their keys, the lowest
    first (two equal keys in the order of their positions). One C call and a sort,
    independent of how ``random`` is written in any Python version.
    """
    digest = hashlib.shake_256(key.encode()).digest(8 * n)
    if 2 <= n <= _MOST_BY_FLOATS:
        order = _by_floats(digest, n)
        if order is not None:
            return order
    keys = struct.unpack(f"<{n}Q", digest)
    return sorted(range(n), key=keys.__getitem__)


def _by_floats(digest: bytes, n: int) -> list[int] | None:
    """The positions of the keys in ``digest`` by their top 40 bits, if those all differ.

    When no two keys share their top 40 bits, those bits alone order the keys, and this
    is the permutation of :func:`shuffled_positions`; otherwise ``None``.

    A sort of floats is CPython's quickest: no key function to call, and a comparison
    of two C doubles instead of two 64-bit ints, which a sort compares as objects. Sorting
    the ints took about a fifth of the compiled engine's time in random games (perf);
    in instructions, which miss the sort's mispredicted branches, sorting the ints costs a
    compiled Skull King game 6.5 % more and its load 9.0 % (`python
    benchmarks/instructions.py king python=A python=B`, B compiled with
    ``benchmarks/tricks/shuffle-floats.patch``; benchmarks/README.md).
    Key ``j`` becomes the float ``1 + (top 40 bits * 256 + j) / 2**52``, built byte by
    byte: its mantissa is the 40 bits followed by the position, so sorting the floats
    sorts the keys, and the position is the low byte of each sorted float.
    """
    layout = _LAYOUTS.get(n)
    if layout is None:
        layout = _LAYOUTS[n] = _layout(n)
    floats, positions, exponent_low, exponent_high, middle, carries = layout
    chunks = bytearray(digest)
    del chunks[:2]  # chunk j's bytes 1 to 5 now hold key j's top 40 bits
    chunks += b"\0\0"
    chunks[0::8] = positions  # the mantissa's lowest byte
    chunks[6::8] = exponent_low  # the mantissa's top 4 bits (0) and the exponent: 1 <= x < 2
    chunks[7::8] = exponent_high
    ordered = floats.pack(*sorted(floats.unpack(chunks)))
    # Neighbours in that order must differ in their 40 bits: in the XOR of each float's
    # bytes with its successor's, read as one int of 64-bit lanes, the 40 bits of every
    # lane but the last are not 0, so adding those bits' mask carries into each bit 48.
    lanes = int.from_bytes(ordered, "little")
    if (((lanes ^ (lanes >> 64)) & middle) + middle) & carries != carries:
        return None
    return list(ordered[::8])


def _layout(n: int) -> tuple[struct.Struct, bytes, bytes, bytes, int, int]:
    """What :func:`_by_floats` needs for ``n`` keys, built once."""
    neighbours = n - 1
    return (struct.Struct(f"<{n}d"), bytes(range(n)), b"\xf0" * n, b"\x3f" * n,
            int.from_bytes(b"\0\xff\xff\xff\xff\xff\0\0" * neighbours, "little"),
            int.from_bytes(b"\0\0\0\0\0\0\x01\0" * neighbours, "little"))
