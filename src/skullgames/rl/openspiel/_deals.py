"""A game's OpenSpiel deal, as the OpenSpiel game asks for it (its entry's ``openspiel`` part).

The building blocks a game writes its :class:`~skullgames.plugins.openspiel.Dealing` with
are public, in :mod:`skullgames.plugins.openspiel`.
"""

from __future__ import annotations

from typing import Any

from skullgames.plugins.openspiel import Dealing, DealPlan

__all__ = ["deal_plan", "deck", "max_moves", "not_resampled"]


def _dealing(game: Any) -> Dealing:
    dealing: Dealing = game.part("openspiel")
    return dealing


def deck(game: Any, config: Any) -> tuple[Any, ...]:
    """Every card chance deals in ``game`` under ``config``: action ``i`` deals the ``i``-th."""
    return tuple(_dealing(game).deck(config))


def deal_plan(game: Any, config: Any, round_index: int) -> DealPlan:
    """The deal of round ``round_index`` (from 0) of ``game`` (an entry) under ``config``."""
    return _dealing(game).plan(config, round_index)


def not_resampled(game: Any, config: Any) -> str | None:
    """Why ``game`` under ``config`` cannot be resampled, or ``None`` (its ``Dealing``'s)."""
    return _dealing(game).not_resampled(config)


def max_moves(game: Any, config: Any) -> int:
    """The most player moves (chance excluded) a game under ``config`` can take."""
    return _dealing(game).max_moves(config)
