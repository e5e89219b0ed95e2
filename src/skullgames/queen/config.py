"""The rule options of a Skull Queen game.

>>> from skullgames.queen import Config
>>> config = Config(players=6)
>>> config.rounds, config.hand_size, config.center_size, len(config.deck)
(6, 8, 2, 50)
>>> Config(players=2).has_ghost, Config(players=2).rounds
(True, 2)
>>> Config(players=7)
Traceback (most recent call last):
...
skullgames.errors.ConfigError: players: Skull Queen is for 2 to 6 players, not 7
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from skullgames._checks import MAX_SAFE_INTEGER, shown
from skullgames.errors import ConfigError
from skullgames.queen.cards import Card, deck

__all__ = ["DEFAULT_PLANK_VALUES", "Config"]

_MOST_PLAYERS: Final = 6
"""Skull Queen is for 2 to 6 players: seats 0..5, and 0..1 beside the ghost Pirate King."""

# Typed as any tuple of ints, not Final: the compiled build keeps a tuple of five ints as
# five C ints and a Final one as its own constant, and scoring knows this very tuple by
# identity (a copy is checked again, as a caller's values are).
DEFAULT_PLANK_VALUES: tuple[int, ...] = (1, 2, 3, 5, 8)
"""The values of the front side of a plank, bottom (wide end) to top (:ref:`ruling-q1`)."""


def check_plank_values(value: Any) -> tuple[int, ...]:
    """``value`` as five plank values, or a :class:`~skullgames.ConfigError`."""
    try:
        values = tuple(value)
    except TypeError:
        raise ConfigError(f"plank_values: five whole numbers, not {value!r}") from None
    if len(values) != 5 or not all(type(v) is int and 0 <= v <= MAX_SAFE_INTEGER
                                   for v in values):
        raise ConfigError("plank_values: five whole numbers from 0 to 2**53 - 1, bottom to "
                          f"top, not {shown(value)}")
    # The default as the one shared tuple: scoring.side_values knows it by identity and
    # checks any other values again.
    return DEFAULT_PLANK_VALUES if values == DEFAULT_PLANK_VALUES else values


_AS_MANY_AS_PLAYERS = 0
_PAWNS = 4  # the pawns on a plank, each scoring its space's value at the end of a round


def _check_totals(config: Config) -> None:
    """Refuse options under which a seat's total could pass 2**53 - 1 (JavaScript's limit).

    A round scores at most four pawns on the top value (:ref:`queen-scoring`).
    """
    most = config.rounds * _PAWNS * max(config.plank_values)
    if most > MAX_SAFE_INTEGER:
        raise ConfigError(f"plank_values, rounds: a total could reach {shown(most)}, beyond "
                          "2**53 - 1 (rounds x 4 pawns x the largest plank value)")


def _rounds(value: int | None) -> int:
    if value is None:
        return _AS_MANY_AS_PLAYERS
    if type(value) is not int or not 1 <= value <= MAX_SAFE_INTEGER:
        raise ConfigError(f"rounds: a whole number from 1 to 2**53 - 1, not {shown(value)}")
    return value


@attrs.frozen
class Config:
    """Frozen rule options; the defaults are the standard rules (see :doc:`/rulings`).

    - ``players``: 2 to 6. With 2, the ghost Pirate King plays as a third hand
      (:ref:`ruling-q7`).
    - ``rounds``: how many rounds; ``None`` (the default) means as many as players
      (:ref:`ruling-q8`) and is stored as that number, so ``Config(players=3).rounds == 3``
      (and ``attrs.evolve`` of a config keeps it: pass ``rounds=None`` again).
    - ``plank_values``: the five spaces of the front side, bottom to top (:ref:`ruling-q1`);
      the back side has them in reverse.
    - ``set_aside_center_pair``: when the two cards left over at the deal share a
      colour, set them aside at once instead of letting them count in trick 1 (the
      alternative to :ref:`ruling-q3`; off by default).
    - ``set_aside_center_specials``: a Monkey or First Mate left over at the deal is set
      aside at once instead of taking trick 1's colour (the alternative to :ref:`ruling-q4`;
      off by default).
    """

    players: int = 4
    rounds: int = attrs.field(default=None, converter=_rounds)
    plank_values: tuple[int, ...] = attrs.field(
        default=DEFAULT_PLANK_VALUES, converter=check_plank_values
    )
    set_aside_center_pair: bool = False
    set_aside_center_specials: bool = False
    _deck: tuple[Card, ...] = attrs.field(init=False, repr=False, eq=False, alias="_deck")
    _hand_size: int = attrs.field(init=False, repr=False, eq=False, alias="_hand_size")
    cards_per_trick: int = attrs.field(init=False, repr=False, eq=False)
    """Cards in each trick: one per player, and the ghost's with two players."""

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int:
            raise ConfigError(f"players: expected a whole number, got {self.players!r}")
        if not 2 <= self.players <= _MOST_PLAYERS:
            raise ConfigError(f"players: Skull Queen is for 2 to {_MOST_PLAYERS} players, "
                              f"not {self.players}")
        if self.rounds == _AS_MANY_AS_PLAYERS:
            object.__setattr__(self, "rounds", self.players)
        for name in ("set_aside_center_pair", "set_aside_center_specials"):
            if type(getattr(self, name)) is not bool:
                raise ConfigError(f"{name}: expected True or False, got {getattr(self, name)!r}")
        _check_totals(self)
        cards = deck(self.players)
        object.__setattr__(self, "_deck", cards)
        hands = self.players + 1 if self.has_ghost else self.players
        object.__setattr__(self, "_hand_size", len(cards) // hands)
        object.__setattr__(self, "cards_per_trick", hands)

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card in play, in canonical order: 42 with 2–3 players, else 50."""
        return self._deck

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (and the ghost): 14, 14, 12, 10, 8 for 2..6 players."""
        return self._hand_size

    @property
    def center_size(self) -> int:
        """Cards left over at the deal, face up in the centre: 2 with 4 or 6 players."""
        hands = self.players + 1 if self.has_ghost else self.players
        return len(self._deck) - hands * self._hand_size

    @property
    def round_count(self) -> int:
        """How many rounds the game has: :attr:`rounds`, under the name both games use.

        Skull King's :class:`~skullgames.king.Config` has the same name for the same thing
        (its ``rounds`` is the plan of hand sizes).

        >>> Config(players=3).round_count, Config(players=5, rounds=2).round_count
        (3, 2)
        """
        return self.rounds

    @property
    def has_ghost(self) -> bool:
        """True with two players: the ghost Pirate King leads every trick.

        See :ref:`queen-two-players`.
        """
        return self.players == 2
