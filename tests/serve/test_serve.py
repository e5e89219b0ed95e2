"""``skullgames serve``: every endpoint of the JSON API, with good and bad requests."""

from __future__ import annotations

import http.client
import json
import random
import re
import socket
import sqlite3
import threading
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from skullgames import ConfigError, from_dict, from_json, king, queen, to_dict, to_json
from skullgames.cli import main
from skullgames.serve import (
    HUMAN,
    IDLE_SECONDS,
    MAX_BODY,
    MAX_DEPTH,
    UNSTARTED_SECONDS,
    ApiError,
    SqliteStore,
    Tables,
    TableServer,
    make_server,
)
from tests.support.serve_client import call, error, new_table, play_table, running, tokens, view

SHORT_KING = king.Config(players=3, rounds=(1, 2))
SHORT_QUEEN = queen.Config(players=3, rounds=1)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``skullgames serve`` keeps its tables in the user's data folder: a fresh one here."""
    for name in ("HOME", "XDG_DATA_HOME", "LOCALAPPDATA"):
        monkeypatch.setenv(name, str(tmp_path / "home"))


@pytest.fixture(scope="module")
def server() -> Iterator[TableServer]:
    with running("king", SHORT_KING, bots=("random", "greedy"), per_client=10_000,
                 max_tables=10_000) as started:
        yield started


def state_of(server: TableServer, table: dict[str, Any]) -> Any:
    """The server's state of a table (what no client may see)."""
    return server.tables._tables[table["id"]].state


def raw_request(server: TableServer, data: bytes) -> bytes:
    """Send ``data`` as it is on one connection; everything the server answers."""
    host, port = server.server_address[:2]
    with socket.create_connection((str(host), port), timeout=30) as connection:
        connection.sendall(data)
        connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def status_and_json(answer: bytes) -> tuple[int, Any]:
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"application/json" in head, head
    return int(head.split()[1]), json.loads(body)


# -- the page and the index --------------------------------------------------------------

def test_the_page_is_one_self_contained_file(server: TableServer) -> None:
    status, page = call(server, "GET", "/")
    assert status == 200
    assert page.startswith("<!doctype html>") and "<script>" in page
    for external in ('src="http', "src='http", 'href="http', "@import", "cdn"):
        assert external not in page.lower()


def test_the_favicon_is_a_picture(server: TableServer) -> None:
    status, icon = call(server, "GET", "/favicon.ico")
    assert status == 200
    assert ET.fromstring(icon).tag == "{http://www.w3.org/2000/svg}svg"


def test_the_index_names_the_games_bots_and_default_seats(server: TableServer) -> None:
    status, info = call(server, "GET", "/api")
    assert status == 200
    assert info["games"]["king"]["title"] == "Skull King"
    assert info["games"]["queen"]["bots"] == ["expert", "greedy", "random", "search"]
    assert info["defaults"]["game"] == "king"
    assert info["defaults"]["seats"] == [HUMAN, "greedy", "random"]
    assert from_json(json.dumps(info["defaults"]["config"]), king.Config) == SHORT_KING


# -- starting a table --------------------------------------------------------------------

def test_a_new_table_gives_each_person_a_join_link_and_the_bots_move(server: TableServer
                                                                    ) -> None:
    table = new_table(server, seed=3, seats=[HUMAN, "greedy", HUMAN])
    assert table["players"] == [HUMAN, "greedy", HUMAN]
    assert [join["seat"] for join in table["joins"]] == [0, 2]
    seats = tokens(table)
    assert len(set(seats.values())) == 2 and all(len(t) >= 32 for t in seats.values())
    for join in table["joins"]:
        assert join["link"] == f"/#table={table['id']}&token={join['token']}"
    state = state_of(server, table)
    assert state.bids[1] is not None  # seat 1, left of the dealer, bids first: its bot did
    assert king.current_player(state) == 2
    assert [e["seat"] for e in view(server, table, 2)["events"]] == [1]


def test_a_table_of_bots_only_is_refused(server: TableServer) -> None:
    error(call(server, "POST", "/api/games", {"seats": ["greedy"] * 3}), 400,
          "at least one 'human' seat")


@pytest.mark.parametrize(("body", "message"), [
    ({"game": "chess"}, "game: one of king, queen, not 'chess'"),
    ({"config": {"players": 9}}, "$.players: 9 is out of range 2..8"),
    ({"config": {"players": "four"}}, "config:"),
    ({"seed": -1}, "seed: a whole number"),
    ({"seed": 2**60}, "seed: a whole number"),
    ({"seed": "7a"}, "seed: a whole number"),
    ({"seed": str(2**128)}, "seed: a whole number"),
    ({"seed": 7.5}, "seed: a whole number"),
    ({"seats": [HUMAN, "greedy"]}, "seats: a list of 3 names"),
    ({"seats": [HUMAN, "deep blue", HUMAN]}, "seats: a list of 3 names"),
    ({"seats": "human"}, "seats: a list of 3 names"),
    ({"colour": "red"}, "unknown field 'colour'"),
])
def test_a_bad_new_table_is_refused_with_the_reason(server: TableServer, body: dict[str, Any],
                                                    message: str) -> None:
    error(call(server, "POST", "/api/games", body), 400, message)


# -- seats and tokens --------------------------------------------------------------------

def test_a_token_sees_its_own_seat_only(server: TableServer) -> None:
    table = new_table(server, seed=3, seats=[HUMAN, "random", HUMAN])
    state = state_of(server, table)
    for seat in (0, 2):
        seen = view(server, table, seat)
        assert seen["seat"] == seat
        assert seen["observation"] == json.loads(to_json(king.observe(state, seat)))
        assert seen["observation"]["hand"] == [str(c) for c in state.hands[seat]]
        assert seen["seed"] is None and "hands" not in seen["observation"]
        ET.fromstring(seen["svg"])
    path = f"/api/games/{table['id']}"
    error(call(server, "GET", path), 401, "Authorization: Bearer")
    error(call(server, "GET", path, token="x" * 32), 403, "no seat's")
    other = new_table(server, seed=3)
    error(call(server, "GET", path, token=tokens(other)[0]), 403, "no seat's")
    error(call(server, "GET", path, headers={"Authorization": "Basic abc"}), 401, "Bearer")


def test_a_token_moves_for_its_own_seat_only(server: TableServer) -> None:
    table = new_table(server, seed=3, seats=[HUMAN, HUMAN, "greedy"])
    state = state_of(server, table)
    to_move = king.current_player(state)
    assert to_move is not None
    waiting = 1 - to_move if to_move in (0, 1) else 0
    moves = f"/api/games/{table['id']}/moves"
    error(call(server, "POST", moves, {"move": "bid 0"}, token=tokens(table)[waiting]), 409,
          f"not your turn: it is seat {to_move}'s turn")
    status, answer = call(server, "POST", moves, {"move": "bid 0"}, token=tokens(table)[to_move])
    assert status == 200 and answer["seat"] == to_move
    assert answer["events"][0] == {"index": answer["events"][0]["index"], "seat": to_move,
                                   "move": "bid 0", "hidden": False, "kind": None,
                                   "trick": None, "round": None}


def test_others_hear_of_a_move_by_waiting_for_it(server: TableServer) -> None:
    table = new_table(server, seed=5, seats=[HUMAN, HUMAN, "random"])
    state = state_of(server, table)
    mover = king.current_player(state)
    assert mover in (0, 1)
    other = 1 - mover
    first = view(server, table, other)
    heard: list[dict[str, Any]] = []

    def wait() -> None:
        status, answer = call(server, "GET",
                              f"/api/games/{table['id']}?since={first['next']}&wait=30",
                              token=tokens(table)[other])
        assert status == 200
        heard.append(answer)

    waiter = threading.Thread(target=wait)
    waiter.start()
    call(server, "POST", f"/api/games/{table['id']}/moves", {"move": "bid 1"},
         token=tokens(table)[mover])
    waiter.join()
    events = heard[0]["events"]
    assert events[0]["index"] == first["next"] and events[0]["seat"] == mover
    assert events[0]["hidden"] and events[0]["kind"] == "bid"  # K13: bids are secret
    assert heard[0]["next"] > first["next"]


def test_a_rejoin_gives_every_event_again(server: TableServer) -> None:
    table = new_table(server, seed=8, seats=[HUMAN, "greedy", "random"])
    first = view(server, table, 0)
    again = view(server, table, 0)
    assert again == first
    assert [e["index"] for e in first["events"]] == list(range(first["next"]))
    assert view(server, table, 0, since=first["next"])["events"] == []


def test_the_seed_and_the_save_come_at_the_end(server: TableServer) -> None:
    table = new_table(server, seed=4, seats=[HUMAN, "greedy", HUMAN])
    save = f"/api/games/{table['id']}/save"
    error(call(server, "GET", save, token=tokens(table)[0]), 409, "once it is over")

    def step(answer: dict[str, Any], seat: int, move: str | None) -> None:
        assert (answer["seed"] is None) is (not answer["over"]), answer["seed"]

    last = play_table(server, table, random.Random(1), step)
    assert last["0"]["seed"] == 4 and last["2"]["seed"] == 4
    status, saved = call(server, "GET", save, token=tokens(table)[2])
    assert status == 200 and saved["seed"] == 4


def test_a_rematch_reaches_each_person_with_their_own_link(server: TableServer) -> None:
    """Seat 0 asks for a rematch of a finished game; seat 2, waiting on the finished game,
    hears of it with its own join link (not seat 0's), which joins it at seat 2 of a new
    table of the same game, options and seats, dealt anew; asking again gives that table."""
    table = new_table(server, seed=4, seats=[HUMAN, "greedy", HUMAN])
    people = tokens(table)
    rematch = f"/api/games/{table['id']}/rematch"
    error(call(server, "POST", rematch, {}, token=people[0]), 409, "once the game is over")
    last = play_table(server, table, random.Random(2))
    assert last["2"]["rematch"] is None
    error(call(server, "POST", rematch, {}), 401, "token")
    error(call(server, "POST", rematch, {"seats": []}, token=people[0]), 400, "unknown field")
    heard: list[dict[str, Any]] = []

    def wait() -> None:  # a finished game's view waits for its rematch
        status, answer = call(server, "GET",
                              f"/api/games/{table['id']}?since={last['2']['next']}&wait=30",
                              token=people[2])
        assert status == 200
        heard.append(answer)

    waiter = threading.Thread(target=wait)
    waiter.start()
    for _ in range(1000):
        if server.tables.waits == 1:
            break
        waiter.join(0.01)
    assert server.tables.waits == 1, "the view of a finished game did not wait"
    status, made = call(server, "POST", rematch, {}, token=people[0])
    assert status == 201, made
    waiter.join()
    assert made["joins"] == [{"table": made["id"], "seat": 0, "token": people[0],
                              "link": f"/#table={made['id']}&token={people[0]}"}]
    assert heard[0]["rematch"] == {"table": made["id"],
                                   "link": f"/#table={made['id']}&token={people[2]}"}
    assert people[0] not in json.dumps(heard[0])
    assert view(server, table, 0)["rematch"]["link"].endswith(f"&token={people[0]}")
    assert (made["game"], made["config"], made["players"]) == (
        table["game"], table["config"], table["players"])
    joined = view(server, {**made, "joins": table["joins"]}, 2)
    assert joined["seat"] == 2 and joined["over"] is False and joined["id"] == made["id"]
    assert state_of(server, made).seed != state_of(server, table).seed
    status, again = call(server, "POST", rematch, {}, token=people[2])
    assert status == 201 and again["id"] == made["id"]
    assert again["joins"] == [{"table": made["id"], "seat": 2, "token": people[2],
                               "link": f"/#table={made['id']}&token={people[2]}"}]


def finished(tables: Tables) -> tuple[str, str]:
    """A table played to its end by its one person: its id and the person's token."""
    made = tables.new({"seats": [HUMAN, "random", "random"]})
    token = made["joins"][0]["token"]
    while not (seen := tables.view(made["id"], token))["over"]:
        tables.move(made["id"], token, {"move": seen["legal_moves"][0]})
    return made["id"], token


def test_pages_left_on_finished_games_wait_in_half_the_waits_at_most() -> None:
    """A page waits on its finished game for a rematch; such waits take half the server's
    at most, so a game in progress still hears of its moves."""
    tables = Tables("king", SHORT_KING, max_waits=2)
    done = [finished(tables) for _ in range(2)]
    playing = tables.new({"seats": [HUMAN, "random", "random"]})
    token = playing["joins"][0]["token"]
    since = tables.view(playing["id"], token)["next"]
    heard: list[dict[str, Any]] = []

    def wait(table_id: str, token: str, since: int, waits: int) -> threading.Thread:
        """A view waiting in a thread, once the server counts ``waits`` waiting views."""
        waiter = threading.Thread(target=lambda: heard.append(
            tables.view(table_id, token, since, wait=30)))
        waiter.start()
        for _ in range(1000):
            if tables.waits == waits:
                break
            waiter.join(0.01)
        return waiter

    first = wait(*done[0], tables.view(*done[0])["next"], 1)
    assert tables.waits == 1 and tables.finished_waits == 1
    with pytest.raises(ApiError, match="waiting requests at finished games"):
        tables.view(*done[1], tables.view(*done[1])["next"], wait=30)
    second = wait(playing["id"], token, since, 2)
    assert tables.waits == 2, "a game in progress could not wait"
    tables.rematch(*done[0])
    tables.move(playing["id"], token,
                {"move": tables.view(playing["id"], token)["legal_moves"][0]})
    first.join()
    second.join()
    assert tables.waits == tables.finished_waits == 0
    assert sorted(bool(answer["rematch"]) for answer in heard) == [False, True]


def test_a_rematch_is_stored_with_the_finished_game(tmp_path: Any) -> None:
    """A server started again on the same file still links the finished game to its
    rematch, and a file from before rematches (and hints) were stored gains the columns."""
    db = tmp_path / "tables.sqlite3"
    store = SqliteStore(db)
    tables = Tables("king", SHORT_KING, store=store)
    first = tables.new({"seats": [HUMAN, "random", "random"]})
    token = first["joins"][0]["token"]
    while not tables.view(first["id"], token)["over"]:
        legal = tables.view(first["id"], token)["legal_moves"]
        tables.move(first["id"], token, {"move": legal[0]})
    made = tables.rematch(first["id"], token)
    store.close()
    again = Tables("king", SHORT_KING, store=SqliteStore(db))
    assert again.view(first["id"], token)["rematch"] == {
        "table": made["id"], "link": f"/#table={made['id']}&token={token}"}
    assert again.view(made["id"], token)["seat"] == 0
    again.store.close()
    old = tmp_path / "old.sqlite3"
    with sqlite3.connect(old) as db_file:
        db_file.execute("CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, "
                        "players TEXT NOT NULL, token_hashes TEXT NOT NULL, client TEXT "
                        "NOT NULL, touched REAL NOT NULL, moved INTEGER NOT NULL, over "
                        "INTEGER NOT NULL, saved TEXT NOT NULL)")
    db_file.close()
    upgraded = SqliteStore(old)
    made_there = Tables("king", SHORT_KING, store=upgraded).new({})
    stored = upgraded.get(made_there["id"])
    assert stored is not None and stored.rematch is None and stored.hints is False
    with_hints = Tables("king", SHORT_KING, store=upgraded).new({"hints": True})
    stored = upgraded.get(with_hints["id"])
    assert stored is not None and stored.hints is True  # the hints column, added
    upgraded.close()


@pytest.mark.parametrize(("engine", "body"), [
    (king, {}), (queen, {"game": "queen", "config": {"players": 3, "rounds": 1}})])
def test_a_whole_game_scores_as_the_engine_does(server: TableServer, engine: Any,
                                                body: dict[str, Any]) -> None:
    table = new_table(server, seed=3, seats=[HUMAN, "random", HUMAN], **body)
    last = play_table(server, table, random.Random(2))
    state = state_of(server, table)
    assert engine.is_over(state)
    for seen in last.values():
        assert seen["scores"] == list(engine.scores(state))
        assert seen["winners"] == list(engine.winners(state))
        assert seen["legal_moves"] == []
    events = view(server, table, 0)["events"]
    assert len(events) == len(state.history) - sum(
        type(m).__name__ == "Deal" for m in state.history)
    rounds = [e["round"] for e in events if e["round"]]
    assert [r["points"] for r in rounds] == [list(r.points) for r in state.rounds]
    error(call(server, "POST", f"/api/games/{table['id']}/moves",
               {"move": str(state.history[-1])}, token=tokens(table)[0]), 409,
          "the game is over")


# -- moves -------------------------------------------------------------------------------

def test_moves_illegal_or_unreadable_are_refused(server: TableServer) -> None:
    table = new_table(server, seed=3, seats=[HUMAN, HUMAN, HUMAN])
    mover = king.current_player(state_of(server, table))
    assert mover is not None
    moves = f"/api/games/{table['id']}/moves"
    token = tokens(table)[mover]
    error(call(server, "POST", moves, {"move": "bid 7"}, token=token), 409, "a bid is 0 to 1")
    error(call(server, "POST", moves, {"move": "bid"}, token=token), 400, "move:")
    error(call(server, "POST", moves, {}, token=token), 400, "move: missing")
    error(call(server, "POST", moves, {"move": "bid 1", "since": -1}, token=token), 400,
          "since:")
    error(call(server, "POST", moves, {"move": "bid 1", "why": 1}, token=token), 400,
          "unknown field 'why'")
    status, answer = call(server, "POST", moves, {"move": {"type": "bid", "n": 1}}, token=token)
    assert status == 200 and answer["events"][0]["move"] == "bid 1"


# -- saving and loading ------------------------------------------------------------------

def test_a_saved_game_is_loaded_at_a_new_table(server: TableServer) -> None:
    state = queen.new_game(SHORT_QUEEN, seed=3)
    for _ in range(3):
        state = queen.apply(state, queen.legal_moves(state)[0])
    saved = json.loads(to_json(state))
    status, table = call(server, "POST", "/api/games/load",
                         {"saved": saved, "seats": ["random", HUMAN, HUMAN]})
    assert status == 201 and table["game"] == "queen" and len(table["joins"]) == 2
    seen = view(server, table, 1)
    assert seen["observation"]["hand"] == json.loads(to_json(queen.observe(
        state_of(server, table), 1)))["hand"]
    status, as_text = call(server, "POST", "/api/games/load", {"saved": json.dumps(saved)})
    assert status == 201 and as_text["joins"][0]["seat"] == 0
    play_table(server, as_text, random.Random(3))
    assert queen.is_over(state_of(server, as_text))


@pytest.mark.parametrize(("body", "message"), [
    ({"saved": "{oops"}, "saved: not JSON"),
    ({"saved": "[" * 100_000}, "saved: not JSON"),
    ({"saved": 7}, "saved: the saved game"),
    ({"saved": {"format": "chess/pgn"}}, "no game has the format 'chess/pgn'"),
    ({"saved": {"format": "skullgames.king/state", "version": 1}}, "saved:"),
    ({}, "saved: the saved game"),
])
def test_a_bad_saved_game_is_refused(server: TableServer, body: dict[str, Any],
                                     message: str) -> None:
    error(call(server, "POST", "/api/games/load", body), 400, message)


def test_a_game_dealt_by_hand_is_not_served(server: TableServer) -> None:
    saved = json.loads(to_json(king.new_game(SHORT_KING, auto_deal=False)))
    error(call(server, "POST", "/api/games/load", {"saved": saved}), 400,
          "saved: a game dealt by hand (auto_deal=False)")


# -- bodies and headers ------------------------------------------------------------------

@pytest.mark.parametrize(("raw", "message"), [
    (b"{not json", "the body is not JSON"),
    (b"\xff\xfe", "the body is not JSON"),
    (b"[1, 2]", "the body is a JSON object"),
    (b'"bid 1"', "the body is a JSON object"),
    (b"[" * 100_000 + b"]" * 100_000, "the body is not JSON"),
    (b'{"a":' * (MAX_DEPTH + 1) + b"1" + b"}" * (MAX_DEPTH + 1), f"more than {MAX_DEPTH} deep"),
])
def test_a_garbage_body_is_refused(server: TableServer, raw: bytes, message: str) -> None:
    table = new_table(server, seed=3)
    for path in ("/api/games", f"/api/games/{table['id']}/moves", "/api/games/load"):
        error(call(server, "POST", path, raw=raw, token=tokens(table)[0]), 400, message)


def test_a_state_change_needs_a_json_body_from_this_site(server: TableServer) -> None:
    url = f"http://127.0.0.1:{server.port}"
    error(call(server, "POST", "/api/games", raw=b"{}", headers={"Content-Type": "text/plain"}),
          415, "application/json")
    error(call(server, "POST", "/api/games", raw=b"{}",
               headers={"Content-Type": "application/x-www-form-urlencoded"}), 415, "json")
    error(call(server, "POST", "/api/games", {},
               headers={"Origin": "https://evil.example", "Host": f"127.0.0.1:{server.port}"}),
          403, "another site")
    error(call(server, "POST", "/api/games", raw=b"{}",
               headers={"Origin": "null", "Content-Type": "text/plain"}), 403, "another site")
    error(call(server, "POST", "/api/games", {}, headers={"Sec-Fetch-Site": "cross-site"}),
          403, "another site")
    status, _ = call(server, "POST", "/api/games", {},
                     headers={"Origin": url, "Host": f"127.0.0.1:{server.port}",
                              "Content-Type": "application/json; charset=utf-8"})
    assert status == 201


def test_a_huge_body_is_drained_and_refused(server: TableServer) -> None:
    body = b"x" * (MAX_BODY + 1)
    answer = raw_request(server, b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                                 b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                         % (server.port, len(body)) + body)
    status, document = status_and_json(answer)
    assert status == 413
    assert document["error"] == f"the body is {MAX_BODY + 1} bytes; the limit is {MAX_BODY}"


@pytest.mark.parametrize("length", ["2 2", "1_0", "+2", "0x2", "2, 2", "²", "-1", "9" * 20])
def test_a_content_length_is_digits_only(server: TableServer, length: str) -> None:
    answer = raw_request(server, f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                                 "Content-Type: application/json\r\n"
                                 f"Content-Length: {length}\r\n\r\n{{}}".encode())
    status, document = status_and_json(answer)
    assert status == 400 and "Content-Length" in document["error"], document


@pytest.mark.parametrize("name", ["Host", "Content-Length"])
def test_a_repeated_header_is_refused(server: TableServer, name: str) -> None:
    value = f"127.0.0.1:{server.port}" if name == "Host" else "2"
    answer = raw_request(server, f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                                 "Content-Type: application/json\r\nContent-Length: 2\r\n"
                                 f"{name}: {value}\r\n\r\n{{}}".encode())
    status, document = status_and_json(answer)
    assert status == 400 and document["error"] == f"more than one {name} header"


def test_a_body_without_a_length_is_refused(server: TableServer) -> None:
    error(call(server, "POST", "/api/games", raw=b"{}",
               headers={"Transfer-Encoding": "chunked"}), 411, "Content-Length")


def test_head_is_answered_without_a_body(server: TableServer) -> None:
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(str(host), port, timeout=30)
    connection.request("HEAD", "/api")
    answer = connection.getresponse()
    assert answer.status == 200 and answer.read() == b""
    assert int(answer.getheader("Content-Length") or 0) > 0
    connection.close()


@pytest.mark.parametrize("query", ["since=%C2%B2", "since=x", "since=1&since=2", "seat=0",
                                   "wait=-1", "since=" + "9" * 40])
def test_a_bad_query_is_refused(server: TableServer, query: str) -> None:
    table = new_table(server, seed=3)
    status, answer = call(server, "GET", f"/api/games/{table['id']}?{query}",
                          token=tokens(table)[0])
    assert status == 400, answer


def test_a_malformed_request_line_gets_a_json_error(server: TableServer) -> None:
    status, document = status_and_json(raw_request(server, b"GARBAGE\r\n\r\n"))
    assert status == 400 and document["status"] == 400


def test_unknown_paths_and_methods(server: TableServer) -> None:
    error(call(server, "GET", "/etc/passwd"), 404, "nothing at '/etc/passwd'")
    error(call(server, "POST", "/api/tables", {}), 404, "nothing at")
    error(call(server, "GET", "/api/games"), 405, "takes POST")
    error(call(server, "POST", "/api", {}), 405, "takes GET")
    error(call(server, "DELETE", "/api/games/x"), 405, "use GET, HEAD or POST")
    error(call(server, "GET", "/api/games/nosuchgame", token="x" * 32), 404,
          "no game 'nosuchgame'")
    error(call(server, "POST", "/api/games/nosuchgame/moves", {"move": "bid 1"}, token="x"),
          404, "no game")
    error(call(server, "GET", "/api/games/nosuchgame/save", token="x"), 404, "no game")


def test_an_internal_error_is_a_500_without_a_traceback(server: TableServer,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Tables) -> dict[str, Any]:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(Tables, "info", broken)
    status, answer = call(server, "GET", "/api")
    assert (status, answer) == (500, {"error": "internal error", "status": 500})


@pytest.mark.parametrize("hang_up", [BrokenPipeError, ConnectionResetError])
def test_a_client_that_hangs_up_prints_no_traceback(server: TableServer,
                                                      capsys: pytest.CaptureFixture[str],
                                                      hang_up: type[OSError]) -> None:
    """socketserver hands a handler's exception to handle_error while it is being handled."""
    try:
        raise hang_up(32, "the client went away")
    except OSError:
        server.handle_error(None, ("127.0.0.1", 1))
    assert capsys.readouterr().err == ""
    try:
        raise RuntimeError("a fault of the server")
    except RuntimeError:
        server.handle_error(None, ("127.0.0.1", 1))
    printed = capsys.readouterr().err
    assert "Traceback" in printed and "RuntimeError: a fault of the server" in printed


def test_a_request_for_another_host_name_is_refused(server: TableServer) -> None:
    """A page elsewhere that rebinds its name to 127.0.0.1 must not reach the server."""
    error(call(server, "GET", "/api", headers={"Host": f"evil.example:{server.port}"}), 403,
          "this server answers only to its own address")
    for name in ("127.0.0.1", "localhost", "LOCALHOST"):
        assert call(server, "GET", "/api", headers={"Host": f"{name}:{server.port}"})[0] == 200


# -- what the server keeps ---------------------------------------------------------------

class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_many_new_tables_never_drop_a_game_in_progress() -> None:
    clock = Clock()
    tables = Tables("king", SHORT_KING, max_tables=5, per_client=3, clock=clock,
                    idle_seconds=3600, unstarted_seconds=3600)
    mine = tables.new({"seed": 1}, client="10.0.0.1")
    for _ in range(2):
        tables.new({}, client="10.0.0.1")
    with pytest.raises(Exception, match="3 games in progress, the most"):
        tables.new({}, client="10.0.0.1")
    tables.new({}, client="10.0.0.2")
    tables.new({}, client="10.0.0.3")
    with pytest.raises(Exception, match="5 games in progress, its most") as refused:
        tables.new({}, client="10.0.0.4")
    assert refused.value.status == 429  # type: ignore[attr-defined]
    assert tables.view(mine["id"], mine["joins"][0]["token"])["over"] is False
    clock.now = 3000.0
    tables.view(mine["id"], mine["joins"][0]["token"])  # asked about: not idle
    clock.now = 3599.0  # nobody asked about the others for 3599 s: not idle yet
    with pytest.raises(Exception, match="its most"):
        tables.new({}, client="10.0.0.4")
    clock.now = 3601.0  # now they are: four new tables replace them, not mine
    for client in ("10.0.0.4", "10.0.0.5", "10.0.0.6", "10.0.0.7"):
        tables.new({}, client=client)
    assert tables.view(mine["id"], mine["joins"][0]["token"])["over"] is False
    with pytest.raises(Exception, match="its most"):
        tables.new({}, client="10.0.0.8")


def test_a_table_nobody_started_makes_room_before_one_in_play() -> None:
    """Issue 37: tables made and left (no person's move) cannot fill a server for long;
    a game people play is dropped only after a week untouched."""
    clock = Clock()
    tables = Tables("king", SHORT_KING, max_tables=2, clock=clock)
    played = tables.new({"seed": 1, "seats": [HUMAN, "random", "random"]}, client="10.0.0.1")
    token = played["joins"][0]["token"]
    tables.move(played["id"], token, {"move": tables.view(played["id"], token)
                                      ["legal_moves"][0]})
    left = tables.new({}, client="10.0.0.2")
    clock.now = UNSTARTED_SECONDS - 1
    with pytest.raises(ApiError, match="its most"):
        tables.new({}, client="10.0.0.3")
    clock.now = UNSTARTED_SECONDS + 1
    tables.new({}, client="10.0.0.3")  # replaces the table nobody started
    with pytest.raises(ApiError, match="no game"):
        tables.view(left["id"], left["joins"][0]["token"])
    with pytest.raises(ApiError, match="its most"):
        tables.new({}, client="10.0.0.4")  # the game in play stays
    clock.now = IDLE_SECONDS + 1
    tables.new({}, client="10.0.0.4")
    with pytest.raises(ApiError, match="no game"):
        tables.view(played["id"], token)


def test_a_finished_game_makes_room_and_stays_to_be_saved() -> None:
    tables = Tables("king", SHORT_KING, max_tables=1)
    first = tables.new({"seats": [HUMAN, "random", "random"]})
    table = tables._tables[first["id"]]
    token = first["joins"][0]["token"]
    while not table.over:
        legal = tables.view(first["id"], token)["legal_moves"]
        tables.move(first["id"], token, {"move": legal[0]})
    second = tables.new({})
    assert tables.view(second["id"], second["joins"][0]["token"])["over"] is False
    assert tables.view(first["id"], token)["over"] is True
    assert from_dict(tables.save(first["id"], token), king.State) == table.state


def test_finished_games_are_kept_up_to_their_limit() -> None:
    clock = Clock()
    tables = Tables("king", SHORT_KING, max_finished=2, clock=clock)
    made = []
    for n in range(3):
        clock.now = float(n)
        table = tables.new({"seats": [HUMAN, "random", "random"]})
        token = table["joins"][0]["token"]
        while not tables.view(table["id"], token)["over"]:
            legal = tables.view(table["id"], token)["legal_moves"]
            tables.move(table["id"], token, {"move": legal[0]})
        made.append((table["id"], token))
    with pytest.raises(ApiError, match="no game"):  # the oldest finished game is gone
        tables.view(*made[0])
    for kept in made[1:]:
        assert tables.view(*kept)["over"] is True
        assert tables.save(*kept)["moves"]


# -- the command -------------------------------------------------------------------------

def test_the_command_prints_its_address(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    started: list[TableServer] = []

    def interrupted(self: TableServer, poll_interval: float = 0.5) -> None:
        started.append(self)
        raise KeyboardInterrupt

    monkeypatch.setattr(TableServer, "serve_forever", interrupted)
    assert main(["serve", "queen", "--port", "0", "--players", "3", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    server = started[0]
    assert f"skullgames serve: {server.url} (Ctrl-C to stop); tables kept in " in out
    assert server.url.startswith("http://127.0.0.1:")
    info = server.tables.info()
    assert info["defaults"]["game"] == "queen"
    assert info["defaults"]["seats"] == [HUMAN, "random", "random"]


def serve_command(monkeypatch: pytest.MonkeyPatch, *flags: str,
                  during: Callable[[TableServer], None] | None = None) -> TableServer:
    """The server ``skullgames serve FLAGS`` makes; ``during(server)`` runs where it would
    serve, then it stops."""
    started: list[TableServer] = []

    def interrupted(self: TableServer, poll_interval: float = 0.5) -> None:
        started.append(self)
        if during is not None:
            during(self)
        raise KeyboardInterrupt

    monkeypatch.setattr(TableServer, "serve_forever", interrupted)
    assert main(["serve", "--port", "0", *flags]) == 0
    return started[0]


def test_the_command_makes_a_table_with_join_links(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Any) -> None:
    """``--seats human,greedy,human`` makes a table at once and prints a join link per
    person (issue 37), in the file of ``--db``; the table is there after a restart."""
    db = tmp_path / "tables.sqlite3"
    server = serve_command(monkeypatch, "--players", "3", "--seats", "human,greedy,human",
                           "--db", str(db))
    out = capsys.readouterr().out
    links = re.findall(r"seat ([0-9]): (http://\S+#table=([\w-]+)&token=([\w-]+))", out)
    assert [seat for seat, *_ in links] == ["0", "2"]
    assert all(link.startswith(server.url) for _, link, _, _ in links)
    assert f"tables kept in {db}" in out
    assert server.tables.info()["defaults"]["seats"] == [HUMAN, "greedy", HUMAN]
    again = Tables("king", store=SqliteStore(db))
    for seat, _, table, token in links:
        view = again.view(table, token)
        assert view["seat"] == int(seat) and view["players"] == [HUMAN, "greedy", HUMAN]
    again.store.close()


@pytest.mark.parametrize(("flags", "message"), [
    (["--players", "3", "--seats", "human,greedy"], "--seats names 2 players; the table has 3"),
    (["--seats", "greedy,greedy,greedy,greedy"], "at least one seat is 'human'"),
    (["--seats", "human,deep blue"], "'deep blue' is no player"),
    (["--trusted-proxy", "proxy.example"], "not an IP address"),
])
def test_the_command_refuses_bad_seats(capsys: pytest.CaptureFixture[str], flags: list[str],
                                       message: str) -> None:
    try:  # argparse's own refusals exit
        status = main(["serve", "--port", "0", "--db", ":memory:", *flags])
    except SystemExit as stop:
        status = stop.code  # type: ignore[assignment]
    assert status == 2
    assert message in capsys.readouterr().err


def test_a_partial_config_keeps_the_command_lines_options(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A request's ``config`` is read over the command line's rule options: one naming
    only the rounds keeps ``--players 3 --loot`` (issue 37: it dropped them)."""
    serve_command(monkeypatch, "--players", "3", "--loot", "--db", ":memory:",
                  "--trusted-proxy", "127.0.0.1", during=check_partial_configs)
    capsys.readouterr()


def check_partial_configs(server: TableServer) -> None:
    assert server.trusted_proxies == {"127.0.0.1"}
    table = server.tables.new({"config": {"rounds": [1, 2]}, "seats": [HUMAN, "random",
                                                                         "random"]})
    assert table["config"]["players"] == 3 and table["config"]["loot"] is True
    assert table["config"]["rounds"] == [1, 2]
    table = server.tables.new({"config": {"players": 5, "loot": False},
                               "seats": [HUMAN, *["random"] * 4]})
    assert table["config"]["players"] == 5 and table["config"]["loot"] is False
    # the rounds of the standard game: the command line did not set them
    assert table["config"]["rounds"] == to_dict(king.Config())["rounds"]
    queen_table = server.tables.new({"game": "queen", "config": {"rounds": 1},
                                     "seats": [HUMAN, "random", "random", "random"]})
    assert queen_table["config"]["players"] == 4  # a Skull King option is not Skull Queen's


@pytest.mark.parametrize(("flags", "message"), [
    (["--port", "99999"], "port: 0 to 65535, not 99999"),
    (["--host", "no such host.invalid"], "host: cannot listen on"),
    (["--players", "3", "--seat", "3"], "--seat must be 0..2, not 3"),
])
def test_the_command_refuses_a_bad_address_or_seat(capsys: pytest.CaptureFixture[str],
                                                   flags: list[str], message: str) -> None:
    assert main(["serve", "--port", "0", *flags]) == 2
    assert message in capsys.readouterr().err


def test_a_bad_port_or_host_is_a_config_error() -> None:
    for port in (-1, 65536, 99999):
        with pytest.raises(ConfigError, match="port: 0 to 65535"):
            make_server(port=port)
    with pytest.raises(ConfigError, match="host"):
        make_server(host="", port=0)


def test_a_server_on_ipv6_loopback() -> None:
    if not socket.has_ipv6:
        pytest.fail("this machine has no IPv6; the server's IPv6 support cannot be checked")
    with running("king", SHORT_KING, host="::1") as started:
        assert started.url == f"http://[::1]:{started.port}/"
        assert f"[::1]:{started.port}" in (started.allowed_hosts or ())
        connection = http.client.HTTPConnection("::1", started.port, timeout=30)
        connection.request("GET", "/api")
        assert connection.getresponse().status == 200
        connection.close()


def test_a_server_on_the_network_answers_to_any_name() -> None:
    running_server = make_server("king", port=0, host="0.0.0.0", quiet=True)
    try:
        assert running_server.allowed_hosts is None
        assert running_server.url == f"http://0.0.0.0:{running_server.port}/"
    finally:
        running_server.server_close()


def test_a_skull_queen_placement_view_leaves_out_the_1250_placements() -> None:
    """Issue 35: the view of a seat placing was 52 kB, 23 kB of it ``legal_moves`` with
    every placement, which the observation's JSON leaves out as every one is legal; the
    view leaves them out too (``null``), and reading the observation back gives them."""
    tables = Tables("queen", queen.Config(players=4, rounds=1))
    table = tables.new({"seats": [HUMAN, "greedy", "greedy", "greedy"], "seed": 1})
    token = table["joins"][0]["token"]
    view = tables.view(table["id"], token)
    assert view["observation"]["phase"] == "place" and view["to_move"] == 0
    assert view["legal_moves"] is None
    assert "legal_moves" not in view["observation"]
    read = from_dict(view["observation"], queen.Observation)
    assert read.legal_moves == queen.observe(tables._tables[table["id"]].state, 0).legal_moves
    assert len(read.legal_moves) == 1250
    # as the server sends it, but the picture: 52,134 bytes before, 31,513 after
    size = len(json.dumps({key: value for key, value in view.items() if key != "svg"}))
    assert size < 3_000, size
    tables.move(table["id"], token, {"move": "front 1 2 3 4"})
    after = tables.view(table["id"], token)
    assert after["observation"]["phase"] == "play"  # the bots placed: cards to play
    assert after["legal_moves"] == [str(m) for m in after_legal(tables, table["id"])]


def after_legal(tables: Tables, table_id: str) -> tuple[Any, ...]:
    return queen.observe(tables._tables[table_id].state, 0).legal_moves
