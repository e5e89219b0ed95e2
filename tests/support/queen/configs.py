"""Hypothesis strategies of Skull Queen configs: 2 to 6 players, every option."""

from __future__ import annotations

from hypothesis import strategies as st

from skullgames.queen import (
    Config,
)


@st.composite
def configs(draw: st.DrawFn) -> Config:
    return Config(players=draw(st.integers(2, 6)), rounds=draw(st.integers(1, 3)),
                  plank_values=draw(st.lists(st.integers(0, 9), min_size=5, max_size=5)),
                  set_aside_center_pair=draw(st.booleans()),
                  set_aside_center_specials=draw(st.booleans()))
