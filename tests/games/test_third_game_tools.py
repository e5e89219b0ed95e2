"""Skull Jack in the library's tools: installed through its entry point, and with only
public imports, it plays in the bots' factory, the pictures, the table server (every
document matching its schema) and the simulations, as the built-in games do.

In this process the game is registered for the module (``jack``, tests/games/conftest.py);
the entry point itself is read by a Python started on the installed package.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import skull_jack
import skull_jack.bots
import skull_jack.cli
import skull_jack.json
import skull_jack.openspiel
import skull_jack.rl
import skull_jack.svg
from skull_jack import Config, new_game

from skullgames import ConfigError, Game, simulate, svg, to_json
from skullgames.bots import make_bot
from skullgames.cli import main
from skullgames.plugins import check_game
from skullgames.schemas import schema_named
from skullgames.serve import HUMAN, _http
from tests.support import skull_jack as support
from tests.support.imports import private_uses
from tests.support.serve_client import call, new_table, play_table, running, tokens

AnyGame = Game[Any, Any, Any, Any]

# Every configuration at its edges: 2 and 4 players, 1 and 4 suits, either rule of suit.
CONFIGS = [
    Config(players=2, suits=1, hand_size=3, rounds=2),
    Config(players=3, hand_size=2, rounds=2),
    Config(players=4, suits=4, hand_size=3, rounds=1, follow_suit=False),
]


def test_the_package_uses_only_public_names_of_skullgames() -> None:
    assert private_uses(support.SOURCE / "skull_jack") == []


@pytest.mark.parametrize("first", ["skullgames.cli", "skull_jack"])
def test_installing_the_package_adds_the_game_through_its_entry_point(installed: Path,
                                                                      first: str) -> None:
    """Whichever is imported first, skullgames or the plug-in (which imports skullgames)."""
    result = support.run(installed, "-W", "error", "-c",
                         f"import {first}\nimport skullgames.cli, skull_jack.entry\n"
                         "from skullgames import GAMES\n"
                         "print(sorted(GAMES), GAMES['jack'].module.__file__)\n"
                         "print(GAMES['jack'] is skull_jack.entry.ENTRY)")
    assert result.returncode == 0, result.stderr
    listed, same = result.stdout.splitlines()
    assert listed == f"['jack', 'king', 'queen'] {installed / 'skull_jack' / '__init__.py'}"
    assert same == "True"


def test_the_game_meets_the_contract_of_its_values(jack: AnyGame) -> None:
    check_game(jack)  # also done by register_game; here for the record


def test_each_part_of_the_entry_is_the_package_s_own(jack: AnyGame) -> None:
    parts = {"codecs": skull_jack.json.CODECS, "configure_json": skull_jack.json.configure,
             "bots": skull_jack.bots.BOTS, "cli": skull_jack.cli.CLI,
             "svg": skull_jack.svg.draw, "rl_encoder": skull_jack.rl.JackEncoder,
             "rl_steps": skull_jack.rl.JackSteps, "openspiel": skull_jack.openspiel.DEALING}
    assert list(jack.parts) == list(parts)
    for name, part in parts.items():
        assert jack.part(name) is part, name


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_make_bot_plays_every_bot_of_the_game(jack: AnyGame, config: Config) -> None:
    names = list(jack.bots)
    assert names == ["random", "greedy"] and jack.chosen_bot == "greedy"
    bots = [make_bot("jack", names[seat % 2], random.Random(seat))
            for seat in range(config.players)]
    state = new_game(config, seed=5)
    while not skull_jack.is_over(state):
        seat = skull_jack.current_player(state)
        assert seat is not None
        state = skull_jack.apply(state, bots[seat].choose(skull_jack.observe(state, seat)))
    assert len(state.rounds) == config.rounds
    with pytest.raises(ConfigError, match=re.escape(
            "unknown bot 'search' for jack (one of random, greedy)")):
        make_bot("jack", "search", random.Random(0))


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_the_picture_shows_a_seat_its_own_hand_and_card_backs_for_the_others(
        jack: AnyGame, config: Config) -> None:
    state = new_game(config, seed=8)
    whole = svg.table(state)  # the game is found from the state's class
    assert "Skull Jack" in whole and 'class="back"' not in whole
    for seat in range(config.players):
        picture = svg.table(state, seat=seat, game="jack")
        assert picture.count('class="back"') == config.hand_size * (config.players - 1)
        shown = set(re.findall(r">([BCRS]\d+)</text>", picture))
        assert shown == {str(c) for c in state.hands[seat]}, seat
        assert f"seat {seat} (you)" in picture


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_simulate_plays_the_game_s_bots(jack: AnyGame, config: Config) -> None:
    result = simulate("jack", config, bots="random,greedy", games=4, seed=1, jobs=1)
    assert result.game == "jack" and result.games == 4
    assert sorted(bot.bot for bot in result.bots) == ["greedy", "random"]


def test_every_document_of_the_table_server_matches_its_schema(
        jack: AnyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    sent: list[tuple[int, Any]] = []
    honest = _http._Handler._send_json

    def recording(self: Any, status: int, payload: Any) -> None:
        sent.append((status, payload))
        honest(self, status, payload)

    monkeypatch.setattr(_http._Handler, "_send_json", recording)
    with running("jack", per_client=1000) as server:
        for index, config in enumerate(CONFIGS):
            seats = [HUMAN if seat % 2 == 0 else "greedy" for seat in range(config.players)]
            table = new_table(server, game="jack", seed=index, seats=seats,
                              config=json.loads(to_json(config)))
            last = play_table(server, table, random.Random(index))
            assert all(view["over"] for view in last.values())
            status, saved = call(server, "GET", f"/api/games/{table['id']}/save",
                                 token=tokens(table)[0])
            assert status == 200, saved
        call(server, "POST", "/api/games", {"game": "jack", "seats": ["human", "search"]})

    kinds: Counter[str] = Counter()
    validators: dict[str, Any] = {}

    def check(name: str, document: Any) -> None:
        if name not in validators:
            validators[name] = jsonschema.Draft202012Validator(schema_named(name))
        errors = list(validators[name].iter_errors(document))
        assert not errors, (name, errors[0].message, list(errors[0].absolute_path))
        kinds[name] += 1

    for status, document in sent:
        if status >= 400:
            check("serve-error", document)
        elif "joins" in document:
            check("serve-table", document)
        elif "observation" in document:
            check("serve-view", document)
            check("jack-observation", document["observation"])
            for event in document["events"]:
                check("serve-event", event)
        elif document.get("format") == "skull_jack/state":
            check("jack-state", document)
    assert kinds["serve-error"] == 1  # the search bot, which Skull Jack has not
    assert kinds["serve-table"] == len(CONFIGS) and kinds["jack-state"] == len(CONFIGS)
    assert kinds["serve-view"] > 20 and kinds["serve-event"] > 20


def test_a_table_of_a_game_without_an_expert_refuses_hints_and_reviews(jack: AnyGame) -> None:
    """Skull Jack has no expert bot: its view offers no hints, and a hint or a review is a
    409 that says so (never a 500)."""
    with running("jack") as server:
        table = new_table(server, game="jack", seed=1, seats=[HUMAN, "greedy"],
                          config=json.loads(to_json(CONFIGS[0])))
        token = tokens(table)[0]
        status, view = call(server, "GET", f"/api/games/{table['id']}", token=token)
        assert status == 200 and view["hints"] is False
        status, hint = call(server, "GET", f"/api/games/{table['id']}/hint", token=token)
        assert status == 409 and "no expert" in hint["error"], hint
        play_table(server, table, random.Random(1))
        status, review = call(server, "GET", f"/api/games/{table['id']}/review", token=token)
        assert status == 409 and "no expert" in review["error"], review


def test_the_command_line_reads_the_game_s_own_flags_and_refuses_others(
        jack: AnyGame, capsys: pytest.CaptureFixture[str]) -> None:
    watch = ["watch", "jack", "--players", "2", "--rounds", "1", "--hand-size", "2",
             "--any-card", "--seed", "3"]
    assert main(watch) == 0
    told = capsys.readouterr().out
    assert told.startswith("Skull Jack, 2 players, 1 round, 3 suits, 2 cards each, any card")
    assert main(watch) == 0
    assert capsys.readouterr().out == told  # a seed fixes the game
    with pytest.raises(SystemExit):
        main(["watch", "jack", "--kraken"])
    assert "--kraken is a Skull King option, not a Skull Jack one" in capsys.readouterr().err
    assert main(["watch", "jack", "--bots", "search"]) == 2
    assert ("unknown bot 'search'; the bots of Skull Jack are random, greedy"
            in capsys.readouterr().err)
    assert main(["watch", "jack", "--players", "5"]) == 2
    assert "players: from 2 to 4, not 5" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["watch", "jack", "--help"])
    helped = capsys.readouterr().out
    assert "--hand-size N" in helped and "number of players, 2 to 4 [3]" in helped


def test_a_saved_game_replays_at_the_command_line(jack: AnyGame, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    state = new_game(Config(players=2, hand_size=2, rounds=1), seed=9)
    bots = [make_bot("jack", "random", random.Random(seat)) for seat in range(2)]
    while not skull_jack.is_over(state):
        seat = skull_jack.current_player(state)
        assert seat is not None
        state = skull_jack.apply(state, bots[seat].choose(skull_jack.observe(state, seat)))
    saved = tmp_path / "game.json"
    saved.write_text(to_json(state), encoding="utf-8")
    assert main(["replay", str(saved)]) == 0
    told = capsys.readouterr().out
    assert told.startswith("Skull Jack, 2 players, 1 round") and "Winner" in told
    assert told.count("  trick ") == 2
