"""The expert's word on the page of ``skullgames serve``, in Debian's Chromium (issue 48).

One person and bots play a short game of each game by the page's "Hint" button alone: at
each of the person's turns the hint names the expert's move, a legal one by the engine,
with each move's value in numbers (the best the highest), and its "Play it" button plays
it. At the end "Review my game" lists every decision of that seat and no other's, the
costliest first, with losses of at least 0 that are :func:`skullgames.review`'s for that
seat, and the table as the seat saw it (the picture of its view then).

Needs the ``ui-test`` extra and ``/usr/bin/chromium`` (see ``tests/support/browser.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skullgames import king, queen, review
from skullgames._review._reviewing import positions
from skullgames.registry import GAMES
from skullgames.serve import REVIEW_WORLDS
from tests.support.browser import chromium_or_skip, launched
from tests.support.serve_client import running

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = chromium_or_skip()
GAMES_PLAYED = [
    ("king", king.Config(players=3, rounds=(1, 2)), ["human", "greedy", "random"]),
    ("queen", queen.Config(players=2, rounds=1), ["human", "greedy"]),
]
# The page reloads on a change of its address: a predicate may run before the body is back.
SETTLED = ("next => document.body !== null && document.body.dataset.busy === 'false' && "
           "Number(document.body.dataset.next) >= next")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched(sync_api) as chromium:
        yield chromium


def hint_rows(page: Any) -> list[tuple[str, float]]:
    return [(str(row["move"]), float(row["value"])) for row in page.locator(
        "#hint-box tr[data-move]").evaluate_all(
        "rows => rows.map(row => ({move: row.dataset.move, value: row.dataset.value}))")]


@pytest.mark.parametrize(("name", "config", "seats"), GAMES_PLAYED,
                         ids=[game for game, _, _ in GAMES_PLAYED])
def test_hints_then_the_review_of_a_game_with_bots(browser: Any, name: str, config: Any,
                                                   seats: list[str]) -> None:
    engine = GAMES[name]
    with running(name, config) as server:
        made = server.tables.new({"seats": seats, "seed": 5}, client="test")
        table = server.tables._tables[made["id"]]
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url + made["joins"][0]["link"].lstrip("/"))
        page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=30_000)
        hints = 0
        while not engine.is_over(table.state):
            moved = len(table.log)
            page.wait_for_function(SETTLED, arg=moved, timeout=30_000)
            assert engine.current_player(table.state) == 0
            assert page.is_visible("#hint") and not page.is_visible("#review")
            legal = {str(move) for move in engine.legal_moves(table.state)}
            page.click("#hint")
            page.wait_for_selector(f'#hint-box[data-next="{moved}"]', timeout=30_000)
            best = page.get_attribute("#hint-box", "data-best")
            rows = hint_rows(page)
            assert best in legal, (best, sorted(legal)[:5])
            assert rows and rows[0][0] == best, rows
            assert all(move in legal for move, _ in rows), rows
            assert [v for _, v in rows] == sorted((v for _, v in rows), reverse=True), rows
            if name == "king":  # every legal move is valued (a placement: the candidates)
                assert {move for move, _ in rows} == legal
            text = page.text_content("#hint-box") or ""
            assert "The expert would play" in text and "points" in text, text
            page.click("#hint-play")
            page.wait_for_function(SETTLED, arg=moved + 1, timeout=30_000)
            assert table.log[moved][0] == 0 and str(table.log[moved][1]) == best
            hints += 1
        assert hints >= 3
        page.wait_for_selector('#status[data-over="true"]', state="attached", timeout=30_000)
        assert not page.is_visible("#hint")
        page.click("#review")
        page.wait_for_selector('#review-panel[data-ready="true"]', timeout=60_000)
        items = page.locator("#review-list li.decision").evaluate_all(
            "items => items.map(item => ({index: Number(item.dataset.index), "
            "loss: Number(item.dataset.loss), move: item.dataset.move, "
            "boards: item.querySelectorAll('.board svg').length}))")
        state = table.state
        mine = [index for index, before, _ in positions(engine, state)
                if engine.current_player(before) == 0]
        assert sorted(item["index"] for item in items) == mine  # every decision, only its own
        losses = [item["loss"] for item in items]
        assert all(loss >= 0 for loss in losses), losses
        assert losses == sorted(losses, reverse=True), losses  # costliest first
        assert all(item["boards"] == 1 for item in items), items
        expected = review(state, seats=0, worlds=REVIEW_WORLDS)
        assert [(i["index"], i["move"], i["loss"]) for i in items] == [
            (d.index, str(d.move), d.loss) for d in expected.costliest()]
        assert not errors, errors
        context.close()
