"""Bad input to :mod:`skullgames.king` gets the library's errors, never a raw one (issue 12).

A wrong Python type raises ``TypeError`` naming the argument (in the compiled build, mypyc's
own ``TypeError`` for a typed parameter: tests/support/type_errors.py); a wrong value raises the
library's error (a ``ValueError``) naming it; nothing is silently accepted.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import pytest

import skullgames
from skullgames import (
    ConfigError,
    IllegalMoveError,
    InvalidNotationError,
    SerializationError,
    from_json,
    king,
    queen,
    to_json,
)
from skullgames.king import (
    AdjustBid,
    Bid,
    Card,
    ChooseLeader,
    Config,
    Deal,
    Discard,
    Edition,
    Kind,
    Play,
    Shot,
    Suit,
    Wager,
    card,
)
from tests.support.king.positions import bid_all, dealt, play
from tests.support.type_errors import raises_wrong_type

QUEEN_STATE = queen.new_game(queen.Config(players=3), seed=1)
KING_STATE = king.new_game(seed=1)

VERBS: list[tuple[str, Callable[[Any], object]]] = [
    ("legal_moves", king.legal_moves),
    ("apply", lambda s: king.apply(s, Bid(0))),
    ("current_player", king.current_player),
    ("is_over", king.is_over),
    ("scores", king.scores),
    ("winners", king.winners),
    ("observe", lambda s: king.observe(s, 0)),
]


@pytest.mark.parametrize(("name", "verb"), VERBS, ids=[name for name, _ in VERBS])
@pytest.mark.parametrize("value", [None, "x", 3, QUEEN_STATE], ids=["None", "str", "int", "queen"])
def test_every_verb_refuses_a_non_state_with_a_type_error(
        name: str, verb: Callable[[Any], object], value: object) -> None:
    with raises_wrong_type(r"state must be a skullgames\.king\.State, not "):
        verb(value)


def test_the_verbs_still_work_on_a_state() -> None:
    assert king.current_player(KING_STATE) == 1
    assert king.legal_moves(KING_STATE) == (Bid(0), Bid(1))
    assert not king.is_over(KING_STATE)
    assert king.scores(KING_STATE) == (0, 0, 0, 0)
    assert king.winners(KING_STATE) == ()  # nobody wins before the end (issue 35)


@pytest.mark.parametrize("seat", [9, -1, 4])
def test_observe_names_a_seat_that_is_not_at_the_table(seat: int) -> None:
    with pytest.raises(ConfigError, match=rf"player {seat} is not a seat of this 4-player game"):
        king.observe(KING_STATE, seat)
    with pytest.raises(ValueError, match=f"player {seat}"):  # a library error is a ValueError
        king.observe(KING_STATE, seat)


@pytest.mark.parametrize("seat", [1.0, True, "0", None])
def test_observe_refuses_a_seat_of_the_wrong_type(seat: object) -> None:
    with raises_wrong_type(r"player must be a seat number \(an int\)"):
        king.observe(KING_STATE, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("call", [
    lambda: king.resolve_trick([(0, Play(card("Y3")))], config="x"),  # type: ignore[arg-type]
    lambda: king.score_round([0], [0], cards_dealt=1, config="x"),  # type: ignore[arg-type]
    lambda: king.round_breakdown([0], [0], cards_dealt=1, config=Config),  # type: ignore[arg-type]
], ids=["resolve_trick", "score_round", "round_breakdown"])
def test_a_config_of_the_wrong_type_is_a_type_error(call: Callable[[], object]) -> None:
    with pytest.raises(TypeError, match=r"config must be a skullgames\.king\.Config"):
        call()


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"bonuses": [-10]}, IllegalMoveError, "bonus -10 of seat 0"),
    ({"bonuses": [10.0]}, TypeError, "bonus 10.0 of seat 0"),
    ({"bonuses": [True]}, TypeError, "bonus True of seat 0"),
    ({"cannonballs": ["no"]}, TypeError, "cannonball 'no' of seat 0"),
    ({"cannonballs": [1]}, TypeError, "cannonball 1 of seat 0"),
    ({"round_number": 1.5}, TypeError, "round_number must be a whole number"),
    ({"round_number": 0}, IllegalMoveError, "round_number must be 1 or more"),
    ({"round_number": True}, TypeError, "round_number must be a whole number"),
    ({"cards_dealt": 1.0}, TypeError, "cards_dealt must be a whole number"),
    ({"wagers": [10.0]}, TypeError, "wager 10.0 of seat 0"),
])
def test_score_round_checks_every_argument(kwargs: dict[str, Any], error: type[Exception],
                                          message: str) -> None:
    arguments: dict[str, Any] = {"cards_dealt": 2, "config": Config(
        scoring=king.Scoring.RASCAL, cannonball=True)} | kwargs
    with raises_wrong_type(message) if error is TypeError else pytest.raises(error,
                                                                            match=message):
        king.score_round([1], [1], **arguments)


def test_score_round_uses_the_round_number_where_the_rules_do() -> None:
    # K3 (round_bonus) and K9 (classic zero bids): the round number, not the cards dealt.
    bonus = Config(round_bonus=True)
    assert king.score_round([2], [2], cards_dealt=3, round_number=4, config=bonus) == (80,)
    classic = Config(edition=Edition.CLASSIC)
    assert king.score_round([0], [0], cards_dealt=3, round_number=4, config=classic) == (40,)
    assert king.score_round([0], [0], cards_dealt=3, round_number=4) == (30,)


@pytest.mark.parametrize("round_index", [99, 10, -1])
def test_seeded_deal_names_a_round_that_is_not_in_the_plan(round_index: int) -> None:
    with pytest.raises(ConfigError, match="round_index"):
        king.seeded_deal(Config(), 1, round_index)
    assert king.seeded_deal(Config(), 1, 9) == king.seeded_deal(Config(), 1, 9)


@pytest.mark.parametrize("round_index", [1.0, True])
def test_seeded_deal_refuses_a_round_of_the_wrong_type(round_index: object) -> None:
    with raises_wrong_type("round_index must be an int"):
        king.seeded_deal(Config(), 1, round_index)  # type: ignore[arg-type]


def test_seeded_deal_checks_its_config_and_seed() -> None:
    with pytest.raises(TypeError, match="config must be"):
        king.seeded_deal("x", 1, 0)  # type: ignore[arg-type]
    with raises_wrong_type("seed must be an int"):
        king.seeded_deal(Config(), "1", 0)  # type: ignore[arg-type]


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"seed": 1, "auto_deal": "no"}, TypeError, "auto_deal must be True or False"),
    ({"seed": 1, "auto_deal": 1}, TypeError, "auto_deal must be True or False"),
    ({"seed": 1.0}, TypeError, "seed must be an int"),
    ({"seed": True}, TypeError, "seed must be an int"),
    ({"seed": 10**5000}, ConfigError, r"seed: a whole number within ±\(2\*\*128 - 1\)"),
    ({"seed": 2**128}, ConfigError, "seed: a whole number within"),
    ({"seed": -(2**128)}, ConfigError, "seed: a whole number within"),
    ({"config": "x"}, TypeError, r"config must be a skullgames\.king\.Config"),
    ({"config": queen.Config()}, TypeError, r"config must be a skullgames\.king\.Config"),
])
def test_new_game_checks_its_arguments(kwargs: dict[str, Any], error: type[Exception],
                                       message: str) -> None:
    with raises_wrong_type(message) if error is TypeError else pytest.raises(error,
                                                                            match=message):
        king.new_game(**kwargs)


def test_new_game_takes_the_largest_seeds_and_draws_128_bits() -> None:
    for seed in (2**128 - 1, -(2**128 - 1), 2**64, 2**53, 0):
        assert king.new_game(seed=seed).seed == seed
    assert 0 <= king.new_game().seed < 2**128  # type: ignore[operator]


@pytest.mark.parametrize("seed", [2**53, 2**64 - 1, -(2**63), 2405875930906139466,
                                  2**128 - 1, -(2**128 - 1)])
def test_a_seed_javascript_cannot_hold_is_saved_as_digits_and_loads_equal(seed: int) -> None:
    """Every integer of a document stays within ±(2**53 - 1) (issue 14), on input too
    (issue 22): such a seed written as a number, as version 0.1 did, is refused with a
    message saying to write its digits."""
    state = king.apply(king.new_game(seed=seed), king.Bid(0))
    text = to_json(state)
    assert f'"seed":"{seed}"' in text
    assert from_json(text, king.State) == state
    with pytest.raises(SerializationError, match=r"^\$\.seed: a seed beyond .* string of its "
                       "digits"):
        from_json(text.replace(f'"seed":"{seed}"', f'"seed":{seed}'), king.State)


@pytest.mark.parametrize("seed", ['"12a"', '"1e5"', '" 12"', '""', "1.5",
                                  '"' + "9" * 40 + '"', '"' + str(2**128) + '"'])
def test_a_seed_that_is_no_whole_number_is_refused(seed: str) -> None:
    text = to_json(king.new_game(seed=1)).replace('"seed":1', f'"seed":{seed}')
    with pytest.raises(SerializationError, match=r"^\$\.seed: "):
        from_json(text, king.State)


@pytest.mark.parametrize(("args", "error"), [
    (("number",), TypeError),
    ((Kind.NUMBER, "Y", 3), TypeError),
    ((Kind.NUMBER, Suit.YELLOW, 3.0), TypeError),
    ((Kind.NUMBER, Suit.YELLOW, True), TypeError),
    ((Kind.PIRATE, None, 0, "rosie"), TypeError),
    ((Kind.NUMBER, Suit.YELLOW, 15), InvalidNotationError),
])
def test_card_refuses_parts_of_the_wrong_type(args: tuple[Any, ...],
                                              error: type[Exception]) -> None:
    with pytest.raises(error):
        Card(*args)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: ChooseLeader(1.0), "ChooseLeader takes a seat number"),  # type: ignore[arg-type]
    (lambda: ChooseLeader(True), "ChooseLeader takes a seat number"),
    (lambda: Wager(10.0), "Wager takes a whole number"),  # type: ignore[arg-type]
    (lambda: Wager(False), "Wager takes a whole number"),
    (lambda: AdjustBid(-1.0), "AdjustBid takes a whole number"),  # type: ignore[arg-type]
    (lambda: AdjustBid(True), "AdjustBid takes a whole number"),
    (lambda: Bid(1.0), "Bid takes a whole number"),  # type: ignore[arg-type]
    (lambda: Bid(False), "Bid takes a whole number"),
    (lambda: Shot(1), "Shot takes True or False"),  # type: ignore[arg-type]
    (lambda: Play(card("Y3"), as_pirate=0), "as_pirate is True, False or None"),  # type: ignore[arg-type]
    (lambda: Play(card("TIG"), as_pirate=1), "as_pirate is True, False or None"),  # type: ignore[arg-type]
    (lambda: Play("Y3"), "Play takes a Card"),  # type: ignore[arg-type]
    (lambda: Discard(("Y3",)), "expected cards"),  # type: ignore[arg-type]
])
def test_moves_check_their_field_types_exactly(make: Callable[[], object],
                                               message: str) -> None:
    with raises_wrong_type(message):
        make()


def test_a_wrong_value_of_the_right_type_is_the_librarys_error() -> None:
    with pytest.raises(IllegalMoveError, match="the Tigress must be declared"):
        Play(card("TIG"))
    with pytest.raises(IllegalMoveError, match="only the Tigress is declared"):
        Play(card("Y3"), as_pirate=False)
    with pytest.raises(InvalidNotationError, match=r"rank 15 is not 1\.\.14"):
        Card(Kind.NUMBER, Suit.YELLOW, 15)


def test_pirate_ability_look_alikes_are_never_accepted() -> None:
    # K12: Rosie's choice of leader. A move that compares equal (1.0 == 1, True == 1)
    # but is not of the type is refused, so it cannot reach the state and break it later.
    config = Config(players=3, pirate_abilities=True, rounds=(2,))
    state = play(bid_all(dealt(config, "ROSIE Y2", "Y3 Y4", "Y5 Y6"), 1, 0, 0),
                 "Y3", "Y5", "ROSIE")
    assert king.legal_moves(state) == (ChooseLeader(0), ChooseLeader(1), ChooseLeader(2))
    if skullgames.COMPILED:  # a native class: nothing is made around its constructor
        with pytest.raises(TypeError):
            object.__new__(ChooseLeader)
    else:
        look_alike = object.__new__(ChooseLeader)
        object.__setattr__(look_alike, "seat", 1.0)
        with pytest.raises(IllegalMoveError, match="choose a seat 0 to 2"):
            king.apply(state, look_alike)
    assert king.apply(state, ChooseLeader(1)).leader == 1


def test_round_presets_are_read_only() -> None:
    assert isinstance(king.ROUND_PRESETS, types.MappingProxyType)
    with pytest.raises(TypeError):
        king.ROUND_PRESETS["standard"] = (1,)  # type: ignore[index]
    assert all(type(plan) is tuple for plan in king.ROUND_PRESETS.values())
    assert Config().hand_sizes == tuple(range(1, 11))


@pytest.mark.parametrize(("config", "most"), [
    (Config(players=3), "a trick of 3 players has at most 3 cards, not 4"),
    (Config(players=2, edition=Edition.CLASSIC), "a trick of 2 players has at most 2 cards"),
    (Config(players=2), "a trick of 2 players and Graybeard has at most 3 cards, not 4"),
])
def test_a_trick_of_one_card_too_many_is_refused(config: Config, most: str) -> None:
    # A trick holds one card per player, and Graybeard's with two modern players (K10).
    seats: list[int | None] = list(range(config.players))
    if config.has_ghost:
        seats.append(None)
    numbers = [c for c in config.deck if c.is_number][: len(seats) + 1]
    plays = [(seat, Play(c)) for seat, c in zip([*seats, 0], numbers, strict=True)]
    with pytest.raises(IllegalMoveError, match=most):
        king.resolve_trick(plays, config)
    assert king.resolve_trick(plays[:-1], config).outcome is king.Outcome.WON


def test_a_move_of_a_wrong_python_type_is_a_type_error() -> None:
    for wrong in ("bid 1", None, queen.parse_move("R7")):
        with raises_wrong_type(r"move must be a skullgames\.king\.Move, not "):
            king.apply(KING_STATE, wrong)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=r"the players are bidding, Play\(card\('Y3'\)\) "
                       "is not a Bid"):
        king.apply(KING_STATE, Play(card("Y3")))


def test_a_deal_of_non_cards_is_refused() -> None:
    state = king.new_game(Config(players=2, edition=Edition.CLASSIC, rounds=(1,)),
                          auto_deal=False)
    with pytest.raises(IllegalMoveError, match="'Y3' is not a card"):
        king.apply(state, Deal([["Y3"], ["Y4"]]))  # type: ignore[list-item]


def test_winners_also_reads_an_observation() -> None:
    # K14: the totals are public, so a seat's view names the winners too.
    state = king.new_game(Config(players=3, rounds=(1,)), seed=2)
    while not king.is_over(state):
        state = king.apply(state, king.legal_moves(state)[0])
    assert king.winners(king.observe(state, 1)) == king.winners(state)
