"""The golden positions of the SVG pictures, and how to draw them again.

``python -m tests.support.svg_golden`` writes ``docs/_static/table-{king,queen}.svg`` from the
current code and screenshots them to PNG with Debian's Chromium. Look at the PNGs before
committing new golden files: ``tests/api/test_svg.py`` then compares every picture with
them structurally (the elements, their classes and their texts).
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skullgames import king, queen, svg
from skullgames.plugins import GameObservation
from tests.support.browser import CHROMIUM_ARGS

STATIC = Path(__file__).resolve().parents[2] / "docs" / "_static"


def _advance(game: Any, state: Any, moves: int, seed: int) -> Any:
    rng = random.Random(seed)
    for _ in range(moves):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def king_position() -> king.Observation:
    """Seat 0's view of a four-player game with every advanced card, mid-trick."""
    config = king.Config(players=4, loot=True, kraken=True, white_whale=True, rounds=(7,))
    return king.observe(_advance(king, king.new_game(config, seed=12), 10, 3), 0)


def queen_position() -> queen.Observation:
    """Seat 0's view of a four-player game after a few tricks."""
    return queen.observe(_advance(queen, queen.new_game(queen.Config(players=4), seed=5),
                                  14, 3), 0)


POSITIONS: dict[str, Callable[[], GameObservation]] = {"king": king_position,
                                                       "queen": queen_position}


def golden_path(name: str) -> Path:
    """The golden SVG of ``name`` (king, queen)."""
    return STATIC / f"table-{name}.svg"


def main() -> None:
    """Write the golden SVGs and their PNG screenshots."""
    for name, position in POSITIONS.items():
        path = golden_path(name)
        picture = svg.table(position())
        path.write_text(picture + "\n", encoding="utf-8")
        height = picture.split('height="', 1)[1].split('"', 1)[0]
        subprocess.run(["/usr/bin/chromium", *CHROMIUM_ARGS, "--hide-scrollbars",
                        f"--screenshot={path.with_suffix('.png')}",
                        f"--window-size=900,{height}", path.as_uri()],
                       check=True, capture_output=True, timeout=120)
        print(f"wrote {path} and {path.with_suffix('.png')}", file=sys.stderr)


if __name__ == "__main__":
    main()
