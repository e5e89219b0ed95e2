"""The instruction guard: the engine and a decision cost what benchmarks/instructions.json says.

Instruction counts (callgrind) do not move with the load on the machine, so this test can
hold the build that runs it (pure or compiled) to the recorded counts of its workloads
within 3 %: random King and Queen games and expert decisions (``benchmarks/instructions.py``
``GUARD_GAMES``). A change of more than 3 %, up or down, must be recorded with a reason:
``python benchmarks/instructions.py guard --record REASON [--python EXE ...]``.

Without valgrind, or on a Python (minor version) or build the file has no count for, the
test fails and says how to record one; it never skips (CI installs valgrind, ``.ci/run``).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from benchmarks.instructions import (
    GUARD_FILE,
    GUARD_GAMES,
    TOLERANCE,
    compare,
    guard_counts,
    load_guard,
    main,
)


def test_the_build_costs_what_the_file_says() -> None:
    assert shutil.which("valgrind") is not None, (
        "the instruction guard needs valgrind (apt-get install valgrind; .ci/run installs it)")
    recorded = load_guard()
    assert recorded.get("games") == GUARD_GAMES, (
        "benchmarks/instructions.json was recorded for other games: record it again")
    counts, build, minor, _ = guard_counts(sys.executable)
    problems = compare(recorded, counts, build, minor)
    assert not problems, "\n".join(problems)


def _file(count: int, reason: str = "measured") -> dict[str, object]:
    return {"counts": {"king": {"pure": {"3.11": {"instructions": count, "reason": reason}}}}}


def test_a_rise_or_fall_beyond_the_tolerance_is_a_problem() -> None:
    recorded = _file(1_000_000)
    assert compare(recorded, {"king": 1_029_000}, "pure", "3.11") == []
    assert compare(recorded, {"king": 971_000}, "pure", "3.11") == []
    rise = compare(recorded, {"king": 1_031_000}, "pure", "3.11")
    assert len(rise) == 1 and "grew +3.1%" in rise[0], rise
    assert "guard --record REASON" in rise[0]
    fall = compare(recorded, {"king": 960_000}, "pure", "3.11")
    assert len(fall) == 1 and "fell" in fall[0], fall
    assert TOLERANCE == 0.03


def test_a_python_or_build_without_a_count_fails_saying_how_to_record_one() -> None:
    recorded = _file(1_000_000)
    for build, minor in (("pure", "3.12"), ("compiled", "3.11")):
        problems = compare(recorded, {"king": 1_000_000}, build, minor)
        assert len(problems) == 1, problems
        assert f"no count for the {build} build on Python {minor}" in problems[0]
        assert "guard --record REASON" in problems[0]


def test_a_count_without_a_reason_is_a_problem() -> None:
    problems = compare(_file(1_000_000, reason=" "), {"king": 1_000_000}, "pure", "3.11")
    assert problems == ["king, pure, Python 3.11: the count has no reason"]


def test_recording_requires_a_reason() -> None:
    with pytest.raises(SystemExit, match="say why the counts change"):
        main(["guard", "--record", "  "])


def test_every_recorded_count_has_a_reason_and_the_guard_s_games() -> None:
    data = json.loads(Path(GUARD_FILE).read_text())
    assert data["games"] == GUARD_GAMES
    assert set(data["counts"]) == set(GUARD_GAMES)
    for workload, builds in data["counts"].items():
        assert set(builds) == {"pure", "compiled"}, workload
        for minor, entry in (item for build in builds.values() for item in build.items()):
            assert entry["reason"].strip() and entry["instructions"] > 0, (workload, minor)
