"""Who wins a finished game of either game, from the totals: the highest, ties shared.

A shared leaf: both games play this rule (Skull King :ref:`ruling-k14`, Skull Queen
:ref:`ruling-q9`), and each game's scoring module offers it as its own ``winners_of``.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["winners_of"]


def winners_of(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest of ``totals``; on a tie, every tied seat wins.

    Skull King (:ref:`ruling-k14`) and Skull Queen (:ref:`ruling-q9`) both share a tied
    win; this is the one statement of that rule.

    >>> from skullgames.king.scoring import winners_of
    >>> winners_of([40, 70, 70]), winners_of([-10, -30])
    ((1, 2), (0,))
    >>> from skullgames.queen.scoring import winners_of as queen_winners_of
    >>> queen_winners_of is winners_of
    True
    """
    best = max(totals)
    return tuple([seat for seat, total in enumerate(totals) if total == best])
