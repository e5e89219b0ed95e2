"""Untrusted JSON: ``from_json`` raises SerializationError for anything that is not a valid
value, never another exception, and never returns a state that breaks the invariants."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import SerializationError, from_json, to_json
from skullgames.king import (
    Bid,
    Config,
    Deal,
    Move,
    Play,
    State,
    apply,
    is_over,
    legal_moves,
    new_game,
    replay,
)
from skullgames.king.state import Setup
from tests.support.king.invariants import check_state
from tests.support.king.strategies import configs, seeds

TARGETS: tuple[Any, ...] = (State, Config, Bid, Play, Deal, Move)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["bid", "play", "deal", "TIG", "SK", "Y14", "bid 3", "TIG pirate",
                       "skullgames.king/state", "modern", "classic", "rascal", "standard"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["type", "n", "card", "as_pirate", "hands", "ghost", "format",
                         "version", "config", "seed", "auto_deal", "moves", "players",
                         "edition", "rounds", "loot", "kraken", "white_whale", "scoring",
                         "cannonball", "round_bonus", "pirate_abilities"]) | st.text(max_size=5),
        inner, max_size=6),
    max_leaves=20,
)

# The catch-all of from_json names the Python exception it wrapped ("KeyError: 'x'"): such
# a message means that a validation step was missing, so the tests refuse it too.
_WRAPPED = re.compile(r"^\$: [A-Za-z]*(Error|Exception): ")


def load(text: str | bytes, cls: Any) -> object | None:
    """Load ``text`` as ``cls``; None when it is refused the right way."""
    try:
        value: object = from_json(text, cls)
    except SerializationError as error:
        refused = str(error)
    else:
        refused = ""
    if refused:
        assert not _WRAPPED.match(refused), f"unvalidated input escaped: {refused}"
        return None
    if cls is Move:
        assert isinstance(value, (Bid, Play, Deal))
    else:
        assert isinstance(value, cls)
    if isinstance(value, State):
        check_state(value)
        if value.auto_deal:
            assert replay(value.config, value.history, seed=value.seed) == value
        else:  # a manual game may record a seed it never deals from
            rebuilt = replay(value.config, value.history)
            fields = {name: getattr(rebuilt, name) for name in type(rebuilt)._FIELDS}
            fields["setup"] = Setup(config=rebuilt.config, seed=value.seed,
                                    auto_deal=rebuilt.auto_deal)
            assert type(rebuilt)(**fields) == value
        assert from_json(to_json(value), State) == value
    return value


@settings(max_examples=250, deadline=None)
@given(value=json_values, cls=st.sampled_from(TARGETS))
def test_random_json_values(value: object, cls: Any) -> None:
    load(json.dumps(value), cls)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40) | st.binary(max_size=40), cls=st.sampled_from(TARGETS))
def test_random_text(text: str | bytes, cls: Any) -> None:
    load(text, cls)


@settings(max_examples=120, deadline=None)
@given(move=st.fixed_dictionaries(
    {"type": st.sampled_from(["bid", "play", "deal", "Bid", "pass"])},
    optional={"n": json_values, "card": json_values | st.sampled_from(["TIG", "y3", "mer"]),
              "as_pirate": json_values, "hands": json_values, "ghost": json_values}))
def test_move_documents(move: dict[str, Any]) -> None:
    for cls in (Move, Bid, Play, Deal):
        load(json.dumps(move), cls)


def _paths(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _paths(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += _paths(value, (*path, i))
    return found


def _mutate(doc: Any, rng: random.Random, replacement: Any) -> Any:
    """One random change to a JSON document: replace, drop, duplicate or reorder a part."""
    replacement = copy.deepcopy(replacement)
    paths = _paths(doc)[1:]
    if not paths:
        return replacement
    path = rng.choice(paths)
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = rng.randrange(5)
    if action == 0:
        parent[last] = replacement
    elif action == 1:
        del parent[last]
    elif action == 2 and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif action == 3 and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[last], parent[other] = parent[other], parent[last]
    elif isinstance(parent[last], str):
        parent[last] = rng.choice(["bid 0", "bid 1", "bid 11", "ESC", "TIG escape", "SK",
                                   "B14", "R5", "LOOT", "KRAKEN", "WHALE", "bid ²", "deal",
                                   "bid " + "9" * 5000, parent[last].lower()])
    elif isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] = parent[last] + rng.choice([-1, 1, 2**64])
    else:
        parent[last] = replacement
    return doc


@settings(max_examples=300, deadline=None)
@given(config=configs(), seed=seeds, choices=seeds, length=st.integers(0, 120),
       manual=st.booleans(), changes=st.integers(1, 3), replacement=json_values)
def test_mutated_state_documents(config: Config, seed: int, choices: int, length: int,
                                 manual: bool, changes: int, replacement: Any) -> None:
    rng = random.Random(choices)
    state = new_game(config, seed=None if manual else seed, auto_deal=not manual)
    for _ in range(length):
        if is_over(state):
            break
        moves = legal_moves(state)
        if not moves:  # a manual game waits for its deal
            deck = list(config.deck)
            rng.shuffle(deck)
            size = config.hand_sizes[state.round_index]
            moves = (Deal([deck[s * size:(s + 1) * size] for s in range(config.players)]),)
        state = apply(state, rng.choice(moves))
    doc = json.loads(to_json(state))
    for _ in range(changes):
        doc = _mutate(doc, rng, replacement)
    load(json.dumps(doc), State)


@settings(max_examples=100, deadline=None)
@given(config=configs(), replacement=json_values, choices=seeds)
def test_mutated_config_documents(config: Config, replacement: Any, choices: int) -> None:
    doc = _mutate(json.loads(to_json(config)), random.Random(choices), replacement)
    load(json.dumps(doc), Config)


def test_a_saved_state_names_its_format_and_version() -> None:
    doc = json.loads(to_json(new_game(seed=3)))
    assert (doc["format"], doc["version"]) == ("skullgames.king/state", 1)
    for key, value in (("format", "skullgames.queen/state"), ("version", 2)):
        bad = {**doc, key: value}
        with pytest.raises(SerializationError) as refused:
            from_json(json.dumps(bad), State)
        assert refused.value.path == f"$.{key}"
