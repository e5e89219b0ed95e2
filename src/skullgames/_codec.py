"""Codecs: one description of a JSON document shape that writes it, reads it and states it.

Each codec turns a Python value into plain JSON data (:meth:`Codec.dump`), reads such data
back checking every type exactly (:meth:`Codec.load`, raising
:class:`~skullgames.SerializationError` with the JSON path of the first problem), and
gives its JSON Schema (:meth:`Codec.schema`). The game modules describe their values with
these few building blocks, so the writer, the reader and the schema cannot disagree.

Reading never iterates a string as if it were an array and never builds a message from a
whole bad value, so refusing a huge bad document costs time linear in its size.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from skullgames._checks import MAX_SAFE_INTEGER
from skullgames._entry import Game
from skullgames._json import (
    FORMAT_VERSION,
    LONGEST_TEXT,
    SEED_DIGITS,
    dump_seed,
    expect_bool,
    expect_dict,
    expect_int,
    expect_list,
    expect_only,
    expect_parsed,
    expect_str,
    rule_error,
    shown,
)
from skullgames._registered import game_writing
from skullgames._replay import replay_saved
from skullgames.errors import SerializationError, SkullgamesError

T = TypeVar("T")

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class Definitions:
    """The ``$defs`` of a schema being built: each named codec is written once."""

    def __init__(self) -> None:
        self.defs: dict[str, dict[str, Any]] = {}

    def ref(self, name: str, codec: Codec[Any]) -> dict[str, Any]:
        """A reference to ``codec``'s schema under ``name``, adding it on first use."""
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder first: a codec may refer to itself
            self.defs[name] = codec.schema(self)
        return {"$ref": f"#/$defs/{name}"}


class Codec(Generic[T]):
    """How one kind of value is written as JSON, read back and described."""

    def dump(self, value: T) -> Any:
        """The plain JSON data of ``value``."""
        raise NotImplementedError

    def load(self, data: Any, path: str) -> T:
        """Read a value from plain JSON data found at ``path``."""
        raise NotImplementedError

    def schema(self, defs: Definitions) -> dict[str, Any]:
        """The JSON Schema of what :meth:`dump` writes."""
        raise NotImplementedError


def document_schema(codec: Codec[Any], title: str, description: str = "") -> dict[str, Any]:
    """The complete schema (draft 2020-12) of a document written by ``codec``."""
    defs = Definitions()
    body = codec.schema(defs)
    ref = body.get("$ref", "")
    if ref.startswith("#/$defs/") and len(body) == 1:  # the document itself, written inline
        name = ref.removeprefix("#/$defs/")
        inline = defs.defs.pop(name)
        if ref in json.dumps(defs.defs):  # referred to from inside: keep the definition
            defs.defs[name] = inline
        else:
            body = inline
    doc: dict[str, Any] = {"$schema": SCHEMA_DIALECT, "title": title}
    if description:
        doc["description"] = description
    doc.update(body)
    if defs.defs:
        doc["$defs"] = dict(sorted(defs.defs.items()))
    return doc


class Integer(Codec[int]):
    """An integer (never a boolean or a float) within ``low..high``."""

    def __init__(self, low: int = -MAX_SAFE_INTEGER, high: int = MAX_SAFE_INTEGER) -> None:
        self.low, self.high = low, high

    def dump(self, value: int) -> int:
        return value

    def load(self, data: Any, path: str) -> int:
        return expect_int(data, path, self.low, self.high)

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.low, "maximum": self.high}


class IntegerIn(Codec[int]):
    """An integer, one of a few ``values`` (a wager's points)."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = tuple(values)

    def dump(self, value: int) -> int:
        return value

    def load(self, data: Any, path: str) -> int:
        number = expect_int(data, path)
        if number not in self.values:
            allowed = ", ".join(map(str, self.values))
            raise SerializationError(f"{number} is not one of {allowed}", path)
        return number

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return {"enum": list(self.values)}


class Boolean(Codec[bool]):
    """``true`` or ``false``."""

    def dump(self, value: bool) -> bool:
        return value

    def load(self, data: Any, path: str) -> bool:
        return expect_bool(data, path)

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return {"type": "boolean"}


E = TypeVar("E", bound=enum.Enum)


class EnumValue(Codec[E]):
    """A member of an enumeration, written as its value."""

    def __init__(self, cls: type[E]) -> None:
        self.cls = cls
        self.by_value = {member.value: member for member in cls}

    def dump(self, value: E) -> Any:
        return value.value

    def load(self, data: Any, path: str) -> E:
        if isinstance(data, (str, int)) and not isinstance(data, bool):
            member = self.by_value.get(data)
            if member is not None:
                return member
        allowed = ", ".join(repr(value) for value in self.by_value)
        raise SerializationError(f"{shown(data)} is not one of {allowed}", path)

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return defs.ref(self.cls.__name__, _Schema({"enum": list(self.by_value)}))


class Text(Codec[T]):
    """A value written as its text (a card, a move in notation), read with ``parse``.

    Documents hold the text exactly as the library writes it: ``values`` lists every such
    text when there are few enough to name them all, else ``pattern`` (a JSON Schema
    pattern, see :func:`~skullgames._json.anchored`) matches them; both are the schema's
    and the reader's. ``accept`` checks the parsed value's type (a play, not a bid).
    """

    def __init__(self, name: str, parse: Callable[[str], T], *,
                 accept: tuple[type, ...] | None = None, values: Sequence[str] = (),
                 pattern: str = "", description: str = "") -> None:
        self.name, self.parse, self.accept = name, parse, accept
        self.values, self.description = tuple(values), description
        self.allowed = frozenset(self.values)
        self.pattern = pattern
        self.regex = re.compile(pattern) if pattern else None

    def dump(self, value: T) -> str:
        return str(value)

    def load(self, data: Any, path: str) -> T:
        text = expect_str(data, path)
        if self.allowed:
            written = text in self.allowed
        elif self.regex is not None:
            written = len(text) <= LONGEST_TEXT and self.regex.search(text) is not None
        else:
            written = True
        value = expect_parsed(self.parse, text, path)  # the parser's words for nonsense
        if self.accept is not None and type(value) not in self.accept:
            raise SerializationError(f"expected {self.description or self.name}, "
                                     f"got {shown(data)}", path)
        if not written:
            raise SerializationError(f"{shown(text)} is written {str(value)!r} in a "
                                     "document", path)
        return value

    def schema(self, defs: Definitions) -> dict[str, Any]:
        body: dict[str, Any] = {"type": "string"}
        if self.values:
            body["enum"] = list(self.values)
        elif self.pattern:
            body["pattern"] = self.pattern
        if self.description:
            body["description"] = self.description
        return defs.ref(self.name, _Schema(body))


class Nullable(Codec[T | None]):
    """A value or ``null``."""

    def __init__(self, inner: Codec[T]) -> None:
        self.inner = inner

    def dump(self, value: T | None) -> Any:
        return None if value is None else self.inner.dump(value)

    def load(self, data: Any, path: str) -> T | None:
        return None if data is None else self.inner.load(data, path)

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return {"anyOf": [self.inner.schema(defs), {"type": "null"}]}


class Array(Codec[tuple[T, ...]]):
    """An array of values of one kind (a tuple in Python), of a fixed ``length`` if given."""

    def __init__(self, inner: Codec[T], length: int | None = None,
                 most: int | None = None, least: int = 0) -> None:
        self.inner, self.length, self.most, self.least = inner, length, most, least

    def dump(self, value: Sequence[T]) -> list[Any]:
        return [self.inner.dump(item) for item in value]

    def load(self, data: Any, path: str) -> tuple[T, ...]:
        items = expect_list(data, path, self.length)
        if self.most is not None and len(items) > self.most:
            raise SerializationError(f"expected at most {self.most} items, got {len(items)}",
                                     path)
        if len(items) < self.least:
            raise SerializationError(f"expected at least {self.least} items, got "
                                     f"{len(items)}", path)
        load = self.inner.load
        return tuple([load(item, f"{path}[{i}]") for i, item in enumerate(items)])

    def schema(self, defs: Definitions) -> dict[str, Any]:
        body: dict[str, Any] = {"type": "array", "items": self.inner.schema(defs)}
        if self.length is not None:
            body["minItems"] = body["maxItems"] = self.length
        else:
            if self.least:
                body["minItems"] = self.least
            if self.most is not None:
                body["maxItems"] = self.most
        return body


class Pair(Codec[tuple[Any, Any]]):
    """A two-item array of two kinds of value, such as a ``[seat, card]`` trick entry."""

    def __init__(self, first: Codec[Any], second: Codec[Any]) -> None:
        self.first, self.second = first, second

    def dump(self, value: tuple[Any, Any]) -> list[Any]:
        return [self.first.dump(value[0]), self.second.dump(value[1])]

    def load(self, data: Any, path: str) -> tuple[Any, Any]:
        first, second = expect_list(data, path, 2)
        return self.first.load(first, f"{path}[0]"), self.second.load(second, f"{path}[1]")

    def schema(self, defs: Definitions) -> dict[str, Any]:
        first, second = self.first.schema(defs), self.second.schema(defs)
        # prefixItems fixes each place; ``items`` only helps generators that do not read
        # prefixItems (json-schema-to-typescript) to a pair of either kind.
        return {"type": "array", "prefixItems": [first, second],
                "items": {"anyOf": [first, second]}, "minItems": 2, "maxItems": 2}


_REQUIRED = object()

OWN_DEFAULT = object()
"""A :class:`Field`'s default that passes nothing to ``make``: the class's own applies."""


def _within(error: SerializationError, path: str) -> str:
    """The path of ``error``, within the object at ``path`` if it says so.

    A path within the object starts with ``.`` or ``[`` (``.seat``), or is ``""`` for the
    object itself; any other path is kept.
    """
    inner = error.path
    return path + inner if inner == "" or inner.startswith((".", "[")) else inner


class Field:
    """One field of a :class:`Record`: its name, codec and default.

    A field with a default may be absent on input (:data:`OWN_DEFAULT`: the class's own);
    with ``omit`` it is also left out of the output while it holds its default.
    """

    def __init__(self, name: str, codec: Codec[Any], default: Any = _REQUIRED, *,
                 omit: bool = False, description: str = "") -> None:
        self.name, self.codec, self.default, self.omit = name, codec, default, omit
        self.description = description


class Record(Codec[T]):
    """An object of named fields, read into ``make(**fields)`` (usually the class).

    Unknown fields are refused, missing ones too unless they have a default. ``tag``
    makes it a tagged object, ``{"type": tag, ...}``. ``check`` sees the fields read
    before ``make`` and refuses what the schema refuses too (its ``extra`` keywords
    state it); ``rules`` lists the checks of ``make`` that no schema can state, so that
    an error it raises is a :func:`~skullgames._json.rule_error` (without ``rules``, a
    plain :class:`~skullgames.SerializationError`). Errors are reported at the object's
    path, or within it when raised with a path starting with ``.``. ``get`` gives the
    values to write when they are not the attributes.
    """

    def __init__(self, name: str, fields: Sequence[Field], make: Callable[..., T], *,
                 get: Callable[[T], Mapping[str, Any]] | None = None,
                 description: str = "", tag: str | None = None, rules: str = "",
                 check: Callable[[dict[str, Any]], None] | None = None,
                 extra: Mapping[str, Any] | None = None) -> None:
        self.name, self.fields, self.make = name, tuple(fields), make
        self.get, self.tag, self.rules, self.check = get, tag, rules, check
        self.extra = dict(extra or {})
        self.names = tuple(f.name for f in self.fields) + (("type",) if tag else ())
        self.description = description

    def dump(self, value: T) -> dict[str, Any]:
        source = self.get(value) if self.get is not None else None
        doc: dict[str, Any] = {} if self.tag is None else {"type": self.tag}
        for f in self.fields:
            item = source[f.name] if source is not None else getattr(value, f.name)
            if f.omit and item == f.default:
                continue
            doc[f.name] = f.codec.dump(item)
        return doc

    def load(self, data: Any, path: str) -> T:
        doc = expect_dict(data, path)
        expect_only(doc, path, self.names)
        if self.tag is not None:
            if "type" not in doc:
                raise SerializationError("missing field 'type'", path)
            if doc["type"] != self.tag:
                raise SerializationError(f"expected {self.tag!r}, got {shown(doc['type'])}",
                                         f"{path}.type")
        values: dict[str, Any] = {}
        for f in self.fields:
            if f.name in doc:
                values[f.name] = f.codec.load(doc[f.name], f"{path}.{f.name}")
            elif f.default is _REQUIRED:
                raise SerializationError(f"missing field {f.name!r}", path)
            elif f.default is not OWN_DEFAULT:
                values[f.name] = f.default
        if self.check is not None:
            try:
                self.check(values)
            except SerializationError as error:
                raise SerializationError(error.reason, _within(error, path)) from None
        refused = rule_error if self.rules else SerializationError
        try:
            value = self.make(**values)
        except SerializationError as error:
            raise refused(error.reason, _within(error, path)) from None
        except (SkullgamesError, ValueError, TypeError) as error:  # the class refuses them
            raise refused(str(error), path) from None
        return value

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return defs.ref(self.name, _Schema(self.body, lazy=True))

    def body(self, defs: Definitions) -> dict[str, Any]:
        """The schema of the object itself (what :meth:`schema` refers to)."""
        properties: dict[str, Any] = {}
        if self.tag is not None:
            properties["type"] = {"const": self.tag}
        for f in self.fields:
            prop = f.codec.schema(defs)
            if f.description:
                prop = {"description": f.description, **prop}
            properties[f.name] = prop
        body: dict[str, Any] = {"type": "object"}
        description = self.description
        if self.rules:
            description = (f"{description} " if description else "") + (
                f"Rule checks on input that this schema cannot state: {self.rules}")
        if description:
            body["description"] = description
        required = [*(["type"] if self.tag is not None else []),
                    *(f.name for f in self.fields if f.default is _REQUIRED)]
        body["properties"] = properties
        body["required"] = required
        body["additionalProperties"] = False
        body.update(self.extra)
        return body


class Tagged(Codec[Any]):
    """One of several tagged :class:`Record` objects (a game's moves), by ``type``."""

    def __init__(self, name: str, variants: Mapping[type, Record[Any]], what: str) -> None:
        self.name, self.what = name, what
        self.by_class = dict(variants)
        self.by_tag = {record.tag: record for record in variants.values()}
        tags = [str(tag) for tag in self.by_tag]
        self.tags = f"{', '.join(tags[:-1])} or {tags[-1]}"

    def dump(self, value: Any) -> dict[str, Any]:
        record = self.by_class.get(type(value))
        if record is None:
            raise TypeError(f"not {self.what}: {value!r}")
        return record.dump(value)

    def load(self, data: Any, path: str) -> Any:
        doc = expect_dict(data, path, ("type",))
        tag = doc["type"]
        record = self.by_tag.get(tag) if type(tag) is str else None
        if record is None:
            shown_tag = repr(tag) if isinstance(tag, str) and len(tag) <= 40 else "this"
            raise SerializationError(f"unknown move type {shown_tag} ({self.tags})",
                                     f"{path}.type")
        return record.load(doc, path)

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return defs.ref(self.name, _Schema(
            lambda defs: {"oneOf": [r.body(defs) for r in self.by_class.values()]}, lazy=True))


class Custom(Codec[T]):
    """A codec made of three functions, for shapes the building blocks do not cover."""

    def __init__(self, name: str, dump: Callable[[T], Any], load: Callable[[Any, str], T],
                 schema: Callable[[Definitions], dict[str, Any]]) -> None:
        self.name, self._dump, self._load, self._schema = name, dump, load, schema

    def dump(self, value: T) -> Any:
        return self._dump(value)

    def load(self, data: Any, path: str) -> T:
        return self._load(data, path)

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return defs.ref(self.name, _Schema(self._schema, lazy=True))


class _Schema(Codec[Any]):
    """A fixed schema body (or a function of the definitions), for :meth:`Definitions.ref`."""

    def __init__(self, body: Any, *, lazy: bool = False) -> None:
        self.body, self.lazy = body, lazy

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return self.body(defs) if self.lazy else dict(self.body)


def register(converter: Any, cls: Any, codec: Codec[Any]) -> None:
    """Make a cattrs converter write and read ``cls`` with ``codec``."""
    converter.register_unstructure_hook(cls, codec.dump)
    converter.register_structure_hook(cls, lambda data, _: codec.load(data, "$"))


class Overlay(Mapping[str, Any]):
    """An object's attributes, some of them replaced.

    What a :class:`Record` writes when a field is written in another form than the
    attribute holds (tricks as their plays).
    """

    def __init__(self, value: Any, **replaced: Any) -> None:
        self.value, self.replaced = value, replaced

    def __getitem__(self, name: str) -> Any:
        if name in self.replaced:
            return self.replaced[name]
        return getattr(self.value, name)

    def __iter__(self) -> Any:
        return iter(self.replaced)

    def __len__(self) -> int:
        return len(self.replaced)


class SavedGame(Codec[T]):
    """The codec of a saved game: its config, seed and moves, loaded by replaying the moves.

    The deals are left out when they were dealt from the seed; a move is its text
    (``move_text``) or its tagged object (``move``), and ``known_moves`` gives the move of
    each canonical text (``str(move)``), which a save writes, without parsing it.
    ``rule_checks`` lists what replaying the moves checks.

    The codec states the document; what a game is, the game's entry says: saving and
    loading ask the registered :class:`~skullgames.Game` of the codec's ``format_name``
    for its ``Deal`` class and its ``new_game``, ``apply`` and ``is_over``
    (:func:`~skullgames._registered.game_writing`), so the codec is built before the entry
    that names it and imports no game.
    """

    def __init__(self, format_name: str, config: Codec[Any], move_text: Codec[Any],
                 move: Codec[Any], known_moves: Mapping[str, Any], rule_checks: str) -> None:
        self.format_name, self.config, self.move_text, self.move = (
            format_name, config, move_text, move)
        self.known_moves = dict(known_moves)  # a dict for replay_known
        self.rule_checks = rule_checks

    def dump(self, state: T) -> dict[str, Any]:
        deal_type = game_writing(self.format_name).Deal
        saved: Any = state
        moves = [
            str(move) if type(move) is not deal_type else self.move.dump(move)
            for move in saved.history
            if not (saved.auto_deal and type(move) is deal_type)
        ]
        return {
            "format": self.format_name,
            "version": FORMAT_VERSION,
            "config": self.config.dump(saved.config),
            "seed": dump_seed(saved.seed),
            "auto_deal": saved.auto_deal,
            "moves": moves,
        }

    def load(self, data: Any, path: str) -> T:
        return self.replay(game_writing(self.format_name), data, path)

    def replay(self, game: Game[Any, Any, Any, Any], data: Any, path: str = "$",
               read_text: Callable[[str, str], Any] | None = None) -> T:
        """Rebuild a saved game by replaying its moves through ``game``'s rules.

        Every move goes through the game's own ``apply``, so the state loaded is exactly
        the one ``new_game`` and ``apply`` give, and a move that breaks a rule is refused
        in the engine's own words: a :func:`~skullgames._json.rule_error` naming the
        move's path. :meth:`load` replays through the registered game of the format.
        ``read_text(text, path)`` reads a move's text that is not one of ``known_moves``
        (by default ``move_text``, which takes only the texts a save writes).
        """
        text_of = self.move_text.load if read_text is None else read_text
        move_codec = self.move

        def move_of(entry: Any, where: str) -> Any:
            """A move that is not a canonical text: a tagged object or another text."""
            if not isinstance(entry, str):
                return move_codec.load(entry, where)
            return text_of(entry, where)

        loaded: T = replay_saved(data, path, self.format_name, game.new_game, game.apply,
                                 game.is_over, self.config.load, move_of, self.known_moves)
        return loaded

    def schema(self, defs: Definitions) -> dict[str, Any]:
        return defs.ref("State", _Schema(self._schema, lazy=True))

    def _schema(self, defs: Definitions) -> dict[str, Any]:
        return {
            "type": "object",
            "description": "A saved game: its config, seed and moves; loading replays them. "
                           "Rule checks on input that this schema cannot state: the "
                           "config's; a seed within ±(2**128 - 1); " + self.rule_checks,
            "properties": {
                "format": {"const": self.format_name},
                "version": {"const": FORMAT_VERSION},
                "config": self.config.schema(defs),
                "seed": {"anyOf": [
                    Nullable(Integer()).schema(defs),
                    {"type": "string", "pattern": SEED_DIGITS,
                     "description": "a seed outside ±(2**53 - 1), as its digits"}]},
                "auto_deal": {"type": "boolean"},
                "moves": {"type": "array",
                          "items": {"anyOf": [self.move_text.schema(defs),
                                              self.move.schema(defs)]}},
            },
            "required": ["format", "version", "config", "seed", "auto_deal", "moves"],
            "additionalProperties": False,
            "if": {"properties": {"auto_deal": {"const": True}}, "required": ["auto_deal"]},
            "then": {"properties": {"seed": {"not": {"type": "null"}}},
                     "description": "a game dealt automatically records its seed"},
        }


def one_move(cls: type, moves: Tagged) -> Codec[Any]:
    """The codec of one move class: a move of another type is refused at its ``type``."""
    def load_one(data: Any, path: str) -> Any:
        move = moves.load(data, path)
        if type(move) is not cls:
            raise SerializationError(f"expected a {cls.__name__.lower()}, got {move}",
                                     f"{path}.type")
        return move
    record = moves.by_class[cls]
    return Custom(cls.__name__, moves.dump, load_one, record.body)


def configure_game(converter: Any, codecs: Mapping[Any, Codec[Any]], moves: Tagged) -> None:
    """Register a game's codecs on a cattrs converter, and one for each move class."""
    for cls, codec in codecs.items():
        register(converter, cls, codec)
    for move_cls in moves.by_class:
        register(converter, move_cls, one_move(move_cls, moves))


def check_seat(fields: Mapping[str, Any]) -> None:
    """Refuse an observation whose ``seat`` is not a seat of its ``config``."""
    seat, players = fields["seat"], fields["config"].players
    if not seat < players:
        raise SerializationError(f"seat {seat} is not a seat of this {players}-player game",
                                 ".seat")


# An observation read from outside is checked against its config and against itself, so
# that no bot meets one that no game could give. Each check reads the fields by the names
# both games' observations share; a game passes its own field names and phases.


def check_seats_of_game(fields: Mapping[str, Any], names: Sequence[str]) -> None:
    """Refuse a seat field (``to_move``, ``leader``, ``dealer``) that is no seat of the game.

    ``None`` passes: whether a field may be ``None`` is the game's own check.
    """
    players = fields["config"].players
    for name in names:
        seat = fields[name]
        if seat is not None and not seat < players:
            raise SerializationError(f"{name} {seat} is not a seat of this {players}-player "
                                     "game", f".{name}")


def check_per_seat_lengths(fields: Mapping[str, Any], names: Sequence[str], *,
                           may_be_empty: bool = False) -> None:
    """Refuse a per-seat array whose length is not the config's number of players.

    With ``may_be_empty``, an empty array passes too (an option's array before its use).
    """
    players = fields["config"].players
    for name in names:
        length = len(fields[name])
        if length != players and not (may_be_empty and length == 0):
            raise SerializationError(f"{length} entries for a {players}-player game (one "
                                     "per seat)", f".{name}")


def check_round_number(fields: Mapping[str, Any]) -> None:
    """Refuse a ``round_number`` beyond the config's ``round_count``."""
    number, rounds = fields["round_number"], fields["config"].round_count
    if not number <= rounds:
        raise SerializationError(f"round {number} in a game of {rounds} rounds",
                                 ".round_number")


def check_own_hand(fields: Mapping[str, Any]) -> None:
    """Refuse a ``hand`` whose size is not the seat's entry in ``hand_sizes``."""
    seat, held = fields["seat"], len(fields["hand"])
    size = fields["hand_sizes"][seat]
    if held != size:
        raise SerializationError(f"{held} cards in seat {seat}'s hand, whose hand_sizes "
                                 f"entry is {size}", ".hand")


def check_to_move(fields: Mapping[str, Any], nobody_moves: Sequence[Any]) -> None:
    """Refuse a ``to_move`` of ``None`` outside the phases ``nobody_moves``, or a seat in them."""
    phase, to_move = fields["phase"], fields["to_move"]
    idle = phase in nobody_moves
    if idle and to_move is not None:
        raise SerializationError(f"seat {to_move} to move in phase {phase.value}, where "
                                 "nobody moves", ".to_move")
    if not idle and to_move is None:
        raise SerializationError(f"nobody to move in phase {phase.value}", ".to_move")


def check_legal_moves(fields: Mapping[str, Any]) -> None:
    """Refuse ``legal_moves`` for a seat not to move, or none for the seat to move."""
    moves, mover = fields["legal_moves"], fields["to_move"] == fields["seat"]
    if moves and not mover:
        raise SerializationError(f"legal moves for seat {fields['seat']}, which is not to "
                                 "move", ".legal_moves")
    if mover and not moves:
        raise SerializationError(f"no legal moves for seat {fields['seat']}, which is to "
                                 "move", ".legal_moves")


def check_hands_left(fields: Mapping[str, Any], dealt: int, empty_in: Sequence[Any], *,
                     also_played: Sequence[int] = (),
                     drawn: Mapping[int, int] | None = None) -> None:
    """Refuse a ``hand_sizes`` entry other than what is left of the seat's deal.

    That is ``dealt`` less the seat's plays this round (in ``tricks``, in ``trick``, and
    once for each time it is in ``also_played``), more its ``drawn`` cards; no hand
    holds a card in the phases ``empty_in``.
    """
    sizes = fields["hand_sizes"]
    played = [0] * len(sizes)
    seats = [seat for plays in (*(t["plays"] for t in fields["tricks"]), fields["trick"])
             for seat, _ in plays]
    for seat in (*seats, *also_played):
        if seat is not None and seat < len(sizes):
            played[seat] += 1
    idle = fields["phase"] in empty_in
    for seat, size in enumerate(sizes):
        held = 0 if idle else dealt - played[seat] + (drawn or {}).get(seat, 0)
        if size != held:
            raise SerializationError(f"seat {seat} holds {size} cards, where {held} are "
                                     "left of its deal", f".hand_sizes[{seat}]")
