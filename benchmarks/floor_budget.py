"""Where a random game's time goes, against the floor's whole game (issue 46).

    python benchmarks/floor_budget.py [--shared DIR] [--games N] [--rounds R]

For 4-player Skull King and Skull Queen, microseconds of processor time a game (``run.py``'s
clock), each part in turn in this process, ``R`` rounds of ``N`` games, the median of the
rounds:

- ``floor``: the floor script's games, ``run.py``'s yardstick (its ``floor_batch``);
- ``engine``: ``run.py``'s random games (its ``engine_batch``: ``new_game`` with the config,
  then ``apply`` of a random legal move until ``is_over``), the same ``N`` seeds each round;
- ``deals``: the same games' seeded deals alone (``seeded_deal`` of every round). The
  deal of a seed is a promise: a saved seeded game keeps no deals, they are dealt again
  from its seed, so no speed work may change which cards a seed deals;
- ``choices``: the loop's own random choices, ``rng.choice`` from a tuple as long as each
  state's legal moves, as many as the games' moves: what the engine's loop pays besides
  the engine, and the floor's loop pays too;
- ``rest``: engine − deals − choices: the moves (``legal_moves``, ``apply``, ``is_over``)
  and freeing each game.

The last line is the budget of 1.3 × the floor: ``floor / 1.3 − deals − choices``, the
time the rest would have to fit in, against what it takes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import skullgames
from benchmarks import run
from skullgames import king, queen

TARGET = 1.3
"""Issue 46's ratio of compiled random games to the floor."""


def games_of(game: ModuleType, config: Any, seeds: range) -> list[list[int]]:
    """For each seeded random game, the number of legal moves at each of its states."""
    rng = random.Random(0)
    widths = []
    for seed in seeds:
        state, width = game.new_game(config, seed=seed), []
        while not game.is_over(state):
            moves = game.legal_moves(state)
            width.append(len(moves))
            state = game.apply(state, rng.choice(moves))
        widths.append(width)
    return widths


def parts(game: ModuleType, config: Any, rounds: int, floor: Callable[[int, random.Random], Any],
          seeds: range) -> dict[str, Callable[[], float]]:
    """The parts of one game's budget: each plays all ``seeds`` and says its seconds.

    The engine and the floor are ``run.py``'s own batches (:func:`run.engine_batch`,
    :func:`run.floor_batch`), timed as it times them, with processor time.
    """
    case = run.Case(label="budget", game=game, config=config, floor=floor)
    first, games = seeds.start, len(seeds)
    widths = games_of(game, config, seeds)
    options = {n: tuple(range(n)) for width in widths for n in width}
    players = config.players
    seeded_deal = game.seeded_deal

    def deals() -> float:
        start = run.clock()
        for seed in seeds:
            for index in range(rounds):
                seeded_deal(config, seed, index)
        return run.clock() - start

    def choices() -> float:
        choice = random.Random(first).choice
        start = run.clock()
        for width in widths:
            for n in width:
                choice(options[n])
        return run.clock() - start

    return {"floor": lambda: run.floor_batch(floor, players, games, first),
            "engine": lambda: run.engine_batch(case, games, first),
            "deals": deals, "choices": choices}


class Budget(NamedTuple):
    """Microseconds a game of each part (see the module's docstring)."""

    floor: float
    engine: float
    deals: float
    choices: float

    @property
    def rest(self) -> float:
        """The moves and the freeing of each game: engine − deals − choices."""
        return self.engine - self.deals - self.choices

    @property
    def ratio(self) -> float:
        """The engine's speed as a multiple of the floor's."""
        return self.floor / self.engine

    @property
    def room(self) -> float:
        """What the rest may take for the engine to run at :data:`TARGET` × the floor."""
        return self.floor / TARGET - self.deals - self.choices


def measure(timed: dict[str, Callable[[], float]], games: int, repeats: int) -> Budget:
    """Run each part in turn ``repeats`` times: the medians of its seconds, a game."""
    seconds: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(repeats):
        for name, call in timed.items():
            seconds[name].append(call() / games * 1e6)
    return Budget(**{name: statistics.median(values) for name, values in seconds.items()})


def report(label: str, budget: Budget) -> str:
    """Two lines: the parts of a game, and the room at :data:`TARGET` × the floor."""
    return (f"{label}: floor {budget.floor:.0f} us a game, engine {budget.engine:.0f} "
            f"({budget.ratio:.3f} x the floor); deals {budget.deals:.0f}, "
            f"choices {budget.choices:.0f}, rest {budget.rest:.0f}\n"
            f"  at {TARGET} x the floor the rest must fit in {budget.room:.0f} us: "
            f"{budget.room / budget.rest:.2f} of what it takes now")


def main(argv: Sequence[str] | None = None) -> int:
    """Print each game's budget, and which skullgames ran."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=run.DEFAULT_SHARED)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    floor_king = run.load_floor(args.shared, "floor_king")
    floor_queen = run.load_floor(args.shared, "floor_queen")
    if floor_king is None or floor_queen is None:
        raise SystemExit(f"no floor scripts in {args.shared}/bench")
    seeds = range(1_000_000, 1_000_000 + args.games)
    king_config, queen_config = king.Config(players=4), queen.Config(players=4)
    print(f"skullgames {skullgames.__version__} from {skullgames.__file__}, "
          f"{'compiled' if skullgames.COMPILED else 'pure'}, {args.games} games, "
          f"median of {args.rounds} rounds")
    for label, game, config, rounds, floor in (
            ("king, 4 players", king, king_config, king_config.round_count, floor_king),
            ("queen, 4 players", queen, queen_config, queen_config.rounds, floor_queen)):
        timed = parts(game, config, rounds, floor.play_game, seeds)
        print(report(label, measure(timed, args.games, args.rounds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
