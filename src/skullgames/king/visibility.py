"""What each seat may see of Skull King, moves and states: every hiding rule, once.

The rules hide four things from a seat: the other hands and the cards nobody was dealt
(Graybeard's stack, the undealt cards), a bid until every bid is in (:ref:`ruling-k13`),
a Grapeshot / Cannonball choice until every seat has chosen (:ref:`ruling-k11`), and the
cards Bendt the Bandit discards, of which only the number shows (:ref:`ruling-k12`).
Everything else, Rascal of Roatan's wagers, Rosie's choice of leader and Harry's change
of bid included, is played in the open.

:func:`observe_move` gives a move as a seat sees it, and the ``*_seen`` functions give
the hidden parts of a state as a seat sees them; :func:`~skullgames.king.observe` is
built on those, so a move and the state it makes hide the same things.

>>> from skullgames import king
>>> state = king.new_game(king.Config(players=3), seed=11)
>>> seen = king.observe_move(state, king.Bid(1), 2)
>>> seen
HiddenMove(seat=1, kind='bid', cards=(), count=0)
>>> str(seen), king.observe_move(state, king.Bid(1), 1)
('bid (hidden)', Bid(1))
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from skullgames._checks import one_of, wrong_type
from skullgames.errors import ConfigError
from skullgames.king.cards import Card
from skullgames.king.game import current_player, not_a_state
from skullgames.king.moves import (
    AdjustBid,
    Bid,
    ChooseLeader,
    Deal,
    Discard,
    Move,
    Play,
    Shot,
    Wager,
)
from skullgames.king.state import _STATE_CLASSES, Bidding, Phase, Shooting, State

__all__ = ["HIDDEN_KINDS", "HiddenMove", "bids_seen", "discarded_seen", "observe_move",
           "shots_seen", "undealt_seen"]

HIDDEN_KINDS: tuple[str, ...] = ("deal", "bid", "shot", "discard")
"""The kinds of :class:`HiddenMove` in Skull King: the moves whose content a seat may not see."""


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(cards)


@attrs.frozen
class HiddenMove:
    """A move as a seat sees it when the rules hide what it was: who moved, and what shows.

    ``seat`` made the move (``None`` for a deal, which no seat makes); ``kind`` says what
    it was, one of :data:`HIDDEN_KINDS`: ``"deal"`` (``cards`` holds the viewer's own
    hand, the only one it sees), ``"bid"`` and ``"shot"`` (nothing shows until all are
    in), ``"discard"`` (``count`` cards went face down).

    >>> from skullgames.king import HiddenMove, card
    >>> str(HiddenMove(2, "discard", count=2))
    'discard 2 cards (face down)'
    >>> str(HiddenMove(None, "deal", (card("Y1"), card("SK"))))
    'deal (your hand: Y1 SK)'
    """

    seat: int | None
    kind: str = attrs.field(validator=one_of(HIDDEN_KINDS, "a hidden Skull King move"))
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    count: int = 0

    def __str__(self) -> str:
        if self.kind == "deal":
            return f"deal (your hand: {' '.join(map(str, self.cards)) or '-'})"
        if self.kind == "discard":
            return f"discard {self.count} card{'' if self.count == 1 else 's'} (face down)"
        return f"{self.kind} (hidden)"


_OPEN_MOVES = (Play, ChooseLeader, Wager, AdjustBid)
"""The moves every seat sees as they are made."""


def observe_move(state: State, move: Move, seat: int, now: State | None = None
                 ) -> Move | HiddenMove:
    """``move``, made in ``state``, as seat ``seat`` sees it: the move, or what shows of it.

    ``state`` is the state the move is made in (before :func:`~skullgames.king.apply`).
    The mover sees its own move; the others see a :class:`HiddenMove` for a deal (their
    own hand only), a bid (:ref:`ruling-k13`), a Grapeshot / Cannonball choice
    (:ref:`ruling-k11`) and Bendt the Bandit's discards (their number, :ref:`ruling-k12`).
    The last bid, which completes the bidding, is hidden too: the bids show in the
    observation of the state after.

    ``now``, a later state of the same game, gives the move as the seat knows it then: a
    bid shows once the bidding of its round is over, a choice of shot once every seat has
    chosen; a deal and a discard never show.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3), seed=11)
    >>> after = king.apply(king.apply(king.apply(state, king.Bid(1)), king.Bid(0)), king.Bid(0))
    >>> king.observe_move(state, king.Bid(1), 0), king.observe_move(state, king.Bid(1), 0, after)
    (HiddenMove(seat=1, kind='bid', cards=(), count=0), Bid(1))
    """
    if type(state) not in _STATE_CLASSES:
        raise not_a_state(state)
    _check_seat(state, seat)
    kind = type(move)
    if kind in _OPEN_MOVES:
        return move
    if kind is Deal:
        assert isinstance(move, Deal)
        hands = move.hands
        return HiddenMove(None, "deal", hands[seat] if seat < len(hands) else ())
    mover = current_player(state)
    if kind is Bid:
        if seat == mover or _revealed(state, now, (Phase.BID,)):
            return move
        return HiddenMove(mover, "bid")
    if kind is Shot:
        if seat == mover or _revealed(state, now, (Phase.BID, Phase.SHOT)):
            return move
        return HiddenMove(mover, "shot")
    if kind is Discard:
        assert isinstance(move, Discard)
        return move if seat == mover else HiddenMove(mover, "discard", count=len(move.cards))
    raise TypeError(f"not a Skull King move: {move!r}")


def _revealed(state: State, now: State | None, hiding: tuple[Phase, ...]) -> bool:
    """Whether ``now`` is past the phases ``hiding`` of ``state``'s round (never if ``None``)."""
    if now is None:
        return False
    if type(now) not in _STATE_CLASSES:
        raise not_a_state(now)
    return now.past.round_index != state.past.round_index or now.phase not in hiding


def _check_seat(state: State, seat: object) -> None:
    players = state.setup.config.players
    if type(seat) is not int:
        raise wrong_type("seat", "a seat number (an int)", seat)
    if not 0 <= seat < players:
        raise ConfigError(f"seat {seat} is not a seat of this {players}-player game "
                          f"(0..{players - 1})")


def _own_only(values: tuple[object | None, ...], seat: int) -> tuple[object | None, ...]:
    """A secret choice shows only to its maker until all are in (K11, K13)."""
    return tuple([value if s == seat else None for s, value in enumerate(values)])


def bids_seen(state: State, seat: int) -> tuple[int | None, ...]:
    """Each seat's bid as ``seat`` sees it: while bidding only its own (:ref:`ruling-k13`).

    Once every bid is in, all of them (``state.bids``, the same tuple).
    """
    if type(state) is Bidding:
        return _own_only(state.bids, seat)  # type: ignore[return-value]
    return state.bids


def shots_seen(state: State, seat: int) -> tuple[bool | None, ...]:
    """Each seat's Cannonball choice as ``seat`` sees it: only its own until all are in (K11).

    Empty without the Cannonball option; ``state.shots`` itself once all have chosen.
    """
    if type(state) is Shooting:
        return _own_only(state.shots, seat)  # type: ignore[return-value]
    return state.shots  # while bidding: nobody has chosen yet


def discarded_seen(state: State, seat: int) -> tuple[Card, ...]:
    """The cards Bendt the Bandit discarded this round that ``seat`` saw: its own (K12)."""
    table = state.table
    return () if table is None else table.discarded[seat]


def undealt_seen(state: State, seat: int) -> tuple[Card, ...] | None:
    """The undealt cards ``seat`` saw with Juanita Jade (``None``: it did not look).

    In card order: she shows which cards are not in play, not the stock's order (K12).
    """
    table = state.table
    return None if table is None else table.peeked[seat]
