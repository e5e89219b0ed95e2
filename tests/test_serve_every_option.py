"""Every bot plays every option set of both games at a server table (issue 22).

A search bot that crashed left its table answering 500 to every later call. Here each
option set of ``tests/option_sets.py`` is played to its end on tables made through the
HTTP API, the person's seat moving round the table, the bots asked to move each time it
is not the person's turn.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from skullgames import to_json
from skullgames.registry import GAMES
from skullgames.serve import TableServer, make_server
from tests.option_sets import every_option_set, seatings


@pytest.fixture(scope="module")
def server() -> Iterator[TableServer]:
    running = make_server(port=0, quiet=True)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    yield running
    running.shutdown()
    running.server_close()
    thread.join()


def post(server: TableServer, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST a JSON body; the decoded answer, which must be a success."""
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(str(host), port, timeout=60)
    connection.request("POST", path, body=json.dumps(body).encode())
    answer = connection.getresponse()
    payload = json.loads(answer.read())
    connection.close()
    assert answer.status in (200, 201), (path, payload)
    return payload  # type: ignore[no-any-return]


@pytest.mark.parametrize(("game", "name", "config"), every_option_set(),
                         ids=[f"{g}-{n}" for g, n, _ in every_option_set()])
def test_every_bot_plays_a_table_to_its_end(server: TableServer, game: str, name: str,
                                            config: Any) -> None:
    names = list(GAMES[game].bots)
    moved: set[tuple[str, int]] = set()  # bot, and which of the other seats it had
    for turn, others in enumerate(seatings(names, config.players - 1)):
        seat = turn % config.players  # the person's; the bots take the other seats in turn
        line_up = [*others[:seat], names[0], *others[seat:]]  # the person's entry unused
        view = post(server, "/api/games", {"game": game, "config": json.loads(to_json(config)),
                                           "seed": turn, "seat": seat, "bots": list(line_up)})
        table, rng = view["id"], random.Random(turn)
        while not view["over"]:
            if view["to_move"] == seat:
                answer = post(server, f"/api/games/{table}/moves",
                              {"seat": seat, "move": rng.choice(view["legal_moves"])})
            else:
                answer = post(server, f"/api/games/{table}/bots", {"seat": seat})
                assert answer["events"], "the bots made no move"
                moved.update((view["names"][e["seat"]], e["seat"] - (e["seat"] > seat))
                             for e in answer["events"])
            view = answer["view"]
        assert len(view["scores"]) == config.players and view["legal_moves"] == []
    assert moved == {(bot, i) for bot in names for i in range(config.players - 1)}
