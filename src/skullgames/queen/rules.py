"""The rules of Skull Queen that decide who acts and what may be played, each once.

The engine (``legal_moves``, ``apply``), the observations and the bots all ask these
functions; none of them decides these rules on its own. What a trick does to the pawns
is :func:`~skullgames.queen.tricks.resolve`, what a plank scores
:func:`~skullgames.queen.scoring.score_round`.

The rulebook's example of following (:ref:`queen-playing`): blue was led, so a player who
holds blue must play blue, or the Monkey or the First Mate.

>>> from skullgames.queen import Color, Play, card
>>> from skullgames.queen.rules import playable, trick_color
>>> hand = (card("Y3"), card("B4"), card("B9"), card("MONKEY"))
>>> trick_color([(0, Play(card("B6")))])
<Color.BLUE: 'B'>
>>> playable(hand, Color.BLUE)
(Play(card('B4')), Play(card('B9')), Play(card('MONKEY')))
>>> len(playable(hand, Color.GREEN)) == len(hand)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from skullgames.errors import IllegalMoveError
from skullgames.queen.cards import ALL_CARDS, COLORS, Card, Color
from skullgames.queen.moves import PLAYS, Play

__all__ = [
    "Seat",
    "check_play",
    "first_to_act",
    "follows",
    "must_follow",
    "next_leader",
    "next_to_place",
    "placing_order",
    "playable",
    "trick_color",
]

# The rules read their tricks and hands through tuple(...): the compiled build indexes a
# tuple where any other sequence goes through Python's iterator protocol, and the engine's
# own are tuples already (tuple() gives them back as they are).

Seat = int | None
"""A seat number, or ``None`` for the ghost Pirate King in a two-player game."""


# -- Placing -----------------------------------------------------------------------------


def placing_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order they place, left of the dealer first (:ref:`ruling-q2`).

    With the ghost, the captains commit their cards to each trick in this order too.

    >>> from skullgames.queen.rules import placing_order
    >>> placing_order(3, 4)
    (0, 1, 2, 3)
    """
    return tuple((dealer + 1 + k) % players for k in range(players))


def first_to_act(dealer: int, players: int) -> int:
    """The seat left of the dealer: it places first and leads the round's first trick.

    With two players, it commits first to every trick the Pirate King leads.
    """
    return (dealer + 1) % players


def next_to_place(dealer: int, placements: Sequence[object | None]) -> int | None:
    """The seat to place next, in :func:`placing_order`; ``None`` once all have placed.

    ``placements`` has one entry per seat, ``None`` for a seat still to place. Placing
    ends when every seat has placed; then the placements are revealed (:ref:`ruling-q2`).

    >>> from skullgames.queen.rules import next_to_place
    >>> next_to_place(0, [None, "placed", None]), next_to_place(0, ["a", "b", "c"])
    (2, None)
    """
    for seat in placing_order(dealer, len(placements)):
        if placements[seat] is None:
            return seat
    return None


# -- Following ---------------------------------------------------------------------------


def trick_color(plays: Iterable[tuple[Seat, Play]]) -> Color | None:
    """The colour to follow in a trick of ``plays`` (``(seat, Play)`` in play order).

    The first coloured card sets it: a Monkey or First Mate led leaves it to the next
    card (:ref:`ruling-q5`). When the ghost Pirate King leads (seat ``None``, two players),
    his card alone sets it, and a Monkey or First Mate of his leaves the captains free
    (:ref:`queen-two-players`). ``None`` while no card sets it.

    >>> from skullgames.queen import parse_move
    >>> from skullgames.queen.rules import trick_color
    >>> trick_color([(1, parse_move("MONKEY")), (2, parse_move("G5")), (3, parse_move("R9"))])
    <Color.GREEN: 'G'>
    >>> trick_color([(None, parse_move("MATE")), (0, parse_move("G5"))]) is None
    True
    """
    for seat, play in tuple(plays):
        color = play.card.color
        if seat is None or color is not None:
            return color
    return None


def follows(c: Card, color: Color | None) -> bool:
    """Whether playing ``c`` keeps the duty to follow ``color`` whatever the hand holds.

    True for a card of that colour, for the Monkey and the First Mate (always allowed),
    and for any card while no colour is set; a card of another colour is allowed only
    to a player who holds none of ``color`` (and so reveals that void).

    >>> from skullgames.queen import Color, card
    >>> from skullgames.queen.rules import follows
    >>> [follows(card(text), Color.RED) for text in ("R3", "MATE", "Y3")]
    [True, True, False]
    """
    return color is None or c.color is color or c.color is None


def must_follow(hand: Sequence[Card], color: Color | None) -> bool:
    """Whether a player with ``hand`` must follow ``color``: they hold a card of it.

    >>> from skullgames.queen import Color, card
    >>> from skullgames.queen.rules import must_follow
    >>> must_follow([card("Y3"), card("MATE")], Color.YELLOW), must_follow([card("R3")], None)
    (True, False)
    """
    if color is not None:
        for c in tuple(hand):
            if c.color is color:
                return True
    return False


def playable(hand: Sequence[Card], color: Color | None) -> tuple[Play, ...]:
    """The plays ``hand`` may make to a trick whose colour is ``color``, in hand order.

    A player who holds the trick colour (:func:`must_follow`) must play it or the
    Monkey or the First Mate (:func:`follows`); one who does not may play anything
    (:ref:`queen-playing`). These are the legal moves of the seat to move
    (:func:`~skullgames.queen.legal_moves`).
    """
    cards = tuple(hand)
    if color is not None and must_follow(cards, color):
        allowed = _FOLLOWING[color.index]
        return tuple([PLAYS[c.index] for c in cards if allowed[c.index]])
    return tuple([PLAYS[c.index] for c in cards])


# follows(card, colour) for every card (by index) and colour, computed once from the rule:
# playable asks it for each card of the hand, the legal moves of every play.
_FOLLOWING: Final = tuple(tuple(follows(c, color) for c in ALL_CARDS) for color in COLORS)


def check_play(c: Card, hand: Sequence[Card], color: Color | None, *,
               ghost: bool = False) -> None:
    """Raise :class:`~skullgames.IllegalMoveError` saying why ``c`` may not be played.

    ``c`` must be in ``hand`` and may be played under :func:`playable`; ``ghost`` says
    that the Pirate King set the colour (for the message).
    """
    if not any(h is c for h in hand) and c not in hand:  # cards are interned: is, then ==
        raise IllegalMoveError(f"{c} is not in your hand ({_cards(hand)})")
    if not follows(c, color) and must_follow(hand, color):
        held = [h for h in hand if h.color is color]
        if color is not None:
            whose = " (the Pirate King's colour)" if ghost else ""
            raise IllegalMoveError(f"must follow {color.label}{whose}: you hold {_cards(held)}")


# -- Leading -----------------------------------------------------------------------------


def next_leader(plays: Iterable[tuple[Seat, Play]]) -> Seat:
    """Who leads the next trick: whoever played the highest value, in any colour.

    On a tie the last of them to play leads (:ref:`ruling-q6`); the neutral cards in the
    centre never lead. When the ghost Pirate King led (two players) he leads again:
    ``None``.

    >>> from skullgames.queen import parse_move
    >>> from skullgames.queen.rules import next_leader
    >>> next_leader([(2, parse_move("R9")), (3, parse_move("B9")), (0, parse_move("Y4"))])
    3
    """
    leader: Seat = None
    best = -1
    for seat, play in tuple(plays):
        if seat is None:
            return None
        value = play.card.value
        if value >= best:
            best, leader = value, seat
    return leader


def _cards(cards: Iterable[Card]) -> str:
    return ", ".join(map(str, cards))
