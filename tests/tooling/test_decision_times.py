"""``benchmarks/decision_times.py`` times every decision of every bot (no timing asserted)."""

from __future__ import annotations

import pytest
from benchmarks.decision_times import decision_times, main, summary


def test_every_decision_of_every_seat_is_timed() -> None:
    # Standard Skull King, 3 players, rounds of 1 to 10 cards: each seat bids once a round
    # and plays a card a trick, 10 + 55 decisions; seats 0 and 2 are the first bot's.
    times = decision_times("king", "greedy,random", [3], players=3)
    assert {name: len(values) for name, values in times.items()} == {
        "greedy": 2 * 65, "random": 65}
    assert all(t >= 0 for values in times.values() for t in values)


def test_skull_queen_is_timed_too() -> None:
    times = decision_times("queen", "greedy,random", [1], players=4)
    assert len(times["greedy"]) == len(times["random"]) > 0


def test_summary_counts_the_decisions_over_the_limit() -> None:
    row = summary("bot", [0.05, 0.2, 0.01, 0.3])
    assert row == "| bot | 4 | 0.140 | 0.200 | 0.300 | 0.300 | 2 |"


def test_main_prints_a_row_a_bot(capsys: pytest.CaptureFixture[str]) -> None:
    main(["king", "greedy,random", "--seeds", "1", "--players", "2"])
    out = capsys.readouterr().out
    assert "| greedy | " in out and "| random | " in out
