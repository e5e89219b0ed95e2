"""What a seat remembers of the finished rounds of a Skull King game (RESEARCH.md §3.2, §3.5)."""

from __future__ import annotations

from skullgames import king, svg


def test_an_observation_remembers_each_finished_round() -> None:
    # §3.2 / §3.5: after each round every player knows its number, the cards dealt, the
    # bids, the tricks won and the points; the observation keeps them as summaries.
    config = king.Config(players=3, rounds=(1, 3))
    state = king.new_game(config, seed=8)
    while not king.is_over(state):
        state = king.apply(state, king.legal_moves(state)[0])
    for seat in range(3):
        summaries = king.observe(state, seat).rounds
        assert [(s.round_number, s.cards_dealt) for s in summaries] == [(1, 1), (2, 3)]
        for summary, result in zip(summaries, state.rounds, strict=True):
            assert summary.bids == result.bids
            assert summary.tricks == tuple(score.tricks for score in result.scores)
            assert summary.points == result.points


def test_before_the_deal_a_seat_sees_no_cards_anywhere() -> None:
    # K10: Graybeard's stack is dealt with the hands; before the deal nobody holds a card,
    # he has none, nothing was looked at (Juanita Jade) or discarded (Bendt).
    state = king.new_game(king.Config(players=2), auto_deal=False)
    view = king.observe(state, 1)
    assert view.phase is king.Phase.DEAL
    assert (view.hand, view.hand_sizes, view.ghost_size) == ((), (0, 0), 0)
    assert (view.undealt, view.discarded) == (None, ())


def test_an_observation_draws_as_the_svg_table() -> None:
    view = king.observe(king.new_game(seed=3), 2)
    assert view._repr_svg_() == svg.table(view)


def test_while_bidding_shots_exist_only_with_the_cannonball() -> None:
    # K11 / §3.6: the Grapeshot or Cannonball choice comes with Rascal's scoring and the
    # Cannonball option only; before it, nobody has chosen.
    plain = king.observe(king.new_game(king.Config(players=3), seed=2), 0)
    assert plain.phase is king.Phase.BID
    assert (plain.shots, plain.has_shot) == ((), ())
    config = king.Config(players=3, scoring=king.Scoring.RASCAL, cannonball=True)
    rascal = king.observe(king.new_game(config, seed=2), 0)
    assert (rascal.shots, rascal.has_shot) == ((None, None, None), (False, False, False))
