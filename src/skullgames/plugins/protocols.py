"""The contract of :mod:`skullgames.plugins`: what a tool may read of a game's values.

Typed protocols, one per kind of value: :class:`GameConfig`, :class:`GameState`,
:class:`GameObservation`, :class:`ScoredRound`, :class:`HiddenMove` and, for a game with
bids, :class:`BidScore`. They are defined at the foot of the library (in
``skullgames._contract``, which imports nothing of it), so that every module may name
them; :mod:`skullgames.plugins.check` checks a game against them.
"""

from __future__ import annotations

from skullgames._contract import (
    BidScore,
    GameConfig,
    GameObservation,
    GameState,
    HiddenMove,
    ScoredRound,
)

__all__ = ["BidScore", "GameConfig", "GameObservation", "GameState", "HiddenMove",
           "ScoredRound"]
