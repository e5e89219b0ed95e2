"""How the browser test chooses its moves: the same choice from the same legal moves and
random numbers, whether the test then clicks them in a page or a search replays them."""

from __future__ import annotations

import random
from collections.abc import Sequence

PIRATES = ("ROSIE", "BENDT", "HARRY", "RASCAL", "JUANITA", "TIG")


def choose(moves: Sequence[str], rng: random.Random) -> str:
    """A random legal move, a pirate's (or the Tigress's as a pirate) when one is legal,
    so that whole games reach every pirate's ability."""
    pirates = [m for m in moves if m.split()[0] in PIRATES and not m.endswith("escape")]
    return rng.choice(pirates) if pirates else rng.choice(list(moves))
