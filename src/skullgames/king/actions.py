"""Skull King's moves numbered for learning and search: :func:`action_space`.

>>> from skullgames import king
>>> space = king.action_space(king.Config(players=4))
>>> space.size, space.move(0), space.move(11), space.move(space.size - 1)
(77, Bid(0), Play(card('Y1')), Play(card('SK')))
>>> space.index(king.Play(king.card("TIG"), as_pirate=False))
69
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Hashable
from typing import cast

from skullgames.actions import ActionSpace
from skullgames.king.cards import Card
from skullgames.king.config import Config
from skullgames.king.game import _ADJUSTMENTS, _SHOTS, _WAGERS, legal_moves
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
    plays_of,
)
from skullgames.king.observation import Observation
from skullgames.king.state import State

__all__ = ["action_space"]


def action_space(config: Config | None = None) -> ActionSpace[Move]:
    """Every move that ``config`` allows, numbered; the same object for equal configs.

    The actions, in this order (each block only when the options have it):

    1. ``Bid(0)`` .. ``Bid(m)``, ``m`` the largest hand of the round plan;
    2. a ``Play`` of every distinct card of the deck, in card order (suits, then
       specials), the Tigress (Scary Mary) twice: as a pirate, then as an escape;
    3. with ``cannonball``: ``Shot(False)`` (Grapeshot), ``Shot(True)`` (Cannonball);
    4. with ``pirate_abilities``: Rosie's ``ChooseLeader(seat)`` for every seat; Bendt's
       ``Discard`` of every set of cards he could have to discard (as many as he can
       draw: two, or one when a round leaves a single card undealt), in card order;
       Rascal's ``Wager`` 0, 10, 20; Harry's ``AdjustBid`` -1, 0, +1.

    Within a phase the order is that of :func:`~skullgames.king.legal_moves`, so the
    legal indexes ascend in the order of the legal moves. ``Deal`` moves are not actions
    (a deal is chance). See :class:`~skullgames.actions.ActionSpace` for ``mask``.

    >>> from skullgames import king
    >>> config = king.Config(players=3, rounds=(2,), pirate_abilities=True)
    >>> space = king.action_space(config)
    >>> space.size, space.index(king.ChooseLeader(2)), space.move(space.size - 1)
    (2160, 71, AdjustBid(1))
    >>> space.index(king.Bid(3))
    Traceback (most recent call last):
    ...
    skullgames.errors.IllegalMoveError: Bid(3) is not an action of Config(...)
    """
    config = Config() if config is None else config
    if not isinstance(config, Config):
        raise TypeError(f"config must be a skullgames.king.Config, not {type(config).__name__}")
    return _action_space(config)


@functools.lru_cache(maxsize=64)
def _action_space(config: Config) -> ActionSpace[Move]:
    return ActionSpace(config=config, moves=_layout(config), key=_key,
                       legal_moves=legal_moves, state_type=State,
                       observation_type=Observation, chance_type=Deal)


def _layout(config: Config) -> list[Move]:
    moves: list[Move] = [Bid(n) for n in range(max(config.hand_sizes) + 1)]
    faces = list(dict.fromkeys(config.deck))  # the deck is in card order
    for c in faces:
        moves += plays_of(c)
    if config.cannonball:
        moves += _SHOTS
    if config.pirate_abilities:
        moves += [ChooseLeader(seat) for seat in range(config.players)]
        moves += _discards(config, faces)
        moves += _WAGERS
        moves += _ADJUSTMENTS
    return moves


def _discards(config: Config, faces: list[Card]) -> list[Discard]:
    """Every set of cards Bendt the Bandit may have to discard under ``config``.

    He draws two of the undealt cards, or what there is (:ref:`ruling-k12`), and discards as
    many cards of his hand; copies of a card (escapes, mermaids, loot) may go together.
    """
    hands = config.players + config.has_ghost
    drawn = sorted({min(2, len(config.deck) - hands * n) for n in config.hand_sizes} - {0})
    copies = {c: config.deck.count(c) for c in faces}
    discards: list[Discard] = []
    for count in drawn:
        for combo in itertools.combinations_with_replacement(faces, count):
            if all(combo.count(c) <= copies[c] for c in combo):
                discards.append(Discard(combo))
    return discards


def _key(move: object) -> Hashable | None:
    """A cheap key, equal for equal moves; ``None`` for what is no Skull King action.

    A ``Play`` keys on its card's order: hashing a Card hashes its enum fields, which
    costs more than the rest of a mask. Numbers must be ints, as ``apply`` wants them.

    A number is read with ``getattr``, as the object it is: the compiled build would read
    a field typed ``int`` as an int, turning a look-alike's ``True`` into 1 (and refusing
    1.0 with a message of its own) before the check here.
    """
    kind = type(move)
    if kind is Play:
        play = cast(Play, move)
        return (Play, play.card.order, play.as_pirate)
    if kind is Bid:
        return _whole(Bid, getattr(move, "n"))  # noqa: B009
    if kind is Discard:
        return (Discard, *(c.order for c in cast(Discard, move).cards))
    if kind is Shot:
        shot = getattr(move, "cannonball")  # noqa: B009
        return (Shot, shot) if type(shot) is bool else None
    if kind is ChooseLeader:
        return _whole(ChooseLeader, getattr(move, "seat"))  # noqa: B009
    if kind is Wager:
        return _whole(Wager, getattr(move, "points"))  # noqa: B009
    if kind is AdjustBid:
        return _whole(AdjustBid, getattr(move, "delta"))  # noqa: B009
    return None


def _whole(kind: type, value: object) -> tuple[type, int] | None:
    return (kind, value) if type(value) is int else None
