"""Skull King's entry: what the registry and every tool know of the game, declared here.

The registry (:data:`skullgames.GAMES`) collects :data:`ENTRY`; each tool asks it for
its part of the game, imported on first use from the module its path names.
"""

from __future__ import annotations

from skullgames import king
from skullgames._entry import Game
from skullgames.king._serialize import STATE_FORMAT

__all__ = ["ENTRY"]

ENTRY: Game[king.Config, king.State, king.Observation, king.Move] = Game(
    name="king",
    title="Skull King",
    default_bot="greedy",
    module=king,
    Config=king.Config,
    State=king.State,
    Observation=king.Observation,
    Move=king.Move,
    Deal=king.Deal,
    format_name=STATE_FORMAT,
    new_game=king.new_game,
    legal_moves=king.legal_moves,
    apply=king.apply,
    current_player=king.current_player,
    is_over=king.is_over,
    scores=king.scores,
    winners=king.winners,
    observe=king.observe,
    observe_move=king.observe_move,
    HiddenMove=king.HiddenMove,
    parse_move=king.parse_move,
    action_space=king.action_space,
    score_bounds=king.score_bounds,
    parts={
        "codecs": "skullgames.king._serialize:CODECS",
        "configure_json": "skullgames.king._serialize:configure",
        "bots": "skullgames.bots.king_bots:BOTS",
        "sample_world": "skullgames.bots.king:sample_world",
        "cli": "skullgames.cli.king:CLI",
        "svg": "skullgames.svg.king:draw",
        "rl_encoder": "skullgames.rl.king:KingEncoder",
        "rl_steps": "skullgames.rl.king_steps:KingSteps",
        "openspiel": "skullgames.rl.openspiel.king:DEALING",
    },
)
"""Skull King's :class:`~skullgames.Game`, typed with its own classes (``GAMES["king"]``)."""
