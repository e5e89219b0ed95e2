"""Skull King, the bidding trick-taker: both editions, every option.

>>> import random
>>> from skullgames import king
>>> state = king.new_game(king.Config(players=4), seed=42)
>>> rng = random.Random(0)
>>> while not king.is_over(state):
...     state = king.apply(state, rng.choice(king.legal_moves(state)))
>>> len(king.scores(state)), len(state.rounds)
(4, 10)
"""

from skullgames.king.cards import Card, Kind, Pirate, Suit, card
from skullgames.king.config import ROUND_PRESETS, Config, Edition, Scoring
from skullgames.king.game import (
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    replay,
    scores,
    winners,
)
from skullgames.king.moves import Bid, Deal, Move, Play, parse_move
from skullgames.king.observation import Observation, observe
from skullgames.king.scoring import SeatScore, round_breakdown, score_round
from skullgames.king.state import Phase, RoundResult, State
from skullgames.king.tricks import Bonus, BonusKind, Outcome, SuitState, TrickResult, resolve_trick

__all__ = [
    "ROUND_PRESETS",
    "Bid",
    "Bonus",
    "BonusKind",
    "Card",
    "Config",
    "Deal",
    "Edition",
    "Kind",
    "Move",
    "Observation",
    "Outcome",
    "Phase",
    "Pirate",
    "Play",
    "RoundResult",
    "Scoring",
    "SeatScore",
    "State",
    "Suit",
    "SuitState",
    "TrickResult",
    "apply",
    "card",
    "current_player",
    "is_over",
    "legal_moves",
    "new_game",
    "observe",
    "parse_move",
    "replay",
    "resolve_trick",
    "round_breakdown",
    "score_round",
    "scores",
    "winners",
]
