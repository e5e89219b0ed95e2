"""JSON for every public value: one cattrs converter, stable tags, validated loading.

>>> from skullgames import from_json, to_json
>>> from skullgames.king import Bid
>>> to_json(Bid(3))
'{"type":"bid","n":3}'
>>> from_json('{"type": "bid", "n": 3}', Bid)
Bid(3)
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any, TypeVar, overload

import cattrs
from cattrs.errors import ClassValidationError, IterableValidationError

from skullgames._json import FORMAT_VERSION
from skullgames.errors import SerializationError
from skullgames.registry import GAMES

if TYPE_CHECKING:
    from typing_extensions import TypeForm

__all__ = [
    "FORMAT_VERSION",
    "configure_converter",
    "from_json",
    "make_converter",
    "to_json",
]

T = TypeVar("T")

def configure_converter(converter: cattrs.Converter) -> None:
    """Register the hooks of every skullgames type on ``converter``.

    Use this to teach your own converter about skullgames values, for example when a
    skullgames state is a field of one of your own attrs classes.
    """
    for game in GAMES.values():
        game.configure_json(converter)


@functools.cache
def make_converter() -> cattrs.Converter:
    """Return the library's shared converter (created once, then cached).

    Do not register hooks on the returned object: it is shared by :func:`to_json` and
    :func:`from_json`. Build your own with ``cattrs.Converter()`` and
    :func:`configure_converter` instead.

    >>> from skullgames import king, make_converter
    >>> make_converter().unstructure(king.Bid(2))
    {'type': 'bid', 'n': 2}
    """
    converter = cattrs.Converter(detailed_validation=True)
    configure_converter(converter)
    return converter


def to_json(obj: object) -> str:
    """Serialize any public skullgames value (config, state, observation, move, result).

    >>> from skullgames import king, to_json
    >>> to_json(king.parse_move("TIG pirate"))
    '{"type":"play","card":"TIG","as_pirate":true}'
    """
    return json.dumps(
        make_converter().unstructure(obj), separators=(",", ":"), ensure_ascii=False
    )


@overload
def from_json(text: str | bytes, cls: type[T]) -> T: ...


@overload
def from_json(text: str | bytes, cls: TypeForm[T]) -> T: ...


def from_json(text: str | bytes, cls: Any) -> Any:
    """Load a value of type ``cls`` from JSON text written by :func:`to_json`.

    ``cls`` is a class (``king.State``, ``king.Bid``) or a union of them such as
    ``king.Move``; type checkers give the result that type (a union through
    ``TypeForm``, PEP 747).

    The document is untrusted: any problem (bad JSON, wrong types, unknown tags,
    impossible game states) raises :class:`~skullgames.SerializationError` with the path
    of what is wrong; no other exception escapes.

    >>> from skullgames import from_json, king
    >>> from_json('{"type": "play", "card": "Y12"}', king.Move)
    Play(card('Y12'))
    """
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise SerializationError(f"not valid JSON ({error})") from None
    try:
        return make_converter().structure(data, cls)
    except SerializationError:
        raise
    except (ClassValidationError, IterableValidationError) as error:
        raise _from_cattrs(error) from None
    except Exception as error:  # untrusted input must never escape as another class
        raise SerializationError(f"{type(error).__name__}: {error}") from None


def _from_cattrs(error: ClassValidationError | IterableValidationError) -> SerializationError:
    inner = _first_leaf(error)
    if isinstance(inner, SerializationError):
        return inner
    messages = cattrs.transform_error(error, path="$")
    return SerializationError(messages[0] if messages else str(error), path="")


def _first_leaf(error: BaseException) -> BaseException:
    if isinstance(error, (ClassValidationError, IterableValidationError)) and error.exceptions:
        return _first_leaf(error.exceptions[0])
    return error
