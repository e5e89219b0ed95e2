"""The two builds, compiled (mypyc) and pure Python: which one runs, and that they agree.

CI runs the whole suite twice (``.ci/run``): on the pure build, then on the compiled one,
with ``SKULLGAMES_EXPECT_COMPILED=1``, so that the compiled run cannot pass by testing
the pure modules. Here a game is also saved (JSON) and pickled by the build under test and
loaded and played on by the pure build in a child process, and the other way round; in
the compiled run that crosses the builds.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import skullgames
from skullgames import GAMES, from_json, to_json
from skullgames._compiled import ENGINE_MODULES, compiled_modules, is_compiled
from skullgames.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_build_is_the_one_ci_asked_for() -> None:
    expected = os.environ.get("SKULLGAMES_EXPECT_COMPILED")
    if expected is None:  # a developer's run: either build, but all of it or none
        assert compiled_modules() in ((), ENGINE_MODULES)
        return
    assert skullgames.COMPILED is (expected == "1")
    assert compiled_modules() == (ENGINE_MODULES if expected == "1" else ())


def test_the_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    build = "compiled (mypyc)" if skullgames.COMPILED else "pure Python"
    assert capsys.readouterr().out == f"skullgames {skullgames.__version__}, {build}\n"


def test_every_engine_module_exists_as_source() -> None:
    for name in ENGINE_MODULES:
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file(), name


def test_a_partly_compiled_install_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    module = sys.modules[ENGINE_MODULES[0]]
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
