"""Games of installed packages (issue 36): loading them cannot break the library.

Each test installs fake distributions (a package and its ``*.dist-info`` with entry points
in the group ``skullgames.games``) into a directory on ``PYTHONPATH`` and runs Python in a
subprocess, where the entry points are read as they would be for an installed package.
``import skullgames`` loads none of them; they are loaded when a game not registered yet
is looked up or the games are listed; a broken one is reported once and leaves the others
working; and a plug-in that imports ``skullgames`` works whichever is imported first.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import textwrap
import types
from collections.abc import Mapping
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import attrs
import pytest

from skullgames import GAMES, ConfigError, from_json, king, simulate, svg, to_json
from skullgames.cli import main
from skullgames.registry import REQUIRED_PARTS, registered

SRC = Path(__file__).resolve().parents[2] / "src"

# A plug-in as a stranger writes it: it imports skullgames at its top, and looks games up
# while its own module runs (both went wrong when skullgames loaded plug-ins on import).
JACK = """\
import attrs
import skullgames
from skullgames import GAMES, Game, simulate, to_json  # names from all of skullgames

print("jack imported", sorted(GAMES))
ENTRY: Game = attrs.evolve(GAMES["king"], name="jack", title="Skull Jack")
"""

BROKEN = """\
from skullgames import ConfigError

raise ConfigError("broken needs its table file")
"""


def install(root: Path, packages: Mapping[str, str], entry_points: Mapping[str, str]) -> None:
    """Packages (name: source of its ``__init__``) and a distribution with entry points."""
    for name, source in packages.items():
        (root / name).mkdir()
        (root / name / "__init__.py").write_text(source, encoding="utf-8")
    info = root / "skullgames_extra-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: skullgames-extra\n"
                                   "Version: 1.0\n", encoding="utf-8")
    lines = "".join(f"{name} = {value}\n" for name, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[skullgames.games]\n{lines}", encoding="utf-8")


def run_python(root: Path, code: str, *args: str, timeout: float = 300
               ) -> subprocess.CompletedProcess[str]:
    """``python -W always -c code args`` with ``root`` and the source on ``PYTHONPATH``."""
    paths = [str(root), str(SRC), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    return subprocess.run([sys.executable, "-W", "always", "-c", textwrap.dedent(code), *args],
                          cwd=root, env=env, capture_output=True, text=True, check=False,
                          timeout=timeout)


def test_import_skullgames_loads_no_entry_point(tmp_path: Path) -> None:
    install(tmp_path, {"skullgames_jack": JACK, "skullgames_broken": BROKEN},
            {"jack": "skullgames_jack:ENTRY", "broken": "skullgames_broken:ENTRY"})
    result = run_python(tmp_path, """\
        import sys
        import skullgames, skullgames.schemas, skullgames.cli, skullgames.serialization
        print(sorted(m for m in sys.modules if m.startswith("skullgames_")))
        print(skullgames.GAMES["queen"].title)
        print(sorted(m for m in sys.modules if m.startswith("skullgames_")))
        """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["[]", "Skull Queen", "[]"]
    assert result.stderr == ""


@pytest.mark.parametrize("first", ["skullgames", "skullgames_jack"])
def test_a_plug_in_works_whichever_is_imported_first(tmp_path: Path, first: str) -> None:
    install(tmp_path, {"skullgames_jack": JACK}, {"jack": "skullgames_jack:ENTRY"})
    result = run_python(tmp_path, f"""\
        import {first}
        import sys
        from skullgames import GAMES
        from skullgames.cli import main
        print("listed", sorted(GAMES))
        sys.exit(main(["watch", "jack", "--players", "3", "--rounds", "1", "--seed", "2"]))
        """)
    assert result.returncode == 0, result.stderr
    assert "listed ['jack', 'king', 'queen']" in result.stdout
    assert "Winner" in result.stdout
    assert result.stderr == ""


def test_a_broken_plug_in_is_reported_once_and_leaves_the_others_working(tmp_path: Path
                                                                         ) -> None:
    install(tmp_path, {"skullgames_jack": JACK, "skullgames_broken": BROKEN},
            {"broken": "skullgames_broken:ENTRY", "jack": "skullgames_jack:ENTRY",
             "number": "skullgames_jack:attrs"})
    result = run_python(tmp_path, """\
        import sys
        import skullgames
        from skullgames import GAMES
        from skullgames.cli import main
        print("listed", sorted(GAMES), sorted(GAMES), "broken" in GAMES)
        print(GAMES["jack"].title, GAMES["king"].title)
        sys.exit(main(["watch", "jack", "--players", "3", "--rounds", "1", "--seed", "2"]))
        """)
    assert result.returncode == 0, result.stderr
    assert "listed ['jack', 'king', 'queen'] ['jack', 'king', 'queen'] False" in result.stdout
    assert "Skull Jack Skull King" in result.stdout
    assert "Winner" in result.stdout
    warned = [line for line in result.stderr.splitlines() if "GameLoadWarning" in line]
    assert len(warned) == 2, result.stderr  # each bad entry point once, whatever is asked
    assert ("<string>:5: GameLoadWarning: skullgames: the game of the entry point 'broken = "
            "skullgames_broken:ENTRY' of the distribution 'skullgames-extra' is left out: it "
            "cannot be loaded (ConfigError: broken needs its table file)") in warned[0]
    assert ("the game of the entry point 'number = skullgames_jack:attrs' of the "
            "distribution 'skullgames-extra' is left out: it is not a skullgames.Game but "
            "module") in warned[1]


def test_a_broken_plug_in_is_a_warning_a_program_can_make_an_error(tmp_path: Path) -> None:
    """The warning's class is public: a program can make it an error, or silence it."""
    install(tmp_path, {"skullgames_broken": BROKEN}, {"broken": "skullgames_broken:ENTRY"})
    result = run_python(tmp_path, """\
        import warnings
        from skullgames import GAMES
        from skullgames.errors import GameLoadWarning
        warnings.simplefilter("error", GameLoadWarning)
        try:
            list(GAMES)
        except GameLoadWarning as warning:
            print("refused:", warning)
        """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("refused: skullgames: the game of the entry point "
                                    "'broken = skullgames_broken:ENTRY'")


def test_a_worker_process_reports_the_real_error_of_a_game_it_cannot_load() -> None:
    """A game whose package exists only in this process cannot be loaded by a worker:
    ``simulate`` says so, not that its workers died (killed, or out of memory)."""
    package = types.ModuleType("skullgames_only_here")
    sys.modules[package.__name__] = package
    entry = attrs.evolve(GAMES["king"], name="jack", title="Skull Jack", module=package)
    config = king.Config(players=3, rounds=(1,))
    try:
        with registered(entry), pytest.raises(ConfigError, match=re.escape(
                "the game 'jack' is not registered in this process, and its package "
                "'skullgames_only_here' cannot be imported (ModuleNotFoundError: No "
                "module named 'skullgames_only_here')")):
            simulate("jack", config, bots="random", games=4, seed=1, jobs=2,
                     task_size=1)
    except BrokenProcessPool as error:  # what it said before
        pytest.fail(f"the real error was lost: {error}")
    finally:
        del sys.modules[package.__name__]


# -- a plug-in that looks games up while it loads ----------------------------------------------

# Each waited forever, or was left out, when a game's loading held a lock it asked for again:
# a deadlock fails the test at the timeout (a minute) instead of hanging the run.
LOADING_TIMEOUT = 60

JILL = """\
import attrs
from skullgames import GAMES

JACK = GAMES["jack"]  # another installed game, not loaded yet, while this one loads
ENTRY = attrs.evolve(GAMES["king"], name="jill", title="Skull Jill")
"""

SELFISH = """\
import attrs
from skullgames import GAMES, register_game

ENTRY = attrs.evolve(GAMES["king"], name="selfish", title="Skull Selfish")
if GAMES.get("selfish") is None:  # itself, while its entry point is loading it
    register_game(ENTRY)
"""

JILL_WITH_PARTS = """\
import attrs
from skullgames import GAMES

ENTRY = attrs.evolve(GAMES["king"], name="jill", title="Skull Jill",
                     parts={**GAMES["king"].parts, "cli": "skullgames_jill_cli:CLI"})
"""

JILL_CLI = """\
from skullgames import GAMES

DRAW = GAMES["jill"].part("svg")  # another part of its own game, while this part loads
JACK = GAMES["jack"]  # another installed game
CLI = GAMES["king"].part("cli")
"""


def test_a_plug_in_whose_import_looks_up_another_installed_game_loads(tmp_path: Path
                                                                      ) -> None:
    install(tmp_path, {"skullgames_jill": JILL, "skullgames_jack": JACK},
            {"jill": "skullgames_jill:ENTRY", "jack": "skullgames_jack:ENTRY"})
    for code in ("print(GAMES['jill'].title, sys.modules['skullgames_jill'].JACK.title)",
                 "print(sorted(GAMES))"):
        result = run_python(tmp_path, f"import sys\nfrom skullgames import GAMES\n{code}",
                            timeout=LOADING_TIMEOUT)
        assert result.returncode == 0, result.stderr
        assert result.stderr == ""
        assert result.stdout.splitlines()[-1] in ("Skull Jill Skull Jack",
                                                  "['jack', 'jill', 'king', 'queen']")


@pytest.mark.parametrize("first", ["skullgames", "skullgames_selfish"])
def test_a_plug_in_that_looks_itself_up_while_it_loads_is_registered_once(
        tmp_path: Path, first: str) -> None:
    install(tmp_path, {"skullgames_selfish": SELFISH}, {"selfish": "skullgames_selfish:ENTRY"})
    result = run_python(tmp_path, f"""\
        import {first}
        from skullgames import GAMES
        import skullgames_selfish
        print(sorted(GAMES), GAMES["selfish"] is skullgames_selfish.ENTRY)
        """, timeout=LOADING_TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "['king', 'queen', 'selfish'] True\n"
    assert result.stderr == ""  # not "a game called 'selfish' is registered already"


def test_a_part_whose_import_asks_games_for_their_parts_loads(tmp_path: Path) -> None:
    install(tmp_path, {"skullgames_jill": JILL_WITH_PARTS, "skullgames_jill_cli": JILL_CLI,
                       "skullgames_jack": JACK},
            {"jill": "skullgames_jill:ENTRY", "jack": "skullgames_jack:ENTRY"})
    result = run_python(tmp_path, """\
        import sys
        from skullgames.cli import main
        sys.exit(main(["watch", "jill", "--players", "3", "--rounds", "1", "--seed", "2"]))
        """, timeout=LOADING_TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert "Winner" in result.stdout
    assert result.stderr == ""


# -- tools ask the game ----------------------------------------------------------------------

WATCH_JACK = ["watch", "jack", "--players", "3", "--rounds", "1,2", "--seed", "4"]


def jack_without_greedy(default_bot: str | None) -> Any:
    """A renamed Skull King whose bots are ``random`` and ``minimax`` (no ``greedy``)."""
    parts = {**GAMES["king"].parts, "bots": "tests.support.plugin_parts:BOTS"}
    return attrs.evolve(GAMES["king"], name="jack", title="Skull Jack", parts=parts,
                        default_bot=default_bot)


@pytest.mark.parametrize(("default_bot", "expected"), [("minimax", "minimax"),
                                                       (None, "random")])
def test_watch_plays_the_game_s_own_default_bot(capsys: pytest.CaptureFixture[str],
                                                 default_bot: str | None, expected: str
                                                 ) -> None:
    with registered(jack_without_greedy(default_bot)) as jack:
        assert jack.chosen_bot == expected
        assert main(WATCH_JACK) == 0
    told = capsys.readouterr().out
    assert "Winner" in told


def test_any_bot_the_game_offers_is_accepted_and_another_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    with registered(jack_without_greedy("minimax")):
        assert main([*WATCH_JACK, "--bots", "minimax,random"]) == 0
        assert "Winner" in capsys.readouterr().out
        assert main([*WATCH_JACK, "--bots", "greedy"]) == 2
    assert capsys.readouterr().err.strip() == (
        "skullgames watch: error: unknown bot 'greedy'; the bots of Skull Jack are "
        "random, minimax")
    assert main(["watch", "king", "--players", "3", "--rounds", "1", "--bots", "minimax"]) == 2
    assert "the bots of Skull King are random, greedy, search, expert" in capsys.readouterr().err


def test_a_default_bot_the_game_does_not_offer_is_named() -> None:
    with registered(jack_without_greedy("alphabeta")) as jack, pytest.raises(
            ConfigError, match=re.escape("game 'jack': its default bot 'alphabeta' is not "
                                         "one of its bots (random, minimax)")):
        jack.chosen_bot  # noqa: B018


def test_serve_offers_the_game_s_own_bots(capsys: pytest.CaptureFixture[str]) -> None:
    with registered(jack_without_greedy("minimax")):
        assert main(["serve", "jack", "--players", "3", "--port", "0", "--db", ":memory:",
                     "--seats", "human,minimax,greedy"]) == 2
    assert ("'greedy' is no player: each seat is 'human' or a bot of Skull Jack (random, "
            "minimax)") in capsys.readouterr().err


@pytest.mark.parametrize("command", ["watch", "play", "simulate", "match"])
def test_every_command_s_help_names_the_game_s_own_bots(
        capsys: pytest.CaptureFixture[str], command: str) -> None:
    with registered(jack_without_greedy("minimax")), pytest.raises(SystemExit):
        main([command, "jack", "--help"])
    told = " ".join(capsys.readouterr().out.split())
    assert "random, minimax" in told and "greedy" not in told  # nor as a default
    with pytest.raises(SystemExit):
        main([command, "king", "--help"])
    assert "random, greedy, search, expert" in " ".join(capsys.readouterr().out.split())


def test_simulate_s_default_bots_are_the_game_s_weakest_and_its_default(
        capsys: pytest.CaptureFixture[str]) -> None:
    with registered(jack_without_greedy("minimax")):
        assert main(["simulate", "jack", "--players", "3", "--rounds", "1", "--games", "2",
                     "--jobs", "1", "--quiet"]) == 0
    assert "bots by seat random,minimax" in capsys.readouterr().out


def jack_with_its_flags() -> Any:
    """A renamed Skull King whose command line has its own ``--hand-cap`` (int, 1-3)."""
    parts = {**GAMES["king"].parts, "cli": "tests.support.plugin_parts:CLI"}
    return attrs.evolve(GAMES["king"], name="jack", title="Skull Jack", parts=parts)


def test_a_plug_in_flag_that_a_built_in_game_has_too_is_each_game_s_own(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--hand-cap`` is Skull King's (any number) and Skull Jack's (1 to 3): every
    command of every game crashed on the clash (argparse's conflicting option string)."""
    with registered(jack_with_its_flags()):
        assert main(["watch", "jack", "--players", "3", "--rounds", "1,2", "--seed", "4",
                     "--hand-cap", "1"]) == 0
        assert "Winner" in capsys.readouterr().out
        assert main(["watch", "king", "--players", "3", "--rounds", "1,5", "--hand-cap",
                     "4"]) == 0
        assert "Winner" in capsys.readouterr().out
        with pytest.raises(SystemExit) as refused:
            main(["watch", "jack", "--players", "3", "--hand-cap", "4"])
        assert refused.value.code == 2
        assert "argument --hand-cap: invalid choice: 4" in capsys.readouterr().err
        with pytest.raises(SystemExit):
            main(["simulate", "jack", "--kraken"])
        assert ("--kraken is a Skull King option, not a Skull Jack one"
                in capsys.readouterr().err)
        with pytest.raises(SystemExit):
            main(["watch", "jack", "--help"])
        told = capsys.readouterr().out
        assert "Skull Jack's cap on a hand, 1 to 3" in told
        assert "--kraken" not in told


def test_the_hand_cap_reaches_each_game_s_config() -> None:
    from skullgames.cli import build_parser
    from skullgames.cli._games import config_from

    with registered(jack_with_its_flags()):
        jack = build_parser().parse_args(["watch", "jack", "--hand-cap", "2"])
        assert config_from("jack", jack) == king.Config(hand_cap=2)
        king_args = build_parser().parse_args(["watch", "king", "--hand-cap", "7"])
        assert config_from("king", king_args) == king.Config(hand_cap=7)


def test_resampling_asks_the_game_whether_a_config_can_be_resampled() -> None:
    """OpenSpiel's resampling refused any config with a ``pirate_abilities`` option: a
    word of one game in a generic tool. The game's ``Dealing`` answers now."""
    from skullgames import queen
    from skullgames.rl.openspiel._deals import not_resampled

    refusal = ("resampling is not available with pirate_abilities: their moves are not "
               "all in a seat's observations")
    assert not_resampled(GAMES["king"], king.Config(pirate_abilities=True)) == refusal
    assert not_resampled(GAMES["king"], king.Config()) is None
    assert not_resampled(GAMES["queen"], queen.Config()) is None
    pytest.importorskip("pyspiel")
    from skullgames.rl.openspiel import load_game, resample

    state = load_game(king.Config(players=3, rounds=(1,), pirate_abilities=True)
                      ).new_initial_state()
    with pytest.raises(ConfigError, match=re.escape(refusal)):
        resample(state, 0, random.Random(1))


# -- optional parts ---------------------------------------------------------------------------


def jack_with_only_the_required_parts() -> Any:
    """A renamed Skull King with its JSON and bots alone: no command line, picture, world
    sampler, RL encoder or steps, OpenSpiel deal."""
    parts = {part: GAMES["king"].parts[part] for part in REQUIRED_PARTS}
    return attrs.evolve(GAMES["king"], name="jack", title="Skull Jack", parts=parts)


def test_a_game_with_only_the_required_parts_is_registered_and_plays() -> None:
    with registered(jack_with_only_the_required_parts()) as jack:
        assert not jack.has("svg") and jack.has("bots")
        state = random_game_of(jack)
        assert from_json(to_json(state), jack.State) == state
        result = simulate("jack", king.Config(players=3, rounds=(1,)), bots="random,greedy",
                          games=2, seed=1, jobs=1)
        assert result.games == 2


@pytest.mark.parametrize(("use", "refusal"), [
    (lambda jack: svg.table(jack.new_game(seed=1), game=jack), "Skull Jack has no SVG drawer"),
    (lambda jack: rl_encoder(jack, king.Config()), "Skull Jack has no RL encoder"),
    (lambda jack: openspiel_deal(jack, king.Config()), "Skull Jack has no OpenSpiel deal"),
    (lambda jack: jack.sample_world, "Skull Jack has no world sampler"),
])
def test_a_tool_refuses_a_game_without_its_part_in_one_line(use: Any, refusal: str) -> None:
    with registered(jack_with_only_the_required_parts()) as jack, pytest.raises(
            ConfigError, match=f"^{re.escape(refusal)}$"):
        use(jack)


def test_the_command_line_refuses_a_game_without_one(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    with registered(jack_with_only_the_required_parts()):
        with pytest.raises(SystemExit) as refused:
            main(["watch", "jack", "--players", "3"])
        assert refused.value.code == 2
        assert capsys.readouterr().err == ("skullgames watch: error: Skull Jack has no "
                                           "command line\n")
        assert main(["watch", "king", "--players", "3", "--rounds", "1"]) == 0
        assert "Winner" in capsys.readouterr().out


def random_game_of(game: Any) -> Any:
    rng = random.Random(3)
    state = game.new_game(king.Config(players=3, rounds=(1, 2)), seed=3)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def rl_encoder(game: Any, config: Any) -> Any:
    pytest.importorskip("numpy")
    from skullgames.rl.tensors import encoder_for

    return encoder_for(game, config)


def openspiel_deal(game: Any, config: Any) -> Any:
    pytest.importorskip("pyspiel")
    from skullgames.rl.openspiel._deals import deal_plan

    return deal_plan(game, config, 0)


def test_the_server_plays_the_game_s_default_bot_and_refuses_a_game_it_cannot_draw() -> None:
    from skullgames.serve import Tables, make_server

    with registered(jack_without_greedy("minimax")):
        assert Tables("jack").default_bots == ("minimax",)
    assert Tables("king").default_bots == ("greedy",)
    with registered(jack_with_only_the_required_parts()), pytest.raises(
            ConfigError, match=r"^Skull Jack has no SVG drawer$"):
        make_server("jack", port=0, quiet=True)


@pytest.mark.parametrize("game", ["king", "jack"])
def test_a_flag_no_game_has_gets_the_usage_of_the_command(
        capsys: pytest.CaptureFixture[str], game: str) -> None:
    """Issue 49: ``watch jack --any-card`` (a flag of no game here) is ``watch``'s error."""
    with registered(jack_without_greedy(None)), pytest.raises(SystemExit) as exit:
        main(["watch", game, "--any-card"])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: skullgames watch ")
    assert "skullgames watch: error: unrecognized arguments: --any-card" in err
