"""Skull Jack at the command line, installed as a package: ``python -m skullgames`` finds it
through its entry point and plays it with its own flags, bots and narrator.

Each test runs ``python -m skullgames`` in a process whose ``PYTHONPATH`` holds the
installed package (tests/support/skull_jack.py).
"""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.support import skull_jack as support

RULES = ["--players", "2", "--rounds", "2", "--hand-size", "3"]


def skullgames(installed: Path, *args: str, stdin: str = "") -> tuple[int, str, str]:
    result = support.run(installed, "-m", "skullgames", *args, stdin=stdin)
    return result.returncode, result.stdout, result.stderr


def test_watch_tells_a_seeded_game_with_the_game_s_own_flags_and_default_bot(
        installed: Path) -> None:
    status, told, errors = skullgames(installed, "watch", "jack", *RULES, "--suits", "1",
                                      "--seed", "4")
    assert status == 0, errors
    lines = told.splitlines()
    assert lines[:2] == ["Skull Jack, 2 players, 2 rounds, 1 suit, 3 cards each, seed 4",
                         "Seats: 0 greedy, 1 greedy"]
    assert len([line for line in lines if line.startswith("  trick ")]) == 6
    assert re.search(r"^Winners?: seat \d", told, re.MULTILINE)


def test_play_shows_the_human_only_their_hand_and_takes_typed_moves(installed: Path,
                                                                    tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    # Seed 4 deals seat 0 B3 B10 C10 in round 1, and seat 0 leads (the --watch above).
    script = "help\nZ9\nB3\nB10\nC10\n" + "\n".join(["scores"] + ["B4", "C5", "R1"] * 4)
    status, told, errors = skullgames(installed, "play", "jack", *RULES, "--seed", "4",
                                      "--bots", "random", "--save", str(saved),
                                      stdin=script + "\n")
    assert status == 0, errors
    assert "seat 0 (you) holds B3 B10 C10" in told
    assert "seat 1 holds" not in told  # the other hand is never shown
    assert "'Z9' is no Skull Jack card" in told
    assert "Type the card to play" in told  # help
    assert "Game over" in told and "The game's seed was 4." in told
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert document["format"] == "skull_jack/state" and document["seed"] == 4
    assert (document["moves"][0], document["moves"][2]) == ("B3", "B10")


def test_simulate_runs_the_game_in_worker_processes(installed: Path) -> None:
    status, told, errors = skullgames(installed, "simulate", "jack", "--players", "3",
                                      "--suits", "2", "--games", "6", "--jobs", "2",
                                      "--bots", "random,greedy", "--quiet")
    assert status == 0, errors
    assert told.startswith("Skull Jack, 3 players, 6 games from seed 0")
    assert re.search(r"^\| greedy \| 6 \|", told, re.MULTILINE)


def test_match_compares_the_game_s_bots_over_deals(installed: Path) -> None:
    status, told, errors = skullgames(installed, "match", "jack", "--players", "4",
                                      "--rounds", "1", "--deals", "3", "--bots",
                                      "random,greedy", "--jobs", "1", "--quiet", "--json")
    assert status == 0, errors
    result = json.loads(told)
    assert result["game"] == "jack" and len(result["games"]) == 3 * 2


def test_serve_plays_the_game_at_its_own_table(installed: Path) -> None:
    """``skullgames serve jack`` with the game's flags: a person and the greedy bot play a
    table to its end through the HTTP API, the person seeing only their own hand."""
    process = subprocess.Popen(
        [sys.executable, "-m", "skullgames", "serve", "jack", "--port", "0", "--db",
         ":memory:", "--seats", "human,greedy", "--players", "2", "--hand-size", "2",
         "--rounds", "1", "--suits", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=installed,
        env={**support.environment(installed), "PYTHONUNBUFFERED": "1"})
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(3)]
        port = re.search(r"http://127\.0\.0\.1:([0-9]+)/", lines[0])
        link = re.search(r"seat 0: .*#table=([\w-]+)&token=([\w-]+)", lines[2])
        assert port and link, lines
        table, token = link.groups()

        def call(method: str, path: str, body: object = None) -> tuple[int, Any]:
            connection = http.client.HTTPConnection("127.0.0.1", int(port[1]), timeout=30)
            try:
                connection.request(method, path, None if body is None else json.dumps(body),
                                   {"Authorization": f"Bearer {token}",
                                    "Content-Type": "application/json"})
                answer = connection.getresponse()
                return answer.status, json.loads(answer.read())
            finally:
                connection.close()

        status, view = call("GET", f"/api/games/{table}")
        assert status == 200, view
        assert view["title"] == "Skull Jack" and "Skull Jack" in view["svg"]
        assert view["svg"].count('class="back"') == 2  # the bot's hand, face down
        while not view["over"]:
            assert view["legal_moves"], view
            status, view = call("POST", f"/api/games/{table}/moves",
                                {"move": view["legal_moves"][0]})
            assert status == 200, view
        assert sum(view["scores"]) == 2 and view["winners"]
    finally:
        process.terminate()
        process.communicate(timeout=30)
