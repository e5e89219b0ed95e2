"""The ``skullgames`` command with Skull Queen: watch, play, simulate, replay, flags."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from skullgames import from_json, queen
from skullgames.cli import build_parser, main
from skullgames.cli._games import config_from

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "skullgames", *args], cwd=ROOT, input=stdin,
        capture_output=True, text=True, check=False, timeout=300,
    )


def test_watch_queen_tells_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "queen", "--players", "4", "--seed", "2",
                 "--bots", "greedy,random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Skull Queen, 4 players, 4 rounds")
    assert "== Round 1: 12 cards each" in out
    assert "== Round 4:" in out
    assert "centre: " in out
    assert "placements revealed:" in out
    assert "trick 1: seat 1 " in out
    assert "evaluated: " in out
    assert "is the highest" in out and "is the lowest" in out
    assert "to the centre as singles" in out
    assert "round 4 scores:" in out
    assert "Winner" in out


def test_watch_queen_tells_doubles_and_falls(capsys: pytest.CaptureFixture[str]) -> None:
    seen = ""
    for seed in range(3):
        assert main(["watch", "queen", "--players", "5", "--seed", str(seed),
                     "--bots", "random"]) == 0
        seen += capsys.readouterr().out
    assert "(Aye, Ma'am!)" in seen
    assert "(Quick Snack)" in seen
    assert "falls into the water!" in seen


def test_watch_queen_with_the_ghost_and_search(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "queen", "--players", "2", "--rounds", "1", "--seed", "4",
                 "--bots", "search,greedy"]) == 0
    out = capsys.readouterr().out
    assert "with the ghost Pirate King" in out
    assert "the Pirate King leads every trick" in out
    assert "the Pirate King " in out.split("trick 1:")[1]
    assert "Winner" in out


def test_every_queen_config_option_is_a_flag() -> None:
    args = build_parser().parse_args([
        "watch", "queen", "--players", "6", "--rounds", "3", "--plank-values", "0,1,2,4,9",
        "--set-aside-center-pair", "--set-aside-center-specials",
    ])
    assert config_from("queen", args) == queen.Config(
        players=6, rounds=3, plank_values=(0, 1, 2, 4, 9), set_aside_center_pair=True,
        set_aside_center_specials=True,
    )
    assert config_from("queen", build_parser().parse_args(["simulate", "queen"])) == queen.Config()


@pytest.mark.parametrize("argv", [
    ["watch", "queen", "--rounds", "standard,2"],
    ["play", "queen", "--plank-values", "1,2,3"],
    ["simulate", "queen", "--plank-values", "a,b"],
    ["play", "queen", "--seat", "5"],
])
def test_bad_queen_options_give_a_message(argv: list[str]) -> None:
    result = run(*argv)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("skullgames ")


def test_play_queen_with_piped_input_explains_mistakes(tmp_path: Path) -> None:
    config = queen.Config(players=3, rounds=1)
    state = queen.new_game(config, seed=5)
    hand = state.hands[0]
    save = tmp_path / "game.json"
    script = ["hello", "front 9 9 9 9", "R7 please", "help", "scores", "hand", "front 2 2 2 2"]
    script += [str(c) for c in hand] * len(hand)  # try the cards in order until legal
    result = run("play", "queen", "--players", "3", "--rounds", "1", "--seed", "5",
                 "--save", str(save), stdin="\n".join(script) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "seat 0 (you) holds" in out
    assert "'hello' is not a Skull Queen card" in out
    assert "a placement is the side and four spaces 0..4" in out
    assert "Type your move and press Enter" in out
    assert "choose a side and place your four pawns" in out
    assert "Legal moves:" in out
    saved = from_json(save.read_text(), queen.State)
    assert queen.is_over(saved)
    assert saved.rounds[0].placements[0] == queen.parse_move("front 2 2 2 2")


def test_play_queen_quits_on_end_of_input() -> None:
    result = run("play", "queen", "--seed", "3", stdin="front 1 1 1 1\n")
    assert result.returncode == 0, result.stderr
    assert "You left the game" in result.stdout


def test_simulate_queen_then_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    assert main(["simulate", "queen", "--games", "4", "--players", "3", "--bots",
                 "random,greedy", "--jobs", "1", "--quiet", "--out", str(out)]) == 0
    table = capsys.readouterr().out
    assert "Skull Queen, 3 players, 4 games" in table
    assert "| greedy | 4 |" in table
    assert len(out.read_text().splitlines()) == 4
    assert main(["replay", str(out), "--game", "2"]) == 0
    told = capsys.readouterr().out
    assert told.startswith("Skull Queen, 3 players")
    assert "placements revealed:" in told
    assert "Game over." in told


def test_watch_queen_does_not_move_a_pawn_that_is_in_the_water(
        capsys: pytest.CaptureFixture[str]) -> None:
    # RESEARCH.md §1.10 E10: a fallen pawn ignores further moves of its colour this round.
    assert main(["watch", "queen", "--seed", "2", "--bots", "search,greedy,random"]) == 0
    out = capsys.readouterr().out
    assert "but it is already in the water" in out
    for round_text in out.split("== Round ")[1:]:
        fallen: set[str] = set()
        for line in round_text.splitlines():
            if "pawn falls into the water" in line:
                fallen.add(line.split("'s ")[0].strip() + " " + line.split("'s ")[1].split()[0])
            elif " moves " in line:
                who, rest = line.strip().split(" moves ", 1)
                assert f"{who} {rest.split()[0]}" not in fallen, line
