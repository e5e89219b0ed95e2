"""The expert's word at a table (issue 48): ``GET /api/games/ID/hint`` and ``.../review``.

A hint is for the asking seat at its turn, from its observation only; at a table with
other people only if the table was made with hints on (stored with it, so it survives a
restart). A review is of the asking seat's own decisions, once the game is over.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pytest

from skullgames import GAMES, ConfigError, king, queen, review
from skullgames._review._reviewing import positions
from skullgames.serve import REVIEW_WORLDS, SqliteStore, Tables
from skullgames.serve._advice import Advisor, Busy, hint_document
from skullgames.svg import table as draw_table
from tests.review.test_review import twins
from tests.support.serve_client import (
    call,
    error,
    legal_moves,
    new_table,
    play_table,
    running,
    tokens,
    view,
)

TWO_PEOPLE = ["human", "greedy", "human"]
SHORT = {"players": 3, "rounds": [1, 2]}


def hint(server: Any, table: dict[str, Any], seat: int) -> tuple[int, Any]:
    return call(server, "GET", f"/api/games/{table['id']}/hint", token=tokens(table)[seat])


def to_move(server: Any, table: dict[str, Any]) -> int:
    mover = view(server, table, next(iter(tokens(table))))["to_move"]
    assert isinstance(mover, int)
    return mover


def test_a_table_with_other_people_and_hints_off_refuses_hints() -> None:
    with running() as server:
        table = new_table(server, config=SHORT, seats=TWO_PEOPLE)
        assert table["hints"] is False
        mover = to_move(server, table)
        assert view(server, table, mover)["hints"] is False
        error(hint(server, table, mover), 403, "hints are off at this table")
        error(hint(server, table, 2 - mover), 403, "hints are off at this table")


def test_a_table_made_with_hints_on_gives_the_seat_to_move_a_legal_best_move() -> None:
    with running() as server:
        table = new_table(server, config=SHORT, seats=TWO_PEOPLE, hints=True)
        assert table["hints"] is True
        mover = to_move(server, table)
        seen = view(server, table, mover)
        assert seen["hints"] is True
        status, answer = hint(server, table, mover)
        assert status == 200, answer
        assert answer["id"] == table["id"] and answer["seat"] == mover
        assert answer["next"] == seen["next"]
        assert answer["best"] in legal_moves(seen)
        moves = [m["move"] for m in answer["moves"]]
        assert sorted(moves) == sorted(legal_moves(seen)) and moves[0] == answer["best"]
        values = [m["value"] for m in answer["moves"]]
        assert values == sorted(values, reverse=True)
        error(hint(server, table, 2 - mover), 409, "a hint is for your turn")


def test_a_person_alone_with_bots_may_always_ask_and_the_flag_sets_the_default() -> None:
    with running() as server:
        alone = new_table(server, config=SHORT, seats=["human", "greedy", "random"])
        assert alone["hints"] is False
        assert view(server, alone, 0)["hints"] is True
        assert hint(server, alone, 0)[0] == 200
    with running(hints=True) as server:
        table = new_table(server, config=SHORT, seats=TWO_PEOPLE)
        assert table["hints"] is True
        assert hint(server, table, to_move(server, table))[0] == 200
        off = new_table(server, config=SHORT, seats=TWO_PEOPLE, hints=False)
        error(hint(server, off, to_move(server, off)), 403, "hints are off")


def test_the_hints_of_a_table_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    with running(store=SqliteStore(db)) as server:
        on = new_table(server, config=SHORT, seats=TWO_PEOPLE, hints=True)
        off = new_table(server, config=SHORT, seats=TWO_PEOPLE)
    with running(store=SqliteStore(db)) as server:
        assert hint(server, on, to_move(server, on))[0] == 200
        error(hint(server, off, to_move(server, off)), 403, "hints are off")
        # and a rematch keeps them
        play_table(server, on, random.Random(1))
        status, again = call(server, "POST", f"/api/games/{on['id']}/rematch", {},
                             token=tokens(on)[0])
        assert status == 201 and again["hints"] is True, again


def test_bad_hint_and_review_requests() -> None:
    with running() as server:
        error(call(server, "POST", "/api/games", {"hints": "yes"}), 400, "hints: true or false")
        table = new_table(server, config=SHORT, seats=TWO_PEOPLE, hints=True)
        path = f"/api/games/{table['id']}"
        error(call(server, "GET", f"{path}/hint"), 401, "send your seat's token")
        error(call(server, "GET", f"{path}/review", token="x" * 32), 403, "no seat's")
        error(call(server, "POST", f"{path}/hint", {}, token=tokens(table)[0]), 405,
              "takes GET")
        error(call(server, "GET", f"{path}/review", token=tokens(table)[0]), 409,
              "reviewed once it is over")
        error(call(server, "GET", "/api/games/nothing/review", token=tokens(table)[0]), 404,
              "no game")


@pytest.mark.parametrize(("name", "config"), [("king", king.Config(players=3, rounds=(1, 2))),
                                              ("queen", queen.Config(players=3, rounds=1))])
def test_each_seat_gets_the_review_of_its_own_decisions_only(name: str, config: Any) -> None:
    with running(name, config) as server:
        table = new_table(server, seats=TWO_PEOPLE)
        play_table(server, table, random.Random(2))
        state = server.tables._tables[table["id"]].state
        engine = GAMES[name]
        for seat in (0, 2):
            status, answer = call(server, "GET", f"/api/games/{table['id']}/review",
                                  token=tokens(table)[seat])
            assert status == 200, answer
            assert answer["seat"] == seat and answer["summary"]["seat"] == seat
            mine = [i for i, before, _ in positions(engine, state)
                    if engine.current_player(before) == seat]
            decisions = answer["decisions"]
            assert sorted(d["index"] for d in decisions) == mine
            assert all(d["seat"] == seat for d in decisions)
            losses = [d["loss"] for d in decisions]
            assert all(loss >= 0 for loss in losses) and losses == sorted(losses, reverse=True)
            expected = review(state, seats=seat, worlds=REVIEW_WORLDS)
            assert [d["index"] for d in decisions] == [d.index for d in expected.costliest()]
            assert answer["summary"] == expected.seat(seat).to_dict()
            for d in decisions:  # the table as the seat saw it when it decided
                before = next(b for i, b, _ in positions(engine, state) if i == d["index"])
                assert d["svg"] == draw_table(engine.observe(before, seat), game=engine)
            again = call(server, "GET", f"/api/games/{table['id']}/review",
                         token=tokens(table)[seat])
            assert again == (200, answer)  # kept


def test_a_busy_server_answers_503_with_retry_after() -> None:
    with running(max_advising=1, advice_wait=0.05) as server:
        table = new_table(server, config=SHORT, seats=["human", "greedy", "random"])
        slots = server.tables.advisor._slots
        assert slots.acquire(timeout=1)
        try:
            error(hint(server, table, 0), 503, "busy with other hints and reviews")
        finally:
            slots.release()
        assert hint(server, table, 0)[0] == 200


def test_one_question_asked_twice_at_once_is_computed_once() -> None:
    advisor = Advisor(at_once=2, wait=5)
    started, release = threading.Event(), threading.Event()
    computed: list[int] = []

    def compute() -> dict[str, Any]:
        computed.append(1)
        started.set()
        release.wait(5)
        return {"n": len(computed)}

    answers: list[dict[str, Any]] = []
    threads = [threading.Thread(target=lambda: answers.append(advisor.kept("k", compute)))
               for _ in range(2)]
    for thread in threads:
        thread.start()
    started.wait(5)
    release.set()
    for thread in threads:
        thread.join(5)
    assert computed == [1] and answers == [{"n": 1}, {"n": 1}]
    busy = Advisor(at_once=1, wait=0.01)
    busy._slots.acquire()
    with pytest.raises(Busy):
        busy.kept("other", dict)


@pytest.mark.parametrize(("game", "config", "seat"), [
    ("king", king.Config(rounds=(3,)), 1), ("queen", queen.Config(rounds=1), 2)])
def test_a_hint_sees_only_what_the_seat_sees(game: str, config: Any, seat: int) -> None:
    """Twin games that differ only in cards the seat cannot see give it the same hint."""
    entry: Any = GAMES[game]
    first, second = twins(game, config, seat, seed=3)
    *_, (_, one, _) = positions(entry, first)
    *_, (_, other, _) = positions(entry, second)
    assert one.hands != other.hands
    assert entry.observe(one, seat) == entry.observe(other, seat)
    assert hint_document(entry, one, seat, "t", 4) == hint_document(entry, other, seat, "t", 4)


@pytest.mark.parametrize(("option", "value"), [
    ("hints", "yes"), ("review_worlds", 0), ("hint_worlds", 1.5), ("max_advising", 0),
    ("advice_wait", -1), ("advice_wait", float("nan")), ("advice_wait", True)])
def test_bad_options_of_the_expert_s_word_are_config_errors(option: str, value: Any) -> None:
    with pytest.raises(ConfigError, match=option):
        Tables("king", **{option: value})
