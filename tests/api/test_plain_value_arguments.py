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

FRONT = queen.Plank(queen.Side.FRONT, (2, 2, 2, 2))

# Issue 35: a mapping or a set iterates as something else than the values in seat (or
# play) order: score_round([1, 0], {0: 1, 1: 0}, ...) scored the dict's keys as tricks.
UNORDERED: list[tuple[str, Callable[[], object], str]] = [
    ("king.score_round tricks", lambda: king.score_round(
        [1, 0], {0: 1, 1: 0}, cards_dealt=2), "tricks must be one trick count per seat, "  # type: ignore[arg-type]
                                              "in order, not a dict"),
    ("king.score_round bids", lambda: king.score_round(
        {1: 0, 0: 1}, [1, 0], cards_dealt=2), "bids must be one bid per seat, in order, "  # type: ignore[arg-type]
                                             "not a dict"),
    ("king.score_round set", lambda: king.score_round(
        [1, 0], {1, 0}, cards_dealt=2), "tricks must be one trick count per seat, in order, "  # type: ignore[arg-type]
                                        "not a set"),
    ("king.round_breakdown bonuses", lambda: king.round_breakdown(
        [1, 0], [1, 0], cards_dealt=2, bonuses={0: 0, 1: 0}), "bonuses must be one per seat"),  # type: ignore[arg-type]
    ("king.resolve_trick", lambda: king.resolve_trick(
        {(0, king.Play(king.card("Y1"))): 1}), "plays must be .* not a dict"),
    ("queen.score_round", lambda: queen.score_round({FRONT: 1}),  # type: ignore[arg-type]
     "planks must be one Plank per seat, in order, not a dict"),
    ("queen.score_round by seat", lambda: queen.score_round({0: FRONT}),  # type: ignore[arg-type]
     "planks must be one Plank per seat, in order, not a dict"),
]


@pytest.mark.parametrize(("name", "call", "message"), UNORDERED, ids=[c[0] for c in UNORDERED])
def test_per_seat_values_in_a_mapping_or_a_set_are_refused(
        name: str, call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        call()


def test_a_hand_may_still_be_a_set() -> None:
    # A hand has no order: a set of cards is a hand (and a deal's hands a list of them).
    deal = king.Deal([{king.card("Y1")}, {king.card("Y2")}])
    assert deal.hands == ((king.card("Y1"),), (king.card("Y2"),))


@pytest.mark.parametrize(("name", "call", "message"), CALLS, ids=[c[0] for c in CALLS])
def test_wrong_argument_types_raise_a_clear_type_error(
        name: str, call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        call()
