"""The page of ``skullgames serve`` in a real browser: Debian's Chromium, driven by Playwright.

Two browser contexts are two people at one table (and a bot in a third seat); they join
from the links the creator's page shows and play a whole game of each game by clicking:
the cards of the hand when a card is played, the plank and its spaces when Skull Queen's
pirates are placed, the buttons otherwise (every third move from the keyboard). At every
step each page must show its own seat's hand and no other (the engine's ``observe``),
exactly the engine's legal plays marked playable and the rest dimmed, the trick on the
table, the turn alert (the tab's title, and a beep on the page that asked for one) on the
mover's page only, each choice asked in words, and the seed only at the end. A click on a
card that is no legal play changes nothing and shows the engine's own reason. At the end
the log shows every hidden bid, shot, placement and face-down card as it was made, the
score sheet the engine's points, the last trick as its cards, and a rematch one person
asks for reaches the other's page as a link with the other's own token. A game also goes
on across the server killed (``SIGKILL``) and started again on its SQLite file: the pages
reload to exactly what they showed. The page must fit 1280 x 800 and 390 x 844 windows
without scrolling sideways, with the whole hand in reach at the phone's width.

Needs the ``ui-test`` extra and ``/usr/bin/chromium`` (``apt-get install chromium``);
Playwright's own browser downloads are never used. ``SKULLGAMES_SCREENSHOTS=1`` also
writes the screenshots of the docs, ``docs/_static/serve-{king,queen}.png``.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from skullgames import from_dict, king, queen, to_json
from skullgames.errors import IllegalMoveError
from skullgames.registry import GAMES
from skullgames.serve import SqliteStore
from skullgames.serve._tables import _replayed
from tests.support.browser import chromium_or_skip, launched
from tests.support.serve_client import running
from tests.support.serve_policy import choose
from tests.support.serve_process import Served

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = chromium_or_skip()
STATIC = Path(__file__).resolve().parents[2] / "docs" / "_static"
WINDOWS = {"wide": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched(sync_api) as chromium:
        yield chromium


def settle(page: Any, moves: int) -> None:
    """Wait until the page has heard of ``moves`` moves and has no request of its own out."""
    page.wait_for_selector(f'body[data-next="{moves}"][data-busy="false"]', state="attached",
                           timeout=30_000)
    error = page.text_content("#error")
    assert not error, error


def fits(page: Any, name: str, tmp_path: Path) -> None:
    """At both window sizes the page is no wider than the window, and every card of the
    hand lies inside it (the hand wraps); a screenshot of each."""
    for size, window in WINDOWS.items():
        page.set_viewport_size(window)
        width = page.evaluate("document.documentElement.scrollWidth")
        shot = tmp_path / f"serve-{name}-{size}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 5_000
        assert width <= window["width"], (size, width)
        for box in page.locator("#hand button.card").evaluate_all(
                "cards => cards.map(card => card.getBoundingClientRect().toJSON())"):
            assert box["left"] >= 0 and box["right"] <= window["width"], (size, box)


def engine_plays(engine: Any, state: Any, seat: int) -> tuple[set[str], list[str]]:
    """The cards of ``seat``'s hand with a legal move now (by the engine), and its hand."""
    hand = [str(c) for c in engine.observe(state, seat).hand]
    moves = [str(m) for m in engine.legal_moves(state)] if (
        engine.current_player(state) == seat) else []
    return {c for c in hand if any(m == c or m.startswith(f"{c} ") for m in moves)}, hand


def public_cards(seen: Any) -> Counter[str]:
    """The cards face up for everybody in an observation: the trick, the last one, the centre."""
    plays = [play for _, play in seen.trick]
    if seen.tricks:
        plays += [play for _, play in seen.tricks[-1].plays]
    return Counter(str(getattr(p, "card", p)) for p in [*plays, *getattr(seen, "center", ())])


def marked(page: Any, selector: str) -> list[str]:
    return [str(c) for c in page.locator(selector).evaluate_all(
        "cards => cards.map(card => card.dataset.card)")]


def try_an_unplayable_card(page: Any, engine: Any, state: Any, table: Any) -> bool:
    """Click a dimmed card: no move is made, and the page shows the engine's reason."""
    cards = marked(page, "#hand button.card.unplayable")
    if not cards:
        return False
    card = cards[0]
    try:
        engine.apply(state, engine.parse_move(card))
    except IllegalMoveError as error:
        reason = str(error)
    else:  # pragma: no cover - the test's own failure
        raise AssertionError(f"{card} is legal but dimmed")
    before = len(table.log)
    page.locator(f'#hand button.card.unplayable[data-card="{card}"]').first.click()
    page.wait_for_selector('body[data-busy="false"]', state="attached")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    shown = page.text_content("#error")
    assert "cannot be played now" in shown and reason in shown, (shown, reason)
    assert len(table.log) == before
    return True


def place_by_clicking(page: Any, engine: Any, state: Any, move: str,
                      shots: Path | None) -> None:
    """Skull Queen: a side, then each pawn and its space, all by clicking the plank."""
    values = state.config.plank_values
    for side in engine.Side:
        shown = page.get_attribute(f'#moves .placement button.side[data-side="{side.value}"]',
                                   "aria-label")
        expected = ", ".join(map(str, engine.side_values(side, values)))
        assert f"worth {expected} points" in shown, shown
    assert page.is_disabled("button.place")
    side_name, *spaces = move.split()
    page.click(f'#moves .placement button.side[data-side="{side_name}"]')
    worth = engine.side_values(engine.Side(side_name), values)
    for color, text in zip(("red", "yellow", "green", "blue"), spaces, strict=True):
        space = int(text)
        page.click(f'#moves .placement button.pawn-pick[data-color="{color}"]')
        page.click(f'.plank button.space[data-space="{space}"]')
        if color == "red":  # a long poll answering "no news" keeps the choice half made
            page.evaluate("take({ ...view, events: [] })")
            assert page.get_attribute(f'#moves .placement button.side[data-side="{side_name}"]',
                                      "aria-pressed") == "true"
        assert page.text_content(
            f'.plank button.space[data-space="{space}"] .value') == str(worth[space])
        assert f"{color} on space {space} ({worth[space]})" in page.text_content(
            "#moves .placement .preview")
    assert page.get_attribute("button.place", "data-move") == move
    if shots is not None:
        fits(page, "queen-placing", shots)
        page.set_viewport_size(WINDOWS["wide"])
    page.click("button.place")


# The words each kind of choice is offered in: the prompt's, and each button's.
PROMPTS = {
    "bid": ("how many tricks will you take", r"Bid \d+"),
    "grapeshot": ("Grapeshot or Cannonball", r"Grapeshot|Cannonball"),
    "leader": ("Rosie D'Laney: choose who leads the next trick",
               r"You lead|Seat \d \((human|greedy)\) leads"),
    "discard": ("Bendt the Bandit: you drew", r"Discard .+ and .+"),
    "adjust": ("Harry the Giant: your bid is",
               r"(Lower|Raise) your bid to \d+|Keep your bid at \d+"),
    "wager": ("Rascal of Roatan: choose your wager", r"Wager (nothing|\d+ points)"),
    "TIG": ("play a card", r"Play the Tigress as (a pirate|an escape)"),
}


def kind_of(moves: list[str]) -> str:
    first = {m.split()[0] for m in moves}
    return next((k for k in PROMPTS if k in first), "card")


def check_prompt(page: Any, engine: Any, state: Any, seen: set[str]) -> None:
    """The choice in words: the prompt names it (never as an error), each button says its
    move in words, Bendt the Bandit's drawn cards are marked in the hand, and what Juanita
    Jade showed is told."""
    prompt = page.text_content("#prompt")
    assert prompt.strip() and "error" not in prompt.lower(), prompt
    undealt = getattr(engine.observe(state, engine.current_player(state)), "undealt", None)
    if undealt:
        seen.add("juanita")
        assert "Juanita Jade showed you the cards not dealt this round" in prompt
    moves = [str(b.get_attribute("data-move")) for b in page.locator("#moves button.move").all()]
    kind = kind_of(moves)
    seen.add(kind)
    if kind == "card":
        return
    words, button_text = PROMPTS[kind]
    assert words in prompt, (kind, prompt)
    for button in page.locator("#moves button.move").all():
        assert re.fullmatch(button_text, button.text_content()), button.text_content()
    if kind == "discard":
        assert page.locator("#hand button.card.drawn").count() == state.pending.drawn


def press(page: Any, locator: Any, keys: bool) -> None:
    """Click, or (with ``keys``) reach the element by keyboard focus and press Enter."""
    if keys:
        locator.focus()
        page.keyboard.press("Enter")
    else:
        locator.click()


def click_a_move(page: Any, engine: Any, state: Any, rng: random.Random,
                 seen: set[str], shots: Path, keys: bool) -> str:
    """Play the policy's move by clicking: its card in the hand, the plank for a Skull
    Queen placement, its button otherwise. The Tigress's click asks how, in the prompt
    (not as an error), and the button chosen plays her. With ``keys``, cards and buttons
    are played from the keyboard instead."""
    move = choose([str(m) for m in engine.legal_moves(state)], rng)
    if page.locator("#moves .placement").count():
        place_by_clicking(page, engine, state, move, None if "place" in seen else shots)
        seen.add("place")
        return move
    check_prompt(page, engine, state, seen)
    card, _, how = move.partition(" ")
    in_hand = page.locator(f'#hand button.card.playable[data-card="{card}"]')
    if in_hand.count() and not how:
        press(page, in_hand.first, keys)
    elif in_hand.count():
        press(page, in_hand.first, keys)
        assert f"How do you play the {'Tigress' if card == 'TIG' else card}?" in (
            page.text_content("#prompt"))
        assert page.text_content("#error") == ""
        assert page.locator("#moves button.move.choose").count() == 2
        press(page, page.locator(f'#moves button.move.choose[data-move="{move}"]'), keys)
    else:
        press(page, page.locator(f'#moves button.move[data-move="{move}"]'), keys)
    return move


# name, engine, config, seed, the choices the two people must meet on the way
CASES = [
    ("king", king, king.Config(players=3, rounds=(2, 6)), 21, {"bid", "card"}),
    ("king-abilities", king, king.Config(players=3, pirate_abilities=True, cannonball=True,
                                         scoring=king.Scoring.RASCAL, rounds=(9, 10)), 939,
     {"bid", "grapeshot", "card", "TIG", "leader", "discard", "adjust", "wager", "juanita"}),
    ("king-two", king, king.Config(players=2, rounds=(5, 7)), 21, {"bid", "card"}),
    ("queen", queen, queen.Config(players=3, rounds=1), 21, {"place", "card"}),
    ("queen-two", queen, queen.Config(players=2, rounds=1), 21, {"place", "card"}),
]


@pytest.mark.parametrize(("name", "engine", "config", "seed", "choices"), CASES,
                         ids=[c[0] for c in CASES])
def test_two_people_and_a_bot_play_a_whole_game_from_join_links(
        browser: Any, tmp_path: Path, name: str, engine: Any, config: Any, seed: int,
        choices: set[str]) -> None:
    with running(engine.__name__.rsplit(".", 1)[-1], config, bots=("greedy",)) as server:
        creator = browser.new_context(viewport=WINDOWS["wide"])
        page = creator.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url)
        page.wait_for_selector('body[data-ready="true"]', state="attached")
        fits(page, f"{name}-lobby", tmp_path)
        page.set_viewport_size(WINDOWS["wide"])
        page.fill("#players", str(config.players))
        page.dispatch_event("#players", "input")
        for n in range(config.players):  # two people, bots in the other seats
            page.select_option(f"#seat-{n}", "human" if n < 2 else "greedy")
        page.fill("#seed", str(seed))
        page.click("#new")
        page.wait_for_selector("#joins li", timeout=30_000)
        links = {int(item.get_attribute("data-seat")): item.locator("input").input_value()
                 for item in page.locator("#joins li").all()}
        assert sorted(links) == [0, 1] and links[0] in page.url
        friend = browser.new_context(viewport=WINDOWS["wide"])
        other = friend.new_page()
        other.on("pageerror", lambda error: errors.append(str(error)))
        other.goto(links[1])
        pages = {0: page, 1: other}
        assert other.locator("#joins li").count() == 0  # only the creator has the links
        for each in pages.values():
            each.wait_for_selector('body[data-ready="true"]', state="attached")
            assert not each.is_checked("#sound")  # the sound is off until asked for
        other.check("#sound")  # the friend wants a beep; the creator does not
        seen = play_checked(next(iter(server.tables._tables.values())), engine, pages,
                            tmp_path, name)
        assert seen == choices
        rematch(pages, {seat: re.findall(r"token=([\w-]+)", link)[0]
                        for seat, link in links.items()}, tmp_path)
        assert not errors, errors
        creator.close()
        friend.close()


def play_checked(table: Any, engine: Any, pages: dict[int, Any], tmp_path: Path,
                 name: str, restart: Callable[[int, Any], bool] | None = None) -> set[str]:
    """The whole game, checked at every step; the kinds of choice the people met.

    ``table`` has the server's ``state`` and ``log``. ``restart(steps, state)``, if given,
    is asked before each move whether it restarted the server (and reloaded the pages):
    once it has, the game goes on, each page checked again first.
    """
    rng = random.Random(name)
    steps = tried = turns = 0
    documented = False
    seen: set[str] = set()
    last_mover = engine.current_player(table.state)  # a turn begun before the sound was on
    while True:
        state = table.state
        mover = engine.current_player(state)
        for seat, page in pages.items():
            settle(page, len(table.log))
            assert page.get_attribute("#status", "data-seat") == str(seat)
            playable, hand = engine_plays(engine, state, seat)
            assert page.get_attribute("#hand", "data-cards") == " ".join(hand)
            shown = page.locator("#table svg g.card").evaluate_all(
                "cards => cards.map(card => card.dataset.card)")
            unexplained = Counter(shown) - Counter(hand) - public_cards(
                engine.observe(state, seat))
            assert not unexplained, f"a card in the picture that seat {seat} cannot see"
            status = page.text_content("#status")
            assert ("seed" in status) is engine.is_over(state), status
            seen_now = engine.observe(state, seat)
            assert marked(page, "#current figure:not(.center):not(.face-down)") == [
                str(getattr(play, "card", play)) for _, play in seen_now.trick]
            # the turn alert: the title says so on the mover's page only
            assert page.title().startswith("Your turn") is (seat == mover), (seat, mover)
            if playable:  # exactly the engine's legal plays marked, the rest dimmed
                assert sorted(marked(page, "#hand button.card.playable")) == sorted(
                    c for c in hand if c in playable)
                assert sorted(marked(page, "#hand button.card.unplayable")) == sorted(
                    c for c in hand if c not in playable)
                assert set(marked(page, "#table svg g.card.playable")) == playable
                for card in page.locator("#hand button.card").all():  # for screen readers
                    said = card.get_attribute("aria-label")
                    assert said.endswith(", playable") is (card.get_attribute("data-card")
                                                           in playable), said
            else:
                assert page.locator("#hand button.card.playable").count() == 0
        if mover == 1 and last_mover != 1:
            turns += 1
        last_mover = mover
        assert pages[1].evaluate("Number(document.body.dataset.beeps || 0)") == turns
        assert pages[0].evaluate("Number(document.body.dataset.beeps || 0)") == 0
        if engine.is_over(state):
            break
        if restart is not None and restart(steps, state):
            restart = None  # the reloaded pages: beeps counted afresh, each page checked
            turns = pages[1].evaluate("Number(document.body.dataset.beeps || 0)")
            continue
        if steps == 4:
            for seat, page in pages.items():
                fits(page, f"{name}-seat{seat}", tmp_path)
                page.set_viewport_size(WINDOWS["wide"])
        playable, hand = engine_plays(engine, state, 0)
        if (not documented and playable and len(hand) >= 4 and len(playable) < len(hand)
                and os.environ.get("SKULLGAMES_SCREENSHOTS") and "-" not in name):
            # the docs' picture: seat 0 to play, with cards to play and cards dimmed
            pages[0].screenshot(path=str(STATIC / f"serve-{name}.png"), full_page=True)
            documented = True
        before = len(table.log)
        if tried < 3 and try_an_unplayable_card(pages[mover], engine, state, table):
            tried += 1
        click_a_move(pages[mover], engine, state, rng, seen, tmp_path, keys=steps % 3 == 1)
        pages[mover].wait_for_function(
            f"Number(document.body.dataset.next) > {before}", timeout=30_000)
        steps += 1
    assert tried >= 1, "no card was ever dimmed"
    for seat, page in pages.items():
        settle(page, len(table.log))
        assert page.get_attribute("#status", "data-over") == "true"
        assert f"seed {state.seed}" in page.text_content("#status")
        scores = [int(s) for s in page.get_attribute("#status", "data-scores").split(",")]
        assert scores == list(engine.scores(state))
        assert page.text_content("#save") == "Save the game"
        check_log(page, engine, table, seat)
        check_sheet(page, state)
        trick = state.last_trick
        cards = [str(play if isinstance(play, engine.Card) else play.card)
                 for _, play in trick.plays]
        assert marked(page, "#trick figure") == cards
        assert page.locator("#trick figure svg.face").count() == len(cards)  # drawn, not text
        fits(page, f"{name}-over-seat{seat}", tmp_path)
    assert steps > 5
    return seen


def check_log(page: Any, engine: Any, table: Any, seat: int) -> None:
    """Every bid, shot and placement hidden when made shows in the log as it was made."""
    items = page.locator("#log li").evaluate_all(
        "items => items.map(i => [i.dataset.index, i.dataset.move, i.dataset.hidden,"
        " i.dataset.revealed || ''])")
    assert len(items) == len(table.log)
    revealed = 0
    for (index, move, hidden, shown), (_, real, _, _) in zip(items, table.log,
                                                                 strict=True):
        kind = type(real).__name__
        if kind in ("Bid", "Shot", "Place", "Play") and hidden == "true":
            assert shown == "true" and move == str(real), (index, move, real)
            revealed += 1
        elif hidden == "false":
            assert move == str(real)
    assert revealed > 0


def check_sheet(page: Any, state: Any) -> None:
    """The score sheet: each round's points, per seat, and the totals."""
    rows = page.locator("#sheet tr[data-round]").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(c => c.firstChild.textContent))")
    assert rows == [[str(p) for p in r.points] for r in state.rounds]
    total = page.locator("#sheet tr.total td").all_text_contents()
    assert total == [str(t) for t in state.totals]


def showing(relation: str, table: str) -> str:
    """A page's test, for ``wait_for_function``, that it is ready and its table's id is
    (``===``) or is not (``!==``) ``table``. A new hash reloads the page, and while the next
    document loads it has no body yet: the test must be false then, not an error."""
    return (f"document.body !== null && document.body.dataset.ready === 'true'"
            f" && typeof view !== 'undefined' && view && view.id {relation} {table!r}")


def rematch(pages: dict[int, Any], tokens: dict[int, str], shots: Path) -> None:
    """A finished game's rematch: seat 0's page asks, and joins a new table of the same
    game and seats (a new deal) with its own link only; seat 1's page, waiting on the
    finished game, shows "Rematch: join" with a link with its own token (never seat 0's),
    which joins it at its own seat of the same table."""
    page, other = pages[0], pages[1]
    game = page.get_attribute("#status", "data-game")
    for size, window in WINDOWS.items():  # the button is next to the prompt that names it
        page.set_viewport_size(window)
        gap = page.evaluate("document.querySelector('#rematch').getBoundingClientRect().top"
                            " - document.querySelector('#prompt').getBoundingClientRect()"
                            ".bottom")
        assert 0 <= gap < 40, (size, gap)
    page.click("#rematch")
    page.wait_for_function(showing("!==", game), timeout=30_000)
    new = page.get_attribute("#status", "data-game")
    assert page.get_attribute("#status", "data-over") == "false"
    assert page.get_attribute("#status", "data-seat") == "0"
    assert page.locator("#joins li input").evaluate_all("fields => fields.map(f => f.value)"
                                                        ) == [page.url]
    assert f"#table={new}&token={tokens[0]}" in page.url and tokens[1] not in page.content()
    other.wait_for_selector("#rematch-join:not([hidden])", state="visible", timeout=30_000)
    assert other.text_content("#rematch-join") == "Rematch: join"
    assert "a rematch is ready" in other.text_content("#prompt")
    assert other.is_hidden("#rematch")
    link = other.get_attribute("#rematch-join", "href")
    assert link.endswith(f"/#table={new}&token={tokens[1]}"), link
    assert tokens[0] not in other.content()
    other.screenshot(path=str(shots / "serve-rematch-seat1.png"), full_page=True)
    other.click("#rematch-join")
    other.wait_for_function(showing("===", new), timeout=30_000)
    assert other.get_attribute("#status", "data-seat") == "1"
    assert other.get_attribute("#status", "data-over") == "false"


class StoredGame:
    """A table as the server's database holds it (what the server has acknowledged), read
    again at each look: its ``state`` and ``log``, as :func:`play_checked` asks."""

    def __init__(self, db: Path, table_id: str) -> None:
        self._store = SqliteStore(db, lock=False)  # the server holds the file's lock
        self._id = table_id
        self._saved = ""
        self._table: Any = None

    def _now(self) -> Any:
        stored = self._store.get(self._id)
        assert stored is not None, self._id
        if stored.saved != self._saved:
            self._table, self._saved = _replayed(stored), stored.saved
        return self._table

    @property
    def state(self) -> Any:
        return self._now().state

    @property
    def log(self) -> list[Any]:
        return list(self._now().log)

    def close(self) -> None:
        self._store.close()


def snapshot(page: Any) -> dict[str, Any]:
    """What a page shows of the game: the hand, the trick, whose turn, the choices, the
    log, the score sheet and the last trick."""
    return {
        "hand": page.get_attribute("#hand", "data-cards"),
        "trick": marked(page, "#current figure"),
        "status": page.text_content("#status"),
        "title": page.title(),
        "prompt": page.text_content("#prompt"),
        "moves": [b.get_attribute("data-move") for b in page.locator("#moves button").all()],
        "log": page.locator("#log li").evaluate_all(
            "items => items.map(i => [i.textContent, i.dataset.move, i.dataset.hidden])"),
        "sheet": page.text_content("#sheet"),
        "last": marked(page, "#trick figure"),
    }


# name, engine, config, seed: short games, two people and a bot
RESTARTS = [
    ("king-restart", king, king.Config(players=3, rounds=(3, 5)), 21),
    ("queen-restart", queen, queen.Config(players=3, rounds=1), 21),
]


@pytest.mark.parametrize(("name", "engine", "config", "seed"), RESTARTS,
                         ids=[c[0] for c in RESTARTS])
def test_a_game_goes_on_across_a_server_killed_and_started_again(
        browser: Any, tmp_path: Path, name: str, engine: Any, config: Any, seed: int) -> None:
    """Two people play part of a game; the server is killed (``SIGKILL``) in the middle of
    a trick and started again on its database at the same port; both pages reload, show
    exactly what they showed, and the game goes on to its end, which the saved game
    replays to."""
    db = tmp_path / "tables.sqlite3"
    servers = [Served(db)]
    contexts = [browser.new_context(viewport=WINDOWS["wide"]) for _ in range(2)]
    table: StoredGame | None = None
    try:
        status, made = servers[0].call("POST", "/api/games", {
            "game": engine.__name__.rsplit(".", 1)[-1], "config": json.loads(to_json(config)),
            "seed": seed, "seats": ["human", "human", "greedy"]})
        assert status == 201, made
        links = {join["seat"]: join["link"] for join in made["joins"]}
        errors: list[str] = []
        pages: dict[int, Any] = {}
        for seat, context in enumerate(contexts):
            pages[seat] = context.new_page()
            pages[seat].on("pageerror", lambda error: errors.append(str(error)))
            pages[seat].goto(servers[0].url + links[seat].lstrip("/"))
            pages[seat].wait_for_selector('body[data-ready="true"]', state="attached")
        pages[1].check("#sound")
        table = StoredGame(db, made["id"])
        restarted: list[int] = []

        def restart(steps: int, state: Any) -> bool:
            if steps < 3 or (not engine.observe(state, 0).trick and steps < 8):
                return False  # in the middle of a trick, if one comes soon
            assert table is not None
            moves = len(table.log)
            before = {seat: snapshot(page) for seat, page in pages.items()}
            port = servers[-1].port
            servers[-1].kill()
            servers.append(Served(db, port=port))
            assert servers[-1].port == port
            for seat, page in pages.items():
                page.reload()
                page.wait_for_selector('body[data-ready="true"]', state="attached")
                settle(page, moves)
                assert snapshot(page) == before[seat], seat
            restarted.append(moves)
            return True

        play_checked(table, engine, pages, tmp_path, name, restart)
        assert restarted and 0 < restarted[0] < len(table.log)
        status, saved = servers[-1].call("GET", f"/api/games/{made['id']}/save",
                                         token=made["joins"][0]["token"])
        assert status == 200, saved
        final = from_dict(saved, engine.State)
        replay = engine.new_game(final.config, seed=final.seed)
        for text in saved["moves"]:
            replay = engine.apply(replay, engine.parse_move(text) if isinstance(text, str)
                                  else from_dict(text, engine.Move))
        assert replay == final == table.state
        rematch(pages, {join["seat"]: join["token"] for join in made["joins"]}, tmp_path)
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()
        if table is not None:
            table.close()
        for server in servers:
            if server.process.poll() is None:
                server.kill()


SHEET_FITS = """() => {
  const panel = document.querySelector('#sheet').closest('section');
  const sheet = document.querySelector('#sheet');
  const broken = [];
  for (const cell of sheet.querySelectorAll('th, td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const found of text.textContent.matchAll(/-?[0-9]+/g)) {
        const range = document.createRange();
        range.setStart(text, found.index);
        range.setEnd(text, found.index + found[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(found[0]);
      }
    }
  }
  return {sheet: sheet.scrollWidth, panel: panel.clientWidth, overflow: panel.scrollWidth,
          rows: sheet.querySelectorAll('tr[data-round]').length, broken};
}"""


def finished_game(game: str, players: int) -> str:
    """A whole game of ``players`` played by legal random moves, saved (its every round)."""
    rules = GAMES[game]
    rng = random.Random(f"{game}{players}")
    state = rules.new_game(rules.Config(players=players), seed=players)
    while not rules.is_over(state):
        state = rules.apply(state, rng.choice(list(rules.legal_moves(state))))
    return to_json(state)


@pytest.mark.parametrize("game", ["king", "queen"])
def test_the_score_sheet_fits_its_panel_for_every_number_of_players(
        browser: Any, tmp_path: Path, game: str) -> None:
    """A finished game of 2 to 8 players (Skull Queen: 2 to 6) at 1280 px and at 390 px:
    the score sheet is no wider than its panel, and no number in it is split over two
    lines (issue 47: the last seat's column was cut off, "100" read "10" over "0")."""
    counts = range(2, 9) if game == "king" else range(2, 7)
    context = browser.new_context()
    page = context.new_page()
    with running() as server:
        for players in counts:
            seats = ["human"] + ["expert"] * (players - 1)  # the longest bot name
            answer = server.tables.load({"saved": finished_game(game, players),
                                         "seats": seats}, client="test")
            page.goto(server.url + answer["joins"][0]["link"].lstrip("/"))
            page.wait_for_selector('#status[data-over="true"]', state="attached",
                                   timeout=30_000)
            for size, window in WINDOWS.items():
                page.set_viewport_size(window)
                measured = page.evaluate(SHEET_FITS)
                page.locator("#sheet").screenshot(
                    path=str(tmp_path / f"sheet-{game}-{players}-{size}.png"))
                assert measured["rows"] > 0, measured
                assert measured["sheet"] <= measured["panel"], (players, size, measured)
                assert measured["overflow"] <= measured["panel"], (players, size, measured)
                assert measured["broken"] == [], (players, size, measured)
    context.close()
