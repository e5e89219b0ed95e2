"""JSON for every public value: one cattrs converter, stable tags, validated loading.

:func:`to_json` and :func:`from_json` work on JSON text, :func:`to_dict` and
:func:`from_dict` on the plain data that :func:`json.loads` gives (for servers that embed
values in their own documents), and :func:`json_schema` states the shape of each document.

>>> from skullgames import from_dict, from_json, to_dict, to_json
>>> from skullgames.king import Bid
>>> to_json(Bid(3))
'{"type":"bid","n":3}'
>>> from_json('{"type": "bid", "n": 3}', Bid)
Bid(3)
>>> to_dict(Bid(3)), from_dict({"type": "bid", "n": 3}, Bid)
({'type': 'bid', 'n': 3}, Bid(3))
"""

from __future__ import annotations

import functools
import json
import math
import typing
from typing import TYPE_CHECKING, Any, TypeVar, overload

import cattrs
from cattrs.errors import ClassValidationError, IterableValidationError

from skullgames import _registered
from skullgames._checks import MAX_SAFE_INTEGER
from skullgames._json import FORMAT_VERSION
from skullgames._json_installed import learn_installed_games
from skullgames.errors import SerializationError
from skullgames.registry import GAMES
from skullgames.schemas import json_schema

if TYPE_CHECKING:
    from typing_extensions import TypeForm

__all__ = [
    "FORMAT_VERSION",
    "MAX_SAFE_INTEGER",
    "configure_converter",
    "from_dict",
    "from_json",
    "json_schema",
    "make_converter",
    "to_dict",
    "to_json",
]

T = TypeVar("T")

def configure_converter(converter: cattrs.Converter) -> None:
    """Register the hooks of every skullgames type on ``converter``.

    Use this to teach your own converter about skullgames values, for example when a
    skullgames state is a field of one of your own attrs classes. Every game's hooks are
    registered, so every installed game is loaded.
    """
    if not isinstance(converter, cattrs.BaseConverter):
        raise TypeError(f"converter must be a cattrs.Converter, not {_name(type(converter))}")
    for game in GAMES.values():
        game.configure_json(converter)


def make_converter() -> cattrs.Converter:
    """Return the library's shared converter, made for the games registered, then cached.

    It is made for the games loaded so far, so that a built-in game's values load no
    installed package's game; a class of an installed game not loaded yet loads that game
    when the converter first meets it. It is made again when a game is registered, loaded
    or taken out, so that every game's values are written by their own codecs, whenever
    the game was added.

    Do not register hooks on the returned object: it is shared by :func:`to_json` and
    :func:`from_json`. Build your own with ``cattrs.Converter()`` and
    :func:`configure_converter` instead.

    >>> from skullgames import king, make_converter
    >>> make_converter().unstructure(king.Bid(2))
    {'type': 'bid', 'n': 2}
    """
    return _converter(_registered.generation())


_WRITTEN_BY_THEMSELVES: list[type[Any]] = []


def _written_by_itself(cls: type[T]) -> type[T]:
    """Class decorator: :func:`to_dict` and :func:`to_json` write its instances themselves.

    For the library's records that are written and never read back, such as a review's:
    ``to_dict(value)`` is ``value.to_dict()``.
    """
    _WRITTEN_BY_THEMSELVES.append(cls)
    _converter.cache_clear()
    return cls


@functools.lru_cache(maxsize=1)
def _converter(generation: int) -> cattrs.Converter:
    """The converter of the games registered at ``generation`` (the registry's count)."""
    converter = cattrs.Converter(detailed_validation=True)
    # By a test of the class, which (unlike a hook for the class) reads no annotations.
    writes_itself = tuple(_WRITTEN_BY_THEMSELVES)
    converter.register_unstructure_hook_func(lambda cls: cls in writes_itself,
                                             lambda value: value.to_dict())
    learn_installed_games(converter, make_converter)  # asked after the games' own hooks
    for game in _registered.loaded_games():
        game.configure_json(converter)
    return converter


def to_dict(value: object) -> Any:
    """The plain JSON data (dicts, lists, strings, numbers) of any public skullgames value.

    ``json.dumps(to_dict(value))`` is :func:`to_json`'s document; every integer in it is
    within ±(2**53 - 1), so JavaScript reads it exactly.

    >>> from skullgames import king, to_dict
    >>> to_dict(king.parse_move("TIG pirate"))
    {'type': 'play', 'card': 'TIG', 'as_pirate': True}
    """
    try:
        return make_converter().unstructure(value)
    except (TypeError, ValueError, AttributeError, NameError) as error:  # not the library's
        raise TypeError(f"to_dict writes skullgames values and lists and dicts of them, "
                        f"not this {_name(type(value))} ({error})") from None


@overload
def from_dict(data: Any, cls: type[T]) -> T: ...


@overload
def from_dict(data: Any, cls: TypeForm[T]) -> T: ...


def from_dict(data: Any, cls: Any) -> Any:
    """Load a value of type ``cls`` from plain JSON data, as :func:`from_json` does from text.

    ``data`` is untrusted and is checked exactly as :func:`from_json` checks a document:
    any problem raises :class:`~skullgames.SerializationError` with its JSON path. ``cls``
    must be a type (or a union such as ``king.Move``): anything else is a ``TypeError``.

    >>> from skullgames import from_dict, king
    >>> from_dict({"type": "bid", "n": 2}, king.Move)
    Bid(2)
    >>> from_dict({"type": "bid", "n": "2"}, king.Move)
    Traceback (most recent call last):
    ...
    skullgames.errors.SerializationError: $.n: expected an integer, got a string
    """
    _check_type(cls)
    try:
        return make_converter().structure(data, cls)
    except SerializationError:
        raise
    except (ClassValidationError, IterableValidationError) as error:
        raise _from_cattrs(error) from None
    except RecursionError:
        raise SerializationError("the document is nested too deeply") from None
    except Exception as error:  # untrusted input must never escape as another class
        raise SerializationError(f"{type(error).__name__}: {error}") from None


def _check_type(cls: Any) -> None:
    if isinstance(cls, type) or typing.get_origin(cls) is not None:
        return
    raise TypeError(f"cls must be a type such as king.State or king.Move, not {cls!r}")


def to_json(obj: object) -> str:
    """Serialize any public skullgames value (config, state, observation, move, result).

    >>> from skullgames import king, to_json
    >>> to_json(king.parse_move("TIG pirate"))
    '{"type":"play","card":"TIG","as_pirate":true}'
    """
    data = to_dict(obj)
    try:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        error = _unwritable(data, "$")
        if error is None:  # pragma: no cover - json.dumps refused something found above
            raise
        raise error from None


def _unwritable(data: Any, path: str) -> TypeError | None:
    """The ``TypeError`` for the first part of ``data`` that JSON cannot hold, by its path."""
    kind = type(data)
    if kind is dict:
        for key, item in data.items():
            if type(key) is not str:
                return TypeError(f"to_json writes objects with text keys; {path} has the "
                                 f"key {key!r}")
            found = _unwritable(item, f"{path}.{key}")
            if found is not None:
                return found
    elif kind in (list, tuple):
        for i, item in enumerate(data):
            found = _unwritable(item, f"{path}[{i}]")
            if found is not None:
                return found
    elif kind is float and not math.isfinite(data):
        return TypeError(f"to_json writes finite numbers; {path} is {data!r}")
    elif data is not None and kind not in (str, int, float, bool):
        return TypeError(f"to_json writes skullgames values and lists and dicts of them; "
                         f"{path} is a Python {_name(kind)}")
    return None


def _name(kind: type) -> str:
    """``kind``'s name for a message, with its module unless it is a builtin."""
    if kind.__module__ == "builtins":
        return kind.__name__
    return f"{kind.__module__}.{kind.__qualname__}"


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
    _check_type(cls)
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"text must be str or bytes, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise SerializationError(f"not valid JSON ({error})") from None
    return from_dict(data, cls)


def _from_cattrs(error: ClassValidationError | IterableValidationError) -> SerializationError:
    """The first problem cattrs found, as the library's error with its JSON path.

    Only a type without a codec of the library's (a user's attrs class) gets here; a
    problem inside a skullgames value in it gets the path through the user's class too.
    """
    leaves: list[BaseException] = []

    def describe(exc: BaseException, _: Any) -> str:
        leaves.append(exc)
        return cattrs.v.format_exception(exc, _)

    messages = cattrs.transform_error(error, path="$", format_exception=describe)
    if not messages:
        return SerializationError(str(error))
    message, _, path = messages[0].rpartition(" @ ")
    inner = leaves[0] if leaves else None
    if isinstance(inner, SerializationError):
        return SerializationError(inner.reason, path + inner.path.removeprefix("$"))
    return SerializationError(message or messages[0], path or "$")
