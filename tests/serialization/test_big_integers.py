"""Integers JavaScript cannot hold are refused where they enter (issue 22, item 4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from skullgames import ConfigError, SerializationError, from_json, king, queen, to_json
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


@pytest.mark.parametrize("game", [king, queen], ids=["king", "queen"])
@pytest.mark.parametrize(("seed", "reason"), [
    (str(10**309), "a seed beyond ±(2**53 - 1) is written as a string of its digits "
                   "(JavaScript cannot hold it as a number)"),
    (str(-10**309), "a seed beyond ±(2**53 - 1) is written as a string of its digits "
                    "(JavaScript cannot hold it as a number)"),
    ("1e400", "expected an integer, got a number"),  # read as infinity: no whole number
    ("1.5", "expected an integer, got a number"),
    ("true", "expected an integer, got a boolean"),
], ids=["10**309", "-10**309", "1e400", "1.5", "true"])
def test_a_saved_seed_no_float_holds_is_refused_at_its_path(game: Any, seed: str,
                                                             reason: str) -> None:
    """Issue 35: a saved game whose seed is 10**309, an integer no float holds, gave the
    compiled build's catch-all ``$: TypeError: float object expected; got int``, without
    the seed's path; both builds name ``$.seed`` and say why."""
    text = to_json(game.new_game(game.Config(players=3), seed=5))
    assert '"seed":5,' in text
    with pytest.raises(SerializationError) as error:
        from_json(text.replace('"seed":5,', f'"seed":{seed},'), game.State)
    assert error.value.path == "$.seed"
    assert error.value.reason == reason
