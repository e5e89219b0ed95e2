"""The human's turn at the terminal, the same for both games."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from skullgames.errors import SkullgamesError

M = TypeVar("M")
Write = Callable[[str], None]


def ask_for_move(*, show: Callable[[], None], read: Callable[[str], M], help_text: str,
                 scores: Callable[[], str], hint: Callable[[], str], write: Write,
                 ask: Callable[[str], str]) -> M | None:
    """Ask until the human gives a legal move; ``None`` when they quit.

    ``show`` prints the table and the hand, ``read`` turns text into a legal move or
    raises a :class:`~skullgames.SkullgamesError` saying why, ``hint`` lists what may be
    typed after a bad entry. ``help``, ``hand``, ``scores`` and ``quit`` work at any turn.
    """
    show()
    while True:
        text = ask("Your move> ").strip()
        command = text.lower()
        if command in ("quit", "exit", "q"):
            return None
        if command in ("help", "?", "h"):
            write(help_text)
            continue
        if command == "hand":
            show()
            continue
        if command == "scores":
            write(scores())
            continue
        try:
            return read(text)
        except SkullgamesError as error:
            write(f"  {error}. Legal moves: {hint()} ('help' for more)")
