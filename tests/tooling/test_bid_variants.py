"""``benchmarks/bid_variants.py``: the expert's bids with a margin over the rule of thumb's."""

from __future__ import annotations

import math
import random

from benchmarks import bid_variants

from skullgames import king, match
from skullgames.bots.king import greedy_bid
from skullgames.bots.king_expert import ExpertBot


def test_margin_bids_plays_a_whole_match_through_module_class() -> None:
    name = "benchmarks.bid_variants:MarginBids"
    result = match("king", king.Config(players=2, rounds=(1, 2)), bots=[name, "search"],
                   deals=1, jobs=1)
    assert len(result.games) == 2 and {b for g in result.games for b in g.bots} == {
        name, "search"}


def bids(margin: float) -> tuple[list[int], list[int], list[int]]:
    """The variant's bids with ``margin``, the expert's and the rule of thumb's, seat by seat."""
    config = king.Config(players=4, rounds=(7,))
    state = king.new_game(config, seed=5)
    mine, expert, rule = [], [], []
    while state.phase is king.Phase.BID:
        seat = king.current_player(state)
        assert seat is not None
        view = king.observe(state, seat)
        bot = bid_variants.MarginBids(random.Random(seat))
        bot.margin = margin
        made = bot.choose(view)
        assert isinstance(made, king.Bid)
        searched = ExpertBot(random.Random(seat)).choose(view)
        assert isinstance(searched, king.Bid)
        mine.append(made.n)
        expert.append(searched.n)
        rule.append(greedy_bid(view.hand, config))
        state = king.apply(state, made)
    return mine, expert, rule


def test_no_margin_bids_as_the_expert_and_an_endless_one_as_the_rule_of_thumb() -> None:
    mine, expert, _ = bids(-math.inf)
    assert mine == expert
    mine, _, rule = bids(math.inf)
    assert mine == rule


def test_a_card_is_the_expert_s() -> None:
    state = king.new_game(king.Config(players=3, rounds=(3,)), seed=2)
    for bid in (1, 1, 0):
        state = king.apply(state, king.Bid(bid))
    view = king.observe(state, king.current_player(state) or 0)
    assert bid_variants.MarginBids(random.Random(4)).choose(view) == ExpertBot(
        random.Random(4)).choose(view)
