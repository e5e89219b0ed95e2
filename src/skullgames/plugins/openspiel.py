"""Building blocks of a game's OpenSpiel deal: how it is dealt card by card, how long it is.

A game's entry names its :class:`Dealing` as its optional ``openspiel`` part
(``skullgames.rl.openspiel.king:DEALING``); a game without one is refused by
``skullgames.rl.openspiel`` in one line. This module needs neither OpenSpiel nor numpy.

Public names (stable, as the rest of the API): :class:`Dealing`, :class:`DealPlan`,
:func:`round_robin`, :func:`from_hands`, :func:`left_over`.

Beyond the contract of :mod:`skullgames.plugins` and this part, the OpenSpiel game reads
of a game's ``Config`` only the options this part names, :attr:`Dealing.parameters`:
each is a keyword of ``Config(...)`` and an attribute of a config (the standard config's
is the parameter's default), and is a number, a boolean, a text, an enum (as its value), a
tuple of whole numbers (as ``"[1 2 3]"``) or ``None``. An ``int | None`` option whose
default is ``None`` is an OpenSpiel ``int`` parameter whose number for ``None`` the part
names, :attr:`Dealing.unset`, so that ``0`` means ``None`` only where the game says so
(where 0 is no value of the option); an option that is ``None`` without one has no
OpenSpiel form and is refused. The cards that
chance deals are the part's own :attr:`Dealing.deck`, not an attribute of the config.

In the library's games, a round's deal is a sequence of chance
outcomes, one card each: first the hands, round robin from seat 0 (card ``k`` goes to
seat ``k % players``); then, where the game has them, the ghost's face-down stack top
card first (Graybeard in a two-player Skull King, the Pirate King in a two-player Skull
Queen), Skull Queen's face-up centre cards, and with Skull King's pirate abilities the
top two undealt cards, the only ones Bendt the Bandit can draw (there is one Bendt, who
draws at most two). The cards left over go into the game's deal in deck order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

__all__ = ["DealPlan", "Dealing", "from_hands", "left_over", "round_robin"]


@attrs.frozen
class DealPlan:
    """The deal of one round: how many cards are dealt as chance, and the move they make."""

    cards: int
    """How many chance outcomes the deal takes."""
    make: Callable[[Sequence[Any]], Any]
    """The game's ``Deal`` move from the dealt cards, in the order they were dealt."""
    dealt: Callable[[Any], list[Any]]
    """The cards of a ``Deal`` in the order they are dealt: the inverse of :attr:`make`
    (a hand's cards in any order, as a hand is a set)."""


def round_robin(cards: Sequence[Any], players: int, size: int) -> list[list[Any]]:
    """The hands of ``players`` seats of ``size`` cards dealt round robin from ``cards``."""
    return [list(cards[seat:players * size:players]) for seat in range(players)]


def from_hands(hands: Sequence[Sequence[Any]]) -> list[Any]:
    """The hands' cards in round-robin order: the inverse of :func:`round_robin`."""
    players, size = len(hands), len(hands[0])
    return [hands[k % players][k // players] for k in range(players * size)]


def left_over(deck: Sequence[Any], dealt: Sequence[Any]) -> list[Any]:
    """The cards of ``deck`` not in ``dealt``, in deck order."""
    left = Counter(deck)
    left.subtract(dealt)
    rest = []
    for c in dict.fromkeys(deck):
        rest += [c] * left[c]
    return rest


def _read_only(numbers: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(numbers))


@attrs.frozen(kw_only=True)
class Dealing:
    """How one game is dealt as chance and how long it can be: its entry's ``openspiel`` part."""

    deck: Callable[[Any], Sequence[Any]]
    """``deck(config)``: every card of a game under ``config``, copies included, in a fixed
    order: chance action ``i`` deals ``deck(config)[i]`` (of equal cards, the first index
    is the outcome), so ``max_chance_outcomes()`` is its length."""
    plan: Callable[[Any, int], DealPlan]
    """``plan(config, round_index)``: the deal of a round (from 0)."""
    max_moves: Callable[[Any], int]
    """``max_moves(config)``: the most player moves (chance excluded) a game can take."""
    not_resampled: Callable[[Any], str | None] = lambda config: None
    """``not_resampled(config)``: why a game under ``config`` cannot be resampled from a
    seat's observations (OpenSpiel's ``resample_from_infostate``), or ``None``: it can."""
    parameters: tuple[str, ...] = ("players",)
    """The options of the game's ``Config`` that are OpenSpiel game parameters, by name
    (a keyword of ``Config(...)`` and an attribute of a config): by default the number of
    seats alone. See the module for the values an option may have."""
    unset: Mapping[str, int] = attrs.field(factory=dict, converter=_read_only, hash=False)
    """For each ``int | None`` option of :attr:`parameters` (``None`` by default), the
    OpenSpiel number that stands for ``None``, its default: a number that is no value of
    the option (``{"hand_cap": 0}`` where a cap is at least 1). A config whose option has
    that number is refused."""
