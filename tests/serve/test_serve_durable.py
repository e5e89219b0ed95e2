"""Tables survive a restart, even a ``SIGKILL`` in the middle of moves (issue 37).

``skullgames serve --db FILE`` runs as its own process; the tests play at its human seats
through the JSON API, kill it with ``SIGKILL`` (no chance to save anything), start it
again on the same file, and find every table, token and view as the answers before the
kill left them. In process, every option set of both games is stored and replayed.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skullgames import to_dict
from skullgames.serve import (
    HUMAN,
    MemoryStore,
    SqliteStore,
    StoredTable,
    Tables,
    default_db_path,
)
from skullgames.serve._tables import token_hash
from tests.support.option_sets import every_option_set
from tests.support.serve_client import legal_moves
from tests.support.serve_process import Served


@pytest.fixture
def served(tmp_path: Path) -> Iterator[list[Served]]:
    started: list[Served] = []
    yield started
    for server in started:
        if server.process.poll() is None:
            server.kill()


SHORT = ("--players", "3", "--rounds", "1,2,3")


def test_a_table_survives_sigkill_with_every_token_and_view(
        tmp_path: Path, served: list[Served]) -> None:
    db = tmp_path / "tables.sqlite3"
    first = Served(db, *SHORT, "--seats", "human,random,human")
    served.append(first)
    assert sorted(first.joins) == [0, 2]
    table = first.joins[0][0]
    people = {seat: token for seat, (_, token) in first.joins.items()}
    status, other = first.call("POST", "/api/games", {"config": {"players": 2},
                                                      "seats": [HUMAN, HUMAN]})
    assert status == 201
    rng = random.Random(3)
    for _ in range(6):  # six moves of the people, answered
        view = first.view(table, people[0])
        mover = view["to_move"]
        status, answer = first.call(
            "POST", f"/api/games/{table}/moves",
            {"move": rng.choice(first.view(table, people[mover])["legal_moves"])},
            token=people[mover])
        assert status == 200, answer
    before = {seat: first.view(table, token) for seat, token in people.items()}
    other_before = first.view(other["id"], other["joins"][1]["token"])
    first.kill()

    again = Served(db, *SHORT)
    served.append(again)
    for seat, token in people.items():
        assert again.view(table, token) == before[seat]
    assert again.view(other["id"], other["joins"][1]["token"]) == other_before
    status, refused = again.call("GET", f"/api/games/{table}", token=other["joins"][0]["token"])
    assert status == 403, refused
    while True:  # the game goes on to its end, and is saved
        view = again.view(table, people[0])
        if view["over"]:
            break
        mover = view["to_move"]
        status, answer = again.call(
            "POST", f"/api/games/{table}/moves",
            {"move": rng.choice(again.view(table, people[mover])["legal_moves"])},
            token=people[mover])
        assert status == 200, answer
    status, saved = again.call("GET", f"/api/games/{table}/save", token=people[2])
    assert status == 200 and len(saved["moves"]) == view["next"]
    again.kill()

    third = Served(db, *SHORT)  # a finished game stays, and can still be saved
    served.append(third)
    assert third.view(table, people[0])["over"] is True
    assert third.call("GET", f"/api/games/{table}/save", token=people[0]) == (200, saved)


def test_no_acknowledged_move_is_lost_to_a_sigkill(tmp_path: Path,
                                                   served: list[Served]) -> None:
    """Four clients post moves at four tables as fast as the server answers; the server
    is killed while they do. Each table must hold every move its client was answered."""
    db = tmp_path / "tables.sqlite3"
    first = Served(db, *SHORT)
    served.append(first)
    tables = []
    for _ in range(4):
        status, table = first.call("POST", "/api/games", {"seats": [HUMAN, HUMAN, HUMAN]})
        assert status == 201
        tables.append(table)
    # by table and seat: the moves as that seat was last answered them
    acknowledged: dict[str, dict[int, list[str]]] = {t["id"]: {} for t in tables}
    stop = threading.Event()

    def client(table: dict[str, Any]) -> None:
        people = {join["seat"]: join["token"] for join in table["joins"]}
        rng = random.Random(table["id"])
        seen = acknowledged[table["id"]]
        while not stop.is_set():
            try:
                view = first.view(table["id"], people[0])
                if view["over"]:
                    return
                mover = view["to_move"]
                legal = first.view(table["id"], people[mover])["legal_moves"]
                status, answer = first.call("POST", f"/api/games/{table['id']}/moves",
                                            {"move": rng.choice(legal), "since": 0},
                                            token=people[mover])
            except (OSError, http.client.HTTPException, ValueError, AssertionError):
                return  # the server is gone
            assert status == 200, answer
            seen[mover] = [event["move"] for event in answer["events"]]

    threads = [threading.Thread(target=client, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    def answered() -> int:
        return sum(max(map(len, seats.values()), default=0)
                   for seats in acknowledged.values())

    while answered() < 40 and time.monotonic() < deadline:
        time.sleep(0.05)
    first.kill()  # in the middle of moves
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    assert answered() >= 40

    again = Served(db, *SHORT)
    served.append(again)
    for table in tables:
        last = max(map(len, acknowledged[table["id"]].values()))
        for join in table["joins"]:
            status, view = again.call("GET", f"/api/games/{table['id']}?since=0",
                                      token=join["token"])
            assert status == 200, view
            kept = [event["move"] for event in view["events"]]
            mine = acknowledged[table["id"]].get(join["seat"], [])
            # every answered move is kept; at most the one move in flight (stored, but
            # its answer never arrived) comes after them
            assert kept[:len(mine)] == mine
            assert last <= len(kept) <= last + 1
    again.kill()


# -- in process: every option set stored and replayed ----------------------------------

@pytest.mark.parametrize(("game", "name", "config"), every_option_set(),
                         ids=[f"{g}-{n}" for g, n, _ in every_option_set()])
def test_every_option_set_is_stored_and_replayed(tmp_path: Path, game: str, name: str,
                                                 config: Any) -> None:
    db = tmp_path / "tables.sqlite3"
    store = SqliteStore(db)
    tables = Tables(game, store=store)
    seats = [HUMAN if seat % 2 == 0 else "random" for seat in range(config.players)]
    table = tables.new({"game": game, "config": to_dict(config), "seats": seats})
    people = {join["seat"]: join["token"] for join in table["joins"]}
    rng = random.Random(name)
    views: list[dict[int, dict[str, Any]]] = []
    while True:
        views.append({seat: tables.view(table["id"], token) for seat, token in people.items()})
        view = views[-1][next(iter(people))]
        if view["over"]:
            break
        if len(views) % 3 == 0:  # a restart now and then: a new server on the same file
            store.close()
            store = SqliteStore(db)
            tables = Tables(game, store=store)
            assert {s: tables.view(table["id"], t) for s, t in people.items()} == views[-1]
            assert tables.unreadable == []
        mover = view["to_move"]
        legal = legal_moves(tables.view(table["id"], people[mover]))
        tables.move(table["id"], people[mover], {"move": rng.choice(legal)})
    store.close()
    again = Tables(game, store=SqliteStore(db))
    assert {s: again.view(table["id"], t) for s, t in people.items()} == views[-1]
    assert again.save(table["id"], people[0]) == tables.save(table["id"], people[0])
    again.store.close()


def test_a_store_keeps_token_hashes_only(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "tables.sqlite3")
    tables = Tables("king", store=store)
    table = tables.new({"seats": [HUMAN, "random", HUMAN, "random"]})
    store.close()
    data = (tmp_path / "tables.sqlite3").read_bytes()
    for join in table["joins"]:
        assert join["token"].encode() not in data
        assert token_hash(join["token"]).encode() in data


def test_a_stored_table_that_does_not_replay_is_set_aside() -> None:
    store = MemoryStore()
    tables = Tables("king", store=store)
    good = tables.new({"seats": [HUMAN, "random", "random", "random"]})
    saved = json.loads(store.get(good["id"]).saved)  # type: ignore[union-attr]
    saved["moves"] = ["bid 99"]
    store.add(StoredTable(id="broken", game="king", players=(HUMAN, "random", "random",
                                                           "random"),
                          token_hashes={0: token_hash("x" * 32)}, client="", touched=0.0,
                          moved=False, over=False, saved=json.dumps(saved)))
    again = Tables("king", store=store)
    assert again.unreadable == ["broken"]
    assert again.view(good["id"], good["joins"][0]["token"])["over"] is False


def test_a_move_that_cannot_be_stored_is_not_made() -> None:
    class Failing(MemoryStore):
        def update(self, table: StoredTable) -> None:
            raise OSError("disk full")

    tables = Tables("king", store=Failing())
    table = tables.new({"seats": [HUMAN, "random", "random", "random"]})
    token = table["joins"][0]["token"]
    before = tables.view(table["id"], token)
    with pytest.raises(Exception, match="could not be stored") as refused:
        tables.move(table["id"], token, {"move": before["legal_moves"][0]})
    assert refused.value.status == 503  # type: ignore[attr-defined]
    assert tables.view(table["id"], token) == before


def test_the_default_file_is_in_the_users_data_folder() -> None:
    home = {"HOME": "/home/ann"}
    assert default_db_path(home, "linux") == Path("/home/ann/.local/share/skullgames/"
                                                   "tables.sqlite3")
    assert default_db_path({**home, "XDG_DATA_HOME": "/data"}, "linux") == Path(
        "/data/skullgames/tables.sqlite3")
    assert default_db_path(home, "darwin") == Path(
        "/home/ann/Library/Application Support/skullgames/tables.sqlite3")
    assert default_db_path({**home, "LOCALAPPDATA": "C:/Users/ann/AppData/Local"},
                           "win32") == Path("C:/Users/ann/AppData/Local/skullgames/"
                                            "tables.sqlite3")
