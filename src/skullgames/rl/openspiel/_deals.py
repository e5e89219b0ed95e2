"""How each game's deal is dealt card by card, and how long its games can be.

A round's deal is a sequence of chance outcomes, one card each: first the hands, round
robin from seat 0 (card ``k`` goes to seat ``k % players``); then, where the game has
them, the ghost's face-down stack top card first (Graybeard in a two-player Skull King,
the Pirate King in a two-player Skull Queen), Skull Queen's face-up centre cards, and
with Skull King's pirate abilities the top two undealt cards, the only ones Bendt the
Bandit can draw (there is one Bendt, who draws at most two). The cards left over go
into the :class:`Deal` in deck order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from skullgames import king, queen

__all__ = ["DealPlan", "deal_plan", "max_moves", "round_count"]


@attrs.frozen
class DealPlan:
    """The deal of one round: how many cards are dealt as chance, and the move they make."""

    cards: int
    """How many chance outcomes the deal takes."""
    make: Callable[[Sequence[Any]], Any]
    """The game's ``Deal`` move from the dealt cards, in the order they were dealt."""
    dealt: Callable[[Any], list[Any]]
    """The cards of a ``Deal`` in the order they are dealt: the inverse of :attr:`make`
    (a hand's cards in any order, as a hand is a set)."""


def _round_robin(cards: Sequence[Any], players: int, size: int) -> list[list[Any]]:
    return [list(cards[seat:players * size:players]) for seat in range(players)]


def _from_hands(hands: Sequence[Sequence[Any]]) -> list[Any]:
    """The hands' cards in round-robin order: the inverse of :func:`_round_robin`."""
    players, size = len(hands), len(hands[0])
    return [hands[k % players][k // players] for k in range(players * size)]


def _left_over(deck: Sequence[Any], dealt: Sequence[Any]) -> list[Any]:
    left = Counter(deck)
    left.subtract(dealt)
    rest = []
    for c in dict.fromkeys(deck):
        rest += [c] * left[c]
    return rest


def _king_plan(config: king.Config, round_index: int) -> DealPlan:
    players, size = config.players, config.hand_sizes[round_index]
    ghost = size if config.has_ghost else 0
    hands = players * size
    drawn = min(2, len(config.deck) - hands - ghost) if config.pirate_abilities else 0

    def make(cards: Sequence[king.Card]) -> king.Deal:
        stock: list[king.Card] = []
        if drawn:
            stock = [*cards[hands + ghost:], *_left_over(config.deck, cards)]
        return king.Deal(_round_robin(cards, players, size), cards[hands:hands + ghost], stock)

    def dealt(deal: king.Deal) -> list[king.Card]:
        return [*_from_hands(deal.hands), *deal.ghost, *deal.stock[:drawn]]

    return DealPlan(hands + ghost + drawn, make, dealt)


def _queen_plan(config: queen.Config, round_index: int) -> DealPlan:
    players, size = config.players, config.hand_size
    ghost = size if config.has_ghost else 0
    hands = players * size

    def make(cards: Sequence[queen.Card]) -> queen.Deal:
        return queen.Deal(_round_robin(cards, players, size), cards[hands + ghost:],
                          cards[hands:hands + ghost])

    def dealt(deal: queen.Deal) -> list[queen.Card]:
        return [*_from_hands(deal.hands), *deal.ghost, *deal.center]

    return DealPlan(hands + ghost + config.center_size, make, dealt)


def _king_moves(config: king.Config) -> int:
    """At most: bids, shots, plays, and one decision per named pirate (one of each) won."""
    players = config.players
    shots = players if config.cannonball else 0
    return sum(players * (1 + size) + shots + (min(4, size) if config.pirate_abilities else 0)
               for size in config.hand_sizes)


def _queen_moves(config: queen.Config) -> int:
    return config.rounds * config.players * (1 + config.hand_size)


_PLANS: dict[str, Callable[[Any, int], DealPlan]] = {"king": _king_plan, "queen": _queen_plan}
_MOVES: dict[str, Callable[[Any], int]] = {"king": _king_moves, "queen": _queen_moves}
_ROUNDS: dict[str, Callable[[Any], int]] = {
    "king": lambda config: len(config.hand_sizes),
    "queen": lambda config: config.rounds,
}


def deal_plan(game: str, config: Any, round_index: int) -> DealPlan:
    """The deal of round ``round_index`` (from 0) of ``game`` under ``config``."""
    return _PLANS[game](config, round_index)


def max_moves(game: str, config: Any) -> int:
    """The most player moves (chance excluded) a game under ``config`` can take."""
    return _MOVES[game](config)


def round_count(game: str, config: Any) -> int:
    """How many rounds a game under ``config`` has."""
    return _ROUNDS[game](config)
