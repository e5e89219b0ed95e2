"""The range of final scores in Skull King: :func:`score_bounds`."""

from __future__ import annotations

import functools
import itertools

from skullgames.king.cards import Kind, Pirate
from skullgames.king.config import Config, Edition
from skullgames.king.moves import WAGER_POINTS, plays_of
from skullgames.king.rules import suit_of_trick
from skullgames.king.scoring import LOOT_ALLIANCE_POINTS, breakdown
from skullgames.king.tricks import resolve

__all__ = ["score_bounds"]


def score_bounds(config: Config | None = None) -> tuple[int, int]:
    """``(lowest, highest)``: no seat's score under ``config`` ever falls outside.

    This holds for the final score and for the running total after every round, from
    the 0 a game starts at. Each bound is a sum over the rounds of the round's worst
    (if below 0) or best (if above 0) points; in a round of ``n`` cards (round ``r``):

    - **lowest**: standard scoring ``-10 * n`` (a bid of 0 and ``n`` tricks, or a bid
      of ``n`` and none); Rascal's scoring 0 (it never takes points away). With pirate
      abilities, Rascal of Roatan's largest wager, 20, lost (one Rascal, so one wager
      a round): ``-10 * n - 20``, and under Rascal's scoring ``-20`` (``-15`` with one
      card, which is never missed by more than one).
    - **highest**: the exact bid of ``n``: standard ``20 * n`` (``+ 10 * r`` with
      ``round_bonus``), Rascal's ``10 * n`` (``15 * n`` with the Cannonball); plus
      ``B(n)``, the sum of the ``n * k`` largest capture bonuses of the deck's cards
      (``k`` cards to a trick: each trick taken holds ``k`` cards, and each card
      counts once: a fourteen 10, the black 14 20, a mermaid taken by a pirate 20, a
      pirate or the Tigress taken by the Skull King 30, the Skull King taken by a
      mermaid 40, or 50 in the classic edition, where a pirate takes no mermaid bonus);
      plus 20 for each Loot card (an alliance) and, with pirate abilities, 20 for a
      won wager.

    The base points and wagers are not restated here: they are the largest and
    smallest that the engine's scoring gives over every bid, trick count and shot, so
    the bounds follow the rules where they live. The bounds hold for every game (a
    property test checks random games of every option); the highest is not always
    reachable, since ``B(n)`` counts bonuses that no single trick can hold together.

    >>> from skullgames import king
    >>> king.score_bounds(king.Config(players=4))
    (-550, 3940)
    >>> king.score_bounds(king.Config(players=4, rounds=(1,)))
    (-10, 150)
    """
    config = Config() if config is None else config
    if not isinstance(config, Config):
        raise TypeError(f"config must be a skullgames.king.Config, not {type(config).__name__}")
    return _score_bounds(config)


@functools.lru_cache(maxsize=256)
def _score_bounds(config: Config) -> tuple[int, int]:
    values = sorted(_capture_bonuses(config), reverse=True)
    per_trick = config.players + config.has_ghost
    loot = LOOT_ALLIANCE_POINTS * sum(c.kind is Kind.LOOT for c in config.deck)
    rascals = sum(c.pirate is Pirate.RASCAL for c in config.deck)
    wager = rascals * max(WAGER_POINTS) if config.pirate_abilities else 0
    lowest = highest = 0
    for r, n in enumerate(config.hand_sizes, start=1):
        low, high = _round_range(config, n, r, sum(values[:n * per_trick]), wager)
        # A round that cannot score below 0 (or above) still leaves the total where a
        # previous round put it: the bounds hold for the running totals too.
        lowest += min(low, 0)
        highest += max(high + loot, 0)
    return lowest, highest


def _round_range(config: Config, n: int, r: int, bonus: int, wager: int) -> tuple[int, int]:
    """The lowest and highest points of one seat in a round, over every outcome."""
    shots = (False, True) if config.cannonball else (False,)
    totals = []
    for bid, took, shot in itertools.product(range(n + 1), range(n + 1), shots):
        # Bonuses and wagers need a trick taken: a wager is won with Rascal of Roatan.
        for captured, wagered in itertools.product({0, bonus if took else 0},
                                                   {0, wager if took else 0}):
            seat = breakdown((bid,), (took,), n, (captured,), config, r, (), (wagered,),
                             (shot,))[0]
            totals.append(seat.total)
    return min(totals), max(totals)


def _capture_bonuses(config: Config) -> list[int]:
    """Each card of the deck with the most bonus points it can bring into a trick.

    Found by resolving every two-card trick of the deck's cards with the engine, so
    that the bonuses are stated only in the rules of the tricks.
    """
    best = _card_bonuses(_deck_key(config))
    return [best[c.order] for c in config.deck]


def _deck_key(config: Config) -> Config:
    """The edition's fullest deck: more cards to take a card can only raise its bonus."""
    modern = config.edition is Edition.MODERN
    return Config(edition=config.edition, loot=modern, kraken=modern, white_whale=modern)


@functools.cache
def _card_bonuses(config: Config) -> dict[int, int]:
    """The best bonus of each face, by its ``order``.

    The tricks are resolved by the engine's unchecked path (every one of them is a
    trick the deck can hold), since checking each of the 4,600 would take a second.
    """
    faces = list(dict.fromkeys(config.deck))
    plays = [p for c in faces for p in plays_of(c)]
    best = {c.order: 0 for c in faces}
    for first, second in itertools.product(plays, repeat=2):
        if first.card is second.card and config.deck.count(first.card) < 2:
            continue
        trick = ((0, first), (1, second))
        _, lead = suit_of_trick((first, second), config)
        for item in resolve(trick, config, lead).bonus_items:
            best[item.card.order] = max(best[item.card.order], item.points)
    return best
