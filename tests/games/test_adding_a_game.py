"""Adding a game is registering its entry: the ``jack`` test, and what registration refuses.

``jack`` is a renamed copy of Skull King's entry (its own name and title, King's rules
and parts). Every tool is run on it by that name and must treat it as a game of its own:
if a tool still kept a table of games by name, or a convention that derives a module
from a name, it would fail here (docs/architecture.md, "Adding a game").
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import skullgames
from skullgames import GAMES, ConfigError, Game, from_json, king, simulate, svg, to_dict, to_json
from skullgames.bots import make_bot
from skullgames.cli import main
from skullgames.king._serialize import STATE as KING_STATE
from skullgames.plugins.json import SavedGame
from skullgames.registry import register_game, registered, unregister_game
from skullgames.schemas import json_schema, schema_named

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
CONFIG = king.Config(players=3, rounds=(1, 2))


def jack_entry() -> Game[Any, Any, Any, Any]:
    """A renamed copy of Skull King's entry: another game for every tool."""
    return attrs.evolve(GAMES["king"], name="jack", title="Skull Jack")


@pytest.fixture(scope="module")
def jack() -> Iterator[Game[Any, Any, Any, Any]]:
    with registered(jack_entry()) as entry:
        yield entry


def random_game(game: Game[Any, Any, Any, Any], seed: int) -> Any:
    rng = random.Random(seed)
    state = game.new_game(CONFIG, seed=seed)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


# -- registration ---------------------------------------------------------------------------


def test_registering_adds_the_game_and_the_context_manager_takes_it_out() -> None:
    entry = jack_entry()
    with registered(entry) as added:
        assert added is entry
        assert GAMES["jack"] is entry
        assert list(GAMES) == ["king", "queen", "jack"]
    assert "jack" not in GAMES
    assert list(GAMES) == ["king", "queen"]


def test_register_game_and_unregister_game() -> None:
    entry = jack_entry()
    assert skullgames.register_game(entry) is entry
    try:
        assert GAMES["jack"] is entry
        with pytest.raises(ConfigError, match="a game called 'jack' is registered already"):
            register_game(jack_entry())
    finally:
        assert unregister_game("jack") is entry
    assert "jack" not in GAMES
    with pytest.raises(ConfigError, match="no game called 'jack'"):
        unregister_game("jack")


def test_a_built_in_name_cannot_be_registered_again() -> None:
    with pytest.raises(ConfigError, match="a game called 'queen' is registered already"):
        register_game(attrs.evolve(GAMES["queen"]))
    assert GAMES["queen"] is skullgames.registry.QUEEN


@pytest.mark.parametrize(("change", "message"), [
    ({"parts": {}}, "game 'jack': missing part 'codecs'"),
    ({"parts": {**GAMES["king"].parts, "bots": None}}, "game 'jack': missing part 'bots'"),
    ({"parts": {**GAMES["king"].parts, "svg": "skullgames.svg.king.draw"}},
     "game 'jack': part 'svg': a 'module:attribute' path, not 'skullgames.svg.king.draw'"),
    ({"parts": {**GAMES["king"].parts, "sound": "jack.sound:play"}},
     "game 'jack': unknown part 'sound'"),
    ({"name": "Jack Sparrow"}, "a game's name is lower-case letters"),
    ({"title": ""}, "game 'jack': title"),
    ({"State": "State"}, "game 'jack': State: a class"),
    ({"apply": None}, "game 'jack': apply: a function"),
    ({"module": "skullgames.king"}, "game 'jack': module: the game's package"),
])
def test_a_missing_or_wrong_part_is_refused_at_registration_naming_it(
        change: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        register_game(attrs.evolve(jack_entry(), **change))
    assert "jack" not in GAMES


def test_only_a_game_entry_is_registered() -> None:
    message = "register_game takes a skullgames.Game, not dict"
    with pytest.raises(ConfigError, match=re.escape(message)):
        register_game({"name": "jack"})  # type: ignore[arg-type]


def test_a_part_that_leads_nowhere_is_named_when_a_tool_first_asks_for_it() -> None:
    parts = {**GAMES["king"].parts, "svg": "skullgames.svg.king:no_such_drawer"}
    with registered(attrs.evolve(jack_entry(), parts=parts)) as entry:
        state = entry.new_game(CONFIG, seed=1)
        with pytest.raises(ConfigError, match=re.escape(
                "game 'jack': part 'svg' is 'skullgames.svg.king:no_such_drawer'")):
            svg.table(state, game="jack")


def test_a_part_is_imported_once_and_kept() -> None:
    entry = jack_entry()
    assert entry.part("openspiel") is entry.part("openspiel")
    assert entry.part("bots") is GAMES["king"].part("bots")  # the same module's object


def test_a_saved_game_is_replayed_through_the_entry_registered_for_its_format() -> None:
    """The saved-game codec states the document; the verbs it replays with are the entry's."""
    applied: list[Any] = []

    def counting_apply(state: Any, move: Any) -> Any:
        applied.append(move)
        return king.apply(state, move)

    codec: SavedGame[Any] = SavedGame("skullgames.jill/state", KING_STATE.config,
                                      KING_STATE.move_text, KING_STATE.move,
                                      KING_STATE.known_moves, "")
    state = random_game(GAMES["king"], 4)
    message = "no registered game saves states of the format 'skullgames.jill/state'"
    with pytest.raises(ConfigError, match=re.escape(message)):
        codec.dump(state)
    entry = attrs.evolve(jack_entry(), name="jill", title="Skull Jill",
                         format_name="skullgames.jill/state", apply=counting_apply)
    with registered(entry):
        applied.clear()  # registering played a sample game through the entry
        doc = codec.dump(state)
        assert doc["format"] == "skullgames.jill/state"
        assert codec.load(doc, "$") == state
    assert len(applied) == len(doc["moves"]) > 0
    with pytest.raises(ConfigError, match=re.escape(message)):
        codec.load(doc, "$")


# -- the jack test: every tool, by the name "jack" ------------------------------------------


def test_json_round_trip_and_schema(jack: Game[Any, Any, Any, Any]) -> None:
    state = random_game(jack, 3)
    assert from_json(to_json(state), jack.State) == state
    schema = schema_named("jack-state")
    assert schema["title"] == "Skull Jack saved game"
    assert schema == {**json_schema(king.State), "title": "Skull Jack saved game"}
    jsonschema = pytest.importorskip("jsonschema")  # in the test extra, which CI installs
    jsonschema.Draft202012Validator(schema).validate(to_dict(state))


def test_make_bot(jack: Game[Any, Any, Any, Any]) -> None:
    state = jack.new_game(CONFIG, seed=5)
    bots = [make_bot("jack", name, random.Random(seat))
            for seat, name in enumerate(["random", "greedy", "search"])]
    while not jack.is_over(state):
        seat = jack.current_player(state)
        assert seat is not None
        state = jack.apply(state, bots[seat].choose(jack.observe(state, seat)))
    assert len(jack.scores(state)) == 3


def test_simulate(jack: Game[Any, Any, Any, Any]) -> None:
    result = simulate("jack", CONFIG, bots="random,greedy", games=4, seed=1, jobs=1)
    assert result.game == "jack"
    assert result.games == 4
    assert sorted(bot.bot for bot in result.bots) == ["greedy", "random"]
    # Worker processes register the games the parent registered (they are spawned).
    on_two = simulate("jack", CONFIG, bots="random,greedy", games=4, seed=1, jobs=2,
                      task_size=1)
    assert on_two.bots == result.bots


def test_serve(jack: Game[Any, Any, Any, Any]) -> None:
    from skullgames.serve import make_server

    server = make_server("jack", CONFIG, port=0, bots=("random",), quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        connection = http.client.HTTPConnection(str(host), port, timeout=30)
        connection.request("POST", "/api/games", body=json.dumps({"seed": 3}).encode(),
                           headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        table = json.loads(answer.read())
        assert answer.status == 201, table
        assert table["game"] == "jack"
        connection.request("GET", f"/api/games/{table['id']}", headers={
            "Authorization": f"Bearer {table['joins'][0]['token']}"})
        answer = connection.getresponse()
        view = json.loads(answer.read())
        connection.close()
        assert answer.status == 200, view
        assert "Skull Jack" in view["svg"]
        assert view["observation"]["hand"] == [str(c) for c in jack.observe(
            jack.new_game(CONFIG, seed=3), 0).hand]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_svg_table(jack: Game[Any, Any, Any, Any]) -> None:
    state = jack.new_game(CONFIG, seed=2)
    picture = svg.table(state, game="jack")
    assert picture.startswith("<svg") and "Skull Jack" in picture
    assert "Skull Jack" in svg.table(jack.observe(state, 1), game=jack)
    assert "Skull King" in svg.table(state)  # a King state is King's by default


def test_skullgames_watch_jack(jack: Game[Any, Any, Any, Any],
                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "jack", "--players", "3", "--rounds", "1,2", "--seed", "4"]) == 0
    told = capsys.readouterr().out
    assert "Winner" in told
    with pytest.raises(SystemExit):
        main(["watch", "--help"])
    assert "jack (Skull Jack)" in capsys.readouterr().out


# PettingZoo's API test warns that a Dict observation is not a Box, as in its own card games
# (tests/rl/test_pettingzoo.py).
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)
def test_pettingzoo_api_test(jack: Game[Any, Any, Any, Any]) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from skullgames.rl.pettingzoo import env

    table = env("jack", CONFIG)
    assert table.unwrapped.game is jack
    api_test(table, num_cycles=30)


def test_gymnasium_check_env(jack: Game[Any, Any, Any, Any],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gymnasium")
    # check_env makes every render mode, "human" (a pygame window) too: SDL's dummy
    # display stands in for a screen, as in tests/rl/conftest.py.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from skullgames.rl.gymnasium import environment_id, register_environments

    assert environment_id("jack") == "skullgames/SkullJack-v0"
    register_environments()
    try:
        environment = gymnasium.make("skullgames/SkullJack-v0", config=CONFIG,
                                     opponents="greedy").unwrapped
        assert environment.game is jack  # type: ignore[attr-defined]
        check_env(environment)
    finally:
        del gymnasium.registry["skullgames/SkullJack-v0"]


def test_openspiel_random_sim_test(jack: Game[Any, Any, Any, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from skullgames.rl import openspiel

    openspiel.register_games()  # pyspiel keeps a game type once registered: no undoing it
    assert openspiel.SHORT_NAMES["jack"] == "python_skull_jack"
    game = pyspiel.load_game("python_skull_jack", {"players": 3, "rounds": "1 2"})
    assert game.skullgames_game is jack
    assert game.get_type().long_name == "Skull Jack (skullgames)"
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


# -- a game installed as a package: the entry-point group ------------------------------------


def install_fake_distribution(root: Path, entry: str) -> None:
    """A package ``skullgames_jack`` and its ``*.dist-info`` with one entry point."""
    package = root / "skullgames_jack"
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent("""\
        import attrs
        from skullgames.king.entry import ENTRY as KING

        ENTRY = attrs.evolve(KING, name="jack", title="Skull Jack")
        NOT_A_GAME = 42
        """), encoding="utf-8")
    info = root / "skullgames_jack-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: skullgames-jack\n"
                                   "Version: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[skullgames.games]\njack = {entry}\n",
                                           encoding="utf-8")


def run_python(root: Path, code: str, *args: str) -> subprocess.CompletedProcess[str]:
    paths = [str(root), str(SRC), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=root, env=env,
                          capture_output=True, text=True, check=False, timeout=300)


def test_an_installed_package_adds_a_game_through_the_entry_point_group(tmp_path: Path
                                                                        ) -> None:
    install_fake_distribution(tmp_path, "skullgames_jack:ENTRY")
    listed = run_python(tmp_path, "from skullgames import GAMES; print(sorted(GAMES))")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.strip() == "['jack', 'king', 'queen']"
    watched = run_python(tmp_path, "import sys; from skullgames.cli import main; "
                                   "sys.exit(main(sys.argv[1:]))",
                         "watch", "jack", "--players", "3", "--rounds", "1", "--seed", "2")
    assert watched.returncode == 0, watched.stderr
    assert "Winner" in watched.stdout


@pytest.mark.parametrize(("entry", "message"), [
    ("skullgames_jack:NOT_A_GAME", "the game of the entry point 'jack = skullgames_jack:"
                                   "NOT_A_GAME' of the distribution 'skullgames-jack' is left "
                                   "out: it is not a skullgames.Game but int"),
    ("skullgames_jack:MISSING", "the game of the entry point 'jack = skullgames_jack:MISSING' "
                                "of the distribution 'skullgames-jack' is left out: it cannot "
                                "be loaded (AttributeError"),
])
def test_a_bad_entry_point_is_reported_naming_it(tmp_path: Path, entry: str, message: str
                                                 ) -> None:
    """A bad entry point is left out with a warning; the other games work (issue 36)."""
    install_fake_distribution(tmp_path, entry)
    result = run_python(tmp_path, "from skullgames import GAMES; print(sorted(GAMES))")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['king', 'queen']"
    assert "GameLoadWarning: skullgames: " + message in result.stderr
