"""One vocabulary for both games (issue 21): the same name for the same thing.

Every renamed name is kept one release as a deprecated alias; reading it gives the same
thing as the new name and a ``DeprecationWarning`` that names the new one.
"""

from __future__ import annotations

import importlib
import inspect
import json
import random
from typing import Any

import pytest

from skullgames import (
    GAMES,
    SerializationError,
    from_json,
    json_schema,
    king,
    queen,
    to_json,
)

jsonschema: Any = importlib.import_module("jsonschema")  # in the test extra, untyped


def test_queen_over_is_now_finished_as_in_skull_king() -> None:
    from skullgames.queen import state as queen_state

    with pytest.warns(DeprecationWarning, match=r"queen\.state\.Finished"):
        old = getattr(queen_state, "Over")  # noqa: B009 (an old name mypy no longer knows)
    assert old is queen_state.Finished
    assert king.state.Finished.__name__ == queen_state.Finished.__name__
    with pytest.raises(AttributeError, match="Nothing"):
        getattr(queen_state, "Nothing")  # noqa: B009


def test_king_round_is_now_table_as_in_skull_queen() -> None:
    from skullgames.king import state as king_state

    with pytest.warns(DeprecationWarning, match=r"king\.state\.Table"):
        old = getattr(king_state, "Round")  # noqa: B009
    assert old is king_state.Table
    state = king.apply(king.new_game(king.Config(players=3), seed=3), king.Bid(0))
    with pytest.warns(DeprecationWarning, match=r"State\.table"):
        record = state.round
    assert record is state.table
    assert isinstance(state.table, king_state.Table)
    assert queen.state.Table.__name__ == "Table"


def test_queen_ghost_cards_is_now_ghost_size_as_in_skull_king() -> None:
    state = queen.new_game(queen.Config(players=2), seed=8)
    view = queen.observe(state, 0)
    assert view.ghost_size == state.ghost_size == len(state.ghost) == 14  # Q: 2 players
    with pytest.warns(DeprecationWarning, match=r"Observation\.ghost_size"):
        assert view.ghost_cards == view.ghost_size
    king_state = king.new_game(king.Config(players=2), seed=8)
    assert king.observe(king_state, 0).ghost_size == king_state.ghost_size == 1  # K10


def test_a_queen_observation_saved_with_ghost_cards_still_loads() -> None:
    view = queen.observe(queen.new_game(queen.Config(players=2), seed=8), 1)
    doc = json.loads(to_json(view))
    assert "ghost_cards" not in doc
    schema = json_schema(queen.Observation)
    jsonschema.validate(doc, schema)
    doc["ghost_cards"] = doc.pop("ghost_size")  # as written before the rename
    assert from_json(json.dumps(doc), queen.Observation) == view
    jsonschema.validate(doc, schema)  # the schema says what loading accepts
    doc["ghost_size"] = doc["ghost_cards"]  # both names: neither reads nor validates
    with pytest.raises(SerializationError, match="ghost_cards"):
        from_json(json.dumps(doc), queen.Observation)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, schema)


@pytest.mark.parametrize("auto_deal", [True, False])
def test_replay_takes_the_same_arguments_in_both_games(auto_deal: bool) -> None:
    assert (list(inspect.signature(king.replay).parameters)
            == list(inspect.signature(queen.replay).parameters)
            == ["config", "moves", "seed", "auto_deal"])
    state = queen.new_game(queen.Config(players=3), seed=5, auto_deal=auto_deal)
    rng = random.Random(2)
    while len(state.rounds) < 1:
        moves = queen.legal_moves(state)
        move = rng.choice(moves) if moves else queen.seeded_deal(state.config, 9, 0)
        state = queen.apply(state, move)
    again = queen.replay(state.config, state.history, seed=state.seed,
                         auto_deal=state.auto_deal)
    assert again == state
    assert again.auto_deal is auto_deal


@pytest.mark.parametrize(("config", "rounds"), [
    (king.Config(players=3, rounds=(2, 1, 3)), 3),
    (king.Config(players=4, rounds="whirlpool"), 10),
    (queen.Config(players=3), 3),  # Q8: as many rounds as players
    (queen.Config(players=2, rounds=1), 1),
])
def test_both_configs_count_their_rounds_by_one_name(config: king.Config | queen.Config,
                                                     rounds: int) -> None:
    assert config.round_count == rounds
    entry = next(g for g in GAMES.values() if g.Config is type(config))
    state = entry.new_game(config, seed=1)
    while not entry.is_over(state):
        state = entry.apply(state, entry.legal_moves(state)[0])
    assert len(state.rounds) == rounds
