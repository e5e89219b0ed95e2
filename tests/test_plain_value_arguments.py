"""The plain-value functions say what an argument of the wrong type should have been."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from skullgames import king, queen

CALLS: list[tuple[str, Callable[[], object], str]] = [
    ("king.resolve_trick", lambda: king.resolve_trick(3), "plays must be"),  # type: ignore[arg-type]
    ("king.resolve_trick", lambda: king.resolve_trick("Y3"), "not a string"),  # type: ignore[arg-type]
    ("king.score_round", lambda: king.score_round(None, [0], cards_dealt=1),  # type: ignore[arg-type]
     "bids must be one bid per seat"),
    ("king.score_round", lambda: king.score_round([0], 5, cards_dealt=1),  # type: ignore[arg-type]
     "tricks must be"),
    ("queen.resolve_trick", lambda: queen.resolve_trick(None), "plays must be"),  # type: ignore[arg-type]
    ("queen.score_round", lambda: queen.score_round(3), "planks must be"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("name", "call", "message"), CALLS, ids=[c[0] for c in CALLS])
def test_wrong_argument_types_raise_a_clear_type_error(
        name: str, call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        call()
