"""The table server shows a seat nothing the rules hide from it (issue 21, item 1).

Whole random games of every configuration, every seat a person: after every move, each
seat's view must be exactly the game's ``observe`` for that seat, each event exactly the
game's ``observe_move`` (K13, K11, K12, Q2, Q7: bids, shots, discards, placements and
face-down cards stay hidden while the rules hide them), and the seed absent until the game
is over. The test keeps its own state from the moves it sent, so the server's state is
never what it checks against. It must fail on a server that leaks, which the last tests
show by making it leak.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from skullgames import to_json
from skullgames.serve import HUMAN, TableServer, _tables
from tests.support.serve_client import CONFIGS, call, new_table, running, tokens


def play_checked(server: TableServer, engine: Any, config: Any, seed: int,
                 seats: list[str] | None = None) -> int:
    """Play one table to the end, checking every seat's view after every move, then its
    rematch (:func:`check_rematch`).

    Every seat a person unless ``seats`` says otherwise (the bots' moves are then taken
    from the server's log, and only the people's views are checked). Returns the
    number of views checked.
    """
    players = config.players
    seats = seats or [HUMAN] * players
    table = new_table(server, game=engine.__name__.rsplit(".", 1)[1], seed=seed,
                      config=json.loads(to_json(config)), seats=seats)
    people = tokens(table)
    log = server.tables._tables[table["id"]].log  # only for the bots' moves
    state = engine.new_game(config, seed=seed)
    moves: list[tuple[int, Any, Any]] = []  # (seat, move, state before)
    seen_up_to = dict.fromkeys(people, 0)
    rng = random.Random(seed)
    checked = 0
    while True:
        while len(moves) < len(log) and log[len(moves)][0] not in people:
            seat, move, _, _ = log[len(moves)]
            moves.append((seat, move, state))
            state = engine.apply(state, move)
        for seat, token in people.items():
            status, view = call(server, "GET",
                                f"/api/games/{table['id']}?since={seen_up_to[seat]}",
                                token=token)
            assert status == 200, view
            check_view(engine, state, seat, view, moves, seen_up_to[seat])
            seen_up_to[seat] = view["next"]
            checked += 1
        if engine.is_over(state):
            check_rematch(server, table, people, list(people)[seed % len(people)])
            return checked
        mover = engine.current_player(state)
        move = rng.choice(engine.legal_moves(state))
        status, answer = call(server, "POST", f"/api/games/{table['id']}/moves",
                              {"move": str(move)}, token=people[mover])
        assert status == 200, answer
        moves.append((mover, move, state))
        state = engine.apply(state, move)


def check_view(engine: Any, state: Any, seat: int, view: dict[str, Any],
               moves: list[tuple[int, Any, Any]], since: int) -> None:
    """``view`` shows ``seat`` what the game's own functions show it, and nothing else."""
    over = engine.is_over(state)
    assert view["seed"] == (state.seed if over else None), "the seed while the game runs"
    assert view["observation"] == json.loads(to_json(engine.observe(state, seat)))
    assert view["next"] == len(moves)
    for event in view["events"]:
        index = event["index"]
        mover, move, before = moves[index]
        seen = engine.observe_move(before, move, seat)
        assert event["seat"] == mover
        assert event["move"] == str(seen), (index, event, seen)
        assert event["hidden"] is (seen is not move)
        if event["trick"] is not None:  # a finished trick, as the seat's observation has it
            after = engine.apply(before, move)
            tricks = engine.observe(after, seat).tricks
            if len(after.rounds) == len(before.rounds):
                assert event["trick"] == json.loads(to_json(tricks[-1]))
    assert [e["index"] for e in view["events"]] == list(range(since, len(moves)))


def check_rematch(server: TableServer, table: dict[str, Any], people: dict[int, str],
                  asker: int) -> None:
    """``asker`` asks for the finished game's rematch: each seat's view of the finished
    game links to it with that seat's own token, which joins it at that seat, and nothing
    a seat is sent holds another seat's token."""
    status, made = call(server, "POST", f"/api/games/{table['id']}/rematch", {},
                        token=people[asker])
    assert status == 201, made
    sent: dict[int, list[Any]] = {asker: [made]}
    for seat, token in people.items():
        status, seen = call(server, "GET", f"/api/games/{table['id']}", token=token)
        assert status == 200, seen
        assert seen["rematch"] == {"table": made["id"],
                                   "link": f"/#table={made['id']}&token={token}"}, (
            f"seat {seat} is not sent its own rematch link")
        status, joined = call(server, "GET", f"/api/games/{made['id']}", token=token)
        assert status == 200 and joined["seat"] == seat, joined
        sent.setdefault(seat, []).extend([seen, joined])
    for seat, documents in sent.items():
        text = json.dumps(documents)
        for other, token in people.items():
            assert (token in text) is (other == seat), f"seat {other}'s token sent to {seat}"


@pytest.mark.parametrize(("engine", "config"), CONFIGS,
                         ids=[f"{e.__name__[11:]}-{i}" for i, (e, _) in enumerate(CONFIGS)])
def test_every_view_and_event_shows_only_what_the_seat_may_see(engine: Any, config: Any
                                                               ) -> None:
    with running(per_client=1000) as server:
        for seed in (1, 2):
            assert play_checked(server, engine, config, seed) > config.players


@pytest.mark.parametrize(("engine", "config"), [CONFIGS[0], CONFIGS[4], CONFIGS[-5]])
def test_people_and_bots_at_one_table(engine: Any, config: Any) -> None:
    seats = [HUMAN if seat % 2 == 0 else "random" for seat in range(config.players)]
    with running(per_client=1000) as server:
        assert play_checked(server, engine, config, 5, seats) > 0


# -- the checks fail on a server that leaks ----------------------------------------------

def leak_moves(game: Any) -> Any:
    return lambda before, move, seat: move  # every move as its mover sees it


@pytest.mark.parametrize(("engine", "config"), [CONFIGS[0], CONFIGS[-5]])
def test_a_server_that_shows_hidden_moves_fails_the_check(
        monkeypatch: pytest.MonkeyPatch, engine: Any, config: Any) -> None:
    monkeypatch.setattr(_tables, "_observe_move", leak_moves)
    with running(per_client=1000) as server, pytest.raises(AssertionError):
        play_checked(server, engine, config, 1)


def test_a_server_that_shows_the_seed_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = _tables._view

    def leaky(table: Any, seat: int, token: str | None, since: int = 0) -> dict[str, Any]:
        return {**honest(table, seat, token, since), "seed": table.state.seed}

    monkeypatch.setattr(_tables, "_view", leaky)
    engine, config = CONFIGS[0]
    with running(per_client=1000) as server, pytest.raises(AssertionError, match="the seed"):
        play_checked(server, engine, config, 1)


def test_a_server_that_shows_another_hand_fails_the_check(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    honest = _tables._view

    def leaky(table: Any, seat: int, token: str | None, since: int = 0) -> dict[str, Any]:
        return honest(table, (seat + 1) % table.state.config.players, token, since)

    monkeypatch.setattr(_tables, "_view", leaky)
    engine, config = CONFIGS[-5]
    with running(per_client=1000) as server, pytest.raises(AssertionError):
        play_checked(server, engine, config, 1)


def test_a_server_that_sends_a_seat_another_seats_rematch_link_fails_the_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    honest = _tables._view
    first: list[str] = []  # the token of the first seat to see the rematch, sent to all

    def leaky(table: Any, seat: int, token: str | None, since: int = 0) -> dict[str, Any]:
        if table.rematch is not None and token is not None and not first:
            first.append(token)
        return honest(table, seat, first[0] if first else token, since)

    monkeypatch.setattr(_tables, "_view", leaky)
    engine, config = CONFIGS[0]
    with running(per_client=1000) as server, pytest.raises(AssertionError,
                                                           match="its own rematch link"):
        play_checked(server, engine, config, 1)
