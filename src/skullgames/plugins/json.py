"""Building blocks of a game's JSON: codecs that write a value, read it back and state it.

A game's entry names two required parts made of these: ``codecs``, ``{type: Codec}`` for
each of its types that has a JSON document of its own (config, state, observation, move,
...), and ``configure_json``, ``configure(converter)``, which registers them on a cattrs
converter (usually ``configure_game(converter, CODECS, MOVES)``). With them
:func:`skullgames.to_json`, :func:`skullgames.from_json`, the schemas
(:mod:`skullgames.schemas`) and the table server work for the game.

Each codec turns a value into plain JSON data (:meth:`Codec.dump`), reads such data back
checking every type exactly (:meth:`Codec.load`, raising
:class:`~skullgames.SerializationError` with the JSON path of the first problem), and
gives its JSON Schema (:meth:`Codec.schema`), so that the writer, the reader and the
schema cannot disagree. A saved state is a :class:`SavedGame`: its config, seed and moves,
loaded by replaying the moves through the game's own rules.

Public names (stable, as the rest of the API):

- the codec and its schema: :class:`Codec`, :class:`Definitions`,
  :func:`document_schema`, :data:`SCHEMA_DIALECT`;
- values: :class:`Integer`, :class:`IntegerIn`, :class:`Boolean`, :class:`EnumValue`,
  :class:`Text` (with :func:`anchored` for its pattern and :func:`word_in` for a reader
  of words), :class:`Nullable`, :class:`Array`, :class:`Pair`, :class:`Custom`;
- objects: :class:`Record`, :class:`Field`, :data:`OWN_DEFAULT`, :class:`Overlay`,
  :class:`Tagged` (the moves), :func:`one_move`, :func:`check_seat` (an observation's
  ``seat`` against its ``config.players``);
- a saved game: :class:`SavedGame`;
- the hooks: :func:`configure_game`, :func:`register`.

The library's own games are written with the same names (``skullgames.king._serialize``).
"""

from __future__ import annotations

from skullgames._checks import word_in
from skullgames._codec import (
    OWN_DEFAULT,
    SCHEMA_DIALECT,
    Array,
    Boolean,
    Codec,
    Custom,
    Definitions,
    EnumValue,
    Field,
    Integer,
    IntegerIn,
    Nullable,
    Overlay,
    Pair,
    Record,
    SavedGame,
    Tagged,
    Text,
    check_seat,
    configure_game,
    document_schema,
    one_move,
    register,
)
from skullgames._json import anchored

__all__ = ["OWN_DEFAULT", "SCHEMA_DIALECT", "Array", "Boolean", "Codec", "Custom",
           "Definitions", "EnumValue", "Field", "Integer", "IntegerIn", "Nullable",
           "Overlay", "Pair", "Record", "SavedGame", "Tagged", "Text", "anchored",
           "check_seat", "configure_game", "document_schema", "one_move", "register",
           "word_in"]
