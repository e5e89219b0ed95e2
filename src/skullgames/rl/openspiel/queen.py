"""Skull Queen dealt as OpenSpiel chance: the ``openspiel`` part of Skull Queen's entry."""

from __future__ import annotations

from collections.abc import Sequence

from skullgames import queen
from skullgames.plugins.openspiel import Dealing, DealPlan, from_hands, round_robin

__all__ = ["DEALING"]


def plan(config: queen.Config, round_index: int) -> DealPlan:
    """The deal of round ``round_index`` (from 0), dealt as chance card by card.

    The hands round robin, the Pirate King's stack (two players), then the face-up centre
    cards.
    """
    players, size = config.players, config.hand_size
    ghost = size if config.has_ghost else 0
    hands = players * size

    def make(cards: Sequence[queen.Card]) -> queen.Deal:
        return queen.Deal(round_robin(cards, players, size), cards[hands + ghost:],
                          cards[hands:hands + ghost])

    def dealt(deal: queen.Deal) -> list[queen.Card]:
        return [*from_hands(deal.hands), *deal.ghost, *deal.center]

    return DealPlan(hands + ghost + config.center_size, make, dealt)


def deck(config: queen.Config) -> tuple[queen.Card, ...]:
    """The config's deck, in its order: chance action ``i`` deals ``config.deck[i]``."""
    return config.deck


def max_moves(config: queen.Config) -> int:
    """At most: one placement and one play per card, every round."""
    return config.rounds * config.players * (1 + config.hand_size)


DEALING = Dealing(
    deck=deck, plan=plan, max_moves=max_moves,
    parameters=("players", "rounds", "plank_values", "set_aside_center_pair",
                "set_aside_center_specials"),
    unset={"rounds": 0},  # as many rounds as players (Q8); a game has 1 round at least
)
"""Skull Queen's deal card by card, and its length (``GAMES["queen"].part("openspiel")``)."""
