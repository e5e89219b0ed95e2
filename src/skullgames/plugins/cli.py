"""Building blocks of a game's command line: the :class:`GameCli` its entry names.

A game's entry (:class:`skullgames.Game`) names its ``GameCli`` as its optional ``cli``
part (``skullgames.cli.king:CLI``): its rule flags and the game's ``Config`` they make, a
narrator that tells a game as it goes, and the human's turn at the terminal. A game
without one is refused by ``skullgames watch`` and ``play`` in one line. This module
imports no game and not the registry, so that a game's package can import it.

Public names (stable, as the rest of the API):

- :class:`GameCli`, :class:`Narrator`, :data:`Write`, :data:`Ask`: what a game gives;
- :func:`ask_for_move`: the human's turn, with ``help``, ``hand``, ``scores``, ``quit``;
- :func:`whole_number`, :func:`number_list`, :func:`number_argument`, :func:`shown`,
  :data:`MOST_DIGITS`: numbers typed on the command line, read without surprises.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from skullgames.errors import InvalidNotationError, SkullgamesError

__all__ = ["MOST_DIGITS", "Ask", "GameCli", "Narrator", "Write", "ask_for_move",
           "number_argument", "number_list", "shown", "whole_number"]

Write = Callable[[str], None]
"""Where a narrator or a turn writes a line (``print``)."""
Ask = Callable[[str], str]
"""How a turn asks the human, given the prompt (``input``)."""

M = TypeVar("M")

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


# -- the human's turn ----------------------------------------------------------------


def ask_for_move(*, show: Callable[[], None], read: Callable[[str], M], help_text: str,
                 scores: Callable[[], str], hint: Callable[[], str], write: Write,
                 ask: Ask) -> M | None:
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


# -- numbers typed on the command line ------------------------------------------------
# ``str.isdigit`` accepts ``'²'``, which ``int`` refuses, and ``int`` refuses more than
# 4300 digits with a ``ValueError`` of its own: a number is read here as plain ASCII
# digits, at most MOST_DIGITS of them, and anything else is an InvalidNotationError that
# quotes what was typed (shortened when it is long).

MOST_DIGITS = 39
"""Longer numbers are refused: no rule option or seed needs more digits (the largest seed,
2**128 - 1, as wide as one that ``new_game`` draws, has 39)."""


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted as the user typed it, cut short when longer than ``limit``.

    >>> from skullgames.plugins.cli import shown
    >>> shown("abc"), shown("9" * 50, limit=10)
    ("'abc'", "'9999999999...' (50 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"...' ({len(text)} characters)"


def whole_number(text: str, what: str, *, signed: bool = False) -> int:
    """``text`` as a whole number, or an ``InvalidNotationError`` naming ``what`` it was for.

    >>> from skullgames.plugins.cli import whole_number
    >>> whole_number(" 12 ", "--players")
    12
    >>> whole_number("-3", "--seed", signed=True)
    -3
    >>> whole_number("²", "--rounds")
    Traceback (most recent call last):
    ...
    skullgames.errors.InvalidNotationError: --rounds: '²' is not a whole number
    """
    digits = text.strip()
    if signed and digits.startswith("-"):
        digits = digits[1:]
    if not (digits.isascii() and digits.isdigit()):
        raise InvalidNotationError(f"{what}: {shown(text)} is not a whole number")
    if len(digits) > MOST_DIGITS:
        raise InvalidNotationError(f"{what}: {shown(text)} is too large a number "
                                   f"(at most {MOST_DIGITS} digits)")
    return int(text.strip())


def number_list(text: str, what: str) -> tuple[int, ...]:
    """Whole numbers separated by commas, as in ``1,3,5``.

    >>> from skullgames.plugins.cli import number_list
    >>> number_list("1, 3,5", "--rounds")
    (1, 3, 5)
    """
    return tuple(whole_number(part, what) for part in text.split(","))


def number_argument(*, signed: bool = False, least: int = 0) -> Callable[[str], int]:
    """An ``argparse`` type: a whole number (``signed``: maybe negative) of at least ``least``.

    >>> from skullgames.plugins.cli import number_argument
    >>> number_argument(least=1)("3")
    3
    """

    def number(text: str) -> int:
        try:
            value = whole_number(text, "", signed=signed)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error).removeprefix(": ")) from None
        if not signed and value < least:
            raise argparse.ArgumentTypeError(f"{value} is not at least {least}")
        return value

    return number
