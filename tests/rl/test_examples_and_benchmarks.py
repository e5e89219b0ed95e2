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
from tests.rl import examples


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
        "king: PettingZoo ceiling, observations made ahead",
        "queen: ActionSpace.mask + index per step", "queen: rl.encode per step",
        "queen: PettingZoo masked random rollouts",
        "queen: PettingZoo ceiling, observations made ahead",
    ]
    assert all("× the raw loop" in row[3] for row in rows if row[2] == "steps/s")
