"""JSON for every public value: one cattrs converter, stable tags, validated loading.

>>> from skullgames import from_json, to_json
>>> from skullgames.king import Bid
>>> to_json(Bid(3))
'{"type":"bid","n":3}'
>>> from_json('{"type": "bid", "n": 3}', Bid)
Bid(3)
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import cattrs
from cattrs.errors import ClassValidationError, IterableValidationError

from skullgames.errors import SerializationError, SkullgamesError

__all__ = [
    "FORMAT_VERSION",
    "configure_converter",
    "from_json",
    "make_converter",
    "to_json",
]

T = TypeVar("T")
E = TypeVar("E", bound=enum.Enum)
S = TypeVar("S")

FORMAT_VERSION = 1
"""The version written into every saved state; loading refuses any other."""

def configure_converter(converter: cattrs.Converter) -> None:
    """Register the hooks of every skullgames type on ``converter``.

    Use this to teach your own converter about skullgames values, for example when a
    skullgames state is a field of one of your own attrs classes.
    """
    # Imported here: the game packages import this module's helpers.
    from skullgames.king import _serialize as king_json
    from skullgames.queen import _serialize as queen_json

    king_json.configure(converter)
    queen_json.configure(converter)


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


def from_json(text: str | bytes, cls: type[T]) -> T:
    """Load a value of type ``cls`` from JSON text written by :func:`to_json`.

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


def expect_int(data: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    """Check that ``data`` is an integer (not a bool) within ``low..high``."""
    if isinstance(data, bool) or not isinstance(data, int):
        raise SerializationError(f"expected an integer, got {_kind(data)}", path)
    if (low is not None and data < low) or (high is not None and data > high):
        raise SerializationError(f"{data} is out of range {low}..{high}", path)
    return data


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


def check_header(data: Any, format_name: str) -> dict[str, Any]:
    """Check the ``format`` and ``version`` fields of a saved document."""
    doc = expect_dict(data, "$", ("format", "version"))
    if doc["format"] != format_name:
        raise SerializationError(
            f"expected format {format_name!r}, got {doc['format']!r}", "$.format"
        )
    if type(doc["version"]) is not int or doc["version"] != FORMAT_VERSION:
        raise SerializationError(
            f"unsupported version {doc['version']!r} (this library reads {FORMAT_VERSION})",
            "$.version",
        )
    return doc


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
        raise SerializationError(f"{data!r} is not one of {allowed}", path) from None


def expect_parsed(parse: Callable[[str], T], data: Any, path: str) -> T:
    """Read a value written as text (a card, a move), with the parser's error at ``path``."""
    try:
        return parse(expect_str(data, path))
    except SkullgamesError as error:
        raise SerializationError(str(error), path) from None


def move_hook(cls: type, structure_move: Callable[[Any, str], Any]) -> Callable[[Any, Any], Any]:
    """A structure hook for one move class, refusing a move of another type."""
    def hook(data: Any, _: Any) -> Any:
        move = structure_move(data, "$")
        if type(move) is not cls:
            raise SerializationError(f"expected a {cls.__name__.lower()}, got {move!r}", "$.type")
        return move
    return hook


class GameRules(Protocol[S]):
    """What :func:`save_game` and :func:`load_game` need of a game package."""

    @property
    def format_name(self) -> str:
        """The ``format`` written into saved states."""

    @property
    def deal_type(self) -> type:
        """The class of the game's deals, which a seeded game's save leaves out."""

    def new_game(self, config: Any, *, seed: int | None, auto_deal: bool) -> S:
        """Start a game (``skullgames.<game>.new_game``)."""

    def apply(self, state: S, move: Any) -> S:
        """Apply a move (``skullgames.<game>.apply``)."""

    def is_over(self, state: S) -> bool:
        """Whether the game is over."""

    def replay_fast(self, state: S, entries: list[Any], start: int) -> tuple[S, int]:
        """Replay ``entries[start:]`` as far as a fast path goes, without a state per move.

        Returns the state reached and the index of the first entry not taken; the loader
        applies that one through :meth:`apply` (which words any error) and calls again. A
        game without a fast path returns ``(state, start)``.
        """

    def parse_move(self, text: str) -> Any:
        """Read a move from its text."""

    def structure_move(self, data: Any, path: str) -> Any:
        """Read a move from its tagged object."""

    def structure_config(self, data: Any, path: str) -> Any:
        """Read a config."""

    def unstructure_config(self, config: Any) -> dict[str, Any]:
        """Write a config."""

    def unstructure_deal(self, deal: Any) -> dict[str, Any]:
        """Write a deal."""


def save_game(state: Any, rules: GameRules[Any]) -> dict[str, Any]:
    """A saved game: its config, seed and moves; the deals only when not dealt from the seed.

    Both games save this way.
    """
    deal_type = rules.deal_type
    moves = [
        str(move) if type(move) is not deal_type else rules.unstructure_deal(move)
        for move in state.history
        if not (state.auto_deal and type(move) is deal_type)
    ]
    return {
        "format": rules.format_name,
        "version": FORMAT_VERSION,
        "config": rules.unstructure_config(state.config),
        "seed": state.seed,
        "auto_deal": state.auto_deal,
        "moves": moves,
    }


def load_game(data: Any, rules: GameRules[S]) -> S:
    """Rebuild a saved game by replaying its moves through the rules engine.

    Every move is checked as ``apply`` checks it, so the state loaded is one the engine
    produced; anything wrong is a :class:`SerializationError` naming the move's path. The
    game's fast path (:meth:`GameRules.replay_fast`) takes the moves it can, and
    :meth:`GameRules.apply` each one it stops at.
    """
    doc = check_header(data, rules.format_name)
    expect_only(doc, "$", ("format", "version", "config", "seed", "auto_deal", "moves"))
    for key in ("config", "seed", "auto_deal", "moves"):
        if key not in doc:
            raise SerializationError(f"missing field {key!r}", "$")
    config = rules.structure_config(doc["config"], "$.config")
    auto_deal = expect_bool(doc["auto_deal"], "$.auto_deal")
    seed = doc["seed"]
    if seed is not None:
        seed = expect_int(seed, "$.seed")
    elif auto_deal:
        raise SerializationError("a game dealt automatically records its seed", "$.seed")
    state = rules.new_game(config, seed=seed, auto_deal=auto_deal)
    entries = expect_list(doc["moves"], "$.moves")
    i = 0
    while i < len(entries):
        state, i = rules.replay_fast(state, entries, i)
        if i == len(entries):
            break
        path = f"$.moves[{i}]"
        entry = entries[i]
        if isinstance(entry, str):
            move = expect_parsed(rules.parse_move, entry, path)
        else:
            move = rules.structure_move(entry, path)
        if rules.is_over(state):
            raise SerializationError("a move after the end of the game", path)
        try:
            state = rules.apply(state, move)
        except SkullgamesError as error:
            raise SerializationError(f"{move}: {error}", path) from None
        i += 1
    return state
