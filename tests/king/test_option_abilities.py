"""Pirate abilities (RESEARCH.md §3.8, DECISIONS K12)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from skullgames import IllegalMoveError, king, to_json
from skullgames.king import (
    AdjustBid,
    ChooseLeader,
    Config,
    Discard,
    Phase,
    Pirate,
    Wager,
    card,
)
from skullgames.king.cards import order_of
from tests.support.king.positions import bid_all, cards, dealt, play

ABILITIES = Config(players=3, pirate_abilities=True, rounds=(2, 2))


def test_rosie_chooses_who_leads_the_next_trick() -> None:
    state = bid_all(dealt(ABILITIES, "Y3 Y4", "ROSIE Y5", "Y6 Y7"), 1, 0, 1)
    state = play(state, "ROSIE", "Y6", "Y3")
    assert state.phase is Phase.ABILITY and state.pending is not None
    assert state.pending.pirate is Pirate.ROSIE and king.current_player(state) == 1
    assert king.legal_moves(state) == (ChooseLeader(0), ChooseLeader(1), ChooseLeader(2))
    state = king.apply(state, ChooseLeader(0))
    assert state.phase is Phase.PLAY and state.leader == 0 and king.current_player(state) == 0


def test_an_ability_needs_the_pirate_to_win_the_trick() -> None:
    # Capturing a pirate with the Skull King triggers nothing (§3.8).
    state = bid_all(dealt(ABILITIES, "Y3 Y4", "ROSIE Y5", "SK Y7"), 1, 0, 1)
    state = play(state, "ROSIE", "SK", "Y3")
    assert state.phase is Phase.PLAY and state.pending is None and state.leader == 2


def test_bendt_draws_two_from_the_stock_then_discards_two() -> None:
    state = dealt(ABILITIES, "Y3 Y4", "BENDT Y5", "Y6 Y7", stock="G1 G2 " + " ".join(
        str(c) for c in _rest(ABILITIES, "Y3 Y4 BENDT Y5 Y6 Y7 G1 G2")))
    state = play(bid_all(state, 1, 0, 1), "BENDT", "Y6", "Y3")
    assert state.hands[1] == cards("Y5 G1 G2")
    assert state.pending is not None and state.pending.drawn == 2
    assert Discard(cards("G1 Y5")) in king.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="discard 2 card"):
        king.apply(state, Discard(cards("G1")))
    with pytest.raises(IllegalMoveError):
        king.apply(state, Discard(cards("G1 SK")))
    state = king.apply(state, Discard(cards("G1 Y5")))
    assert state.hands[1] == cards("G2")
    assert state.discarded[1] == cards("Y5 G1")  # kept in card order
    # The discards are secret: only Bendt's own observation shows them.
    assert king.observe(state, 1).discarded == cards("Y5 G1")
    assert king.observe(state, 0).discarded == ()


def _rest(config: Config, dealt_text: str) -> list[king.Card]:
    rest = list(config.deck)
    for c in cards(dealt_text):
        rest.remove(c)
    return rest


def test_bendt_draws_what_there_is_when_the_stock_is_short() -> None:
    # K12: with fewer than 2 undealt cards, he draws and discards what there is.
    config = Config(players=3, pirate_abilities=True, rounds=(23,))
    deck = list(config.deck)
    deck.remove(card("BENDT"))
    hands = [deck[22:45], [card("BENDT"), *deck[:22]], deck[45:68]]
    state = king.apply(king.new_game(config, auto_deal=False), king.Deal(hands))
    assert len(state.undealt) == 1
    state = king.apply(bid_all(state, 0, 0, 0), king.Play(card("BENDT")))
    for seat in (2, 0):  # a pirate lead frees the trick: both play a number card
        number = next(c for c in state.hands[seat] if c.is_number)
        state = king.apply(state, king.Play(number))
    assert state.pending is not None and state.pending.pirate is Pirate.BENDT
    assert state.pending.drawn == 1 and state.undealt == ()
    assert len(state.hands[1]) == 23
    assert all(len(m.cards) == 1 for m in king.legal_moves(state))  # type: ignore[union-attr]


def test_rascal_wagers_and_wins_or_loses_the_wager() -> None:
    # +wager if the bid is exact, -wager otherwise (§3.8).
    base = bid_all(dealt(ABILITIES, "Y3 Y4", "RASCAL Y5", "Y6 Y7"), 1, 0, 1)
    state = play(base, "RASCAL", "Y6", "Y3")
    assert king.legal_moves(state) == (Wager(0), Wager(10), Wager(20))
    state = king.apply(state, Wager(20))
    # Seat 1 leads again and loses the yellow trick: 1 bid, 1 taken, exact.
    state = play(state, "Y5", "Y7", "Y4")
    assert state.rounds[0].scores[1].wager == 20
    assert state.rounds[0].points[1] == 20 + 20


def test_juanita_sees_the_undealt_cards_and_nobody_else_does() -> None:
    state = bid_all(dealt(ABILITIES, "Y3 Y4", "JUANITA Y5", "Y6 Y7"), 1, 0, 1)
    assert king.observe(state, 1).undealt is None
    state = play(state, "JUANITA", "Y6", "Y3")
    assert state.phase is Phase.PLAY  # looking needs no decision
    seen = king.observe(state, 1).undealt
    assert seen is not None and Counter(seen) == Counter(state.undealt)
    assert king.observe(state, 0).undealt is None and king.observe(state, 2).undealt is None


THREE = Config(players=3, pirate_abilities=True, rounds=(3,))


def juanita_looked(stock: list[king.Card]) -> king.State:
    """Seat 1 has won a trick with Juanita Jade, the rest of the deck undealt as ``stock``."""
    hands = ["Y3 Y4 Y5", "JUANITA BENDT G1", "Y6 Y7 Y8"]
    assert Counter(stock) == Counter(THREE.deck) - Counter(cards(" ".join(hands)))
    state = king.apply(king.new_game(THREE, auto_deal=False),
                       king.Deal([cards(h) for h in hands], (), stock))
    return play(bid_all(state, 1, 1, 1), "JUANITA", "Y6", "Y3")


def test_juanita_shows_which_cards_are_undealt_not_the_order_of_the_stock() -> None:
    # K12: Juanita Jade's player looks "through all cards not dealt this round", to see
    # which are not in play. The stock's order is hidden: Bendt the Bandit draws its top
    # two later, so two games whose stocks are permutations of each other look the same
    # to her player, the observation and its JSON alike, and she sees them in card order.
    held = Counter(cards("Y3 Y4 Y5 JUANITA BENDT G1 Y6 Y7 Y8"))
    rest = list((Counter(THREE.deck) - held).elements())
    random.Random(35).shuffle(rest)
    one, other = juanita_looked(rest), juanita_looked(rest[::-1])
    assert one.undealt != other.undealt  # the stacks do differ
    view = king.observe(one, 1)
    assert view == king.observe(other, 1)
    assert to_json(view) == to_json(king.observe(other, 1))
    assert view.undealt == tuple(sorted(rest, key=order_of))
    assert one.peeked == other.peeked
    # Bendt then draws the top two of the real stack, which she could not tell.
    one, other = play(one, "BENDT", "Y7", "Y4"), play(other, "BENDT", "Y7", "Y4")
    assert one.pending is not None and one.pending.drawn == 2
    assert one.hands[1] != other.hands[1]


def test_harry_changes_his_bid_after_the_final_trick() -> None:
    # Harry is the only ability usable after the final trick (§3.8, D8); the new bid is
    # scored with its own formula (K13 of §5).
    config = Config(players=3, pirate_abilities=True, rounds=(1,))
    state = bid_all(dealt(config, "Y3", "HARRY", "Y6"), 0, 0, 0)
    state = play(state, "HARRY", "Y6", "Y3")
    assert state.phase is Phase.ABILITY
    assert king.legal_moves(state) == (AdjustBid(0), AdjustBid(1))  # stays within 0..1
    state = king.apply(state, AdjustBid(1))
    assert king.is_over(state)
    assert state.rounds[0].bids == (0, 1, 0)
    assert state.rounds[0].points == (10, 20, 10)


def test_no_ability_but_harry_on_the_final_trick() -> None:
    config = Config(players=3, pirate_abilities=True, rounds=(1,))
    state = bid_all(dealt(config, "Y3", "ROSIE", "Y6"), 0, 1, 0)
    state = play(state, "ROSIE", "Y6", "Y3")
    assert king.is_over(state)


def test_ability_moves_are_refused_outside_their_moment() -> None:
    state = bid_all(dealt(ABILITIES, "Y3 Y4", "ROSIE Y5", "Y6 Y7"), 1, 0, 1)
    with pytest.raises(IllegalMoveError):
        king.apply(state, ChooseLeader(0))
    state = play(state, "ROSIE", "Y6", "Y3")
    with pytest.raises(IllegalMoveError, match="ChooseLeader"):
        king.apply(state, Wager(10))
    with pytest.raises(IllegalMoveError, match="seat 0 to 2"):
        king.apply(state, ChooseLeader(5))
