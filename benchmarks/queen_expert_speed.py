"""Skull Queen's search and expert bots: processor time a decision, in floor games.

Usage, from a clone (the floor script is ``../shared/bench/floor_queen.py`` beside it, or
``--shared DIR``)::

    python benchmarks/queen_expert_speed.py [--games 4] [--moves OUT.json]

Plays ``--games`` seeded one-round 4-player Skull Queen games per bot (``expert`` then
``search`` in every seat, each seeded from the game's seed and its seat), timing every
decision that has a choice with ``time.process_time``, and after each game a batch of the
lean floor playout (``floor_queen.play_game(4)``) in the same process. Prints, per bot and
phase, the mean seconds a decision divided by the floor's seconds a game (lower is
faster): run it with two builds or two commits back to back and compare the ratios, which
load on the machine disturbs less than seconds. ``--moves`` writes every move made, so
that the two runs can be compared move for move.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import time
from pathlib import Path
from types import ModuleType

from skullgames import COMPILED, queen
from skullgames.bots import make_bot

REPO = Path(__file__).resolve().parent.parent


def load_floor(shared: Path) -> ModuleType:
    """Import ``shared/bench/floor_queen.py``."""
    path = shared / "bench" / "floor_queen.py"
    spec = importlib.util.spec_from_file_location("floor_queen", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"no floor script at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def floor_seconds(floor: ModuleType, seconds: float, rng: random.Random) -> float:
    """The floor's processor seconds a 4-player game, over a batch of about ``seconds``."""
    games, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        floor.play_game(4, rng)
        games += 1
    return (time.process_time() - start) / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--moves", type=Path, default=None)
    args = parser.parse_args()
    floor = load_floor(args.shared)
    floor_rng = random.Random(0)
    moves: list[str] = []
    for bot_name in ("expert", "search"):
        ratios: dict[str, list[float]] = {"place": [], "play": []}
        for game in range(args.games):
            seed = 4600 + game
            config = queen.Config(players=4, rounds=1)
            state = queen.new_game(config, seed=seed)
            bots = [make_bot("queen", bot_name, random.Random(seed * 10 + s)) for s in range(4)]
            spent: dict[str, list[float]] = {"place": [], "play": []}
            while not queen.is_over(state):
                seat = queen.current_player(state)
                assert seat is not None
                view = queen.observe(state, seat)
                start = time.process_time()
                move = bots[seat].choose(view)
                took = time.process_time() - start
                if len(view.legal_moves) > 1:
                    spent[view.phase.value].append(took)
                moves.append(f"{bot_name} {seed} {move}")
                state = queen.apply(state, move)
            per_game = floor_seconds(floor, 0.5, floor_rng)
            for phase, times in spent.items():
                if times:
                    ratios[phase].append(statistics.mean(times) / per_game)
        for phase, found in ratios.items():
            if found:
                print(f"{bot_name:6} {phase:5}: {statistics.median(found):7.1f} floor games a "
                      f"decision (median of {len(found)} games)")
    print(f"compiled={COMPILED}")
    if args.moves is not None:
        args.moves.write_text(json.dumps(moves))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
