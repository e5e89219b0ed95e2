"""The outcome of a Skull Queen trick: which pawns move, what stays in the centre.

The rulebook's example (:ref:`queen-evaluating`): Antonia (seat 0) leads the blue 6, Beatrice
cannot follow and plays the green 7, Charlotte plays the blue 12 and Daisy the blue 8;
the yellow 4 and the blue 3 lie in the centre.

>>> from skullgames.queen import card, resolve_trick
>>> result = resolve_trick([(0, card("B6")), (1, card("G7")), (2, card("B12")), (3, card("B8"))],
...                        center=[card("Y4"), card("B3")])
>>> [str(m) for m in result.movements]
['seat 2 moves blue 2 up (B12 is the highest blue, doubled by B8)']
>>> result.center, result.evaluated, result.next_leader
((card('Y4'), card('G7')), (<Color.BLUE: 'B'>,), 2)

Nobody moves down: the lowest blue card is the neutral blue 3 from the centre.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable, Sequence
from typing import Final

from skullgames._checks import as_tuple, shown
from skullgames._record_class import constructor, record
from skullgames._records import Record
from skullgames.errors import IllegalMoveError
from skullgames.queen.cards import ALL_CARDS, AYE_MAAM, COLORS, QUICK_SNACK, Card, Color
from skullgames.queen.config import _MOST_PLAYERS
from skullgames.queen.moves import PLAYS, Play
from skullgames.queen.rules import Seat, next_leader, trick_color
from skullgames.queen.scoring import BOTTOM, TOP, Plank, check_plank, shared_plank

__all__ = ["Movement", "Reason", "TrickResult", "resolve", "resolve_trick"]


class Reason(enum.Enum):
    """Why a pawn moves."""

    HIGHEST = "highest"
    """Its owner played the highest card of an evaluated colour: up."""
    LOWEST = "lowest"
    """Its owner played the lowest card of an evaluated colour: down."""


@record
class Movement(Record):
    """One pawn the rules move after a trick (:ref:`queen-evaluating`).

    ``steps`` is signed: positive is up (toward the narrow end), negative down. It is 2
    when ``doubled_by`` is the colour's "Aye, Ma'am!" (the 8, for the highest card) or
    "Quick Snack" (the 5, for the lowest), else 1. ``card`` is the seat's card that was
    the highest or lowest. A pawn already in the water does not move (E10).
    """

    seat: int
    color: Color
    steps: int
    reason: Reason
    card: Card
    doubled_by: Card | None = None

    def __str__(self) -> str:
        way = "up" if self.steps > 0 else "down"
        text = (f"seat {self.seat} moves {self.color.label} {abs(self.steps)} {way} "
                f"({self.card} is the {self.reason.value} {self.color.label}")
        if self.doubled_by is not None:
            text += f", doubled by {self.doubled_by}"
        return text + ")"


@record
class TrickResult(Record):
    """The outcome of one complete trick, with what a UI needs to explain it.

    - ``plays``: the trick in play order as ``(seat, Play)`` pairs (the ghost's seat
      is ``None``); ``center_before``: the neutral cards that lay in the centre.
    - ``trick_colors``: the colour the Monkey and the First Mate take; two colours when
      the ghost's special counts in both captains' colours (:ref:`queen-two-players`).
    - ``movements``: the pawns to move; ``evaluated``: the colours with two or more
      cards, whose cards are now ``set_aside``; ``center``: the single cards, which lie
      in the centre for the next trick.
    - ``next_leader``: who played the highest value (ties: the last of them,
      :ref:`ruling-q6`); ``None`` in a two-player game, where the Pirate King leads.
    - ``planks``: the planks after the movements and ``falls``: the ``(seat, colour)``
      pawns that fell into the water, when the planks were known (always in a game).
    """

    plays: tuple[tuple[Seat, Play], ...]
    center_before: tuple[Card, ...]
    trick_colors: tuple[Color, ...]
    movements: tuple[Movement, ...]
    evaluated: tuple[Color, ...]
    set_aside: tuple[Card, ...]
    center: tuple[Card, ...]
    next_leader: Seat
    planks: tuple[Plank, ...] | None = None
    falls: tuple[tuple[int, Color], ...] = ()

    @property
    def to_center(self) -> tuple[Card, ...]:
        """The cards played this trick that went to the centre as singles."""
        played = {play.card.index for _, play in self.plays}
        return tuple(c for c in self.center if c.index in played)


_HIGHEST: Final = Reason.HIGHEST  # bound once, Final: see skullgames.king.tricks
_LOWEST: Final = Reason.LOWEST
_BY_INDEX: Final = operator.attrgetter("index")  # sorts interned cards into canonical order


def resolve(plays: Sequence[tuple[Seat, Play]], center: Sequence[Card],
            planks: Sequence[Plank] | None) -> TrickResult:
    """The rule of what a complete trick does: :func:`resolve_trick` without the checks.

    The colours with two or more cards (the centre's neutral cards included) are
    evaluated: the seat of the highest card moves its pawn up, the seat of the lowest
    down, twice as far with the colour's 8 or 5 in the trick (:ref:`queen-evaluating`); the
    single cards stay in the centre; :func:`~skullgames.queen.rules.next_leader` leads.
    The engine, and bots that try a card on a trick of a real state, call this; it
    trusts its input: ``plays`` a trick of distinct cards with a coloured card,
    ``center`` in canonical order, a plank for every seat that plays.

    >>> from skullgames.queen import parse_move
    >>> from skullgames.queen.tricks import resolve
    >>> resolve([(0, parse_move("R3")), (1, parse_move("R9"))], (), None).movements[0].seat
    1
    """
    trick = tuple(plays)  # tuples, as the rules read them (queen/rules.py)
    neutral = tuple(center)
    color = trick_color(trick)
    if color is not None:
        colors = [color.index]
        trick_colors: tuple[Color, ...] = (color,)
    else:  # the ghost's Monkey or First Mate counts in each of the captains' colours (E12)
        colors = sorted({p.card.color_index for _, p in trick if p.card.color_index >= 0})
        trick_colors = tuple([COLORS[k] for k in colors])
    groups: list[list[tuple[Seat, Card]]] = [[], [], [], []]
    for seat, play in trick:
        entry = (seat, play.card)
        ci = entry[1].color_index
        if ci >= 0:
            groups[ci].append(entry)
        else:  # the Monkey and the First Mate take the trick colour(s)
            for k in colors:
                groups[k].append(entry)
    for c in neutral:  # neutral cards: part of the trick, owned by nobody
        ci = c.color_index
        if ci >= 0:
            groups[ci].append((None, c))
        else:  # a Monkey or First Mate left over at the deal (ruling Q4)
            for k in colors:
                groups[k].append((None, c))
    movements: list[Movement] = []
    pawns: list[tuple[int, int, int]] = []  # (seat, colour index, steps) of each movement
    evaluated: list[Color] = []
    set_aside: list[Card] = []
    new_center: list[Card] = []
    for ci, group in enumerate(groups):
        if not group:
            continue
        if len(group) == 1:
            new_center.append(group[0][1])
            continue
        color = COLORS[ci]
        evaluated.append(color)
        high = low = group[0]
        high_value = low_value = high[1].value
        eight = five = None
        for entry in group:
            c = entry[1]
            value = c.value
            if value > high_value:
                high, high_value = entry, value
            elif value < low_value:
                low, low_value = entry, value
            if value == AYE_MAAM:
                eight = c
            elif value == QUICK_SNACK:
                five = c
            set_aside.append(c)
        seat = high[0]
        if seat is not None:
            steps = 1 if eight is None else 2
            movements.append(new_movement(seat=seat, color=color, steps=steps, reason=_HIGHEST,
                                          card=high[1], doubled_by=eight))
            pawns.append((seat, ci, steps))
        seat = low[0]
        if seat is not None:
            steps = -1 if five is None else -2
            movements.append(new_movement(seat=seat, color=color, steps=steps, reason=_LOWEST,
                                          card=low[1], doubled_by=five))
            pawns.append((seat, ci, steps))
    new_planks: tuple[Plank, ...] | None = None
    falls: tuple[tuple[int, Color], ...] = ()
    if planks is not None:
        new_planks, falls = _move_pawns(planks, pawns)
    if len(colors) == 2:  # the ghost's special counted in both colours
        set_aside = list(set(set_aside))
    set_aside.sort(key=_BY_INDEX)
    # new_center is in canonical order already: one card at most of each colour, in colour
    # order (the Monkey and the First Mate join colours with a played card: never alone)
    return new_trick_result(plays=trick, center_before=neutral,
                            trick_colors=trick_colors, movements=tuple(movements),
                            evaluated=tuple(evaluated),
                            set_aside=tuple(set_aside), center=tuple(new_center),
                            next_leader=next_leader(trick),
                            planks=new_planks, falls=falls)


def _move_pawns(planks: Sequence[Plank], pawns: list[tuple[int, int, int]]
                ) -> tuple[tuple[Plank, ...], tuple[tuple[int, Color], ...]]:
    """Move the ``(seat, colour index, steps)`` pawns in order (:ref:`queen-evaluating`).

    A pawn pushed off either end falls into the water; one already there stays (E10).
    """
    if not pawns:
        return tuple(planks), ()
    moved = list(planks)
    falls: list[tuple[int, Color]] = []
    for seat, ci, steps in pawns:
        plank = moved[seat]
        space = plank.spaces[ci]
        if space is None:
            continue
        space += steps
        if not BOTTOM <= space <= TOP:
            space = None
            falls.append((seat, COLORS[ci]))
        spaces = list(plank.spaces)
        spaces[ci] = space
        moved[seat] = shared_plank(plank.side, tuple(spaces))
    return tuple(moved), tuple(falls)


def resolve_trick(plays: Iterable[tuple[Seat, Card | Play]], center: Iterable[Card] = (), *,
                  planks: Sequence[Plank] | None = None) -> TrickResult:
    """Resolve one complete trick from plain values, without a game state.

    ``plays`` are ``(seat, card)`` pairs in play order (``(seat, Play)`` pairs, as a
    state's trick holds them, are read too); the ghost Pirate King's card has seat
    ``None`` and comes first (he leads every trick). ``center`` holds the
    neutral cards already in the middle. With ``planks`` (indexed by seat) the result
    also carries the planks after the movements and the pawns that fell.

    Follow-the-colour obligations are not checked here, since they depend on the
    hands; each card may appear only once, and at least one played card has a colour.
    A seat is one of a game's: 0 to 5 (Skull Queen is for up to 6 players), 0 or 1 when
    the ghost plays (two players), and one with a plank when ``planks`` are given.

    The ghost's Monkey counts in both colours when the captains play two (E12):

    >>> from skullgames.queen import card, resolve_trick
    >>> result = resolve_trick([(None, card("MONKEY")), (0, card("R7")), (1, card("Y3"))])
    >>> for movement in result.movements:
    ...     print(movement)
    seat 0 moves red 1 up (R7 is the highest red)
    seat 1 moves yellow 1 up (Y3 is the highest yellow)
    """
    entries = as_tuple(plays, "plays", "an iterable of (seat, card) pairs")
    if not entries:
        raise IllegalMoveError("a trick needs at least one card")
    seen: set[int] = set()
    seats: set[int] = set()
    checked: list[tuple[Seat, Play]] = []
    first = entries[0]
    ghost = type(first) is tuple and len(first) == 2 and first[0] is None
    most = 2 if ghost else _MOST_PLAYERS  # the ghost plays only with two captains (Q7)
    for i, entry in enumerate(entries):
        if not (isinstance(entry, tuple) and len(entry) == 2
                and isinstance(entry[1], (Card, Play))):
            raise IllegalMoveError(f"each play is a (seat, card) pair, not {entry!r}")
        seat, c = entry
        if isinstance(c, Play):
            c = c.card
        if seat is None:
            if i != 0:
                raise IllegalMoveError("the ghost (seat None) leads: his card comes first")
        elif type(seat) is not int or not 0 <= seat < most:
            if ghost:
                raise IllegalMoveError(f"seat {shown(seat)} is not a captain's seat beside "
                                       f"the ghost: 0 or 1 (two players)")
            raise IllegalMoveError(f"seat {shown(seat)} is not a seat 0..{most - 1} "
                                   f"(or None for the ghost)")
        elif seat in seats:
            raise IllegalMoveError(f"seat {seat} plays twice in one trick")
        else:
            seats.add(seat)
        checked.append((seat, PLAYS[_unique(c, seen).index]))
    neutral: list[Card] = []
    for c in as_tuple(center, "center", "the cards in the centre", ordered=False):
        if not isinstance(c, Card):
            raise IllegalMoveError(f"the centre holds cards, not {c!r}")
        neutral.append(_unique(c, seen))
    if all(play.card.is_special for _, play in checked):
        raise IllegalMoveError("a trick needs a coloured card to give the Monkey and "
                               "First Mate a colour")
    board: tuple[Plank, ...] | None = None
    if planks is not None:
        given: tuple[object, ...] = as_tuple(planks, "planks", "one Plank per seat, or None")
        if len(given) > most:
            raise IllegalMoveError(f"{len(given)} planks for at most {most} players")
        for seat in seats:
            if seat >= len(given):
                raise IllegalMoveError(f"seat {seat} plays but there is no plank for it")
        # Read as objects until checked: the compiled build checks a Plank's type on reading.
        board = tuple([check_plank(plank, f"plank of seat {seat}")
                       for seat, plank in enumerate(given)])
    neutral.sort(key=_BY_INDEX)
    return resolve(checked, neutral, board)


def _unique(c: Card, seen: set[int]) -> Card:
    if c.index in seen:
        raise IllegalMoveError(f"{c} is in the trick twice")
    seen.add(c.index)
    return ALL_CARDS[c.index]


# The constructors trick resolution calls every trick (see king.state's).
new_trick_result: Final = constructor(TrickResult)
new_movement: Final = constructor(Movement)
