"""``skullgames match`` (issue 38): its tables, its JSON, its flags, its progress bar, and
the worked example of the bots page."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from skullgames import king, match, queen
from skullgames.cli import main
from skullgames.cli._simulate import Progress
from skullgames.schemas import schema_named

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["match", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_tables_are_the_results_of_the_python_api(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "king", "--bots", "random,greedy", "--deals", "4",
                           "--players", "3", "--rounds", "1,2", "--shape", "1v3",
                           "--seed", "8", "--jobs", "1", "--quiet")
    assert (status, err) == (0, "")
    result = match("king", king.Config(players=3, rounds=(1, 2)), bots="random,greedy",
                   deals=4, shape="1v3", seed=8, jobs=1)
    head, table = out.split("\n\n", 1)
    assert head == ("Skull King, 3 players, 4 deals from seed 8, shape 1v3, 12 games.\n"
                    "Each deal is played under 3 rotations, seated random,greedy,greedy / "
                    "greedy,greedy,random / greedy,random,greedy.\n"
                    "Intervals: 95% over the deals, Student's t for means, Wilson for shares.")
    assert table == result.table() + "\n"
    assert "| random - greedy |" in table and "exact bids" in table


def test_json_is_the_match_result_and_matches_its_schema(
        capsys: pytest.CaptureFixture[str]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    status, out, _ = run(capsys, "queen", "--bots", "random,greedy", "--deals", "3",
                         "--rounds", "1", "--json", "--quiet", "--jobs", "1")
    assert status == 0
    data = json.loads(out)
    assert jsonschema.Draft202012Validator(schema_named("match-result")).is_valid(data)
    expected = match("queen", queen.Config(rounds=1), bots="random,greedy", deals=3, jobs=1)
    assert data == expected.to_dict()
    assert data["bots"][0]["bid_accuracy"] is None  # Skull Queen has no bids
    assert main(["schema", "match-result"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "skullgames match result"


def test_rule_flags_reach_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "king", "--bots", "greedy,random", "--deals", "2",
                         "--players", "2", "--rounds", "2,3", "--loot", "--kraken",
                         "--json", "--quiet", "--jobs", "1")
    assert status == 0
    data = json.loads(out)
    assert data["config"]["players"] == 2 and data["config"]["loot"] is True
    assert data["config"]["kraken"] is True and data["config"]["rounds"] == [2, 3]
    assert data["rotations"] == [["greedy", "random"], ["random", "greedy"]]


@pytest.mark.parametrize(("args", "message"), [
    (("--players", "5"), "shape 2v2 alternates the 2 bots around the table, so the number "
                         "of players must be a multiple of 2, not 5"),
    (("--bots", "greedy"), "a match needs at least two different bots to compare"),
    (("--bots", "random,genius"), "unknown bot 'genius'"),
    (("--address", "localhost:1", "--backend", "local"), "--address is the address of a "
                                                         "Ray cluster"),
])
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str],
                                            args: tuple[str, ...], message: str) -> None:
    arguments = ["king", "--deals", "1", "--quiet", "--jobs", "1", *args]
    if "--bots" not in args:
        arguments += ["--bots", "random,greedy"]
    status, out, err = run(capsys, *arguments)
    assert status == 2
    assert out == ""
    assert err.startswith("skullgames match: error: ") and message in err
    assert err.count("\n") == 1


def test_an_unknown_shape_and_no_bots_are_refused_by_the_parser(
        capsys: pytest.CaptureFixture[str]) -> None:
    for args in (("--bots", "random,greedy", "--shape", "2v1"), ()):
        with pytest.raises(SystemExit) as stopped:
            main(["match", "king", *args])
        assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: '2v1'" in err
    assert "the following arguments are required: --bots" in err


def test_two_jobs_print_what_one_job_prints(capsys: pytest.CaptureFixture[str]) -> None:
    common = ("king", "--bots", "random,greedy", "--deals", "6", "--players", "4",
              "--rounds", "1,2", "--seed", "3", "--task-size", "2", "--quiet", "--json")
    one = run(capsys, *common, "--jobs", "1")
    two = run(capsys, *common, "--jobs", "2")
    assert one[0] == two[0] == 0
    assert two[1] == one[1]


def test_the_progress_bar_estimates_the_time_left(capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
    now = [100.0]
    stream = io.StringIO()
    bar = Progress(stream, clock=lambda: now[0])
    bar(0, 40)
    now[0] += 10
    bar(10, 40)  # the first result: the pace starts here (issue 47)
    now[0] += 80
    bar(20, 40)  # 10 games in 80 s: 20 left take 160 s
    now[0] += 5
    bar(40, 40)
    lines = stream.getvalue().splitlines()
    assert lines == [
        "[..............................] 0/40 games  0s",
        "[#######.......................] 10/40 games  10s",
        "[###############...............] 20/40 games  1m30s, about 2m40s left",
        "[##############################] 40/40 games  1m35s",
    ]
    status, _, err = run(capsys, "king", "--bots", "random,greedy", "--deals", "3",
                         "--rounds", "1", "--jobs", "1")
    assert status == 0
    assert err.splitlines()[-1].startswith("[##############################] 6/6 games")
    assert re.search(r"\d+/6 games  \d+s, about \d+s left", err)


def test_the_time_left_does_not_count_the_workers_start_up() -> None:
    """Issue 47: "2 min 42 s" shown with 67 s left. The times of a real run (``match``
    of random and greedy, 24 deals, two jobs, on a loaded two-core machine): the pool
    took 5.7 s to start, then the 48 games came in 1.9 s. The pace counted the start-up;
    it now starts at the first result."""
    times = [0.12, 5.77, 5.81, 5.92, 5.93, 5.97, 6.10, 6.10, 6.19, 6.33, 6.33, 6.48, 6.52,
             6.64, 6.78, 6.78, 6.96, 6.96, 7.09, 7.19, 7.30, 7.38, 7.51, 7.57, 7.70]
    stream = io.StringIO()
    clock = iter([0.0, *times])  # the bar is made as the run starts
    bar = Progress(stream, clock=lambda: next(clock))
    for step in range(25):
        bar(2 * step, 48)
    shown = [line.split("games  ")[1] for line in stream.getvalue().splitlines()]
    # 6 to 44 games done, with 1.8, 1.7, 1.5, 1.4, 1.2, 0.9, 0.7, 0.4 and 0.2 s left
    # (from the start, 6 games in 5.8 s gave "about 41s")
    assert shown == [
        "0s", "6s, about 2s left", "6s, about 1s left", "6s, about 1s left",
        "6s, about 1s left", "7s, about 1s left", "7s, about 1s left", "7s, about 1s left",
        "7s, about 0s left", "8s, about 0s left", "8s",
    ]


def test_the_worked_example_of_the_bots_page_prints_what_the_page_shows(
        capsys: pytest.CaptureFixture[str]) -> None:
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    block = re.search(r"```console\n\$ skullgames (match [^\n]*)\n(.*?)```", page, re.S)
    assert block is not None
    command, shown = block.group(1).split(), block.group(2)
    assert command[:2] == ["match", "king"]
    assert main(command) == 0
    assert capsys.readouterr().out == shown
