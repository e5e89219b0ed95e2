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
  N-1, the choices from ``random.Random(1)``; the final states are kept, in a list;
- ``king-run``, ``queen-run``: the same games as ``benchmarks/run.py`` times them against
  the floor: ``new_game(config, seed=i)`` with a config made first, and no state kept (so
  the garbage collector finds little to do, and no default config is made each game);
- ``king-observe``, ``queen-observe``: the same games, each state also observed by the
  seat to move (as a bot's game observes);
- ``king-load``, ``queen-load``: ``from_json`` of the middle state of each of the N games
  (the documents are made first and not counted);
- ``king-sample``, ``queen-sample``: a world sampled (the bots' ``sample_world``, as
  ``search`` and ``expert`` sample one) for each state of the same games, observed by the
  seat to move (the observations are made first and not counted);
- ``king-replay``, ``queen-replay``: the same middle states made again by ``new_game`` and
  ``apply`` of their moves, the baseline of the load target (``from_json`` at most 1.15 x
  this); ``load`` over ``replay`` of one side is that ratio, whatever the machine's load;
- ``king-floor``, ``queen-floor``: the lean floor script's ``play_game(4, rng)`` (the
  yardstick of ``run.py``, from ``$SKULLGAMES_SHARED/bench`` or ``../shared/bench``), N
  games after a warm-up one, ``random.Random(1)``: the floor over a game is the floor ratio
  in instructions, which the load cannot move (any side runs it; it does not use skullgames);
- ``king-decision``, ``queen-decision``: one decision of the ``expert`` bot (1 world from a
  pool of 2, ``random.Random(0)``) for each of the first four of every 39th state of each
  game (states 0, 39, 78, 117), observed by the seat to move (the observations are made
  first and not counted).

``python benchmarks/instructions.py guard [--record REASON] [--python EXE ...]`` counts the
guard's workloads (:data:`GUARD_GAMES`) for each Python's skullgames (this one by default)
and compares them with ``benchmarks/instructions.json``, or with ``--record`` writes them
there with the reason for the change (``tests/tooling/test_instruction_guard.py`` fails on
a change of more than 3 % that the file does not record).

For each side the script runs the workload once under ``valgrind --tool=callgrind``, with
``PYTHONHASHSEED=0``, collecting only inside the one ``eval`` that plays (or loads), called
through ``sys.call_tracing`` (the function callgrind collects in, which nothing else
calls), so imports and preparation are not counted; it prints the instructions over N (a
game or a load) and each side against the first. Instruction counts do not depend on the
load on the machine. The pure build's ``libpython`` must keep its local symbols
(``sys_call_tracing``), as pyenv's and the distributions' builds do.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("SKULLGAMES_SHARED", ROOT.parent / "shared"))
"""The folder of the floor scripts (``bench/floor_king.py``): ``$SKULLGAMES_SHARED`` or
``../shared`` beside the clone, as ``run.py`` reads them."""
WORKLOADS = ("king", "queen", "king-run", "queen-run", "king-observe", "queen-observe",
             "king-load", "queen-load",
             "king-replay", "queen-replay", "king-sample", "queen-sample", "king-decision",
             "queen-decision", "king-floor", "queen-floor")

# The child: imports and prepares, then plays (or loads) inside one counted call of eval
# for each workload named (argv: WORKLOAD GAMES [WORKLOAD GAMES ...]).
CHILD = r"""
import importlib, random, sys
import skullgames
from skullgames import king, queen

def play(seed, rng, states=None, watch=False):
    state = new_game(seed=seed)
    while not is_over(state):
        if watch:
            observe(state, current_player(state))
        state = apply(state, rng.choice(legal_moves(state)))
        if states is not None:
            states.append(state)
    return state

def run(config, games, rng):
    # benchmarks/run.py's engine_batch: the config made once, no state kept
    for seed in range(games):
        state = new_game(config, seed=seed)
        while not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))

def replay(seed, moves):
    state = new_game(seed=seed)
    for move in moves:
        state = apply(state, move)
    return state

def views(games, step=1, first=False, start=0):
    rng, seen = random.Random(1), []
    for seed in range(start, start + games):
        states = [new_game(seed=seed)] if first else []
        play(seed, rng, states)
        seen += [observe(s, current_player(s)) for s in states[::step] if not is_over(s)]
    return seen

def prepare(workload, games):
    # The game's verbs and the workload's data become the module's names; returns the
    # expression to count.
    name, _, kind = workload.partition("-")
    game = king if name == "king" else queen
    names = globals()
    names.update(new_game=game.new_game, legal_moves=game.legal_moves, apply=game.apply,
                 is_over=game.is_over, observe=game.observe,
                 current_player=game.current_player)
    if kind in ("load", "replay"):
        rng, middles = random.Random(1), []
        for seed in range(games):
            states = []
            play(seed, rng, states)
            middles.append(states[len(states) // 2])
        names["texts"] = [skullgames.to_json(state) for state in middles]
        names["from_json"], names["cls"] = skullgames.from_json, game.State
        # the moves of each middle state but its deals (new_game deals from the seed)
        names["replays"] = [(state.seed, [m for m in state.history
                                          if type(m).__name__ != "Deal"])
                            for state in middles]
        return ("[from_json(text, cls) for text in texts]" if kind == "load"
                else "[replay(seed, moves) for seed, moves in replays]")
    if kind == "sample":
        names["sample_world"] = importlib.import_module(f"skullgames.bots.{name}").sample_world
        names["seen"] = views(games)
        return "[sample_world(view, random.Random(i)) for i, view in enumerate(seen)]"
    if kind == "floor":  # the lean floor script (run.py's yardstick), after a warm-up game
        import os
        sys.path.insert(0, os.path.join(os.environ["SKULLGAMES_SHARED"], "bench"))
        names["floor"] = importlib.import_module(f"floor_{name}")
        names["rng"] = random.Random(1)
        names["floor"].play_game(4, names["rng"])
        names["games"] = games
        return "[floor.play_game(4, rng) for _ in range(games)]"
    if kind == "decision":
        # One decision of the expert for each of the first four of every 39th state of each
        # game, the first included; a small budget (1 world from a pool of 2: sampled,
        # weighed and resampled), the code of the default's 24 worlds from pools of 3.
        expert = importlib.import_module(f"skullgames.bots.{name}_expert").ExpertBot
        names["bot"] = expert(random.Random(0), worlds=1, pool=2)
        names["seen"] = [v for seed in range(games) for v in views(1, 39, True, seed)[:4]]
        return "[bot.choose(view) for view in seen]"
    names["rng"], names["watch"] = random.Random(1), kind == "observe"
    names["games"] = games
    if kind == "run":
        names["config"] = game.Config(players=4)
        return "run(config, games, rng)"
    return "[play(seed, rng, watch=watch) for seed in range(games)]"

parts = sys.argv[1:]
for workload, games in zip(parts[::2], parts[1::2]):
    counted = prepare(workload, int(games))
    # callgrind collects only inside sys.call_tracing (--toggle-collect), which nothing
    # else calls (the typing module's evals at import time would count under eval's name),
    # and dumps the count as each call returns
    sys.call_tracing(eval, (counted,))
print(skullgames.__file__, "compiled" if skullgames.COMPILED else "pure",
      "python", sys.version.split()[0], file=sys.stderr)
"""


def collected(python: str, env: dict[str, str], args: Sequence[str]) -> tuple[list[int], str]:
    """The instructions callgrind counted in each workload of a run of the child (``args``:
    ``WORKLOAD GAMES ...``), and what the child said (its skullgames, build and Python)."""
    with tempfile.TemporaryDirectory(prefix="skullgames-callgrind-") as scratch:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no",
             "--toggle-collect=sys_call_tracing", "--dump-after=sys_call_tracing",
             f"--callgrind-out-file={scratch}/out", python, "-c", CHILD, *args],
            env=env, capture_output=True, text=True, check=False)
        if run.returncode:
            raise SystemExit(f"the run failed:\n{run.stderr[-3000:]}")
        # One dump (out.1, out.2, ...) as each counted call returns, with its count.
        dumps = sorted(Path(scratch).glob("out.*"), key=lambda p: int(p.suffix[1:]))
        counts = []
        for dump in dumps:
            found = re.search(r"^(?:summary|totals): (\d+)", dump.read_text(), re.MULTILINE)
            counts.append(int(found.group(1)) if found else 0)
    if len(counts) != len(args) // 2:
        raise SystemExit(f"{len(counts)} dumps for {len(args) // 2} workloads:\n"
                         f"{run.stderr[-3000:]}")
    said = [line for line in run.stderr.splitlines() if not line.startswith("==")]
    return counts, " ".join(said).strip()


def prepare(side: str, scratch: Path) -> tuple[str, dict[str, str]]:
    """The Python to run and the environment for one side (see the module's docstring)."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "SKULLGAMES_SHARED": str(SHARED)}
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


# -- The guard: each workload's count kept in instructions.json ----------------------

GUARD_FILE = ROOT / "benchmarks" / "instructions.json"
GUARD_GAMES = {"king": 3, "queen": 3, "king-decision": 1, "queen-decision": 1}
"""The guard's workloads and how many games each counts (a few seconds under callgrind)."""
TOLERANCE = 0.03  # the 3 % rule: a change of more than this must be recorded, with a reason
RECORD = "python benchmarks/instructions.py guard --record REASON [--python EXE ...]"


def guard_counts(python: str = sys.executable) -> tuple[dict[str, int], str, str, str]:
    """The guard's workloads counted for the skullgames of ``python``, in one callgrind run.

    Returns the counts, the build (``pure`` or ``compiled``), the Python's minor version
    (``3.11``) and its full version.
    """
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("PYTHONPATH", None)
    args = [str(part) for item in GUARD_GAMES.items() for part in item]
    counts, said = collected(python, env, args)
    found = re.search(r" (pure|compiled) python (\d+)\.(\d+)(\S*)", said)
    if found is None:
        raise SystemExit(f"the run did not say its build: {said}")
    build, minor = found.group(1), f"{found.group(2)}.{found.group(3)}"
    return dict(zip(GUARD_GAMES, counts, strict=True)), build, minor, minor + found.group(4)


def load_guard(path: Path = GUARD_FILE) -> dict[str, Any]:
    """The recorded counts (``{}`` for each workload when the file has none)."""
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    data.setdefault("counts", {})
    return data


def compare(recorded: dict[str, Any], counts: dict[str, int], build: str, minor: str
            ) -> list[str]:
    """What is wrong with ``counts`` against the ``recorded`` file: one line a problem.

    A workload without a count for this build and Python, a count without a reason, and
    a count more than :data:`TOLERANCE` above or below the recorded one are problems.
    A fall is one too: unrecorded, it would let a later rise of the same size through.
    """
    problems = []
    for workload, count in counts.items():
        entry = recorded["counts"].get(workload, {}).get(build, {}).get(minor)
        if entry is None:
            problems.append(
                f"{workload}: benchmarks/instructions.json has no count for the {build} build "
                f"on Python {minor} (counted {count:,}); record one: {RECORD}")
            continue
        if not str(entry.get("reason", "")).strip():
            problems.append(f"{workload}, {build}, Python {minor}: the count has no reason")
        change = count / entry["instructions"] - 1
        if abs(change) > TOLERANCE:
            word = "grew" if change > 0 else "fell"
            problems.append(
                f"{workload}, {build}, Python {minor}: {word} {change:+.1%} "
                f"({entry['instructions']:,} recorded, {count:,} now), more than "
                f"{TOLERANCE:.0%}; if the change is meant, record it with a reason: {RECORD}")
    return problems


def record(reason: str, pythons: Sequence[str], path: Path = GUARD_FILE) -> dict[str, Any]:
    """Count the guard's workloads for each Python and write them to ``path``, with ``reason``."""
    if not reason.strip():
        raise SystemExit("say why the counts change: --record REASON")
    data = load_guard(path)
    data["about"] = ("Instructions (callgrind, PYTHONHASHSEED=0) of each workload of "
                     "benchmarks/instructions.py for the games given, per build and Python "
                     "minor version; tests/tooling/test_instruction_guard.py recounts and "
                     f"fails on a change of more than {TOLERANCE:.0%}. Update: {RECORD}")
    data["games"] = GUARD_GAMES
    for python in pythons:
        counts, build, minor, version = guard_counts(python)
        for workload, count in counts.items():
            data["counts"].setdefault(workload, {}).setdefault(build, {})[minor] = {
                "instructions": count, "python": version, "reason": reason.strip()}
            per = count / GUARD_GAMES[workload] / 1e6
            print(f"{workload:15} {build:8} {version:8} {per:9.4f} M a game")
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    return data


def guard(argv: Sequence[str]) -> int:
    """``guard``: check (or ``--record``) the counts of instructions.json."""
    parser = argparse.ArgumentParser(prog="instructions.py guard",
                                     description="the counts of benchmarks/instructions.json")
    parser.add_argument("--record", metavar="REASON",
                        help="write the counts, with why they change")
    parser.add_argument("--python", action="append", metavar="EXE",
                        help="a Python whose skullgames to count (repeat); this one")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("needs valgrind (apt-get install valgrind)")
    pythons = args.python or [sys.executable]
    if args.record is not None:
        record(args.record, pythons)
        return 0
    status = 0
    for python in pythons:
        counts, build, minor, _ = guard_counts(python)
        problems = compare(load_guard(), counts, build, minor)
        print(f"{python} ({build}, Python {minor}):", "; ".join(problems) or "as recorded")
        status = status or bool(problems)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Count each side's instructions a game and print them against the first side's."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["guard"]:
        return guard(argv[1:])
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
        (total,), said = counted[k]
        per = total / args.games
        first = first or per
        versus = f"{(per / first - 1) * 100:+6.2f} %" if k else ""
        print(f"{per / 1e6:9.4f} M  {versus:>9}  {side}  ({said})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
