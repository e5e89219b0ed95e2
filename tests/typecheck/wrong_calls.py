"""Calls with arguments of the wrong Python type, one a line (issue 34).

``mypy --strict`` must report every line marked ``# expect-error`` and no other, and each
marked call raises ``TypeError`` in both builds (tests/static/test_wrong_types.py runs them one by
one). The normal mypy run leaves this folder out (pyproject.toml). The calls sit in a
function so that importing the module (pytest's doctest collection does) runs none.
"""

from __future__ import annotations

from skullgames import king, queen
from skullgames.history import MoveLog


def wrong_calls() -> None:
    state = king.new_game(seed=1)
    placing = queen.new_game(seed=1)
    tigress = king.card("TIG")
    # -- Skull King: moves and cards
    king.Bid("3")  # expect-error
    king.Bid(1.0)  # expect-error
    king.Play("Y12")  # expect-error
    king.Play(tigress, as_pirate="pirate")  # expect-error
    king.Play(queen.card("R7"))  # expect-error
    king.Card("number", "Y", 3)  # expect-error
    king.Card(king.Kind.NUMBER, king.Suit.YELLOW, "3")  # expect-error
    king.Card(king.Kind.PIRATE, pirate="ROSIE")  # expect-error
    king.Shot(1)  # expect-error
    king.ChooseLeader("1")  # expect-error
    king.Wager(10.0)  # expect-error
    king.AdjustBid("+1")  # expect-error
    king.Discard(["Y3", "Y4"])  # expect-error
    king.Deal("Y3 | Y4")  # expect-error
    king.card(3)  # expect-error
    king.parse_move(None)  # expect-error
    # -- Skull King: the verbs
    king.new_game("standard")  # expect-error
    king.new_game(seed="1")  # expect-error
    king.new_game(seed=1, auto_deal=1)  # expect-error
    king.seeded_deal(king.Config(), 1, "0")  # expect-error
    king.seeded_deal(king.Config(), None, 0)  # expect-error
    king.current_player(None)  # expect-error
    king.is_over("x")  # expect-error
    king.scores(placing)  # expect-error
    king.legal_moves(None)  # expect-error
    king.apply(state, "Y3")  # expect-error
    king.apply(state, None)  # expect-error
    king.apply(state, queen.parse_move("R7"))  # expect-error
    king.apply(placing, king.Bid(1))  # expect-error
    king.observe(state, "0")  # expect-error
    king.observe(placing, 0)  # expect-error
    king.score_round([1], [1], cards_dealt="1")  # expect-error
    king.score_round("1", [1], cards_dealt=1)  # expect-error
    king.round_breakdown([1], [1], cards_dealt=1, config=queen.Config())  # expect-error
    king.round_breakdown([1], [1], cards_dealt=1, round_number=1.5)  # expect-error
    # -- Skull Queen
    queen.Card("R", 7)  # expect-error
    queen.Card(queen.Color.RED, "7")  # expect-error
    queen.card(None)  # expect-error
    queen.deck("3")  # expect-error
    queen.Play("R7")  # expect-error
    queen.Play(king.card("Y7"))  # expect-error
    queen.Place("front", (0, 1, 2, 3))  # expect-error
    queen.Place(queen.Side.FRONT, 5)  # expect-error
    queen.parse_move(7)  # expect-error
    queen.new_game(seed=1.5)  # expect-error
    queen.new_game(king.Config())  # expect-error
    queen.seeded_deal(queen.Config(), 1, None)  # expect-error
    queen.current_player("x")  # expect-error
    queen.is_over(None)  # expect-error
    queen.scores(state)  # expect-error
    queen.legal_moves(None)  # expect-error
    queen.apply(placing, king.Bid(1))  # expect-error
    queen.apply(placing, "front 0 0 0 0")  # expect-error
    queen.apply(state, queen.PLACES[0])  # expect-error
    queen.observe(placing, 1.0)  # expect-error
    queen.side_values("front")  # expect-error
    queen.Plank("front", (0, 0, 0, 0))  # expect-error
    # -- the history of a game
    MoveLog(None)  # expect-error
