"""The two builds, compiled (mypyc) and pure Python: which one runs, and that they agree.

CI runs the whole suite twice (``.ci/run``): on the pure build, then on the compiled one,
with ``SKULLGAMES_EXPECT_COMPILED=1``, so that the compiled run cannot pass by testing
the pure modules. Here a game is also saved (JSON) and pickled by the build under test and
loaded and played on by the pure build in a child process, and the other way round; and
every bot plays the same seeded games, move for move, in the build under test and in the
pure build (``seeded_games.py``). In the compiled run that crosses the builds.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import os
import pickle
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader
from pathlib import Path
from typing import Any

import pytest

import skullgames
from skullgames import GAMES, from_json, to_json
from skullgames._compiled import (
    BOT_MODULES,
    COMPILED_MODULES,
    ENGINE_MODULES,
    compiled_modules,
    is_compiled,
)
from skullgames.cli import main
from tests.builds.seeded_games import record
from tests.support.option_sets import OPTION_SETS

ROOT = Path(__file__).resolve().parents[2]


def test_the_build_is_the_one_ci_asked_for() -> None:
    expected = os.environ.get("SKULLGAMES_EXPECT_COMPILED")
    if expected is None:  # a developer's run: either build, but all of it or none
        assert compiled_modules() in ((), COMPILED_MODULES)
        return
    assert skullgames.COMPILED is (expected == "1")
    assert compiled_modules() == (COMPILED_MODULES if expected == "1" else ())


def test_the_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    build = "compiled (mypyc)" if skullgames.COMPILED else "pure Python"
    assert capsys.readouterr().out == f"skullgames {skullgames.__version__}, {build}\n"


def test_every_compiled_module_exists_as_source() -> None:
    assert COMPILED_MODULES == ENGINE_MODULES + BOT_MODULES
    assert len(set(COMPILED_MODULES)) == len(COMPILED_MODULES)
    for name in COMPILED_MODULES:
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file(), name


# The bots' modules that stay Python: the package's factory and the tables of bots by name.
_PYTHON_BOT_MODULES = {"skullgames.bots", "skullgames.bots.king_bots",
                       "skullgames.bots.queen_bots"}


def test_every_bot_module_but_the_tables_is_compiled() -> None:
    # A new bot module (a rollout, a model) is compiled unless it is added to the few
    # that stay Python on purpose.
    found = {"skullgames.bots" + ("" if path.stem == "__init__" else "." + path.stem)
             for path in (ROOT / "src" / "skullgames" / "bots").glob("*.py")}
    assert found - _PYTHON_BOT_MODULES == set(BOT_MODULES)


def test_the_bots_run_as_the_build_says() -> None:
    # In the compiled build every bot module (the searches, the rules of thumb, world
    # sampling, the likelihood models) is a C extension, and its classes are native.
    for name in BOT_MODULES:
        module = importlib.import_module(name)
        loader = module.__spec__.loader if module.__spec__ is not None else None
        assert isinstance(loader, ExtensionFileLoader) is skullgames.COMPILED, name
        assert str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES)) is skullgames.COMPILED
    for game in GAMES.values():
        for factory in game.bots.values():
            # a native class has no __dict__ of its own for its instances' attributes
            assert hasattr(factory, "__mypyc_attrs__") is skullgames.COMPILED, factory


@pytest.mark.parametrize("name", [ENGINE_MODULES[0], BOT_MODULES[-1]])
def test_a_partly_compiled_install_is_refused(monkeypatch: pytest.MonkeyPatch,
                                              name: str) -> None:
    # One engine module or one bot module of the other build: either is a broken install.
    module = importlib.import_module(name)
    fake = "x" + EXTENSION_SUFFIXES[0] if not skullgames.COMPILED else "x.py"
    monkeypatch.setattr(module, "__file__", fake)
    with pytest.raises(ImportError, match="partly compiled"):
        is_compiled()


def _pure_copy(tmp_path: Path) -> Path:
    """The package's sources alone (no compiled files): the pure build, to import."""
    target = tmp_path / "pure"
    shutil.copytree(ROOT / "src" / "skullgames", target / "skullgames",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    return target


_CHILD = """
import json, pickle, random, sys
import skullgames
from skullgames import GAMES, from_json, to_json
assert not skullgames.COMPILED
given = json.loads(sys.stdin.read())
out = []
for name, text, pickled in given:
    game = GAMES[name]
    state = from_json(text, game.State)
    assert pickle.loads(bytes.fromhex(pickled)) == state
    rng = random.Random(1)
    for _ in range(25):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    out.append([name, to_json(state), pickle.dumps(state).hex()])
print(json.dumps(out))
"""


def _states() -> list[tuple[str, Any]]:
    found = []
    for name, game in GAMES.items():
        config = game.Config(players=3)
        state = game.new_game(config, seed=7)
        rng = random.Random(7)
        for _ in range(30):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        found.append((name, state))
    return found


def test_games_cross_between_the_builds(tmp_path: Path) -> None:
    # A game saved and pickled by one build loads in the other, which plays it on to the
    # same positions as this build does; and back.
    states = _states()
    sent = [[name, to_json(state), pickle.dumps(state).hex()] for name, state in states]
    child = subprocess.run(
        [sys.executable, "-c", _CHILD], input=json.dumps(sent), capture_output=True,
        text=True, env={**os.environ, "PYTHONPATH": str(_pure_copy(tmp_path))}, check=False,
    )
    assert child.returncode == 0, child.stderr
    for (name, state), (back_name, text, pickled) in zip(states, json.loads(child.stdout),
                                                        strict=True):
        game = GAMES[name]
        assert back_name == name
        loaded = from_json(text, game.State)
        assert pickle.loads(bytes.fromhex(pickled)) == loaded
        rng = random.Random(1)
        replayed = state
        for _ in range(25):
            if game.is_over(replayed):
                break
            replayed = game.apply(replayed, rng.choice(game.legal_moves(replayed)))
        assert loaded == replayed
        assert repr(loaded) == repr(replayed)
        assert hash(loaded) == hash(replayed)


_SEEDED = """
import sys
pure, root = sys.argv[1:3]
sys.path[:0] = [pure, root]
import skullgames
from skullgames._compiled import compiled_modules
assert not skullgames.COMPILED and compiled_modules() == ()
assert skullgames.__file__.startswith(pure), skullgames.__file__
from tests.builds.seeded_games import record
sys.stdout.write(record())
"""


def test_every_bot_plays_the_same_moves_in_both_builds(tmp_path: Path) -> None:
    # Every bot of the registry, in seeded games under every option set (2 to 8 players,
    # Graybeard, the ghost), makes the same moves here as in the pure build, byte for byte.
    pure = _pure_copy(tmp_path)
    assert not [path for path in pure.rglob("*") if path.suffix in (".so", ".pyd")]
    child = subprocess.run(
        [sys.executable, "-c", _SEEDED, str(pure), str(ROOT)], capture_output=True,
        text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": ""}, check=False)
    assert child.returncode == 0, child.stderr
    here = record()
    if child.stdout != here:  # name the first game that differs
        for mine, theirs in zip(json.loads(here), json.loads(child.stdout), strict=True):
            assert mine == theirs, f"{mine[0]}, {mine[1]}: the builds' moves differ"
    assert child.stdout == here
    assert len(json.loads(here)) == sum(len(sets) for sets in OPTION_SETS.values())


def _seeded_game(game_name: str, make: Callable[[random.Random], Any]) -> str:
    """A short 3-player game (two rounds in Skull King) of one bot kind in every seat."""
    game = GAMES[game_name]
    config = OPTION_SETS[game_name]["3 players"]
    state = game.new_game(config, seed=11)
    bots = [make(random.Random(seat)) for seat in range(config.players)]
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None
        state = game.apply(state, bots[seat].choose(game.observe(state, seat)))
    return to_json(state)


@pytest.mark.parametrize(("game_name", "bot_name"),
                         [(g, b) for g, entry in GAMES.items() for b in entry.bots])
def test_a_python_subclass_of_a_bot_plays_as_the_bot(game_name: str, bot_name: str) -> None:
    # Users subclass the bots (the guide, the benchmarks' variants): in the compiled
    # build a Python subclass of a native class is reached through mypyc's glue, and
    # its overrides, its calls back into the bot and a time bound that never runs out
    # leave every move as the bot's own.
    factory: Any = GAMES[game_name].bots[bot_name]
    calls: list[str] = []

    class Sub(factory):  # type: ignore[misc]
        def choose(self, observation: Any) -> Any:
            calls.append("choose")
            return super().choose(observation)

    if hasattr(factory, "round_points"):
        def round_points(self: Any, world: Any, move: Any) -> tuple[int, ...]:
            calls.append("round_points")
            return super(Sub, self).round_points(world, move)  # type: ignore[no-any-return]

        Sub.round_points = round_points
    timed = "seconds" in inspect.signature(factory).parameters
    sub = functools.partial(Sub, seconds=1e9) if timed else Sub
    assert _seeded_game(game_name, sub) == _seeded_game(game_name, factory)
    assert "choose" in calls
    assert ("round_points" in calls) is hasattr(factory, "round_points")
