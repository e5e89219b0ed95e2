"""One ``winners_of`` for both games: the highest total wins, a tie is a shared win
(DECISIONS K14 for Skull King, Q9 for Skull Queen)."""

from __future__ import annotations

from skullgames import GAMES, king, queen
from skullgames._outcome import winners_of
from skullgames.king import scoring as king_scoring
from skullgames.queen import scoring as queen_scoring


def test_both_games_ask_the_one_rule() -> None:
    assert king_scoring.winners_of is winners_of
    assert queen_scoring.winners_of is winners_of


def test_the_highest_total_wins_and_a_tie_is_shared() -> None:
    assert winners_of([40, 70, 70]) == (1, 2)  # K14 / Q9: every tied seat wins
    assert winners_of([-10, -30]) == (0,)
    assert winners_of([5, 5, 5, 5]) == (0, 1, 2, 3)


def test_every_game_names_its_winners_by_that_rule() -> None:
    for game, config in ((king, king.Config(players=3, rounds=(1, 2))),
                         (queen, queen.Config(players=3, rounds=1))):
        entry = next(g for g in GAMES.values() if g.Config is config.__class__)
        state = entry.new_game(config, seed=4)
        while not entry.is_over(state):
            state = entry.apply(state, entry.legal_moves(state)[-1])
        assert game.winners(state) == winners_of(game.scores(state))


def test_no_game_has_a_winner_before_the_end() -> None:
    """Issue 35: ``king.winners`` of a new game named every seat (all on 0). In every
    registered game ``winners`` is ``()`` until the game is over, for a state and for a
    seat's observation, and names the winners from then on (the registry's promise)."""
    for entry in GAMES.values():
        state = entry.new_game(entry.Config(), seed=4)
        while not entry.is_over(state):
            assert entry.winners(state) == (), entry.name
            assert entry.winners(entry.observe(state, 0)) == (), entry.name
            state = entry.apply(state, entry.legal_moves(state)[-1])
        assert entry.winners(state) == winners_of(entry.scores(state)) != ()
        assert entry.winners(entry.observe(state, 0)) == entry.winners(state)
