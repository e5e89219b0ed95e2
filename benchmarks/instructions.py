"""Instructions a game (or a load), counted by callgrind: the figure behind a speed trick.

A speed trick stays only if it pays at least 3 % of a game (or of a load) in the build it
serves, and every figure cited in a comment comes from a command of this script::

    python benchmarks/instructions.py WORKLOAD SIDE [SIDE ...] [--games N]

Each SIDE is a build of skullgames to count:

- ``REV`` (a git revision of this repository, ``.`` for the working tree as it is): its
  ``src/`` as the pure build, run by the Python running this script;
- ``REV+PATCH``: the same with a patch applied (``git apply``), such as a file of
  ``benchmarks/tricks/`` that takes one trick out;
- ``python=EXE``: the skullgames installed for that Python, e.g. the compiled build in a
  virtual environment of its own (``SKULLGAMES_MYPYC=1 pip install --no-deps .``).

WORKLOAD is what a game is:

- ``king``, ``queen``: random 4-player games through the public API (``new_game(seed=i)``,
  then ``apply(state, rng.choice(legal_moves(state)))`` until ``is_over``), seeds 0 to
  N-1, the choices from ``random.Random(1)``, as ``benchmarks/run.py`` plays them;
- ``king-observe``, ``queen-observe``: the same games, each state also observed by the
  seat to move (as a bot's game observes);
- ``king-load``, ``queen-load``: ``from_json`` of the middle state of each of the N games
  (the documents are made first and not counted);
- ``king-sample``, ``queen-sample``: a world sampled (the bots' ``sample_world``, as
  ``search`` and ``expert`` sample one) for each state of the same games, observed by the
  seat to move (the observations are made first and not counted);
- ``king-replay``, ``queen-replay``: the same middle states made again by ``new_game`` and
  ``apply`` of their moves, the baseline of the load target (``from_json`` at most 1.15 x
  this); ``load`` over ``replay`` of one side is that ratio, whatever the machine's load.

For each side the script runs the workload once under ``valgrind --tool=callgrind``, with
``PYTHONHASHSEED=0``, collecting only inside the one ``eval`` that plays (or loads), so
imports and preparation are not counted; it prints the instructions over N (a game or a
load) and each side against the first. Instruction counts do not depend on the load on
the machine. The pure build's ``libpython`` must keep its local symbols (``builtin_eval``),
as pyenv's and the distributions' builds do.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("king", "queen", "king-observe", "queen-observe", "king-load", "queen-load",
             "king-replay", "queen-replay", "king-sample", "queen-sample")

# The child: imports and prepares, then plays (or loads) inside the one call of eval.
CHILD = r'''
import random, sys
import skullgames
from skullgames import king, queen

workload, games = sys.argv[1], int(sys.argv[2])
name, _, kind = workload.partition("-")
game = king if name == "king" else queen
new_game, legal_moves, apply, is_over = game.new_game, game.legal_moves, game.apply, game.is_over
observe, current_player = game.observe, game.current_player

def play(seed, rng, states=None, watch=False):
    state = new_game(seed=seed)
    while not is_over(state):
        if watch:
            observe(state, current_player(state))
        state = apply(state, rng.choice(legal_moves(state)))
        if states is not None:
            states.append(state)
    return state

def replay(seed, moves):
    state = new_game(seed=seed)
    for move in moves:
        state = apply(state, move)
    return state

if kind in ("load", "replay"):
    rng, middles = random.Random(1), []
    for seed in range(games):
        states = []
        play(seed, rng, states)
        middles.append(states[len(states) // 2])
    texts = [skullgames.to_json(state) for state in middles]
    from_json, cls = skullgames.from_json, game.State
    # the moves of each middle state but its deals (new_game deals from the seed)
    replays = [(state.seed, [m for m in state.history if type(m).__name__ != "Deal"])
               for state in middles]
    counted = ("[from_json(text, cls) for text in texts]" if kind == "load"
               else "[replay(seed, moves) for seed, moves in replays]")
elif kind == "sample":
    import importlib
    sample_world = importlib.import_module(f"skullgames.bots.{name}").sample_world
    rng, views = random.Random(1), []
    for seed in range(games):
        states = []
        play(seed, rng, states)
        views += [observe(s, current_player(s)) for s in states if not is_over(s)]
    counted = "[sample_world(view, random.Random(i)) for i, view in enumerate(views)]"
else:
    rng = random.Random(1)
    counted = "[play(seed, rng, watch=kind == 'observe') for seed in range(games)]"
eval(counted)  # callgrind collects only inside eval (--toggle-collect)
print(skullgames.__file__, skullgames.COMPILED, file=sys.stderr)
'''


def collected(python: str, env: dict[str, str], args: Sequence[str]) -> tuple[int, str]:
    """The instructions callgrind counted in a run of the child, and what the child said."""
    with tempfile.TemporaryDirectory(prefix="skullgames-callgrind-") as scratch:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no",
             "--toggle-collect=builtin_eval", f"--callgrind-out-file={scratch}/out",
             python, "-c", CHILD, *args],
            env=env, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or found is None:
        raise SystemExit(f"the run failed:\n{run.stderr[-3000:]}")
    said = [line for line in run.stderr.splitlines() if not line.startswith("==")]
    return int(found.group(1)), " ".join(said).strip()


def prepare(side: str, scratch: Path) -> tuple[str, dict[str, str]]:
    """The Python to run and the environment for one side (see the module's docstring)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("PYTHONPATH", None)
    if side.startswith("python="):
        return side.removeprefix("python="), env
    rev, _, patch = side.partition("+")
    tree = scratch / f"side{len(list(scratch.iterdir()))}"
    tree.mkdir()
    if rev == ".":
        shutil.copytree(ROOT / "src", tree / "src")
    else:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    if patch:
        subprocess.run(["git", "apply", str(Path(patch).resolve())],
                       cwd=tree, check=True)
    env["PYTHONPATH"] = str(tree / "src")
    # Imported once outside valgrind, so that the counted run reads compiled bytecode.
    subprocess.run([sys.executable, "-c", "import skullgames.king, skullgames.queen, "
                    "skullgames.serialization"], env=env, check=True)
    return sys.executable, env


def main(argv: Sequence[str] | None = None) -> int:
    """Count each side's instructions a game and print them against the first side's."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workload", choices=WORKLOADS)
    parser.add_argument("sides", nargs="+", help="REV, REV+PATCH or python=EXE")
    parser.add_argument("--games", type=int, default=20, help="games (or loads); 20")
    parser.add_argument("--jobs", type=int, default=2, help="callgrind runs at once; 2")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("needs valgrind (apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="skullgames-sides-") as scratch:
        prepared = [prepare(side, Path(scratch)) for side in args.sides]
        runs = [(python, env, [args.workload, str(args.games)]) for python, env in prepared]
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            counted = list(pool.map(lambda run: collected(*run), runs))
    first = 0.0
    for k, side in enumerate(args.sides):
        total, said = counted[k]
        per = total / args.games
        first = first or per
        versus = f"{(per / first - 1) * 100:+6.2f} %" if k else ""
        print(f"{per / 1e6:9.4f} M  {versus:>9}  {side}  ({said})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
