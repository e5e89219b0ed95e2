"""The expert's word at a table: a hint for the seat to move, the review of a finished game.

Both ask the game's ``expert`` bot (as :func:`skullgames.review` does) and see what the
asking seat sees only: a hint values the legal moves from ``observe(state, seat)`` now, a
review values each of the seat's decisions from its observation when it decided. Each is
seconds of CPU at most, so they are computed in the asking request's own thread, outside
the table's lock (the other tables, and this one's moves, go on), at most
:data:`MAX_ADVISING` at once over the server, and kept: a review per table and seat, a hint
per table, seat and move.
"""

from __future__ import annotations

import collections
import random
import threading
from collections.abc import Callable, Hashable
from typing import Any

from skullgames._review import review
from skullgames._review._reviewing import expert_of, positions
from skullgames.svg import table as draw_table

__all__ = ["ADVICE_WAIT", "HINT_WORLDS", "MAX_ADVISING", "REVIEW_WORLDS", "Advisor", "Busy",
           "hint_document", "review_document"]

REVIEW_WORLDS = 8
"""Worlds the expert searches a decision in a review at a table: a whole game of Skull
King (4 players, 10 rounds) is reviewed in a second or two."""
HINT_WORLDS = 24
"""Worlds the expert searches for a hint (Skull Queen's placements: its own
``place_worlds``)."""
MAX_ADVISING = 2
"""Hints and reviews computed at once, over the whole server (the others wait)."""
ADVICE_WAIT = 30.0
"""Seconds a hint or a review waits for its turn among :data:`MAX_ADVISING`; beyond it the
answer is 503 with ``Retry-After``."""
_KEPT = 256  # hints and reviews kept, the least recently asked for dropped first


class Busy(Exception):
    """No turn came for a hint or a review within :data:`ADVICE_WAIT` (the server: 503)."""


class Advisor:
    """Hints and reviews, each computed once and kept (the latest 256).

    At most ``at_once`` are computed together; one question asked twice at once is
    computed once.
    """

    def __init__(self, at_once: int = MAX_ADVISING, wait: float = ADVICE_WAIT) -> None:
        self._slots = threading.BoundedSemaphore(at_once)
        self.wait = wait
        self._lock = threading.Lock()
        self._kept: collections.OrderedDict[Hashable, dict[str, Any]] = (
            collections.OrderedDict())
        self._computing: dict[Hashable, threading.Lock] = {}

    def kept(self, key: Hashable, compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The document kept for ``key``, or ``compute()``'s, kept from now on.

        :class:`Busy` when ``compute`` found no turn within ``wait`` seconds.
        """
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
            own = self._computing.setdefault(key, threading.Lock())
        with own:  # the same question asked twice at once is computed once
            with self._lock:
                found = self._kept.get(key)
            if found is not None:
                return found
            if not self._slots.acquire(timeout=self.wait):
                raise Busy
            try:
                document = compute()
            finally:
                self._slots.release()
                with self._lock:
                    self._computing.pop(key, None)
            with self._lock:
                self._kept[key] = document
                while len(self._kept) > _KEPT:
                    self._kept.popitem(last=False)
        return document


def hint_document(game: Any, state: Any, seat: int, table_id: str, worlds: int
                  ) -> dict[str, Any]:
    """What the expert would play now at ``seat``'s turn, and each move's value.

    From ``seat``'s observation only; the moves best first (the game's order on a tie).
    """
    observation = game.observe(state, seat)
    moved = len(state.history)
    bot = expert_of(game, random.Random(f"skullgames.hint:{table_id}:{seat}:{moved}"),
                    worlds, None)
    moves, values = bot.appraise(observation)
    ranked = sorted(zip(moves, values, strict=True), key=lambda found: -found[1])
    return {"seat": seat, "worlds": worlds, "best": str(ranked[0][0]),
            "moves": [{"move": str(move), "value": value} for move, value in ranked]}


def review_document(game: Any, state: Any, seat: int, worlds: int) -> dict[str, Any]:
    """``seat``'s decisions in the finished ``state``, costliest first, each with its picture.

    :func:`skullgames.review` of that seat alone (seed 0, ``worlds`` a decision); a
    decision's ``svg`` is the table as the seat saw it when it decided
    (``skullgames.review_picture``'s picture).
    """
    result = review(state, seats=seat, worlds=worlds)
    wanted = {decision.index for decision in result.decisions}
    pictures = {index: draw_table(game.observe(before, seat), game=game)
                for index, before, _ in positions(game, state) if index in wanted}
    return {"seat": seat, "worlds": worlds, "seed": result.seed,
            "summary": result.seat(seat).to_dict(),
            "decisions": [{**decision.to_dict(), "svg": pictures[decision.index]}
                          for decision in result.costliest()]}
