"""The bots of ``benchmarks/expert_parts.py`` (issue 38's ablations and baselines) play legally.

Each is loaded as ``skullgames match`` loads it, by ``module:Class``, and plays whole
small games against ``search``; the ablations differ from the expert only in the part
they name, and ``FourfoldSearch`` is ``search`` with four times its worlds.
"""

from __future__ import annotations

import random

import pytest
from benchmarks import expert_parts

from skullgames import king, match
from skullgames.bots.king import SearchBot, greedy_bid
from skullgames.bots.king_expert import ExpertBot


@pytest.mark.parametrize("name", expert_parts.__all__)
def test_each_part_plays_a_whole_match_through_module_class(name: str) -> None:
    result = match("king", king.Config(players=2, rounds=(1, 2)),
                   bots=[f"benchmarks.expert_parts:{name}", "search"], deals=1, jobs=1)
    games = result.games
    assert len(games) == 2
    assert all(len(g.scores) == 2 for g in games)
    assert {b for g in games for b in g.bots} == {f"benchmarks.expert_parts:{name}", "search"}


def test_fourfold_search_searches_four_times_the_worlds_of_search() -> None:
    assert expert_parts.FourfoldSearch(random.Random(0)).worlds == 4 * SearchBot().worlds


def test_no_bid_search_bids_by_the_rule_of_thumb_and_searches_its_cards() -> None:
    config = king.Config(players=4, rounds=(7,))
    state = king.new_game(config, seed=5)
    bot, expert = expert_parts.NoBidSearch(random.Random(3)), ExpertBot(random.Random(3))
    while state.phase is king.Phase.BID:
        seat = king.current_player(state)
        assert seat is not None
        view = king.observe(state, seat)
        assert bot.choose(view) == king.Bid(greedy_bid(view.hand, config))
        state = king.apply(state, bot.choose(view))
    seat = king.current_player(state)
    assert seat is not None
    view = king.observe(state, seat)  # a card: the expert's search, the same draws
    assert bot.choose(view) == expert.choose(view)


def test_the_timed_expert_is_bounded_to_a_tenth_of_a_second() -> None:
    assert expert_parts.TimedExpert(random.Random(0)).seconds == 0.1
    assert ExpertBot(random.Random(0)).seconds is None
