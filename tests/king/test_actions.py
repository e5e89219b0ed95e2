"""Skull King's action space and score bounds against the engine, over random games of
every option (issue 13): the numbering is a bijection, the mask is exactly the legal
moves from the state and from the observation of the seat to move, every other action
is refused, and every final score lies within ``score_bounds``."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skullgames
from skullgames import GAMES, ConfigError, IllegalMoveError, king
from skullgames._records import field_names
from skullgames.king import (
    AdjustBid,
    Bid,
    ChooseLeader,
    Config,
    Deal,
    Discard,
    Edition,
    Move,
    Phase,
    Play,
    Scoring,
    Shot,
    Wager,
    action_space,
    apply,
    card,
    new_game,
    observe,
    parse_move,
    score_bounds,
)
from tests.support.actions import check_random_game, check_scores_within_bounds
from tests.support.king.configs import every_option


@settings(max_examples=25, deadline=None)
@given(config=every_option(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_the_mask_is_the_legal_moves_in_random_games(config: Config, seed: int,
                                                     choices: int) -> None:
    check_random_game(GAMES["king"], config, seed, choices)


@settings(max_examples=40, deadline=None)
@given(config=every_option(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_every_score_lies_within_the_bounds(config: Config, seed: int, choices: int) -> None:
    """The final scores, and the running totals after every round."""
    check_scores_within_bounds(GAMES["king"], config, seed, choices)


def test_every_ability_choice_is_an_action() -> None:
    """Pirate abilities (RESEARCH.md §3.8): Rosie names any seat, Bendt discards any
    two cards (copies together too), Rascal wagers 0/10/20, Harry moves his bid."""
    config = Config(players=5, pirate_abilities=True, loot=True)
    space = action_space(config)
    good: list[Move] = [ChooseLeader(0), ChooseLeader(4), Wager(0), Wager(20), AdjustBid(-1),
                 AdjustBid(1), Discard((card("ESC"), card("ESC"))),
                 Discard((card("LOOT"), card("LOOT"))), Discard((card("SK"), card("Y1")))]
    for move in good:
        assert space.move(space.index(move)) == move
    bad: list[Move] = [ChooseLeader(5), Wager(15), AdjustBid(2),
                       Discard((card("SK"), card("SK"))), Discard((card("KRAKEN"), card("Y1"))),
                       Discard((card("Y1"),))]
    for move in bad:
        with pytest.raises(IllegalMoveError, match="not an action of"):
            space.index(move)


def test_a_single_undealt_card_makes_single_discards_actions() -> None:
    """K12: Bendt with one undealt card draws and discards one. Two modern players
    with Graybeard and hands of 23 leave 70 - 69 = 1 card undealt."""
    single = action_space(Config(players=2, pirate_abilities=True, rounds=(23,)))
    assert single.index(Discard((card("Y1"),))) > 0
    with pytest.raises(IllegalMoveError):
        single.index(Discard((card("Y1"), card("Y2"))))
    pairs = action_space(Config(players=2, pirate_abilities=True, rounds=(22, 23)))
    assert pairs.index(Discard((card("Y1"),))) < pairs.index(Discard((card("Y1"), card("Y2"))))


def test_the_layout_of_the_standard_game() -> None:
    """Bids 0..10, then a play of each face of the modern deck in card order: 56
    numbers and 9 specials, the Tigress twice (pirate first)."""
    space = action_space(Config(players=4))
    assert space.size == 11 + 56 + 10
    assert space.moves[:11] == tuple(Bid(n) for n in range(11))
    assert space.move(11) == Play(card("Y1"))
    tigress = space.index(Play(card("TIG"), as_pirate=True))
    assert space.move(tigress + 1) == Play(card("TIG"), as_pirate=False)
    assert space.move(space.size - 1) == Play(card("SK"))


def test_options_add_their_moves_and_the_classic_deck_its_cards() -> None:
    cannon = action_space(Config(scoring=Scoring.RASCAL, cannonball=True))
    assert cannon.moves[-2:] == (Shot(False), Shot(True))
    classic = action_space(Config(edition=Edition.CLASSIC))
    assert classic.index(Play(card("R13"))) > 0
    foreign: list[Move] = [Play(card("G1")), Play(card("Y14")), Shot(True), ChooseLeader(0)]
    for move in foreign:
        with pytest.raises(IllegalMoveError):
            classic.index(move)
    eight = action_space(Config(players=8))
    assert eight.moves[-1] == Play(card("SK"))
    assert max(m.n for m in eight.moves if isinstance(m, Bid)) == 8  # the cap (K8)


def test_moves_with_the_wrong_types_are_refused_like_apply_refuses_them() -> None:
    space = action_space(Config())
    # The move classes refuse such fields when made; look-alikes made around the check
    # are refused by the action space and by apply all the same.
    makers: list[tuple[Any, object]] = [(Bid, True), (Bid, 1.0), (Shot, 1), (Wager, 10.0),
                                        (AdjustBid, True)]
    for cls, value in makers:
        with pytest.raises(TypeError):
            cls(value)

    def look_alike(cls: type, value: object) -> object:
        move: object = object.__new__(cls)
        object.__setattr__(move, field_names(cls)[0], value)
        return move
    wrong: list[object] = ["bid 1", 1, None]
    if skullgames.COMPILED:
        # A move is a native class there: nothing is made around its constructor.
        with pytest.raises(TypeError):
            look_alike(Bid, True)
    else:
        wrong += [look_alike(Bid, True), look_alike(Bid, 1.0), look_alike(Shot, 1),
                  look_alike(Wager, 10.0), look_alike(AdjustBid, True)]
    for move in wrong:
        with pytest.raises(IllegalMoveError):
            space.index(move)  # type: ignore[arg-type]
    if not skullgames.COMPILED:
        state = new_game(Config(), seed=7)
        with pytest.raises(IllegalMoveError, match="not True"):
            apply(state, look_alike(Bid, True))  # type: ignore[arg-type]


def test_deals_are_not_actions() -> None:
    space = action_space(Config(players=3))
    deal = parse_move("deal Y1 | P10 | G3")
    with pytest.raises(IllegalMoveError, match="chance"):
        space.index(deal)
    waiting = new_game(Config(players=3), auto_deal=False)
    assert waiting.phase is Phase.DEAL
    assert space.mask(waiting) == (False,) * space.size
    assert space.legal_indices(waiting) == ()
    assert isinstance(deal, Deal)


def test_a_mask_for_another_config_or_game_is_refused() -> None:
    space = action_space(Config(players=4))
    with pytest.raises(ConfigError, match="action space is for"):
        space.mask(new_game(Config(players=3), seed=1))
    with pytest.raises(ConfigError):
        space.mask(observe(new_game(Config(players=3), seed=1), 0))
    from skullgames import queen
    with pytest.raises(TypeError, match="king"):
        space.mask(queen.new_game(seed=1))
    with pytest.raises(TypeError):
        space.legal_indices("state")
    with pytest.raises(TypeError, match=r"skullgames\.king\.Config"):
        action_space(queen.Config())  # type: ignore[arg-type]


def test_equal_configs_share_one_space() -> None:
    assert action_space(Config(players=3)) is action_space(Config(players=3))
    assert action_space() is action_space(Config())
    assert action_space(Config(players=3)) is not action_space(Config(players=4))


def test_score_bounds_arithmetic() -> None:
    """The docstring's sums by hand. One round of one card, 4 players: lowest -10 (bid 0,
    one trick taken); highest 20 for the trick plus B(1) = the 4 largest capture bonuses
    of the deck: the Skull King 40 and three pirates 3 x 30."""
    assert score_bounds(Config(players=4, rounds=(1,))) == (-10, 20 + 40 + 90)
    # Round bonus 10 x round number; Loot +20 per card; two rounds of 1.
    assert score_bounds(Config(players=4, rounds=(1, 1), round_bonus=True, loot=True)) == (
        -20, (20 + 10 + 130 + 40) + (20 + 20 + 130 + 40))
    # Rascal with the Cannonball and abilities, 3 cards, 3 players: lowest -20 (a lost
    # wager), highest 15 x 3 + B(3) + 20, B(3) of 9 cards: 40 + 6 x 30 + 2 x 20 = 260.
    assert score_bounds(Config(players=3, rounds=(3,), scoring=Scoring.RASCAL,
                               cannonball=True, pirate_abilities=True)) == (-20, 45 + 260 + 20)
    # Rascal's scoring never takes points away: one round of one card scores 5 or more,
    # but a game starts at 0.
    assert score_bounds(Config(players=3, rounds=(1,), scoring=Scoring.RASCAL))[0] == 0
    # Classic: no fourteens above 13, no mermaid bonus; the Skull King taken gives 50.
    assert score_bounds(Config(players=3, rounds=(1,), edition=Edition.CLASSIC)) == (
        -10, 20 + 50 + 30 + 30)


def test_the_lowest_bound_is_reached() -> None:
    """Seat 1 bids 0 and takes the only trick: -10, the lowest of a one-card round."""
    state = new_game(Config(players=3, rounds=(1,)), auto_deal=False)
    for move in ["deal Y1 | P10 | G3", "bid 0", "bid 0", "bid 0", "P10", "G3", "Y1"]:
        state = apply(state, parse_move(move))
    assert state.totals[1] == score_bounds(state.config)[0] == -10


def test_score_bounds_type_errors() -> None:
    with pytest.raises(TypeError):
        score_bounds("standard")  # type: ignore[arg-type]
    assert king.score_bounds() == score_bounds(Config())
