"""Every document the table server sends matches its shipped JSON Schema.

Whole random games of every option, people and bots at each table; each JSON answer the
server writes is caught on its way out and checked: a view against ``serve-view`` (whose
observation is checked against the game's observation schema), each event against
``serve-event``, a new table against ``serve-table`` and its join links against
``serve-join``, every refusal against ``serve-error``, the index against
``serve-index``, a saved game against the game's state schema.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from skullgames import to_json
from skullgames.schemas import schema_named
from skullgames.serve import HUMAN, _http
from tests.support.serve_client import CONFIGS, call, new_table, play_table, running, tokens

jsonschema = pytest.importorskip("jsonschema")


def validator(name: str) -> Any:
    schema = schema_named(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def check(name: str, document: Any, validators: dict[str, Any]) -> None:
    if name not in validators:
        validators[name] = validator(name)
    errors = list(validators[name].iter_errors(document))
    assert not errors, (name, errors[0].message, list(errors[0].absolute_path))


def test_every_document_of_whole_games_of_every_option_matches_its_schema(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[tuple[int, Any]] = []
    honest = _http._Handler._send_json

    def recording(self: Any, status: int, payload: Any) -> None:
        sent.append((status, payload))
        honest(self, status, payload)

    monkeypatch.setattr(_http._Handler, "_send_json", recording)
    with running(per_client=1000) as server:
        call(server, "GET", "/api")
        for index, (engine, config) in enumerate(CONFIGS):
            name = engine.__name__.rsplit(".", 1)[1]
            seats = [HUMAN if seat % 2 == 0 else "random" for seat in range(config.players)]
            table = new_table(server, game=name, seed=index,
                              config=json.loads(to_json(config)), seats=seats)
            play_table(server, table, random.Random(index))
            call(server, "GET", f"/api/games/{table['id']}/save", token=tokens(table)[0])
            call(server, "POST", f"/api/games/{table['id']}/moves", {"move": "x"},
                 token=tokens(table)[0])
        call(server, "GET", "/api/games/nothing", token="x")
        call(server, "POST", "/api/games", raw=b"{", headers={"Content-Type": "text/plain"})

    validators: dict[str, Any] = {}
    kinds: Counter[str] = Counter()
    for status, document in sent:
        if status >= 400:
            kind = "serve-error"
        elif "joins" in document:
            kind = "serve-table"
            for join in document["joins"]:
                check("serve-join", join, validators)
                kinds["serve-join"] += 1
        elif "observation" in document:
            kind = "serve-view"
            game = document["game"]
            check(f"{game}-observation", document["observation"], validators)
            for event in document["events"]:
                check("serve-event", event, validators)
                kinds["serve-event"] += 1
        elif "format" in document:
            kind = document["format"].split(".")[1].replace("/", "-")  # king-state
        else:
            kind = "serve-index"
        check(kind, document, validators)
        kinds[kind] += 1
    assert kinds["serve-view"] > 100 and kinds["serve-event"] > 500, kinds
    assert kinds["serve-table"] == len(CONFIGS) and kinds["serve-error"] > len(CONFIGS)
    assert kinds["king-state"] and kinds["queen-state"] and kinds["serve-join"]
    assert kinds["serve-index"] == 1


def test_the_view_schema_refuses_what_is_not_a_view() -> None:
    """The schema can fail: a view whose observation lacks its legal moves, or with a
    stray field, does not match."""
    check_view = validator("serve-view")
    with running(per_client=1000) as server:
        table = new_table(server, seed=1)
        status, view = call(server, "GET", f"/api/games/{table['id']}",
                            token=tokens(table)[0])
    assert status == 200 and check_view.is_valid(view)
    broken = json.loads(json.dumps(view))
    del broken["observation"]["legal_moves"], broken["observation"]["config"]
    del broken["observation"]["hand"]
    assert not check_view.is_valid(broken)
    assert not check_view.is_valid({**view, "hands": []})
    assert not check_view.is_valid({**view, "game": "queen"})  # a King observation
    assert not validator("serve-error").is_valid({"error": "x", "status": 200})


@pytest.mark.parametrize(("name", "config"), [("king", {"players": 3, "rounds": [1, 2]}),
                                              ("queen", {"players": 2, "rounds": 1})])
def test_hints_and_reviews_match_their_schemas(name: str, config: dict[str, Any]) -> None:
    """Each hint of a short game with bots, and the review at its end, against
    ``serve-hint`` and ``serve-review``; a stray field fails either."""
    validators: dict[str, Any] = {}
    with running(per_client=1000) as server:
        table = new_table(server, game=name, seed=4, config=config,
                          seats=[HUMAN] + ["random"] * (config["players"] - 1))
        path, token = f"/api/games/{table['id']}", tokens(table)[0]
        hints = 0
        while not call(server, "GET", path, token=token)[1]["over"]:
            status, hint = call(server, "GET", f"{path}/hint", token=token)
            assert status == 200, hint
            check("serve-hint", hint, validators)
            hints += 1
            assert call(server, "POST", f"{path}/moves", {"move": hint["best"]},
                        token=token)[0] == 200
        status, review = call(server, "GET", f"{path}/review", token=token)
        assert status == 200 and hints == len(review["decisions"]) > 2, review
        check("serve-review", review, validators)
    for kind, document in (("serve-hint", hint), ("serve-review", review)):
        with pytest.raises(AssertionError):
            check(kind, {**document, "stray": 1}, validators)
    pictureless = {**review, "decisions": [
        {k: v for k, v in d.items() if k != "svg"} for d in review["decisions"]]}
    with pytest.raises(AssertionError):
        check("serve-review", pictureless, validators)
