"""One JSON contract (issue 22): the loader accepts a document exactly when its schema does.

Real documents of every kind come from random games of every option of both games
(:mod:`tests.support.json_games`); mutated ones change them as a careless or hostile client would:
a field dropped or added, a value of another type, a number out of range, a float for an
integer, a huge integer, an odd spelling, nested garbage, a value from elsewhere in the
document. :func:`verdict` checks one document both ways against ``jsonschema``.

Run ``python -m tests.support.json_contract [DOCUMENTS]`` for a larger fuzz run; it prints the
documents tried, the raw exceptions and the disagreements.
"""

from __future__ import annotations

import copy
import functools
import importlib
import json
import random
import sys
from collections.abc import Callable
from typing import Any

from skullgames import GAMES, SerializationError, from_dict, json_schema, to_dict
from skullgames._json import is_rule_check
from tests.support.json_games import documents

Path = tuple[Any, ...]

jsonschema: Any = importlib.import_module("jsonschema")  # in the test extra

HUGE = [2**53, -(2**53), 2**63, 10**30, -(10**100)]
ODD_TYPES: list[Any] = [None, True, False, 0, -1, 1.5, "", "x", [], {}, [None], {"a": 1}]
GARBAGE: list[Any] = [{"a": [[{}]]}, [[[[]]]], {"type": {"type": []}}, [{"n": [1.5]}]]
FIELDS = ["type", "n", "card", "as_pirate", "seat", "legal_moves", "bogus", "hands", "ghost",
          "stock", "center", "config", "seed", "players", "rounds", "lead_suit", "planks"]


@functools.cache
def validator(cls: Any) -> Any:
    """The ``jsonschema`` validator of the schema of ``cls``."""
    schema = json_schema(cls)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@functools.cache
def lists_rule_checks(cls: Any) -> bool:
    """Whether the schema of ``cls`` lists rule checks in a ``description``."""
    return "Rule checks on input that this schema cannot state" in json.dumps(json_schema(cls))


def real_documents(game: str, seeds: range, every: int = 6) -> list[tuple[Any, Any]]:
    """``(type, plain data)`` of every kind of document of random games of ``game``."""
    found: list[tuple[Any, Any]] = []
    for seed in seeds:
        for cls, value in documents(game, seed, every=every):
            found.append((cls, to_dict(value)))
            for summary in getattr(value, "rounds", ()) if cls is GAMES[game].Observation \
                    else ():
                found.append((type(summary), to_dict(summary)))
    return found


def paths(data: Any, path: Path = ()) -> list[Path]:
    """The paths of every value in plain JSON data, the whole document first."""
    found = [path]
    if isinstance(data, dict):
        for key, item in data.items():
            found += paths(item, (*path, key))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            found += paths(item, (*path, i))
    return found


def _get(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def _odd_spelling(text: str, rng: random.Random) -> str:
    return rng.choice([text.lower(), text.upper(), f" {text} ", f"{text}\n", text + "x",
                       text[:-1], text.replace(" ", "  "), text.swapcase(), text * 2])


def _nudged(number: int | float, rng: random.Random) -> Any:
    return rng.choice([number + 1, number - 1, number + rng.randint(2, 100), -1, 0,
                       number * 10, float(number), float(number) + 0.5, rng.choice(HUGE),
                       str(number), bool(number % 2)])


def mutate(data: Any, rng: random.Random) -> Any:
    """``data`` changed in one place, as a careless or hostile client would."""
    data = copy.deepcopy(data)
    every = paths(data)
    path = rng.choice(every)
    value = _get(data, path)
    container = _get(data, path[:-1]) if path else None
    kind = rng.random()
    if isinstance(container, dict) and kind < 0.15:
        del container[path[-1]]  # drop a field
        return data
    if isinstance(value, dict) and kind < 0.3:
        added = rng.choice([*ODD_TYPES, _get(data, rng.choice(every))])
        value[rng.choice(FIELDS)] = copy.deepcopy(added)
        return data
    if isinstance(value, list) and kind < 0.3:
        if value and rng.random() < 0.5:
            del value[rng.randrange(len(value))]
        else:
            value.append(copy.deepcopy(rng.choice(value)) if value else rng.choice(ODD_TYPES))
        return data
    if kind < 0.45:  # a value from elsewhere in the document
        return _set(data, path, copy.deepcopy(_get(data, rng.choice(every))))
    if isinstance(value, bool) or value is None:
        return _set(data, path, rng.choice(ODD_TYPES))
    if isinstance(value, (int, float)):
        return _set(data, path, _nudged(value, rng))
    if isinstance(value, str):
        return _set(data, path, _odd_spelling(value, rng) if rng.random() < 0.7
                    else rng.choice(ODD_TYPES))
    return _set(data, path, rng.choice([*ODD_TYPES, *GARBAGE, *HUGE]))


def verdict(cls: Any, data: Any) -> str:
    """How loading and the schema agree on ``data``, a document of type ``cls``.

    ``"both accept"``, ``"both refuse"``, ``"rule check"`` (the schema validates it and
    loading refuses it by a rule check the schema lists), or a description of the
    disagreement or raw exception.
    """
    valid = validator(cls).is_valid(data)
    try:
        from_dict(data, cls)
    except SerializationError as error:
        if not error.path.startswith("$"):
            return f"an error without a JSON path: {error!r}"
        if not valid:
            return "both refuse"
        if is_rule_check(error) and lists_rule_checks(cls):
            return "rule check"
        return f"loading refuses what the schema validates: {error}"
    except Exception as error:  # a raw exception is what this looks for
        return f"raw exception {type(error).__name__}: {error}"
    if not valid:
        reason = next(iter(validator(cls).iter_errors(data)))
        return (f"loading accepts what the schema refuses: {reason.message} at "
                f"{list(reason.absolute_path)}")
    return "both accept"


AGREEING = ("both accept", "both refuse", "rule check")


def fuzz(count: int, seed: int = 0, on_document: Callable[[str], None] | None = None
         ) -> dict[str, int]:
    """Check ``count`` mutated documents of both games (and every real one they come from)."""
    rng = random.Random(seed)
    pool = [doc for game in sorted(GAMES) for doc in real_documents(game, range(seed, seed + 12))]
    tally: dict[str, int] = {}
    for cls, data in pool:
        outcome = verdict(cls, data)
        tally[outcome] = tally.get(outcome, 0) + 1
    for _ in range(count):
        cls, data = rng.choice(pool)
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            data = mutate(data, rng)
        outcome = verdict(cls, data)
        if outcome not in AGREEING and on_document is not None:
            on_document(f"{cls.__module__}.{cls.__qualname__}: {outcome}\n  "
                        f"{json.dumps(data)[:600]}")
        tally[outcome] = tally.get(outcome, 0) + 1
    return tally


def main(argv: list[str]) -> int:
    """Fuzz as many documents as ``argv[0]`` says (default 20,000) and print the figures."""
    count = int(argv[0]) if argv else 20_000
    tally = fuzz(count, on_document=print)
    tried = sum(tally.values())
    raw = sum(n for outcome, n in tally.items() if outcome.startswith("raw exception"))
    disagreements = sum(n for outcome, n in tally.items() if outcome not in AGREEING) - raw
    print(f"documents tried: {tried}")
    for outcome in AGREEING:
        print(f"  {outcome}: {tally.get(outcome, 0)}")
    print(f"raw exceptions: {raw}")
    print(f"disagreements: {disagreements}")
    return 0 if raw == disagreements == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
