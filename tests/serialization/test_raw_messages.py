"""Wrong arguments get a clear message naming what was expected (issue 22, item 6)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skullgames import (
    ConfigError,
    SerializationError,
    configure_converter,
    from_json,
    json_schema,
    king,
    queen,
    to_json,
)
from skullgames.history import MoveLog
from tests.support.type_errors import raises_wrong_type

Q7 = queen.card("R7")
Q8 = queen.card("R8")

CALLS: list[tuple[str, Callable[[], object], str]] = [
    ("king.Deal(None)", lambda: king.Deal(None), "hands must be one hand of cards per seat"),  # type: ignore[arg-type]
    ("king.Deal([None])", lambda: king.Deal([None]), r"hands\[0\] must be a hand"),  # type: ignore[list-item]
    ("king.Deal ghost", lambda: king.Deal([[]], ghost=3), "ghost must be a list of cards"),  # type: ignore[arg-type]
    ("king.Deal stock", lambda: king.Deal([[]], stock=3), "stock must be a list of cards"),  # type: ignore[arg-type]
    ("queen.Deal(None)", lambda: queen.Deal(None), "hands must be"),  # type: ignore[arg-type]
    ("queen.Deal center", lambda: queen.Deal([[]], center=1), "center must be"),  # type: ignore[arg-type]
    ("king.Discard(None)", lambda: king.Discard(None), "cards must be the cards discarded"),  # type: ignore[arg-type]
    ("king.replay", lambda: king.replay(king.Config(), None), "moves must be the moves"),  # type: ignore[arg-type]
    ("queen.replay", lambda: queen.replay(queen.Config(), None), "moves must be the moves"),  # type: ignore[arg-type]
    ("queen.resolve_trick center", lambda: queen.resolve_trick([(0, Q7), (1, Q8)], center=None),  # type: ignore[arg-type]
     "center must be the cards in the centre"),
    ("queen.resolve_trick planks", lambda: queen.resolve_trick([(0, Q7), (1, Q8)], planks=5),  # type: ignore[arg-type]
     "planks must be one Plank per seat"),
    ("queen.score_round", lambda: queen.score_round(planks=5), "planks must be one Plank"),  # type: ignore[arg-type]
    ("to_json(object())", lambda: to_json(object()),
     r"to_json writes skullgames values .*\$ is a Python object"),
    ("to_json({1})", lambda: to_json({1}), r"\$ is a Python set"),
    ("to_json nested", lambda: to_json([king.Bid(1), {"a": object()}]),
     r"\$\[1\]\.a is a Python object"),
    ("to_json nan", lambda: to_json([float("nan")]), r"finite numbers; \$\[0\] is nan"),
    ("to_json key", lambda: to_json({(1, 2): 3}), "to_dict writes skullgames values"),
    # Found by calling the public callables with None and values of other types.
    ("MoveLog(None)", lambda: MoveLog(None), r"MoveLog takes a cell"),  # type: ignore[arg-type]
    ("queen.deck('x')", lambda: queen.deck("x"), "players must be an int"),  # type: ignore[arg-type]
    ("configure_converter(None)", lambda: configure_converter(None),  # type: ignore[arg-type]
     "converter must be a cattrs.Converter"),
    ("json_schema([])", lambda: json_schema([]), "no JSON schema for"),
]


def test_a_deck_for_too_many_players_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="Skull Queen is for 2 to 6 players, not 7"):
        queen.deck(7)


@pytest.mark.parametrize(("name", "call", "message"), CALLS, ids=[c[0] for c in CALLS])
def test_wrong_arguments_raise_a_clear_type_error(name: str, call: Callable[[], object],
                                                  message: str) -> None:
    with raises_wrong_type(message):
        call()


@pytest.mark.parametrize(("text", "cls", "message"), [
    ('{"type": "bid"}', king.Move, r"^\$: missing field 'n'$"),
    ('{"type": "bid"}', king.Bid, r"^\$: missing field 'n'$"),
    ('{"type": "play"}', queen.Move, r"^\$: missing field 'card'$"),
    ('{"type": "place", "side": "front"}', queen.Move, r"^\$: missing field 'spaces'$"),
    ('{"type": "leader"}', king.Move, r"^\$: missing field 'seat'$"),
])
def test_a_missing_field_is_called_missing(text: str, cls: Any, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        from_json(text, cls)


def test_play_save_to_a_path_that_cannot_be_written_fails_before_the_game(
        tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "x.json"
    done = subprocess.run(
        [sys.executable, "-m", "skullgames", "play", "--save", str(target)],
        input="", capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 1
    assert done.stdout == ""  # no table shown: nothing was played
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "No such file or directory" in lines[0], done.stderr


def test_play_save_leaves_no_file_when_the_game_is_left(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    done = subprocess.run(
        [sys.executable, "-m", "skullgames", "play", "--save", str(target)],
        input="quit\n", capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert not target.exists()
