"""The rule functions of :mod:`skullgames.queen.rules`, called directly on positions.

RESEARCH.md §1.5 (following), §1.7 (the next leader), DECISIONS Q6.
"""

from __future__ import annotations

from skullgames.queen import Card, Color, Play, card
from skullgames.queen.rules import check_play, next_leader


def test_a_card_that_follows_may_be_played_by_a_player_who_must_follow() -> None:
    # §1.5: a player holding yellow must follow yellow, and may: yellow or a special.
    hand = (card("Y3"), card("Y9"), card("B2"), card("MONKEY"))
    check_play(card("Y3"), hand, Color.YELLOW)
    check_play(card("MONKEY"), hand, Color.YELLOW)
    check_play(card("B2"), hand, None)  # no colour set yet: anything


def test_a_card_equal_to_one_in_the_hand_is_in_the_hand() -> None:
    # A Card built again (not the library's interned one) is still the card in the hand.
    copy = Card(Color.RED, 3)
    assert copy == card("R3")
    check_play(copy, (card("R3"), card("Y4")), None)


def test_the_monkey_alone_leads_with_value_0() -> None:
    # Q6 / §1.7: the highest value leads, the Monkey's 0 included (a trick so far of one
    # card: who would lead if nobody played after).
    assert next_leader([(2, Play(card("MONKEY")))]) == 2


def test_an_empty_trick_has_no_next_leader() -> None:
    assert next_leader([]) is None
