"""The JSON toolkit that both games' serializers share.

Checks of plain JSON values that raise :class:`~skullgames.SerializationError` with the
path of the value, the header of a saved document and its seed. The saved-game format
itself is :class:`skullgames._codec.SavedGame`'s. The game packages import this module;
:mod:`skullgames.serialization` finds the games through the registry, so nothing here
imports a game.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from typing import Any, Final, TypeVar

from skullgames._checks import MAX_SAFE_INTEGER
from skullgames._checks import shown as shown_value
from skullgames.errors import SerializationError, SkullgamesError

T = TypeVar("T")
E = TypeVar("E", bound=enum.Enum)

FORMAT_VERSION = 1
"""The version written into every saved state; loading refuses any other."""

LONGEST_TEXT = 2000
"""More characters than any card, move or preset name in notation has (a whole deal of
eight hands with Graybeard's stack and the stock is under 500)."""

# Helpers for the hand-written structure hooks of the game modules. Each one checks one
# JSON value and raises SerializationError naming the path of the value.


def expect_dict(data: Any, path: str, required: tuple[str, ...] = ()) -> dict[str, Any]:
    """Check that ``data`` is an object with string keys holding at least ``required``."""
    if not isinstance(data, dict):
        raise SerializationError(f"expected an object, got {_kind(data)}", path)
    for key in required:
        if key not in data:
            raise SerializationError(f"missing field {key!r}", path)
    return data


def expect_list(data: Any, path: str, length: int | None = None) -> list[Any]:
    """Check that ``data`` is an array (of ``length`` items, when given)."""
    if not isinstance(data, list):
        raise SerializationError(f"expected an array, got {_kind(data)}", path)
    if length is not None and len(data) != length:
        raise SerializationError(f"expected {length} items, got {len(data)}", path)
    return data


_RULE_CHECK = "_skullgames_rule_check"


def rule_error(reason: str, path: str) -> SerializationError:
    """The error for a document of the right shape whose values break a rule of the game.

    The JSON Schema of a document states its shape; the few checks it cannot state (a
    config's options that do not make a game, a saved move that is not legal, ...) are
    listed in its ``description``, and a document refused by one of them raises this
    error (:func:`is_rule_check` tells it apart). Everything else that a schema refuses,
    loading refuses with a plain :class:`SerializationError`, and the other way round.
    """
    error = SerializationError(reason, path)
    setattr(error, _RULE_CHECK, True)
    return error


def is_rule_check(error: BaseException) -> bool:
    """Whether ``error`` is a :func:`rule_error`: a rule check that the schema lists."""
    return getattr(error, _RULE_CHECK, False) is True


def expect_int(data: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    """Check that ``data`` is an integer (not a bool) within ``low..high``.

    A number with no fraction, such as ``2.0``, is the integer 2: JSON does not tell the
    two apart (nor do JSON Schema and JavaScript).
    """
    number: int
    if type(data) is float and data.is_integer():
        number = int(data)
    elif isinstance(data, bool) or not isinstance(data, int):
        raise SerializationError(f"expected an integer, got {_kind(data)}", path)
    else:
        number = data
    if (low is not None and number < low) or (high is not None and number > high):
        raise SerializationError(f"{shown(number)} is out of range {low}..{high}", path)
    return number


def expect_bool(data: Any, path: str) -> bool:
    """Check that ``data`` is true or false."""
    if not isinstance(data, bool):
        raise SerializationError(f"expected true or false, got {_kind(data)}", path)
    return data


def expect_str(data: Any, path: str) -> str:
    """Check that ``data`` is a string."""
    if not isinstance(data, str):
        raise SerializationError(f"expected a string, got {_kind(data)}", path)
    return data


def check_header(data: Any, format_name: str, path: str = "$") -> dict[str, Any]:
    """Check the ``format`` and ``version`` fields of a saved document."""
    doc = expect_dict(data, path, ("format", "version"))
    if doc["format"] != format_name:
        raise SerializationError(
            f"expected format {format_name!r}, got {shown(doc['format'])}", f"{path}.format"
        )
    version = doc["version"]
    if type(version) not in (int, float) or version != FORMAT_VERSION:
        raise SerializationError(
            f"unsupported version {shown(version)} (this library reads "
            f"{FORMAT_VERSION})", f"{path}.version",
        )
    return doc


def shown(data: Any) -> str:
    """``repr(data)`` for a message, cut short: a bad value may be a huge one."""
    if isinstance(data, (list, dict)):
        return _kind(data)
    return shown_value(data)


def _kind(data: Any) -> str:
    if data is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string",
            list: "an array", dict: "an object"}.get(type(data), type(data).__name__)


def expect_only(doc: dict[str, Any], path: str, keys: tuple[str, ...]) -> None:
    """Check that the object ``doc`` has no field outside ``keys``."""
    for key in doc:
        if key not in keys:
            raise SerializationError(f"unknown field {key!r}", path)


def expect_enum(cls: type[E], data: Any, path: str) -> E:
    """Read a member of the enum ``cls`` from its value."""
    try:
        return cls(data)
    except (ValueError, TypeError):
        allowed = ", ".join(repr(member.value) for member in cls)
        raise SerializationError(f"{shown(data)} is not one of {allowed}", path) from None


def expect_parsed(parse: Callable[[str], T], data: Any, path: str) -> T:
    """Read a value written as text (a card, a move), with the parser's error at ``path``."""
    text = expect_str(data, path)
    if len(text) > LONGEST_TEXT:  # no card or move is this long: never echo it back
        raise SerializationError(f"a text of {len(text)} characters is no card or move", path)
    try:
        return parse(text)
    except SkullgamesError as error:
        raise SerializationError(str(error), path) from None


def anchored(body: str) -> str:
    """A JSON Schema ``pattern`` matching exactly the texts that ``body`` matches.

    The same in JavaScript and in Python (whose ``$`` also matches before a final newline).
    """
    return f"^(?:{body})(?!\\n)$"


SEED_DIGITS = anchored("-?[0-9]{1,39}")
"""The pattern of a seed written as text (one outside ±(2**53 - 1))."""

_SEED_DIGITS = re.compile(SEED_DIGITS)


def dump_seed(seed: int | None) -> int | str | None:
    """A seed as JSON: a number within ±(2**53 - 1), else a string of digits.

    Seeds drawn by ``new_game`` (128 secret bits) are nearly always beyond it, and so are
    written as text, as is any larger one given by a user: JavaScript keeps them exactly.
    """
    if seed is None or -MAX_SAFE_INTEGER <= seed <= MAX_SAFE_INTEGER:
        return seed
    return str(seed)


def load_seed(data: Any, path: str) -> int | None:
    """A seed written by :func:`dump_seed`: null, a number or a string of digits.

    A number is within ±(2**53 - 1); a larger one is refused, as every integer beyond
    JavaScript's is: version 0.1 wrote 63-bit seeds as numbers, which this version reads
    when they are written as text.
    """
    if data is None:
        return None
    if isinstance(data, str):
        if _SEED_DIGITS.search(data) is None:
            raise SerializationError("expected a seed, a whole number or a string of digits",
                                     path)
        return int(data)
    # By exact type, one at a time: narrowed to int | float, which mypy reads as float,
    # the compiled build converted the value to a C double, and 10**309 fails to convert.
    if type(data) is int:
        if not -MAX_SAFE_INTEGER <= data <= MAX_SAFE_INTEGER:
            raise SerializationError(_SEED_TOO_LONG, path)
        return data
    if type(data) is float and data.is_integer() and not (
            -MAX_SAFE_INTEGER <= data <= MAX_SAFE_INTEGER):
        raise SerializationError(_SEED_TOO_LONG, path)
    return expect_int(data, path)


_SEED_TOO_LONG: Final = ("a seed beyond ±(2**53 - 1) is written as a string of its digits "
                         "(JavaScript cannot hold it as a number)")
