"""Rendering as text: the command line's narration of a game, collected."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skullgames.rl._common import AnyGame


class Narration:
    """The command line's narration of a game (its entry's ``cli`` part), for ``render()``.

    ``seat`` ``None`` tells the whole table (every hand, every move); a seat tells the
    game as that seat sees it, as the command line tells it to a player: the narrator
    shows the moves through the game's ``observe_move`` and the table through ``observe``.
    """

    def __init__(self, game: AnyGame, names: Sequence[str], seat: int | None = None) -> None:
        self._lines: list[str] = []
        # A method of this object, not the list's own append: copy.deepcopy keeps a
        # built-in method as it is, so a copy would have written into this list.
        self._narrator = game.part("cli").narrator(self._write, list(names),
                                                   None if seat is None else [seat])

    def _write(self, line: str) -> None:
        self._lines.append(line)

    def start(self, state: Any) -> None:
        """Tell the table and the first deal."""
        self._narrator.start(state)

    def step(self, before: Any, move: Any, after: Any) -> None:
        """Tell what a move did."""
        self._narrator.step(before, move, after)

    def text(self) -> str:
        """Everything told since the last call."""
        text = "\n".join(self._lines)
        self._lines.clear()
        return text
