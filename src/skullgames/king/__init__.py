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

from skullgames.king.actions import action_space
from skullgames.king.bounds import score_bounds
from skullgames.king.cards import Card, Kind, Pirate, Suit, card
from skullgames.king.config import (
    ROUND_PRESETS,
    Config,
    Edition,
    KrakenLeader,
    Scoring,
    WhaleLeader,
)
from skullgames.king.game import (
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    replay,
    scores,
    seeded_deal,
)
from skullgames.king.moves import (
    AdjustBid,
    Bid,
    ChooseLeader,
    Deal,
    Discard,
    Move,
    Play,
    Shot,
    Wager,
    parse_move,
)
from skullgames.king.observation import Observation, RoundSummary, observe
from skullgames.king.outcome import winners
from skullgames.king.scoring import SeatScore, round_breakdown, score_round
from skullgames.king.state import MoveLog, Pending, Phase, RoundResult, State
from skullgames.king.tricks import (
    Bonus,
    BonusKind,
    Outcome,
    Reason,
    SuitState,
    TrickResult,
    resolve_trick,
)
from skullgames.king.visibility import HiddenMove, observe_move

__all__ = [
    "ROUND_PRESETS",
    "AdjustBid",
    "Bid",
    "Bonus",
    "BonusKind",
    "Card",
    "ChooseLeader",
    "Config",
    "Deal",
    "Discard",
    "Edition",
    "HiddenMove",
    "Kind",
    "KrakenLeader",
    "Move",
    "MoveLog",
    "Observation",
    "Outcome",
    "Pending",
    "Phase",
    "Pirate",
    "Play",
    "Reason",
    "RoundResult",
    "RoundSummary",
    "Scoring",
    "SeatScore",
    "Shot",
    "State",
    "Suit",
    "SuitState",
    "TrickResult",
    "Wager",
    "WhaleLeader",
    "action_space",
    "apply",
    "card",
    "current_player",
    "is_over",
    "legal_moves",
    "new_game",
    "observe",
    "observe_move",
    "parse_move",
    "replay",
    "resolve_trick",
    "round_breakdown",
    "score_bounds",
    "score_round",
    "scores",
    "seeded_deal",
    "winners",
]
