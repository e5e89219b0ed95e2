"""Integers JavaScript cannot hold are refused where they enter (issue 22, item 4)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from skullgames import ConfigError, king, queen
from skullgames._checks import MAX_SAFE_INTEGER
from skullgames.serialization import MAX_SAFE_INTEGER as PUBLIC_MAX_SAFE_INTEGER

BIG = [MAX_SAFE_INTEGER + 1, 10**18, 10**100]


def test_the_limit_is_one_constant() -> None:
    assert MAX_SAFE_INTEGER == PUBLIC_MAX_SAFE_INTEGER == 2**53 - 1


@pytest.mark.parametrize("big", BIG)
@pytest.mark.parametrize("make", [
    lambda n: queen.Config(plank_values=(n, 1, 1, 1, 1)),
    lambda n: queen.Config(plank_values=(0, 0, 0, 0, n)),
    lambda n: queen.Config(rounds=n),
    lambda n: king.Config(rounds=(n,)),
    lambda n: king.Config(rounds=(1, 2, n)),
], ids=["plank bottom", "plank top", "queen rounds", "king hand", "king later hand"])
def test_options_beyond_javascripts_integers_are_refused(
        make: Callable[[int], object], big: int) -> None:
    with pytest.raises(ConfigError, match=r"2\*\*53 - 1"):
        make(big)


def test_the_largest_options_javascript_holds_are_kept() -> None:
    assert king.Config(players=4, rounds=(MAX_SAFE_INTEGER,)).hand_sizes == (17,)  # capped (K8)
    assert queen.Config(plank_values=(0, 0, 0, 0, 0), rounds=MAX_SAFE_INTEGER).rounds == (
        MAX_SAFE_INTEGER)


def test_a_queen_total_beyond_javascripts_integers_is_refused() -> None:
    """A round scores at most four pawns on the top space (RESEARCH.md 1.8, round end),
    so rounds x 4 x the top value bounds every total."""
    top = MAX_SAFE_INTEGER // 4
    assert queen.Config(rounds=1, plank_values=(1, 2, 3, 5, top)).rounds == 1
    with pytest.raises(ConfigError, match="a total could reach"):
        queen.Config(rounds=1, plank_values=(1, 2, 3, 5, top + 1))
    with pytest.raises(ConfigError, match="a total could reach"):
        queen.Config(rounds=2**50, plank_values=(1, 2, 3, 5, 9))
