"""Skull Queen cards, their notation, and the deck for each player count.

>>> from skullgames.queen import card
>>> card("b8")
card('B8')
>>> card("b8").name, card("monkey").value, str(card("First Mate"))
('blue 8', 0, 'MATE')

The deck has 50 cards: 1 to 12 in red, yellow, green and blue, the Monkey (0) and the
First Mate (13). With 2 or 3 players the 1s and 12s stay out (:ref:`queen-deal`):

>>> len(deck(4)), len(deck(3)), str(deck(3)[0])
(50, 42, 'R2')
"""

from __future__ import annotations

import enum
from typing import Any, Final

from skullgames._checks import Whole
from skullgames._record_class import sealed
from skullgames.errors import ConfigError, InvalidNotationError

__all__ = ["MATE", "MONKEY", "Card", "Color", "card", "deck"]


class Color(enum.Enum):
    """A colour of the cards and the pawns; the value is its letter in card notation.

    The order of the members is the order of every per-colour tuple in the library.
    """

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    index: int
    """The colour's place in per-colour tuples: red 0, yellow 1, green 2, blue 3.

    An attribute of each member, set once, rather than a property: the tricks read it,
    and a property of an enum member is a Python-level call in both builds.
    """

    @property
    def label(self) -> str:
        """The colour's name in lower case, as rule messages use it (``"red"``)."""
        return self.name.lower()


COLORS: Final[tuple[Color, ...]] = tuple(Color)
for _place, _color in enumerate(COLORS):
    _color.index = _place

AYE_MAAM: Final = 8
"""The value of "Aye, Ma'am!": the highest card of its colour moves 2 up (see
:ref:`queen-aye-maam`)."""
QUICK_SNACK: Final = 5
"""The value of "Quick Snack": the lowest card of its colour moves 2 down (see
:ref:`queen-aye-maam`)."""


@sealed
class Card:
    """One Skull Queen card. Build cards with :func:`card`; every card prints as its text.

    A coloured card has a :attr:`color` and a :attr:`value` 1..12. The Monkey (value 0)
    and the First Mate (value 13) have no colour of their own: in a trick they take the
    trick colour (:attr:`is_special`). ``Card(color, value)`` takes a :class:`Color` or
    ``None``, and an ``int``.
    """

    color: Final[Color | None]
    """The card's colour; ``None`` for the Monkey and the First Mate."""
    value: Final[int]
    """1..12 for a coloured card, 0 for the Monkey, 13 for the First Mate."""
    # Derived once, read in the hot paths of the engine: the card's place in the
    # canonical deck order (0..49, hands are sorted by it) and its colour's index
    # (-1 for the Monkey and the First Mate).
    index: Final[int]
    """The card's place in the canonical deck order, 0..49 (``ALL_CARDS[c.index] is c``)."""
    color_index: Final[int]
    """The colour's place in per-colour tuples, -1 for the Monkey and the First Mate."""

    # The type checks are the pure build's: the compiled build checks typed parameters
    # before the body runs, with messages of its own (value is Whole, so that both refuse
    # True with this message).
    def __init__(self, color: Color | None, value: Whole) -> None:
        if type(value) is not int:
            raise TypeError(f"a card's value is a whole number (an int), not {value!r}")
        if color is None:
            if value not in (0, 13):
                raise InvalidNotationError("only the Monkey (0) and First Mate (13) have no colour")
            index = 48 if value == 0 else 49
            color_index = -1
        else:
            if not isinstance(color, Color):
                raise TypeError(f"a card's color is a Color or None, not {color!r}")
            if not 1 <= value <= 12:
                raise InvalidNotationError(f"a coloured card is 1..12, not {value!r}")
            color_index = COLORS.index(color)
            index = color_index * 12 + value - 1
        self.color = color
        self.value = value
        self.index = index
        self.color_index = color_index

    @property
    def is_special(self) -> bool:
        """True for the Monkey and the First Mate, which take the trick colour."""
        return self.color is None

    @property
    def name(self) -> str:
        """The card's name for people: ``"red 7"``, ``"Monkey"``, ``"First Mate"``."""
        if self.color is not None:
            return f"{self.color.label} {self.value}"
        return "Monkey" if self.value == 0 else "First Mate"

    # One index for each card: two cards are equal when they have the same index.
    def __eq__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return _TEXTS[self.index]

    def _text(self) -> str:
        if self.color is not None:
            return f"{self.color.value}{self.value}"
        return "MONKEY" if self.value == 0 else "MATE"

    def __repr__(self) -> str:
        return f"card({str(self)!r})"

    # There is one instance of each card (ALL_CARDS), and the engine finds cards in a hand
    # by identity: a copy or an unpickled card is that instance again.
    def __reduce__(self) -> tuple[Any, ...]:
        return (_card_at, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self


def _build_cards() -> tuple[Card, ...]:
    cards = [Card(color, value) for color in COLORS for value in range(1, 13)]
    cards += [Card(None, 0), Card(None, 13)]
    assert [c.index for c in cards] == list(range(50))
    return tuple(cards)


ALL_CARDS: Final[tuple[Card, ...]] = _build_cards()
"""One instance of every card, in canonical order (``ALL_CARDS[c.index] is c``)."""
_TEXTS: Final = tuple(c._text() for c in ALL_CARDS)  # saving a game prints every card played
MONKEY: Card = ALL_CARDS[48]
"""The Monkey, value 0: always the lowest card of the colour it takes."""
MATE: Card = ALL_CARDS[49]
"""The First Mate, value 13: always the highest card of the colour it takes."""

_BY_TEXT = {str(c): c for c in ALL_CARDS}
_LOOKUP: Final = {**_BY_TEXT, "FIRSTMATE": MATE}


def card(text: str) -> Card:
    """Parse a card from its text, case-insensitive; ``str(card)`` gives the text back.

    A coloured card is a colour letter and a value: ``R`` red, ``Y`` yellow, ``G`` green,
    ``B`` blue (``R7``, ``Y12``). The colourless cards are ``MONKEY`` (0) and ``MATE``
    (the First Mate, 13; ``FIRST MATE`` is read too).

    >>> from skullgames.queen import card
    >>> card("y12"), card("Mate")
    (card('Y12'), card('MATE'))
    >>> card("R13")
    Traceback (most recent call last):
    ...
    skullgames.errors.InvalidNotationError: 'R13' is not a Skull Queen card
    """
    if not isinstance(text, str):
        raise TypeError(f"a card is written as text, not {type(text).__name__}")
    found = _LOOKUP.get(text.strip().upper().replace(" ", "").replace("_", ""))
    if found is None:
        raise InvalidNotationError(f"{text!r} is not a Skull Queen card")
    return found


def _card_at(index: int) -> Card:
    return ALL_CARDS[index]


def interned(c: Card) -> Card:
    """Return the library's shared instance of a card equal to ``c``."""
    return ALL_CARDS[c.index]


_DECKS: Final = {
    players: tuple(
        c for c in ALL_CARDS if c.is_special or players >= 4 or c.value not in (1, 12)
    )
    for players in range(2, 7)
}


def deck(players: Whole) -> tuple[Card, ...]:
    """Every card in play for ``players`` (2..6), in canonical order.

    The 1s and 12s are left out with 2 or 3 players (:ref:`queen-deal`).
    """
    if type(players) is not int:
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    try:
        return _DECKS[players]
    except KeyError:
        raise ConfigError(f"Skull Queen is for 2 to 6 players, not {players}") from None
