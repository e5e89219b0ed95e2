"""What each seat may see of Skull Queen, moves and states: every hiding rule, once.

The rules hide three things from a seat: the other hands and the Pirate King's stack,
a placement until every seat has placed (:ref:`ruling-q2`), and with two players the
other captain's card, which lies face down until both have played (:ref:`ruling-q7`).
The centre cards lie face up; every other card is played face up.

:func:`observe_move` gives a move as a seat sees it, and :func:`placements_seen` and
:func:`trick_seen` give the hidden parts of a state as a seat sees them;
:func:`~skullgames.queen.observe` is built on those, so a move and the state it makes
hide the same things.

>>> from skullgames import queen
>>> state = queen.new_game(queen.Config(players=3), seed=5)
>>> move = queen.parse_move("front 0 1 2 4")
>>> seen = queen.observe_move(state, move, 2)
>>> seen
HiddenMove(seat=1, kind='place', cards=(), center=())
>>> str(seen), queen.observe_move(state, move, 1)
('place (hidden)', Place(Side.FRONT, (0, 1, 2, 4)))
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from skullgames._checks import one_of, wrong_type
from skullgames.errors import ConfigError
from skullgames.queen.cards import Card
from skullgames.queen.config import Config
from skullgames.queen.game import current_player, not_a_state
from skullgames.queen.moves import Deal, Move, Place, Play
from skullgames.queen.rules import Seat
from skullgames.queen.state import _STATE_CLASSES, Phase, Placing, State

__all__ = ["HIDDEN_KINDS", "HiddenMove", "observe_move", "placements_seen", "plays_face_down",
           "trick_seen"]

HIDDEN_KINDS: tuple[str, ...] = ("deal", "place", "play")
"""The kinds of :class:`HiddenMove` in Skull Queen: the moves whose content a seat may not see."""


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(cards)


@attrs.frozen
class HiddenMove:
    """A move as a seat sees it when the rules hide what it was: who moved, and what shows.

    ``seat`` made the move (``None`` for a deal, which no seat makes); ``kind`` says what
    it was, one of :data:`HIDDEN_KINDS`: ``"deal"`` (``cards`` holds the viewer's own
    hand, ``center`` the cards face up in the centre), ``"place"`` (nothing shows until
    every seat has placed), ``"play"`` (a card face down: its back, two players).

    >>> from skullgames.queen import HiddenMove, card
    >>> str(HiddenMove(0, "play"))
    'a card face down'
    >>> str(HiddenMove(None, "deal", (card("R2"), card("B7")), (card("Y4"),)))
    'deal (your hand: R2 B7 | center Y4)'
    """

    seat: int | None
    kind: str = attrs.field(validator=one_of(HIDDEN_KINDS, "a hidden Skull Queen move"))
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    center: tuple[Card, ...] = attrs.field(default=(), converter=_cards)

    def __str__(self) -> str:
        if self.kind == "deal":
            text = f"deal (your hand: {' '.join(map(str, self.cards)) or '-'}"
            if self.center:
                text += " | center " + " ".join(map(str, self.center))
            return text + ")"
        if self.kind == "play":
            return "a card face down"
        return f"{self.kind} (hidden)"


def plays_face_down(config: Config) -> bool:
    """Whether the captains play their cards face down: with two players (:ref:`ruling-q7`).

    The ghost Pirate King's card is face up; each captain's lies face down until the
    other captain has played too.
    """
    return config.has_ghost


def observe_move(state: State, move: Move, seat: int, now: State | None = None
                 ) -> Move | HiddenMove:
    """``move``, made in ``state``, as seat ``seat`` sees it: the move, or what shows of it.

    ``state`` is the state the move is made in (before :func:`~skullgames.queen.apply`).
    The mover sees its own move; the others see a :class:`HiddenMove` for a deal (their
    own hand and the centre only), a placement (:ref:`ruling-q2`) and, with two players,
    a captain's card (face down, :ref:`ruling-q7`). The last placement, which completes
    the placing, and the second captain's card, which completes the trick, are hidden
    too: they show in the observation of the state after.

    ``now``, a later state of the same game, gives the move as the seat knows it then: a
    placement shows once every seat has placed, a face-down card once its trick is
    complete; a deal never shows.

    >>> from skullgames import queen
    >>> state = queen.new_game(queen.Config(players=2), seed=3)
    >>> for move in ("front 0 0 0 0", "back 4 4 4 4"):
    ...     state = queen.apply(state, queen.parse_move(move))
    >>> play = queen.legal_moves(state)[0]
    >>> queen.observe_move(state, play, 0), queen.observe_move(state, play, 1) == play
    (HiddenMove(seat=1, kind='play', cards=(), center=()), True)
    """
    if type(state) not in _STATE_CLASSES:
        raise not_a_state(state)
    _check_seat(state, seat)
    kind = type(move)
    if kind is Play:
        if not plays_face_down(state.config):
            return move
        mover = current_player(state)
        if seat == mover or _trick_over(state, now):
            return move
        return HiddenMove(mover, "play")
    if kind is Place:
        mover = current_player(state)
        if seat == mover or _placing_over(state, now):
            return move
        return HiddenMove(mover, "place")
    if kind is Deal:
        assert isinstance(move, Deal)
        hands = move.hands
        return HiddenMove(None, "deal", hands[seat] if seat < len(hands) else (), move.center)
    raise TypeError(f"not a Skull Queen move: {move!r}")


def _later(now: State | None) -> State | None:
    if now is not None and type(now) not in _STATE_CLASSES:
        raise not_a_state(now)
    return now


def _placing_over(state: State, now: State | None) -> bool:
    """Whether ``now`` is past the placing of ``state``'s round (never if ``None``)."""
    later = _later(now)
    if later is None:
        return False
    return later.round_index != state.round_index or later.phase is not Phase.PLACE


def _trick_over(state: State, now: State | None) -> bool:
    """Whether ``now`` is past the trick in progress in ``state`` (never if ``None``)."""
    later = _later(now)
    if later is None:
        return False
    return (later.round_index != state.round_index or later.phase is not Phase.PLAY
            or len(later.tricks) != len(state.tricks))


def _check_seat(state: State, seat: object) -> None:
    players = state.config.players
    if type(seat) is not int:
        raise wrong_type("seat", "a seat number (an int)", seat)
    if not 0 <= seat < players:
        raise ConfigError(f"seat {seat} is not a seat of this {players}-player game "
                          f"(0..{players - 1})")


def placements_seen(state: State, seat: int) -> tuple[Place | None, ...]:
    """Each seat's placement as ``seat`` sees it: only its own until all are in (Q2)."""
    placements = state.placements
    if type(state) is Placing:
        return tuple([p if s == seat else None for s, p in enumerate(placements)])
    return placements


def trick_seen(state: State, seat: int
               ) -> tuple[tuple[tuple[Seat, Play], ...], tuple[int, ...]]:
    """The trick in progress as ``seat`` sees it, and the seats whose card lies face down.

    With two players the other captain's card is face down until the trick is complete
    (:ref:`ruling-q7`): it is left out of the trick, and its seat is named.
    """
    trick = state.trick
    if not plays_face_down(state.config):
        return trick, ()
    face_down = tuple([s for s, _ in trick if s is not None and s != seat])
    return tuple([entry for entry in trick if entry[0] is None or entry[0] == seat]), face_down
