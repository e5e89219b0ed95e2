"""The page of ``skullgames serve`` in a real browser: Debian's Chromium, driven by Playwright.

Each game is played to the end by clicking, saved half-way and loaded again, and its final
scores must be those of ``new_game`` and ``apply`` on the moves the page showed. Needs the
``ui-test`` extra and ``/usr/bin/chromium`` (``apt-get install chromium``); Playwright's
own browser downloads are never used. ``SKULLGAMES_SCREENSHOTS=1`` also writes the
screenshots of the docs, ``docs/_static/serve-{king,queen}.png``.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skullgames import from_json, king, queen
from skullgames.serve import TableServer, make_server

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
STATIC = Path(__file__).resolve().parent.parent / "docs" / "_static"

if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)",
                allow_module_level=True)


@contextlib.contextmanager
def serving(name: str, config: Any) -> Iterator[TableServer]:
    """A server whose new games are ``name`` with ``config`` (short round plans)."""
    running = make_server(name, config, port=0, bots=("greedy", "random"), quiet=True)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    try:
        yield running
    finally:
        running.shutdown()
        running.server_close()
        thread.join()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def settle(page: Any) -> None:
    """Wait until the page has its answers (it marks itself busy while it asks)."""
    page.wait_for_selector('body[data-busy="false"]', state="attached", timeout=30_000)
    error = page.text_content("#error")
    assert not error, error


def click_a_move(page: Any, rng: random.Random) -> None:
    """Click one of the legal moves shown; for a placement, pick the side and spaces first."""
    if page.locator("#side").count():
        page.select_option("#side", rng.choice(["front", "back"]))
        for color in ("red", "yellow", "green", "blue"):
            page.select_option(f"#pawn-{color}", str(rng.randrange(5)))
        page.click("button.place")
    else:
        buttons = page.locator("#moves button.move")
        buttons.nth(rng.randrange(buttons.count())).click()
    settle(page)


def shown_moves(page: Any) -> list[tuple[int, str]]:
    """Every move in the page's log, as (seat, move text)."""
    items = page.locator("#log li.event")
    return [(int(items.nth(i).get_attribute("data-seat")), items.nth(i).get_attribute("data-move"))
            for i in range(items.count())]


def over(page: Any) -> bool:
    return bool(page.get_attribute("#status", "data-over") == "true")


@pytest.mark.parametrize(("name", "engine", "config"), [
    ("king", king, king.Config(players=3, rounds=(2, 3))),
    ("queen", queen, queen.Config(players=4, rounds=1)),
])
def test_a_whole_game_played_by_clicking_saved_and_loaded(
        browser: Any, tmp_path: Path, name: str, engine: Any, config: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    with serving(name, config) as server:
        page.goto(server.url)
        page.wait_for_selector('body[data-ready="true"]', state="attached")
        page.select_option("#game", name)
        page.fill("#seed", "21")
        page.click("#new")
        settle(page)
        title = {"king": "Skull King", "queen": "Skull Queen"}[name]
        assert page.text_content("#status").startswith(f"{title}, seed 21.")
        assert page.locator("#table svg .card").count() >= 1  # the picture of the table
        rng = random.Random(name)
        for _ in range(3):
            click_a_move(page, rng)
        shot = tmp_path / f"serve-{name}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
        if os.environ.get("SKULLGAMES_SCREENSHOTS"):
            page.screenshot(path=str(STATIC / f"serve-{name}.png"), full_page=True)

        before_save = shown_moves(page)
        page.click("#save")
        settle(page)
        saved = page.input_value("#saved")
        page.click("#load")
        settle(page)
        assert shown_moves(page) == []  # a new table, from the saved game
        while not over(page):
            click_a_move(page, rng)
        moves = before_save + shown_moves(page)
        scores = [int(s) for s in page.get_attribute("#status", "data-scores").split(",")]
        assert page.locator("#round table.scores tr").count() == 1 + config.players
        assert page.text_content("#trick") != "–"  # the last trick was told
    page.close()

    played = engine.new_game(config, seed=21)
    for seat, text in moves:
        assert engine.current_player(played) == seat
        played = engine.apply(played, engine.parse_move(text))
    assert engine.is_over(played)
    assert scores == list(engine.scores(played))
    loaded = from_json(saved, engine.State)
    assert [str(m) for m in loaded.history if type(m) is not engine.Deal] == [
        text for _, text in before_save]
    assert json.loads(saved)["seed"] == 21
