"""A wrong Python type in both builds: the library's ``TypeError`` message, or mypyc's.

Public functions and constructors declare their parameters' types (issue 34). In the pure
build the function's own check refuses a value of another type with a ``TypeError`` that
says what was expected; in the compiled build mypyc checks a typed parameter before the
body runs and raises a ``TypeError`` of its own (``int object expected; got str``).
"""

from __future__ import annotations

import pytest

from skullgames import COMPILED

MYPYC_MESSAGE = "object expected; got "
"""What each of mypyc's messages for an argument of the wrong type says."""


def raises_wrong_type(message: str) -> pytest.RaisesExc[TypeError]:
    """``pytest.raises(TypeError)`` matching the library's ``message`` (a pattern) in the
    pure build, and that or mypyc's own message in the compiled build."""
    if COMPILED:
        return pytest.raises(TypeError, match=f"(?:{message})|{MYPYC_MESSAGE}")
    return pytest.raises(TypeError, match=message)


def is_wrong_type_message(text: str, message: str) -> bool:
    """Whether ``text`` is the library's whole ``message``, or in the compiled build mypyc's."""
    return text == message or (COMPILED and MYPYC_MESSAGE in text)
