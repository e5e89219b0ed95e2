"""Skull King dealt as OpenSpiel chance: the ``openspiel`` part of Skull King's entry."""

from __future__ import annotations

from collections.abc import Sequence

from skullgames import king
from skullgames.plugins.openspiel import Dealing, DealPlan, from_hands, left_over, round_robin

__all__ = ["DEALING"]


def plan(config: king.Config, round_index: int) -> DealPlan:
    """The deal of round ``round_index`` (from 0), dealt as chance card by card.

    The hands round robin, Graybeard's stack, and with the pirate abilities the two cards
    Bendt the Bandit can draw.
    """
    players, size = config.players, config.hand_sizes[round_index]
    ghost = size if config.has_ghost else 0
    hands = players * size
    drawn = min(2, len(config.deck) - hands - ghost) if config.pirate_abilities else 0

    def make(cards: Sequence[king.Card]) -> king.Deal:
        stock: list[king.Card] = []
        if drawn:
            stock = [*cards[hands + ghost:], *left_over(config.deck, cards)]
        return king.Deal(round_robin(cards, players, size), cards[hands:hands + ghost], stock)

    def dealt(deal: king.Deal) -> list[king.Card]:
        return [*from_hands(deal.hands), *deal.ghost, *deal.stock[:drawn]]

    return DealPlan(hands + ghost + drawn, make, dealt)


def deck(config: king.Config) -> tuple[king.Card, ...]:
    """The config's deck, in its order: chance action ``i`` deals ``config.deck[i]``."""
    return config.deck


def max_moves(config: king.Config) -> int:
    """At most: bids, shots, plays, and one decision per named pirate (one of each) won."""
    players = config.players
    shots = players if config.cannonball else 0
    return sum(players * (1 + size) + shots + (min(4, size) if config.pirate_abilities else 0)
               for size in config.hand_sizes)


def not_resampled(config: king.Config) -> str | None:
    """Why resampling is refused: with the pirates' abilities, not every move is observed."""
    if config.pirate_abilities:
        return ("resampling is not available with pirate_abilities: their moves are not "
                "all in a seat's observations")
    return None


DEALING = Dealing(
    deck=deck, plan=plan, max_moves=max_moves, not_resampled=not_resampled,
    parameters=("players", "edition", "loot", "kraken", "white_whale", "scoring",
                "cannonball", "pirate_abilities", "rounds", "round_bonus", "kraken_leader",
                "whale_leader", "character_ends_choice", "hand_cap", "whale_cancels_loot"),
    unset={"hand_cap": 0},  # a hand is capped at 1 card at least
)
"""Skull King's deal card by card, and its length (``GAMES["king"].part("openspiel")``)."""
