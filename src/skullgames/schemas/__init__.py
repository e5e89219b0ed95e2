"""JSON Schemas (draft 2020-12) of every document the library writes, for both games.

Each schema is made from the same description of the document that writes and reads it,
so the three cannot disagree. :func:`json_schema` gives one as a dict; the package ships
them as files too (``skullgames/schemas/king-state.schema.json`` and so on, one per
:data:`SCHEMA_NAMES` entry), which ``skullgames schema NAME`` prints and which
``python -m skullgames.schemas DIRECTORY`` writes again.

>>> from skullgames import json_schema, king
>>> schema = json_schema(king.State)
>>> schema["$schema"], schema["title"]
('https://json-schema.org/draft/2020-12/schema', 'Skull King saved game')
>>> schema["properties"]["format"]
{'const': 'skullgames.king/state'}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, overload

from skullgames._registered import loaded_games
from skullgames.plugins import document_types
from skullgames.plugins.json import Codec, document_schema
from skullgames.registry import GAMES
from skullgames.schemas._match import MATCH_NAMES, match_schema
from skullgames.schemas._review import REVIEW_NAMES, review_schema
from skullgames.schemas._serve import SERVE_NAMES, serve_schema

__all__ = ["SCHEMA_NAMES", "json_schema", "schema_named", "schema_text", "shipped_path",
           "write_all"]

_TITLES = {  # file name part: title part
    "state": "saved game",
    "observation": "observation",
    "move": "move",
    "config": "config",
    "trick-result": "trick result",
    "round-result": "round result",
    "round-summary": "round summary",
}


def _codecs(game: Any) -> Mapping[Any, Codec[Any]]:
    """The codecs of a game's types (its entry's ``codecs`` part)."""
    codecs: Mapping[Any, Codec[Any]] = game.codecs
    return codecs


def _documents(games: Iterable[Any] | None = None) -> dict[str, tuple[Any, Any, str]]:
    """Every schema of ``games`` (every game by default) by name: ``"king-state"`` -> ....

    Each is (type, codec, title).
    A game's types are found by what its entry and the contract of its values name
    (:func:`skullgames.plugins.document_types`), never by a class's name.
    """
    documents: dict[str, tuple[Any, Any, str]] = {}
    for game in GAMES.values() if games is None else games:
        codecs = _codecs(game)
        types = {"state": game.State, "observation": game.Observation, "move": game.Move,
                 "config": game.Config, **document_types(game)}
        for file_part, title in _TITLES.items():
            cls = types.get(file_part)
            if cls is not None and cls in codecs:
                documents[f"{game.name}-{file_part}"] = (cls, codecs[cls],
                                                         f"{game.title} {title}")
    return documents


class _SchemaNames(Sequence[str]):
    """The names of the schemas, read from the registry each time (a game may be added)."""

    def _names(self) -> tuple[str, ...]:
        return (*_documents(), *SERVE_NAMES, *MATCH_NAMES, *REVIEW_NAMES)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __repr__(self) -> str:
        return repr(self._names())


def loaded_schema_names() -> tuple[str, ...]:
    """The names of the schemas of the games loaded so far, loading no installed game."""
    return (*_documents(loaded_games()), *SERVE_NAMES, *MATCH_NAMES)


SCHEMA_NAMES: Sequence[str] = _SchemaNames()
"""The names of the shipped schemas: ``"king-state"``, ``"queen-observation"``, ..., the
table server's documents, ``"serve-view"``, ``"serve-event"``, ``"serve-table"``,
``"serve-join"``, ``"serve-error"``, ``"serve-index"``, ``"serve-hint"``,
``"serve-review"``, and a match's result,
``"match-result"`` (``skullgames match --json``), and a game's review,
``"review-result"`` (``skullgames review --json``). A sequence read from
:data:`skullgames.GAMES` when it is used (so that importing this module loads no
installed package's game), with the documents of every registered game."""


def json_schema(cls: Any) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of what :func:`~skullgames.to_json` writes for ``cls``.

    ``cls`` is any skullgames type with a JSON form of its own: a game's ``State``,
    ``Observation``, ``Move``, ``Config``, its finished trick, round and round summary
    (Skull King's ``TrickResult``, ``RoundResult``, ``RoundSummary``), and the smaller
    records inside them. Anything else is a
    ``TypeError``.

    >>> from skullgames import json_schema, queen
    >>> sorted(json_schema(queen.Move)["$defs"])
    ['Card', 'Side']
    """
    try:
        hash(cls)
    except TypeError:  # a list, a dict: no type at all
        raise TypeError(f"no JSON schema for {cls!r}: not a skullgames type with a "
                        "document") from None
    for document, codec, title in _documents().values():
        if document is cls:
            return document_schema(codec, title)
    for game in GAMES.values():
        codecs = _codecs(game)
        if cls in codecs:
            return document_schema(codecs[cls], f"{game.title} {cls.__name__}")
    raise TypeError(f"no JSON schema for {cls!r}: not a skullgames type with a document")


def schema_named(name: str) -> dict[str, Any]:
    """The schema called ``name`` (one of :data:`SCHEMA_NAMES`); ``KeyError`` otherwise."""
    documents = _documents()
    if name in SERVE_NAMES:
        return serve_schema(name, tuple(GAMES), schema_named, tuple(documents))
    if name in MATCH_NAMES:
        return match_schema(name, tuple(GAMES), schema_named)
    if name in REVIEW_NAMES:
        return review_schema(name, tuple(GAMES), schema_named)
    if name not in documents:
        raise KeyError(f"no schema {name!r} (one of {', '.join(SCHEMA_NAMES)})")
    _, codec, title = documents[name]
    return document_schema(codec, title)


def schema_text(name: str) -> str:
    """The schema called ``name`` as the text of its shipped file."""
    return json.dumps(schema_named(name), indent=2, ensure_ascii=False) + "\n"


def shipped_path(name: str) -> Path:
    """Where the package keeps the schema file called ``name``."""
    return Path(__file__).with_name(f"{name}.schema.json")


def write_all(directory: Path) -> list[Path]:
    """Write every schema file into ``directory``; return the paths written."""
    written = []
    for name in tuple(SCHEMA_NAMES):
        path = directory / f"{name}.schema.json"
        path.write_text(schema_text(name), encoding="utf-8")
        written.append(path)
    return written
