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
from typing import Union

import attrs

from skullgames.errors import IllegalMoveError, InvalidNotationError
from skullgames.king.cards import Card, Kind, card

__all__ = ["Bid", "Deal", "Move", "Play", "parse_move"]


@attrs.frozen(repr=False)
class Bid:
    """Bid ``n`` tricks for this round (0 up to the cards dealt)."""

    n: int

    def __str__(self) -> str:
        return f"bid {self.n}"

    def __repr__(self) -> str:
        return f"Bid({self.n})"


@attrs.frozen(repr=False)
class Play:
    """Play ``card`` to the trick.

    The Tigress (Scary Mary in the classic edition) must be declared: ``as_pirate=True``
    plays her as a pirate, ``False`` as an escape. Any other card refuses the argument.
    """

    card: Card
    as_pirate: bool | None = None

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise InvalidNotationError(f"Play takes a Card, not {self.card!r}")
        if self.card.kind is Kind.TIGRESS:
            if type(self.as_pirate) is not bool:
                raise IllegalMoveError(
                    "the Tigress must be declared: Play(card('TIG'), as_pirate=True or False)"
                )
        elif self.as_pirate is not None:
            raise IllegalMoveError(f"only the Tigress is declared; {self.card} takes no as_pirate")

    def __str__(self) -> str:
        if self.as_pirate is None:
            return str(self.card)
        return f"{self.card} {'pirate' if self.as_pirate else 'escape'}"

    def __repr__(self) -> str:
        if self.as_pirate is None:
            return f"Play({self.card!r})"
        return f"Play({self.card!r}, as_pirate={self.as_pirate})"


def _hands(hands: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in hands)


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(cards)


@attrs.frozen
class Deal:
    """Deal a round explicitly: one hand per seat, in seat order.

    With two players in the modern edition, ``ghost`` is Graybeard's face-down hand, top
    card first. Used when the game was created with ``auto_deal=False``; games dealt from
    a seed record their deals as these moves too.
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    ghost: tuple[Card, ...] = attrs.field(default=(), converter=_cards)

    def __str__(self) -> str:
        text = "deal " + " | ".join(" ".join(map(str, hand)) for hand in self.hands)
        if self.ghost:
            text += " | ghost " + " ".join(map(str, self.ghost))
        return text


Move = Union[Bid, Play, Deal]  # noqa: UP007 (a runtime alias that cattrs dispatches on)
"""Any Skull King move."""


def parse_move(text: str) -> Move:
    """Parse a move from its text.

    Bids are ``"bid 3"``; plays are the card, ``"Y12"``, with the Tigress declared,
    ``"TIG pirate"`` or ``"TIG escape"``; a deal is ``"deal Y1 B3 | G7 SK"`` (hands
    separated by ``|``, Graybeard's last as ``| ghost ...``).

    Case-insensitive; ``str(move)`` gives the text back.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text, not {type(text).__name__}")
    known = _CANONICAL.get(text)
    if known is not None:
        return known
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "bid":
        # isdigit() also accepts '²', and int() refuses more than 4300 digits.
        if not (words[1].isascii() and words[1].isdigit()) or len(words[1]) > 4:
            raise InvalidNotationError(f"{text!r}: a bid is a whole number, as in 'bid 2'")
        return Bid(int(words[1]))
    if len(words) == 2 and words[1] in ("pirate", "escape", "p", "e"):
        played = card(words[0])
        if played.kind is not Kind.TIGRESS:
            raise InvalidNotationError(f"{text!r}: only the Tigress is played as pirate or escape")
        return Play(played, as_pirate=words[1] in ("pirate", "p"))
    if len(words) == 1:
        played = card(words[0])
        if played.kind is Kind.TIGRESS:
            raise InvalidNotationError(f"{text!r}: say 'TIG pirate' or 'TIG escape'")
        return Play(played)
    if words and words[0] == "deal":
        return _parse_deal(text)
    raise InvalidNotationError(f"{text!r} is not a Skull King move")


def _parse_deal(text: str) -> Deal:
    parts = text.strip()[4:].split("|")
    ghost: list[Card] = []
    if parts and parts[-1].split()[:1] == ["ghost"]:
        ghost = [card(w) for w in parts.pop().split()[1:]]
    return Deal([[card(w) for w in part.split()] for part in parts], ghost)


def _canonical_moves() -> dict[str, Move]:
    from skullgames.king.cards import ALL_CARDS

    moves: list[Move] = [Bid(n) for n in range(15)]
    for c in ALL_CARDS:
        if c.kind is Kind.TIGRESS:
            moves += [Play(c, as_pirate=True), Play(c, as_pirate=False)]
        else:
            moves.append(Play(c))
    return {str(m): m for m in moves}


_CANONICAL = _canonical_moves()
