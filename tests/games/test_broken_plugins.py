"""Nobody else's broken package breaks a command (issue 49).

Each test installs, into a temporary folder on ``PYTHONPATH``, Skull Jack (its source
folder, with a ``*.dist-info`` naming its entry point) and one broken distribution of a
kind: an entry point whose value cannot be parsed, whose module is missing, whose module
raises, exits or is interrupted while it is imported, or whose value is no game. A
``*.dist-info`` folder on the path is all ``importlib.metadata`` needs, as for a package
installed by pip. Then the commands about other games work, with nothing on stderr, and
listing every game warns once, naming the distribution.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.support.skull_jack import ROOT, SOURCE

KINDS = {
    # kind: (the entry point's value, its module's source or None, what the warning says)
    "unparsable": ("this is not : a valid : entry point", None,
                   "its value is not of the form 'module:attribute'"),
    "missing": ("skullgames_nowhere:ENTRY", None,
                "ModuleNotFoundError: No module named 'skullgames_nowhere'"),
    "raising": ("skullgames_broken:ENTRY", "raise RuntimeError('no table file')\n",
                "RuntimeError: no table file"),
    "exiting": ("skullgames_broken:ENTRY", "import sys\nsys.exit(3)\n",
                "exits while it is imported (SystemExit: 3)"),
    "interrupted": ("skullgames_broken:ENTRY", "raise KeyboardInterrupt\n",
                    "interrupted (KeyboardInterrupt)"),
    "wrong kind": ("skullgames_broken:ENTRY", "ENTRY = 42\n",
                   "it is not a skullgames.Game but int"),
}


def distribution(root: Path, name: str, entry_points: dict[str, str]) -> None:
    """A ``*.dist-info`` folder of distribution ``name`` with entry points in the group."""
    info = root / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n",
                                   encoding="utf-8")
    lines = "".join(f"{point} = {value}\n" for point, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[skullgames.games]\n{lines}", encoding="utf-8")


def install(root: Path, kind: str, point: str = "broken") -> None:
    """Skull Jack and a broken distribution, ``skullgames-broken``, of ``kind``."""
    distribution(root, "skull-jack", {"jack": "skull_jack.entry:ENTRY"})
    value, source, _ = KINDS[kind]
    if source is not None:
        (root / "skullgames_broken.py").write_text(source, encoding="utf-8")
    distribution(root, "skullgames-broken", {point: value})


def run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python args`` with ``root``, Skull Jack's source and skullgames on the path."""
    paths = [str(root), str(SOURCE), str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    env = {key: value for key, value in os.environ.items()
           if key != "SKULLGAMES_REPORTED_GAMES"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True,
                          text=True, check=False, timeout=300)


def warnings_in(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "GameLoadWarning" in line]


@pytest.mark.parametrize("kind", KINDS)
def test_commands_about_other_games_work_and_say_nothing(tmp_path: Path, kind: str) -> None:
    install(tmp_path, kind)
    for args in (["--version"], ["--help"], ["watch", "--help"],
                 ["watch", "king", "--seed", "1"],
                 ["watch", "jack", "--players", "3", "--rounds", "1", "--seed", "2"]):
        result = run(tmp_path, "-m", "skullgames", *args)
        assert result.returncode == 0, (args, result.stderr)
        assert result.stderr == "", (args, result.stderr)
        assert result.stdout, args
    listed = run(tmp_path, "-m", "skullgames", "watch", "--help")
    assert "jack" in listed.stdout and "broken" in listed.stdout  # named, not imported


@pytest.mark.parametrize("kind", KINDS)
def test_listing_every_game_warns_once_naming_the_distribution(tmp_path: Path, kind: str
                                                               ) -> None:
    install(tmp_path, kind)
    result = run(tmp_path, "-W", "always", "-c", textwrap.dedent("""\
        import skullgames
        print(sorted(skullgames.GAMES))
        print(sorted(skullgames.GAMES), "broken" in skullgames.GAMES)
        """))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["['jack', 'king', 'queen']",
                                          "['jack', 'king', 'queen'] False"]
    warned = warnings_in(result.stderr)
    assert len(warned) == 1, result.stderr
    value, _, cause = KINDS[kind]
    assert warned[0].startswith("<string>:2: GameLoadWarning: "), warned  # the user's line
    assert (f"the game of the entry point 'broken = {value}' of the distribution "
            f"'skullgames-broken' is left out") in warned[0]
    assert cause in warned[0]


def test_a_look_up_loads_only_the_entry_point_of_its_name(tmp_path: Path) -> None:
    install(tmp_path, "raising")
    result = run(tmp_path, "-W", "always", "-c", textwrap.dedent("""\
        import sys
        import pickle
        from skullgames import GAMES, svg
        state = GAMES["king"].new_game(seed=1)
        pickle.loads(pickle.dumps(GAMES["queen"])), svg.table(state), "chess" in GAMES
        print(sorted(m for m in sys.modules if m.startswith(("skull_jack", "skullgames_b"))))
        print(GAMES["jack"].title)
        print(sorted(m for m in sys.modules if m.startswith(("skull_jack", "skullgames_b"))))
        """))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "[]"
    assert lines[1] == "Skull Jack"
    assert "skullgames_broken" not in lines[2] and "'skull_jack'" in lines[2]
    assert result.stderr == ""


def test_a_warning_outside_the_user_s_code_is_attributed_to_nothing(tmp_path: Path) -> None:
    """Listed from a standard-library frame only (a thread's run): ``sys:1``."""
    install(tmp_path, "raising")
    result = run(tmp_path, "-W", "always", "-c", textwrap.dedent("""\
        import threading
        from skullgames import GAMES
        thread = threading.Thread(target=GAMES.keys().__len__)
        thread.start(); thread.join()
        """))
    assert result.returncode == 0, result.stderr
    warned = warnings_in(result.stderr)
    assert len(warned) == 1 and warned[0].startswith("sys:1: GameLoadWarning"), result.stderr


def test_simulate_s_workers_do_not_warn_again(tmp_path: Path) -> None:
    """The broken entry point is called ``jack`` too: each worker loading ``jack`` meets it."""
    install(tmp_path, "raising", point="jack")
    result = run(tmp_path, "-m", "skullgames", "simulate", "jack", "--jobs", "2", "--games",
                 "4", "--task-size", "1", "--players", "3", "--rounds", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    assert len(warnings_in(result.stderr)) == 1, result.stderr


# -- JSON: a built-in game's value loads nothing, an installed game's its own entry point --

BUILT_IN_JSON = """\
import random
import sys
from skullgames import from_dict, from_json, king, queen, to_dict, to_json

def played(game, config, moves):
    rng = random.Random(5)
    state = game.new_game(config, seed=5)
    for _ in range(moves):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state

for game, config in ((king, king.Config(players=3, loot=True)),
                     (queen, queen.Config(players=4))):
    state = played(game, config, 7)
    move = game.legal_moves(state)[0]
    seen = game.observe(state, 1)
    assert from_json(to_json(state), game.State) == state
    assert from_json(to_json(state.config), game.Config) == state.config
    assert from_json(to_json(move), game.Move) == move
    assert from_json(to_json(seen), game.Observation) == seen
    assert from_dict(to_dict([move, move]), list[game.Move]) == [move, move]
    assert from_dict(to_dict({"seen": seen}), dict[str, game.Observation]) == {"seen": seen}
    print(game.__name__, len(to_json(state)))
print(sorted(m for m in sys.modules if m.startswith(("skull_jack", "skullgames_b"))))
"""


@pytest.mark.parametrize("kind", ["raising", "exiting", "unparsable"])
def test_the_json_of_a_built_in_game_loads_no_entry_point(tmp_path: Path, kind: str) -> None:
    """``to_json``/``from_json`` of King's and Queen's values read no plug-in: the shared
    converter loaded every installed game, and printed the broken one's warning."""
    install(tmp_path, kind)
    result = run(tmp_path, "-W", "always", "-c", BUILT_IN_JSON)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[:2]] == ["skullgames.king", "skullgames.queen"]
    assert lines[2] == "[]"  # neither Skull Jack nor the broken package imported
    assert result.stderr == ""


def test_the_json_of_an_installed_game_s_value_loads_its_entry_point_alone(tmp_path: Path
                                                                          ) -> None:
    """A Skull Jack state made with its package imported directly (its entry point not
    loaded yet) is written by Skull Jack's codecs, as when every game is loaded; the
    broken package stays unread until the games are listed."""
    install(tmp_path, "raising")
    result = run(tmp_path, "-W", "always", "-c", textwrap.dedent("""\
        import sys
        import warnings
        import skull_jack
        from skullgames import GAMES, from_json, to_json
        state = skull_jack.new_game(skull_jack.Config(players=3), seed=2)
        state = skull_jack.apply(state, skull_jack.legal_moves(state)[0])
        values = [state.config, state, skull_jack.observe(state, 1)]
        written = to_json(values)
        print(sorted(m for m in sys.modules if m.startswith("skullgames_b")))
        print(from_json(to_json(state), skull_jack.State) == state)
        warnings.simplefilter("ignore")
        print(sorted(GAMES), to_json(values) == written)
        print(written)
        """))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:3] == ["[]", "True", "['jack', 'king', 'queen'] True"]
    assert result.stderr == ""
    written = lines[3]
    assert '"format":"skull_jack/state"' in written  # the codec's, not bare attrs fields
    read = run(tmp_path, "-W", "always", "-c", textwrap.dedent("""\
        import json
        import sys
        import skull_jack
        from skullgames import from_dict, from_json
        config, document, _ = json.loads(sys.argv[1])
        state = from_dict(document, skull_jack.State)
        print(type(state).__name__, len(state.history), state.config == from_json(
            json.dumps(config), skull_jack.Config))
        print(sorted(m for m in sys.modules if m.startswith("skullgames_b")))
        """), written)
    assert read.returncode == 0, read.stderr
    assert read.stdout.splitlines() == ["State 2 True", "[]"]
    assert read.stderr == ""


def test_a_class_of_the_user_s_own_loads_every_game_and_warns_at_the_user_s_line(
        tmp_path: Path) -> None:
    """A class of no entry point's package may hold any game's value: the converter loads
    them all when it first meets it, and the warning names the user's line, not cattrs'."""
    install(tmp_path, "raising")
    result = run(tmp_path, "-W", "always", "-c", textwrap.dedent("""\
        import attrs
        from skullgames import king, to_json

        @attrs.frozen
        class Saved:
            state: king.State

        print(to_json(Saved(king.new_game(seed=1)))[:35])
        """))
    assert result.returncode == 0, result.stderr
    assert result.stdout == '{"state":{"format":"skullgames.king\n'
    warned = warnings_in(result.stderr)
    assert len(warned) == 1 and warned[0].startswith("<string>:8: GameLoadWarning: "), \
        result.stderr
