"""Skull Jack at the command line, installed as a package: ``python -m skullgames`` finds it
through its entry point and plays it with its own flags, bots and narrator.

Each test runs ``python -m skullgames`` in a process whose ``PYTHONPATH`` holds the
installed package (tests/support/skull_jack.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

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
