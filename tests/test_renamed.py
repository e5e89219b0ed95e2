"""The names both games now share (issue 21): each old name still works, and warns.

Every renamed name is kept one release as a deprecated alias; reading it gives the same
thing as the new name and a ``DeprecationWarning`` that names the new one.
"""

from __future__ import annotations

import pytest

from skullgames import king, queen


def test_queen_over_is_now_finished_as_in_skull_king() -> None:
    from skullgames.queen import state as queen_state

    with pytest.warns(DeprecationWarning, match=r"queen\.state\.Finished"):
        old = getattr(queen_state, "Over")  # noqa: B009 (an old name mypy no longer knows)
    assert old is queen_state.Finished
    assert king.state.Finished.__name__ == queen_state.Finished.__name__
    with pytest.raises(AttributeError, match="Nothing"):
        getattr(queen_state, "Nothing")  # noqa: B009


def test_king_round_is_now_table_as_in_skull_queen() -> None:
    from skullgames.king import state as king_state

    with pytest.warns(DeprecationWarning, match=r"king\.state\.Table"):
        old = getattr(king_state, "Round")  # noqa: B009
    assert old is king_state.Table
    state = king.apply(king.new_game(king.Config(players=3), seed=3), king.Bid(0))
    with pytest.warns(DeprecationWarning, match=r"State\.table"):
        record = state.round
    assert record is state.table
    assert isinstance(state.table, king_state.Table)
    assert queen.state.Table.__name__ == "Table"
