"""The random-games rows of ``run.py`` alone: 4-player Skull King and Skull Queen against the floor.

Run from the build to measure (its Python), as many times as asked, for comparing builds
in turn (issue 46)::

    python benchmarks/floor_ratio.py [RUNS] [--shared DIR]

Each row is ``run.py``'s: engine and floor batches alternating in this process, the
median of the pairs' ratios (see ``benchmarks/README.md``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import skullgames
from benchmarks import run

ROWS = ("king, 4 players", "queen, 4 players")


def main(argv: Sequence[str] | None = None) -> int:
    """Print the two rows, ``RUNS`` times, and which skullgames ran."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", type=int, nargs="?", default=1)
    parser.add_argument("--shared", type=Path, default=run.DEFAULT_SHARED)
    args = parser.parse_args(argv)
    floor_king = run.load_floor(args.shared, "floor_king")
    floor_queen = run.load_floor(args.shared, "floor_queen")
    if floor_king is None or floor_queen is None:
        raise SystemExit(f"no floor scripts in {args.shared}/bench")
    cases = [case for case in run.cases(floor_king, floor_queen, run.load_queen())
             if case.label in ROWS]
    table = run.Table([])
    for _ in range(args.runs):
        for case in cases:
            run.playouts(case, run.FULL, table)
    print(f"skullgames {skullgames.__version__} from {skullgames.__file__}, "
          f"{'compiled' if skullgames.COMPILED else 'pure'}")
    print(table.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
