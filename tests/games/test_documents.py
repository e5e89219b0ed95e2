"""A game's documents are found by the contract of its values, never by a class's name.

The schemas (``skullgames.schemas``) and the table server's ``serve-view`` and
``serve-event`` schemas need the codecs of a game's finished trick and round summary: they
find them as the classes of ``state.last_trick`` and of ``observation.rounds``
(:func:`skullgames.plugins.document_types`), so that a game's classes may have any name and
a game without tricks has none (issue 36).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
import skull_jack
from skull_jack import Config, apply, legal_moves, new_game, observe
from skull_jack.entry import ENTRY

from skullgames import GAMES, ConfigError, king, to_dict
from skullgames.plugins import check_game, document_types
from skullgames.registry import registered
from skullgames.schemas import SCHEMA_NAMES, schema_named
from tests.games.test_contract import king_with_states

jsonschema = pytest.importorskip("jsonschema")  # in the test extra, which CI installs

RENAMED = {skull_jack.TrickResult: "Trick", skull_jack.RoundResult: "Score",
           skull_jack.RoundSummary: "Points"}


def finished_round() -> tuple[Any, Any]:
    """A Skull Jack game just before and just after its first round is scored."""
    state = new_game(Config(players=3, hand_size=2, rounds=2), seed=4)
    while True:
        after = apply(state, legal_moves(state)[0])
        if after.rounds:
            return state, after
        state = after


@pytest.fixture
def renamed() -> Iterator[None]:
    """Skull Jack with its trick, round and round summary classes called otherwise."""
    names = {cls: (cls.__name__, cls.__qualname__) for cls in RENAMED}
    try:
        for cls, name in RENAMED.items():
            cls.__name__ = cls.__qualname__ = name
        yield
    finally:
        for cls, (name, qualname) in names.items():
            cls.__name__, cls.__qualname__ = name, qualname


@pytest.mark.usefixtures("renamed")
def test_a_game_s_documents_are_found_whatever_its_classes_are_called() -> None:
    with registered(ENTRY) as jack:
        assert dict(document_types(jack)) == {"trick-result": skull_jack.TrickResult,
                                              "round-result": skull_jack.RoundResult,
                                              "round-summary": skull_jack.RoundSummary}
        assert {"jack-trick-result", "jack-round-result", "jack-round-summary"} <= set(
            SCHEMA_NAMES)
        before, after = finished_round()
        event = {"index": len(before.history), "seat": 0, "move": "B1", "hidden": False,
                 "kind": None, "trick": to_dict(after.last_trick),
                 "round": to_dict(observe(after, 1).rounds[-1])}
        assert event["trick"] is not None and event["round"] is not None
        jsonschema.validate(event, schema_named("serve-event"))
        view_events = schema_named("serve-view")["oneOf"]
        assert any(branch["properties"]["game"] == {"const": "jack"} for branch in view_events)
        wrong = {**event, "round": {"points": "many"}}
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(wrong, schema_named("serve-event"))


def test_a_game_without_tricks_has_no_trick_document_and_sends_none() -> None:
    untricked = king_with_states("last_trick", lambda state: None)
    with registered(untricked) as game:
        assert "trick-result" not in document_types(game)
        assert "jack-trick-result" not in SCHEMA_NAMES
        assert "jack-round-summary" in SCHEMA_NAMES
        schema = schema_named("serve-event")
        jack_event = schema["$defs"]["jack.event"]
        assert jack_event["properties"]["trick"] == {"type": "null"}
        king_event = schema["$defs"]["king.event"]
        assert king_event["properties"]["trick"] != {"type": "null"}


@pytest.mark.parametrize("game", ["king", "queen"])
def test_the_library_s_games_have_every_kind_of_document(game: str) -> None:
    found = document_types(GAMES[game])
    assert [cls.__name__ for cls in found.values()] == ["TrickResult", "RoundResult",
                                                          "RoundSummary"]
    assert all(cls in GAMES[game].codecs for cls in found.values())


def test_a_game_whose_finished_tricks_are_of_two_classes_is_refused() -> None:
    def trick_or_round(state: Any) -> Any:  # a finished round where a trick should be
        return state.rounds[-1] if state.rounds else state.last_trick

    game = king_with_states("last_trick", trick_or_round)
    two_tricks = attrs.evolve(game, new_game=lambda config=None, **options: game.new_game(
        king.Config(rounds=(2, 3)), **options))  # a trick finished before the round
    with pytest.raises(ConfigError, match=re.escape(
            "its State's 'last_trick' is of more than one class (RoundResult and "
            "TrickResult)")):
        check_game(two_tricks)
    check_game(attrs.evolve(GAMES["king"], name="jack", new_game=lambda config=None,
                            **options: king.new_game(king.Config(rounds=(2, 3)), **options)))
