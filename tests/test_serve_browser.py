"""The page of ``skullgames serve`` in a real browser: Debian's Chromium, driven by Playwright.

Two browser contexts are two people at one table with a bot; they join from the links the
creator's page shows and play a whole game of each game by clicking (the cards in the
picture when a card is played, the buttons otherwise). At every step each page must show
its own seat's hand and no other (the engine's ``observe``), and the seed only at the end.
The page must fit 1280 x 800 and 390 x 844 windows without scrolling sideways.

Needs the ``ui-test`` extra and ``/usr/bin/chromium`` (``apt-get install chromium``);
Playwright's own browser downloads are never used. ``SKULLGAMES_SCREENSHOTS=1`` also
writes the screenshots of the docs, ``docs/_static/serve-{king,queen}.png``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skullgames import king, queen
from skullgames.serve import TableServer
from tests.browser import chromium_or_skip
from tests.serve_client import running

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = chromium_or_skip()
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
STATIC = Path(__file__).resolve().parent.parent / "docs" / "_static"
WINDOWS = {"wide": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def settle(page: Any, moves: int) -> None:
    """Wait until the page has heard of ``moves`` moves and has no request of its own out."""
    page.wait_for_selector(f'body[data-next="{moves}"][data-busy="false"]', state="attached",
                           timeout=30_000)
    error = page.text_content("#error")
    assert not error, error


def fits(page: Any, name: str, tmp_path: Path) -> None:
    """At both window sizes the page is no wider than the window; a screenshot of each."""
    for size, window in WINDOWS.items():
        page.set_viewport_size(window)
        width = page.evaluate("document.documentElement.scrollWidth")
        shot = tmp_path / f"serve-{name}-{size}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 5_000
        assert width <= window["width"], (size, width)


def click_a_move(page: Any, rng: random.Random) -> str:
    """Play one legal move by clicking: a card of the picture when one is playable."""
    if page.locator("#side").count():  # a Skull Queen placement
        for _ in range(1000):
            page.select_option("#side", rng.choice(["front", "back"]))
            for color in ("red", "yellow", "green", "blue"):
                page.select_option(f"#pawn-{color}", str(rng.randrange(5)))
            if not page.is_disabled("button.place"):  # an illegal choice is greyed out
                move = page.get_attribute("button.place", "data-move")
                page.click("button.place")
                return str(move)
        raise AssertionError("no legal placement found")
    cards = page.locator("#table svg g.card.playable")
    single = [i for i in range(cards.count()) if "|" not in cards.nth(i).get_attribute(
        "data-moves")]
    if single and rng.random() < 0.8:
        card = cards.nth(rng.choice(single))
        move = card.get_attribute("data-moves")
        card.click()
        return str(move)
    buttons = page.locator("#moves button.move")
    button = buttons.nth(rng.randrange(buttons.count()))
    move = button.get_attribute("data-move")
    button.click()
    return str(move)


@pytest.mark.parametrize(("name", "engine", "config"), [
    ("king", king, king.Config(players=3, rounds=(2, 3))),
    ("queen", queen, queen.Config(players=3, rounds=1)),
])
def test_two_people_and_a_bot_play_a_whole_game_from_join_links(
        browser: Any, tmp_path: Path, name: str, engine: Any, config: Any) -> None:
    with running(name, config, bots=("greedy",)) as server:
        creator = browser.new_context(viewport=WINDOWS["wide"])
        page = creator.new_page()
        page.goto(server.url)
        page.wait_for_selector('body[data-ready="true"]', state="attached")
        fits(page, f"{name}-lobby", tmp_path)
        page.set_viewport_size(WINDOWS["wide"])
        page.fill("#players", "3")
        page.select_option("#seat-0", "human")
        page.select_option("#seat-1", "human")
        page.select_option("#seat-2", "greedy")
        page.fill("#seed", "21")
        page.click("#new")
        page.wait_for_selector("#joins li", timeout=30_000)
        links = {int(item.get_attribute("data-seat")): item.locator("input").input_value()
                 for item in page.locator("#joins li").all()}
        assert sorted(links) == [0, 1] and links[0] in page.url
        friend = browser.new_context(viewport=WINDOWS["wide"])
        other = friend.new_page()
        other.goto(links[1])
        pages = {0: page, 1: other}
        assert other.locator("#joins li").count() == 0  # only the creator has the links
        play_checked(server, engine, pages, tmp_path, name)
        creator.close()
        friend.close()


def play_checked(server: TableServer, engine: Any, pages: dict[int, Any], tmp_path: Path,
                 name: str) -> None:
    table = next(iter(server.tables._tables.values()))
    rng = random.Random(name)
    steps = 0
    while True:
        state = table.state
        for seat, page in pages.items():
            settle(page, len(table.log))
            assert page.get_attribute("#status", "data-seat") == str(seat)
            hand = engine.observe(state, seat).hand
            assert page.get_attribute("#hand", "data-cards") == " ".join(map(str, hand))
            shown = page.locator("#table svg g.card").evaluate_all(
                "cards => cards.map(card => card.dataset.card)")
            others = {str(c) for s in range(state.config.players) if s != seat
                      for c in state.hands[s]}
            assert not others & set(shown), "another seat's card in the picture"
            status = page.text_content("#status")
            assert ("seed" in status) is engine.is_over(state), status
        if engine.is_over(state):
            break
        if steps == 4:
            for seat, page in pages.items():
                fits(page, f"{name}-seat{seat}", tmp_path)
                page.set_viewport_size(WINDOWS["wide"])
                if os.environ.get("SKULLGAMES_SCREENSHOTS") and seat == 0:
                    page.screenshot(path=str(STATIC / f"serve-{name}.png"), full_page=True)
        mover = engine.current_player(state)
        before = len(table.log)
        click_a_move(pages[mover], rng)
        pages[mover].wait_for_function(
            f"Number(document.body.dataset.next) > {before}", timeout=30_000)
        steps += 1
    for seat, page in pages.items():
        assert page.get_attribute("#status", "data-over") == "true"
        assert f"seed {state.seed}" in page.text_content("#status")
        scores = [int(s) for s in page.get_attribute("#status", "data-scores").split(",")]
        assert scores == list(engine.scores(state))
        fits(page, f"{name}-over-seat{seat}", tmp_path)
    assert steps > 5
