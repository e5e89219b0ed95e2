"""The JSON Schema of a match's result: what ``skullgames match --json`` prints.

The rules are the game's own config document, copied in whole: one branch per
registered game, chosen by the document's ``game``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from skullgames.schemas._serve import _DRAFT, _INT, _by_game, _Defs, _nullable, _obj

__all__ = ["MATCH_NAMES", "match_schema"]

MATCH_NAMES = ("match-result",)
"""The names of the match tool's schemas."""

_NAME = {"type": "string", "minLength": 1}
_NAMES = {"type": "array", "items": _NAME, "minItems": 2}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 2**53 - 1}
_NUMBERS = {"type": "array", "items": {"type": "number"}}
_INTS = {"type": "array", "items": _INT}
_UNIT = {"type": "number", "minimum": 0, "maximum": 1}


def _interval() -> dict[str, Any]:
    return _obj("A mean over deals with its 95% interval, low to high: for a mean score or "
                "difference Student's t with deals - 1 degrees of freedom (method "
                "student-t; low, high and half_width null from one deal), for a share "
                "Wilson's (method wilson), within 0 to 1.",
                {"mean": {"type": "number"}, "low": _nullable({"type": "number"}),
                 "high": _nullable({"type": "number"}),
                 "half_width": _nullable({"type": "number", "minimum": 0}),
                 "deals": {"type": "integer", "minimum": 1},
                 "method": {"enum": ["student-t", "wilson"]}})


def _share() -> dict[str, Any]:
    return _obj("A share over deals (from 0 to 1) with its 95% Wilson interval, low to "
                "high, within 0 to 1 (half_width is half its width).",
                {"mean": _UNIT, "low": _UNIT, "high": _UNIT,
                 "half_width": {"type": "number", "minimum": 0, "maximum": 0.5},
                 "deals": {"type": "integer", "minimum": 1},
                 "method": {"const": "wilson"}})


def match_schema(name: str, games: Sequence[str],
                 named: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """The schema called ``name`` (one of :data:`MATCH_NAMES`) for the registered ``games``.

    ``named`` gives a game's shipped schema by name (``"king-config"``).
    """
    if name not in MATCH_NAMES:
        raise KeyError(f"no schema {name!r} (one of {', '.join(MATCH_NAMES)})")
    defs = _Defs(named)
    interval = defs.add("interval", _interval())
    proportion = defs.add("share", _share())
    bot = defs.add("bot", _obj(
        "One bot's results: seats filled over every game, mean score and win share a seat "
        "(a sole winner's seat 1, each of k tied 1/k), both also seat by seat, and the "
        "share of its bids that were exact (null in a game without bids).",
        {"bot": _NAME, "seats": _COUNT, "score": interval, "win_share": proportion,
         "score_by_seat": _NUMBERS, "win_share_by_seat": _NUMBERS,
         "bid_accuracy": _nullable(proportion), "exact_bids": _nullable(_COUNT),
         "bids": _nullable(_COUNT)}))
    pair = defs.add("pair", _obj(
        "Two bots compared deal by deal: per deal, the mean over its rotations of bot's "
        "mean score a seat minus other's (per_deal, in the order of the deals), and the "
        "share of pairs of their seats where bot scored more (above) or the same (ties).",
        {"bot": _NAME, "other": _NAME, "difference": interval, "above": proportion,
         "ties": {"type": "number", "minimum": 0, "maximum": 1}, "per_deal": _NUMBERS}))
    game = defs.add("game", _obj(
        "One game: deal deal (dealt from seed) under rotation rotation; the bot, final "
        "score, exact bids and bids of each seat (null in a game without bids), and the "
        "winning seats.",
        {"deal": _COUNT, "rotation": _COUNT, "seed": _INT, "bots": _NAMES,
         "scores": _INTS, "winners": {"type": "array", "items": _COUNT, "minItems": 1},
         "exact_bids": _nullable({"type": "array", "items": _COUNT}),
         "bids": _nullable({"type": "array", "items": _COUNT})}))
    body = _obj(
        "A duplicate match (skullgames match --json, skullgames.MatchResult.to_dict): "
        "every deal played under every rotation of the table's shape.",
        {"format": {"const": "skullgames/match"}, "version": {"const": 1},
         "game": {"enum": list(games)}, "config": {"type": "object"},
         "players": {"type": "integer", "minimum": 2},
         "shape": {"type": "string", "pattern": "^[0-9]+v[0-9]+$",
                   "description": "the table's shape: 2v2, 1v3 or 3v1"},
         "deals": {"type": "integer", "minimum": 1}, "seed": _INT,
         "interval": {"const": "95%: Student's t over the deals for means, Wilson for "
                               "shares"},
         "rotations": {"type": "array", "items": _NAMES, "minItems": 1},
         "bots": {"type": "array", "items": bot, "minItems": 2},
         "pairs": {"type": "array", "items": pair, "minItems": 1},
         "games": {"type": "array", "items": game, "minItems": 1}})
    body.update(_by_game(games, lambda g: {"config": defs.document(f"{g}-config")}))
    return {"$schema": _DRAFT, "title": "skullgames match result", **body,
            "$defs": defs.defs}
