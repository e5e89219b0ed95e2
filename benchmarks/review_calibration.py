"""Does the review rank the bots? Mean loss a decision of each bot over seeded games (issue 48).

Each game seats the bots in turn (game ``k`` turns the line-up by ``k`` seats) and is
reviewed whole by :func:`skullgames.review`. The games are duplicate deals: with ``B``
bots, games ``k`` and ``k + 1`` to ``k + B - 1`` (``k`` a multiple of ``B``) deal the
same cards (the deal's seed is ``seed + k // B``), each bot in each place of the turning
line-up once. It prints each bot's decisions and mean loss a
decision, and how well a seat's total loss predicts its result: the correlation, over
every seat of every game, between the seat's total loss and its final score less the
mean of the other seats'. From the repository root::

    python -m benchmarks.review_calibration king random,greedy,search,expert \\
        --games 20 --worlds 12 --jobs 2

Bots are named as ``skullgames match`` names them: the game's bots, or ``module:Class``.
A well-calibrated review ranks random > greedy > search > expert by mean loss, and the
correlation is negative (losing more points in decisions, scoring less).
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from typing import Any

from skullgames import review
from skullgames.registry import GAMES
from skullgames.simulation._bots import build_bot, contestants

__all__ = ["calibration", "correlation", "main"]


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation of ``xs`` and ``ys``; ``None`` when either does not vary.

    >>> correlation([1, 2, 3], [2, 4, 7]) > 0.98, correlation([1, 1], [2, 3])
    (True, None)
    """
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    if sx == 0 or sy == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (sx * sy)


def calibration(game_name: str, bots: str, games: int, *, players: int = 4,
                worlds: int | None = None, seed: int = 0, jobs: int = 1,
                config: Any = None) -> dict[str, Any]:
    """Each bot's review losses over ``games`` seeded games, and the loss-result correlation."""
    game = GAMES[game_name]
    line = contestants(game, bots)
    rules = game.Config(players=players) if config is None else config
    losses: dict[str, list[float]] = {c.name: [] for c in line}
    totals, margins = [], []
    deals = set()
    for k in range(games):
        seats = [line[(s + k) % len(line)] for s in range(rules.players)]
        table = [build_bot(game, c, random.Random(f"{seed + k}:{s}:{c.name}"))
                 for s, c in enumerate(seats)]
        deal = seed + k // len(line)  # duplicate deals: one deal for each turn of the line-up
        deals.add(deal)
        state = game.new_game(rules, seed=deal)
        while not game.is_over(state):
            seat = game.current_player(state)
            assert seat is not None, "auto_deal games have a seat to move until the end"
            state = game.apply(state, table[seat].choose(game.observe(state, seat)))
        result = review(state, worlds=worlds, seed=seed + k, jobs=jobs)
        for d in result.decisions:
            losses[seats[d.seat].name].append(d.loss)
        scores = game.scores(state)
        for summary in result.seats:
            others = [p for s, p in enumerate(scores) if s != summary.seat]
            totals.append(summary.total_loss)
            margins.append(scores[summary.seat] - sum(others) / len(others))
    return {"game": game_name, "players": rules.players, "games": games, "seed": seed,
            "worlds": worlds, "deals": len(deals),
            "bots": [{"bot": name, "decisions": len(values),
                      "mean_loss": sum(values) / len(values) if values else None}
                     for name, values in losses.items()],
            "seats": len(totals), "loss_score_correlation": correlation(totals, margins)}


def main(argv: Sequence[str] | None = None) -> None:
    """Review the games and print a Markdown table (or ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("bots", help="the bots, comma-separated, seated in turn")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    found = calibration(args.game, args.bots, args.games, players=args.players,
                        worlds=args.worlds, seed=args.seed, jobs=args.jobs)
    if args.json:
        print(json.dumps(found, indent=2))
        return
    print(f"{args.games} games of {args.game}, {args.players} players, worlds "
          f"{args.worlds or 'the expert' + chr(39) + 's'}, seeds from {args.seed}")
    print("| bot | decisions | mean loss a decision |\n|---|---:|---:|")
    for row in found["bots"]:
        mean = "n/a" if row["mean_loss"] is None else f"{row['mean_loss']:.2f}"
        print(f"| {row['bot']} | {row['decisions']} | {mean} |")
    r = found["loss_score_correlation"]
    print(f"Correlation of a seat's total loss with its score less the others' mean, over "
          f"{found['seats']} seats of {found['deals']} duplicate deals: "
          f"{'n/a' if r is None else f'{r:.3f}'}")


if __name__ == "__main__":
    main()
