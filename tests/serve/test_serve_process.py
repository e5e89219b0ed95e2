"""Defects of the table server found in review (issue 47), each through a real
``skullgames serve`` process on a real SQLite file.

Loopback only: a client's own address is one of 127/8 (127.0.0.2, 127.0.0.3, ...), all
this machine. Every loop is bounded and stops by itself.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import select
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skullgames.serve import HUMAN, MAX_CONNECTIONS, MAX_ROUNDS, SqliteStore, Tables
from tests.support.serve_process import ROOT, Served

SHORT = ("--players", "3", "--rounds", "1,2,3")


@pytest.fixture
def served() -> Iterator[list[Served]]:
    started: list[Served] = []
    yield started
    for server in started:
        if server.process.poll() is None:
            server.kill()


def refused(*flags: str) -> tuple[int, str, str]:
    """``skullgames serve king --port 0 FLAGS``, expected to stop at once by itself: its
    exit status, output and errors."""
    done = subprocess.run([sys.executable, "-m", "skullgames", "serve", "king", "--port", "0",
                           *flags], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"}, check=False)
    return done.returncode, done.stdout, done.stderr


def one_line_error(errors: str) -> str:
    """The one line of a refused start (never a traceback)."""
    assert "Traceback" not in errors, errors
    lines = errors.strip().splitlines()
    assert len(lines) == 1, errors
    assert lines[0].startswith("skullgames serve: error: "), errors
    return lines[0]


def closed(sock: socket.socket) -> bool:
    """Whether the server has closed ``sock`` (or answered it and closed it)."""
    try:
        while select.select([sock], [], [], 0)[0]:
            if not sock.recv(65536):
                return True
    except OSError:
        return True
    return False


# -- slow headers: a deadline, and a fair share of the connections ----------------------

@pytest.mark.parametrize("proxy", [False, True], ids=["direct", "trusted-proxy"])
def test_slow_headers_cannot_lock_everyone_out(tmp_path: Path, served: list[Served],
                                               proxy: bool) -> None:
    """A client at 127.0.0.2 opens more connections than the server keeps and sends a
    header byte a second on each. Another client is still served (the fair share), and
    every slow connection is closed once the headers' deadline (2 s here) passes, however
    the bytes trickle. Under ``--trusted-proxy`` (the slow client being the proxy) too."""
    flags = ["--header-timeout", "2", *SHORT]
    if proxy:
        flags += ["--trusted-proxy", "127.0.0.2"]
    server = Served(tmp_path / "tables.sqlite3", *flags)
    served.append(server)
    slow = []
    for _ in range(MAX_CONNECTIONS + 8):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=5,
                                        source_address=("127.0.0.2", 0))
        sock.sendall(b"G")
        slow.append(sock)
    try:
        time.sleep(0.5)  # the server has taken (or refused) each of them
        other = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10,
                                           source_address=("127.0.0.3", 0))
        other.request("GET", "/api")
        answer = other.getresponse()
        assert answer.status == 200, answer.read()
        other.close()
        start = time.monotonic()
        sent = 1
        while time.monotonic() - start < 8 and not all(closed(s) for s in slow):
            for sock in slow:
                with contextlib.suppress(OSError):
                    sock.send(b"ET / HTTP/1.1\r\nX: "[sent % 17:sent % 17 + 1])
            sent += 1
            time.sleep(1)
        assert all(closed(s) for s in slow), sum(not closed(s) for s in slow)
    finally:
        for sock in slow:
            sock.close()


# -- one server per file -----------------------------------------------------------------

def test_a_second_server_on_the_same_file_refuses_to_start(tmp_path: Path,
                                                           served: list[Served]) -> None:
    """Two servers on one file would answer from two copies of a table and lose moves:
    the second refuses in one line, and once the first is killed the file is free."""
    db = tmp_path / "tables.sqlite3"
    first = Served(db, *SHORT, "--seats", "human,random,human")
    served.append(first)
    status, out, errors = refused("--db", str(db), *SHORT)
    line = one_line_error(errors)
    assert status == 2 and out == ""
    assert str(db) in line and "in use by another server" in line
    table, token = first.joins[0]
    assert first.view(table, token)["seat"] == 0
    first.kill()  # SIGKILL: the lock goes with the process
    again = Served(db, *SHORT)
    served.append(again)
    assert again.view(table, token)["seat"] == 0


def test_serve_hints_makes_tables_with_hints_on_across_a_kill(tmp_path: Path,
                                                               served: list[Served]) -> None:
    """``--hints``: a table with two people lets both ask for hints; stored with the table,
    it still does after a ``SIGKILL`` and a server started again without the flag."""
    db = tmp_path / "tables.sqlite3"
    first = Served(db, *SHORT, "--seats", "human,random,human", "--hints")
    served.append(first)
    table, token = first.joins[0]
    mover = first.view(table, token)["to_move"]
    status, hint = first.call("GET", f"/api/games/{table}/hint",
                              token=first.joins[mover][1])
    assert status == 200 and hint["best"] in first.view(table, first.joins[mover][1])[
        "legal_moves"], hint
    first.kill()
    again = Served(db, *SHORT)
    served.append(again)
    assert again.view(table, token)["hints"] is True
    assert again.call("GET", f"/api/games/{table}/hint",
                      token=first.joins[mover][1])[0] == 200
    status, made = again.call("POST", "/api/games", {"seats": ["human", "random", "human"]})
    assert status == 201 and made["hints"] is False  # without the flag: off by default


# -- unusable database files ------------------------------------------------------------

def _corrupt(path: Path) -> str:
    path.write_bytes(b"this is no database at all" * 100)
    return "file is not a database"


def _another_programs(path: Path) -> str:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tables (name TEXT, rows INTEGER)")
    db.close()
    return "another program's"


def _folder(path: Path) -> str:
    path.mkdir()
    return "it is a folder"


def _read_only(path: Path) -> str:
    SqliteStore(path).close()
    path.chmod(0o444)
    if os.geteuid() == 0:  # root writes whatever the mode says: make the file immutable
        subprocess.run(["chattr", "+i", str(path)], check=True)
    return "readonly database"


BAD_FILES = {"corrupt": _corrupt, "another-program": _another_programs, "folder": _folder,
             "read-only": _read_only}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_an_unusable_file_is_one_line_naming_it(tmp_path: Path, kind: str) -> None:
    db = tmp_path / "tables.sqlite3"
    cause = BAD_FILES[kind](db)
    try:
        status, out, errors = refused("--db", str(db))
    finally:
        if kind == "read-only" and os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(db)], check=True)
    line = one_line_error(errors)
    assert status == 2 and out == ""
    assert str(db) in line and cause in line


def test_dev_null_and_an_empty_path_are_refused() -> None:
    status, out, errors = refused("--db", "/dev/null")
    assert status == 2 and out == ""
    assert "/dev/null: it is not a file" in one_line_error(errors)
    status, out, errors = refused("--db", "")  # no throwaway database "kept in" nothing
    assert status == 2 and out == ""
    assert "an empty path" in one_line_error(errors)


def test_a_file_locked_by_another_program_is_refused_soon(tmp_path: Path) -> None:
    """Another program holds the file's write lock: the start gives up within seconds
    (not 30), in one line."""
    db = tmp_path / "tables.sqlite3"
    SqliteStore(db).close()
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("PRAGMA journal_mode=DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        start = time.monotonic()
        status, out, errors = refused("--db", str(db))
        assert time.monotonic() - start < 15
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    line = one_line_error(errors)
    assert status == 2 and out == ""
    assert str(db) in line and "locked" in line


def test_a_store_operation_on_a_locked_file_is_a_prompt_503(tmp_path: Path,
                                                            served: list[Served]) -> None:
    """Another program takes the file's write lock while the server runs: a new table
    cannot be stored, and the answer is a 503 within seconds (not 30 s per operation)."""
    db = tmp_path / "tables.sqlite3"
    server = Served(db, *SHORT)
    served.append(server)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        start = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.request("POST", "/api/games", body="{}",
                           headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        assert answer.status == 503, answer.read()
        assert answer.getheader("Retry-After") is not None
        assert time.monotonic() - start < 8
        connection.close()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert server.call("POST", "/api/games", {})[0] == 201


def test_malformed_rows_are_listed_and_the_other_tables_served(
        tmp_path: Path, served: list[Served]) -> None:
    """A row whose players, token hashes or time is malformed, or whose players disagree
    with its game's config, is named unreadable at the start; the good table is served."""
    db = tmp_path / "tables.sqlite3"
    store = SqliteStore(db)
    tables = Tables("king", {"players": 3, "rounds": [1, 2, 3]}, store=store)
    made = [tables.new({"seats": [HUMAN, "random", "random"]}) for _ in range(5)]
    store.close()
    good, *bad = made
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE tables SET players='[\"human\", ' WHERE id=?", (bad[0]["id"],))
        raw.execute("UPDATE tables SET token_hashes='[1, 2]' WHERE id=?", (bad[1]["id"],))
        raw.execute("UPDATE tables SET touched='yesterday' WHERE id=?", (bad[2]["id"],))
        raw.execute("UPDATE tables SET players='[\"human\", \"random\"]' WHERE id=?",
                    (bad[3]["id"],))
    raw.close()
    server = Served(db, *SHORT)
    served.append(server)
    assert server.process.stdout is not None
    line = server.process.stdout.readline()
    assert line.startswith("  4 stored tables could not be read: "), line
    assert sorted(line.split(": ", 1)[1].strip().split(", ")) == sorted(t["id"] for t in bad)
    assert server.view(good["id"], good["joins"][0]["token"])["seat"] == 0
    for table in bad:
        status, _ = server.call("GET", f"/api/games/{table['id']}",
                                token=table["joins"][0]["token"])
        assert status == 404


# -- serve --seats on a kept file --------------------------------------------------------

def test_seats_at_every_start_is_not_refused_by_the_clients_limit(
        tmp_path: Path, served: list[Served]) -> None:
    """Twenty starts with ``--seats`` made twenty tables (the most one client may have in
    progress): the next start still makes its table."""
    db = tmp_path / "tables.sqlite3"
    store = SqliteStore(db)
    tables = Tables("king", {"players": 3, "rounds": [1, 2, 3]}, store=store)
    for _ in range(20):
        tables.new({"seats": [HUMAN, "random", HUMAN]}, client="command line", limited=False)
    store.close()
    server = Served(db, *SHORT, "--seats", "human,random,human")
    served.append(server)
    table, token = server.joins[2]
    assert server.view(table, token)["seat"] == 2


def test_seats_that_cannot_be_made_print_no_address(tmp_path: Path) -> None:
    """A server full of games in progress cannot make the ``--seats`` table: it says so
    in one line, and never printed an address it would not serve."""
    db = tmp_path / "tables.sqlite3"
    store = SqliteStore(db)
    tables = Tables("king", {"players": 2, "rounds": [1]}, store=store)
    for _ in range(200):
        tables.new({"seats": [HUMAN, "random"]}, client="command line", limited=False)
    store.close()
    status, out, errors = refused("--db", str(db), "--players", "2", "--rounds", "1",
                                  "--seats", "human,random")
    assert status == 2 and out == ""
    assert "--seats: the server holds 200 games in progress" in one_line_error(errors)


# -- requests ----------------------------------------------------------------------------

@pytest.mark.parametrize(("method", "path", "status"), [
    ("POST", "/nowhere", 404), ("POST", "/", 405), ("PUT", "/api/games", 405),
    ("GET", "/api", 200)])
def test_a_refused_request_with_a_body_keeps_its_connection(
        tmp_path: Path, served: list[Served], method: str, path: str, status: int) -> None:
    """The body of a request the server refuses (or does not read) is read and dropped:
    the next request on the same keep-alive connection is answered as itself."""
    server = Served(tmp_path / "tables.sqlite3", *SHORT)
    served.append(server)
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        for _ in range(2):
            connection.request(method, path, body=json.dumps({"seats": ["x"] * 50}),
                               headers={"Content-Type": "application/json"})
            answer = connection.getresponse()
            assert answer.status == status, answer.read()
            answer.read()
            connection.request("GET", "/api")
            answer = connection.getresponse()
            assert answer.status == 200, answer.read()
            assert "games" in json.loads(answer.read())
    finally:
        connection.close()


@pytest.mark.parametrize(("game", "rounds"), [("king", [1] * 150_000), ("queen", 150_000),
                                              ("king", [1] * (MAX_ROUNDS + 1))])
def test_a_table_of_too_many_rounds_is_refused_with_the_bound(
        tmp_path: Path, served: list[Served], game: str, rounds: Any) -> None:
    server = Served(tmp_path / "tables.sqlite3", *SHORT)
    served.append(server)
    status, answer = server.call("POST", "/api/games",
                                 {"game": game, "config": {"rounds": rounds}})
    assert status == 400, answer
    assert f"at most {MAX_ROUNDS}" in answer["error"]
    status, answer = server.call("POST", "/api/games",
                                 {"game": game, "config": {"players": 2, "rounds": (
                                     [1] * MAX_ROUNDS if game == "king" else MAX_ROUNDS)}})
    assert status == 201, answer


# -- messages ----------------------------------------------------------------------------

def test_a_person_in_bots_points_to_seats() -> None:
    status, out, errors = refused("--bots", "human,greedy", "--db", ":memory:")
    line = one_line_error(errors)
    assert status == 2 and out == ""
    assert "--bots names bots only" in line and "--seats" in line


def test_seed_is_about_the_seats_table_not_the_game_argument() -> None:
    status, out, errors = refused("--seed", "21", "--db", ":memory:")
    line = one_line_error(errors)
    assert status == 2 and out == ""
    assert "argument game" not in line and "--seed seeds the table --seats makes" in line


def test_seed_seeds_the_seats_table(tmp_path: Path, served: list[Served]) -> None:
    """Two servers given the same ``--seed`` deal the ``--seats`` table alike."""
    hands = []
    for name in ("a", "b"):
        server = Served(tmp_path / f"{name}.sqlite3", *SHORT, "--seed", "21",
                        "--seats", "human,random,random")
        served.append(server)
        table, token = server.joins[0]
        hands.append(server.view(table, token)["observation"]["hand"])
    assert hands[0] == hands[1]
