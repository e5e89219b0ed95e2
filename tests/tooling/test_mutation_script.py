"""The verdict of ``tests/support/mutation.py`` (the mutation run itself stays out of the suite)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.mutation import (
    compare,
    configured_modules,
    mutant_prefix,
    read_equivalents,
    table,
)

MODULE = "king/tricks"
NAME = mutant_prefix(MODULE) + "x_resolve__mutmut_{}"


def test_the_list_of_equivalent_mutants_names_configured_modules_with_reasons() -> None:
    modules = configured_modules()
    assert "queen/scoring" in modules and "queen/planks" not in modules
    listed = read_equivalents()
    for name, reason in listed.items():
        assert any(name.startswith(mutant_prefix(m)) for m in modules), name
        assert "__mutmut_" in name and len(reason.split()) >= 5, name


def test_an_unlisted_survivor_or_a_mutant_without_tests_fails_the_run() -> None:
    results = {MODULE: {NAME.format(1): 1, NAME.format(2): 0, NAME.format(3): 33,
                        NAME.format(4): None}}
    rows, problems = compare(results, {})
    assert (rows[0].mutants, rows[0].killed, rows[0].survived, rows[0].no_tests,
            rows[0].other) == (4, 1, 1, 1, 1)
    assert problems == [f"survived, not listed as equivalent: {NAME.format(2)}",
                        f"no test runs this mutant: {NAME.format(3)}",
                        f"not checked: {NAME.format(4)}"]


def test_listed_survivors_pass_and_stale_entries_fail() -> None:
    codes = {NAME.format(k): 1 for k in range(1, 40)} | {NAME.format(40): 0}
    rows, problems = compare({MODULE: codes}, {NAME.format(40): "why"})
    assert problems == []
    assert (rows[0].killed, rows[0].equivalent) == (39, 1)
    assert "| `king/tricks.py` | 40 | 39 (97.5 %) | 0 | 1 | 0 |" in table(rows)
    _, problems = compare({MODULE: codes}, {NAME.format(1): "why", NAME.format(40): "why",
                                            NAME.format(99): "why"})
    assert problems == [f"listed as equivalent but killed (stale name?): {NAME.format(1)}",
                        f"listed as equivalent but no such mutant (stale name?): "
                        f"{NAME.format(99)}"]


def test_a_timeout_is_a_kill_but_not_for_a_listed_mutant() -> None:
    codes = {NAME.format(1): 36, NAME.format(2): 36} | {NAME.format(k): 1 for k in range(3, 50)}
    rows, problems = compare({MODULE: codes}, {NAME.format(2): "why"})
    assert rows[0].killed == 49
    assert problems == ["listed as equivalent but timed out (run it again with `mutmut run "
                        f"NAME`): {NAME.format(2)}"]


def test_more_than_5_percent_equivalent_fails_the_run() -> None:
    codes = {NAME.format(k): 1 for k in range(18)} | {NAME.format(90): 0, NAME.format(91): 0}
    _, problems = compare({MODULE: codes}, {NAME.format(90): "why", NAME.format(91): "why"})
    assert problems == ["2 equivalent mutants of 20: more than 5%"]


def test_a_listed_mutant_needs_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "equivalent_mutants.txt"
    path.write_text("# comment\n\nskullgames.king.tricks.x_a__mutmut_1 a reason\n")
    assert read_equivalents(path) == {"skullgames.king.tricks.x_a__mutmut_1": "a reason"}
    path.write_text("skullgames.king.tricks.x_a__mutmut_1\n")
    with pytest.raises(ValueError, match="has no reason"):
        read_equivalents(path)
