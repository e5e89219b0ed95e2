"""One JSON contract (issue 22, item 3): loading accepts a document exactly when its JSON
Schema validates it, but for the rule checks that the schema's description lists."""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import GAMES, SerializationError, from_dict, king, queen, to_dict
from skullgames._json import is_rule_check
from skullgames.schemas import SCHEMA_NAMES
from tests.support.json_contract import AGREEING, mutate, real_documents, verdict

pytest.importorskip("jsonschema")


@functools.cache
def pool() -> list[tuple[Any, Any]]:
    """Real documents of every kind: random games of every option of both games."""
    return [doc for game in sorted(GAMES) for doc in real_documents(game, range(4), every=10)]


def test_the_pool_has_every_kind_of_document() -> None:
    kinds = {cls for cls, _ in pool()}
    for module in (king, queen):
        expected = {module.Config, module.State, module.Observation, module.Move,
                    module.TrickResult, module.RoundResult, module.RoundSummary}
        assert expected <= kinds, expected - kinds
    # The seven kinds of both games (the others: the table server's views, a match's result)
    games = [name for name in SCHEMA_NAMES if name.split("-")[0] in GAMES]
    assert len(games) == 14


def test_every_real_document_loads_and_matches_its_schema() -> None:
    outcomes = [verdict(cls, data) for cls, data in pool()]
    assert set(outcomes) == {"both accept"}, [o for o in outcomes if o != "both accept"][:3]


@settings(max_examples=400)
@given(st.data())
def test_mutated_documents_load_exactly_when_their_schema_validates_them(
        data: st.DataObject) -> None:
    cls, document = data.draw(st.sampled_from(pool()))
    rng = data.draw(st.randoms(use_true_random=False))
    for _ in range(data.draw(st.integers(1, 3))):
        document = mutate(document, rng)
    assert verdict(cls, document) in AGREEING


def first(cls: Any) -> Any:
    return copy.deepcopy(next(data for kind, data in pool() if kind is cls))


def king_state() -> dict[str, Any]:
    state = king.new_game(king.Config(players=3), seed=4)
    for _ in range(4):
        state = king.apply(state, king.legal_moves(state)[0])
    return to_dict(state)  # type: ignore[no-any-return]


def king_trick() -> dict[str, Any]:
    trick = [(0, king.Play(king.card("Y3"))), (1, king.Play(king.card("G5")))]
    return to_dict(king.resolve_trick(trick, king.Config(players=2)))  # type: ignore[no-any-return]


def queen_observation(phase: Any) -> dict[str, Any]:
    state = queen.new_game(queen.Config(players=3), seed=4)
    while state.phase is not phase:
        state = queen.apply(state, queen.legal_moves(state)[0])
    seat = queen.current_player(state)
    assert seat is not None
    return to_dict(queen.observe(state, seat))  # type: ignore[no-any-return]


def changed(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**data, **fields}


def without(data: dict[str, Any], *names: str) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in names}


def config_without_whale(cls: Any) -> dict[str, Any]:
    return without(to_dict(cls()), "whale_cancels_loot")


CASES: list[tuple[str, Any, Any, str]] = [
    # Each was a disagreement before issue 22.
    ("a config without a defaulted field", king.Config,
     without(to_dict(king.Config()), "whale_cancels_loot", "hand_cap"), "both accept"),
    ("an empty config", queen.Config, {}, "both accept"),
    ("a 0.1 save's 63-bit seed as a number", king.State,
     changed(king_state(), seed=2405875930906139466, moves=[]), "both refuse"),
    ("the same seed as digits", king.State,
     changed(king_state(), seed="2405875930906139466", moves=[]), "both accept"),
    ("a card in lower case", king.Move, {"type": "play", "card": "r8"}, "both refuse"),
    ("a card with spaces", queen.Move, {"type": "play", "card": " G5 "}, "both refuse"),
    ("a saved move in lower case", king.State,
     changed(king_state(), moves=["bid 0", "BID 1"]), "both refuse"),
    ("a saved move written as an object", king.State,
     changed(king_state(), moves=[{"type": "bid", "n": 0}]), "both accept"),
    ("a King trick result without lead_suit", king.TrickResult,
     without(king_trick(), "lead_suit"), "both accept"),
    ("1.0 for an integer", king.Move, {"type": "bid", "n": 1.0}, "both accept"),
    ("1.5 for an integer", king.Move, {"type": "bid", "n": 1.5}, "both refuse"),
    ("the largest bid", king.Move, {"type": "bid", "n": 33}, "both accept"),
    ("a bid beyond any hand", king.Move, {"type": "bid", "n": 34}, "both refuse"),
    ("a bid of 100", king.Move, {"type": "bid", "n": 100}, "both refuse"),
    ("as_pirate on another card", king.Move,
     {"type": "play", "card": "Y3", "as_pirate": True}, "both refuse"),
    ("the Tigress undeclared", king.Move, {"type": "play", "card": "TIG"}, "both refuse"),
    ("a Queen observation without legal_moves", queen.Observation,
     without(queen_observation(queen.Phase.PLAY), "legal_moves"), "both refuse"),
    ("a Queen observation placing with legal_moves", queen.Observation,
     changed(queen_observation(queen.Phase.PLACE), legal_moves=[]), "both refuse"),
    ("a huge plank value", queen.Config, {"plank_values": [1, 2, 3, 5, 2**53]}, "both refuse"),
    ("a huge round count", queen.Config, {"rounds": 10**18}, "both refuse"),
    ("a huge hand size", king.Config, {"rounds": [10**20]}, "both refuse"),
    # Rule checks the schema lists.
    ("a classic game of 8", king.Config, {"players": 8, "edition": "classic"}, "rule check"),
    ("a total beyond 2**53 - 1", queen.Config,
     {"rounds": 2**50, "plank_values": [1, 2, 3, 5, 9]}, "rule check"),
    ("an illegal saved move", king.State, changed(king_state(), moves=["bid 9"]),
     "rule check"),
]


@pytest.mark.parametrize(("name", "cls", "data", "expected"), CASES,
                         ids=[case[0] for case in CASES])
def test_the_loader_and_the_schema_agree_on(name: str, cls: Any, data: Any,
                                            expected: str) -> None:
    assert verdict(cls, data) == expected


def test_a_missing_legal_moves_is_refused_at_the_observation() -> None:
    with pytest.raises(SerializationError) as error:
        from_dict(without(queen_observation(queen.Phase.PLAY), "legal_moves"),
                  queen.Observation)
    assert (error.value.path, error.value.reason) == ("$", "missing field 'legal_moves'")
    assert not is_rule_check(error.value)


def test_a_rule_check_says_so_and_where() -> None:
    with pytest.raises(SerializationError) as error:
        from_dict(changed(king_state(), moves=["bid 0", "bid 9"]), king.State)
    assert error.value.path == "$.moves[1]" and is_rule_check(error.value)


def test_the_mutations_reach_every_verdict() -> None:
    """The fuzzer is able to find a document of each kind of outcome."""
    rng = random.Random(3)
    seen = set()
    for _ in range(600):
        cls, data = rng.choice(pool())
        seen.add(verdict(cls, mutate(data, rng)))
    assert set(AGREEING) <= seen
