"""``skullgames review FILE``: the tables, the JSON, the pictures, one line per bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from skullgames import king, queen, to_json
from skullgames.cli import main
from skullgames.registry import GAMES
from skullgames.schemas import schema_named

jsonschema = pytest.importorskip("jsonschema")  # in the test extra, which CI installs


def saved(tmp_path: Path, game: str, config: Any, *, moves: int | None = None,
          bot: str = "greedy") -> Path:
    """A game of ``bot``s saved as JSON, stopped after ``moves`` moves if given."""
    entry: Any = GAMES[game]
    state = entry.new_game(config, seed=2)
    bots = [entry.bots[bot](random.Random(s)) for s in range(config.players)]
    made = 0
    while not entry.is_over(state) and (moves is None or made < moves):
        seat = entry.current_player(state)
        state = entry.apply(state, bots[seat].choose(entry.observe(state, seat)))
        made += 1
    path = tmp_path / f"{game}.json"
    path.write_text(to_json(state), encoding="utf-8")
    return path


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["review", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("game", "config"), [
    ("king", king.Config(players=3, rounds=(2, 3))),
    ("queen", queen.Config(players=3, rounds=1)),
])
def test_the_table_tells_the_costliest_decisions_first_in_words(
        game: str, config: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # random bots: a game with costly decisions (the expert agrees with most of greedy's)
    path = saved(tmp_path, game, config, bot="random")
    status, out, err = run([str(path), "--worlds", "2", "--seed", "3"], capsys)
    assert status == 0
    assert "| seat | decisions | mean loss | total loss |" in out
    losses = [float(line.rsplit("a loss of ", 1)[1].split()[0])
              for line in out.splitlines() if "a loss of " in line]
    assert losses and losses == sorted(losses, reverse=True)
    assert "Your hand:" in out and "Values:" in out
    assert "best was" in out
    assert "decisions" in err and "0s" in err  # the progress bar, with the time taken


@pytest.mark.parametrize(("game", "config"), [
    ("king", king.Config(players=2, rounds=(1, 2))),
    ("queen", queen.Config(players=2, rounds=1)),
])
def test_the_json_is_the_review_and_matches_its_schema(
        game: str, config: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, game, config)
    status, out, _ = run([str(path), "--seat", "1", "--json", "--worlds", "2", "--quiet"],
                         capsys)
    assert status == 0
    data = json.loads(out)
    jsonschema.Draft202012Validator(schema_named("review-result")).validate(data)
    assert data["game"] == game and {d["seat"] for d in data["decisions"]} == {1}
    assert all(d["loss"] >= 0 for d in data["decisions"])
    assert main(["schema", "review-result"]) == 0
    assert json.loads(capsys.readouterr().out) == schema_named("review-result")


def test_the_same_seed_prints_the_same_review_with_jobs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, "king", king.Config(players=3, rounds=(2,)))
    args = [str(path), "--json", "--worlds", "2", "--quiet", "--seed", "4"]
    first = run(args, capsys)[1]
    assert run([*args, "--jobs", "2"], capsys)[1] == first


def test_pictures_of_the_decisions_told(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, "king", king.Config(players=3, rounds=(2, 3)))
    status, out, _ = run([str(path), "--worlds", "2", "--quiet", "--top", "2", "--pictures",
                          str(tmp_path / "pictures")], capsys)
    assert status == 0 and "Pictures of the decisions told are in" in out
    pictures = sorted((tmp_path / "pictures").glob("*.svg"))
    assert 1 <= len(pictures) <= 2
    assert all(p.read_text(encoding="utf-8").startswith("<svg") for p in pictures)


def test_an_unfinished_game_is_reviewed_so_far_and_said_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, "king", king.Config(players=3, rounds=(2, 3)), moves=5)
    status, out, _ = run([str(path), "--worlds", "2", "--quiet"], capsys)
    assert status == 0
    assert "The game is unfinished" in out


def one_line_error(status: int, out: str, err: str) -> str:
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("skullgames review: error: ")
    return err


def test_an_unfinished_game_with_nothing_to_review_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, "king", king.Config(players=3, rounds=(2,)), moves=1)
    err = one_line_error(*run([str(path), "--seat", "2", "--quiet"], capsys))
    assert "unfinished" in err and "seat 2" in err


def test_a_seat_out_of_range_is_one_line(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = saved(tmp_path, "queen", queen.Config(players=3, rounds=1), moves=2)
    err = one_line_error(*run([str(path), "--seat", "3"], capsys))
    assert "--seat must be 0..2" in err


@pytest.mark.parametrize("text", ['{"format": "skullgames.king/state", "version": 1}',
                                  "[1, 2, 3]", "not json at all", ""])
def test_a_file_that_is_not_a_saved_game_is_one_line(
        text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "other.json"
    path.write_text(text, encoding="utf-8")
    one_line_error(*run([str(path)], capsys))


def test_a_missing_file_is_one_line(tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["review", str(tmp_path / "none.json")])
    err = capsys.readouterr().err
    assert status == 1 and err.count("\n") == 1 and "none.json" in err
