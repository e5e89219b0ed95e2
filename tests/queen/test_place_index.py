"""One numbering of Skull Queen's placements (RESEARCH.md §1.4: a side and four spaces).

:func:`~skullgames.queen.moves.place_index` is the numbering; :data:`PLACES`, the action
space and the greedy bot's placement all follow it.
"""

from __future__ import annotations

from skullgames import queen
from skullgames.bots.queen import greedy_place
from skullgames.queen import PLACES, Place, Side, card
from skullgames.queen.moves import place_index


def test_every_placement_is_numbered_by_its_place_in_places() -> None:
    assert [place_index(p) for p in PLACES] == list(range(1250))
    assert place_index(Place(Side.FRONT, (4, 0, 0, 0))) == 500  # red counts slowest
    assert place_index(Place(Side.BACK, (0, 0, 0, 1))) == 626  # the back after the front


def test_the_action_space_numbers_placements_the_same_way() -> None:
    for players in (2, 4, 6):
        space = queen.action_space(queen.Config(players=players))
        assert [space.index(p) for p in PLACES] == [place_index(p) for p in PLACES]


def test_the_greedy_placement_is_the_shared_placement_object() -> None:
    place = greedy_place([card("R12"), card("R11"), card("Y2")], queen.Config())
    assert PLACES[place_index(place)] is place
