"""Trick evaluation from plain values: RESEARCH.md §1.5–§1.7 and §1.10, DECISIONS Q3–Q7.

Each test is a position with the outcome the rules give, and cites where they say so.
"""

from __future__ import annotations

import pytest

from skullgames import IllegalMoveError
from skullgames.queen import Plank, Reason, Side, card, resolve_trick
from tests.support.queen.helpers import BLUE, GREEN, MATE, MONKEY, RED, YELLOW, cards, middle, steps


def test_rulebook_example_blue_trick_with_yellow_4_and_blue_3_in_the_centre() -> None:
    # RESEARCH §1.6 / rulebook "Play your cards": Antonia B6, Beatrice G7 (no blue),
    # Charlotte B12, Daisy B8; Y4 and B3 in the centre.
    result = resolve_trick(
        [(0, card("B6")), (1, card("G7")), (2, card("B12")), (3, card("B8"))],
        center=cards("Y4 B3"),
    )
    # Charlotte moves 2 up (Aye, Ma'am! is in the trick); the lowest blue is the
    # neutral B3, so nobody moves down; Antonia and Daisy are in between.
    assert steps(result) == [(2, BLUE, 2)]
    assert result.movements[0].reason is Reason.HIGHEST
    assert result.movements[0].doubled_by == card("B8")
    assert result.evaluated == (BLUE,)
    assert result.set_aside == cards("B3 B6 B8 B12")
    # The yellow 4 stays, Beatrice's green 7 joins it; Charlotte leads next.
    assert result.center == cards("Y4 G7")
    assert result.to_center == cards("G7")
    assert result.next_leader == 2


def test_rulebook_example_charlotte_moves_from_the_centre_space_onto_the_8() -> None:
    # Rulebook: "Charlotte's blue Pirate is on the center space. She moves it 2 spaces
    # up, onto the number 8 space."
    planks = [middle(), middle(), middle(), middle()]
    result = resolve_trick(
        [(0, card("B6")), (1, card("G7")), (2, card("B12")), (3, card("B8"))],
        center=cards("Y4 B3"), planks=planks,
    )
    assert result.planks is not None
    assert result.planks[2] == Plank(Side.FRONT, (2, 2, 2, 4))
    assert result.planks[2].points() == 3 + 3 + 3 + 8
    assert result.planks[:2] == (middle(), middle())
    assert result.planks[3] == middle()
    assert result.falls == ()


def test_highest_moves_up_and_lowest_moves_down_by_one() -> None:
    # §1.6: ≥2 cards of a colour: highest owner up 1, lowest owner down 1, middle stays.
    result = resolve_trick([(0, card("R4")), (1, card("R9")), (2, card("R2"))])
    assert steps(result) == [(1, RED, 1), (2, RED, -1)]
    assert [m.reason for m in result.movements] == [Reason.HIGHEST, Reason.LOWEST]
    assert result.center == ()
    assert result.set_aside == cards("R2 R4 R9")


def test_aye_maam_and_quick_snack_double_the_moves_whoever_played_them() -> None:
    # §1.5: the 8 doubles the highest's move, the 5 the lowest's, whoever played them.
    result = resolve_trick([(0, card("R8")), (1, card("R5")), (2, card("R10")), (3, card("R2"))])
    assert steps(result) == [(2, RED, 2), (3, RED, -2)]
    assert result.movements[0].doubled_by == card("R8")
    assert result.movements[1].doubled_by == card("R5")


def test_a_movement_says_which_way_how_far_why_and_what_doubled_it() -> None:
    # §1.6 / Q1: up toward the narrow end for the highest, down for the lowest; the 8
    # (Aye, Ma'am!) doubles the move up, the 5 (Quick Snack) the move down (§1.5).
    doubled = resolve_trick([(0, card("R3")), (1, card("R9")), (2, card("R5")), (3, card("R8"))])
    assert [str(m) for m in doubled.movements] == [
        "seat 1 moves red 2 up (R9 is the highest red, doubled by R8)",
        "seat 0 moves red 2 down (R3 is the lowest red, doubled by R5)",
    ]
    single = resolve_trick([(2, card("B4")), (0, card("B11")), (1, card("B2"))])
    assert [str(m) for m in single.movements] == [
        "seat 0 moves blue 1 up (B11 is the highest blue)",
        "seat 1 moves blue 1 down (B2 is the lowest blue)",
    ]


def test_without_planks_a_trick_moves_no_pawn_and_nothing_falls() -> None:
    # §1.6: the movements are known from the cards alone; the planks after them and the
    # pawns that fell (E10) only when the planks were given.
    result = resolve_trick([(0, card("R3")), (1, card("R9"))])
    assert steps(result) == [(1, RED, 1), (0, RED, -1)]
    assert result.planks is None
    assert result.falls == ()


def test_the_8_and_5_double_only_their_own_colour() -> None:
    result = resolve_trick([(0, card("R3")), (1, card("Y8")), (2, card("R9")), (3, card("Y5"))])
    assert steps(result) == [(2, RED, 1), (0, RED, -1), (1, YELLOW, 2), (3, YELLOW, -2)]


def test_the_8_itself_highest_moves_its_player_two_up() -> None:
    result = resolve_trick([(0, card("G8")), (1, card("G2"))])
    assert steps(result) == [(0, GREEN, 2), (1, GREEN, -1)]


def test_e1_leftover_centre_cards_are_neutral_members_of_the_trick() -> None:
    # E1: the leftovers are neutral members of every trick until evaluated.
    result = resolve_trick([(0, card("G3")), (1, card("Y6"))], center=cards("G9 B2"))
    assert steps(result) == [(0, GREEN, -1)]  # G9 is the highest green, and neutral
    assert result.center == cards("Y6 B2")


def test_e2_two_centre_cards_of_one_colour_are_evaluated_in_trick_1() -> None:
    # E2 / DECISIONS Q3: the colour has ≥2 cards whatever is played; centre cards never
    # move a pawn; then the whole colour is set aside.
    result = resolve_trick([(0, card("R3")), (1, card("R6")), (2, card("R9"))],
                           center=cards("Y4 Y9"))
    assert steps(result) == [(2, RED, 1), (0, RED, -1)]
    assert result.evaluated == (RED, YELLOW)
    assert result.set_aside == cards("R3 R6 R9 Y4 Y9")
    assert result.center == ()


def test_e2_a_player_who_plays_that_colour_can_be_highest() -> None:
    result = resolve_trick([(0, card("R3")), (1, card("R5")), (2, card("Y11")), (3, card("R9"))],
                           center=cards("Y4 Y9"))
    assert steps(result) == [(3, RED, 1), (0, RED, -2), (2, YELLOW, 1)]
    assert result.set_aside == cards("R3 R5 R9 Y4 Y9 Y11")


def test_e3_centre_monkey_takes_the_trick_colour_and_cancels_the_move_down() -> None:
    # E3 / DECISIONS Q4: a leftover Monkey takes trick 1's colour as a neutral lowest.
    result = resolve_trick([(1, card("Y6")), (2, card("G3")), (3, card("B4")), (0, card("R6"))],
                           center=[MONKEY, card("B3")])
    assert result.trick_colors == (YELLOW,)
    assert steps(result) == [(1, YELLOW, 1), (3, BLUE, 1)]
    assert result.set_aside == (card("Y6"), card("B3"), card("B4"), MONKEY)
    assert result.center == cards("R6 G3")


def test_e3_centre_first_mate_cancels_the_move_up() -> None:
    result = resolve_trick([(0, card("R6")), (1, card("R9"))], center=[card("R2"), MATE])
    assert steps(result) == []  # the First Mate is highest, the R2 lowest: both neutral
    assert result.set_aside == (card("R2"), card("R6"), card("R9"), MATE)


def test_e4_monkey_led_then_first_mate_the_third_card_sets_the_colour() -> None:
    # E4 / DECISIONS Q5: both specials take the third card's colour.
    result = resolve_trick([(0, MONKEY), (1, MATE), (2, card("R4")), (3, card("R9"))])
    assert result.trick_colors == (RED,)
    assert steps(result) == [(1, RED, 1), (0, RED, -1)]
    assert result.next_leader == 1  # the First Mate is 13


def test_monkey_is_lowest_and_first_mate_highest_of_the_colour_they_take() -> None:
    # §1.5: they take the trick colour, whatever the card that led.
    result = resolve_trick([(0, card("G2")), (1, MONKEY), (2, card("G11")), (3, MATE)])
    assert steps(result) == [(3, GREEN, 1), (1, GREEN, -1)]


def test_a_special_takes_the_trick_colour_not_its_players_other_colours() -> None:
    # The trick colour is the lead's, even if later cards are of another colour.
    result = resolve_trick([(0, card("B7")), (1, card("R2")), (2, MATE)])
    assert result.trick_colors == (BLUE,)
    assert steps(result) == [(2, BLUE, 1), (0, BLUE, -1)]
    assert result.center == cards("R2")


def test_e5_an_8_or_5_in_the_centre_counts() -> None:
    # E5: centre cards form part of the trick; the effect says "if in the trick".
    up = resolve_trick([(0, card("B2")), (1, card("B10"))], center=cards("B8"))
    assert steps(up) == [(1, BLUE, 2), (0, BLUE, -1)]
    assert up.movements[0].doubled_by == card("B8")
    down = resolve_trick([(0, card("B2")), (1, card("B10"))], center=cards("B5"))
    assert steps(down) == [(1, BLUE, 1), (0, BLUE, -2)]


def test_e6_a_single_8_has_no_effect_and_waits_in_the_centre() -> None:
    # E6: single cards do not affect this trick, but can trigger in a later one.
    first = resolve_trick([(0, card("R3")), (1, card("Y8")), (2, card("R7"))])
    assert steps(first) == [(2, RED, 1), (0, RED, -1)]
    assert first.center == cards("Y8")
    later = resolve_trick([(0, card("Y3")), (1, card("Y10")), (2, card("G4"))],
                          center=first.center)
    assert steps(later) == [(1, YELLOW, 2), (0, YELLOW, -1)]


def test_e7_neutral_highest_cancels_the_move_up_but_the_lowest_still_moves() -> None:
    # E7: nobody moves for a neutral extreme; doubling is moot for it.
    result = resolve_trick([(0, card("R2")), (1, card("R8"))], center=cards("R12"))
    assert steps(result) == [(0, RED, -1)]


def test_e8_two_cards_one_of_them_a_players() -> None:
    # E8: the player's card is highest or lowest and moves.
    assert steps(resolve_trick([(0, card("R3"))], center=cards("R7"))) == [(0, RED, -1)]
    assert steps(resolve_trick([(0, card("R9"))], center=cards("R7"))) == [(0, RED, 1)]


def test_e9_all_singles_nobody_moves_and_all_go_to_the_centre() -> None:
    # E9: the lead is the only card of its colour: a single; maybe nobody moves at all.
    result = resolve_trick([(0, card("R3")), (1, card("Y4")), (2, card("G5")), (3, card("B6"))])
    assert result.movements == ()
    assert result.evaluated == ()
    assert result.center == cards("R3 Y4 G5 B6")
    assert result.next_leader == 3


def test_the_singles_lie_in_the_centre_in_canonical_order_whatever_the_play_order() -> None:
    # E9 and E1: the singles, played or neutral, stay in the centre, which is kept in
    # canonical order (colours red, yellow, green, blue); here they come in the reverse.
    result = resolve_trick([(0, card("B6")), (1, card("G5")), (2, card("MONKEY")),
                            (3, card("Y9")), (4, card("G11"))],
                           center=[card("Y2"), card("R7")])
    assert result.evaluated == (YELLOW, GREEN, BLUE)  # the Monkey takes blue, the colour led
    assert result.center == cards("R7")
    assert result.set_aside == cards("Y2 Y9 G5 G11 B6 MONKEY")
    result = resolve_trick([(0, card("B6")), (1, card("G5")), (2, card("Y9"))],
                           center=[card("R7")])
    assert result.center == cards("R7 Y9 G5 B6")


def test_falls_off_the_top() -> None:
    # §1.6 falling off: past the narrow end, into the water.
    planks = [Plank(Side.FRONT, (4, 2, 2, 2)), middle()]
    result = resolve_trick([(0, card("R9")), (1, card("R3"))], planks=planks)
    assert result.falls == ((0, RED),)
    assert result.planks is not None
    assert result.planks[0].spaces == (None, 2, 2, 2)
    assert result.planks[1].spaces == (1, 2, 2, 2)


def test_falls_off_the_bottom_with_a_quick_snack_from_space_1() -> None:
    # §1.6: "A −2 move from idx 3 falls" in RESEARCH's top-down numbering, that is from
    # space 1 in ours (0 = bottom).
    planks = [middle(), Plank(Side.BACK, (2, 2, 1, 2))]
    result = resolve_trick([(0, card("G9")), (1, card("G5"))], planks=planks)
    assert steps(result) == [(0, GREEN, 1), (1, GREEN, -2)]
    assert result.falls == ((1, GREEN),)
    assert result.planks is not None
    assert result.planks[1] == Plank(Side.BACK, (2, 2, None, 2))
    assert result.planks[0].spaces == (2, 2, 3, 2)


def test_aye_maam_from_space_3_falls_and_from_space_2_reaches_the_top() -> None:
    planks = [Plank(Side.FRONT, (3, 2, 2, 2)), Plank(Side.FRONT, (2, 2, 2, 2))]
    falls = resolve_trick([(0, card("R11")), (1, card("R8"))], planks=planks)
    assert falls.falls == ((0, RED),)
    stays = resolve_trick([(1, card("R11")), (0, card("R8"))], planks=planks)
    assert stays.falls == ()
    assert stays.planks is not None
    assert stays.planks[1].spaces[0] == 4


def test_e10_a_pawn_in_the_water_takes_no_further_moves() -> None:
    # E10: ignore further movement of that colour for that player this round.
    planks = [Plank(Side.FRONT, (None, 2, 2, 2)), middle()]
    result = resolve_trick([(0, card("R9")), (1, card("R3"))], planks=planks)
    assert steps(result) == [(0, RED, 1), (1, RED, -1)]  # the rules' movements...
    assert result.falls == ()  # ...but the fallen pawn neither moves nor falls again
    assert result.planks is not None
    assert result.planks[0].spaces == (None, 2, 2, 2)


def test_next_leader_is_the_highest_value_in_any_colour() -> None:
    # §1.7: values compared across colours.
    result = resolve_trick([(0, card("R3")), (1, card("Y11")), (2, card("R10"))])
    assert result.next_leader == 1


def test_next_leader_tie_goes_to_the_last_played() -> None:
    # DECISIONS Q6: ties go to whoever played the tied value last.
    tie = resolve_trick([(2, card("Y11")), (3, card("R11")), (0, card("R2")), (1, card("G11"))])
    assert tie.next_leader == 1
    tie = resolve_trick([(2, card("Y11")), (3, card("R11")), (0, card("R2"))])
    assert tie.next_leader == 3


def test_e11_centre_cards_never_give_the_lead_but_new_singles_do() -> None:
    # E11: only cards played this trick; singles moved to the centre still compete.
    result = resolve_trick([(0, card("R3")), (1, card("R5")), (2, card("Y2"))],
                           center=cards("G12"))
    assert result.next_leader == 1
    result = resolve_trick([(0, card("R3")), (1, card("Y9")), (2, card("R5"))])
    assert result.center == cards("Y9")
    assert result.next_leader == 1


def test_ghost_card_is_neutral_and_the_ghost_leads_next() -> None:
    # §1.9 / DECISIONS Q7: his card is neutral; he leads every trick.
    result = resolve_trick([(None, card("R11")), (0, card("R3")), (1, card("R6"))])
    assert steps(result) == [(0, RED, -1)]
    assert result.next_leader is None


def test_ghost_card_lowest_is_neutral() -> None:
    result = resolve_trick([(None, card("R4")), (0, card("R9")), (1, card("Y7"))])
    assert steps(result) == [(0, RED, 1)]
    assert result.center == cards("Y7")


def test_e12_ghost_special_counts_in_both_captains_colours() -> None:
    # §1.9: "If you have played 2 different colors, the Monkey or the First Mate count
    # for both colors in this trick."
    result = resolve_trick([(None, MATE), (0, card("R7")), (1, card("Y3"))])
    assert result.trick_colors == (RED, YELLOW)
    assert steps(result) == [(0, RED, -1), (1, YELLOW, -1)]
    assert result.evaluated == (RED, YELLOW)
    assert result.set_aside == (card("R7"), card("Y3"), MATE)  # the Mate only once
    assert result.center == ()


def test_ghost_special_with_one_captain_colour_counts_once() -> None:
    result = resolve_trick([(None, MONKEY), (0, card("R7")), (1, card("R3"))])
    assert result.trick_colors == (RED,)
    assert steps(result) == [(0, RED, 1)]  # the Monkey is the neutral lowest


def test_e12_captain_plays_the_other_special_on_the_ghosts_special() -> None:
    # E12: the remaining captain's colour is the trick colour; both specials count in it.
    result = resolve_trick([(None, MONKEY), (0, MATE), (1, card("R7"))])
    assert result.trick_colors == (RED,)
    assert steps(result) == [(0, RED, 1)]
    assert result.set_aside == (card("R7"), MONKEY, MATE)


def test_ghost_special_with_centre_cards_of_the_captains_colours() -> None:
    result = resolve_trick([(None, MATE), (0, card("R7")), (1, card("Y3"))],
                           center=cards("R2 Y8 B4"))
    # red: Mate (neutral, high), R7, R2 (neutral, low): nobody moves.
    # yellow: Mate (neutral high, doubled moot), Y8, Y3: seat 1 lowest, down 1.
    assert steps(result) == [(1, YELLOW, -1)]
    assert result.center == cards("B4")


@pytest.mark.parametrize(
    ("plays", "center", "message"),
    [
        ([], (), "at least one card"),
        ([(0, card("R3")), (1, card("R3"))], (), "twice"),
        ([(0, card("R3"))], cards("R3"), "twice"),
        ([(0, card("R3")), (0, card("R4"))], (), "plays twice"),
        ([(0, card("R3")), (None, card("R4"))], (), "comes first"),
        ([(-1, card("R3"))], (), "not a seat"),
        # Issue 35: a seat is one of a game's, 0..5 (6 players at most, Q7: 0..1 with
        # the ghost); seat 10**100 was taken.
        ([(10**100, card("R3")), (1, card("Y3"))], (), "not a seat 0..5"),
        ([(6, card("R3"))], (), "not a seat 0..5"),
        ([(None, card("R5")), (0, card("R3")), (2, card("R4"))], (), "beside the ghost"),
        ([(0, "R3")], (), "pair"),
        ([(0, MONKEY), (1, MATE)], (), "coloured card"),
    ],
)
def test_resolve_trick_refuses_impossible_tricks(plays: list[object], center: object,
                                                 message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        resolve_trick(plays, center)  # type: ignore[arg-type]


def test_resolve_trick_checks_the_planks() -> None:
    with pytest.raises(IllegalMoveError, match="no plank"):
        resolve_trick([(0, card("R3")), (3, card("R4"))], planks=[middle()])
    with pytest.raises(IllegalMoveError, match="spaces"):
        resolve_trick([(0, card("R3"))], planks=[Plank(Side.FRONT, (5, 0, 0, 0))])


@pytest.mark.parametrize("kind", [set, frozenset])
def test_e1_the_centre_may_be_given_as_an_unordered_collection(kind: type) -> None:
    # E1: the leftovers in the centre are neutral members of the trick; they lie in the
    # middle in no order, so a set of them is read as well as a list (the result keeps
    # the canonical card order). Issue 47: no test gave the centre unordered.
    result = resolve_trick([(0, card("G3")), (1, card("Y6"))], center=kind(cards("G9 B2")))
    assert steps(result) == [(0, GREEN, -1)]  # G9 is the highest green, and neutral
    assert result.center_before == cards("G9 B2")
    assert result.center == cards("Y6 B2")
