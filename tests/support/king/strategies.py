"""Hypothesis strategies and a random-game driver shared by the property tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import strategies as st

from skullgames.king import Config, Edition, Move, Scoring, State, apply, is_over, legal_moves

PRESETS = ("standard", "standard", "standard", "even_keeled", "skip_to_the_brawl",
           "swift_n_salty_skirmish", "whirlpool_paired", "past_your_bedtime")


@st.composite
def configs(draw: st.DrawFn, *, players: st.SearchStrategy[int] | None = None) -> Config:
    """Any rule options for 3 to 8 players, both editions, every advanced card."""
    n = draw(players if players is not None else st.integers(3, 8))
    rounds = draw(st.sampled_from(PRESETS))
    round_bonus = draw(st.booleans())
    if n <= 6 and draw(st.integers(0, 3)) == 0:
        return Config(players=n, edition=Edition.CLASSIC, rounds=rounds,
                      round_bonus=round_bonus)
    rascal = draw(st.booleans())
    loot, white_whale = draw(st.booleans()), draw(st.booleans())
    return Config(
        players=n, loot=loot, kraken=draw(st.booleans()), white_whale=white_whale,
        scoring=Scoring.RASCAL if rascal else Scoring.STANDARD,
        rounds=rounds, round_bonus=round_bonus and not rascal,
        whale_cancels_loot=loot and white_whale and draw(st.booleans()),
    )


seeds = st.integers(0, 2**53 - 1)  # the seeds new_game takes


def play_out(state: State, rng: random.Random,
             visit: Callable[[State, Move, State], None] | None = None,
             stop: Callable[[State], bool] | None = None) -> State:
    """Play random legal moves until the end (or until ``stop``), calling ``visit``."""
    while not is_over(state) and not (stop is not None and stop(state)):
        move = rng.choice(legal_moves(state))
        after = apply(state, move)
        if visit is not None:
            visit(state, move, after)
        state = after
    return state
