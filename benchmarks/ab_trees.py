"""Random playouts of two source trees of skullgames, in alternating processes: B ÷ A.

For a change to the pure build's speed, measured against the tree before it::

    python -m benchmarks.ab_trees PYTHON TREE_A TREE_B GAME [GAMES] [PAIRS]
    python -m benchmarks.ab_trees python /work/wt-base . queen 60 7

Each batch is a fresh process of ``PYTHON`` with ``TREE/src`` first on its path (the pure
build of that tree; a tree without ``src/`` is taken as the folder to put on the path),
that plays one game to warm up, then ``GAMES`` seeded random 4-player games of ``GAME``
(``king`` or ``queen``) as ``benchmarks/run.py`` plays them, timed with
``time.process_time``. The two trees' batches alternate, A first in every other pair, and
the figure is the median over ``PAIRS`` pairs of B's games/s over A's, so load that comes
and goes slows both sides of a pair alike. ``PYTHONHASHSEED=0`` in every batch.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

CHILD = r"""
import random, sys, time
from skullgames import king, queen
game = king if sys.argv[1] == "king" else queen
games = int(sys.argv[2])
new_game, legal_moves, apply, is_over = game.new_game, game.legal_moves, game.apply, game.is_over

def play(seed, rng):
    state = new_game(seed=seed)
    while not is_over(state):
        state = apply(state, rng.choice(legal_moves(state)))

play(10_000, random.Random(0))
rng = random.Random(1)
start = time.process_time()
for seed in range(games):
    play(seed, rng)
print(games / (time.process_time() - start))
"""


def rate(python: str, tree: Path, game: str, games: int) -> float:
    """Games per second of one batch of ``tree``'s pure build, in a process of its own."""
    source = tree / "src" if (tree / "src").is_dir() else tree
    env = {**os.environ, "PYTHONPATH": str(source), "PYTHONHASHSEED": "0"}
    done = subprocess.run([python, "-c", CHILD, game, str(games)], env=env,
                          capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def main(argv: Sequence[str] | None = None) -> int:
    """Print each pair's rates and the median ratio of B over A."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) not in (4, 5, 6) or args[3] not in ("king", "queen"):
        print(__doc__, file=sys.stderr)
        return 2
    python, tree_a, tree_b, game = args[0], Path(args[1]), Path(args[2]), args[3]
    games = int(args[4]) if len(args) > 4 else 60
    pairs = int(args[5]) if len(args) > 5 else 7
    ratios = []
    for pair in range(pairs):
        if pair % 2:
            b = rate(python, tree_b, game, games)
            a = rate(python, tree_a, game, games)
        else:
            a = rate(python, tree_a, game, games)
            b = rate(python, tree_b, game, games)
        ratios.append(b / a)
        print(f"pair {pair + 1}: A {a:8.1f}  B {b:8.1f} games/s  B/A {b / a:.3f}",
              file=sys.stderr)
    print(f"{game}: B/A = {statistics.median(ratios):.3f} (median of {pairs} pairs, "
          f"{games} games a batch; min {min(ratios):.3f}, max {max(ratios):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
