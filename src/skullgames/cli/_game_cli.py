"""What the command line needs of a game: the :class:`GameCli` each game's entry names.

A game's entry (:class:`skullgames.Game`) names its ``GameCli`` as its ``cli`` part
(``skullgames.cli.king:CLI``): its rule flags and the game's ``Config`` they make, a
narrator that tells a game as it goes, and the human's turn at the terminal. This module
imports no game and not the registry, so that those modules can import it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import attrs

__all__ = ["Ask", "GameCli", "Narrator", "Write"]

Write = Callable[[str], None]
Ask = Callable[[str], str]

class Narrator(Protocol):
    """Tells one game as it goes, move by move, for a person to follow."""

    def start(self, state: Any) -> None:
        """Tell the table and the first deal."""
        ...

    def step(self, before: Any, move: Any, after: Any) -> bool:
        """Tell what ``move`` did to ``before``; ``True`` when it finished a trick."""
        ...

    def where(self, state: Any) -> str:
        """Where a game stands, to end a sentence: ``in round 3``."""
        ...


@attrs.frozen(kw_only=True)
class GameCli:
    """One game at the command line: what the commands need of it beyond the registry."""

    rule_flags: tuple[str, ...]
    """The ``argparse`` destinations of the game's own rule flags (not the shared ones)."""
    add_rule_flags: Callable[[argparse.ArgumentParser], None]
    """Add the game's own rule flags, each with ``default=argparse.SUPPRESS``."""
    config: Callable[[Mapping[str, Any]], Any]
    """The game's ``Config`` of the flags given (shared ones included), as typed."""
    narrator: Callable[[Write, Sequence[str], Sequence[int] | None], Narrator]
    """``narrator(write, names, show_hands)``: tells a game; ``None`` shows every hand,
    ``[seat]`` tells the game as that seat sees it (through the game's ``observe_move``
    and ``observe``; the seed only at the end)."""
    human_turn: Callable[[Any, int, Sequence[str], Write, Ask], Any]
    """``human_turn(state, seat, names, write, ask)``: a legal move, ``None`` on quitting."""
    players_help: str = "number of players [the game's standard]"
    """The help of ``--players`` for this game (how many may play)."""
    rounds_help: str = "the rounds, as the game's Config reads them [the standard game]"
    """The help of ``--rounds`` for this game (what a plan of rounds is)."""
    moves_help: str = ""
    """How a person types a move (``play``'s description), or nothing."""
