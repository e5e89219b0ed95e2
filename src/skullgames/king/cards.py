"""Skull King cards, their notation, and the decks of both editions.

>>> from skullgames.king import card
>>> card("y12")
card('Y12')
>>> str(card("tig")), card("Rosie").name
('TIG', "Rosie D'Laney")
"""

from __future__ import annotations

import enum
from typing import Final

from skullgames._checks import Whole
from skullgames._record_class import sealed
from skullgames.errors import InvalidNotationError

__all__ = ["Card", "Kind", "Pirate", "Suit", "card"]


class Suit(enum.Enum):
    """A suit of number cards; the value is its letter in card notation.

    >>> from skullgames.king import Suit, card
    >>> card("U7").suit, Suit("U").label
    (<Suit.BLUE: 'U'>, 'blue')
    """

    YELLOW = "Y"
    GREEN = "G"
    PURPLE = "P"
    RED = "R"
    BLUE = "U"
    BLACK = "B"

    @property
    def label(self) -> str:
        """The suit's name in lower case, as rule messages use it (``"yellow"``)."""
        return self.name.lower()


class Kind(enum.Enum):
    """What a card is, for the rules.

    >>> from skullgames.king import Kind, card
    >>> card("TIG").kind, card("Y3").kind is Kind.NUMBER
    (<Kind.TIGRESS: 'tigress'>, True)
    """

    NUMBER = "number"
    ESCAPE = "escape"
    PIRATE = "pirate"
    TIGRESS = "tigress"
    SKULL_KING = "skull_king"
    MERMAID = "mermaid"
    LOOT = "loot"
    KRAKEN = "kraken"
    WHITE_WHALE = "white_whale"


class Pirate(enum.Enum):
    """The five named pirates (:ref:`ruling-k2`); the value is their card notation.

    >>> from skullgames.king import card
    >>> card("HARRY").pirate, card("HARRY").pirate.full_name
    (<Pirate.HARRY: 'HARRY'>, 'Harry the Giant')
    """

    ROSIE = "ROSIE"
    BENDT = "BENDT"
    RASCAL = "RASCAL"
    JUANITA = "JUANITA"
    HARRY = "HARRY"

    @property
    def full_name(self) -> str:
        """The pirate's name as printed on the card."""
        return _PIRATE_NAMES[self]


_PIRATE_NAMES: Final = {
    Pirate.ROSIE: "Rosie D'Laney",
    Pirate.BENDT: "Bendt the Bandit",
    Pirate.RASCAL: "Rascal of Roatan",
    Pirate.JUANITA: "Juanita Jade",
    Pirate.HARRY: "Harry the Giant",
}

_SPECIAL_TEXT: Final = {
    Kind.ESCAPE: "ESC",
    Kind.TIGRESS: "TIG",
    Kind.SKULL_KING: "SK",
    Kind.MERMAID: "MER",
    Kind.LOOT: "LOOT",
    Kind.KRAKEN: "KRAKEN",
    Kind.WHITE_WHALE: "WHALE",
}
_SPECIAL_NAMES: Final = {
    Kind.ESCAPE: "Escape",
    Kind.TIGRESS: "Tigress",
    Kind.SKULL_KING: "Skull King",
    Kind.MERMAID: "Mermaid",
    Kind.LOOT: "Loot",
    Kind.KRAKEN: "Kraken",
    Kind.WHITE_WHALE: "White Whale",
}


@sealed
class Card:
    """One Skull King card. Build cards with :func:`card`; every card prints as its text.

    Number cards have a :attr:`suit` and a :attr:`rank`; pirates have a :attr:`pirate`.
    Cards of one face are equal (the five escapes are interchangeable), and a copy or an
    unpickled card is the library's own instance of its face.

    ``Card(kind, suit=None, rank=0, pirate=None)`` takes a :class:`Kind`, a :class:`Suit`
    and a rank 1..14 (number cards), and a :class:`Pirate` (pirates).

    >>> from skullgames.king import card
    >>> c = card("y3")
    >>> c, str(c), c.name, c.suit, c.rank, c.is_number
    (card('Y3'), 'Y3', 'yellow 3', <Suit.YELLOW: 'Y'>, 3, True)
    """

    kind: Final[Kind]
    """What the card is for the rules."""
    suit: Final[Suit | None]
    """The suit of a number card, else ``None``."""
    rank: Final[int]
    """The rank 1..14 of a number card, else 0."""
    pirate: Final[Pirate | None]
    """Which pirate a pirate card is, else ``None``."""
    # Derived once, read in the hot paths of the engine: the place of the card in a
    # sorted hand, and its part in a trick (see tricks.role).
    order: Final[int]
    """The card's place in the order of all faces, 0 for the first (hands are sorted by it).

    One number for each face, from 0 up without gaps, so that it can index a table."""
    role: Final[int]
    """The part the card takes in a trick (see :func:`skullgames.king.tricks.role`)."""
    _text: Final[str]

    # The type checks are the pure build's: the compiled build checks typed parameters
    # before the body runs, with messages of its own (rank is Whole, so that both refuse
    # True with this message).
    def __init__(self, kind: Kind, suit: Suit | None = None, rank: Whole = 0,
                 pirate: Pirate | None = None) -> None:
        if not isinstance(kind, Kind):
            raise _wrong_part("kind", Kind, kind)
        if suit is not None and not isinstance(suit, Suit):
            raise _wrong_part("suit", Suit, suit)
        if pirate is not None and not isinstance(pirate, Pirate):
            raise _wrong_part("pirate", Pirate, pirate)
        if type(rank) is not int:
            raise TypeError(f"Card rank must be an int, not {rank!r}")
        is_number = kind is Kind.NUMBER
        if is_number != (suit is not None) or is_number != (rank != 0):
            raise InvalidNotationError("a number card has a suit and a rank, and no other does")
        if is_number and not 1 <= rank <= 14:
            raise InvalidNotationError(f"rank {rank} is not 1..14")
        if (kind is Kind.PIRATE) != (pirate is not None):
            raise InvalidNotationError("a pirate card names its pirate, and no other does")
        self.kind = kind
        self.suit = suit
        self.rank = rank
        self.pirate = pirate
        self.order = _ORDER[_sort_key(kind, suit, rank, pirate)]
        self.role = _ROLE[kind]
        self._text = _text_of(kind, suit, rank, pirate)

    @property
    def is_number(self) -> bool:
        """True for a suited card with a rank."""
        return self.kind is Kind.NUMBER

    @property
    def name(self) -> str:
        """The card's name for people: ``"yellow 12"``, ``"Rosie D'Laney"``, ``"Tigress"``."""
        if self.suit is not None:
            return f"{self.suit.label} {self.rank}"
        if self.pirate is not None:
            return self.pirate.full_name
        return _SPECIAL_NAMES[self.kind]

    # One number per face: two cards are equal when they have the same order.
    def __eq__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.order == other.order

    def __hash__(self) -> int:
        return self.order

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"card({self._text!r})"

    # A copy or an unpickled card is the library's instance of its face, as card() gives.
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (card, (self._text,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self


def _wrong_part(name: str, expected: type, value: object) -> TypeError:
    return TypeError(f"Card {name} must be a {expected.__name__}, not {value!r}; "
                     "build cards with card('Y3')")


SUIT_ORDER: Final = {suit: i for i, suit in enumerate(Suit)}
_KIND_ORDER: Final = {
    Kind.NUMBER: 0, Kind.ESCAPE: 1, Kind.LOOT: 2, Kind.TIGRESS: 3, Kind.PIRATE: 4,
    Kind.MERMAID: 5, Kind.SKULL_KING: 6, Kind.KRAKEN: 7, Kind.WHITE_WHALE: 8,
}
_PIRATE_ORDER: Final = {pirate: i for i, pirate in enumerate(Pirate)}


def sort_key(c: Card) -> tuple[int, int, int]:
    """The canonical order of cards in a hand: suits then specials."""
    return _sort_key(c.kind, c.suit, c.rank, c.pirate)


def order_of(c: Card) -> int:
    """``c.order``, as a function: the key that sorts cards into the order of a hand."""
    return c.order


def _sort_key(kind: Kind, suit: Suit | None, rank: int,
              pirate: Pirate | None) -> tuple[int, int, int]:
    if suit is not None:
        return (0, SUIT_ORDER[suit], rank)
    return (_KIND_ORDER[kind], _PIRATE_ORDER[pirate] if pirate else 0, 0)


def _text_of(kind: Kind, suit: Suit | None, rank: int, pirate: Pirate | None) -> str:
    if suit is not None:
        return f"{suit.value}{rank}"
    if pirate is not None:
        return pirate.value
    return _SPECIAL_TEXT[kind]


# The part a card takes in a trick; the Tigress takes the part she is declared as.
ROLE_ESCAPE = 0
ROLE_NUMBER = 1
ROLE_PIRATE = 2
ROLE_SKULL_KING = 3
ROLE_MERMAID = 4
ROLE_KRAKEN = 5
ROLE_WHALE = 6
_ROLE: Final = {
    Kind.NUMBER: ROLE_NUMBER, Kind.ESCAPE: ROLE_ESCAPE, Kind.LOOT: ROLE_ESCAPE,
    Kind.TIGRESS: ROLE_ESCAPE, Kind.PIRATE: ROLE_PIRATE, Kind.SKULL_KING: ROLE_SKULL_KING,
    Kind.MERMAID: ROLE_MERMAID, Kind.KRAKEN: ROLE_KRAKEN, Kind.WHITE_WHALE: ROLE_WHALE,
}


def _face_keys() -> list[tuple[int, int, int]]:
    """The sort key of every face of both editions."""
    keys = [_sort_key(Kind.NUMBER, suit, rank, None) for suit in Suit for rank in range(1, 15)]
    keys += [_sort_key(kind, None, 0, None) for kind in _SPECIAL_TEXT]
    keys += [_sort_key(Kind.PIRATE, None, 0, pirate) for pirate in Pirate]
    return keys


_ORDER: Final = {key: place for place, key in enumerate(sorted(_face_keys()))}


def _build_index() -> dict[str, Card]:
    index: dict[str, Card] = {}
    for suit in Suit:
        for rank in range(1, 15):
            index[f"{suit.value}{rank}"] = Card(Kind.NUMBER, suit, rank)
    for kind, text in _SPECIAL_TEXT.items():
        index[text] = Card(kind)
    for pirate in Pirate:
        index[pirate.value] = Card(Kind.PIRATE, pirate=pirate)
    return index


_BY_TEXT: Final = _build_index()
ALL_CARDS: tuple[Card, ...] = tuple(_BY_TEXT.values())
"""One instance of every card face of both editions."""
_ALIASES = {
    "ESCAPE": "ESC",
    "TIGRESS": "TIG",
    "SCARYMARY": "TIG",
    "SKULLKING": "SK",
    "MERMAID": "MER",
    "WHITEWHALE": "WHALE",
}
_LOOKUP: Final = {**_BY_TEXT, **{alias: _BY_TEXT[text] for alias, text in _ALIASES.items()}}


def card(text: str) -> Card:
    """Parse a card from its text, case-insensitive; ``str(card)`` gives the text back.

    Number cards are a suit letter and a rank: ``Y`` yellow, ``G`` green, ``P`` purple,
    ``R`` red, ``U`` blue, ``B`` black (``Y12``, ``B1``). Specials: ``ESC``, ``TIG``
    (Tigress, or Scary Mary in the classic edition), ``SK``, ``MER``, ``LOOT``, ``KRAKEN``,
    ``WHALE``, and the pirates ``ROSIE``, ``BENDT``, ``RASCAL``, ``JUANITA``, ``HARRY``.

    >>> from skullgames.king import card
    >>> card("B14")
    card('B14')
    >>> card("Z9")
    Traceback (most recent call last):
    ...
    skullgames.errors.InvalidNotationError: 'Z9' is not a Skull King card
    """
    if not isinstance(text, str):
        raise TypeError(f"a card is written as text, not {type(text).__name__}")
    found = _LOOKUP.get(text.strip().upper().replace(" ", "").replace("_", ""))
    if found is None:
        raise InvalidNotationError(f"{text!r} is not a Skull King card")
    return found


def interned(c: Card) -> Card:
    """Return the library's shared instance of a card equal to ``c``."""
    return _BY_TEXT[str(c)]


ESCAPE: Final = _BY_TEXT["ESC"]
TIGRESS: Final = _BY_TEXT["TIG"]
SKULL_KING: Final = _BY_TEXT["SK"]
MERMAID: Final = _BY_TEXT["MER"]
LOOT: Final = _BY_TEXT["LOOT"]
KRAKEN: Final = _BY_TEXT["KRAKEN"]
WHITE_WHALE: Final = _BY_TEXT["WHALE"]
PIRATES: Final = tuple(_BY_TEXT[p.value] for p in Pirate)

MODERN_SUITS = (Suit.GREEN, Suit.PURPLE, Suit.YELLOW, Suit.BLACK)
CLASSIC_SUITS = (Suit.YELLOW, Suit.RED, Suit.BLUE, Suit.BLACK)


def build_deck(
    suits: tuple[Suit, ...], top_rank: int, *, loot: bool, kraken: bool, white_whale: bool
) -> tuple[Card, ...]:
    """Every card of a deck, in canonical order."""
    numbers = [_BY_TEXT[f"{s.value}{r}"] for s in suits for r in range(1, top_rank + 1)]
    specials = [ESCAPE] * 5 + [TIGRESS, *PIRATES, MERMAID, MERMAID, SKULL_KING]
    advanced = [LOOT, LOOT] * loot + [KRAKEN] * kraken + [WHITE_WHALE] * white_whale
    return tuple(sorted(numbers + specials + advanced, key=sort_key))
