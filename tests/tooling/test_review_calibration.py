"""``benchmarks/review_calibration.py``: each decision of each bot reviewed (no rank asserted)."""

from __future__ import annotations

import pytest
from benchmarks.review_calibration import calibration, correlation, main

from skullgames import king


def test_every_decision_of_every_bot_is_counted() -> None:
    # 3 players, rounds of 1 and 2 cards: each seat bids twice and plays three cards
    found = calibration("king", "random,greedy,expert", 3, worlds=2,
                        config=king.Config(players=3, rounds=(1, 2)))
    assert {b["bot"]: b["decisions"] for b in found["bots"]} == {
        "random": 15, "greedy": 15, "expert": 15}
    assert all(b["mean_loss"] >= 0 for b in found["bots"])
    assert found["seats"] == 9


def test_the_games_are_duplicate_deals() -> None:
    """Three bots: each deal is played three times, the line-up turned each time."""
    config = king.Config(players=3, rounds=(1,))
    assert calibration("king", "random,greedy,expert", 3, worlds=1, config=config)[
        "deals"] == 1
    assert calibration("king", "random,greedy,expert", 4, worlds=1, config=config)[
        "deals"] == 2


def test_correlation_is_pearson_s() -> None:
    assert correlation([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert correlation([0, 1, 0, 1], [1, 1, 0, 0]) == pytest.approx(0.0)
    assert correlation([2, 2], [1, 5]) is None


def test_main_prints_a_row_a_bot(capsys: pytest.CaptureFixture[str]) -> None:
    main(["queen", "random,greedy", "--games", "1", "--players", "2", "--worlds", "2"])
    out = capsys.readouterr().out
    assert "| random | " in out and "| greedy | " in out and "Correlation" in out
