"""The JSON Schemas of what the table server (``skullgames serve``) sends.

A view, an event, a table, a join link and an error. The parts that are a game's own
documents (its config, observation, trick result and round summary) are that game's
schemas, copied in whole, so a view's observation is checked exactly as an observation
is: one branch per registered game, chosen by the document's ``game``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Sequence
from typing import Any

__all__ = ["SERVE_NAMES", "serve_schema"]

SERVE_NAMES = ("serve-view", "serve-event", "serve-table", "serve-join", "serve-error",
               "serve-index", "serve-hint", "serve-review")
"""The names of the table server's schemas."""

_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_ID = {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}
_TOKEN = {"type": "string", "pattern": "^[A-Za-z0-9_-]{32,100}$"}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 99}
_SEATS = {"type": "array", "items": _SEAT}
_INT = {"type": "integer", "minimum": -(2**53 - 1), "maximum": 2**53 - 1}


def _obj(description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "description": description, "properties": properties,
            "required": list(properties), "additionalProperties": False}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [{"type": "null"}, schema]}


class _Defs:
    """The ``$defs`` of a schema being built, with the games' documents copied in."""

    def __init__(self, named: Callable[[str], dict[str, Any]]) -> None:
        self.named = named
        self.defs: dict[str, Any] = {}

    def document(self, name: str) -> dict[str, Any]:
        """A ``$ref`` to the shipped schema ``name`` (``"king-observation"``), copied in."""
        if name not in self.defs:
            schema = copy.deepcopy(self.named(name))
            inner = schema.pop("$defs", {})
            schema.pop("$schema", None)
            for key, value in inner.items():
                self.defs[f"{name}.{key}"] = _renamed(value, name)
            self.defs[name] = _renamed(schema, name)
        return {"$ref": f"#/$defs/{name}"}

    def add(self, name: str, schema: dict[str, Any]) -> dict[str, Any]:
        self.defs[name] = schema
        return {"$ref": f"#/$defs/{name}"}


def _renamed(value: Any, prefix: str) -> Any:
    """``value`` with each ``#/$defs/X`` reference made ``#/$defs/<prefix>.X``."""
    if isinstance(value, dict):
        return {key: (f"#/$defs/{prefix}.{item[len('#/$defs/'):]}"
                      if key == "$ref" and isinstance(item, str)
                      and item.startswith("#/$defs/") else _renamed(item, prefix))
                for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, prefix) for item in value]
    return value


def _event(defs: _Defs, game: str, documents: Collection[str]) -> dict[str, Any]:
    def finished(kind: str) -> dict[str, Any]:  # a game without tricks sends none
        name = f"{game}-{kind}"
        return _nullable(defs.document(name)) if name in documents else {"type": "null"}

    return defs.add(f"{game}.event", _obj(
        "One move as the seat that asked sees it: the game's observe_move (a move the "
        "rules hide reads as what shows of it, hidden true, kind what it was), and the "
        "trick or round it finished.",
        {"index": {"type": "integer", "minimum": 0},
         "seat": _nullable(_SEAT),
         "move": {"type": "string"},
         "hidden": {"type": "boolean"},
         "kind": _nullable({"type": "string"}),
         "trick": finished("trick-result"),
         "round": finished("round-summary")}))


def _join() -> dict[str, Any]:
    return _obj("A person's seat at a table: the token to send as Authorization: Bearer, "
                "and the page's link that joins with it.",
                {"table": _ID, "seat": _SEAT, "token": _TOKEN, "link": {"type": "string"}})


def _hint() -> dict[str, Any]:
    value = _obj("A move and its value: the round's expected points to the seat after it, "
                 "as the expert values the round (the mean over the worlds it searched).",
                 {"move": {"type": "string", "minLength": 1}, "value": {"type": "number"}})
    return _obj("GET /api/games/ID/hint: the move the game's expert would play at the "
                "seat's turn (next is the number of moves so far), and each move it weighed "
                "with its value, best first, from the seat's observation only.",
                {"id": _ID, "next": {"type": "integer", "minimum": 0}, "seat": _SEAT,
                 "worlds": {"type": "integer", "minimum": 1},
                 "best": {"type": "string", "minLength": 1},
                 "moves": {"type": "array", "items": value, "minItems": 1}})


def _review(defs: _Defs, game: dict[str, Any]) -> dict[str, Any]:
    """The review of one seat: the parts of ``review-result``, and a picture a decision."""
    parts = defs.named("review-result")["$defs"]
    defs.add("move_value", copy.deepcopy(parts["move_value"]))
    defs.add("decision", copy.deepcopy(parts["decision"]))
    summary = defs.add("seat", copy.deepcopy(parts["seat"]))
    pictured = copy.deepcopy(parts["decision"])
    pictured["description"] += (" With svg, the picture of the table as the seat saw it "
                                "when it decided.")
    pictured["properties"]["svg"] = {"type": "string", "minLength": 1}
    pictured["required"].append("svg")
    decision = defs.add("pictured_decision", pictured)
    return _obj("GET /api/games/ID/review: the asking seat's decisions in the finished game, "
                "valued by the game's expert from what the seat saw (skullgames.review of "
                "that seat, worlds a decision, seed), its summary, and every decision "
                "costliest first.",
                {"id": _ID, "game": game, "seat": _SEAT,
                 "worlds": {"type": "integer", "minimum": 1}, "seed": {"type": "integer"},
                 "summary": summary, "decisions": {"type": "array", "items": decision}})


def _by_game(games: Sequence[str], parts: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """One branch per game, chosen by the document's ``game``."""
    return {"oneOf": [{"properties": {"game": {"const": game}, **parts(game)}}
                      for game in games]}


def serve_schema(name: str, games: Sequence[str], named: Callable[[str], dict[str, Any]],
                 documents: Collection[str]) -> dict[str, Any]:
    """The schema called ``name`` (one of :data:`SERVE_NAMES`) for the registered ``games``.

    ``named`` gives a game's schema by name (``"king-observation"``), one of
    ``documents``: a game whose values have no finished trick (or round summary) has no
    such document, and its events send ``null`` for it.
    """
    defs = _Defs(named)
    game = {"enum": list(games)}
    players = {"type": "array", "items": {"type": "string"}, "minItems": 1,
               "description": "who plays each seat: \"human\" or a bot's name"}
    if name == "serve-index":
        body = _obj("GET /api: the games with their bots, and the default table.",
                    {"games": {"type": "object", "propertyNames": game,
                               "additionalProperties": _obj(
                                   "A game: its title and the names of its bots.",
                                   {"title": {"type": "string"},
                                    "bots": {"type": "array", "items": {"type": "string"}}})},
                     "defaults": _obj("The table a new table is unless the request says "
                                      "otherwise.",
                                      {"game": game, "config": {"type": "object"},
                                       "seats": players})})
        body["properties"]["defaults"].update(_by_game(games, lambda g: {
            "config": defs.document(f"{g}-config")}))
        title = "skullgames serve index"
    elif name == "serve-error":
        body = _obj("A refused request: the reason, for people, and the HTTP status.",
                    {"error": {"type": "string"},
                     "status": {"type": "integer", "minimum": 400, "maximum": 599}})
        title = "skullgames serve error"
    elif name == "serve-join":
        body = _join()
        title = "skullgames serve join link"
    elif name == "serve-event":
        body = {"anyOf": [_event(defs, g, documents) for g in games]}
        title = "skullgames serve event"
    elif name == "serve-table":
        body = _obj("A new table, as its creator receives it: who plays each seat and a "
                    "join link per person.",
                    {"id": _ID, "game": game, "title": {"type": "string"},
                     "config": {"type": "object"}, "players": players,
                     "hints": {"type": "boolean",
                               "description": "whether the table was made with hints on "
                                              "for every seat"},
                     "joins": {"type": "array", "items": defs.add("join", _join())}})
        body.update(_by_game(games, lambda g: {"config": defs.document(f"{g}-config")}))
        title = "skullgames serve table"
    elif name == "serve-view":
        body = _obj(
            "What one seat sees of a table: the game's observe for that seat, the moves "
            "from the asked-for one as the game's observe_move shows them (next is the "
            "index of the move after the last), and the seed once the game is over.",
            {"id": _ID, "game": game, "title": {"type": "string"}, "seat": _SEAT,
             "players": players, "config": {"type": "object"},
             "seed": _nullable({"anyOf": [
                 {"type": "integer", "minimum": 0, "maximum": 2**53 - 1},
                 {"type": "string", "pattern": "^(?:[0-9]{1,39})(?!\\n)$",
                  "description": "a seed beyond 2**53 - 1 (a drawn one: 128 secret "
                                 "bits), as its digits"}]}),
             "to_move": _nullable(_SEAT), "over": {"type": "boolean"},
             "scores": {"type": "array", "items": _INT}, "winners": _SEATS,
             "legal_moves": _nullable({"type": "array", "items": {"type": "string"}}),
             "observation": {"type": "object"}, "svg": {"type": "string"},
             "events": {"type": "array"}, "next": {"type": "integer", "minimum": 0},
             "hints": {"type": "boolean",
                       "description": "whether this seat may ask for the expert's hints: "
                                      "alone with bots, or at a table made with hints on"},
             "rematch": _nullable(_obj(
                 "The rematch of a finished game, once a seat has asked for one: its table "
                 "and the link that joins it with this seat's own token.",
                 {"table": _ID, "link": {"type": "string"}}))})
        body.update(_by_game(games, lambda g: {
            "config": defs.document(f"{g}-config"),
            "observation": defs.document(f"{g}-observation"),
            "events": {"items": _event(defs, g, documents)}}))
        title = "skullgames serve view"
    elif name == "serve-hint":
        body = _hint()
        title = "skullgames serve hint"
    elif name == "serve-review":
        body = _review(defs, game)
        title = "skullgames serve review"
    else:
        raise KeyError(f"no schema {name!r} (one of {', '.join(SERVE_NAMES)})")
    return {"$schema": _DRAFT, "title": title, **body,
            **({"$defs": defs.defs} if defs.defs else {})}
