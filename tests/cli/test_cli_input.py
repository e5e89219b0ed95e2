"""The ``skullgames`` command against hostile input: a message and exit status 2, never a
traceback (issue 12, "The command line"); every rule option of every game is a flag, and
a flag of another game is refused.
"""

from __future__ import annotations

import argparse
import builtins
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from skullgames import GAMES, cli, king, queen, to_json
from skullgames.cli import build_parser, main
from skullgames.cli._games import CLIS, SHARED_FLAGS, config_from

HUGE = "9" * 5000


def exit_status(argv: list[str]) -> int:
    """``main(argv)``'s exit status, whether argparse or the command refused the input."""
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else -1


@pytest.mark.parametrize(("argv", "message"), [
    (["watch", "--rounds", "²"], "--rounds: '²' is not a whole number"),
    (["watch", "--rounds", "1,²,3"], "--rounds: '²' is not a whole number"),
    (["watch", "queen", "--rounds", "²"], "--rounds: '²' is not a whole number"),
    (["watch", "queen", "--plank-values", "²,1,1,1,1"],
     "--plank-values: '²' is not a whole number"),
    (["watch", "--rounds", HUGE], "is too large a number"),
    (["watch", "--rounds", f"1,{HUGE}"], "is too large a number"),
    (["watch", "queen", "--rounds", HUGE], "is too large a number"),
    (["watch", "--hand-cap", HUGE], "is too large a number"),
    (["watch", "--hand-cap", "three"], "--hand-cap: 'three' is not a whole number"),
    (["watch", "--players", HUGE], "is too large a number"),
    (["watch", "--players", "²"], "'²' is not a whole number"),
    (["watch", "--seed", HUGE], "is too large a number"),
    (["play", "--seat", "²"], "'²' is not a whole number"),
    (["simulate", "--games", HUGE], "is too large a number"),
    (["simulate", "--jobs", "0"], "0 is not at least 1"),
    (["replay", "x.json", "--game", "²"], "'²' is not a whole number"),
])
def test_bad_numbers_get_a_message_and_status_2(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert "9" * 100 not in err  # a 5000-digit number is not echoed whole


def test_a_huge_number_is_shown_shortened(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status(["watch", "--rounds", HUGE]) == 2
    assert "'9999999999999999999999999999999999999999...' (5000 characters)" in (
        capsys.readouterr().err)


def test_replay_of_a_file_that_is_not_utf8(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "latin1.json"
    saved.write_bytes(b'{"format": "caf\xe9"}')
    assert main(["replay", str(saved)]) == 2
    err = capsys.readouterr().err
    assert err == (f"skullgames replay: error: {saved} is not UTF-8 text (byte 15 is 0xe9): "
                   "not a saved game\n")


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": "skullgames.king/state"}\n' + "[" * 100_000 + "]" * 100_000,
    "{" * 100_000,
])
def test_replay_of_deeply_nested_json(text: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "deep.json"
    saved.write_text(text)
    index = str(text.count("\n") + 1)
    assert main(["replay", str(saved), "--game", index]) == 2
    err = capsys.readouterr().err
    assert err.startswith("skullgames replay: error: ")
    assert "Traceback" not in err


def test_replay_finds_the_game_by_its_format(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    state = queen.new_game(queen.Config(players=3, rounds=1), seed=8)
    saved = tmp_path / "queen.json"
    saved.write_text(to_json(state))
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Skull Queen, 3 players")
    assert "The saved game stops here, in round 1." in out
    saved.write_text('{"format": "skullgames.chess/state", "version": 1}')
    assert main(["replay", str(saved)]) == 2
    assert "expected format 'skullgames.king/state'" in capsys.readouterr().err


# --------------------------------------------------------------------------- rule flags


@pytest.mark.parametrize("game", list(GAMES))
def test_every_config_option_of_every_game_is_a_flag(game: str) -> None:
    options = {f.name for f in attrs.fields(GAMES[game].Config) if f.init}
    flags = set(CLIS[game].rule_flags) | set(SHARED_FLAGS)
    assert options <= flags, f"options without a flag: {options - flags}"
    assert flags <= options, f"flags of no option: {flags - options}"
    parser = argparse.ArgumentParser()
    CLIS[game].add_rule_flags(parser)
    assert {action.dest for action in parser._actions} - {"help"} == set(CLIS[game].rule_flags)


def test_whale_cancels_loot_is_a_flag_when_the_engine_has_it() -> None:
    if "whale_cancels_loot" not in attrs.fields_dict(king.Config):
        assert exit_status(["watch", "--whale-cancels-loot"]) == 2
        return
    args = build_parser().parse_args(["watch", "--white-whale", "--loot",
                                      "--whale-cancels-loot"])
    assert config_from("king", args) == king.Config(  # type: ignore[call-arg,unused-ignore]
        white_whale=True, loot=True, whale_cancels_loot=True)


def test_flags_not_given_leave_the_config_defaults() -> None:
    assert config_from("king", build_parser().parse_args(["watch"])) == king.Config()
    assert config_from("queen", build_parser().parse_args(["watch", "queen"])) == queen.Config()
    args = build_parser().parse_args(["watch", "--character-ends-choice"])
    assert config_from("king", args) == king.Config(character_ends_choice=True)


@pytest.mark.parametrize(("argv", "message"), [
    (["watch", "queen", "--kraken"], "--kraken is a Skull King option, not a Skull Queen one"),
    (["play", "queen", "--edition", "classic"], "--edition is a Skull King option"),
    (["simulate", "queen", "--hand-cap", "3"], "--hand-cap is a Skull King option"),
    (["watch", "queen", "--no-character-ends-choice"],
     "--character-ends-choice is a Skull King option"),
    (["watch", "queen", "--kraken-leader", "left_of_kraken"],
     "--kraken-leader is a Skull King option"),
    (["watch", "--plank-values", "1,2,3,5,8"],
     "--plank-values is a Skull Queen option, not a Skull King one"),
    (["watch", "king", "--set-aside-center-pair"], "--set-aside-center-pair is a Skull Queen"),
    (["simulate", "--set-aside-center-specials"], "--set-aside-center-specials is a Skull Queen"),
])
def test_a_flag_of_the_other_game_is_refused(argv: list[str], message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


def test_the_default_of_a_flag_is_not_taken_for_a_flag_given(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Writing a King flag with its default value is still a King flag."""
    assert exit_status(["watch", "queen", "--scoring", "standard"]) == 2
    assert "--scoring is a Skull King option" in capsys.readouterr().err


# --------------------------------------------------------------------------- small things


def test_help_shows_a_percent_sign_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status(["simulate", "--help"]) == 0
    out = capsys.readouterr().out
    assert "95% intervals" in out
    assert "%%" not in out


def test_quitting_in_round_1_says_round_1(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(builtins, "input", lambda prompt="": "quit")
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "You left the game in round 1. Replay it with --seed 3." in out
    assert "round 0" not in out


@pytest.mark.parametrize(("game", "typed", "message"), [
    ("king", "Z9", "'Z9' is not a Skull King card"),
    ("king", "TIGRE Pirate", "'TIGRE' is not a Skull King card"),
    ("king", "Discard Y1 Qx", "'Qx' is not a Skull King card"),
    ("queen", "Z9", "'Z9' is not a Skull Queen card"),
    ("queen", "Play Mx", "'Mx' is not a Skull Queen card"),
])
def test_a_mistyped_card_is_quoted_as_typed(game: str, typed: str, message: str,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    def typing() -> Iterator[str]:
        if game == "queen":
            yield "front 2 2 2 2"
        else:
            yield "bid 0"
        yield typed
        yield "quit"

    keys = typing()
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(keys))
    assert main(["play", game, "--seed", "3", "--bots", "random"]) == 0
    assert message in capsys.readouterr().out


def test_play_bots_are_the_opponents_in_seat_order(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``play --bots`` names "your opponents' bots" (its help): your own seat takes none of
    them (issue 37: it used to count your seat, so seat 2 got the third name, not the
    second)."""
    made: dict[int, str] = {}

    def bot(game: Any, name: str, seed: int, seat: int) -> Any:
        made[seat] = name
        return game.bots[name](random.Random(seed))

    monkeypatch.setattr(cli, "_bot", bot)
    monkeypatch.setattr(builtins, "input", lambda prompt="": "quit")
    assert main(["play", "--players", "4", "--seat", "1", "--seed", "3",
                 "--bots", "random,search,greedy"]) == 0
    assert made == {0: "random", 2: "search", 3: "greedy"}
    made.clear()
    assert main(["play", "--players", "5", "--seat", "0", "--seed", "3",
                 "--bots", "random,greedy"]) == 0
    assert made == {1: "random", 2: "greedy", 3: "random", 4: "greedy"}
    capsys.readouterr()


def test_a_drawn_seed_can_be_given_back_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A seed ``new_game`` draws has up to 39 digits (128 bits, issue 37): ``--seed`` takes
    it, to replay that game; one more digit is refused."""
    seed = king.new_game(king.Config(players=2, rounds=(1,)), seed=2**128 - 1)
    assert main(["watch", "--players", "2", "--rounds", "1", "--seed", str(2**128 - 1),
                 "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert str(seed.hands[0][0]) in out
    with pytest.raises(SystemExit) as stop:
        main(["watch", "--seed", "1" + "0" * 39])
    assert stop.value.code == 2
    assert "is too large a number (at most 39 digits)" in capsys.readouterr().err
