"""The SVG pictures of the table: well-formed, golden, and never showing a hidden card."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import GAMES as GAMES_BY_NAME
from skullgames import king, queen, svg
from tests.support.option_sets import every_option_set
from tests.support.svg_golden import POSITIONS, golden_path

SVG = "{http://www.w3.org/2000/svg}"

KING_CONFIGS = (
    king.Config(players=4, rounds=(3, 4)),
    king.Config(players=2, rounds=(3, 4)),  # Graybeard's ghost
    king.Config(players=5, loot=True, kraken=True, white_whale=True, rounds=(5,)),
    king.Config(players=3, pirate_abilities=True, rounds=(4, 5)),
    king.Config(players=4, scoring=king.Scoring.RASCAL, cannonball=True, rounds=(3,)),
    king.Config(players=6, edition=king.Edition.CLASSIC, rounds=(2, 3)),
    king.Config(players=8, round_bonus=True, rounds=(2,)),
)
QUEEN_CONFIGS = tuple(queen.Config(players=n, rounds=1) for n in range(2, 7))
GAMES: tuple[tuple[Any, Any], ...] = (
    *((king, c) for c in KING_CONFIGS), *((queen, c) for c in QUEEN_CONFIGS))


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def random_position(index: int, seed: int, moves: int) -> tuple[Any, Any]:
    game, config = GAMES[index]
    state = game.new_game(config, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return game, state


positions = st.builds(random_position, st.integers(0, len(GAMES) - 1),
                      st.integers(0, 2**31), st.integers(0, 50))


def face_up(root: ET.Element) -> Counter[str]:
    return Counter(g.attrib["data-card"] for g in root.iter(f"{SVG}g")
                   if g.attrib.get("class") == "card")


def backs(root: ET.Element) -> int:
    return sum(1 for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "back")


def shown_in_public(view: Any) -> Counter[str]:
    """The cards every seat sees: the trick (or the last one when none is in play), and
    Skull Queen's centre."""
    plays = view.trick or (view.tricks[-1].plays if view.tricks else ())
    public = Counter(str(getattr(play, "card", play)) for _, play in plays)
    public.update(str(c) for c in getattr(view, "center", ()))
    return public


@settings(max_examples=40)
@given(positions)
def test_every_picture_is_well_formed_xml(position: tuple[Any, Any]) -> None:
    game, state = position
    root = parse(svg.table(state))
    assert face_up(root) or game.is_over(state)  # a state shows every hand face up
    for seat in range(state.config.players):
        parse(svg.table(game.observe(state, seat)))


@settings(max_examples=40)
@given(positions)
def test_an_observation_shows_its_own_hand_and_the_public_cards_only(
        position: tuple[Any, Any]) -> None:
    game, state = position
    for seat in range(state.config.players):
        view = game.observe(state, seat)
        root = parse(svg.table(view))
        assert face_up(root) == Counter(map(str, view.hand)) + shown_in_public(view)
        hidden = sum(view.hand_sizes) - len(view.hand)
        ghost = view.ghost_size
        face_down = len(getattr(view, "face_down", ()))
        assert backs(root) == hidden + ghost + face_down


@settings(max_examples=15)
@given(positions)
def test_a_seat_given_with_a_state_draws_that_seats_view(position: tuple[Any, Any]) -> None:
    game, state = position
    seat = state.config.players - 1
    assert svg.table(state, seat=seat) == svg.table(game.observe(state, seat))


def test_a_state_shows_every_hand_face_up() -> None:
    state = king.new_game(king.Config(players=2, rounds=(4,)), seed=3)  # with Graybeard
    cards = Counter(str(c) for hand in (*state.hands, state.ghost) for c in hand)
    root = parse(svg.table(state))
    assert face_up(root) == cards
    assert backs(root) == 0


def test_bids_stay_hidden_until_all_are_in() -> None:
    """DECISIONS K13: a seat sees who has bid, not what, until every bid is in."""
    state = king.new_game(king.Config(players=3, rounds=(2,)), seed=11)
    state = king.apply(state, king.Bid(2))  # seat 1 bids 2
    texts = [t.text for t in parse(svg.table(king.observe(state, 0))).iter(f"{SVG}text")
             if t.attrib.get("class") == "bid"]
    assert texts == ["bid – · tricks 0", "bid ? · tricks 0", "bid – · tricks 0"]
    own = [t.text for t in parse(svg.table(king.observe(state, 1))).iter(f"{SVG}text")
           if t.attrib.get("class") == "bid"]
    assert own[1] == "bid 2 · tricks 0"


def test_skull_queen_draws_each_pawn_on_its_space() -> None:
    """RESEARCH.md §1.8: a pawn that falls is in the water; the others are on spaces 0..4."""
    state = queen.new_game(queen.Config(players=3), seed=4)
    rng = random.Random(0)
    while not state.planks or not any(p.in_water for p in state.planks):
        state = queen.apply(state, rng.choice(queen.legal_moves(state)))
    titles = [c.find(f"{SVG}title") for c in parse(svg.table(state)).iter(f"{SVG}circle")]
    described = [t.text for t in titles if t is not None]
    expected = [f"{color.label} pawn " + ("in the water" if space is None
                                          else f"on space {space}")
                for plank in state.planks for color, space in zip(queen.Color, plank.spaces,
                                                                  strict=True)]
    assert described == expected


def test_a_seat_that_is_not_the_observations_own_is_refused() -> None:
    view = king.observe(king.new_game(seed=1), 0)
    with pytest.raises(ValueError, match="seat 0's, not seat 2's"):
        svg.table(view, seat=2)
    with pytest.raises(TypeError, match="not dict"):
        svg.table({})  # type: ignore[arg-type]


def test_states_and_observations_draw_themselves_in_jupyter() -> None:
    for game in (king, queen):
        state = game.new_game(seed=2)
        assert state._repr_svg_() == svg.table(state)
        assert game.observe(state, 1)._repr_svg_() == svg.table(game.observe(state, 1))


def structure(root: ET.Element) -> list[tuple[str, str, str]]:
    """Every element's tag, class and text: what the picture says, not where it sits."""
    return [(element.tag.removeprefix(SVG), element.attrib.get("class", ""),
             (element.text or "").strip()) for element in root.iter()]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_golden_pictures_are_unchanged(name: str) -> None:
    """The golden pictures were looked at (docs/_static/table-*.png); a change to what
    they show must be looked at again: ``python -m tests.support.svg_golden``."""
    golden = parse(golden_path(name).read_text(encoding="utf-8"))
    assert structure(parse(svg.table(POSITIONS[name]()))) == structure(golden)


def test_the_other_captains_card_lies_face_down() -> None:
    """DECISIONS Q7: with two players the first captain's card is face down until the
    other has played."""
    state = queen.new_game(queen.Config(players=2), seed=8)
    rng = random.Random(1)
    while queen.current_player(state) is None or not any(
            seat is not None for seat, _ in state.trick):
        state = queen.apply(state, rng.choice(queen.legal_moves(state)))
    played = next(seat for seat, _ in state.trick if seat is not None)
    other = 1 - played
    view = queen.observe(state, other)
    assert view.face_down == (played,)
    root = parse(svg.table(view))
    assert backs(root) == len(state.hands[played]) + len(state.ghost) + 1
    assert str(state.trick[-1][1]) not in face_up(root) - Counter(map(str, view.hand))


def test_only_the_seat_that_looked_sees_the_undealt_cards() -> None:
    """K12: Juanita Jade's player looks at the undealt cards; nobody else sees them."""
    config = king.Config(players=3, rounds=(6,), pirate_abilities=True)
    state = king.new_game(config, auto_deal=False)
    state = king.apply(state, king.parse_move(
        "deal JUANITA Y1 Y2 Y3 Y4 Y5 | G1 G2 G3 G4 G5 G6 | P1 P2 P3 P4 P5 P6"))
    for text in ["bid 1", "bid 1", "bid 1", "G1", "P1", "JUANITA"]:
        state = king.apply(state, king.parse_move(text))
    looked = next(seat for seat, seen in enumerate(state.peeked) if seen is not None)
    assert looked == 0
    for seat in range(3):
        status = [t.text or "" for t in parse(svg.table(king.observe(state, seat))).iter(
            f"{SVG}text") if t.attrib.get("class") == "status"]
        assert ("Juanita Jade showed you" in status[0]) is (seat == looked)


@pytest.mark.parametrize("plank_values", [queen.Config().plank_values, (0, 4, 7, 9, 20)])
def test_skull_queen_pictures_carry_each_sides_space_values(
        plank_values: tuple[int, ...]) -> None:
    """The page's placement picker reads the side values from the picture: the game's
    ``side_values`` of the table's own ``plank_values`` (DECISIONS Q1)."""
    config = queen.Config(players=3, plank_values=plank_values)
    root = parse(svg.table(queen.observe(queen.new_game(config, seed=3), 0)))
    [sides] = [g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "plank-sides"]
    for side in queen.Side:
        shown = tuple(int(v) for v in sides.attrib[f"data-{side.value}"].split())
        assert shown == queen.side_values(side, plank_values)


# -- issue 35: the header, and the words of the middle box --------------------------------

def texts(root: ET.Element, cls: str) -> list[ET.Element]:
    return [t for t in root.iter(f"{SVG}text") if t.attrib.get("class") == cls]


def play_until(game: Any, state: Any, rng: random.Random, done: Any) -> Any:
    while not done(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


@pytest.mark.parametrize(("name", "option_set", "config"), every_option_set(),
                         ids=[f"{game}-{name}" for game, name, _ in every_option_set()])
def test_the_title_never_runs_into_the_options(name: str, option_set: str,
                                               config: Any) -> None:
    """Drawn as DejaVu Sans draws them (the widest of the picture's fonts), the title and
    the options beside it leave a gap; options that would not fit go to the bottom."""
    pyvips = pytest.importorskip("pyvips")
    game = GAMES_BY_NAME[name]
    config = attrs.evolve(config, players=8 if name == "king" else 6) if option_set in (
        "every advanced card", "everything", "standard") else config
    state = game.new_game(config, seed=1)
    last = play_until(game, state, random.Random(1),
                      lambda s: s.round_number == s.config.round_count or game.is_over(s))
    for position in (state, last):
        root = parse(svg.table(game.observe(position, 0)))
        (header,) = texts(root, "header")
        options = texts(root, "options")
        assert len(options) <= 1
        if not options or options[0].attrib["y"] != header.attrib["y"]:
            continue  # no options, or on a line of their own
        def width(element: ET.Element, bold: bool) -> int:
            font = f"DejaVu Sans{' Bold' if bold else ''} {element.attrib['font-size']}"
            return int(pyvips.Image.text(element.text or "", font=font, dpi=72).width)
        right_end = float(options[0].attrib["x"]) - width(options[0], False)
        assert float(header.attrib["x"]) + width(header, True) + 12 <= right_end


def test_every_king_option_puts_the_options_under_the_table() -> None:
    """Issue 35: with every option on, the options list ran over the title."""
    config = king.Config(players=5, loot=True, kraken=True, white_whale=True,
                         pirate_abilities=True, scoring=king.Scoring.RASCAL, cannonball=True,
                         round_bonus=True)
    root = parse(svg.table(king.observe(king.new_game(config, seed=3), 0)))
    (options,) = texts(root, "options")
    assert len(texts(root, "header")) == 1
    seats = texts(root, "seat")
    assert float(options.attrib["y"]) > max(float(s.attrib["y"]) for s in seats)
    assert options.text == ("Options: modern edition, Loot, Kraken, White Whale, pirate "
                            "abilities, Cannonball, round bonus, rascal scoring")
    assert float(root.attrib["height"]) > float(options.attrib["y"])


def test_the_middle_box_says_the_phase_until_a_card_is_played() -> None:
    """Issue 35: an empty "Trick 1" box while bidding (and while placing pawns)."""
    bidding = king.observe(king.new_game(king.Config(players=3), seed=1), 0)
    (title,) = texts(parse(svg.table(bidding)), "trick-title")
    assert title.text == "Bidding"
    placing = queen.observe(queen.new_game(queen.Config(players=3), seed=1), 0)
    (title,) = texts(parse(svg.table(placing)), "trick-title")
    assert title.text == "Placing the pirates"
    state = play_until(king, king.new_game(king.Config(players=3), seed=1), random.Random(1),
                       lambda s: s.phase is king.Phase.PLAY)
    (title,) = texts(parse(svg.table(king.observe(state, 0))), "trick-title")
    assert title.text == "Trick 1"  # the leader is to play


def test_a_finished_trick_says_who_took_it() -> None:
    """Issue 35: "Trick 1: won, taken by seat 3"."""
    config = king.Config(players=3, kraken=True, rounds=(5, 6, 7, 8))
    state = king.new_game(config, seed=2)
    rng = random.Random(2)
    seen: dict[str, str] = {}
    while not king.is_over(state) and len(seen) < 2:
        state = king.apply(state, rng.choice(king.legal_moves(state)))
        if state.tricks and not state.trick:
            result = state.tricks[-1]
            (title,) = texts(parse(svg.table(king.observe(state, 1))), "trick-title")
            number = len(state.tricks)
            if result.outcome is king.Outcome.WON:
                notes = (["you"] if result.winner == 1 else []) + (
                    [f"+{result.bonus} bonus"] if result.bonus else [])
                who = f"seat {result.winner}" + (f" ({', '.join(notes)})" if notes else "")
                assert title.text == f"Trick {number} taken by {who}"
            else:
                assert title.text == f"Trick {number} destroyed, taken by nobody"
            seen[result.outcome.value] = title.text or ""
    assert set(seen) == {"won", "destroyed"}


def test_a_bonus_you_took_reads_in_one_bracket() -> None:
    """Issue 47: the heading read "taken by seat 1 (you) (+10 bonus)"."""
    rng = random.Random(5)
    for seed in range(200):
        state = king.new_game(king.Config(players=3, rounds=(5, 6, 7, 8)), seed=seed)
        while not king.is_over(state):
            state = king.apply(state, rng.choice(king.legal_moves(state)))
            if state.tricks and not state.trick:
                result = state.tricks[-1]
                seat = result.winner
                if result.outcome is king.Outcome.WON and result.bonus and seat is not None:
                    (title,) = texts(parse(svg.table(king.observe(state, seat))),
                                     "trick-title")
                    assert title.text == (f"Trick {len(state.tricks)} taken by seat {seat} "
                                          f"(you, +{result.bonus} bonus)")
                    return
    raise AssertionError("no trick with a bonus in 200 games")


def test_your_pawn_not_seat_0_yous() -> None:
    """Issue 35: "seat 0 (you)'s green pawn falls into the water"."""
    state = play_until(queen, queen.new_game(queen.Config(players=3), seed=0), random.Random(0),
                       lambda s: bool(s.tricks and not s.trick and s.tricks[-1].falls))
    falls = state.tricks[-1].falls
    notes = [t.text or "" for t in texts(parse(svg.table(queen.observe(state, 0))), "movement")]
    for seat, color in falls:
        owner = "your" if seat == 0 else f"seat {seat}'s"
        assert f"{owner} {color.label} pawn falls into the water" in notes
    assert not any("(you)'s" in note for note in notes)
