"""The JSON Schemas (issue 14): shipped, current, true of real documents, strict."""

from __future__ import annotations

import copy
import io
import json
import random
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from skullgames import GAMES, SerializationError, from_dict, json_schema, king, queen, to_dict
from skullgames.cli import main
from skullgames.schemas import SCHEMA_NAMES, schema_named, schema_text, shipped_path, write_all
from tests.support.json_games import documents

jsonschema = pytest.importorskip("jsonschema")  # in the test extra, which CI installs

GAME_NAMES = sorted(GAMES)


def validator(cls: Any) -> Any:
    schema = json_schema(cls)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_shipped_files_are_the_generated_schemas(tmp_path: Path) -> None:
    """Run ``python -m skullgames.schemas`` after changing a document's shape."""
    written = write_all(tmp_path)
    assert len(written) == len(SCHEMA_NAMES) == 24
    for name in SCHEMA_NAMES:
        assert shipped_path(name).read_text(encoding="utf-8") == schema_text(name), name
    shipped = {p.name for p in shipped_path("x").parent.glob("*.schema.json")}
    assert shipped == {p.name for p in written}


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    for name in SCHEMA_NAMES:
        schema = schema_named(name)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_real_documents_of_every_option_match_their_schema(name: str) -> None:
    validators: dict[Any, Any] = {}
    count = 0
    for seed in range(10):
        for cls, value in documents(name, seed, every=4):
            if cls not in validators:
                validators[cls] = validator(cls)
            errors = list(validators[cls].iter_errors(to_dict(value)))
            assert not errors, (cls, errors[0].message, list(errors[0].absolute_path))
            count += 1
    assert count > 1000


def leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every scalar in plain JSON data."""
    if isinstance(data, dict):
        return [p for key, item in data.items() for p in leaves(item, (*path, key))]
    if isinstance(data, list):
        return [p for i, item in enumerate(data) for p in leaves(item, (*path, i))]
    return [path]


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    changed = copy.deepcopy(data)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


@pytest.mark.parametrize("name", GAME_NAMES)
def test_schemas_and_loading_both_refuse_wrong_types(name: str) -> None:
    """Any scalar of a real document made a float or an object: the schema rejects the
    document, and so does loading, with a SerializationError."""
    rng = random.Random(7)
    validators: dict[Any, Any] = {}
    checked = 0
    for cls, value in documents(name, 1, every=12):
        if cls not in validators:
            validators[cls] = validator(cls)
        data = to_dict(value)
        paths = leaves(data)
        if not paths or paths == [()]:
            continue
        for path in rng.sample(paths, min(3, len(paths))):
            for wrong in (1.5, {"bogus": 1}):
                bad = replaced(data, path, wrong)
                assert not validators[cls].is_valid(bad), (cls, path, wrong)
                with pytest.raises(SerializationError):
                    from_dict(bad, cls)
                checked += 1
    assert checked > 100


def test_schemas_name_the_shapes_the_library_writes() -> None:
    state = json_schema(queen.State)
    assert state["properties"]["format"] == {"const": "skullgames.queen/state"}
    view = json_schema(king.Observation)
    trick = view["properties"]["trick"]
    assert trick["items"]["prefixItems"][1] == {"$ref": "#/$defs/PlayNotation"}
    assert "TIG pirate" in view["$defs"]["PlayNotation"]["enum"]
    assert json_schema(queen.Observation)["required"][-1] == "rounds"  # legal_moves optional


def test_json_schema_refuses_other_types() -> None:
    with pytest.raises(TypeError, match="no JSON schema"):
        json_schema(dict)


def test_the_schema_command_prints_the_shipped_file() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["schema", "queen-observation"]) == 0
    assert out.getvalue() == schema_text("queen-observation")
    assert json.loads(out.getvalue())["title"] == "Skull Queen observation"
