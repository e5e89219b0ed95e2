"""Skull King moves and their notation.

>>> from skullgames.king import Bid, Play, card, parse_move
>>> Play(card("TIG"), as_pirate=True)
Play(card('TIG'), as_pirate=True)
>>> str(Play(card("TIG"), as_pirate=False)), str(Bid(2))
('TIG escape', 'bid 2')
>>> parse_move("tig pirate") == Play(card("TIG"), as_pirate=True)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Union

from skullgames._checks import Whole, as_hands, as_tuple
from skullgames._record_class import sealed
from skullgames._records import Record
from skullgames.errors import IllegalMoveError, InvalidNotationError
from skullgames.king.cards import Card, Kind, card, order_of

__all__ = [
    "ABILITY_MOVES",
    "WAGER_POINTS",
    "AdjustBid",
    "Bid",
    "ChooseLeader",
    "Deal",
    "Discard",
    "Move",
    "Play",
    "Shot",
    "Wager",
    "parse_move",
    "plays_of",
]


@sealed
class Bid(Record):
    """Bid ``n`` tricks for this round (0 up to the cards dealt).

    >>> from skullgames.king import Bid, parse_move
    >>> Bid(2), str(Bid(2)), parse_move("bid 2") == Bid(2)
    (Bid(2), 'bid 2', True)
    """

    n: Final[int]
    """The tricks bid."""

    def __init__(self, n: Whole) -> None:
        self.n = _whole(n, "Bid", "a whole number of tricks")

    def __str__(self) -> str:
        return f"bid {self.n}"

    def __repr__(self) -> str:
        return f"Bid({self.n})"


@sealed
class Play(Record):
    """Play ``card`` to the trick.

    The Tigress (Scary Mary in the classic edition) must be declared: ``as_pirate=True``
    plays her as a pirate, ``False`` as an escape. Any other card refuses the argument.

    >>> from skullgames.king import Play, card
    >>> Play(card("Y12")), str(Play(card("TIG"), as_pirate=False))
    (Play(card('Y12')), 'TIG escape')
    """

    card: Final[Card]
    """The card played."""
    as_pirate: Final[bool | None]
    """How the Tigress is declared (``True``: a pirate); ``None`` for any other card."""

    # The type checks are the pure build's: the compiled build checks typed parameters
    # before the body runs, with messages of its own.
    def __init__(self, card: Card, as_pirate: bool | None = None) -> None:
        if not isinstance(card, Card):
            raise TypeError(f"Play takes a Card, not {card!r}")
        if as_pirate is not None and type(as_pirate) is not bool:
            raise TypeError(f"as_pirate is True, False or None, not {as_pirate!r}")
        declared: bool | None = None
        if card.kind is Kind.TIGRESS:
            if as_pirate is None:
                raise IllegalMoveError(
                    "the Tigress must be declared: Play(card('TIG'), as_pirate=True or False)"
                )
            declared = as_pirate
        elif as_pirate is not None:
            raise IllegalMoveError(f"only the Tigress is declared; {card} takes no as_pirate")
        self.card = card
        self.as_pirate = declared

    def __str__(self) -> str:
        if self.as_pirate is None:
            return str(self.card)
        return f"{self.card} {'pirate' if self.as_pirate else 'escape'}"

    def __repr__(self) -> str:
        if self.as_pirate is None:
            return f"Play({self.card!r})"
        return f"Play({self.card!r}, as_pirate={self.as_pirate})"


# The whole-number fields are typed Whole (int | bool) in the constructors and checked
# here, so that both builds refuse True and False with the same message (the compiled
# build converts an argument typed int before the body runs, True to 1).
def _whole(value: Whole, move: str, what: str) -> int:
    """A move's whole-number field, an ``int`` (not a ``bool``, not ``1.0``), or TypeError."""
    if type(value) is not int:
        raise TypeError(f"{move} takes {what} (an int), not {value!r}")
    return value


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    cards = as_tuple(cards, "cards", "the cards discarded", ordered=False)
    if not all(isinstance(c, Card) for c in cards):
        raise TypeError(f"expected cards, got {cards!r}")
    return tuple(sorted(cards, key=order_of))


@sealed
class Deal(Record):
    """Deal a round explicitly: one hand per seat, in seat order.

    With two players in the modern edition, ``ghost`` is Graybeard's face-down hand, top
    card first. ``stock`` optionally orders the undealt cards, top first, for Bendt the
    Bandit's draws (pirate abilities); it must then hold exactly the cards not dealt.
    Used when the game was created with ``auto_deal=False``; games dealt from a seed
    record their deals as these moves too.

    >>> from skullgames.king import Deal, card, parse_move
    >>> deal = Deal([[card("Y1"), card("SK")], [card("B14"), card("ESC")]])
    >>> str(deal), parse_move(str(deal)) == deal
    ('deal Y1 SK | B14 ESC', True)
    """

    hands: Final[tuple[tuple[Card, ...], ...]]
    """One hand per seat, in seat order."""
    ghost: Final[tuple[Card, ...]]
    """Graybeard's face-down hand, top card first (two players, modern edition)."""
    stock: Final[tuple[Card, ...]]
    """The undealt cards, top first, or nothing."""

    # A Deal's cards are checked when it is applied (the engine deals every round, so its
    # own deals skip the check); the containers here.
    def __init__(self, hands: Iterable[Iterable[Card]], ghost: Iterable[Card] = (),
                 stock: Iterable[Card] = ()) -> None:
        self.hands = as_hands(hands)
        self.ghost = as_tuple(ghost, "ghost", "a list of cards")
        self.stock = as_tuple(stock, "stock", "a list of cards")

    def __str__(self) -> str:
        text = "deal " + " | ".join(" ".join(map(str, hand)) for hand in self.hands)
        if self.ghost:
            text += " | ghost " + " ".join(map(str, self.ghost))
        if self.stock:
            text += " | stock " + " ".join(map(str, self.stock))
        return text


@sealed
class Shot(Record):
    """Grapeshot or Cannonball: each player's secret choice after bidding (K11).

    Only with Rascal's scoring and the ``cannonball`` option. ``Shot(cannonball=False)``
    is Grapeshot (the standard Rascal's scoring), ``Shot(cannonball=True)`` the
    Cannonball: 15 per card dealt if exact, else 0.
    """

    cannonball: Final[bool]
    """``True`` for the Cannonball, ``False`` for Grapeshot."""

    def __init__(self, cannonball: bool) -> None:
        if type(cannonball) is not bool:
            raise TypeError(f"Shot takes True or False, not {cannonball!r}")
        self.cannonball = cannonball

    def __str__(self) -> str:
        return "cannonball" if self.cannonball else "grapeshot"

    def __repr__(self) -> str:
        return f"Shot(cannonball={self.cannonball})"


@sealed
class ChooseLeader(Record):
    """Rosie D'Laney's ability: choose the seat that leads the next trick (yourself too)."""

    seat: Final[int]
    """The seat to lead."""

    def __init__(self, seat: Whole) -> None:
        self.seat = _whole(seat, "ChooseLeader", "a seat number")

    def __str__(self) -> str:
        return f"leader {self.seat}"

    def __repr__(self) -> str:
        return f"ChooseLeader({self.seat})"


@sealed
class Discard(Record):
    """Bendt the Bandit's ability: after drawing from the undealt cards, discard as many.

    ``cards`` are the cards discarded (two, or fewer when fewer could be drawn), kept in
    card order, so the order they are given in does not matter.

    >>> from skullgames.king import Discard, card, parse_move
    >>> Discard([card("Y5"), card("G1")]) == Discard([card("G1"), card("Y5")])
    True
    >>> str(Discard([card("Y5"), card("G1")])), parse_move("discard y5 g1")
    ('discard Y5 G1', Discard((card('Y5'), card('G1'))))
    """

    cards: Final[tuple[Card, ...]]
    """The cards discarded, in card order."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.cards = _sorted_cards(cards)

    def __str__(self) -> str:
        return " ".join(["discard", *map(str, self.cards)])

    def __repr__(self) -> str:
        return f"Discard({self.cards!r})"


@sealed
class Wager(Record):
    """Rascal of Roatan's ability: wager 0, 10 or 20 points on making your bid exactly."""

    points: Final[int]
    """The points wagered."""

    def __init__(self, points: Whole) -> None:
        self.points = _whole(points, "Wager", "a whole number of points")

    def __str__(self) -> str:
        return f"wager {self.points}"

    def __repr__(self) -> str:
        return f"Wager({self.points})"


WAGER_POINTS: tuple[int, ...] = (0, 10, 20)
"""The points Rascal of Roatan may wager, smallest first (a :class:`Wager` of each)."""


@sealed
class AdjustBid(Record):
    """Harry the Giant's ability: change your own bid by ``+1`` or ``-1``, or keep it (0)."""

    delta: Final[int]
    """The change to the bid: -1, 0 or +1."""

    def __init__(self, delta: Whole) -> None:
        self.delta = _whole(delta, "AdjustBid", "a whole number")

    def __str__(self) -> str:
        return f"adjust {self.delta:+d}" if self.delta else "adjust 0"

    def __repr__(self) -> str:
        return f"AdjustBid({self.delta})"


def plays_of(c: Card) -> tuple[Play, ...]:
    """The ways to play ``c``: the Tigress (Scary Mary) gives two, every other card one.

    The Tigress is declared as a pirate or as an escape when played (:ref:`king-winner`,
    :ref:`ruling-k5`); the pirate comes first. The one place this rule is written: the
    legal moves, the action spaces, the score bounds and the move notation ask it.

    >>> from skullgames.king import card
    >>> from skullgames.king.moves import plays_of
    >>> plays_of(card("TIG")), plays_of(card("Y3"))
    ((Play(card('TIG'), as_pirate=True), Play(card('TIG'), as_pirate=False)), (Play(card('Y3')),))
    """
    if c.kind is Kind.TIGRESS:
        return (Play(c, as_pirate=True), Play(c, as_pirate=False))
    return (Play(c),)


Move = Union[Bid, Play, Deal, Shot, ChooseLeader, Discard, Wager, AdjustBid]  # noqa: UP007
"""Any Skull King move (a runtime alias that the JSON converter dispatches on)."""

ABILITY_MOVES = (ChooseLeader, Discard, Wager, AdjustBid)
"""The move types of the pirate abilities."""


def parse_move(text: str) -> Move:
    """Parse a move from its text.

    Bids are ``"bid 3"``; plays are the card, ``"Y12"``, with the Tigress declared,
    ``"TIG pirate"`` or ``"TIG escape"``; a deal is ``"deal Y1 B3 | G7 SK"`` (hands
    separated by ``|``, Graybeard's last as ``| ghost ...``).

    Case-insensitive; ``str(move)`` gives the text back.

    >>> from skullgames.king import parse_move
    >>> parse_move("bid 3"), parse_move("y12"), parse_move("TIG escape")
    (Bid(3), Play(card('Y12')), Play(card('TIG'), as_pirate=False))
    """
    if not isinstance(text, str):
        raise TypeError(f"a move is written as text, not {type(text).__name__}")
    known = _CANONICAL.get(text)
    if known is not None:
        return known
    typed = text.split()  # card() quotes a bad card as it was typed, not lower-cased
    words = [word.lower() for word in typed]
    if len(words) == 2 and words[0] == "bid":
        # isdigit() also accepts '²', and int() refuses more than 4300 digits.
        if not (words[1].isascii() and words[1].isdigit()) or len(words[1]) > 4:
            raise InvalidNotationError(f"{text!r}: a bid is a whole number, as in 'bid 2'")
        return Bid(int(words[1]))
    if len(words) == 2 and words[1] in ("pirate", "escape", "p", "e"):
        played = card(typed[0])
        if played.kind is not Kind.TIGRESS:
            raise InvalidNotationError(f"{text!r}: only the Tigress is played as pirate or escape")
        return Play(played, as_pirate=words[1] in ("pirate", "p"))
    if len(words) == 1:
        played = card(typed[0])
        if played.kind is Kind.TIGRESS:
            raise InvalidNotationError(f"{text!r}: say 'TIG pirate' or 'TIG escape'")
        return Play(played)
    if words and words[0] == "deal":
        return _parse_deal(text)
    return _parse_other(text, typed, words)


def _parse_other(text: str, typed: list[str], words: list[str]) -> Move:
    def number(word: str) -> int:
        try:
            return int(word)
        except ValueError:
            raise InvalidNotationError(f"{text!r}: {word!r} is not a whole number") from None

    if words == ["grapeshot"] or words == ["cannonball"]:
        return Shot(words[0] == "cannonball")
    if len(words) == 2 and words[0] == "leader":
        return ChooseLeader(number(words[1]))
    if len(words) == 2 and words[0] == "wager":
        return Wager(number(words[1]))
    if len(words) == 2 and words[0] == "adjust":
        return AdjustBid(number(words[1]))
    if words and words[0] == "discard":
        return Discard(tuple(card(w) for w in typed[1:]))
    raise InvalidNotationError(f"{text!r} is not a Skull King move")


def _parse_deal(text: str) -> Deal:
    parts = text.strip()[4:].split("|")
    extra: dict[str, list[Card]] = {"ghost": [], "stock": []}
    while parts and parts[-1].split()[:1] in (["ghost"], ["stock"]):
        words = parts.pop().split()
        extra[words[0].lower()] = [card(w) for w in words[1:]]
    return Deal([[card(w) for w in part.split()] for part in parts], extra["ghost"],
                extra["stock"])


def _canonical_moves() -> dict[str, Move]:
    from skullgames.king.cards import ALL_CARDS

    moves: list[Move] = [Bid(n) for n in range(15)]
    moves += [Shot(False), Shot(True), AdjustBid(-1), AdjustBid(0), AdjustBid(1)]
    moves += [Wager(0), Wager(10), Wager(20), *(ChooseLeader(seat) for seat in range(8))]
    for c in ALL_CARDS:
        moves += plays_of(c)
    return {str(m): m for m in moves}


_CANONICAL = _canonical_moves()
