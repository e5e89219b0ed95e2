"""Two players and the ghost Pirate King: RESEARCH.md §1.9, E12, DECISIONS Q7."""

from __future__ import annotations

import pytest

from skullgames import IllegalMoveError
from skullgames.queen import (
    Config,
    Phase,
    Play,
    State,
    card,
    current_player,
    legal_moves,
    new_game,
    observe,
)
from tests.support.queen.helpers import (
    BLUE,
    MATE,
    RED,
    YELLOW,
    cards,
    color_run,
    dealt,
    moves,
    steps,
)

TWO = Config(players=2)
HANDS = (
    color_run("R", 2, 11) + " B2 B3 B4 MONKEY",
    color_run("Y", 2, 11) + " G2 G3 B5 B6",
)
GHOST = "B7 MATE " + color_run("G", 4, 11) + " B8 B9 B10 B11"


def started() -> State:
    state = dealt(TWO, HANDS, ghost=GHOST)
    return moves(state, "front 2 2 2 2", "front 2 2 2 2")


def test_two_players_use_42_cards_in_three_stacks_for_two_rounds() -> None:
    assert TWO.has_ghost
    assert TWO.rounds == 2
    assert TWO.hand_size == 14
    assert len(TWO.deck) == 42
    assert TWO.center_size == 0


def test_the_ghost_needs_his_stack_in_the_deal() -> None:
    with pytest.raises(IllegalMoveError, match="14 cards for the Pirate King"):
        dealt(TWO, HANDS)


def test_the_pirate_king_reveals_his_top_card_and_leads_every_trick() -> None:
    state = dealt(TWO, HANDS, ghost=GHOST)
    assert state.ghost == cards(GHOST)
    assert state.trick == ()
    assert current_player(state) == 1  # the seat left of the dealer places first
    state = moves(state, "front 2 2 2 2", "front 2 2 2 2")
    assert state.phase is Phase.PLAY
    assert state.trick == ((None, Play(card("B7"))),)
    assert state.leader is None
    assert state.trick_color is BLUE
    assert len(state.ghost) == 13
    assert current_player(state) == 1


def test_captains_must_follow_the_pirate_kings_colour() -> None:
    state = started()
    assert legal_moves(state) == (Play(card("B5")), Play(card("B6")))
    with pytest.raises(IllegalMoveError,
                       match=r"must follow blue \(the Pirate King's colour\): you hold B5, B6"):
        moves(state, "Y2")
    state = moves(state, "B6")
    # The first captain's card does not change what the second must do.
    assert legal_moves(state) == tuple(Play(c) for c in cards("B2 B3 B4 MONKEY"))


def test_the_first_commitment_is_hidden_until_both_are_in() -> None:
    state = moves(started(), "B6")
    other = observe(state, 0)
    assert other.trick == ((None, Play(card("B7"))),)
    assert other.face_down == (1,)
    assert observe(state, 1).trick == ((None, Play(card("B7"))), (1, Play(card("B6"))))
    assert observe(state, 1).face_down == ()
    # Both in: the trick is turned up and resolved at once.
    state = moves(state, "B2")
    assert state.tricks[0].plays == ((None, Play(card("B7"))), (1, Play(card("B6"))),
                                     (0, Play(card("B2"))))
    assert observe(state, 0).tricks[0] == state.tricks[0]


def test_his_card_is_neutral() -> None:
    # §1.9: he has no plank; if his card is highest or lowest, nobody moves for it.
    state = moves(started(), "B6", "B2")
    assert steps(state.tricks[0]) == [(0, BLUE, -1)]  # B7 highest: nobody up
    assert state.planks[0].spaces == (2, 2, 2, 1)
    assert state.planks[1].spaces == (2, 2, 2, 2)
    # He leads the next trick again, whatever was played.
    assert state.trick == ((None, Play(MATE)),)
    assert state.leader is None
    assert current_player(state) == 1


def test_his_special_frees_the_captains_and_counts_in_both_their_colours() -> None:
    # §1.9 / E12: with the Monkey or First Mate nobody has to follow; with two captain
    # colours it counts in both.
    state = moves(started(), "B6", "B2")
    assert state.trick_color is None
    assert len(legal_moves(state)) == 13  # seat 1's whole hand
    state = moves(state, "Y9", "R4")
    trick = state.tricks[1]
    assert trick.trick_colors == (RED, YELLOW)
    assert steps(trick) == [(0, RED, -1), (1, YELLOW, -1)]
    assert state.center == ()


def test_captains_playing_the_same_colour_against_his_special() -> None:
    state = dealt(TWO, HANDS, ghost="MATE B7 " + color_run("G", 4, 11) + " B8 B9 B10 B11")
    state = moves(state, "front 2 2 2 2", "back 0 0 0 0", "B5", "B3")
    # The First Mate is the neutral highest; the B3 lowest, with the Quick Snack B5.
    assert steps(state.tricks[0]) == [(0, BLUE, -2)]
    assert state.planks[0].spaces == (0, 0, 0, None)  # from space 0 it falls


def test_e12_a_captain_plays_the_monkey_on_his_first_mate() -> None:
    state = moves(started(), "B6", "B2", "Y9", "MONKEY")
    trick = state.tricks[1]
    assert trick.trick_colors == (YELLOW,)
    # yellow: First Mate (neutral) highest, Y9 between, the Monkey lowest: seat 0 down.
    assert steps(trick) == [(0, YELLOW, -1)]


def test_a_two_player_game_runs_two_rounds_and_the_dealer_alternates() -> None:
    state = new_game(TWO, seed=3)
    while state.round_index == 0:
        state = moves(state, str(legal_moves(state)[0]))
    assert state.dealer == 1
    assert current_player(state) == 0
    assert len(state.ghost) == 14
    assert state.rounds[0].dealer == 0
    while state.phase is not Phase.OVER:
        state = moves(state, str(legal_moves(state)[-1]))
    assert len(state.rounds) == 2
    assert all(len(r.tricks) == 14 for r in state.rounds)
