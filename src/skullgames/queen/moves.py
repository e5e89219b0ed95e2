"""Skull Queen moves and their notation.

A placement names the side of the plank and the space of each pawn in colour order
(red, yellow, green, blue), 0 the bottom space (wide end, nearest the player) to 4 the
top (narrow end):

>>> from skullgames.queen import Place, Play, Side, card, parse_move
>>> move = parse_move("front 0 1 2 4")
>>> move
Place(Side.FRONT, (0, 1, 2, 4))
>>> str(move), str(Play(card("r7"))), parse_move("mate")
('front 0 1 2 4', 'R7', Play(card('MATE')))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Final, Union, cast

from skullgames._checks import as_hands, as_tuple
from skullgames._record_class import sealed
from skullgames._records import Record
from skullgames.errors import IllegalMoveError, InvalidNotationError
from skullgames.queen.cards import ALL_CARDS, Card, card
from skullgames.queen.scoring import Side

__all__ = ["PLACES", "Deal", "Move", "Place", "Play", "parse_move", "place_index"]


def _spaces(value: Iterable[int]) -> tuple[object, ...]:
    # The items as the objects they are, until checked: typed as ints, the compiled build
    # would take True for 1 and refuse 1.0 with a message of its own.
    try:
        return tuple(value)
    except TypeError:
        raise TypeError(f"spaces are four numbers 0..4, not {value!r}") from None


@sealed
class Place(Record):
    """Choose the side of your plank and put your four pawns on it (one move).

    ``spaces`` holds the space of each pawn in colour order (red, yellow, green, blue):
    0 is the bottom space (wide end, nearest you), 4 the top (narrow end). Several pawns
    may share a space. Written ``"front 0 1 2 4"`` or ``"back 2 2 2 2"``. ``side`` is a
    :class:`Side`.
    """

    side: Final[Side]
    """The side of the plank the pawns stand on."""
    spaces: Final[tuple[int, ...]]
    """The space of each pawn, in colour order."""

    # The type check of side is the pure build's: the compiled build checks a typed
    # parameter before the body runs, with a message of its own.
    def __init__(self, side: Side, spaces: Iterable[int]) -> None:
        if not isinstance(side, Side):
            raise TypeError(f"the side is Side.FRONT or Side.BACK, not {side!r}")
        given = _spaces(spaces)
        if len(given) != 4 or not all(type(s) is int and 0 <= s <= 4 for s in given):
            raise IllegalMoveError(
                f"a placement puts four pawns (red, yellow, green, blue) on spaces 0..4, "
                f"not {given!r}"
            )
        self.side = side
        self.spaces = cast("tuple[int, ...]", given)  # each checked above

    def __str__(self) -> str:
        return f"{self.side.value} {' '.join(map(str, self.spaces))}"

    def __repr__(self) -> str:
        return f"Place(Side.{self.side.name}, {self.spaces!r})"


@sealed
class Play(Record):
    """Play ``card`` to the trick. Written as the card: ``"R7"``, ``"MONKEY"``."""

    card: Final[Card]
    """The card played."""

    # The type check is the pure build's, as Place's side.
    def __init__(self, card: Card) -> None:
        if not isinstance(card, Card):
            raise TypeError(f"Play takes a Skull Queen Card, not {card!r}")
        self.card = card

    def __str__(self) -> str:
        return str(self.card)

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


@sealed
class Deal(Record):
    """Deal a round explicitly: one hand per seat, in seat order.

    ``center`` holds the two cards left over with 4 or 6 players, face up in the centre
    (:ref:`queen-deal`). With two players, ``ghost`` is the Pirate King's face-down stack,
    top card first: he reveals it in that order, one card per trick
    (:ref:`queen-two-players`). Used when the
    game was created with ``auto_deal=False``; games dealt from a seed record their
    deals as these moves too.

    Written ``"deal R2 G7 ... | Y3 B11 ... | center Y4 B3"`` (``| ghost ...`` for the
    Pirate King's stack).
    """

    hands: Final[tuple[tuple[Card, ...], ...]]
    """One hand per seat, in seat order."""
    center: Final[tuple[Card, ...]]
    """The cards left over, face up in the centre (4 or 6 players)."""
    ghost: Final[tuple[Card, ...]]
    """The Pirate King's face-down stack, top card first (two players)."""

    # The cards are checked when the deal is applied; the containers here.
    def __init__(self, hands: Iterable[Iterable[Card]], center: Iterable[Card] = (),
                 ghost: Iterable[Card] = ()) -> None:
        self.hands = as_hands(hands)
        self.center = as_tuple(center, "center", "a list of cards", ordered=False)
        self.ghost = as_tuple(ghost, "ghost", "a list of cards")

    def __str__(self) -> str:
        text = "deal " + " | ".join(" ".join(map(str, hand)) for hand in self.hands)
        if self.center:
            text += " | center " + " ".join(map(str, self.center))
        if self.ghost:
            text += " | ghost " + " ".join(map(str, self.ghost))
        return text


Move = Union[Place, Play, Deal]  # noqa: UP007 (a runtime alias that cattrs dispatches on)
"""Any Skull Queen move."""

PLACES: Final[tuple[Place, ...]] = tuple(
    Place(side, spaces) for side in Side for spaces in itertools.product(range(5), repeat=4)
)
"""Every placement, front side first, the spaces in increasing order (red slowest).

This is what :func:`~skullgames.queen.legal_moves` returns while the pirates are placed;
:func:`place_index` numbers them.
"""

_BACK = Side.BACK  # bound once: an enum member read through its class is slow (king/tricks.py)


def place_index(place: Place) -> int:
    """The position of ``place`` in :data:`PLACES`, which is also its action number.

    The spaces of red, yellow, green and blue counted in base 5 (red slowest), the back
    side after the 625 of the front: ``625 * side + 125 * r + 25 * y + 5 * g + b``. The
    one place this numbering is written; the action space and the bots ask it.

    >>> from skullgames.queen import PLACES, Place, Side
    >>> from skullgames.queen.moves import place_index
    >>> place_index(Place(Side.BACK, (0, 0, 1, 4))), PLACES[634]
    (634, Place(Side.BACK, (0, 0, 1, 4)))
    """
    r, y, g, b = place.spaces
    return 625 * (place.side is _BACK) + 125 * r + 25 * y + 5 * g + b

# PLAYS and PLACES, and AYE_MAAM and QUICK_SNACK (cards.py), are Final: the compiled
# modules that import them read them from C statics, not from their dict at each use
# (without: 4.3 % more instructions a compiled random game; benchmarks/README.md).
PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in ALL_CARDS)
"""One shared play per card: ``PLAYS[c.index] == Play(c)``."""

_SIDE_WORDS = {"front": Side.FRONT, "f": Side.FRONT, "back": Side.BACK, "b": Side.BACK}


def parse_move(text: str) -> Move:
    """Parse a move from its text, case-insensitive; ``str(move)`` gives the text back.

    - a placement: the side, ``front`` or ``back`` (``f``, ``b``), then the four spaces
      in colour order, 0 (bottom) to 4 (top): ``"front 0 1 2 4"``, also ``"back 2222"``
      and with a leading ``place``;
    - a play: the card, ``"R7"``, ``"MONKEY"``, ``"MATE"``;
    - a deal: ``"deal R2 R5 | Y3 G8 | center Y4 B3"``: hands separated by ``|``, the
      centre cards and the Pirate King's stack as ``| center ...`` (or ``| centre ...``)
      and ``| ghost ...``.

    >>> from skullgames.queen import parse_move
    >>> parse_move("Place back 4 4 0 0")
    Place(Side.BACK, (4, 4, 0, 0))
    >>> parse_move("deal R2 | B3 | ghost Y4")
    Deal(hands=((card('R2'),), (card('B3'),)), center=(), ghost=(card('Y4'),))
    """
    if not isinstance(text, str):
        raise TypeError(f"a move is written as text, not {type(text).__name__}")
    known = _CANONICAL.get(text)
    if known is not None:
        return known
    typed = text.split()  # card() quotes a bad card as it was typed, not lower-cased
    words = [word.lower() for word in typed]
    if words and words[0] == "deal":
        return _parse_deal(text)
    if words and words[0] == "place":
        words = words[1:]
    if words and words[0] in _SIDE_WORDS:
        digits = "".join(words[1:])
        if len(digits) != 4 or not all(d in "01234" for d in digits) or (
            len(words) not in (2, 5)
        ):
            raise InvalidNotationError(
                f"{text!r}: a placement is the side and four spaces 0..4, as in 'front 0 1 2 4'"
            )
        return _CANONICAL[f"{_SIDE_WORDS[words[0]].value} {' '.join(digits)}"]
    if len(words) == 1 or (len(words) == 2 and words[0] == "play"):
        return PLAYS[card(typed[-1]).index]
    if len(words) == 2 and " ".join(words) == "first mate":
        return PLAYS[card("MATE").index]
    raise InvalidNotationError(f"{text!r} is not a Skull Queen move")


def _parse_deal(text: str) -> Deal:
    parts = text.strip()[4:].split("|")
    extra: dict[str, list[Card]] = {"center": [], "ghost": []}
    while parts and parts[-1].lower().split()[:1] in (["center"], ["centre"], ["ghost"]):
        words = parts.pop().split()
        key = "center" if words[0].lower() == "centre" else words[0].lower()
        extra[key] = [card(w) for w in words[1:]]
    return Deal([[card(w) for w in part.split()] for part in parts], extra["center"],
                extra["ghost"])


# Every move's canonical text: parsing and loading look a move's text up here first.
_EVERY_MOVE: tuple[Move, ...] = (*PLACES, *PLAYS)
_CANONICAL: dict[str, Move] = {str(m): m for m in _EVERY_MOVE}
