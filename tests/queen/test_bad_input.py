"""Bad input to Skull Queen gets the library's errors, never a raw one (issue 12).

A wrong Python type is a ``TypeError`` naming the argument (in the compiled build, mypyc's
own ``TypeError`` for a typed parameter: tests/support/type_errors.py); a wrong value is a
:class:`~skullgames.SkullgamesError` naming it; nothing is silently accepted.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from skullgames import ConfigError, IllegalMoveError, king
from skullgames.queen import (
    PLACES,
    Config,
    Deal,
    Observation,
    Phase,
    Place,
    Plank,
    Play,
    Side,
    State,
    apply,
    card,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    replay,
    resolve_trick,
    score_round,
    scores,
    seeded_deal,
    side_values,
    winners,
)
from tests.support.queen.helpers import middle
from tests.support.type_errors import raises_wrong_type

MAX_SEED = 2**128 - 1  # the largest seed, as wide as a drawn one; saved as digits

# -- Copies play on like the original ------------------------------------------------------


def mid_game(players: int, seed: int, moves: int) -> State:
    rng = random.Random(seed)
    state = new_game(Config(players=players), seed=seed)
    for _ in range(moves):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def play_out(state: State, seed: int) -> State:
    rng = random.Random(seed)
    while not is_over(state):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


COPIES: list[Callable[[State], State]] = [
    lambda s: pickle.loads(pickle.dumps(s)),
    lambda s: pickle.loads(pickle.dumps(s, protocol=0)),
    copy.deepcopy,
    copy.copy,
]


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("how", range(len(COPIES)))
def test_a_pickled_or_copied_state_plays_on_exactly_like_the_original(players: int,
                                                                       how: int) -> None:
    for moves in (players + 3, 40):  # during play, early and a few tricks in
        state = mid_game(players, seed=players * 10 + moves, moves=moves)
        assert state.phase is Phase.PLAY
        twin = COPIES[how](state)
        assert twin == state
        assert legal_moves(twin) == legal_moves(state)
        assert play_out(twin, seed=moves) == play_out(state, seed=moves)


def test_unpickled_cards_are_the_library_cards() -> None:
    for c in Config().deck:
        assert pickle.loads(pickle.dumps(c)) is c
        assert copy.deepcopy(c) is c


# -- Planks ------------------------------------------------------------------------------------


@pytest.mark.parametrize("spaces", [(5, 0, 0, 0), (-1, 0, 0, 0), (0, 0, 0), (0, 0, 0, 0, 0)])
def test_a_plank_is_four_spaces_0_to_4(spaces: tuple[int, ...]) -> None:
    # RESEARCH §1.8: a plank has five spaces per side, numbered 0 (bottom) to 4 (top).
    with pytest.raises(IllegalMoveError, match=r"four spaces 0\.\.4"):
        Plank(Side.FRONT, spaces)


@pytest.mark.parametrize("spaces", [(1.0, 0, 0, 0), (True, 0, 0, 0), ("1", 0, 0, 0), 5, "0000"])
def test_a_plank_of_the_wrong_types_is_a_type_error(spaces: Any) -> None:
    with raises_wrong_type("spaces"):
        Plank(Side.FRONT, spaces)
    with raises_wrong_type("side"):
        Plank("front", (0, 0, 0, 0))  # type: ignore[arg-type]


def test_a_plank_keeps_its_spaces_as_a_tuple() -> None:
    plank = Plank(Side.BACK, [0, None, 4, 2])
    assert plank.spaces == (0, None, 4, 2)
    assert plank.points() == 8 + 0 + 1 + 3  # back side: 8, 5, 3, 2, 1 bottom to top (Q1)
    assert hash(plank) == hash(Plank(Side.BACK, (0, None, 4, 2)))


@pytest.mark.parametrize(("values", "error"), [((1, 2, 3), ConfigError),
                                                ((1, 2, 3, 5, -8), ConfigError),
                                                ((1, 2, 3, 5, 8.0), ConfigError),
                                                (None, ConfigError)])
def test_plank_values_are_checked(values: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="plank_values"):
        middle().points(values)
    with pytest.raises(error, match="plank_values"):
        side_values(Side.FRONT, values)


def test_side_values_needs_a_side() -> None:
    with raises_wrong_type("side"):
        side_values("back")  # type: ignore[arg-type]


def test_a_missing_plank_is_refused_even_for_the_seat_next_to_the_last() -> None:
    # Seat 1 plays the highest red and would move up (RESEARCH §1.6), but there is only
    # a plank for seat 0: the boundary case of "no plank for this seat".
    with pytest.raises(IllegalMoveError, match="seat 1 plays but there is no plank"):
        resolve_trick([(0, card("R3")), (1, card("R4"))], planks=[middle()])
    # A seat whose card moves nothing needs its plank all the same.
    with pytest.raises(IllegalMoveError, match="seat 1 plays but there is no plank"):
        resolve_trick([(0, card("R3")), (1, card("Y4"))], planks=[middle()])


def test_score_round_checks_its_arguments() -> None:
    planks = [middle(), middle()]
    with raises_wrong_type("config"):
        score_round(planks, "x")  # type: ignore[arg-type]
    with raises_wrong_type("planks"):
        score_round(None)  # type: ignore[arg-type]
    with raises_wrong_type("plank of seat 1"):
        score_round([middle(), (2, 2, 2, 2)])  # type: ignore[list-item]
    assert score_round(planks, Config(players=2)) == (12, 12)


# -- new_game and seeded_deal -----------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "name"), [
    ({"seed": 1, "auto_deal": "no"}, "auto_deal"),
    ({"seed": 1, "auto_deal": 1}, "auto_deal"),
    ({"seed": 1, "auto_deal": None}, "auto_deal"),
    ({"seed": 1.0}, "seed"),
    ({"seed": True}, "seed"),
    ({"seed": "1"}, "seed"),
    ({"config": "x"}, "config"),
    ({"config": king.Config()}, "config"),
])
def test_new_game_refuses_arguments_of_the_wrong_type(kwargs: dict[str, Any],
                                                      name: str) -> None:
    with raises_wrong_type(name):
        new_game(**kwargs)


@pytest.mark.parametrize("seed", [MAX_SEED + 1, -MAX_SEED - 1, 10**5000],
                         ids=["2**128", "-2**128", "10**5000"])
def test_seeds_out_of_range_are_refused(seed: int) -> None:
    with pytest.raises(ConfigError, match="seed"):
        new_game(seed=seed)
    with pytest.raises(ConfigError, match="seed"):
        seeded_deal(Config(), seed, 0)


def test_the_largest_seeds_are_accepted() -> None:
    assert new_game(seed=MAX_SEED).seed == MAX_SEED
    assert new_game(seed=-MAX_SEED).seed == -MAX_SEED
    assert 0 <= new_game().seed <= MAX_SEED  # type: ignore[operator]


def test_seeded_deal_checks_its_arguments() -> None:
    with pytest.raises(ConfigError, match="round_index"):
        seeded_deal(Config(players=4), 1, 4)  # rounds 0..3
    with pytest.raises(ConfigError, match="round_index"):
        seeded_deal(Config(players=4), 1, -1)
    with raises_wrong_type("round_index"):
        seeded_deal(Config(players=4), 1, 1.0)  # type: ignore[arg-type]
    with raises_wrong_type("config"):
        seeded_deal(None, 1, 0)  # type: ignore[arg-type]
    with raises_wrong_type("seed"):
        seeded_deal(Config(), None, 0)  # type: ignore[arg-type]


def test_replay_checks_its_config() -> None:
    with raises_wrong_type("config"):
        replay("x", [])  # type: ignore[arg-type]


# -- The verbs given something that is not a Skull Queen state --------------------------------

NOT_STATES: list[Any] = [None, "x", 0, king.new_game(seed=1), observe(new_game(seed=1), 1)]

VERBS: list[Callable[[Any], object]] = [
    legal_moves,
    lambda s: apply(s, PLACES[0]),
    lambda s: apply(s, Play(card("R7"))),
    current_player,
    is_over,
    scores,
    winners,
    lambda s: observe(s, 0),
]


# winners also reads an observation (its totals are public): see the test below.
REFUSALS = [(v, n) for v in range(len(VERBS)) for n in range(len(NOT_STATES))
            if not (VERBS[v] is winners and isinstance(NOT_STATES[n], Observation))]


@pytest.mark.parametrize(("verb", "not_a_state"), REFUSALS)
def test_every_verb_refuses_what_is_not_a_queen_state(verb: int, not_a_state: int) -> None:
    with raises_wrong_type(r"state must be a skullgames\.queen\.State"):
        VERBS[verb](NOT_STATES[not_a_state])


def test_winners_read_an_observation_as_the_state() -> None:
    over = play_out(new_game(Config(players=3), seed=4), seed=4)
    assert winners(observe(over, 1)) == winners(over)


def test_the_verbs_still_answer_at_every_phase() -> None:
    waiting = new_game(auto_deal=False)
    assert legal_moves(waiting) == () and not is_over(waiting)
    over = play_out(new_game(Config(players=2), seed=3), seed=3)
    assert legal_moves(over) == () and is_over(over)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        apply(over, PLACES[0])


@pytest.mark.parametrize("seat", [4, -1, 99])
def test_observe_names_a_seat_that_is_not_in_the_game(seat: int) -> None:
    with pytest.raises(ConfigError, match=rf"player {seat} is not a seat.*0\.\.3"):
        observe(new_game(seed=1), seat)


@pytest.mark.parametrize("seat", ["1", 1.0, True, None])
def test_observe_refuses_a_seat_of_the_wrong_type(seat: Any) -> None:
    with raises_wrong_type("player"):
        observe(new_game(seed=1), seat)


# -- Moves are checked by type, not by equality ------------------------------------------------


@pytest.mark.parametrize("spaces", [(1.0, 0, 0, 0), (True, 0, 0, 0), (0, 0, 0, 4.0)])
def test_placements_of_look_alike_numbers_are_refused(spaces: Any) -> None:
    assert Place(Side.FRONT, (1, 0, 0, 0)) == Place(Side.FRONT, (1, 0, 0, 0))
    with pytest.raises(IllegalMoveError, match="four pawns"):
        Place(Side.FRONT, spaces)


def test_moves_of_another_kind_or_game_are_refused() -> None:
    state = new_game(seed=1)
    for move in (king.Bid(1), "front 0 0 0 0", None, (Side.FRONT, (0, 0, 0, 0))):
        with raises_wrong_type(r"move must be a skullgames\.queen\.Move, not "):
            apply(state, move)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=r"Play\(card\('R7'\)\) is not a Place"):
        apply(state, Play(card("R7")))
    with raises_wrong_type("Play takes a Skull Queen Card"):
        Play(king.card("Y7"))  # type: ignore[arg-type]
    with raises_wrong_type("Play takes a Skull Queen Card"):
        Play("R7")  # type: ignore[arg-type]


def test_a_deal_of_things_that_are_not_cards_is_refused() -> None:
    state = new_game(Config(players=3), auto_deal=False)
    good = seeded_deal(Config(players=3), 1, 0)
    bad_hand: Any = ("R2", *good.hands[0][1:])
    with pytest.raises(IllegalMoveError, match="'R2' is not a card"):
        apply(state, Deal([bad_hand, *good.hands[1:]]))
    assert apply(state, good).phase is Phase.PLACE
    with pytest.raises(IllegalMoveError, match="is not a card"):
        apply(state, Deal([*good.hands[:2], (king.card("Y7"), *good.hands[2][1:])]))  # type: ignore[arg-type]
