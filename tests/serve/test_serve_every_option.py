"""Every bot plays every option set of both games at a server table (issue 22).

A search bot that crashed left its table answering 500 to every later call. Here each
option set of ``tests/support/option_sets.py`` is played to its end on tables made through the
HTTP API (``tests/support/serve_client.py``), one person's seat moving round the table and the
game's bots, turned one seat per table, in all the others.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from skullgames import to_dict
from skullgames.registry import GAMES
from skullgames.serve import HUMAN, TableServer
from tests.support.option_sets import every_option_set, seatings
from tests.support.serve_client import new_table, play_table, running


@pytest.fixture(scope="module")
def server() -> Iterator[TableServer]:
    with running() as serving:
        yield serving


@pytest.mark.parametrize(("game", "name", "config"), every_option_set(),
                         ids=[f"{g}-{n}" for g, n, _ in every_option_set()])
def test_every_bot_plays_a_table_to_its_end(server: TableServer, game: str, name: str,
                                            config: Any) -> None:
    names = list(GAMES[game].bots)
    moved: set[tuple[str, int]] = set()  # bot, and which of the other seats it had
    for turn, others in enumerate(seatings(names, config.players - 1)):
        person = turn % config.players
        seats = [*others[:person], HUMAN, *others[person:]]
        table = new_table(server, game=game, config=to_dict(config), seed=turn, seats=seats)
        last = play_table(server, table, random.Random(turn))[str(person)]
        assert last["over"] and len(last["scores"]) == config.players
        assert last["legal_moves"] == []
        moved.update((seats[e["seat"]], e["seat"] - (e["seat"] > person))
                     for e in last["events"] if e["seat"] != person)
    assert moved == {(bot, i) for bot in names for i in range(config.players - 1)}
