"""Config: defaults are the standard rules; bad options raise ConfigError naming them."""

from __future__ import annotations

from typing import Any

import pytest

from skullgames import ConfigError
from skullgames.queen import DEFAULT_PLANK_VALUES, Config, Side, side_values


def test_defaults() -> None:
    config = Config()
    assert (config.players, config.rounds, config.plank_values) == (4, 4, (1, 2, 3, 5, 8))
    assert not config.set_aside_center_pair
    assert not config.set_aside_center_specials
    assert Config(players=3) == Config(players=3, rounds=3)
    assert DEFAULT_PLANK_VALUES == (1, 2, 3, 5, 8)


def test_plank_sides_q1() -> None:
    # DECISIONS Q1: front bottom to top 1, 2, 3, 5, 8; back 8, 5, 3, 2, 1.
    assert side_values(Side.FRONT) == (1, 2, 3, 5, 8)
    assert side_values(Side.BACK) == (8, 5, 3, 2, 1)


def test_default_plank_values_are_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # The config holds the shared default tuple, and scoring knows it by identity: in
    # both builds (the compiled one once kept its own copy and checked every round).
    import skullgames.queen.scoring as scoring

    def checked_again(values: object) -> tuple[int, ...]:
        raise AssertionError(f"{values!r} checked again")

    assert Config(plank_values=[1, 2, 3, 5, 8]).plank_values is DEFAULT_PLANK_VALUES
    monkeypatch.setattr(scoring, "check_plank_values", checked_again)
    assert side_values(Side.BACK, Config().plank_values) == (8, 5, 3, 2, 1)
    with pytest.raises(AssertionError, match="checked again"):
        side_values(Side.BACK, (1, 2, 3, 5, 8))  # an equal copy is checked


@pytest.mark.parametrize(("options", "name"), [
    ({"players": 1}, "players"),
    ({"players": 7}, "players"),
    ({"players": "4"}, "players"),
    ({"players": 4.0}, "players"),
    ({"rounds": 0}, "rounds"),
    ({"rounds": -2}, "rounds"),
    ({"rounds": True}, "rounds"),
    ({"rounds": "4"}, "rounds"),
    ({"plank_values": (1, 2, 3, 5)}, "plank_values"),
    ({"plank_values": (1, 2, 3, 5, -8)}, "plank_values"),
    ({"plank_values": (1, 2, 3, 5, 8.0)}, "plank_values"),
    ({"plank_values": 8}, "plank_values"),
    ({"set_aside_center_pair": 1}, "set_aside_center_pair"),
    ({"set_aside_center_specials": None}, "set_aside_center_specials"),
])
def test_bad_options_name_themselves(options: dict[str, Any], name: str) -> None:
    with pytest.raises(ConfigError, match=f"^{name}:"):
        Config(**options)
