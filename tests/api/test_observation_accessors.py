"""The typed shortcuts of the observations (issue 12, typed usage): ``plays``, the seat's own
bid or placement, and who is still to play, checked against what the engine then does.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import GAMES, SkullgamesError, king, queen


@pytest.mark.parametrize("name", ["king", "queen"])
@settings(max_examples=15, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_the_shortcuts_agree_with_the_game(name: str, seed: int, players: int) -> None:
    game = GAMES[name]
    rounds = (3,) if name == "king" else 1
    state = game.new_game(game.Config(players=players, rounds=rounds), seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None
        view = game.observe(state, seat)
        if view.phase.value == "play":
            assert view.plays == view.legal_moves
            assert view.still_to_play == tuple(played_after(game, state, rng))
            checked += 1
        else:
            assert view.plays == ()
            assert view.still_to_play == ()
        for other in range(players):
            if other != seat:
                assert game.observe(state, other).plays == ()
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert checked > 0


def played_after(game: Any, state: Any, rng: random.Random) -> list[int | None]:
    """Who plays to the trick on the table after the seat to move: play it out and look.

    The last card of a trick is always a seat's (Graybeard never plays last), so the
    trick is the one on the table before the last move, and the seat that made it.
    """
    before = len(state.trick)
    finished = len(state.tricks)
    while True:
        last = state
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        if game.is_over(state) or len(state.tricks) != finished:
            break
    seats = [seat for seat, _ in last.trick] + [game.current_player(last)]
    return seats[before + 1:]


def test_own_bid_is_the_seats_bid_once_made() -> None:
    state = king.new_game(king.Config(players=3, rounds=(2,)), seed=4)
    with pytest.raises(SkullgamesError, match="seat 1 has not bid yet this round"):
        _ = king.observe(state, 1).own_bid
    state = king.apply(state, king.Bid(2))  # seat 1 bids first
    assert king.observe(state, 1).own_bid == 2
    assert king.observe(state, 2).bids == (None, None, None)
    with pytest.raises(SkullgamesError, match="seat 2 has not bid"):
        _ = king.observe(state, 2).own_bid


def test_graybeard_plays_right_after_a_human_lead() -> None:
    """DECISIONS K10: with two players Graybeard plays second after a human lead."""
    state = king.new_game(king.Config(players=2, rounds=(2,)), seed=4)
    for move in ("bid 1", "bid 0"):
        state = king.apply(state, king.parse_move(move))
    view = king.observe(state, 1)
    assert view.trick == ()
    assert view.still_to_play == (None, 0)


def test_own_placement_is_the_seats_placement_once_made() -> None:
    state = queen.new_game(queen.Config(players=3), seed=2)
    seat = queen.current_player(state)
    assert seat is not None
    with pytest.raises(SkullgamesError, match=f"seat {seat} has not placed"):
        _ = queen.observe(state, seat).own_placement
    state = queen.apply(state, queen.parse_move("back 1 2 3 4"))
    assert queen.observe(state, seat).own_placement == queen.parse_move("back 1 2 3 4")
