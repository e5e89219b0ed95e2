"""Skull Queen's entry: what the registry and every tool know of the game, declared here.

The registry (:data:`skullgames.GAMES`) collects :data:`ENTRY`; each tool asks it for
its part of the game, imported on first use from the module its path names.
"""

from __future__ import annotations

from skullgames import queen
from skullgames._entry import Game
from skullgames.queen._serialize import STATE_FORMAT

__all__ = ["ENTRY"]

ENTRY: Game[queen.Config, queen.State, queen.Observation, queen.Move] = Game(
    name="queen",
    title="Skull Queen",
    default_bot="greedy",
    module=queen,
    Config=queen.Config,
    State=queen.State,
    Observation=queen.Observation,
    Move=queen.Move,
    Deal=queen.Deal,
    format_name=STATE_FORMAT,
    new_game=queen.new_game,
    legal_moves=queen.legal_moves,
    apply=queen.apply,
    current_player=queen.current_player,
    is_over=queen.is_over,
    scores=queen.scores,
    winners=queen.winners,
    observe=queen.observe,
    observe_move=queen.observe_move,
    HiddenMove=queen.HiddenMove,
    parse_move=queen.parse_move,
    action_space=queen.action_space,
    score_bounds=queen.score_bounds,
    parts={
        "codecs": "skullgames.queen._serialize:CODECS",
        "configure_json": "skullgames.queen._serialize:configure",
        "bots": "skullgames.bots.queen_bots:BOTS",
        "sample_world": "skullgames.bots.queen:sample_world",
        "cli": "skullgames.cli.queen:CLI",
        "svg": "skullgames.svg.queen:draw",
        "rl_encoder": "skullgames.rl.queen:QueenEncoder",
        "rl_steps": "skullgames.rl.queen_steps:QueenSteps",
        "openspiel": "skullgames.rl.openspiel.queen:DEALING",
    },
)
"""Skull Queen's :class:`~skullgames.Game`, typed with its own classes (``GAMES["queen"]``)."""
