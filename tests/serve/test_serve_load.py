"""The table server under load and under garbage, on loopback only (127.0.0.1).

A bounded load test (64 clients at once: no connection reset, no 5xx) and a fuzz test of
the HTTP layer (malformed requests get a 4xx JSON error and leave every table as it was).
No timing is asserted.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skullgames import king
from skullgames.serve import HUMAN, TableServer
from tests.support.serve_client import new_table, running, tokens, view

CLIENTS = 64
REQUESTS = 4  # per client


@pytest.fixture(scope="module")
def server() -> Iterator[TableServer]:
    with running("king", king.Config(players=3, rounds=(1, 2)), host="127.0.0.1",
                 per_client=10_000, max_tables=10_000) as started:
        yield started


def test_64_clients_at_once_get_every_answer(server: TableServer) -> None:
    table = new_table(server, seed=1, seats=[HUMAN, HUMAN, HUMAN])
    token = tokens(table)[0]
    start = threading.Barrier(CLIENTS)
    outcomes: Counter[str] = Counter()
    lock = threading.Lock()

    def client(number: int) -> None:
        start.wait()
        for request in range(REQUESTS):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
                if (number + request) % 2:
                    connection.request("GET", f"/api/games/{table['id']}",
                                       headers={"Authorization": f"Bearer {token}"})
                else:
                    connection.request("POST", "/api/games/load", body=b'{"saved": 1}',
                                       headers={"Content-Type": "application/json"})
                answer = connection.getresponse()
                answer.read()
                connection.close()
                outcome = f"{answer.status // 100}xx"
            except ConnectionResetError:
                outcome = "reset"
            except OSError as error:
                outcome = type(error).__name__
            with lock:
                outcomes[outcome] += 1

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # every GET of the view is a 200, every load of a bad saved game a 400
    assert outcomes == {"2xx": CLIENTS * REQUESTS // 2, "4xx": CLIENTS * REQUESTS // 2}


# -- the fuzz test -----------------------------------------------------------------------

METHODS = st.sampled_from(["GET", "POST", "HEAD", "PUT", "OPTIONS", "G\x00T", "", "post"])
PATHS = st.one_of(
    st.sampled_from(["/", "/api", "/api/games", "/api/games/load", "/api/games/ID",
                     "/api/games/ID/moves", "/api/games/ID/save", "/favicon.ico",
                     "/api/games/ID?since=0&wait=0", "/api/games/ID?since=%C2%B2",
                     "*", "http://evil.example/api", "/%", "/api/games/../../etc"]),
    st.text(min_size=0, max_size=40))
VERSIONS = st.sampled_from(["HTTP/1.1", "HTTP/1.0", "HTTP/0.9", "HTTP/2.0", "HTTP/1.1x", ""])
HEADER_NAMES = st.sampled_from(["Host", "Content-Length", "Content-Type", "Origin",
                                "Authorization", "Transfer-Encoding", "Sec-Fetch-Site",
                                "X-Junk", "Content-Length ", ""])
HEADER_VALUES = st.one_of(
    st.sampled_from(["application/json", "text/plain", "0", "5", "-1", " 3", "1_0",
                     "99999999999999999999", "Bearer TOKEN", "Bearer", "chunked",
                     "http://evil.example", "null", "127.0.0.1:PORT", "evil:80",
                     "cross-site", "same-origin"]),
    st.text(max_size=20))
BODIES = st.one_of(
    st.sampled_from([b"", b"{}", b'{"move": "bid 1"}', b'{"saved": 7}', b"[" * 5000,
                     b'{"seats": ["human", "human", "human"]}', b"\xff\xfe\x00"]),
    st.binary(max_size=200))


def clean(text: str) -> str:
    """Text fit for a request line or header: no line breaks (those would be two requests)."""
    return text.replace("\r", "").replace("\n", "")


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(method=METHODS, path=PATHS, version=VERSIONS,
       headers=st.lists(st.tuples(HEADER_NAMES, HEADER_VALUES), max_size=6), body=BODIES)
def test_garbage_gets_a_4xx_and_leaves_every_table_alone(
        server: TableServer, method: str, path: str, version: str,
        headers: list[tuple[str, str]], body: bytes) -> None:
    table, before = fuzz_table(server)
    fill = {"ID": table["id"], "TOKEN": tokens(table)[0], "PORT": str(server.port)}
    for key, value in fill.items():
        path = path.replace(key, value)
        headers = [(name, text.replace(key, value)) for name, text in headers]
    lines = [clean(f"{method} {path} {version}".rstrip())]
    lines += [clean(f"{name}: {value}") for name, value in headers]
    data = ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8", "replace") + body
    answer = send(server, data)
    if answer:  # the server may hang up on a connection that never says anything
        head, _, payload = answer.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        assert status < 500, answer[:500]
        # a body longer than its Content-Length is read as a next request: answered too
        assert all(int(code) < 500 for code in re.findall(rb"HTTP/1\.1 (\d{3}) ", answer))
        if status >= 400 and method != "HEAD":
            document = json.loads(payload.split(b"HTTP/1.1 ")[0])
            assert document["status"] == status and document["error"]
    assert view(server, table, 0) == before


_fuzz_table: dict[str, Any] = {}


def fuzz_table(server: TableServer) -> tuple[dict[str, Any], dict[str, Any]]:
    """One table shared by every fuzz example, and its view before any garbage."""
    if "table" not in _fuzz_table:
        table = new_table(server, seed=2, seats=[HUMAN, "random", "random"])
        _fuzz_table.update(table=table, view=view(server, table, 0))
    return _fuzz_table["table"], _fuzz_table["view"]


def send(server: TableServer, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as connection:
        connection.sendall(data)
        connection.shutdown(socket.SHUT_WR)
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pytest.fail(f"the server reset the connection on {data[:200]!r}")
    return answer
