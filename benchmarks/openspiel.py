"""Random playouts through the OpenSpiel adapter against the raw engine loop.

Run from the repository root (needs the ``openspiel`` extra)::

    python -m benchmarks.openspiel            # about half a minute
    python -m benchmarks.openspiel --quick    # a few seconds, figures rough

Three loops play random games of the same configuration, in alternating batches in one
process (CPU time, ``time.process_time``):

- **raw**: ``new_game(config, seed=i)``, then ``apply(state, choice(legal_moves(state)))``
  until ``is_over``: the engine's own loop, which deals from the seed;
- **pyspiel**: ``game.new_initial_state()``, each card of each deal drawn from
  ``chance_outcomes()``, each move from ``legal_actions()``, through ``apply_action``;
- **pyspiel + views**: the same, also reading the mover's information state string and
  tensor at every decision (what a CFR or learning loop does).

Each pyspiel figure is given as steps/s (player moves, chance excluded) and as a ratio to
the raw loop's steps/s: the median over pairs of adjacent batches.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from skullgames import king, queen
from skullgames.rl.openspiel import load_game

clock = time.process_time

RawSteps = Callable[[str, Any, int, int, Callable[[], float]], tuple[int, float]]
"""``benchmarks.rl.raw_steps``: moves and seconds of random games of the raw loop."""

CASES: list[tuple[str, Any]] = [
    ("king, 4 players", king.Config(players=4)),
    ("king, 2 players + Graybeard, abilities", king.Config(players=2, pirate_abilities=True)),
    ("queen, 4 players", queen.Config(players=4)),
]


def available() -> bool:
    """Whether the ``openspiel`` extra is installed."""
    return importlib.util.find_spec("pyspiel") is not None


def spiel_batch(game: Any, games_count: int, seed: int, views: bool) -> tuple[float, int]:
    """Seconds and player moves for ``games_count`` random games through pyspiel."""
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    steps = 0
    start = clock()
    for _ in range(games_count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            if views:
                seat = state.current_player()
                state.information_state_string(seat)
                state.information_state_tensor(seat)
            state.apply_action(choice(state.legal_actions()))
            steps += 1
    return clock() - start, steps


def games_per_batch(run: Callable[[int], tuple[float, int]], seconds: float) -> int:
    """Games per batch so that a batch lasts about ``seconds`` (after a warm-up game)."""
    run(1)
    one, _ = run(1)
    return max(1, round(seconds / one)) if one > 0 else 1


def measure(label: str, config: Any, seconds: float, repeats: int) -> list[str]:
    """The rows of one configuration."""
    from benchmarks.rl import raw_steps

    rates = _rates(config, seconds, repeats, raw_steps, clock, views=True)
    rows = []
    for loop, found in rates.items():
        ratio = "" if loop == "raw" else (
            f"{statistics.median(a / b for a, b in zip(found, rates['raw'], strict=True)):.3f}"
            " × raw")
        rows.append(f"| {label}: {loop} | {statistics.median(found):,.0f} | steps/s | {ratio} |")
    return rows


def row(config: Any, label: str, repeats: int, seconds: float, raw_steps: RawSteps,
        clock: Callable[[], float], add: Callable[..., None]) -> None:
    """One row of ``python -m benchmarks``: pyspiel random playouts against the raw loop.

    ``raw_steps`` is :func:`benchmarks.rl.raw_steps`, passed in: ``python -m benchmarks``
    loads this file by path, where ``benchmarks`` is no package.
    """
    rates = _rates(config, seconds, repeats, raw_steps, clock, views=False)
    ratio = statistics.median(a / b for a, b in zip(rates["pyspiel"], rates["raw"], strict=True))
    add(f"{label}: OpenSpiel random playouts", f"{statistics.median(rates['pyspiel']):,.0f}",
        "steps/s", f"{ratio:.3f} × the raw loop", "")


def _rates(config: Any, seconds: float, repeats: int, raw_steps: RawSteps,
           clock: Callable[[], float], *, views: bool) -> dict[str, list[float]]:
    """Steps/s of each loop in each repeat, the loops alternating in order."""

    name = "king" if isinstance(config, king.Config) else "queen"
    game = load_game(config)
    loops: dict[str, Callable[[int, int], tuple[float, int]]] = {
        "raw": lambda n, seed: raw_steps(name, config, n, seed, clock)[::-1],
        "pyspiel": lambda n, seed: spiel_batch(game, n, seed, False),
    }
    if views:
        loops["pyspiel + views"] = lambda n, seed: spiel_batch(game, n, seed, True)
    sizes = {loop: games_per_batch(lambda n, run=run: run(n, 0), seconds)  # type: ignore[misc]
             for loop, run in loops.items()}
    rates: dict[str, list[float]] = {loop: [] for loop in loops}
    for rep in range(repeats):
        order = list(loops) if rep % 2 == 0 else list(reversed(loops))
        for loop in order:
            spent, steps = loops[loop](sizes[loop], 1_000_000 * (rep + 1))
            rates[loop].append(steps / spent)
    return rates


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table; returns the exit status."""
    parser = argparse.ArgumentParser(description="OpenSpiel adapter playouts vs the raw loop")
    parser.add_argument("--quick", action="store_true", help="a few seconds, figures rough")
    args = parser.parse_args(argv)
    seconds, repeats = (0.02, 1) if args.quick else (0.5, 7)
    rows = ["| benchmark | value | unit | vs raw loop |", "|---|---:|---|---|"]
    for label, config in CASES:
        print(f"measuring {label} ...", file=sys.stderr)
        rows += measure(label, config, seconds, repeats)
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
