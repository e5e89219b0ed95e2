"""A wrong Python type is refused by the type checker and by both builds (issue 34).

The public functions and constructors declare their types: ``mypy --strict`` reports each
call of ``tests/typecheck/wrong_calls.py``, and at run time each raises ``TypeError``
(mypyc's own in the compiled build), never one of the library's errors, which
``except SkullgamesError`` would catch as a wrong value. A whole number given as ``True``
passes a type checker (a bool is an int) and is refused by both builds alike.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skullgames import (
    COMPILED,
    ConfigError,
    IllegalMoveError,
    InvalidNotationError,
    SkullgamesError,
    king,
    queen,
)
from skullgames.history import MoveLog

ROOT = Path(__file__).resolve().parents[2]
WRONG_CALLS = ROOT / "tests" / "typecheck" / "wrong_calls.py"
MARK = "# expect-error"


def _body() -> tuple[list[ast.stmt], list[str]]:
    """The statements of ``wrong_calls()`` and the file's lines."""
    text = WRONG_CALLS.read_text(encoding="utf-8")
    tree = ast.parse(text)
    function = next(node for node in tree.body
                    if isinstance(node, ast.FunctionDef) and node.name == "wrong_calls")
    return function.body, text.splitlines()


def marked_lines() -> list[int]:
    statements, lines = _body()
    return [s.lineno for s in statements if lines[s.lineno - 1].endswith(MARK)]


def test_the_file_marks_the_calls_it_makes() -> None:
    statements, lines = _body()
    marked = marked_lines()
    assert len(marked) >= 50
    assert all(lines[n - 1].strip().startswith(("king.", "queen.", "MoveLog(")) for n in marked)
    # No mark hides in a statement of several lines, where mypy may report another line.
    assert all(s.end_lineno == s.lineno for s in statements)


def test_mypy_strict_reports_every_wrong_call_and_nothing_else() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(WRONG_CALLS.relative_to(ROOT))],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=600,
    )
    reported = {int(n) for n in re.findall(r"^tests/typecheck/wrong_calls\.py:(\d+): error:",
                                           result.stdout, re.MULTILINE)}
    assert reported == set(marked_lines()), result.stdout + result.stderr


def _namespace() -> dict[str, Any]:
    """The names of wrong_calls.py, with its setup statements run."""
    namespace: dict[str, Any] = {"king": king, "queen": queen, "MoveLog": MoveLog}
    statements, lines = _body()
    for statement in statements:
        if not lines[statement.lineno - 1].endswith(MARK):
            exec(compile(ast.Module([statement], []), str(WRONG_CALLS), "exec"), namespace)
    return namespace


NAMESPACE = _namespace()


@pytest.mark.parametrize("line", marked_lines())
def test_each_wrong_call_raises_a_type_error(line: int) -> None:
    code = WRONG_CALLS.read_text(encoding="utf-8").splitlines()[line - 1].split(MARK)[0]
    with pytest.raises(TypeError) as caught:
        exec(code.strip(), dict(NAMESPACE))
    assert not isinstance(caught.value, SkullgamesError), caught.value


STATE = king.new_game(king.Config(players=3), seed=1)
QUEEN_STATE = queen.new_game(queen.Config(players=3), seed=1)

# A bool where a whole number is wanted: the same message in both builds (the parameters
# are typed skullgames._checks.Whole, so mypyc does not read True as 1 before the check).
BOOLS: list[tuple[str, Callable[[], object], str]] = [
    ("Bid", lambda: king.Bid(True), "Bid takes a whole number of tricks (an int), not True"),
    ("ChooseLeader", lambda: king.ChooseLeader(False),
     "ChooseLeader takes a seat number (an int), not False"),
    ("Wager", lambda: king.Wager(True), "Wager takes a whole number of points (an int), not True"),
    ("AdjustBid", lambda: king.AdjustBid(True),
     "AdjustBid takes a whole number (an int), not True"),
    ("king.Card", lambda: king.Card(king.Kind.NUMBER, king.Suit.YELLOW, True),
     "Card rank must be an int, not True"),
    ("king.seeded_deal seed", lambda: king.seeded_deal(king.Config(), True, 0),
     "seed must be an int, not bool"),
    ("king.seeded_deal round", lambda: king.seeded_deal(king.Config(), 1, True),
     "round_index must be an int, not bool"),
    ("king.new_game", lambda: king.new_game(seed=True), "seed must be an int, not bool"),
    ("king.observe", lambda: king.observe(STATE, True),
     "player must be a seat number (an int), not bool"),
    ("king.score_round", lambda: king.score_round([1], [1], cards_dealt=True),
     "cards_dealt must be a whole number (an int), not bool"),
    ("king.round_breakdown", lambda: king.round_breakdown([1], [1], cards_dealt=1,
                                                          round_number=True),
     "round_number must be a whole number (an int), not bool"),
    ("queen.Card", lambda: queen.Card(queen.Color.RED, True),
     "a card's value is a whole number (an int), not True"),
    ("queen.deck", lambda: queen.deck(True), "players must be an int, not bool"),
    ("queen.seeded_deal", lambda: queen.seeded_deal(queen.Config(), 1, False),
     "round_index must be an int, not bool"),
    ("queen.observe", lambda: queen.observe(QUEEN_STATE, False),
     "player must be a seat number (an int), not bool"),
]


@pytest.mark.parametrize(("call", "message"), [case[1:] for case in BOOLS],
                         ids=[case[0] for case in BOOLS])
def test_a_bool_for_a_whole_number_is_refused_alike_in_both_builds(
        call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    assert str(caught.value) == message


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: king.apply(STATE, king.Bid(4)), IllegalMoveError,
     "a bid is 0 to 1 this round, not 4"),
    (lambda: king.apply(STATE, king.Play(king.card("Y3"))), IllegalMoveError,
     "the players are bidding, Play(card('Y3')) is not a Bid"),
    (lambda: king.card("Z9"), InvalidNotationError, "'Z9' is not a Skull King card"),
    (lambda: king.parse_move("bid x"), InvalidNotationError,
     "'bid x': a bid is a whole number, as in 'bid 2'"),
    (lambda: king.Play(king.card("TIG")), IllegalMoveError,
     "the Tigress must be declared: Play(card('TIG'), as_pirate=True or False)"),
    (lambda: king.Card(king.Kind.NUMBER, king.Suit.YELLOW, 15), InvalidNotationError,
     "rank 15 is not 1..14"),
    (lambda: king.observe(STATE, 3), ConfigError,
     "player 3 is not a seat of this 3-player game (0..2)"),
    (lambda: queen.card("R13"), InvalidNotationError, "'R13' is not a Skull Queen card"),
    (lambda: queen.Card(queen.Color.RED, 13), InvalidNotationError,
     "a coloured card is 1..12, not 13"),
    (lambda: queen.apply(QUEEN_STATE, queen.Play(queen.card("R7"))), IllegalMoveError,
     "the pirates are being placed, Play(card('R7')) is not a Place"),
    (lambda: queen.Place(queen.Side.FRONT, (0, 1, 2, 5)), IllegalMoveError,
     "a placement puts four pawns (red, yellow, green, blue) on spaces 0..4, not (0, 1, 2, 5)"),
], ids=["bid", "play while bidding", "card", "parse_move", "tigress", "rank", "seat",
        "queen card", "queen Card", "queen play while placing", "queen place"])
def test_a_wrong_value_of_the_right_type_is_the_librarys_error_in_both_builds(
        call: Callable[[], object], error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    assert str(caught.value) == message


def test_the_compiled_build_names_its_own_message() -> None:
    # The pure build's check says what was expected; the compiled build's is mypyc's.
    with pytest.raises(TypeError) as caught:
        king.apply(STATE, "Y3")  # type: ignore[arg-type]
    expected = ("object expected; got str" if COMPILED
                else "move must be a skullgames.king.Move, not str")
    assert expected in str(caught.value)
