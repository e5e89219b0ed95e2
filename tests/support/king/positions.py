"""Helpers to set up Skull King positions from card text, for rule tests."""

from __future__ import annotations

from skullgames import king
from skullgames.king import Config, Deal, State, card


def cards(text: str) -> tuple[king.Card, ...]:
    """``"Y3 B14 SK"`` -> the cards."""
    return tuple(card(word) for word in text.split())


def dealt(config: Config, *hands: str, ghost: str = "", stock: str = "",
          rounds_before: int = 0) -> State:
    """A game waiting for bids, dealt ``hands`` (one text per seat) in the round after
    ``rounds_before`` rounds played with random legal moves."""
    state = king.new_game(config, auto_deal=False)
    for round_index in range(rounds_before):
        size = config.hand_sizes[round_index]
        deck = list(config.deck)
        hands_now = [deck[i * size:(i + 1) * size] for i in range(config.players)]
        ghost_now = deck[config.players * size:(config.players + 1) * size] * config.has_ghost
        state = king.apply(state, Deal(hands_now, ghost_now))
        while state.phase is not king.Phase.DEAL:
            state = king.apply(state, king.legal_moves(state)[0])
    return king.apply(state, Deal([cards(h) for h in hands], cards(ghost), cards(stock)))


def bid_all(state: State, *bids: int) -> State:
    """Apply the bids in bidding order (from the left of the dealer)."""
    for n in bids:
        state = king.apply(state, king.Bid(n))
    return state


def play(state: State, *moves: str) -> State:
    """Apply moves written in move notation, in order."""
    for text in moves:
        state = king.apply(state, king.parse_move(text))
    return state
