"""Hypothesis strategies of Skull King configs: every option set, 2 to 8 players."""

from __future__ import annotations

import attrs
from hypothesis import strategies as st

from skullgames.king import (
    ROUND_PRESETS,
    Config,
    Edition,
    KrakenLeader,
    Scoring,
    WhaleLeader,
)


@st.composite
def option_configs(draw: st.DrawFn) -> Config:
    """Any valid modern config with the options of issue 3, 2 to 8 players, or classic."""
    if draw(st.integers(0, 4)) == 0:
        return Config(players=draw(st.integers(2, 6)), edition=Edition.CLASSIC,
                      rounds=draw(st.sampled_from(sorted(ROUND_PRESETS))),
                      round_bonus=draw(st.booleans()))
    rascal = draw(st.booleans())
    return Config(
        players=draw(st.integers(2, 8)), loot=draw(st.booleans()), kraken=draw(st.booleans()),
        white_whale=draw(st.booleans()),
        scoring=Scoring.RASCAL if rascal else Scoring.STANDARD,
        cannonball=rascal and draw(st.booleans()),
        pirate_abilities=draw(st.booleans()),
        rounds=draw(st.sampled_from(sorted(ROUND_PRESETS))),
        kraken_leader=draw(st.sampled_from(KrakenLeader)),
        whale_leader=draw(st.sampled_from(WhaleLeader)),
        character_ends_choice=draw(st.booleans()),
        whale_cancels_loot=draw(st.booleans()),
    )


@st.composite
def every_option(draw: st.DrawFn) -> Config:
    """The option configs of the engine's own property tests, with the round bonus."""
    return attrs.evolve(draw(option_configs()), round_bonus=draw(st.booleans()))
