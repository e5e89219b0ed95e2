"""The PettingZoo example runs (small), and the reinforcement-learning benchmark rows
print (tiny batches; no timing is asserted)."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from benchmarks import rl as rl_rows
from benchmarks.run import per_call_us

from skullgames import king, queen
from tests.support import rl_examples as examples


def load_example() -> Any:
    return examples.load_example("pettingzoo_random_rollouts")


@pytest.mark.parametrize("game", ["king", "queen"])
def test_the_pettingzoo_example_plays_masked_random_games(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example()
    assert example.main(["--game", game, "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["game 0", "game 1"]
    returns = example.rollouts(game, 1, 3)
    assert len(returns[0]) == 4  # the default configs: four players


def test_the_benchmark_rows() -> None:
    rows: list[tuple[str, ...]] = []

    def add(*cells: str) -> None:
        rows.append(cells)

    assert rl_rows.available()
    for name, config in (("king", king.Config(players=3, rounds=(1, 2))),
                         ("queen", queen.Config(players=3, rounds=1))):
        rl_rows.per_step(name, config, 1, 1, per_call_us, add)
        rl_rows.rollouts(name, config, name, 2, 0.001, time.process_time, add)
    labels = [row[0] for row in rows]
    assert labels == [
        "king: ActionSpace.mask + index per step", "king: rl.encode per step",
        "king: PettingZoo masked random rollouts",
        "king: PettingZoo rollouts against texas_holdem_v4",
        "king: PettingZoo ceiling, observations made ahead",
        "queen: ActionSpace.mask + index per step", "queen: rl.encode per step",
        "queen: PettingZoo masked random rollouts",
        "queen: PettingZoo rollouts against texas_holdem_v4",
        "queen: PettingZoo ceiling, observations made ahead",
    ]
    assert all("× the raw loop" in row[3] for row in rows if row[2] == "steps/s")
    assert all(row[3].startswith("texas_holdem_v4 ") and float(row[1]) > 0
               for row in rows if row[2] == "×")


def test_the_maskable_ppo_examples_evaluation_and_table() -> None:
    """The parts of examples/maskable_ppo.py that need no torch: the evaluation of a
    policy against the bots (here the masked random baseline) and the results table.
    Training needs sb3-contrib and torch, which CI does not install (see the RL guide)."""
    example = examples.load_example("maskable_ppo")
    config = king.Config(players=3, rounds=(1, 2))
    result = example.evaluate(example.random_policy(1), config, "greedy", 4, 0)
    assert set(result) == {"score", "opponents", "wins"}
    assert 0 <= result["wins"] <= 1
    again = example.evaluate(example.random_policy(1), config, "greedy", 4, 0)
    assert again == result  # seeded: the same games
    text = example.table([("random", "greedy", result)])
    assert text.splitlines()[2].startswith("| random | greedy |")


def test_the_render_frame_row() -> None:
    rows: list[tuple[str, ...]] = []
    rl_rows.render_frame("queen", queen.Config(players=3, rounds=1), "queen", 1,
                         per_call_us, lambda *cells: rows.append(cells))
    assert [row[0] for row in rows] == ["queen: one rgb_array frame"]
    assert rows[0][2] == "ms" and rows[0][3] == "900×428 RGB"
    assert float(rows[0][1]) > 0
