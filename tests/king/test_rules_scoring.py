"""Scoring a round from plain values (``score_round``) and in a played game.

Rules: RESEARCH.md §2.5 (classic), §3.5 (modern), §3.6 (Rascal's scoring, Cannonball),
DECISIONS K3 (round bonus), K9 (cards dealt), K11 (Loot never halved).
"""

from __future__ import annotations

import pytest

from skullgames import IllegalMoveError, king
from skullgames.king import Config, Edition, Scoring, apply, round_breakdown, score_round
from tests.support.king.helpers import play, position

RASCAL = Config(scoring=Scoring.RASCAL)
CANNONBALL = Config(scoring=Scoring.RASCAL, cannonball=True)
CLASSIC = Config(edition=Edition.CLASSIC)


@pytest.mark.parametrize("config", [Config(), CLASSIC], ids=["modern", "classic"])
def test_exact_bid_scores_20_per_trick(config: Config) -> None:
    """§3.5 / §2.5 (D1, K3): a correct bid of 1 or more scores 20 × tricks."""
    assert score_round([2, 3, 1], [2, 3, 1], cards_dealt=6, config=config) == (40, 60, 20)


@pytest.mark.parametrize("config", [Config(), CLASSIC], ids=["modern", "classic"])
def test_missed_bid_loses_10_per_trick_off(config: Config) -> None:
    """§3.5 / §2.5: a missed bid of 1 or more: −10 × |tricks − bid|, nothing for tricks."""
    assert score_round([3, 1, 2], [1, 4, 1], cards_dealt=6, config=config) == (-20, -30, -10)


@pytest.mark.parametrize("config", [Config(), CLASSIC], ids=["modern", "classic"])
def test_zero_bid_scores_10_per_card_dealt_either_way(config: Config) -> None:
    """§3.5 / §2.5 (D12): bid 0, took 0: +10 × cards dealt; took any: −10 × cards dealt,
    the same for 1 trick or more."""
    assert score_round([0, 0, 0, 1], [0, 1, 3, 3], cards_dealt=7, config=config) == (
        70, -70, -70, -20)


def test_zero_bid_uses_cards_dealt_not_the_round_number() -> None:
    """K9: zero bids use the cards dealt (8 in round 10 with 8 players)."""
    assert score_round([0, 0], [0, 1], cards_dealt=8, round_number=10) == (80, -80)


def test_bonuses_count_only_on_an_exact_bid() -> None:
    """§3.5: bonuses are scored only if the bid was exact."""
    assert score_round([2, 2, 1, 0], [2, 3, 0, 2], cards_dealt=7,
                       bonuses=[40, 30, 0, 20]) == (80, -10, -10, -70)


def test_exact_zero_bid_with_bonus_zero() -> None:
    """§3.5: bonuses come with tricks, so a made zero bid has none; score is 10 × cards."""
    assert score_round([0, 1], [0, 1], cards_dealt=1, bonuses=[0, 30]) == (10, 50)


def test_loot_alliance_scores_20_each_when_both_bids_are_exact() -> None:
    """§3.5: +20 to each of the Loot player and the winner, only if both are exact."""
    assert score_round([0, 1, 1], [0, 1, 0], cards_dealt=1,
                       loot_alliances=[(0, 1)]) == (30, 40, -10)  # K11: a zero bidder too
    assert score_round([0, 1, 1], [0, 1, 0], cards_dealt=1,
                       loot_alliances=[(2, 1)]) == (10, 20, -10)  # the Loot player missed
    assert score_round([1, 2, 0], [1, 1, 0], cards_dealt=2,
                       loot_alliances=[(0, 1)]) == (20, -10, 20)  # the winner missed


def test_two_loot_alliances_add_up() -> None:
    """§3.5: one alliance per Loot card (up to 2)."""
    assert score_round([0, 2, 0], [0, 2, 0], cards_dealt=2,
                       loot_alliances=[(0, 1), (2, 1)]) == (40, 80, 40)


def test_one_loot_player_in_two_alliances_scores_both() -> None:
    """§3.5 / K11: each Loot card makes its own alliance; a player who played both Loot
    cards this round (in two tricks) is in two alliances and scores +20 for each."""
    assert score_round([0, 1, 1], [0, 1, 1], cards_dealt=2,
                       loot_alliances=[(0, 1), (0, 2)]) == (60, 40, 40)


def test_bonuses_given_for_a_made_zero_bid_count() -> None:
    """§3.5: the bonuses a seat captured count when its bid is exact, a zero bid too (in
    play, a seat that took no trick captured nothing; score_round scores what it is given)."""
    assert score_round([0, 0], [0, 1], cards_dealt=2, bonuses=[20, 10]) == (40, -20)


def test_breakdown_says_who_chose_the_cannonball() -> None:
    """§3.6: under Rascal's scoring, each seat chose the Grapeshot or the Cannonball; the
    breakdown records the choice beside the points it changed."""
    scores = round_breakdown([1, 1], [1, 1], cards_dealt=2, config=CANNONBALL,
                             cannonballs=[True, False])
    assert [(s.cannonball, s.base) for s in scores] == [(True, 30), (False, 20)]


def test_round_bonus_option_sources_004() -> None:
    """K3 (D1): the summary in sources/004 adds 10 × round number to a correct bid:
    round 3, two tricks bid and taken = 40 + 30 = 70. Off by default."""
    classic = Config(edition=Edition.CLASSIC, round_bonus=True)
    assert score_round([2], [2], cards_dealt=3, round_number=3, config=classic) == (70,)
    assert score_round([2], [2], cards_dealt=3, round_number=3, config=CLASSIC) == (40,)
    modern = Config(round_bonus=True)
    assert score_round([2, 0, 1], [2, 0, 0], cards_dealt=3, round_number=3,
                       config=modern) == (70, 30, -10)  # not on zero or missed bids


def test_rascal_scoring_rulebook_example() -> None:
    """§3.6: 6 cards, bid 3. Grapeshot: exact 60, off by 1 → 30; Cannonball: exact 90,
    off by one → 0."""
    assert score_round([3, 3, 3], [3, 2, 1], cards_dealt=6, config=RASCAL) == (60, 30, 0)
    assert score_round([3, 3], [3, 2], cards_dealt=6, config=CANNONBALL,
                       cannonballs=[True, True]) == (90, 0)
    assert score_round([3, 3], [3, 2], cards_dealt=6, config=CANNONBALL,
                       cannonballs=[False, False]) == (60, 30)


def test_rascal_potential_is_the_same_for_every_bid() -> None:
    """§3.6: potential 10 × cards dealt for every player, 0 included; never negative."""
    assert score_round([0, 0, 4, 1], [0, 1, 0, 4], cards_dealt=5, config=RASCAL) == (
        50, 25, 0, 0)


def test_rascal_bonuses_all_half_or_nothing() -> None:
    """§3.6: exact: all bonuses; off by one: half of them; off by two: nothing."""
    assert score_round([2, 2, 2], [2, 1, 0], cards_dealt=5, bonuses=[30, 30, 30],
                       config=RASCAL) == (80, 40, 0)
    assert score_round([1, 1], [1, 0], cards_dealt=3, bonuses=[10, 0],
                       config=RASCAL) == (40, 15)


def test_rascal_halves_are_whole_points() -> None:
    """§3.6: one off, half the potential and half the bonuses: whole points (the potential
    is 10 × cards dealt and bonuses come in tens, so half of each is a whole number)."""
    seat = round_breakdown([2], [1], cards_dealt=3, bonuses=[30], config=RASCAL)[0]
    assert (seat.base, seat.bonus, seat.total) == (15, 15, 30)
    assert (type(seat.base), type(seat.bonus), type(seat.total)) == (int, int, int)


def test_cannonball_bonuses_only_when_exact() -> None:
    """§3.6: the Cannonball scores 15 × cards dealt and bonuses only if exact."""
    assert score_round([2, 2], [2, 1], cards_dealt=4, bonuses=[40, 20], config=CANNONBALL,
                       cannonballs=[True, True]) == (100, 0)


def test_loot_is_never_halved_under_rascal() -> None:
    """K11: under Rascal's scoring Loot is +20 for exact bids only, never halved."""
    assert score_round([1, 0, 1], [1, 0, 0], cards_dealt=2, config=RASCAL,
                       loot_alliances=[(1, 0), (2, 0)]) == (40, 40, 10)


def test_rascal_wager_is_won_or_lost() -> None:
    """§3.8: Rascal of Roatan's wager: +wager if exact, −wager otherwise, also when one off
    under Rascal's scoring."""
    assert score_round([1, 1], [1, 0], cards_dealt=2, wagers=[20, 10]) == (40, -20)
    assert score_round([1, 1], [1, 0], cards_dealt=2, wagers=[20, 10], config=RASCAL) == (
        40, 0)


def test_breakdown_itemises_the_score() -> None:
    """The items add up to the total: base, bonus (exact only), Loot and wager."""
    seat = round_breakdown([2, 1], [2, 0], cards_dealt=3, bonuses=[30, 20],
                           loot_alliances=[(1, 0)])
    assert [(s.base, s.bonus, s.loot, s.total, s.exact) for s in seat] == [
        (40, 30, 0, 70, True), (-10, 0, 0, -10, False)]


@pytest.mark.parametrize(("kwargs", "why"), [
    ({"bids": [2], "tricks": [1], "cards_dealt": 1}, "bid 2"),
    ({"bids": [1, 1], "tricks": [1, 1], "cards_dealt": 1}, "2 tricks taken"),
    ({"bids": [1], "tricks": [1, 0], "cards_dealt": 1}, "tricks has 2 entries"),
    ({"bids": [1], "tricks": [1], "cards_dealt": 0}, "cards_dealt"),
    ({"bids": [1], "tricks": [1], "cards_dealt": 1, "wagers": [15]}, "wager 15"),
    ({"bids": [0, 1], "tricks": [0, 1], "cards_dealt": 1, "loot_alliances": [(1, 1)]},
     "loot alliance"),
])
def test_score_round_refuses_impossible_rounds(kwargs: dict[str, object], why: str) -> None:
    with pytest.raises(IllegalMoveError, match=why):
        score_round(**kwargs)  # type: ignore[arg-type]


# -- The same rules in a played round ----------------------------------------------------

def test_played_round_pays_bonuses_to_exact_winners_only() -> None:
    """§3.5: the Skull King captures two pirates (+60) for its exact bid of 1."""
    state = position(["BENDT", "SK", "ROSIE"], bids=[0, 1, 0], plays=["SK", "ROSIE", "BENDT"])
    result = state.rounds[-1]
    assert result.points == (10, 80, 10)
    assert state.totals == (10, 80, 10)
    missed = position(["BENDT", "SK", "ROSIE"], bids=[0, 0, 0], plays=["SK", "ROSIE", "BENDT"])
    assert missed.rounds[-1].points == (10, -10, 10)


def test_played_round_loot_alliance() -> None:
    """§3.5 / K11: a zero bidder's Loot captured by an exact bidder: +20 each."""
    config = Config(loot=True)
    state = position(["Y3", "LOOT", "Y5"], config=config, bids=[0, 0, 1],
                     plays=["LOOT", "Y5", "Y3"])
    assert state.rounds[-1].points == (10, 30, 40)


def test_played_kraken_trick_counts_for_nobody() -> None:
    """K7: nobody takes a Kraken trick: tricks won sum to less than the cards dealt."""
    state = position(["Y13", "Y12", "KRAKEN"], config=Config(kraken=True), bids=[0, 0, 0],
                     plays=["Y12", "KRAKEN", "Y13"])
    result = state.rounds[-1]
    assert [s.tricks for s in result.scores] == [0, 0, 0]
    assert result.points == (10, 10, 10)


def test_played_round_rascal_scoring() -> None:
    """§3.6 in a game: potential 10 × cards dealt; one off: half; two off: nothing."""
    state = position(["Y1 Y2", "Y13 Y12", "G1 G2"], config=RASCAL, bids=[0, 1, 2])
    for text in ("Y13", "G1", "Y1", "Y12", "G2", "Y2"):
        state = apply(state, play(text))
    assert state.rounds[-1].points == (20, 10, 0)


def test_played_round_round_bonus() -> None:
    """K3: with round_bonus, a correct non-zero bid adds 10 × the round number."""
    state = position(["Y1", "Y13", "G1"], config=Config(round_bonus=True), bids=[0, 1, 0],
                     plays=["Y13", "G1", "Y1"])
    assert state.rounds[-1].points == (10, 30, 10)


def test_played_classic_round_scary_mary_as_escape_still_pays_the_skull_king() -> None:
    """K5 / D7: classic, Scary Mary counts as a pirate for the Skull King's +30 even played
    as an escape; a mermaid taking the Skull King pays +50."""
    state = position(["TIG", "SK", "R3"], config=CLASSIC, bids=[0, 1, 0],
                     plays=["SK", "R3", "TIG escape"])
    assert state.rounds[-1].points == (10, 50, 10)
    mermaid = position(["R3", "SK", "MER"], config=CLASSIC, bids=[0, 0, 1],
                       plays=["SK", "MER", "R3"])
    assert mermaid.rounds[-1].points == (10, 10, 70)


def test_classic_zero_bid_scores_by_the_round_number() -> None:
    """K9 / §2.5 (D12): classic zero bids score ± 10 × the round number (sources/004 and
    the Schmidt rules), which differs from the cards dealt only under another plan."""
    assert score_round([0, 0], [0, 1], cards_dealt=9, round_number=2, config=CLASSIC) == (
        20, -20)
    # Modern keeps the cards dealt (K9, §3.9).
    assert score_round([0, 0], [0, 1], cards_dealt=9, round_number=2) == (90, -90)


def test_classic_zero_bid_in_round_1_of_a_long_hand() -> None:
    """K9 / §2.5: round 1 is a round number like any other (Whirlpool deals 9 cards in
    it): a made classic zero bid scores 10 × 1, a missed one −10 × 1."""
    assert score_round([0, 0], [0, 1], cards_dealt=9, round_number=1, config=CLASSIC) == (
        10, -10)


def test_played_classic_zero_bid_uses_the_round_number_under_whirlpool() -> None:
    """K9: Whirlpool deals 9 cards in round 1: a made classic zero bid is worth 10."""
    config = Config(players=3, edition=Edition.CLASSIC, rounds="whirlpool")
    state = king.new_game(config, seed=5)
    while state.round_index == 0:
        state = king.apply(state, king.legal_moves(state)[0])  # everyone bids 0
    first = state.rounds[0]
    assert first.cards_dealt == 9 and first.round_number == 1
    for seat, score in enumerate(first.scores):
        assert score.bid == 0
        assert score.base == (10 if score.tricks == 0 else -10), seat


def test_a_seat_score_built_with_the_items_it_has_counts_nothing_else() -> None:
    # A score pad builds SeatScore(bid, tricks, base) for a plain round: no bonus, Loot,
    # wager or Cannonball (RESEARCH §3.5 scoring; K11 for the Cannonball).
    score = king.SeatScore(bid=2, tricks=2, base=40)
    assert (score.bonus, score.loot, score.wager, score.cannonball) == (0, 0, 0, False)
    assert score.total == 40
