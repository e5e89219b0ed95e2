"""Replaying saved move texts through a game's ``apply``: the loop of loading a game.

Compiled with the engine (see :mod:`skullgames._compiled`), so that loading a saved game
costs little more than replaying its moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from skullgames.errors import SkullgamesError

__all__ = ["replay_known"]

S = TypeVar("S")
M = TypeVar("M")


def replay_known(apply: Callable[[S, M], S], state: S, entries: list[object],
                 known: dict[str, M]) -> tuple[S, int]:
    """Apply ``entries`` in order from ``state`` while each is the text of a known move.

    Returns the state reached and how many entries were applied: all of them, or up to
    the first that is not a key of ``known`` or that ``apply`` refuses (with a
    :class:`~skullgames.SkullgamesError`), which the caller reads and reports itself.
    A list and a dict, not any sequence and mapping: the compiled build then reads them
    directly, where a mapping's ``get`` is a method call per move (3 % of a load).

    >>> from skullgames import king
    >>> from skullgames.king.moves import _CANONICAL
    >>> start = king.new_game(king.Config(players=2), seed=1)
    >>> state, done = replay_known(king.apply, start, ["bid 0", "bid 9", "bid 1"], _CANONICAL)
    >>> done, state == king.apply(start, king.Bid(0))
    (1, True)
    """
    done = 0
    for entry in entries:
        move = known.get(entry) if type(entry) is str else None
        if move is None:
            break
        try:
            state = apply(state, move)
        except SkullgamesError:
            break
        done += 1
    return state, done
