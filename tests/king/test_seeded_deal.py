"""Seeded deals never change: a faster dealer must deal exactly what the first one dealt.

The reference below is the algorithm as first written (commit 9ede245), kept here so
that any later rewrite of ``_seeded_deal`` or ``shuffled_positions`` is checked against
it over many seeds, rounds and configurations.
"""

from __future__ import annotations

import hashlib
import struct

import pytest

from skullgames._shuffle import shuffled_positions
from skullgames.king import Config, Deal, Edition
from skullgames.king.cards import Card
from skullgames.king.game import _seeded_deal


def reference_positions(key: str, n: int) -> list[int]:
    keys = struct.unpack(f"<{n}Q", hashlib.shake_256(key.encode()).digest(8 * n))
    return sorted(range(n), key=keys.__getitem__)


def reference_deal(config: Config, seed: int, round_index: int
                   ) -> tuple[Deal, tuple[Card, ...]]:
    deck = config.deck
    order = reference_positions(f"skullgames.king:{seed}:{round_index}", len(deck))
    size = config.hand_sizes[round_index]
    hands = tuple(
        tuple([deck[i] for i in sorted(order[seat * size:(seat + 1) * size])])
        for seat in range(config.players)
    )
    dealt = config.players * size
    ghost: tuple[Card, ...] = ()
    if config.has_ghost:
        ghost, dealt = tuple([deck[i] for i in order[dealt:dealt + size]]), dealt + size
    stock = tuple([deck[i] for i in order[dealt:]])
    return Deal(hands, ghost, stock), stock


CONFIGS = [
    *(Config(players=players) for players in range(2, 9)),
    Config(players=4, loot=True, kraken=True, white_whale=True),
    Config(players=7, loot=True, white_whale=True),
    Config(players=2, kraken=True),
    Config(players=3, edition=Edition.CLASSIC),
    Config(players=6, edition=Edition.CLASSIC, rounds="broadside_barrage"),
    Config(players=5, rounds="whirlpool", hand_cap=3),
]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_seeded_deals_are_the_reference_deals(config: Config) -> None:
    seeds = [*range(60), 2**63 - 1, 2**64 + 5, -1, -(2**70), 10**30]
    for seed in seeds:
        for round_index in range(len(config.hand_sizes)):
            deal, stock = _seeded_deal(config, seed, round_index)
            expected, expected_stock = reference_deal(config, seed, round_index)
            assert deal == expected
            assert stock == expected_stock
            # The engine relies on hands of the library's own card objects.
            assert all(a is b for new, old in zip(deal.hands, expected.hands, strict=True)
                       for a, b in zip(new, old, strict=True))
            assert all(a is b for a, b in zip(stock, expected_stock, strict=True))


def test_shuffled_positions_are_the_reference_positions() -> None:
    for n in (0, 1, 2, 3, 40, 66, 70, 74, 200):
        for key in ("", "skullgames.king:0:0", "skullgames.queen:7:3", "é", *map(str, range(200))):
            assert shuffled_positions(key, n) == reference_positions(key, n)
