"""Whole numbers typed on the command line, read without surprises.

``str.isdigit`` accepts ``'²'``, which ``int`` refuses, and ``int`` refuses more than 4300
digits with a ``ValueError`` of its own: a number is read here as plain ASCII digits, at
most :data:`MOST_DIGITS` of them, and anything else is an :class:`InvalidNotationError`
that quotes what was typed (shortened when it is long).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from skullgames.errors import InvalidNotationError

MOST_DIGITS = 39
"""Longer numbers are refused: no rule option or seed needs more digits (the largest seed,
2**128 - 1, as wide as one that ``new_game`` draws, has 39)."""


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted as the user typed it, cut short when longer than ``limit``.

    >>> shown("abc"), shown("9" * 50, limit=10)
    ("'abc'", "'9999999999...' (50 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"...' ({len(text)} characters)"


def whole_number(text: str, what: str, *, signed: bool = False) -> int:
    """``text`` as a whole number, or an ``InvalidNotationError`` naming ``what`` it was for.

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

    >>> number_list("1, 3,5", "--rounds")
    (1, 3, 5)
    """
    return tuple(whole_number(part, what) for part in text.split(","))


def number_argument(*, signed: bool = False, least: int = 0) -> Callable[[str], int]:
    """An ``argparse`` type: a whole number (``signed``: maybe negative) of at least ``least``.

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
