"""Reviewing a game: the expert values every decision from what its seat could see.

:func:`review` replays a finished or saved game and, at each decision of the seats
reviewed, asks the game's ``expert`` bot (:mod:`skullgames.bots.expert`) for the value of
every legal move from that seat's observation at that moment. The loss of a decision is
the best value less the value of the move played: what it gave away, in the game's points.

>>> from skullgames import king, review
>>> state = king.apply(king.new_game(king.Config(players=2, rounds=(2,)), seed=3), king.Bid(1))
>>> decision = review(state, worlds=2).decisions[0]
>>> decision.seat, decision.round, decision.kind, decision.forced
(1, 1, 'bid', False)
"""

from __future__ import annotations

from typing import Any

from skullgames._review._records import MoveValue, Review, ReviewDecision, SeatReview
from skullgames._review._reviewing import _entry_of, positions, review

__all__ = ["MoveValue", "Review", "ReviewDecision", "SeatReview", "review", "review_picture"]

# Their public home is skullgames, where the documentation and reprs name them.
for _public in (MoveValue, Review, ReviewDecision, SeatReview, review):
    _public.__module__ = "skullgames"


def review_picture(game: Any, decision: ReviewDecision) -> str:
    """The SVG picture of ``decision``'s seat's view when it decided, in the game ``game``.

    ``game`` is the state that was reviewed; the picture is
    :func:`skullgames.svg.table` of ``observe(state, seat)`` just before the move.
    ``ValueError`` when the game has no such decision.
    """
    from skullgames import svg

    entry = _entry_of(game)
    for index, before, move in positions(entry, game):
        if index == decision.index:
            if move != decision.move or entry.current_player(before) != decision.seat:
                break
            return svg.table(entry.observe(before, decision.seat), game=entry)
    raise ValueError(f"the game has no decision {decision.index} of seat {decision.seat} "
                     f"playing {decision.move}")


review_picture.__module__ = "skullgames"
