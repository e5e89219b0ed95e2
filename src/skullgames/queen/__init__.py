"""Skull Queen, Stefan Dorra's trick game of planks and pirate pawns (Schmidt Spiele 2024).

Two to six players; with two, the ghost Pirate King leads every trick. Each round the
players choose a side of their plank and place their four pawns (:class:`Place`), then
play tricks (:class:`Play`); each pawn still on its plank at the end scores its space.

>>> import random
>>> from skullgames import queen
>>> state = queen.new_game(queen.Config(players=4), seed=42)
>>> rng = random.Random(0)
>>> while not queen.is_over(state):
...     state = queen.apply(state, rng.choice(queen.legal_moves(state)))
>>> len(queen.scores(state)), len(state.rounds)
(4, 4)
>>> sum(r.points[0] for r in state.rounds) == queen.scores(state)[0]
True
"""

from skullgames.queen.actions import action_space
from skullgames.queen.bounds import score_bounds
from skullgames.queen.cards import MATE, MONKEY, Card, Color, card, deck
from skullgames.queen.config import DEFAULT_PLANK_VALUES, Config
from skullgames.queen.game import (
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    replay,
    scores,
    seeded_deal,
)
from skullgames.queen.moves import PLACES, Deal, Move, Place, Play, parse_move
from skullgames.queen.observation import Observation, RoundSummary, observe
from skullgames.queen.outcome import winners
from skullgames.queen.scoring import Plank, Side, score_round, side_values
from skullgames.queen.state import Phase, RoundResult, State
from skullgames.queen.tricks import Movement, Reason, TrickResult, resolve_trick
from skullgames.queen.visibility import HiddenMove, observe_move

__all__ = [
    "DEFAULT_PLANK_VALUES",
    "MATE",
    "MONKEY",
    "PLACES",
    "Card",
    "Color",
    "Config",
    "Deal",
    "HiddenMove",
    "Move",
    "Movement",
    "Observation",
    "Phase",
    "Place",
    "Plank",
    "Play",
    "Reason",
    "RoundResult",
    "RoundSummary",
    "Side",
    "State",
    "TrickResult",
    "action_space",
    "apply",
    "card",
    "current_player",
    "deck",
    "is_over",
    "legal_moves",
    "new_game",
    "observe",
    "observe_move",
    "parse_move",
    "replay",
    "resolve_trick",
    "score_bounds",
    "score_round",
    "scores",
    "seeded_deal",
    "side_values",
    "winners",
]
