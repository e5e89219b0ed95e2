"""JSON any client can use (issue 14) and loading that trusts nothing (issue 12).

Both games, through :data:`skullgames.GAMES`: every document round-trips through text and
through plain data, every integer survives JavaScript, observations stay small, trick
entries have one shape, and bad documents get a SerializationError at a JSON path.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from typing import Any

import attrs
import pytest

from skullgames import (
    GAMES,
    SerializationError,
    from_dict,
    from_json,
    king,
    queen,
    to_dict,
    to_json,
)
from skullgames.serialization import MAX_SAFE_INTEGER
from tests.support.json_games import documents, random_game

GAME_NAMES = sorted(GAMES)


def integers(data: Any) -> list[int]:
    """Every integer in plain JSON data."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [data]
    if isinstance(data, list):
        return [n for item in data for n in integers(item)]
    if isinstance(data, dict):
        return [n for item in data.values() for n in integers(item)]
    return []


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_document_round_trips_through_text_and_plain_data(name: str) -> None:
    for seed in range(6):
        for cls, value in documents(name, seed, every=3):
            text = to_json(value)
            assert from_json(text, cls) == value
            data = to_dict(value)
            assert json.dumps(data, separators=(",", ":"), ensure_ascii=False) == text
            assert from_dict(data, cls) == value
            assert all(abs(n) <= MAX_SAFE_INTEGER for n in integers(data)), (cls, text)


def test_automatic_seeds_carry_128_secret_bits_and_are_saved_as_digits() -> None:
    """A drawn seed is 128 random bits (issue 37: a 31-bit one could be found from a
    seat's own cards), written as a string when JavaScript could not hold it.

    Of 200 seeds drawn from 128 bits, none is over 2**120 with probability 2**-1600: this
    fails for any narrower draw (the old 2**31 or 2**53).
    """
    for game in GAMES.values():
        states = [game.new_game(game.Config()) for _ in range(200)]
        seeds = [s.seed for s in states]
        assert all(0 <= s < 2**128 for s in seeds)
        assert max(seeds).bit_length() > 120
        assert len(set(seeds)) == len(seeds)
        for state in states[:20]:
            written = to_dict(state)["seed"]
            assert written == (state.seed if state.seed <= MAX_SAFE_INTEGER
                               else str(state.seed))
            assert from_dict(to_dict(state), game.State) == state


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="needs node (CI installs it)")
@pytest.mark.parametrize("name", GAME_NAMES)
def test_saved_games_survive_javascripts_json(name: str) -> None:
    """Node parses and writes each saved game (automatic seed) and it loads equal."""
    game = GAMES[name]
    rng = random.Random(5)
    states = []
    for _ in range(8):
        state = game.new_game(game.Config(players=rng.randint(2, 5)))  # a drawn seed
        for _ in range(rng.randint(0, 60)):
            if game.is_over(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        states.append(state)
    views = [game.observe(s, 0) for s in states]
    lines = [to_json(value) for value in (*states, *views)]
    script = ("const lines = require('fs').readFileSync(0, 'utf8').trim().split('\\n');"
              "console.log(lines.map(l => JSON.stringify(JSON.parse(l))).join('\\n'));")
    assert NODE is not None
    out = subprocess.run([NODE, "-e", script], input="\n".join(lines), capture_output=True,
                         text=True, check=True, timeout=60).stdout.splitlines()
    assert out == lines
    assert [from_json(text, game.State) for text in out[:8]] == states
    assert [from_json(text, game.Observation) for text in out[8:]] == views


# --------------------------------------------------------------------------- compact views


@pytest.mark.parametrize("name", GAME_NAMES)
def test_observations_of_four_players_stay_under_4_kb(name: str) -> None:
    game = GAMES[name]
    largest = 0
    for seed in range(12):
        for state in random_game(name, seed, players=4):
            for seat in range(4):
                largest = max(largest, len(to_json(game.observe(state, seat)).encode()))
    assert largest <= 4096


def test_skull_queen_placements_are_derived_not_written() -> None:
    state = queen.new_game(queen.Config(players=4), seed=3)
    seat = queen.current_player(state)
    assert seat is not None
    view = queen.observe(state, seat)
    data = to_dict(view)
    assert "legal_moves" not in data  # 1,250 placements, the same in every position
    assert from_dict(data, queen.Observation).legal_moves == queen.legal_moves(state)
    other = (seat + 1) % 4
    assert from_dict(to_dict(queen.observe(state, other)), queen.Observation).legal_moves == ()


def test_finished_rounds_are_summaries_and_tricks_their_plays() -> None:
    state = random_game("king", 2, players=4)[-1]
    data = to_dict(king.observe(state, 0))
    first = state.rounds[0]
    assert data["rounds"][0] == {
        "round_number": 1, "cards_dealt": first.cards_dealt, "bids": list(first.bids),
        "tricks": [s.tricks for s in first.scores], "points": list(first.points)}
    middle = random_game("king", 3, players=4)[40]
    view = king.observe(middle, 1)
    assert view.tricks  # worked out again from the plays on input
    assert to_dict(view)["tricks"] == [{"plays": to_dict(t)["plays"]} for t in view.tricks]
    assert from_dict(to_dict(view), king.Observation).tricks == view.tricks


# --------------------------------------------------------------------------- one shape


def test_a_trick_entry_is_a_seat_and_a_play_in_notation_in_both_games() -> None:
    k = king.resolve_trick([(0, king.Play(king.card("TIG"), as_pirate=True)),
                            (1, king.Play(king.card("G14")))])
    q = queen.resolve_trick([(None, queen.card("MATE")), (0, queen.card("R7")),
                             (1, queen.card("Y3"))])
    assert to_dict(k)["plays"] == [[0, "TIG pirate"], [1, "G14"]]
    assert to_dict(q)["plays"] == [[None, "MATE"], [0, "R7"], [1, "Y3"]]


def test_saved_games_of_version_0_1_still_load() -> None:
    # As 0.1 wrote them (docs/guides/json.md of 0.1), a 63-bit automatic seed included.
    old = ('{"format":"skullgames.queen/state","version":1,"config":{"players":3,'
           '"rounds":3,"plank_values":[1,2,3,5,8],"set_aside_center_pair":false,'
           '"set_aside_center_specials":false},"seed":2024,"auto_deal":true,"moves":'
           '["front 2 2 2 2","back 1 2 1 2","front 3 3 1 1","R5"]}')
    game = queen.new_game(queen.Config(players=3), seed=2024)
    for text in ["front 2 2 2 2", "back 1 2 1 2", "front 3 3 1 1", "R5"]:
        game = queen.apply(game, queen.parse_move(text))
    assert from_json(old, queen.State) == game
    seed = 2405875930906139466
    saved = to_dict(king.new_game(seed=seed))
    assert from_dict(saved, king.State) == king.new_game(seed=seed)


# --------------------------------------------------------------------------- bad input


def king_view() -> dict[str, Any]:
    state = random_game("king", 3, players=4)[40]
    data: dict[str, Any] = to_dict(king.observe(state, 1))
    return data


def queen_trick() -> dict[str, Any]:
    data: dict[str, Any] = to_dict(random_game("queen", 1, players=4)[-1].rounds[0].tricks[0])
    return data


def king_round() -> dict[str, Any]:
    data: dict[str, Any] = to_dict(random_game("king", 1, players=4)[-1].rounds[2])
    return data


@pytest.mark.parametrize(("make", "cls", "field", "value", "path", "reason"), [
    (king_view, king.Observation, "seat", 1.9, "$.seat", "expected an integer, got a number"),
    (king_view, king.Observation, "seat", "2", "$.seat", "expected an integer, got a string"),
    (king_view, king.Observation, "seat", True, "$.seat", "expected an integer, got a boolean"),
    (king_view, king.Observation, "seat", 99, "$.seat", "99 is out of range 0..7"),
    (king_view, king.Observation, "seat", 5, "$.seat",
     "seat 5 is not a seat of this 4-player game"),
    (king_view, king.Observation, "totals", "123", "$.totals",
     "expected an array, got a string"),
    (king_view, king.Observation, "pending", 3, "$.pending", "expected an object, got a number"),
    (king_view, king.Observation, "rounds", [7], "$.rounds[0]",
     "expected an object, got a number"),
    (king_view, king.Observation, "hand", "x" * 10**6, "$.hand",
     "expected an array, got a string"),
    (queen_trick, queen.TrickResult, "trick_colors", "RY", "$.trick_colors",
     "expected an array, got a string"),
    (queen_trick, queen.TrickResult, "movements", [1], "$.movements[0]",
     "expected an object, got a number"),
    (king_round, king.RoundResult, "scores", [1, 2, 3, 4], "$.scores[0]",
     "expected an object, got a number"),
    (king_round, king.RoundResult, "dealer", True, "$.dealer",
     "expected an integer, got a boolean"),
])
def test_results_and_observations_check_every_type_exactly(
        make: Any, cls: type, field: str, value: Any, path: str, reason: str) -> None:
    data = make()
    from_dict(data, cls)  # the document as written loads
    data[field] = value
    with pytest.raises(SerializationError) as error:
        from_dict(data, cls)
    assert (error.value.path, error.value.reason) == (path, reason)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_huge_bad_string_is_refused_where_it_is_without_being_repeated(name: str) -> None:
    """Each field of an observation set to a million characters: the error names that
    field (the string is never read as an array) and stays short."""
    game = GAMES[name]
    state = random_game(name, 4, players=3)[30]
    data = to_dict(game.observe(state, 0))
    huge = "Q" * 10**6
    for field in data:
        changed = dict(data, **{field: huge})
        if field == "config":
            changed[field] = {"rounds": huge}
        with pytest.raises(SerializationError) as error:
            from_dict(changed, game.Observation)
        assert error.value.path.startswith(f"$.{field}"), (field, error.value.path)
        assert len(str(error.value)) < 200


def test_a_non_string_card_names_its_path_once() -> None:
    with pytest.raises(SerializationError) as error:
        from_json('{"type": "play", "card": 5}', king.Play)
    assert str(error.value) == "$.card: expected a string, got a number"
    with pytest.raises(SerializationError) as error:
        from_json('{"type": "play", "card": [1]}', queen.Play)
    assert str(error.value) == "$.card: expected a string, got an array"


@pytest.mark.parametrize("cls", [None, "king", 3, king.card("Y3")])
def test_loading_needs_a_type(cls: Any) -> None:
    with pytest.raises(TypeError, match="cls must be a type"):
        from_json("{}", cls)
    with pytest.raises(TypeError, match="cls must be a type"):
        from_dict({}, cls)


@attrs.frozen
class Table:
    name: str
    state: king.State


def test_every_error_has_a_json_path() -> None:
    with pytest.raises(SerializationError) as error:
        from_json('{"seat": 1}', king.Observation)
    assert (error.value.path, error.value.reason) == ("$", "missing field 'config'")
    # A user's class read by cattrs: its path too, never an empty one.
    with pytest.raises(SerializationError) as error:
        from_json('{"state": 1}', Table)
    assert error.value.path == "$.name"
    assert str(error.value) == f"$.name: {error.value.reason}"
    # ...and a skullgames value inside it: the path goes through the user's class.
    saved = to_dict(king.new_game(seed=1))
    with pytest.raises(SerializationError) as error:
        from_dict({"name": "x", "state": dict(saved, moves=["bid 9"])}, Table)
    assert error.value.path == "$.state.moves[0]"
    assert error.value.reason == "bid 9: a bid is 0 to 1 this round, not 9"
    with pytest.raises(SerializationError) as error:
        from_json("[" * 100_000, king.State)
    assert error.value.path == "$"


@pytest.mark.parametrize(("field", "good", "bad", "reason"), [
    ("loot", True, 1, "expected true or false, got a number"),
    ("players", 4, 4.5, "expected an integer, got a number"),
    ("players", 4, True, "expected an integer, got a boolean"),
    ("rounds", [1, 2, 3], [1, 2.5, 3], "expected an integer, got a number"),
])
def test_a_config_read_before_does_not_let_a_look_alike_through(
        field: str, good: Any, bad: Any, reason: str) -> None:
    """Loading remembers the configs it read; ``True == 1`` and ``2.5 != 2`` in Python,
    but a document with the look-alike is still refused, every time."""
    data = to_dict(king.new_game(king.Config(players=4, rounds=(1, 2, 3)), seed=5))
    data["config"][field] = good
    assert from_dict(data, king.State).config == from_dict(data, king.State).config
    data["config"][field] = bad
    for _ in range(2):
        with pytest.raises(SerializationError) as error:
            from_dict(data, king.State)
        assert error.value.reason == reason
        assert error.value.path.startswith(f"$.config.{field}")


def test_a_whole_number_written_with_a_fraction_is_that_integer() -> None:
    """JSON, JSON Schema and JavaScript do not tell ``4.0`` from ``4`` (issue 22): loading
    reads it as the integer, as the schema validates it."""
    data = to_dict(king.new_game(king.Config(players=4, rounds=(1, 2, 3)), seed=5))
    state = from_dict(data, king.State)
    data["config"].update(players=4.0, rounds=[1.0, 2, 3e0])
    data["version"] = 1.0
    data["seed"] = 5.0
    loaded = from_dict(data, king.State)
    assert loaded == state
    assert type(loaded.config.players) is int and type(loaded.seed) is int
    assert from_json('{"type": "bid", "n": 2.0}', king.Move) == king.Bid(2)


@pytest.mark.parametrize("text", [
    '{"a":[1,"b",null]}', ' {"a": 1} ', '{"a": 1}\n', "[1, 2]", '"x"', "12",
    b'{"a": 1}', bytearray(b"[true]"), "NaN", '{"a": 1} x', '{"a": 1', "", "  ", "[1,]",
    '{"a": "\\ud800"}',
])
def test_from_json_reads_text_as_json_loads_does(text: str | bytes) -> None:
    # from_json reads the text with json.loads: a bad document gets json's own words.
    message = ""
    try:
        json.loads(text)
    except ValueError as error:
        message = str(error)
    if message:
        with pytest.raises(SerializationError, match=re.escape(f"not valid JSON ({message})")):
            from_json(text, king.Bid)
    else:  # JSON, but no move: refused for its data, not as JSON
        with pytest.raises(SerializationError) as refused:
            from_json(text, king.Bid)
        assert "not valid JSON" not in str(refused.value)
