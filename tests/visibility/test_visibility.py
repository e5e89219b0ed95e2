"""observe_move: each move as each seat sees it, case by case, from the rules.

The rules: K13 (bids hidden until all are in), K11 and RESEARCH.md §3.6 (Grapeshot /
Cannonball chosen secretly, revealed together), K12 and RESEARCH.md §3.8 (Bendt the
Bandit discards face down; Rascal's wager, Rosie's choice and Harry's change are open),
Q2 (placements hidden until all are in), Q7 and RESEARCH.md §1.9 (two captains commit
face down until both have played). Random games at every step are in
``tests/visibility/test_hidden_information.py``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from skullgames import ConfigError, from_json, json_schema, king, queen, to_json

jsonschema = pytest.importorskip("jsonschema")  # in the test extra, which CI installs


def _play(state: Any, *texts: str, game: Any = king) -> Any:
    for text in texts:
        state = game.apply(state, game.parse_move(text))
    return state


# -- Skull King ---------------------------------------------------------------------------


def test_a_bid_is_hidden_from_the_others_until_every_bid_is_in() -> None:
    """K13: each bid is hidden from the other players until all are in."""
    state = king.new_game(king.Config(players=3), seed=11)  # seat 1 bids first
    assert king.observe_move(state, king.Bid(1), 1) == king.Bid(1)
    for seat in (0, 2):
        assert king.observe_move(state, king.Bid(1), seat) == king.HiddenMove(1, "bid")
    second = _play(state, "bid 1")
    last = _play(second, "bid 0")
    # The last bid completes the bidding, and is still hidden as it is made ...
    assert king.observe_move(last, king.Bid(0), 1) == king.HiddenMove(0, "bid")
    after = _play(last, "bid 0")
    # ... the reveal is the observation after it, and the bids are known from then on.
    assert king.observe(after, 1).bids == (0, 1, 0)
    assert king.observe_move(state, king.Bid(1), 0, after) == king.Bid(1)
    assert king.observe_move(second, king.Bid(0), 0, last) == king.HiddenMove(2, "bid")


def test_a_deal_shows_each_seat_its_own_hand_only() -> None:
    """RESEARCH.md §3.2 / §3.11: hands are dealt face down; Graybeard's stack stays face down."""
    state = king.new_game(king.Config(players=2), auto_deal=False)
    deal = king.parse_move("deal Y1 | P10 | ghost G3")
    assert king.observe_move(state, deal, 0) == king.HiddenMove(None, "deal", (king.card("Y1"),))
    assert king.observe_move(state, deal, 1) == king.HiddenMove(None, "deal",
                                                                 (king.card("P10"),))
    later = king.apply(state, deal)
    seen = king.observe_move(state, deal, 0, later)
    assert isinstance(seen, king.HiddenMove) and seen.cards == (king.card("Y1"),)


def test_the_cannonball_choice_is_secret_until_all_have_chosen() -> None:
    """K11, RESEARCH.md §3.6: each player secretly chooses; all reveal together."""
    config = king.Config(players=3, scoring=king.Scoring.RASCAL, cannonball=True)
    state = _play(king.new_game(config, seed=11), "bid 1", "bid 0", "bid 0")
    assert state.phase is king.Phase.SHOT
    shot = king.Shot(True)
    mover = state.to_move
    assert king.observe_move(state, shot, mover) == shot
    other = (mover + 1) % 3
    assert king.observe_move(state, shot, other) == king.HiddenMove(mover, "shot")
    after = king.apply(state, shot)
    assert king.observe_move(state, shot, other, after) == king.HiddenMove(mover, "shot")
    while after.phase is king.Phase.SHOT:
        after = king.apply(after, king.Shot(False))
    assert king.observe_move(state, shot, other, after) == shot
    assert king.observe(after, other).shots[mover] is True


def _abilities_state(pirate: str) -> Any:
    """A 3-player game with pirate abilities where seat 1 wins trick 1 with ``pirate``."""
    config = king.Config(players=3, pirate_abilities=True, rounds=(2,))
    state = king.new_game(config, auto_deal=False)
    return _play(state, f"deal G3 G4 | {pirate} Y2 | P5 P6", "bid 1", "bid 0", "bid 1",
                 pirate, "P5", "G3")


def test_bendts_discards_show_only_their_number() -> None:
    """K12, RESEARCH.md §3.8: Bendt draws 2 and discards 2; the others see how many."""
    state = _abilities_state("BENDT")
    assert state.phase is king.Phase.ABILITY and state.pending.seat == 1
    discard = king.legal_moves(state)[0]
    assert isinstance(discard, king.Discard)
    assert king.observe_move(state, discard, 1) == discard
    seen = king.observe_move(state, discard, 2)
    assert seen == king.HiddenMove(1, "discard", count=len(discard.cards))
    assert str(seen) == f"discard {len(discard.cards)} cards (face down)"
    assert king.observe_move(state, discard, 2, king.apply(state, discard)) == seen


def test_juanitas_look_shows_which_cards_are_undealt_not_the_stocks_order() -> None:
    """K12, RESEARCH.md §3.8: Juanita Jade's player looks through the undealt cards, to see
    which are not in play; the stock's order stays hidden (Bendt the Bandit draws its top
    two), so her player sees them in card order, and the other seats see nothing."""
    from skullgames.king.cards import order_of
    from skullgames.king.visibility import undealt_seen

    config = king.Config(players=3, pirate_abilities=True, rounds=(2,))
    hands = [[king.card(word) for word in h.split()] for h in ("G3 G4", "JUANITA Y2", "P5 P6")]
    held = Counter(c for hand in hands for c in hand)
    stock = list((Counter(config.deck) - held).elements())[::-1]
    state = king.apply(king.new_game(config, auto_deal=False), king.Deal(hands, (), stock))
    state = _play(state, "bid 1", "bid 0", "bid 1", "JUANITA", "P5", "G3")
    assert state.undealt == tuple(stock)  # the stock as dealt, which is not card order
    in_card_order = tuple(sorted(stock, key=order_of))
    assert in_card_order != state.undealt
    assert undealt_seen(state, 1) == in_card_order == king.observe(state, 1).undealt
    assert from_json(to_json(king.observe(state, 1)), king.Observation).undealt == in_card_order
    assert undealt_seen(state, 0) is None and undealt_seen(state, 2) is None


@pytest.mark.parametrize("pirate", ["RASCAL", "ROSIE"])
def test_rascals_wager_and_rosies_choice_are_open(pirate: str) -> None:
    """RESEARCH.md §3.8: a wager and a choice of leader are made in the open."""
    state = _abilities_state(pirate)
    assert state.phase is king.Phase.ABILITY
    for move in king.legal_moves(state):
        assert all(king.observe_move(state, move, seat) is move for seat in range(3))


def test_plays_are_open() -> None:
    """RESEARCH.md §3.11: every card, Graybeard's too, is played face up."""
    state = _play(king.new_game(king.Config(players=3), seed=11), "bid 1", "bid 0", "bid 0")
    play = king.legal_moves(state)[0]
    assert all(king.observe_move(state, play, seat) is play for seat in range(3))


def test_bad_arguments_get_the_library_errors() -> None:
    state = king.new_game(king.Config(players=3), seed=11)
    with pytest.raises(ConfigError, match="seat 3 is not a seat"):
        king.observe_move(state, king.Bid(1), 3)
    with pytest.raises(TypeError, match="seat"):
        king.observe_move(state, king.Bid(1), "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a Skull King move"):
        king.observe_move(state, queen.parse_move("R7"), 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        king.observe_move(queen.new_game(seed=1), king.Bid(1), 0)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="hidden Skull King move"):
        king.HiddenMove(0, "play")


def test_a_bid_shows_from_the_next_round_on() -> None:
    """K13: a bid is hidden only until every bid of its round is in; in the next round's
    bidding (the same phase again) the earlier round's bids are known."""
    state = king.new_game(king.Config(players=3, rounds=(1, 2)), seed=11)
    mover = state.to_move
    assert mover is not None
    later = state
    while later.past.round_index == state.past.round_index:
        later = king.apply(later, king.legal_moves(later)[0])
    assert later.phase is king.Phase.BID
    other = (mover + 1) % 3
    assert king.observe_move(state, king.Bid(1), other, later) == king.Bid(1)


def test_a_deal_without_a_hand_for_the_seat_shows_it_no_cards() -> None:
    """RESEARCH.md §3.2: a seat sees only its own hand; a deal that holds none for it
    shows it none (and never another seat's)."""
    state = king.new_game(king.Config(players=3), auto_deal=False)
    deal = king.Deal(hands=((king.card("Y1"),),))
    assert king.observe_move(state, deal, 0) == king.HiddenMove(None, "deal",
                                                                 (king.card("Y1"),))
    assert king.observe_move(state, deal, 1) == king.HiddenMove(None, "deal", ())


def test_before_the_deal_nothing_was_discarded_or_looked_at() -> None:
    """K12, RESEARCH.md §3.8: Bendt's discards and Juanita's look happen in a round; before
    its deal a seat has discarded nothing and seen no undealt card."""
    from skullgames.king.visibility import discarded_seen, undealt_seen

    state = king.new_game(king.Config(players=3, pirate_abilities=True), auto_deal=False)
    assert state.phase is king.Phase.DEAL
    assert discarded_seen(state, 1) == ()
    assert undealt_seen(state, 1) is None


@pytest.mark.parametrize(("hidden", "text"), [
    (king.HiddenMove(None, "deal", (king.card("Y1"), king.card("SK"))),
     "deal (your hand: Y1 SK)"),
    (king.HiddenMove(None, "deal"), "deal (your hand: -)"),
    (king.HiddenMove(1, "discard", count=1), "discard 1 card (face down)"),
    (king.HiddenMove(1, "discard", count=2), "discard 2 cards (face down)"),
    (king.HiddenMove(1, "bid"), "bid (hidden)"),
    (king.HiddenMove(0, "shot"), "shot (hidden)"),
])
def test_a_hidden_king_move_says_what_shows(hidden: Any, text: str) -> None:
    """K11-K13: what shows of a hidden move, in words (the hand, the number of discards)."""
    assert str(hidden) == text


# -- Skull Queen --------------------------------------------------------------------------


def test_a_placement_is_hidden_until_every_seat_has_placed() -> None:
    """Q2: placement is simultaneous, hidden until every player has placed."""
    state = queen.new_game(queen.Config(players=3), seed=5)
    place = queen.parse_move("front 0 1 2 4")
    assert queen.observe_move(state, place, 1) == place
    assert queen.observe_move(state, place, 0) == queen.HiddenMove(1, "place")
    last = _play(state, "front 0 1 2 4", "back 1 1 1 1", game=queen)
    assert queen.observe_move(last, place, 2) == queen.HiddenMove(0, "place")
    after = queen.apply(last, place)
    assert queen.observe_move(state, place, 0, after) == place
    assert queen.observe(after, 0).placements[1] == place


def test_a_queen_deal_shows_the_own_hand_and_the_centre() -> None:
    """RESEARCH.md §1.4: the cards left over lie face up in the centre."""
    state = queen.new_game(queen.Config(players=4), seed=2)
    deal = state.history[0]
    assert isinstance(deal, queen.Deal)
    for seat in range(4):
        seen = queen.observe_move(queen.new_game(queen.Config(players=4), auto_deal=False),
                                  deal, seat)
        assert seen == queen.HiddenMove(None, "deal", deal.hands[seat], deal.center)
        assert isinstance(seen, queen.HiddenMove)
        assert len(seen.center) == 2


def test_two_captains_play_face_down() -> None:
    """Q7, RESEARCH.md §1.9: both captains commit face down, turned up together."""
    state = _play(queen.new_game(queen.Config(players=2), seed=3), "front 0 0 0 0",
                  "back 4 4 4 4", game=queen)
    first = state.to_move
    other = 1 - first
    play = queen.legal_moves(state)[0]
    assert queen.observe_move(state, play, first) == play
    assert queen.observe_move(state, play, other) == queen.HiddenMove(first, "play")
    middle = queen.apply(state, play)
    second = queen.legal_moves(middle)[0]
    # The second card completes the trick; it too is played face down ...
    assert queen.observe_move(middle, second, first) == queen.HiddenMove(other, "play")
    after = queen.apply(middle, second)
    # ... and both show once the trick is complete.
    assert queen.observe_move(state, play, other, middle) == queen.HiddenMove(first, "play")
    assert queen.observe_move(state, play, other, after) == play
    assert queen.observe_move(middle, second, first, after) == second


def test_with_three_or_more_captains_cards_are_played_face_up() -> None:
    """RESEARCH.md §1.5: each player plays one card face up."""
    state = _play(queen.new_game(queen.Config(players=3), seed=5), "front 0 1 2 4",
                  "back 1 1 1 1", "front 2 2 2 2", game=queen)
    play = queen.legal_moves(state)[0]
    assert all(queen.observe_move(state, play, seat) is play for seat in range(3))


def test_a_placement_shows_from_the_next_round_on() -> None:
    """Q2: placements are hidden only until every seat has placed; in the next round's
    placing (the same phase again) the earlier round's placements are known."""
    state = queen.new_game(queen.Config(players=3, rounds=2), seed=5)
    place = queen.legal_moves(state)[0]
    later = state
    while later.round_index == state.round_index:
        later = queen.apply(later, queen.legal_moves(later)[0])
    assert later.phase is queen.Phase.PLACE
    assert queen.observe_move(state, place, 0, later) == place


def test_a_face_down_card_shows_once_its_round_is_over() -> None:
    """Q7: a captain's face-down card is turned up when its trick is complete; from the
    next round on it is known, in its placing (another phase) and in its first trick (the
    same phase, as many tricks counted as when the card was played)."""
    state = _play(queen.new_game(queen.Config(players=2, rounds=2), seed=3),
                  "front 0 0 0 0", "back 4 4 4 4", game=queen)
    first = state.to_move
    play = queen.legal_moves(state)[0]
    later = state
    while later.round_index == state.round_index:
        later = queen.apply(later, queen.legal_moves(later)[0])
    assert (later.phase, len(later.tricks)) == (queen.Phase.PLACE, len(state.tricks))
    assert queen.observe_move(state, play, 1 - first, later) == play
    while later.phase is not queen.Phase.PLAY:
        later = queen.apply(later, queen.legal_moves(later)[0])
    assert len(later.tricks) == len(state.tricks)
    assert queen.observe_move(state, play, 1 - first, later) == play


def test_a_queen_deal_without_a_hand_for_the_seat_shows_only_the_centre() -> None:
    """RESEARCH.md §1.4: a seat sees its own hand and the centre, never another hand."""
    state = queen.new_game(queen.Config(players=3), auto_deal=False)
    deal = queen.Deal(hands=((queen.card("R2"),),), center=(queen.card("Y4"),))
    for seat in (1, 2):
        assert queen.observe_move(state, deal, seat) == queen.HiddenMove(
            None, "deal", (), (queen.card("Y4"),))


@pytest.mark.parametrize(("hidden", "text"), [
    (queen.HiddenMove(None, "deal", (queen.card("R2"), queen.card("B7")), (queen.card("Y4"),)),
     "deal (your hand: R2 B7 | center Y4)"),
    (queen.HiddenMove(None, "deal", (queen.card("R2"),)), "deal (your hand: R2)"),
    (queen.HiddenMove(None, "deal", (), (queen.card("Y4"), queen.card("B1"))),
     "deal (your hand: - | center Y4 B1)"),
    (queen.HiddenMove(None, "deal"), "deal (your hand: -)"),
    (queen.HiddenMove(0, "play"), "a card face down"),
    (queen.HiddenMove(1, "place"), "place (hidden)"),
])
def test_a_hidden_queen_move_says_what_shows(hidden: Any, text: str) -> None:
    """Q2, Q7: what shows of a hidden move, in words (the hand and the centre)."""
    assert str(hidden) == text


# -- JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize("hidden", [
    king.HiddenMove(1, "bid"), king.HiddenMove(None, "deal", (king.card("Y1"),)),
    king.HiddenMove(2, "discard", count=2), king.HiddenMove(0, "shot"),
    queen.HiddenMove(0, "place"), queen.HiddenMove(1, "play"),
    queen.HiddenMove(None, "deal", (queen.card("R2"),), (queen.card("Y4"),)),
])
def test_hidden_moves_round_trip_through_json_and_match_their_schema(hidden: Any) -> None:
    import json

    text = to_json(hidden)
    assert json.loads(text)["type"] == "hidden"
    assert from_json(text, type(hidden)) == hidden
    jsonschema.validate(json.loads(text), json_schema(type(hidden)))


def test_a_bad_hidden_move_document_is_refused_with_its_path() -> None:
    from skullgames import SerializationError

    with pytest.raises(SerializationError, match=r"\$\.kind"):
        from_json('{"type": "hidden", "seat": 1, "kind": "play"}', king.HiddenMove)
    with pytest.raises(SerializationError, match=r"\$\.type"):
        from_json('{"type": "bid", "seat": 1, "kind": "bid"}', queen.HiddenMove)
