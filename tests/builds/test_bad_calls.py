"""Both builds refuse the same bad calls with the same class of error (issue 47).

``tests/support/bad_calls.py`` makes a fixed set of bad calls to the public API, and
``bad_calls.json`` records what the pure and the compiled build answered to each. The
build under test must answer as recorded for it (CI runs this file in both builds), the
two records must agree on every class, and ``docs/build-messages.md`` must list every
message that differs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skullgames import COMPILED, king, queen
from tests.support.bad_calls import differences, docs_page, outcomes, recorded

ROOT = Path(__file__).resolve().parents[2]
BUILD = "compiled" if COMPILED else "pure"


def test_the_build_under_test_answers_each_bad_call_as_recorded() -> None:
    answers = outcomes()
    expected = recorded()[BUILD]
    assert list(answers) == list(expected)
    changed = {call: (expected[call], answer) for call, answer in answers.items()
               if answer != expected[call]}
    assert changed == {}, "record both builds again: see tests/support/bad_calls.py"


def test_both_builds_refuse_each_bad_call_with_the_same_class() -> None:
    records = recorded()
    assert list(records["pure"]) == list(records["compiled"])
    classes = {call: (answer[0], records["compiled"][call][0])
               for call, answer in records["pure"].items()
               if answer[0] != records["compiled"][call][0]}
    assert classes == {}


def test_the_docs_list_every_message_that_differs() -> None:
    page = (ROOT / "docs" / "build-messages.md").read_text(encoding="utf-8")
    assert page == docs_page(recorded())
    assert len(differences(recorded())) == page.count("\n| `")


@pytest.mark.parametrize("game", [king, queen])
def test_a_bool_seed_to_replay_is_refused_alike(game: Any) -> None:
    """Issue 47: ``replay(seed=True)`` was accepted by the compiled build only."""
    with pytest.raises(TypeError, match=r"^seed must be an int, not bool$"):
        game.replay(game.Config(), (), seed=True)
