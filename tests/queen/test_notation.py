"""Cards, moves and their notation both ways (API.md, STYLE.md)."""

from __future__ import annotations

import pytest

from skullgames import InvalidNotationError
from skullgames.queen import (
    MATE,
    MONKEY,
    PLACES,
    Card,
    Color,
    Config,
    Deal,
    Place,
    Play,
    Side,
    card,
    deck,
    parse_move,
    seeded_deal,
)
from skullgames.queen.cards import ALL_CARDS
from skullgames.queen.moves import PLAYS
from tests.support.queen.helpers import cards
from tests.support.type_errors import raises_wrong_type


def test_every_card_round_trips_and_is_interned() -> None:
    assert len(ALL_CARDS) == 50
    for c in ALL_CARDS:
        assert card(str(c)) is c
        assert card(str(c).lower()) is c
        assert eval(repr(c)) is c


def test_card_fields_and_names() -> None:
    assert card("R7") == Card(Color.RED, 7)
    assert card("Y12").color is Color.YELLOW
    assert card("Y12").value == 12
    assert (MONKEY.value, MATE.value, MONKEY.color, MATE.is_special) == (0, 13, None, True)
    assert card("first mate") is MATE
    assert card(" monkey ") is MONKEY
    assert [card(t).name for t in ("G5", "MONKEY", "MATE")] == ["green 5", "Monkey", "First Mate"]


@pytest.mark.parametrize("text", ["R0", "R13", "Y", "X5", "", "MONKEY2", "B-1", "13"])
def test_bad_card_text(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        card(text)


def test_bad_cards_cannot_be_built() -> None:
    with pytest.raises(InvalidNotationError):
        Card(Color.RED, 13)
    with pytest.raises(InvalidNotationError):
        Card(None, 5)
    with raises_wrong_type("a card is written as text, not int"):
        card(7)  # type: ignore[arg-type]
    with raises_wrong_type("a card's value is a whole number"):
        Card(Color.RED, True)
    with raises_wrong_type("a card's color is a Color or None"):
        Card("R", 7)  # type: ignore[arg-type]


def test_decks() -> None:
    assert deck(2) == deck(3)
    assert len(deck(3)) == 42
    assert len(deck(6)) == 50
    assert list(deck(5)) == sorted(deck(5), key=lambda c: c.index)
    with pytest.raises(ValueError, match="2 to 6"):
        deck(7)


def test_every_place_and_play_round_trips() -> None:
    for move in (*PLACES, *PLAYS):
        assert parse_move(str(move)) == move
        assert parse_move(str(move).upper()) == move
        assert eval(repr(move)) == move


def test_places_order_front_first_spaces_increasing() -> None:
    assert PLACES[0] == Place(Side.FRONT, (0, 0, 0, 0))
    assert PLACES[1] == Place(Side.FRONT, (0, 0, 0, 1))
    assert PLACES[625] == Place(Side.BACK, (0, 0, 0, 0))
    assert PLACES[-1] == Place(Side.BACK, (4, 4, 4, 4))


@pytest.mark.parametrize(("text", "move"), [
    ("front 0 1 2 4", Place(Side.FRONT, (0, 1, 2, 4))),
    ("  FRONT   0 1 2 4 ", Place(Side.FRONT, (0, 1, 2, 4))),
    ("place back 4 4 0 0", Place(Side.BACK, (4, 4, 0, 0))),
    ("b 2222", Place(Side.BACK, (2, 2, 2, 2))),
    ("f 0 0 0 3", Place(Side.FRONT, (0, 0, 0, 3))),
    ("r7", Play(card("R7"))),
    ("play MONKEY", Play(MONKEY)),
    ("First Mate", Play(MATE)),
])
def test_parse_move_variants(text: str, move: object) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize("text", ["front 0 1 2", "front 0 1 2 5", "front 01 2 4", "side 0 1 2 3",
                                  "R7 R8", "", "bid 3", "front", "back 0 1 2 3 4"])
def test_bad_move_text(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_move(text)


def test_deal_round_trips() -> None:
    for players in range(2, 7):
        deal = seeded_deal(Config(players=players), 9, 1)
        assert parse_move(str(deal)) == deal
    parsed = parse_move("deal R2 | B3 | CENTER Y4 G5 | ghost R3")
    assert parsed == Deal([cards("R2"), cards("B3")], cards("Y4 G5"), cards("R3"))


def test_play_takes_a_card() -> None:
    with raises_wrong_type("Play takes a Skull Queen Card"):
        Play("R7")  # type: ignore[arg-type]
    with raises_wrong_type("spaces are four numbers 0..4"):
        Place(Side.FRONT, 5)  # type: ignore[arg-type]
