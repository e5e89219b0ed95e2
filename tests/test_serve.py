"""``skullgames serve``: every endpoint of the JSON API, with good and bad requests."""

from __future__ import annotations

import http.client
import json
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from skullgames import from_json, king, queen, to_json
from skullgames.cli import main
from skullgames.serve import MAX_BODY, Tables, TableServer, make_server

SHORT_KING = king.Config(players=3, rounds=(1, 2))
SHORT_QUEEN = queen.Config(players=3, rounds=1)


@pytest.fixture(scope="module")
def server() -> Iterator[TableServer]:
    running = make_server("king", SHORT_KING, port=0, bots=("random", "greedy"), quiet=True)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    yield running
    running.shutdown()
    running.server_close()
    thread.join()


def call(server: TableServer, method: str, path: str, body: Any = None, *,
         raw: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """Send one request on a fresh connection; the status and the decoded JSON answer."""
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(str(host), port, timeout=30)
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    connection.request(method, path, body=data, headers=headers or {})
    answer = connection.getresponse()
    payload = answer.read()
    connection.close()
    kind = answer.getheader("Content-Type") or ""
    return answer.status, json.loads(payload) if "json" in kind else payload.decode()


def new(server: TableServer, **body: Any) -> dict[str, Any]:
    status, view = call(server, "POST", "/api/games", {"seed": 3, **body})
    assert status == 201, view
    return view  # type: ignore[no-any-return]


def error(answer: tuple[int, Any], status: int, message: str) -> None:
    assert answer[0] == status, answer
    assert answer[1]["status"] == status
    assert message in answer[1]["error"], answer[1]["error"]


# -- the page and the index --------------------------------------------------------------

def test_the_page_is_one_self_contained_file(server: TableServer) -> None:
    status, page = call(server, "GET", "/")
    assert status == 200
    assert page.startswith("<!doctype html>") and "<script>" in page
    for external in ('src="http', "src='http", 'href="http', "@import", "cdn"):
        assert external not in page.lower()


def test_the_index_names_the_games_bots_and_defaults(server: TableServer) -> None:
    status, info = call(server, "GET", "/api")
    assert status == 200
    assert info["games"]["king"]["title"] == "Skull King"
    assert info["games"]["queen"]["bots"] == ["greedy", "random", "search"]
    assert info["defaults"]["game"] == "king"
    assert info["defaults"]["bots"] == ["random", "greedy"]
    assert from_json(json.dumps(info["defaults"]["config"]), king.Config) == SHORT_KING


# -- starting a game ---------------------------------------------------------------------

def test_a_new_game_is_the_servers_config_and_the_seed_given(server: TableServer) -> None:
    view = new(server)
    state = king.new_game(SHORT_KING, seed=3)
    assert view["game"] == "king" and view["seat"] == 0 and view["seed"] == 3
    assert view["names"] == ["you", "greedy", "random"]
    assert view["observation"]["hand"] == [str(c) for c in state.hands[0]]
    assert view["to_move"] == king.current_player(state) == 1
    assert view["legal_moves"] == []  # not seat 0's turn yet
    ET.fromstring(view["svg"])
    assert "hands" not in view["observation"]  # only what seat 0 may see


def test_a_new_game_of_the_other_game_and_seat(server: TableServer) -> None:
    view = new(server, game="queen", seat=2, config={"players": 3, "rounds": 1})
    state = queen.new_game(SHORT_QUEEN, seed=3)
    assert view["game"] == "queen" and view["seat"] == 2
    assert view["observation"]["hand"] == [str(c) for c in state.hands[2]]


@pytest.mark.parametrize(("body", "message"), [
    ({"game": "chess"}, "game: one of king, queen, not 'chess'"),
    ({"config": {"players": 9}}, "$.players: 9 is out of range 2..8"),
    ({"config": {"players": "four"}}, "config:"),
    ({"seed": -1}, "seed: a whole number"),
    ({"seed": 2**60}, "seed: a whole number"),
    ({"seed": "7"}, "seed: a whole number"),
    ({"seat": 3}, "seat: 0 to 2, not 3"),
    ({"bots": ["deep blue"]}, "bots: a list of bot names"),
    ({"bots": []}, "bots: a list of bot names"),
    ({"colour": "red"}, "unknown field 'colour'"),
])
def test_a_bad_new_game_is_refused_with_the_reason(server: TableServer, body: dict[str, Any],
                                                   message: str) -> None:
    error(call(server, "POST", "/api/games", body), 400, message)


# -- views, moves, bots ------------------------------------------------------------------

def test_another_seats_view_is_refused(server: TableServer) -> None:
    view = new(server)
    error(call(server, "GET", f"/api/games/{view['id']}?seat=1"), 403,
          "seat 1 is not yours: you play seat 0")
    error(call(server, "GET", f"/api/games/{view['id']}"), 400, "seat: your seat number")
    error(call(server, "GET", f"/api/games/{view['id']}?seat=x"), 400, "seat:")
    status, again = call(server, "GET", f"/api/games/{view['id']}?seat=0")
    assert status == 200 and again["observation"] == view["observation"]


def test_an_unknown_game_id_is_not_found(server: TableServer) -> None:
    error(call(server, "GET", "/api/games/nosuchgame?seat=0"), 404, "no game 'nosuchgame'")
    error(call(server, "POST", "/api/games/nosuchgame/moves", {"seat": 0, "move": "bid 1"}),
          404, "no game")
    error(call(server, "POST", "/api/games/nosuchgame/bots", {"seat": 0}), 404, "no game")
    error(call(server, "GET", "/api/games/nosuchgame/save?seat=0"), 404, "no game")


def test_moves_out_of_turn_illegal_or_unreadable_are_refused(server: TableServer) -> None:
    view = new(server)
    moves = f"/api/games/{view['id']}/moves"
    error(call(server, "POST", moves, {"seat": 0, "move": "bid 0"}), 409,
          "not your turn: it is seat 1's turn")
    status, answer = call(server, "POST", f"/api/games/{view['id']}/bots", {"seat": 0})
    assert status == 200 and answer["view"]["to_move"] == 0
    assert [e["seat"] for e in answer["events"]] == [1, 2]
    assert answer["view"]["legal_moves"] == ["bid 0", "bid 1"]
    error(call(server, "POST", moves, {"seat": 0, "move": "bid 5"}), 409,
          "a bid is 0 to 1 this round, not 5")
    error(call(server, "POST", moves, {"seat": 0, "move": "fold"}), 400, "move:")
    error(call(server, "POST", moves, {"seat": 0, "move": {"type": "raise"}}), 400, "move:")
    error(call(server, "POST", moves, {"seat": 0}), 400, "move: missing")
    error(call(server, "POST", moves, {"seat": 2, "move": "bid 0"}), 403, "not yours")
    error(call(server, "POST", moves, {"seat": 0, "move": "bid 0", "why": 1}), 400,
          "unknown field 'why'")
    status, answer = call(server, "POST", moves, {"seat": 0, "move": {"type": "bid", "n": 1}})
    assert status == 200
    assert answer["events"] == [{"seat": 0, "move": "bid 1", "trick": None, "round": None}]


@pytest.mark.parametrize(("raw", "message"), [
    (b"{not json", "the body is not JSON"),
    (b"\xff\xfe", "the body is not JSON"),
    (b"[1, 2]", "the body is a JSON object"),
    (b'"bid 1"', "the body is a JSON object"),
])
def test_a_garbage_body_is_refused(server: TableServer, raw: bytes, message: str) -> None:
    view = new(server)
    for path in ("/api/games", f"/api/games/{view['id']}/moves",
                 f"/api/games/{view['id']}/bots", "/api/games/load"):
        error(call(server, "POST", path, raw=raw), 400, message)


def test_a_huge_body_is_refused_unread(server: TableServer) -> None:
    view = new(server)
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(str(host), port, timeout=30)
    connection.putrequest("POST", f"/api/games/{view['id']}/moves")
    connection.putheader("Content-Length", str(MAX_BODY + 1))
    connection.putheader("Content-Type", "application/json")
    connection.endheaders(b'{"seat": 0, "move": "')  # and never the rest
    answer = connection.getresponse()
    assert answer.status == 413
    assert json.loads(answer.read())["error"] == (
        f"the body is {MAX_BODY + 1} bytes; the limit is {MAX_BODY}")
    connection.close()


def test_a_body_without_a_length_is_refused(server: TableServer) -> None:
    error(call(server, "POST", "/api/games", raw=b"{}",
               headers={"Transfer-Encoding": "chunked"}), 411, "Content-Length")


def test_unknown_paths_and_methods(server: TableServer) -> None:
    error(call(server, "GET", "/etc/passwd"), 404, "nothing at /etc/passwd")
    error(call(server, "POST", "/api/tables", {}), 404, "nothing at")
    error(call(server, "GET", "/api/games"), 405, "takes POST")
    error(call(server, "POST", "/api", {}), 405, "takes GET")
    error(call(server, "DELETE", "/api/games/x"), 405, "use GET or POST")


def test_an_internal_error_is_a_500_without_a_traceback(server: TableServer,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Tables) -> dict[str, Any]:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(Tables, "info", broken)
    status, answer = call(server, "GET", "/api")
    assert (status, answer) == (500, {"error": "internal error", "status": 500})


# -- whole games, saving and loading -----------------------------------------------------

def play_through(server: TableServer, view: dict[str, Any], *, stop_after: int | None = None
                 ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the first legal move for the person, the bots for the others; the events."""
    events: list[dict[str, Any]] = []
    game = view["id"]
    turns = 0
    while not view["over"] and (stop_after is None or turns < stop_after):
        if view["to_move"] != view["seat"]:
            status, answer = call(server, "POST", f"/api/games/{game}/bots",
                                  {"seat": view["seat"]})
        else:
            status, answer = call(server, "POST", f"/api/games/{game}/moves",
                                  {"seat": view["seat"], "move": view["legal_moves"][0]})
            turns += 1
        assert status == 200, answer
        events += answer["events"]
        view = answer["view"]
    return view, events


@pytest.mark.parametrize(("game", "body"), [
    (king, {}), (queen, {"game": "queen", "config": {"players": 3, "rounds": 1}})])
def test_a_whole_game_scores_as_the_engine_does(server: TableServer, game: Any,
                                                body: dict[str, Any]) -> None:
    view, events = play_through(server, new(server, **body))
    config = SHORT_KING if game is king else SHORT_QUEEN
    state = game.new_game(config, seed=3)
    for event in events:
        assert game.current_player(state) == event["seat"]
        state = game.apply(state, game.parse_move(event["move"]))
    assert game.is_over(state)
    assert view["scores"] == list(game.scores(state))
    assert view["winners"] == list(game.winners(state))
    tricks = [e["trick"] for e in events if e["trick"]]
    assert len(tricks) == sum(len(r.tricks) for r in state.rounds)
    rounds = [e["round"] for e in events if e["round"]]
    assert [r["points"] for r in rounds] == [list(r.points) for r in state.rounds]
    if game is king:  # the breakdown of every seat's score (RESEARCH.md §2.5)
        assert rounds[-1]["scores"][0]["bid"] == state.rounds[-1].bids[0]
    else:
        assert rounds[-1]["planks"] == [{"side": p.side.value, "spaces": list(p.spaces)}
                                        for p in state.rounds[-1].planks]
    assert view["legal_moves"] == []
    error(call(server, "POST", f"/api/games/{view['id']}/moves",
               {"seat": view["seat"], "move": events[-1]["move"]}), 409, "the game is over")


def test_save_and_load_continue_the_same_game(server: TableServer) -> None:
    view, before = play_through(server, new(server, game="queen", seat=1,
                                            config={"players": 3, "rounds": 1}), stop_after=3)
    status, saved = call(server, "GET", f"/api/games/{view['id']}/save?seat=1")
    assert status == 200 and saved["format"] == "skullgames.queen/state"
    error(call(server, "GET", f"/api/games/{view['id']}/save?seat=0"), 403, "not yours")
    status, loaded = call(server, "POST", "/api/games/load", {"saved": saved, "seat": 1})
    assert status == 201 and loaded["id"] != view["id"]
    assert loaded["observation"] == view["observation"]
    status, as_text = call(server, "POST", "/api/games/load", {"saved": json.dumps(saved)})
    assert status == 201 and as_text["seat"] == 0
    final, after = play_through(server, loaded)
    state = queen.new_game(SHORT_QUEEN, seed=3)
    for event in before + after:
        state = queen.apply(state, queen.parse_move(event["move"]))
    assert final["scores"] == list(queen.scores(state))


@pytest.mark.parametrize(("body", "message"), [
    ({"saved": "{oops"}, "saved: not JSON"),
    ({"saved": 7}, "saved: the saved game"),
    ({"saved": {"format": "chess/pgn"}}, "no game has the format 'chess/pgn'"),
    ({"saved": {"format": "skullgames.king/state", "version": 1}}, "saved:"),
    ({}, "saved: the saved game"),
])
def test_a_bad_saved_game_is_refused(server: TableServer, body: dict[str, Any],
                                     message: str) -> None:
    error(call(server, "POST", "/api/games/load", body), 400, message)


def test_a_changed_saved_game_is_refused_by_the_loader(server: TableServer) -> None:
    view = new(server)
    _, saved = call(server, "GET", f"/api/games/{view['id']}/save?seat=0")
    saved["seed"] = "three"
    error(call(server, "POST", "/api/games/load", {"saved": saved}), 400, "saved: ")


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
    assert f"skullgames serve: {server.url} (Ctrl-C to stop)" in out
    assert server.url.startswith("http://127.0.0.1:")
    info = server.tables.info()
    assert info["defaults"]["game"] == "queen" and info["defaults"]["bots"] == ["random"]
    assert info["defaults"]["config"]["players"] == 3


def test_the_command_refuses_a_seat_off_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "0", "--players", "3", "--seat", "3"]) == 2
    assert "--seat must be 0..2, not 3" in capsys.readouterr().err


def test_a_request_for_another_host_name_is_refused(server: TableServer) -> None:
    """A page elsewhere that rebinds its name to 127.0.0.1 must not reach the server."""
    error(call(server, "GET", "/api", headers={"Host": f"evil.example:{server.port}"}), 403,
          "this server answers only to its own address")
    for name in ("127.0.0.1", "localhost", "LOCALHOST"):
        assert call(server, "GET", "/api", headers={"Host": f"{name}:{server.port}"})[0] == 200


def test_a_server_on_the_network_answers_to_any_name() -> None:
    running = make_server("king", port=0, host="0.0.0.0", quiet=True)
    try:
        assert running.allowed_hosts is None
        assert running.url == f"http://0.0.0.0:{running.port}/"
    finally:
        running.server_close()


def test_a_game_dealt_by_hand_is_not_served(server: TableServer) -> None:
    saved = json.loads(to_json(king.new_game(SHORT_KING, auto_deal=False)))
    error(call(server, "POST", "/api/games/load", {"saved": saved}), 400,
          "saved: a game dealt by hand (auto_deal=False)")
