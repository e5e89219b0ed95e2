"""Dealing unseen cards so that nobody gets a suit or colour they have shown they lack.

Both games' ``sample_world`` deal this way; only what groups the cards (the suit in
Skull King, the colour in Skull Queen) differs.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from skullgames.bots._draws import shuffle, weighted_index

C = TypeVar("C")
G = TypeVar("G", bound=Hashable)


def deal_out(cards: Sequence[C], sizes: Sequence[int], forbidden: Sequence[frozenset[G]],
             rng: random.Random, group: Callable[[C], G | None]) -> list[list[C]]:
    """Deal ``cards`` into parts of ``sizes``, no part getting a group it forbids.

    Cards of groups somebody lacks go first, each to a part drawn in proportion to its
    free space among those that may take it, checked to leave a dealable rest (Hall's
    condition over the groups of cards that the same parts refuse); the other cards then
    fill the free space in random order.
    """
    pool = list(cards)
    shuffle(rng, pool)
    parts: list[list[C]] = [[] for _ in sizes]
    limited: frozenset[G] = frozenset().union(*forbidden)
    free = list(sizes)
    # The groups somebody lacks, by index; a part's bit k is set when it takes group k.
    groups = tuple(limited)
    takes = [sum(1 << k for k, g in enumerate(groups) if g not in no) for no in forbidden]
    # Each card's group index, read once (-1: a group nobody lacks, or none). Found in the
    # tuple, not a dict: groups are few, and a suit (an enum) hashes in Python code.
    hard: list[tuple[C, int]] = []
    easy: list[C] = []
    for c in pool:
        g = group(c)
        k = groups.index(g) if g is not None and g in groups else -1
        if k < 0:
            easy.append(c)
        else:
            hard.append((c, k))
    left = [0] * len(groups)
    for _, bit in hard:
        left[bit] += 1
    for c, bit in hard:
        left[bit] -= 1
        options = [i for i, room in enumerate(free) if room and takes[i] >> bit & 1]
        while options:
            i = options[weighted_index(rng, [free[k] for k in options])]
            free[i] -= 1
            if _dealable(left, free, takes):
                parts[i].append(c)
                break
            free[i] += 1
            options.remove(i)
        else:  # only reachable from an observation no real game could produce
            raise ValueError("no deal of the unseen cards fits what this seat has seen")
    slots = [i for i, room in enumerate(free) for _ in range(room)]
    for c, i in zip(easy, slots, strict=True):
        parts[i].append(c)
    return parts


def _dealable(left: Sequence[int], free: Sequence[int], takes: Sequence[int]) -> bool:
    """Hall's condition: every set of groups fits into the parts that take any of it.

    ``left[k]`` cards of group ``k`` are still to deal, ``free[i]`` is part ``i``'s free
    space and bit ``k`` of ``takes[i]`` says whether it takes group ``k``. The cards of
    no group fit anywhere, and there are exactly as many cards left as free space, so a
    set with them in it always fits: only the groups are checked.
    """
    groups = [k for k, n in enumerate(left) if n]
    # Enough room in the parts that take every group left fits every set of them: the
    # commonest case (the undealt rest takes anything), without the sets.
    every = 0
    for k in groups:
        every |= 1 << k
    room = 0
    for space, taken in zip(free, takes, strict=True):
        if taken & every == every:
            room += space
    if sum(left) <= room:
        return True
    for size in range(1, len(groups) + 1):
        for chosen in itertools.combinations(groups, size):
            need = 0
            mask = 0
            for k in chosen:
                need += left[k]
                mask |= 1 << k
            room = 0
            for space, taken in zip(free, takes, strict=True):
                if taken & mask:
                    room += space
            if need > room:
                return False
    return True
