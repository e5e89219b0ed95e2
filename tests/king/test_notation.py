"""Card and move notation: text both ways, and only InvalidNotationError on bad text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import InvalidNotationError
from skullgames.king import Bid, Config, Deal, Edition, Play, card, parse_move
from skullgames.king.cards import ALL_CARDS
from tests.support.king.helpers import cards


@pytest.mark.parametrize("face", ALL_CARDS, ids=str)
def test_every_card_reads_back_from_its_text(face: object) -> None:
    text = str(face)
    assert card(text) == face
    assert card(text.lower()) == face
    assert repr(face) == f"card({text!r})"


def test_decks_of_both_editions() -> None:
    """§2.1 / §3.1 / K1: 66 classic cards, 70 modern, 74 with the advanced cards."""
    modern = Config().deck
    assert len(modern) == 70
    assert sum(c.is_number for c in modern) == 56
    assert {str(c) for c in modern if c.rank == 14} == {"Y14", "G14", "P14", "B14"}
    assert [str(c) for c in modern].count("ESC") == 5
    assert [str(c) for c in modern].count("MER") == 2
    classic = Config(edition=Edition.CLASSIC).deck
    assert len(classic) == 66
    assert {c.suit.value for c in classic if c.suit is not None} == {"Y", "R", "U", "B"}
    assert max(c.rank for c in classic) == 13
    advanced = Config(loot=True, kraken=True, white_whale=True).deck
    assert sorted(map(str, advanced)) == sorted(
        [*map(str, modern), "LOOT", "LOOT", "KRAKEN", "WHALE"])


@pytest.mark.parametrize("move", [
    Bid(0), Bid(10), Play(card("Y12")), Play(card("TIG"), as_pirate=True),
    Play(card("TIG"), as_pirate=False), Play(card("ROSIE")),
    Deal([cards("Y1 B3"), cards("G7 SK"), cards("TIG ESC")]),
], ids=str)
def test_every_move_reads_back_from_its_text(move: Bid | Play | Deal) -> None:
    assert parse_move(str(move)) == move
    assert parse_move(str(move).lower()) == move


@pytest.mark.parametrize("text", ["bid ²", "bid x", "bid -1", "bid " + "9" * 5000, "TIG",
                                  "Y3 pirate", "Z9", "", "play", "bid 1 2"])
def test_bad_move_text_is_an_invalid_notation_error(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_move(text)


@settings(max_examples=300)
@given(text=st.text(max_size=12) | st.lists(st.sampled_from(
    ["bid", "deal", "|", "ghost", "tig", "pirate", "escape", "p", "e", "y1", "B14", "sk", "²",
     "3", "-1", "1_0", "١", "Y 3", " ", "\t", "ß"]), max_size=6).map(" ".join))
def test_any_text_parses_or_is_refused_cleanly(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidNotationError:
        return
    if isinstance(move, Deal) and not move.hands:
        return  # "deal ghost MER" deals no hands: no game accepts it, and it prints as one
    assert parse_move(str(move)) == move
