"""The RL building blocks take a game without a dealer, a ghost or a class per phase.

:class:`skullgames.plugins.rl.SeatFields` writes the scores, hand sizes, leader and seat to
move of any trick-taking game; its dealer and ghost are optional (issue 36). A
:class:`skullgames.plugins.rl.Steps` says which states begin a round by a class or by
overriding ``is_round_start``. Skull King's and Queen's tensors, which use every input,
are checked value by value in tests/rl/test_tensors.py and tests/rl/test_table.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("numpy")  # the rl extra, which CI installs

from skullgames.plugins.rl import (
    GroupEncoder,
    Layout,
    SeatFields,
    Steps,
    Table,
    Values,
)

INPUTS = ("totals", "hand_sizes", "leader", "to_move")
TOTALS, SIZES, LEADER, TO_MOVE = range(len(INPUTS))


class PlainEncoder(GroupEncoder):
    """Three seats' scores (from -10..20), hands (of at most 4), leader and seat to move."""

    def __init__(self) -> None:
        lay = Layout(INPUTS)
        self.seats = SeatFields(lay, 3, bounds=(-10, 20), hand_most=4,
                                reads=(TOTALS, SIZES, None, None, LEADER, TO_MOVE),
                                sizes_doc="cards in each hand / 4",
                                leader_doc="one-hot: who leads")
        self.finish(lay)

    def reader(self) -> Callable[[Any, int, Any], Sequence[Any] | None]:
        def read(state: Any, seat: int, to_move: Any) -> Sequence[Any] | None:
            return [state.totals, state.hand_sizes, state.leader, to_move]
        return read


def view(seat: int) -> SimpleNamespace:
    return SimpleNamespace(seat=seat, totals=(5, -10, 20), hand_sizes=(4, 3, 2), leader=2,
                           to_move=0)


def test_seat_fields_without_a_dealer_or_a_ghost_have_no_field_for_them() -> None:
    encoder = PlainEncoder()
    assert [f.name for f in encoder.fields] == ["scores", "hand_sizes", "leader", "to_move"]
    assert encoder.seats.dealer is None and encoder.size == 12
    seat_1 = encoder.encode(view(1)).tolist()
    # relative seats from seat 1: 1, 2, 0
    assert seat_1[0:3] == [-1.0, 1.0, 0.0]
    assert seat_1[3:6] == [0.75, 0.5, 1.0]
    assert seat_1[6:9] == [0.0, 1.0, 0.0]  # seat 2 leads: one place to the left
    assert seat_1[9:12] == [0.0, 0.0, 1.0]  # seat 0 to move: two places to the left


def test_a_ghost_needs_its_cards_read() -> None:
    with pytest.raises(ValueError, match="ghost's cards"):
        SeatFields(Layout(INPUTS), 2, True, bounds=(0, 1), hand_most=1,
                   reads=(TOTALS, SIZES, None, None, LEADER, TO_MOVE), sizes_doc="",
                   leader_doc="")


class PlainSteps(Steps):
    """Steps of the public hooks alone: the hand's writing (the defaults do the rest)."""

    def write_hand(self, region: Values, hand: Any) -> None:
        """No hand field."""


class RoundBeginning(PlainSteps):
    def is_round_start(self, state: Any) -> bool:
        return bool(state.first)


def test_steps_without_a_round_start_class_ask_is_round_start() -> None:
    encoder = PlainEncoder()
    table = Table(encoder, 3)
    steps = RoundBeginning(encoder, table)
    hands = ((), (), ())
    assert not steps.start(SimpleNamespace(**vars(view(0)), first=False, hands=hands))
    assert not table.array.any()
    assert steps.start(SimpleNamespace(**vars(view(0)), first=True, hands=hands))
    assert table.vector(1).tolist() == encoder.encode(view(1)).tolist()
    assert not steps(view(0), view(1))  # no move known by default: the table is written whole


def test_without_a_round_start_every_state_is_written_whole_by_the_defaults() -> None:
    encoder = PlainEncoder()
    table = Table(encoder, 3)
    assert PlainSteps(encoder, table).start(SimpleNamespace(**vars(view(0)), hands=((),) * 3))
    assert table.vector(2).tolist() == encoder.encode(view(2)).tolist()
