"""JSON for every Skull Queen value; loading validates by replaying, and any bad document
raises SerializationError only (API.md, STYLE.md)."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import SerializationError, from_json, make_converter, to_json
from skullgames.queen import (
    PLACES,
    Config,
    Deal,
    Move,
    Observation,
    Place,
    Plank,
    Play,
    RoundResult,
    Side,
    State,
    TrickResult,
    apply,
    card,
    is_over,
    legal_moves,
    new_game,
    observe,
    resolve_trick,
)
from tests.support.queen.helpers import cards


def game(players: int = 4, steps: int = 10**9, seed: int = 3, **options: Any) -> State:
    state = new_game(Config(players=players, **options), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if is_over(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_moves_have_stable_tags() -> None:
    assert json.loads(to_json(Place(Side.BACK, (0, 1, 2, 4)))) == {
        "type": "place", "side": "back", "spaces": [0, 1, 2, 4]}
    assert to_json(Play(card("MATE"))) == '{"type":"play","card":"MATE"}'
    deal = Deal([cards("R2")], cards("Y4 B3"))
    assert json.loads(to_json(deal)) == {"type": "deal", "hands": [["R2"]],
                                         "center": ["Y4", "B3"]}
    for move in (PLACES[77], Play(card("G5")), deal, Deal([cards("R2")], ghost=cards("B5"))):
        assert from_json(to_json(move), Move) == move
        assert from_json(to_json(move), type(move)) == move


def test_config_round_trips_and_defaults_missing_options() -> None:
    config = Config(players=5, rounds=2, plank_values=(1, 2, 4, 5, 8),
                    set_aside_center_pair=True)
    assert from_json(to_json(config), Config) == config
    assert from_json("{}", Config) == Config()
    assert from_json('{"players": 3, "rounds": null}', Config) == Config(players=3)


def test_a_saved_state_is_its_config_seed_and_moves() -> None:
    state = game(steps=8)
    doc = json.loads(to_json(state))
    assert doc["format"] == "skullgames.queen/state"
    assert doc["version"] == 1
    assert doc["seed"] == 3
    assert doc["auto_deal"] is True
    assert doc["moves"] == [str(m) for m in state.history if type(m) is not Deal]
    assert from_json(to_json(state), State) == state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_finished_games_round_trip(players: int) -> None:
    state = game(players)
    assert is_over(state)
    assert from_json(to_json(state), State) == state


def test_a_game_dealt_by_hand_saves_its_deals() -> None:
    dealt = game(3, steps=60)
    state = new_game(dealt.config, auto_deal=False)
    for move in dealt.history:
        state = apply(state, move)
    doc = json.loads(to_json(state))
    assert doc["seed"] is None
    assert doc["moves"][0]["type"] == "deal"
    assert from_json(to_json(state), State) == state


def test_results_and_observations_round_trip() -> None:
    state = game(2, steps=45)
    for seat in (0, 1):
        view = observe(state, seat)
        assert from_json(to_json(view), Observation) == view
    result = resolve_trick([(0, card("B6")), (1, card("G7")), (2, card("B12"))],
                           center=cards("Y4 B3"), planks=[Plank(Side.FRONT, (2, 2, 2, None))] * 3)
    assert from_json(to_json(result), TrickResult) == result
    finished = game(3)
    assert from_json(to_json(finished.rounds[0]), RoundResult) == finished.rounds[0]


@pytest.mark.parametrize(("change", "path", "message"), [
    (lambda d: d.update(format="skullgames.king/state"), "$.format", "expected format"),
    (lambda d: d.update(version=2), "$.version", "unsupported version"),
    (lambda d: d.pop("seed"), "$", "missing field 'seed'"),
    (lambda d: d.update(seed=None), "$.seed", "records its seed"),
    (lambda d: d.update(seed="7a"), "$.seed", "expected a seed, a whole number or a string"),
    (lambda d: d.update(extra=1), "$", "unknown field 'extra'"),
    (lambda d: d["config"].update(players=9), "$.config.players", "9 is out of range 2..6"),
    (lambda d: d["config"].update(plank_values=[1, 2]), "$.config.plank_values", "5 items"),
    (lambda d: d["moves"].__setitem__(5, "R99"), "$.moves[5]", "not a Skull Queen card"),
    (lambda d: d["moves"].__setitem__(0, "R2"), "$.moves[0]", "not a Place"),
    (lambda d: d["moves"].__setitem__(1, {"type": "bid", "n": 2}), "$.moves[1].type",
     "unknown move type"),
    (lambda d: d["moves"].__setitem__(1, {"type": "place", "side": "up", "spaces": [0] * 4}),
     "$.moves[1].side", "not one of"),
    (lambda d: d["moves"].__setitem__(2, {"type": "place", "side": "front",
                                          "spaces": [0, 0, 0, 5]}),
     "$.moves[2].spaces[3]", "out of range"),
])
def test_bad_documents_say_where(change: Any, path: str, message: str) -> None:
    doc = json.loads(to_json(game(4, steps=12)))
    change(doc)
    with pytest.raises(SerializationError, match=message) as info:
        from_json(json.dumps(doc), State)
    assert info.value.path == path


def test_an_illegal_move_in_the_record_is_refused_with_its_index() -> None:
    state = game(4, steps=7)
    doc = json.loads(to_json(state))
    hand = state.hands[state.to_move]  # type: ignore[index]
    not_held = next(str(c) for c in Config().deck if c not in hand)
    doc["moves"].append(not_held)
    with pytest.raises(SerializationError, match="not in your hand") as info:
        from_json(json.dumps(doc), State)
    assert info.value.path == "$.moves[7]"


def test_a_move_after_the_end_is_refused() -> None:
    doc = json.loads(to_json(game(2)))
    doc["moves"].append("R5")
    with pytest.raises(SerializationError, match="after the end"):
        from_json(json.dumps(doc), State)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["R7", "MATE", "front 0 1 2 4", "place", "deal"]),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(["type", "format", "version", "config", "seed",
                                       "auto_deal", "moves", "players", "hands", "card",
                                       "side", "spaces", "center", "ghost"]) | st.text(max_size=5),
                      inner, max_size=6),
    max_leaves=20,
)
TYPES = [State, Config, Move, Place, Play, Deal, Observation, TrickResult, RoundResult, Plank]


@settings(max_examples=300, deadline=None)
@given(data=JSON, cls=st.sampled_from(TYPES))
def test_random_documents_raise_only_serialization_errors(data: Any, cls: type) -> None:
    with contextlib.suppress(SerializationError):
        from_json(json.dumps(data), cls)


SAVED = [json.loads(to_json(game(n, steps=s, seed=n))) for n, s in
         ((2, 40), (3, 20), (4, 60), (5, 8), (6, 100), (4, 10**9))]


def _paths(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _paths(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += _paths(value, (*path, i))
    return found


@settings(max_examples=300, deadline=None)
@given(base=st.sampled_from(range(len(SAVED))), pick=st.integers(min_value=0),
       replacement=JSON, action=st.sampled_from(["replace", "delete", "swap", "truncate"]))
def test_mutated_saved_games_load_or_raise_serialization_errors(
        base: int, pick: int, replacement: Any, action: str) -> None:
    doc = json.loads(json.dumps(SAVED[base]))
    paths = _paths(doc)[1:]
    target = paths[pick % len(paths)]
    parent: Any = doc
    for key in target[:-1]:
        parent = parent[key]
    key = target[-1]
    moves = doc["moves"]
    if action == "replace":
        parent[key] = replacement
    elif action == "delete":
        del parent[key]
    elif action == "swap" and len(moves) > 1:
        i = pick % (len(moves) - 1)
        moves[i], moves[i + 1] = moves[i + 1], moves[i]
    elif action == "truncate":
        del moves[pick % (len(moves) + 1):]
    try:
        state = from_json(json.dumps(doc), State)
    except SerializationError:
        return
    assert from_json(to_json(state), State) == state


def test_planks_load_checked() -> None:
    plank = Plank(Side.BACK, (0, None, 4, 2))
    assert json.loads(to_json(plank)) == {"side": "back", "spaces": [0, None, 4, 2]}
    assert from_json(to_json(plank), Plank) == plank
    with pytest.raises(SerializationError, match="out of range") as info:
        from_json('{"side": "front", "spaces": [0, 5, 0, 0]}', Plank)
    assert info.value.path == "$.spaces[1]"


def test_from_json_refuses_non_json() -> None:
    with pytest.raises(SerializationError, match="not valid JSON"):
        from_json("{", State)
    assert make_converter() is make_converter()
