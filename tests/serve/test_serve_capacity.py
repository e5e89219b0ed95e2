"""Fair capacity (issue 37): limits a client cannot dodge, a connection cap, stalled bodies.

One process used several 127.x addresses to take every table, 250 idle connections
blocked everyone, and a stalled body got a 500 with a traceback after 60 s. Loopback only:
the client addresses are 127.0.0.2, 127.0.0.3, ... (all of 127/8 is this machine).
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from typing import Any

import pytest

from skullgames.serve import HUMAN, MAX_CONNECTIONS, Tables, TableServer, make_server
from skullgames.serve._http import client_key
from tests.support.serve_client import call, running

SEATS = [HUMAN, "random", "random", "random"]


def post_from(server: TableServer, source: str, body: Any,
              headers: dict[str, str] | None = None) -> tuple[int, Any, str | None]:
    """``POST /api/games`` from the address ``source``: status, JSON, Retry-After."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30,
                                            source_address=(source, 0))
    try:
        connection.request("POST", "/api/games", body=json.dumps(body),
                           headers={"Content-Type": "application/json", **(headers or {})})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read()), answer.getheader("Retry-After")
    finally:
        connection.close()


def test_many_addresses_of_one_process_cannot_take_every_table() -> None:
    """Eight addresses, two tables each allowed: the server's own cap holds (6 games in
    progress), and its cap of new tables a minute (5 here) holds over all addresses."""
    with running(max_tables=6, per_client=2) as server:
        made = [post_from(server, f"127.0.0.{n}", {"seats": SEATS})[0] for n in range(2, 10)]
        assert made == [201] * 6 + [429] * 2
        assert post_from(server, "127.0.0.2", {"seats": SEATS})[0] == 429
    with running(new_per_minute=5, per_client_per_minute=3) as server:
        answers = [post_from(server, f"127.0.0.{n}", {"seats": SEATS}) for n in range(2, 9)]
        assert [a[0] for a in answers] == [201] * 5 + [429] * 2
        assert "the server made too many tables this minute" in answers[-1][1]["error"]
        assert answers[-1][2] is not None and 1 <= int(answers[-1][2]) <= 61


def test_one_address_has_its_own_rate() -> None:
    with running(per_client_per_minute=3) as server:
        statuses = [post_from(server, "127.0.0.2", {"seats": SEATS})[:2] for _ in range(4)]
        assert [s for s, _ in statuses] == [201, 201, 201, 429]
        assert "this address made too many tables" in statuses[-1][1]["error"]
        assert post_from(server, "127.0.0.3", {"seats": SEATS})[0] == 201


def test_an_ipv6_client_is_its_64_network() -> None:
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    assert client_key("2001:db8:1:2::1") != client_key("2001:db8:1:3::1")
    assert client_key("::ffff:10.1.2.3") == client_key("10.1.2.3") == "10.1.2.3"
    assert client_key("10.1.2.3") != client_key("10.1.2.4")


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_client() -> None:
    with running(per_client=1, trusted_proxies=["127.0.0.1"]) as server:
        first = {"X-Forwarded-For": "198.51.100.7, 203.0.113.5"}
        assert post_from(server, "127.0.0.1", {"seats": SEATS}, first)[0] == 201
        assert post_from(server, "127.0.0.1", {"seats": SEATS}, first)[0] == 429
        # another client behind the same proxy (the proxy appends what it saw: the last)
        other = {"X-Forwarded-For": "203.0.113.5, 203.0.113.6"}
        assert post_from(server, "127.0.0.1", {"seats": SEATS}, other)[0] == 201
        # an address that is no proxy cannot claim to be another client
        assert post_from(server, "127.0.0.2", {"seats": SEATS},
                         {"X-Forwarded-For": "203.0.113.99"})[0] == 201
        assert post_from(server, "127.0.0.2", {"seats": SEATS},
                         {"X-Forwarded-For": "203.0.113.100"})[0] == 429
        status, answer, _ = post_from(server, "127.0.0.1", {"seats": SEATS},
                                      {"X-Forwarded-For": "not an address"})
        assert status == 400 and "X-Forwarded-For" in answer["error"]


def test_without_a_trusted_proxy_a_forwarded_address_is_ignored() -> None:
    with running(per_client=1) as server:
        assert post_from(server, "127.0.0.2", {"seats": SEATS},
                         {"X-Forwarded-For": "203.0.113.1"})[0] == 201
        assert post_from(server, "127.0.0.2", {"seats": SEATS},
                         {"X-Forwarded-For": "203.0.113.2"})[0] == 429


def raw_answer(connection: socket.socket) -> bytes:
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
    return data


def test_connections_beyond_the_cap_get_a_503_with_retry_after() -> None:
    with running(max_connections=4, read_timeout=10) as server:
        idle = [socket.create_connection(("127.0.0.1", server.port), timeout=10)
                for _ in range(4)]
        try:
            deadline = time.monotonic() + 10
            while server.open_connections < 4 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert server.open_connections == 4
            extra = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            extra.sendall(b"GET /api HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % server.port)
            answer = raw_answer(extra)
            extra.close()
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 503 "), answer
            assert b"\r\nRetry-After: 5\r\n" in head
            assert json.loads(body) == {"error": "the server is full: try again in a few "
                                                 "seconds", "status": 503}
        finally:
            for connection in idle:
                connection.close()
        deadline = time.monotonic() + 10
        while server.open_connections and time.monotonic() < deadline:
            time.sleep(0.01)
        assert call(server, "GET", "/api")[0] == 200


@pytest.mark.parametrize("trickle", [False, True], ids=["stalled", "trickling"])
def test_a_stalled_body_gets_a_408_and_no_traceback(capfd: pytest.CaptureFixture[str],
                                                     trickle: bool) -> None:
    with running(read_timeout=1) as server:
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        connection.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                           b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
                           % server.port)
        started = time.monotonic()
        if trickle:  # a byte every 0.3 s: each read is quick, the whole body is not
            for _ in range(10):
                time.sleep(0.3)
                try:
                    connection.sendall(b" ")
                except OSError:
                    break
        answer = raw_answer(connection)
        connection.close()
        assert time.monotonic() - started < 10
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 408 "), answer
        assert json.loads(body)["status"] == 408
        assert call(server, "GET", "/api")[0] == 200
    assert "Traceback" not in capfd.readouterr().err


def test_waiting_requests_are_capped_per_token_table_and_server() -> None:
    tables = Tables("king", per_token_waits=2, per_table_waits=3, max_waits=4)
    table = tables.new({"seats": [HUMAN, HUMAN, HUMAN, HUMAN]})
    token = {join["seat"]: join["token"] for join in table["joins"]}
    other = tables.new({"seats": [HUMAN, HUMAN, HUMAN, HUMAN]})
    answers: list[Any] = []

    def wait(table_id: str, seat_token: str) -> None:
        try:
            answers.append(tables.view(table_id, seat_token, since=0, wait=20))
        except Exception as error:
            answers.append(error)

    def waiting(n: int) -> None:
        deadline = time.monotonic() + 10
        while tables.waits < n and time.monotonic() < deadline:
            time.sleep(0.01)
        assert tables.waits == n

    threads = [threading.Thread(target=wait, args=(table["id"], token[1])) for _ in range(2)]
    for thread in threads:
        thread.start()
    waiting(2)
    with pytest.raises(Exception, match="this seat has too many waiting") as refused:
        tables.view(table["id"], token[1], since=0, wait=20)
    assert (refused.value.status, refused.value.retry_after) == (429, 2)  # type: ignore[attr-defined]
    threads.append(threading.Thread(target=wait, args=(table["id"], token[2])))
    threads[-1].start()
    waiting(3)
    with pytest.raises(Exception, match="this table has too many waiting"):
        tables.view(table["id"], token[3], since=0, wait=20)
    other_token = other["joins"][0]["token"]
    threads.append(threading.Thread(target=wait, args=(other["id"], other_token)))
    threads[-1].start()
    waiting(4)
    with pytest.raises(Exception, match="the server has too many waiting"):
        tables.view(other["id"], other["joins"][1]["token"], since=0, wait=20)
    for moved in (table, other):
        people = {join["seat"]: join["token"] for join in moved["joins"]}
        mover = tables.view(moved["id"], people[0])["to_move"]
        view = tables.view(moved["id"], people[mover])
        tables.move(moved["id"], people[mover], {"move": view["legal_moves"][0]})
    for thread in threads:
        thread.join(timeout=30)
    assert len(answers) == 4 and all(isinstance(a, dict) for a in answers)
    assert tables.waits == 0


def test_the_connection_cap_stays_within_the_open_file_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: 250 idle connections blocked everyone at a limit of 256 open files."""
    try:
        import resource
    except ImportError:  # Windows: no such limit, and the cap is the server's own
        server = make_server(port=0, quiet=True)
        assert server.max_connections == MAX_CONNECTIONS
        server.server_close()
        return
    monkeypatch.setattr(resource, "getrlimit", lambda which: (256, 256))
    server = make_server(port=0, quiet=True)
    try:
        assert server.max_connections == MAX_CONNECTIONS  # 128: room enough under 256
    finally:
        server.server_close()
    monkeypatch.setattr(resource, "getrlimit", lambda which: (100, 100))
    server = make_server(port=0, quiet=True, max_connections=1000)
    try:
        assert server.max_connections == 36
    finally:
        server.server_close()


def test_behind_a_trusted_tls_proxy_the_page_may_post() -> None:
    """The browser names the page ``https://games.example``; the proxy forwards that name
    and scheme, and only a trusted proxy is believed."""
    through_proxy = {"Origin": "https://games.example", "X-Forwarded-Proto": "https",
                     "X-Forwarded-Host": "games.example", "X-Forwarded-For": "203.0.113.5"}
    with running(trusted_proxies=["127.0.0.1"]) as server:
        assert post_from(server, "127.0.0.1", {"seats": SEATS}, through_proxy)[0] == 201
        status, answer, _ = post_from(server, "127.0.0.1", {"seats": SEATS},
                                      {**through_proxy, "Origin": "https://evil.example"})
        assert status == 403 and "another site" in answer["error"]
        status, answer, _ = post_from(server, "127.0.0.2", {"seats": SEATS}, through_proxy)
        assert status == 403 and "another site" in answer["error"]
    with running() as server:
        assert post_from(server, "127.0.0.1", {"seats": SEATS}, through_proxy)[0] == 403
