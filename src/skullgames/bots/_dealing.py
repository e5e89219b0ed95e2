"""Dealing unseen cards so that nobody gets a suit or colour they have shown they lack.

Both games' ``sample_world`` deal this way; only what groups the cards (the suit in
Skull King, the colour in Skull Queen) differs.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

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
    rng.shuffle(pool)
    parts: list[list[C]] = [[] for _ in sizes]
    limited: frozenset[G] = frozenset().union(*forbidden)
    free = list(sizes)
    hard = [c for c in pool if group(c) in limited]
    easy = [c for c in pool if group(c) not in limited]
    left: dict[G | None, int] = {}
    for c in hard:
        left[group(c)] = left.get(group(c), 0) + 1
    left[None] = len(easy)
    for c in hard:
        left[group(c)] -= 1
        options = [i for i, room in enumerate(free) if room and group(c) not in forbidden[i]]
        while options:
            i = rng.choices(options, [free[k] for k in options])[0]
            free[i] -= 1
            if _dealable(left, free, forbidden):
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


def _dealable(left: dict[G | None, int], free: Sequence[int],
              forbidden: Sequence[frozenset[G]]) -> bool:
    """Hall's condition: every set of groups fits into the parts that take any of it."""
    groups = [g for g, n in left.items() if n]
    for k in range(1, len(groups) + 1):
        for chosen in itertools.combinations(groups, k):
            need = sum(left[g] for g in chosen)
            room = sum(free[i] for i, no in enumerate(forbidden)
                       if any(g is None or g not in no for g in chosen))
            if need > room:
                return False
    return True
