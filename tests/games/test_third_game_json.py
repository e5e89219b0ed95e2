"""Skull Jack's JSON: every document round-trips, matches its schema, and refuses bad input.

Each test registers the game itself (``registered``), and one registers it after the
library's shared JSON converter was first used: a game added at any time is written by its
own codecs, never by a generic fallback.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from typing import Any

import pytest
import skull_jack
from skull_jack import Config, State, apply, legal_moves, new_game, parse_move
from skull_jack.entry import ENTRY

from skullgames import SerializationError, from_json, to_dict, to_json
from skullgames.registry import registered
from skullgames.schemas import SCHEMA_NAMES, json_schema, schema_named
from tests.support.skull_jack import ROOT, SOURCE

jsonschema = pytest.importorskip("jsonschema")  # in the test extra, which CI installs

CONFIG = Config(players=3, hand_size=2, rounds=2)


@pytest.fixture
def jack() -> Iterator[Any]:
    with registered(ENTRY) as entry:
        yield entry


def environment() -> dict[str, str]:
    """This environment, importing skull_jack from its source (no entry point)."""
    paths = [str(SOURCE), str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


def random_game(config: Config, seed: int, *, auto_deal: bool = True) -> State:
    rng = random.Random(seed)
    state = new_game(config, seed=seed, auto_deal=auto_deal)
    while not skull_jack.is_over(state):
        if state.to_move is None:  # dealt by hand: the seeded deal, given as a move
            state = apply(state, skull_jack.seeded_deal(config, seed, state.round_index))
            continue
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def documents() -> list[tuple[Any, Any]]:
    """One value of every type with a document, with its type: (value, type)."""
    state = random_game(CONFIG, 1)
    middle = new_game(CONFIG, seed=2)
    middle = apply(middle, legal_moves(middle)[0])
    deal = parse_move("deal B1 B2 | C3 C4 | R5 R6")
    return [
        (state, State), (middle, State), (random_game(CONFIG, 3, auto_deal=False), State),
        (skull_jack.observe(middle, 1), skull_jack.Observation),
        (skull_jack.observe(state, 2), skull_jack.Observation),
        (CONFIG, Config), (Config(follow_suit=False, suits=4), Config),
        (parse_move("B7"), skull_jack.Move), (deal, skull_jack.Move),
        (state.rounds[0].tricks[0], skull_jack.TrickResult),
        (state.rounds[1], skull_jack.RoundResult),
        (skull_jack.observe(state, 0).rounds[0], skull_jack.RoundSummary),
        (skull_jack.observe_move(new_game(CONFIG, seed=4), middle.history[0], 0),
         skull_jack.HiddenMove),
    ]


def test_every_document_round_trips_and_matches_its_schema(jack: Any) -> None:
    for value, cls in documents():
        text = to_json(value)
        assert from_json(text, cls) == value, cls
        schema = json_schema(cls)
        jsonschema.Draft202012Validator.check_schema(schema)
        jsonschema.Draft202012Validator(schema).validate(json.loads(text))


def test_the_documents_are_the_game_s_own(jack: Any) -> None:
    assert to_dict(parse_move("B7")) == {"type": "play", "card": "B7"}
    saved = to_dict(random_game(CONFIG, 1))
    assert saved["format"] == "skull_jack/state"
    assert saved["moves"][0] in [str(c) for c in CONFIG.deck]  # a seeded game saves no deal
    view = to_dict(skull_jack.observe(new_game(CONFIG, seed=2), 0))
    assert view["legal_moves"] == view["hand"]  # seat 0 leads the first round


def test_the_game_s_schemas_are_listed_while_it_is_registered(jack: Any) -> None:
    names = [n for n in SCHEMA_NAMES if n.startswith("jack-")]
    assert names == ["jack-state", "jack-observation", "jack-move", "jack-config",
                     "jack-trick-result", "jack-round-result", "jack-round-summary"]
    assert schema_named("jack-state")["title"] == "Skull Jack saved game"


def test_a_game_registered_after_json_was_first_used_is_written_by_its_own_codecs() -> None:
    """In a new process (this one's converter may know the game already): the library's
    shared converter, once made, wrote a game registered later as bare attrs fields."""
    result = subprocess.run([sys.executable, "-c", textwrap.dedent("""\
        from skullgames import king, to_dict, to_json
        from skullgames.registry import registered
        import skull_jack
        from skull_jack.entry import ENTRY

        to_json(king.Config())  # the shared converter is made, without Skull Jack
        with registered(ENTRY):
            print(to_dict(skull_jack.parse_move("B7")))
        """)], env=environment(), capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "{'type': 'play', 'card': 'B7'}"


@pytest.mark.parametrize(("change", "message"), [
    (lambda doc: doc["moves"].__setitem__(0, "S1"), "$.moves[0]"),  # no S in 3 suits
    (lambda doc: doc["moves"].append("B1"), "$.moves"),  # a move after the end
    (lambda doc: doc["config"].__setitem__("players", 5), "$.config.players"),
    (lambda doc: doc.__setitem__("seed", None), "$.seed"),
])
def test_a_saved_game_that_breaks_a_rule_is_refused_naming_where(
        jack: Any, change: Any, message: str) -> None:
    document = to_dict(random_game(CONFIG, 6))
    change(document)
    with pytest.raises(SerializationError, match=re.escape(message)):
        from_json(json.dumps(document), State)


def test_an_observation_of_a_seat_outside_the_game_is_refused(jack: Any) -> None:
    document = to_dict(skull_jack.observe(new_game(CONFIG, seed=2), 0))
    document["seat"] = 3
    with pytest.raises(SerializationError, match="seat 3 is not a seat of this 3-player"):
        from_json(json.dumps(document), skull_jack.Observation)
