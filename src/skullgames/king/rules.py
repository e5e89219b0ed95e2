"""The rules of Skull King that decide who acts and what may be played, each once.

The engine (``legal_moves``, ``apply``), the observations and the bots all ask these
functions; none of them decides these rules on its own. Who wins a trick, who leads the
next one and what it scores are :func:`~skullgames.king.tricks.resolve` and
:func:`~skullgames.king.tricks.trick_winner`; what a round scores is
:func:`~skullgames.king.score_round`.

Following suit (:ref:`king-following-suit`): yellow was led, so a player who holds
yellow must play yellow or a special card.

>>> from skullgames.king import Config, Play, card
>>> from skullgames.king.rules import playable, suit_of_trick
>>> hand = (card("Y3"), card("G9"), card("B2"), card("ESC"))
>>> suit_of_trick([Play(card("ESC")), Play(card("Y7"))], Config())
(<SuitState.SET: 'set'>, <Suit.YELLOW: 'Y'>)
>>> playable(hand, card("Y7").suit)
(card('Y3'), card('ESC'))
>>> playable(hand, None) == hand
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final

from skullgames.errors import IllegalMoveError
from skullgames.king.cards import ROLE_ESCAPE, ROLE_NUMBER, ROLE_PIRATE, Card, Suit
from skullgames.king.config import Config, Edition
from skullgames.king.moves import Play

__all__ = [
    "SuitState",
    "bidding_order",
    "check_play",
    "first_to_act",
    "follows",
    "holds_suit",
    "is_character",
    "next_suit",
    "next_to_bid",
    "playable",
    "role",
    "suit_of_trick",
]


class SuitState(enum.Enum):
    """Where a trick stands on the suit to follow.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3), auto_deal=False)
    >>> for move in ["deal Y1 | P10 | G3", "bid 1", "bid 0", "bid 0", "P10"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> state.suit_state, state.lead_suit
    (<SuitState.SET: 'set'>, <Suit.PURPLE: 'P'>)
    """

    OPEN = "open"
    """No card has set the suit yet; the next card may."""
    SET = "set"
    """A number card set the suit."""
    NONE = "none"
    """A character led (modern edition): nothing to follow for the whole trick."""


# Bound once: reading an enum member from its class is slow in CPython 3.11 (see tricks.py
# for the measured gain, 5.6 % of a random game with the other bound members); Final, or
# the compiled build would look each up in the module's dict (see tricks.py).
_OPEN: Final = SuitState.OPEN
_SET: Final = SuitState.SET
_NONE: Final = SuitState.NONE
_MODERN: Final = Edition.MODERN


# -- Bidding and the first lead (:ref:`king-bidding`, ruling K13) -----------------------------


def bidding_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order they bid, left of the dealer first (:ref:`ruling-k13`).

    The Grapeshot or Cannonball choice (:ref:`ruling-k11`) is made in the same order.

    >>> from skullgames.king.rules import bidding_order
    >>> bidding_order(3, 4)
    (0, 1, 2, 3)
    """
    return tuple((dealer + 1 + k) % players for k in range(players))


def first_to_act(dealer: int, players: int) -> int:
    """The seat left of the dealer: it bids first and leads the round's first trick.

    >>> from skullgames.king.rules import first_to_act
    >>> first_to_act(3, 4)
    0
    """
    return (dealer + 1) % players


def next_to_bid(dealer: int, bids: Sequence[object | None]) -> int | None:
    """The seat to bid next, in :func:`bidding_order`; ``None`` once bidding is over.

    ``bids`` has one entry per seat, ``None`` for a seat still to bid. Bidding ends when
    every seat has bid; then the bids are revealed (:ref:`ruling-k13`). The same rule
    orders the Grapeshot or Cannonball choices.

    >>> from skullgames.king.rules import next_to_bid
    >>> next_to_bid(0, [None, 2, None]), next_to_bid(0, [1, 0, 1])
    (2, None)
    """
    players = len(bids)
    for k in range(players):
        seat = (dealer + 1 + k) % players
        if bids[seat] is None:
            return seat
    return None


# -- Following suit (:ref:`king-following-suit`, ruling K4) -----------------------------------


def role(play: Play) -> int:
    """The part a played card takes in the trick (the Tigress as she was declared).

    One of the ``ROLE_*`` numbers of :mod:`skullgames.king.cards`.
    """
    if play.as_pirate:
        return ROLE_PIRATE
    return play.card.role


def is_character(play: Play) -> bool:
    """True for a card that, led in the modern edition, leaves the trick without a suit.

    Pirates (the Tigress declared as one), the Skull King, Mermaids, the Kraken and the
    White Whale; not number cards, Escapes, Loot or the Tigress as an escape.
    """
    return role(play) not in (ROLE_ESCAPE, ROLE_NUMBER)


def next_suit(state: SuitState, suit: Suit | None, play: Play, config: Config, first: bool
              ) -> tuple[SuitState, Suit | None]:
    """The suit to follow after ``play`` is added to a trick.

    ``state`` and ``suit`` are where the trick stood before; ``first`` says that
    ``play`` leads the trick. Modern (:ref:`ruling-k4`): escape-type cards pass the
    choice on; a character lead leaves the trick without a suit, and so does a character
    after escapes unless ``config.character_ends_choice`` is off (S1). Classic: the first
    number card sets the suit.

    >>> from skullgames.king import Config, Play, card
    >>> from skullgames.king.rules import SuitState, next_suit
    >>> next_suit(SuitState.OPEN, None, Play(card("ROSIE")), Config(), True)
    (<SuitState.NONE: 'none'>, None)
    """
    if state is not _OPEN:
        return state, suit
    c = play.card
    if c.suit is not None:
        return _SET, c.suit
    if (config.edition is _MODERN and is_character(play)
            and (first or config.character_ends_choice)):
        return _NONE, None
    return state, suit


def suit_of_trick(plays: Iterable[Play], config: Config) -> tuple[SuitState, Suit | None]:
    """The suit to follow in a trick that holds ``plays`` so far, in play order."""
    state, suit = _OPEN, None
    for i, play in enumerate(plays):
        state, suit = next_suit(state, suit, play, config, i == 0)
    return state, suit


def follows(c: Card, lead: Suit | None) -> bool:
    """Whether playing ``c`` keeps the duty to follow ``lead``, whatever the hand holds.

    True for a card of the lead suit, for every special card (always allowed) and for
    any card while there is no suit to follow (``lead`` is ``None``); a number card of
    another suit is allowed only to a player who holds none of ``lead`` (and so reveals
    that void).

    >>> from skullgames.king import Suit, card
    >>> from skullgames.king.rules import follows
    >>> [follows(card(text), Suit.YELLOW) for text in ("Y3", "SK", "B14")]
    [True, True, False]
    """
    return lead is None or c.suit is None or c.suit is lead


def playable(hand: Sequence[Card], lead: Suit | None) -> Sequence[Card]:
    """The cards of ``hand`` that may be played to a trick whose suit to follow is ``lead``.

    A player who holds the lead suit must play it or a special card; one who does not
    may play anything, black trumps included (:ref:`king-following-suit`). The cards keep
    the order of ``hand`` (``hand`` itself when every card may be played).
    """
    if lead is None:
        return hand
    cards = tuple(hand)
    following = _allowed_cards(cards, lead)
    return hand if following is cards else following


def _allowed_cards(hand: tuple[Card, ...], lead: Suit) -> tuple[Card, ...]:
    """:func:`playable` for a hand held as a tuple, with a suit to follow.

    ``hand`` itself when every card may be played. The engine's form of the rule (private,
    so that the rule has one public statement): the compiled build indexes a typed tuple,
    where it iterates a ``Sequence`` through a Python iterator.
    """
    if _must_follow(hand, lead):  # the duty to follow applies
        return tuple([c for c in hand if c.suit is lead or c.suit is None])
    return hand


def holds_suit(hand: Sequence[Card], suit: Suit) -> bool:
    """Whether ``hand`` holds a card of ``suit``: then it must follow ``suit`` when led.

    >>> from skullgames.king import Suit, card
    >>> from skullgames.king.rules import holds_suit
    >>> holds_suit((card("Y3"), card("SK")), Suit.YELLOW), holds_suit((card("SK"),), Suit.YELLOW)
    (True, False)
    """
    return _must_follow(tuple(hand), suit)


def _must_follow(hand: tuple[Card, ...], suit: Suit) -> bool:
    """:func:`holds_suit` for a hand held as a tuple (see :func:`_allowed_cards`)."""
    # A loop, not any() of a generator: 5.7 % of a pure random game (11.54 M against
    # 12.20 M; `python benchmarks/instructions.py king HEAD HEAD+benchmarks/tricks/
    # loop-not-any.patch`).
    for c in hand:  # noqa: SIM110
        if c.suit is suit:
            return True
    return False


def check_play(c: Card, hand: Sequence[Card], lead: Suit | None) -> None:
    """Raise :class:`~skullgames.IllegalMoveError` saying why ``c`` may not be played.

    ``c`` must be in ``hand`` and allowed by :func:`playable`.

    >>> from skullgames.king import Suit, card
    >>> from skullgames.king.rules import check_play
    >>> check_play(card("B2"), (card("Y3"), card("Y9"), card("B2")), Suit.YELLOW)
    Traceback (most recent call last):
    ...
    skullgames.errors.IllegalMoveError: must follow yellow: you hold Y3, Y9
    """
    if c not in hand:
        raise IllegalMoveError(f"{c} is not in your hand ({_cards(hand)})")
    if lead is not None and c not in playable(hand, lead):
        held = [h for h in hand if h.suit is lead]
        raise IllegalMoveError(f"must follow {lead.label}: you hold {_cards(held)}")


def _cards(cards: Iterable[Card]) -> str:
    return ", ".join(map(str, cards))
