"""Dealing the unseen cards with voids (``skullgames.bots._dealing``), which both games'
``sample_world`` use: a deal is found whenever one exists, and it respects every void.

The reference is independent of the dealer's check (Hall's condition over the groups): a
maximum flow from the groups' cards to the parts' free space.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skullgames.bots._dealing import deal_out

GROUPS = "ABCD"
Card = tuple[str | None, int]


def max_flow(counts: dict[str | None, int], sizes: Sequence[int],
             forbidden: Sequence[frozenset[str]]) -> int:
    """Cards that fit, by augmenting paths: source → group → part → sink."""
    groups = list(counts)
    nodes = 2 + len(groups) + len(sizes)
    capacity = [[0] * nodes for _ in range(nodes)]
    source, sink = 0, nodes - 1
    for g, group in enumerate(groups, 1):
        capacity[source][g] = counts[group]
        for p, size in enumerate(sizes, 1 + len(groups)):
            if group is None or group not in forbidden[p - 1 - len(groups)]:
                capacity[g][p] = counts[group]
            capacity[p][sink] = size
    flow = 0
    while True:
        previous = [-1] * nodes
        previous[source] = source
        queue = [source]
        for node in queue:
            for nxt in range(nodes):
                if previous[nxt] < 0 and capacity[node][nxt] > 0:
                    previous[nxt] = node
                    queue.append(nxt)
        if previous[sink] < 0:
            return flow
        push, node = 1 << 30, sink
        while node != source:
            push = min(push, capacity[previous[node]][node])
            node = previous[node]
        node = sink
        while node != source:
            capacity[previous[node]][node] -= push
            capacity[node][previous[node]] += push
            node = previous[node]
        flow += push


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Card], list[int], list[frozenset[str]], int]:
    counts = {g: draw(st.integers(0, 5)) for g in [*GROUPS, None]}
    cards: list[Card] = [(g, i) for g, n in counts.items() for i in range(n)]
    parts = draw(st.integers(1, 5))
    cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=parts - 1,
                                max_size=parts - 1)))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
    forbidden = [frozenset(draw(st.sets(st.sampled_from(GROUPS), max_size=3)))
                 for _ in range(parts)]
    return cards, sizes, forbidden, draw(st.integers(0, 2**32))


@given(tables())
def test_a_deal_is_found_exactly_when_one_exists_and_keeps_every_void(
        table: tuple[list[Card], list[int], list[frozenset[str]], int]) -> None:
    cards, sizes, forbidden, seed = table
    counts = Counter(group for group, _ in cards)
    possible = max_flow(dict(counts), sizes, forbidden) == len(cards)
    try:
        parts = deal_out(cards, sizes, forbidden, random.Random(seed), lambda c: c[0])
    except ValueError:
        assert not possible
        return
    assert possible
    assert [len(part) for part in parts] == sizes
    assert Counter(c for part in parts for c in part) == Counter(cards)
    for part, no in zip(parts, forbidden, strict=True):
        assert not any(group in no for group, _ in part)


def test_a_deal_is_the_same_under_the_same_seed() -> None:
    cards: list[Card] = [(g, i) for g in [*GROUPS, None] for i in range(4)]
    forbidden = [frozenset("AB"), frozenset("C"), frozenset(), frozenset("AD")]
    deals = [deal_out(cards, [5, 5, 5, 5], forbidden, random.Random(7), lambda c: c[0])
             for _ in range(2)]
    assert deals[0] == deals[1]


def test_an_impossible_deal_is_refused() -> None:
    """Four cards of A, and only one seat of two that may hold any A."""
    cards: list[Card] = [("A", i) for i in range(4)]
    with pytest.raises(ValueError, match="no deal of the unseen cards"):
        deal_out(cards, [2, 2], [frozenset("A"), frozenset()], random.Random(0),
                 lambda c: c[0])
