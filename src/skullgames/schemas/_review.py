"""The JSON Schema of a game's review: what ``skullgames review --json`` prints.

The rules are the game's own config document, copied in whole: one branch per
registered game, chosen by the document's ``game``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from skullgames.schemas._serve import _DRAFT, _by_game, _Defs, _nullable, _obj

__all__ = ["REVIEW_NAMES", "review_schema"]

REVIEW_NAMES = ("review-result",)
"""The names of the review's schemas."""

_COUNT = {"type": "integer", "minimum": 0, "maximum": 2**53 - 1}
_SEAT = {"type": "integer", "minimum": 0, "maximum": 99}
_MOVE = {"type": "string", "minLength": 1, "description": "a move in the game's notation"}
_LOSS = {"type": "number", "minimum": 0}


def review_schema(name: str, games: Sequence[str],
                  named: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """The schema called ``name`` (one of :data:`REVIEW_NAMES`) for the registered ``games``.

    ``named`` gives a game's shipped schema by name (``"king-config"``).
    """
    if name not in REVIEW_NAMES:
        raise KeyError(f"no schema {name!r} (one of {', '.join(REVIEW_NAMES)})")
    defs = _Defs(named)
    value = defs.add("move_value", _obj(
        "One move weighed at a decision and its value: the round's expected points to the "
        "seat after it, as the expert values a round (the mean over its searched worlds).",
        {"move": _MOVE, "value": {"type": "number"}}))
    decision = defs.add("decision", _obj(
        "One decision: its position in the game's history (index), the seat, the round "
        "and the kind of move (bid, play, place, ...); the move played and the best; each "
        "move weighed (none when forced: the only legal move); and the loss, the best "
        "value less the played move's.",
        {"index": _COUNT, "seat": _SEAT, "round": {"type": "integer", "minimum": 1},
         "kind": {"type": "string", "minLength": 1}, "move": _MOVE, "best": _MOVE,
         "loss": _LOSS, "forced": {"type": "boolean"},
         "values": {"type": "array", "items": value}}))
    seat = defs.add("seat", _obj(
        "One seat's decisions summed up: how many, their total and mean loss, the total "
        "loss from each kind of move, and its three costliest decisions, costliest first.",
        {"seat": _SEAT, "decisions": _COUNT, "total_loss": _LOSS, "mean_loss": _LOSS,
         "loss_by_kind": {"type": "object", "additionalProperties": _LOSS},
         "costliest": {"type": "array", "items": decision, "maxItems": 3}}))
    body = _obj(
        "A game's review (skullgames review --json, skullgames.Review.to_dict): every "
        "decision of the seats reviewed, valued by the game's expert from what the seat "
        "could see when it decided.",
        {"format": {"const": "skullgames/review"}, "version": {"const": 1},
         "game": {"enum": list(games)}, "config": {"type": "object"},
         "players": {"type": "integer", "minimum": 2},
         "seed": {"type": "integer"},
         "worlds": _nullable({"type": "integer", "minimum": 1}),
         "seconds": _nullable({"type": "number", "exclusiveMinimum": 0}),
         "moves": _COUNT, "finished": {"type": "boolean"},
         "decisions": {"type": "array", "items": decision},
         "seats": {"type": "array", "items": seat}})
    body.update(_by_game(games, lambda g: {"config": defs.document(f"{g}-config")}))
    return {"$schema": _DRAFT, "title": "skullgames review result", **body,
            "$defs": defs.defs}
