"""Processor seconds a decision of two bots, over whole seeded games (the bots page's table).

Seats alternate the two bots (A, B, A, B, ...); every decision is timed with
``time.process_time`` around the bot's ``choose``, so other work on the machine moves the
figures little. From the repository root::

    python -m benchmarks.decision_times king expert,search --seeds 0 1 2 3
    PYTHONPATH=. python -m benchmarks.decision_times king \\
        expert,benchmarks.expert_parts:FourfoldSearch --seeds 0 1 2 3

Bots are named as ``skullgames match`` names them: the game's bots, or ``module:Class``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from skullgames import COMPILED
from skullgames.registry import GAMES
from skullgames.simulation._bots import build_bot, contestants

__all__ = ["decision_times", "main", "summary"]


def decision_times(game_name: str, bots: str, seeds: Sequence[int],
                   players: int = 4) -> dict[str, list[float]]:
    """Every decision's processor seconds, by bot name, over the games of ``seeds``."""
    game = GAMES[game_name]
    line = contestants(game, bots)
    times: dict[str, list[float]] = {c.name: [] for c in line}
    for seed in seeds:
        seats = [line[s % len(line)] for s in range(players)]
        table = [build_bot(game, c, random.Random(f"{seed}:{s}:{c.name}"))
                 for s, c in enumerate(seats)]
        state = game.new_game(game.Config(players=players), seed=seed)
        while not game.is_over(state):
            seat = game.current_player(state)
            assert seat is not None, "auto_deal games have a seat to move until the end"
            observation = game.observe(state, seat)
            start = time.process_time()
            move = table[seat].choose(observation)
            times[seats[seat].name].append(time.process_time() - start)
            state = game.apply(state, move)
    return times


def summary(name: str, times: Sequence[float], limit: float = 0.1) -> str:
    """A table row: decisions, mean, median, 9 in 10 under, longest, how many over ``limit``."""
    ordered = sorted(times)
    n = len(ordered)
    over = sum(t > limit for t in ordered)
    return (f"| {name} | {n} | {sum(ordered) / n:.3f} | {ordered[n // 2]:.3f} | "
            f"{ordered[min(n - 1, n * 9 // 10)]:.3f} | {ordered[-1]:.3f} | {over} |")


def main(argv: Sequence[str] | None = None) -> None:
    """Time the bots and print a Markdown table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.decision_times")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("bots", help="two or more bots, comma-separated: A,B")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3])
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    times = decision_times(args.game, args.bots, args.seeds, args.players)
    print(f"{args.game}, {args.players} players, seeds {args.seeds}, "
          f"{'compiled' if COMPILED else 'pure Python'} build; processor seconds a decision")
    print("| bot | decisions | mean | median | 9 in 10 under | longest | over 0.1 s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, values in times.items():
        print(summary(name, values))


if __name__ == "__main__":
    main()
