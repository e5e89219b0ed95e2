"""The rule functions of :mod:`skullgames.king.rules`, called directly on positions.

RESEARCH.md §3.3 (following suit), DECISIONS K4 (leading with a special, S1) and K13
(bidding order).
"""

from __future__ import annotations

from skullgames.king import Config, Suit, SuitState, card
from skullgames.king.rules import bidding_order, follows, next_to_bid, suit_of_trick
from tests.support.king.helpers import play


def test_bidding_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    # K13: bids are taken one by one in seat order starting left of the dealer.
    assert bidding_order(1, 4) == (2, 3, 0, 1)
    assert bidding_order(0, 3) == (1, 2, 0)
    assert next_to_bid(1, [None, None, None, None]) == 2
    assert next_to_bid(1, [None, None, 0, None]) == 3
    assert next_to_bid(2, [1, 0, 1]) is None


def test_a_character_lead_ends_the_choice_even_when_s1_is_off() -> None:
    # K4: a character led leaves the trick without a suit; S1 off (character_ends_choice
    # False) only lets a character played after escapes pass the choice on.
    s1_off = Config(character_ends_choice=False)
    led = [play("ROSIE"), play("Y3")]
    assert suit_of_trick(led, s1_off) == (SuitState.NONE, None)
    after_escape = [play("ESC"), play("ROSIE"), play("Y3")]
    assert suit_of_trick(after_escape, s1_off) == (SuitState.SET, Suit.YELLOW)
    assert suit_of_trick(after_escape, Config()) == (SuitState.NONE, None)


def test_what_follows_a_lead_and_what_follows_no_lead() -> None:
    # §3.3: the lead suit and every special card follow; with no suit to follow, anything.
    assert follows(card("Y3"), None) and follows(card("SK"), None)
    assert follows(card("SK"), Suit.YELLOW) and follows(card("Y9"), Suit.YELLOW)
    assert not follows(card("B14"), Suit.YELLOW)
