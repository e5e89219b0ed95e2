"""Documented calls type-check with precise results (issue 12, typed usage).

The ``assert_type`` lines are checked by ``mypy --strict`` (tests/static/test_static_checks.py):
a result typed ``Any`` or ``Never`` fails them. At run time they return their argument.
"""

from __future__ import annotations

import random

from typing_extensions import assert_type

from skullgames import from_json, king, queen, to_json
from skullgames.bots import Bot, RandomBot, make_bot


def test_from_json_of_a_move_union_is_that_union() -> None:
    move = assert_type(from_json('{"type": "bid", "n": 1}', king.Move), king.Move)
    assert move == king.Bid(1)
    place = queen.parse_move("back 4 4 0 0")
    assert assert_type(from_json(to_json(place), queen.Move), queen.Move) == place


def test_from_json_of_a_class_is_that_class() -> None:
    state = king.new_game(seed=1)
    loaded = assert_type(from_json(to_json(state), king.State), king.State)
    assert loaded == state
    assert assert_type(from_json(b'{"type": "bid", "n": 2}', king.Bid), king.Bid) == king.Bid(2)


def test_make_bot_is_typed_by_its_game() -> None:
    bot = assert_type(make_bot("king", "greedy", random.Random(1)),
                      Bot[king.Observation, king.Move])
    state = king.new_game(seed=1)
    seat = king.current_player(state)
    assert seat is not None
    assert bot.choose(king.observe(state, seat)) in king.legal_moves(state)
    queen_bot = assert_type(make_bot("queen", "random", random.Random(1)),
                            Bot[queen.Observation, queen.Move])
    first = queen.new_game(seed=1)
    seat = queen.current_player(first)
    assert seat is not None
    assert queen_bot.choose(queen.observe(first, seat)) in queen.legal_moves(first)


def test_random_bot_returns_the_games_move_type() -> None:
    state = queen.new_game(seed=3)
    seat = queen.current_player(state)
    assert seat is not None
    move = assert_type(RandomBot(random.Random(2)).choose(queen.observe(state, seat)),
                       queen.Move)
    assert move in queen.legal_moves(state)


def test_the_observation_shortcuts_are_typed() -> None:
    state = king.new_game(king.Config(players=3, rounds=(2,)), seed=4)
    for text in ("bid 1", "bid 0", "bid 2"):
        state = king.apply(state, king.parse_move(text))
    view = king.observe(state, 1)
    plays = assert_type(view.plays, tuple[king.Play, ...])
    assert all(play.card in view.hand for play in plays)
    assert assert_type(view.own_bid, int) == 1
    assert assert_type(view.still_to_play, tuple[int | None, ...]) == (2, 0)
