"""Summaries of finished rounds for observations, made once per game record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

R = TypeVar("R")
S = TypeVar("S")


class Summaries(Generic[R, S]):
    """``summaries(rounds)``: ``tuple(summarise(r) for r in rounds)``, remembered.

    Every state of a round shares one ``rounds`` tuple, so an observation of any of them
    reuses the summaries made for the first instead of building one per finished round
    at every call (bots observe at every move). Entries are keyed by the tuple's identity
    and hold the tuple, so a key is never reused for another; the table is emptied when
    it is full.
    """

    def __init__(self, summarise: Callable[[R], S], size: int = 256) -> None:
        self._summarise = summarise
        self._size = size
        self._entries: dict[int, tuple[tuple[R, ...], tuple[S, ...]]] = {}

    def __call__(self, rounds: tuple[R, ...]) -> tuple[S, ...]:
        if not rounds:
            return ()
        entry = self._entries.get(id(rounds))
        if entry is not None and entry[0] is rounds:
            return entry[1]
        summaries = tuple([self._summarise(result) for result in rounds])
        if len(self._entries) >= self._size:
            self._entries.clear()
        self._entries[id(rounds)] = (rounds, summaries)
        return summaries
