"""A small client of ``skullgames serve`` for the tests: a server in a thread, requests, games."""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

from skullgames import GAMES, from_dict, king, queen
from skullgames.serve import TableServer, make_server

KING_CONFIGS = (
    king.Config(players=3, rounds=(1, 2)),
    king.Config(players=2, rounds=(2, 3)),  # Graybeard's ghost
    king.Config(players=5, loot=True, kraken=True, white_whale=True, rounds=(3,)),
    king.Config(players=3, pirate_abilities=True, rounds=(3, 4)),
    king.Config(players=4, scoring=king.Scoring.RASCAL, cannonball=True, rounds=(2,)),
    king.Config(players=3, scoring=king.Scoring.RASCAL, rounds=(2,)),
    king.Config(players=6, edition=king.Edition.CLASSIC, rounds=(2,)),
    king.Config(players=8, round_bonus=True, rounds=(1,)),
)
QUEEN_CONFIGS = tuple(queen.Config(players=n, rounds=1) for n in range(2, 7))
CONFIGS: tuple[tuple[Any, Any], ...] = (
    *((king, c) for c in KING_CONFIGS), *((queen, c) for c in QUEEN_CONFIGS))
"""Every option of both games, in short games: (engine, config)."""


@contextlib.contextmanager
def running(name: str = "king", config: Any = None, **options: Any) -> Iterator[TableServer]:
    """A server on a free loopback port, answering in a thread until the block ends.

    The tests make tables faster than a person would: the limits of new tables a minute
    are lifted unless ``options`` set them.
    """
    options.setdefault("new_per_minute", 1_000_000)
    options.setdefault("per_client_per_minute", 1_000_000)
    server = make_server(name, config, port=0, quiet=True, **options)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def call(server: TableServer, method: str, path: str, body: Any = None, *,
         token: str | None = None, raw: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """One request on a fresh connection: the status and the decoded JSON answer.

    A body goes as ``application/json`` unless ``headers`` say otherwise.
    """
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(str(host), port, timeout=60)
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json"} if data is not None else {}
    if token is not None:
        sent["Authorization"] = f"Bearer {token}"
    sent.update(headers or {})
    connection.request(method, path, body=data, headers=sent)
    answer = connection.getresponse()
    payload = answer.read()
    connection.close()
    kind = answer.getheader("Content-Type") or ""
    return answer.status, json.loads(payload) if "json" in kind else payload.decode()


def error(answer: tuple[int, Any], status: int, message: str) -> None:
    """``answer`` is the JSON error document of ``status`` and says ``message``."""
    assert answer[0] == status, answer
    assert answer[1] == {"error": answer[1]["error"], "status": status}, answer[1]
    assert message in answer[1]["error"], answer[1]["error"]


def new_table(server: TableServer, **body: Any) -> dict[str, Any]:
    """``POST /api/games`` with ``body``; the table document."""
    status, table = call(server, "POST", "/api/games", body)
    assert status == 201, table
    return table  # type: ignore[no-any-return]


def tokens(table: dict[str, Any]) -> dict[int, str]:
    """The join token of each person's seat."""
    return {join["seat"]: join["token"] for join in table["joins"]}


def view(server: TableServer, table: dict[str, Any], seat: int, since: int = 0
         ) -> dict[str, Any]:
    """The view of ``seat`` with the events from ``since``."""
    status, answer = call(server, "GET", f"/api/games/{table['id']}?since={since}",
                          token=tokens(table)[seat])
    assert status == 200, answer
    return answer  # type: ignore[no-any-return]


Step = Callable[[dict[str, Any], int, str | None], None]


def legal_moves(view: dict[str, Any]) -> list[str]:
    """A view's legal moves as text; where the view leaves them out (``null``: every
    Skull Queen placement), from its observation, read back as a client would."""
    if view["legal_moves"] is not None:
        return list(view["legal_moves"])
    observation = from_dict(view["observation"], GAMES[view["game"]].Observation)
    return [str(move) for move in observation.legal_moves]


def play_table(server: TableServer, table: dict[str, Any], rng: random.Random,
               step: Step | None = None) -> dict[str, dict[str, Any]]:
    """Play a table to the end: each person plays a random legal move from its own view.

    ``step(answer, seat, move)`` sees every answer: each person's view after each move
    (``move`` ``None``), and each move's answer (``move`` the text sent). Returns the
    last view of each person's seat.
    """
    seats = tokens(table)
    last: dict[str, dict[str, Any]] = {}
    while True:
        for seat in seats:
            last[str(seat)] = view(server, table, seat)
            if step:
                step(last[str(seat)], seat, None)
        current = next(iter(last.values()))
        if current["over"]:
            return last
        mover = current["to_move"]
        assert mover in seats, current  # the bots have moved
        move = rng.choice(legal_moves(last[str(mover)]))
        status, answer = call(server, "POST", f"/api/games/{table['id']}/moves",
                              {"move": move}, token=seats[mover])
        assert status == 200, answer
        if step:
            step(answer, mover, move)
