"""Skull Jack's rules (tests/fixtures/skull_jack, the game of docs/guides/writing-a-game.md).

The rules are those of the package's ``skull_jack.rules`` docstring: a hand each round,
tricks, follow suit when able (``follow_suit``), the highest card of the suit led wins
(without ``follow_suit`` the highest rank, the first played of equal ranks), the winner
leads the next trick, a point a trick, the highest total wins with ties shared. Only the
other seats' hands are hidden. Each test states its position and the expected outcome.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
import skull_jack
from skull_jack import Config, Deal, Play, State, apply, card, legal_moves, new_game, parse_move
from skull_jack.bots import BOTS, GreedyBot

from skullgames import ConfigError, IllegalMoveError, InvalidNotationError

# Every configuration the game offers, at its edges: 2 and 4 players, 1 to 4 suits,
# with and without following suit.
CONFIGS = [
    Config(players=2, suits=1, hand_size=6, rounds=2),
    Config(players=3),
    Config(players=4, suits=4, hand_size=12, rounds=1),
    Config(players=4, suits=2, hand_size=3, rounds=2, follow_suit=False),
    Config(players=2, suits=3, hand_size=1, rounds=4, follow_suit=False),
]


def dealt(config: Config, deal: str) -> State:
    """A game dealt by hand: its first round dealt ``deal``."""
    return apply(new_game(config, auto_deal=False), parse_move(deal))


def played(state: State, *moves: str) -> State:
    for move in moves:
        state = apply(state, parse_move(move))
    return state


def random_game(config: Config, seed: int) -> State:
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    while not skull_jack.is_over(state):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


# -- following suit and winning tricks -------------------------------------------------------

TWO = Config(players=2, hand_size=4, rounds=2)
DEAL = "deal B1 C5 C9 R2 | B4 B8 C1 R12"


def test_a_seat_holding_the_suit_led_must_follow_it() -> None:
    state = played(dealt(TWO, DEAL), "C5")  # seat 0 leads the first round (round 0 % 2)
    assert state.to_move == 1
    assert legal_moves(state) == (Play(card("C1")),)
    with pytest.raises(IllegalMoveError, match="is not legal now: seat 1 plays one of C1"):
        apply(state, Play(card("R12")))


def test_a_seat_void_in_the_suit_led_may_play_any_card() -> None:
    state = played(dealt(TWO, "deal B1 C5 C9 R2 | B4 B8 C1 C12"), "R2")
    assert [str(m) for m in legal_moves(state)] == ["B4", "B8", "C1", "C12"]


def test_the_highest_card_of_the_suit_led_wins_and_leads_the_next_trick() -> None:
    state = played(dealt(TWO, "deal B1 C5 C9 R2 | B4 B8 C1 C12"), "R2", "C12")  # off suit
    assert state.last_trick is not None
    assert state.last_trick.winner == 0
    assert state.to_move == 0 and state.leader == 0
    state = played(state, "B1", "B8")  # B8 beats B1 in the suit led
    assert state.last_trick is not None and state.last_trick.winner == 1
    assert state.to_move == 1


def test_without_following_suit_any_card_is_legal_and_the_highest_rank_wins() -> None:
    config = attrs.evolve(TWO, follow_suit=False)
    state = played(dealt(config, DEAL), "C5")
    assert len(legal_moves(state)) == 4  # C1 is not forced
    state = played(state, "B8")
    assert state.last_trick is not None and state.last_trick.winner == 1


def test_without_following_suit_the_first_of_equal_ranks_wins() -> None:
    config = Config(players=3, hand_size=1, rounds=1, follow_suit=False)
    state = played(dealt(config, "deal B7 | C7 | R2"), "B7", "C7", "R2")
    assert state.rounds[0].tricks[0].winner == 0
    state = played(dealt(config, "deal B2 | C7 | R7"), "B2", "C7", "R7")
    assert state.rounds[0].tricks[0].winner == 1


# -- rounds, leaders, scoring, winners --------------------------------------------------------


def test_a_trick_is_a_point_and_the_seat_after_the_dealer_leads_each_round() -> None:
    config = Config(players=2, hand_size=2, rounds=2)
    state = played(dealt(config, "deal B9 B10 | B1 B2"), "B9", "B1", "B10", "B2")
    assert state.rounds[0].points == (2, 0)
    assert state.totals == (2, 0) and state.to_move is None  # waits for the next deal
    state = played(state, "deal B1 B2 | B9 B10")
    assert state.leader == 1 and state.to_move == 1  # round 1: seat 1 % 2 leads
    state = played(state, "B9", "B1", "B10", "B2")
    assert state.rounds[1].points == (0, 2)
    assert skull_jack.is_over(state)
    assert skull_jack.scores(state) == (2, 2)
    assert skull_jack.winners(state) == (0, 1)  # a tie is shared


def test_nobody_wins_before_the_end_and_the_highest_total_wins() -> None:
    config = Config(players=3, hand_size=1, rounds=1)
    state = dealt(config, "deal B2 | B12 | B5")
    assert skull_jack.winners(state) == ()
    state = played(state, "B2", "B12", "B5")
    assert skull_jack.winners(state) == (1,)
    assert skull_jack.winners(skull_jack.observe(state, 2)) == (1,)  # the totals are public


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_every_configuration_plays_to_its_end(config: Config) -> None:
    state = random_game(config, seed=11)
    tricks = [t for r in state.rounds for t in r.tricks]
    assert len(state.rounds) == config.rounds
    assert len(tricks) == config.rounds * config.hand_size
    assert sum(skull_jack.scores(state)) == len(tricks)  # one point a trick
    assert all(len(t.plays) == config.players for t in tricks)
    lo, hi = skull_jack.score_bounds(config)
    assert all(lo <= s <= hi for s in skull_jack.scores(state))
    for r in state.rounds:  # every card of a round's hands is played once
        cards = [c for t in r.tricks for _, c in t.plays]
        assert len(set(cards)) == len(cards) and set(cards) <= set(config.deck)


def test_a_seeded_game_is_dealt_the_same_and_a_game_dealt_by_hand_replays_it() -> None:
    config = Config(players=3, hand_size=2, rounds=2)
    state = random_game(config, seed=4)
    assert random_game(config, seed=4) == state
    assert new_game(config, seed=5).hands != new_game(config, seed=4).hands
    assert new_game(config, seed=-4).hands == new_game(config, seed=-4).hands
    with pytest.raises(ConfigError, match="seed: a whole number, or None, not '4'"):
        new_game(config, seed="4")  # type: ignore[arg-type]
    by_hand = new_game(config, auto_deal=False)
    for move in state.history:
        by_hand = apply(by_hand, move)
    assert (by_hand.rounds, by_hand.totals) == (state.rounds, state.totals)


# -- what a seat sees ------------------------------------------------------------------------


def cards_in(value: Any) -> set[skull_jack.Card]:
    """Every card anywhere inside ``value`` (records, tuples)."""
    if isinstance(value, skull_jack.Card):
        return {value}
    if isinstance(value, (tuple, list)):
        return set().union(*(cards_in(v) for v in value))
    if attrs.has(type(value)):
        return set().union(*(cards_in(getattr(value, f.name))
                             for f in attrs.fields(type(value))))
    return set()


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_a_seat_sees_its_own_hand_and_the_cards_played_and_no_other(config: Config) -> None:
    rng = random.Random(2)
    state = new_game(config, seed=2)
    while not skull_jack.is_over(state):
        for seat in range(config.players):
            view = skull_jack.observe(state, seat)
            played_cards = cards_in((state.trick, state.tricks, state.rounds))
            assert cards_in(view) <= set(state.hands[seat]) | played_cards
            assert view.hand == state.hands[seat]
            assert view.hand_sizes == tuple(len(h) for h in state.hands)
            assert view.legal_moves == (legal_moves(state) if state.to_move == seat else ())
        state = apply(state, rng.choice(legal_moves(state)))


def test_a_deal_shows_each_seat_its_own_hand_and_a_play_shows_to_all() -> None:
    state = new_game(TWO, auto_deal=False)
    deal = parse_move(DEAL)
    assert isinstance(deal, Deal)
    seen = skull_jack.observe_move(state, deal, 1)
    assert seen == skull_jack.HiddenMove(deal.hands[1])
    assert str(seen) == "deal (your hand: B4 B8 C1 R12)"
    after = apply(state, deal)
    assert skull_jack.observe_move(after, Play(card("B1")), 1) == Play(card("B1"))


# -- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 5}, "players: from 2 to 4, not 5"),
    ({"players": 1}, "players: from 2 to 4, not 1"),
    ({"suits": 0}, "suits: from 1 to 4, not 0"),
    ({"hand_size": True}, "hand_size: a whole number, not True"),
    ({"rounds": 0}, "rounds: at least 1, not 0"),
    ({"follow_suit": 1}, "follow_suit: True or False, not 1"),
    ({"players": 4, "suits": 1, "hand_size": 4},
     "4 hands of 4 cards need 16 cards; the deck of 1 suit has 12"),
])
def test_a_config_the_rules_do_not_allow_is_refused(options: dict[str, Any], message: str
                                                     ) -> None:
    with pytest.raises(ConfigError, match=message):
        Config(**options)


@pytest.mark.parametrize(("deal", "message"), [
    ("deal B1 C5 C9 | B4 B8 C1 R12", "is not a deal of 2 hands of 4 cards"),
    ("deal B1 C5 C9 R2 | B4 B8 C1 R2", "deals a card twice"),
    ("deal B1 C5 C9 S2 | B4 B8 C1 R12", "deals a card that is not in the deck of 3 suits"),
])
def test_a_wrong_deal_is_refused(deal: str, message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        dealt(TWO, deal)


def test_moves_out_of_turn_or_place_are_refused() -> None:
    state = dealt(TWO, DEAL)
    with pytest.raises(IllegalMoveError, match="Play\\(card\\('B4'\\)\\) is not legal now"):
        apply(state, Play(card("B4")))  # seat 1's card on seat 0's turn
    with pytest.raises(IllegalMoveError, match="no deal is awaited"):
        apply(state, parse_move(DEAL))
    with pytest.raises(IllegalMoveError, match="deals every round from its seed"):
        apply(new_game(TWO, seed=1), parse_move(DEAL))
    with pytest.raises(IllegalMoveError, match="is not a Skull Jack move"):
        apply(state, "B1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Skull Jack State"):
        legal_moves("state")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="seat 2 is not a seat of this 2-player game"):
        skull_jack.observe(state, 2)


@pytest.mark.parametrize("text", ["B0", "B13", "X1", "B01", "", "B1 B2", "deal B1 |", 7])
def test_bad_notation_is_refused(text: Any) -> None:
    with pytest.raises(InvalidNotationError):
        parse_move(text)


def test_states_are_immutable() -> None:
    state = new_game(TWO, seed=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.totals = (5, 5)  # type: ignore[misc]
    before = state.hands
    apply(state, legal_moves(state)[0])
    assert state.hands == before


# -- bots and the action space ---------------------------------------------------------------


def test_the_greedy_bot_takes_the_trick_as_cheaply_as_it_can_when_it_plays_last() -> None:
    state = played(dealt(TWO, "deal B5 C2 C3 R2 | B4 B8 B12 C1"), "B5")
    assert GreedyBot(random.Random(0)).choose(skull_jack.observe(state, 1)) == Play(card("B8"))


def test_the_greedy_bot_throws_its_lowest_card_when_it_cannot_win() -> None:
    state = played(dealt(TWO, "deal B12 C2 C3 R2 | B4 B8 C1 R12"), "B12")
    assert GreedyBot(random.Random(0)).choose(skull_jack.observe(state, 1)) == Play(card("B4"))


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
@pytest.mark.parametrize("name", list(BOTS))
def test_each_bot_plays_legal_moves_in_every_configuration(config: Config, name: str) -> None:
    bots = [BOTS[name](random.Random(seat)) for seat in range(config.players)]
    state = new_game(config, seed=3)
    while not skull_jack.is_over(state):
        seat = skull_jack.current_player(state)
        assert seat is not None
        move = bots[seat].choose(skull_jack.observe(state, seat))
        assert move in legal_moves(state)
        state = apply(state, move)


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_the_action_space_numbers_every_card_and_masks_the_legal_ones(config: Config) -> None:
    space = skull_jack.action_space(config)
    assert space.size == 12 * config.suits
    assert [space.move(i) for i in range(space.size)] == [Play(c) for c in config.deck]
    state = new_game(config, seed=6)
    seat = skull_jack.current_player(state)
    assert seat is not None
    legal = space.legal_indices(state)
    assert [space.move(i) for i in legal] == list(legal_moves(state))
    assert space.legal_indices(skull_jack.observe(state, seat)) == legal
    with pytest.raises(IllegalMoveError, match="is not an action"):
        space.index(parse_move("deal B1 | B2"))
