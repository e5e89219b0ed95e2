"""The rule options of a Skull King game.

>>> from skullgames.king import Config, Edition
>>> Config(players=5).hand_sizes
(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
>>> Config(players=8).hand_sizes
(1, 2, 3, 4, 5, 6, 7, 8, 8, 8)
>>> Config(rounds="whirlpool").hand_sizes
(9, 7, 5, 3, 1, 9, 7, 5, 3, 1)
>>> Config(players=8, edition=Edition.CLASSIC)
Traceback (most recent call last):
...
skullgames.errors.ConfigError: players: the classic edition is for 2 to 6 players, not 8
"""

from __future__ import annotations

import enum
import functools
import types
from collections.abc import Mapping
from typing import Any

import attrs

from skullgames._checks import MAX_SAFE_INTEGER, shown
from skullgames.errors import ConfigError
from skullgames.king.cards import CLASSIC_SUITS, MODERN_SUITS, Card, Suit, build_deck

__all__ = ["ROUND_PRESETS", "Config", "Edition", "KrakenLeader", "Scoring", "WhaleLeader"]


class Edition(enum.Enum):
    """Which printing of the game (:ref:`ruling-k1`).

    >>> from skullgames.king import Config, Edition
    >>> len(Config(edition=Edition.CLASSIC).deck)
    66
    """

    MODERN = "modern"
    """Grandpa Beck's 2021: 70 cards, suits 1–14, Tigress, 2–8 players."""
    CLASSIC = "classic"
    """Schmidt Spiele 2013: 66 cards, suits 1–13, Scary Mary, 2–6 players."""


class Scoring(enum.Enum):
    """How a round is scored (:ref:`king-scoring`).

    >>> from skullgames.king import Config, Scoring, score_round
    >>> score_round([2], [3], cards_dealt=4, config=Config(scoring=Scoring.RASCAL))
    (20,)
    """

    STANDARD = "standard"
    """Skull King's scoring: 20 per trick on an exact bid, −10 per trick off."""
    RASCAL = "rascal"
    """Rascal's scoring: 10 per card dealt, halved when one off (modern edition only)."""


class KrakenLeader(enum.Enum):
    """Who leads after the Kraken destroys a trick (D3, :ref:`ruling-k6`).

    With two players a human always leads after it, never Graybeard (:ref:`ruling-k16`).
    """

    WOULD_HAVE_WON = "would_have_won"
    """The player who would have won without the Kraken (FAQ, French rulebook, BGA)."""
    LEFT_OF_KRAKEN = "left_of_kraken"
    """The player left of whoever played the Kraken (first English print)."""


class WhaleLeader(enum.Enum):
    """Who leads after a White Whale trick of only special cards (D4, :ref:`ruling-k7`).

    With two players a human always leads after it, never Graybeard (:ref:`ruling-k16`).
    """

    WHALE_PLAYER = "whale_player"
    """The player of the White Whale (2021 rulebooks, BGA; :ref:`ruling-k7`)."""
    WOULD_HAVE_WON = "would_have_won"
    """The player who would have won without the White Whale (the 2024 reading)."""


ROUND_PRESETS: Mapping[str, tuple[int, ...]] = types.MappingProxyType({
    "standard": tuple(range(1, 11)),
    "even_keeled": (2, 4, 6, 8, 10) * 2,
    "even_keeled_paired": (2, 2, 4, 4, 6, 6, 8, 8, 10, 10),
    "skip_to_the_brawl": (6, 7, 8, 9, 10),
    "swift_n_salty_skirmish": (5,) * 5,
    "broadside_barrage": (10,) * 10,
    "whirlpool": (9, 7, 5, 3, 1) * 2,
    "whirlpool_paired": (9, 9, 7, 7, 5, 5, 3, 3, 1, 1),
    "past_your_bedtime": (1,),
})
"""The round plans of the rulebook by name, as hand sizes per round (:ref:`ruling-k9`).

Read-only: a ``types.MappingProxyType``.
"""


def _round_plan(value: Any) -> tuple[int, ...]:
    if isinstance(value, str):
        try:
            return ROUND_PRESETS[value]
        except KeyError:
            names = ", ".join(ROUND_PRESETS)
            raise ConfigError(f"rounds: unknown preset {value!r} (one of {names})") from None
    try:
        plan = tuple(value)
    except TypeError:
        raise ConfigError("rounds: a tuple of hand sizes or a preset's name") from None
    if not plan or not all(type(n) is int and 1 <= n <= MAX_SAFE_INTEGER for n in plan):
        raise ConfigError("rounds: hand sizes must be whole numbers of at least 1 and at "
                          f"most 2**53 - 1 (the hand cap deals fewer), got {shown(value)}")
    return plan


@attrs.frozen
class Config:
    """Frozen rule options; the defaults are the standard rules (see :doc:`/rulings`).

    - ``players``: 2 to 8 (modern), 2 to 6 (classic). Two modern players play with
      Graybeard's ghost (:ref:`ruling-k10`).
    - ``edition``: :class:`Edition`. ``loot``, ``kraken``, ``white_whale``: the advanced
      cards (modern). ``scoring``: :class:`Scoring`; ``cannonball`` adds the Grapeshot /
      Cannonball choice to Rascal's scoring (K11). ``pirate_abilities``: the named
      pirates' powers (K12). ``round_bonus``: 10 × round number on a correct non-zero
      bid (:ref:`ruling-k3`).
    - ``rounds``: a tuple of hand sizes or the name of a preset in
      :data:`ROUND_PRESETS`, stored as the tuple. The hand size actually dealt is capped
      (K8), see :attr:`hand_sizes`; ``hand_cap`` sets another cap.
    - Judgement calls, played the other way: ``kraken_leader`` (D3),
      ``whale_leader`` (D4), ``character_ends_choice`` (S1: ``False`` lets the next number
      card set the suit after an escape lead and a character), ``whale_cancels_loot``
      (K15: ``True`` means a Loot in a White Whale trick forms no alliance).

    >>> from skullgames.king import Config, Scoring
    >>> config = Config(players=3, kraken=True, scoring=Scoring.RASCAL, rounds=(5, 5, 5))
    >>> config.players, config.kraken, config.hand_sizes, len(config.deck)
    (3, True, (5, 5, 5), 71)
    """

    players: int = 4
    edition: Edition = Edition.MODERN
    loot: bool = False
    kraken: bool = False
    white_whale: bool = False
    scoring: Scoring = Scoring.STANDARD
    cannonball: bool = False
    pirate_abilities: bool = False
    rounds: tuple[int, ...] = attrs.field(default="standard", converter=_round_plan)
    round_bonus: bool = False
    kraken_leader: KrakenLeader = KrakenLeader.WOULD_HAVE_WON
    whale_leader: WhaleLeader = WhaleLeader.WHALE_PLAYER
    character_ends_choice: bool = True
    hand_cap: int | None = None
    whale_cancels_loot: bool = False
    _deck: tuple[Card, ...] = attrs.field(init=False, repr=False, eq=False, alias="_deck")
    _hand_sizes: tuple[int, ...] = attrs.field(
        init=False, repr=False, eq=False, alias="_hand_sizes"
    )

    def __attrs_post_init__(self) -> None:
        _validate(self)
        deck = _deck(self)
        object.__setattr__(self, "_deck", deck)
        cap = _hand_cap(self, len(deck))
        object.__setattr__(self, "_hand_sizes", tuple(min(n, cap) for n in self.rounds))

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card in play under these options, in canonical order."""
        return self._deck

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards dealt to each player in each round: the round plan under the hand cap.

        The cap is 8 cards with 8 players (:ref:`ruling-k8`) and otherwise as many as the
        deck can give every hand (10 with 7 players).
        """
        return self._hand_sizes

    @property
    def round_count(self) -> int:
        """How many rounds the game has: one per hand size of :attr:`rounds`.

        Skull Queen's :class:`~skullgames.queen.Config` has the same name for the same
        thing.

        >>> Config(rounds="whirlpool").round_count, Config().round_count
        (10, 10)
        """
        return len(self._hand_sizes)

    @property
    def has_ghost(self) -> bool:
        """True when Graybeard's ghost plays as a third hand (two players, modern)."""
        return self.players == 2 and self.edition is Edition.MODERN


def _hand_cap(config: Config, deck_size: int) -> int:
    hands = config.players + 1 if config.has_ghost else config.players
    most = deck_size // hands
    if config.hand_cap is not None:
        if type(config.hand_cap) is not int or not 1 <= config.hand_cap <= most:
            raise ConfigError(f"hand_cap: 1 to {most} cards with {config.players} players "
                              f"and this deck, not {config.hand_cap!r}")
        return config.hand_cap
    return 8 if config.players == 8 else most


def _deck(config: Config) -> tuple[Card, ...]:
    if config.edition is Edition.CLASSIC:
        return _deck_of(CLASSIC_SUITS, 13, False, False, False)
    return _deck_of(MODERN_SUITS, 14, config.loot, config.kraken, config.white_whale)


@functools.cache
def _deck_of(suits: tuple[Suit, ...], top_rank: int, loot: bool, kraken: bool,
             white_whale: bool) -> tuple[Card, ...]:
    return build_deck(suits, top_rank, loot=loot, kraken=kraken, white_whale=white_whale)


def _validate(config: Config) -> None:
    for name in ("loot", "kraken", "white_whale", "cannonball", "pirate_abilities",
                 "round_bonus", "character_ends_choice", "whale_cancels_loot"):
        if type(getattr(config, name)) is not bool:
            raise ConfigError(f"{name}: expected True or False, got {getattr(config, name)!r}")
    if not isinstance(config.edition, Edition):
        raise ConfigError(f"edition: expected an Edition, got {config.edition!r}")
    if not isinstance(config.scoring, Scoring):
        raise ConfigError(f"scoring: expected a Scoring, got {config.scoring!r}")
    if not isinstance(config.kraken_leader, KrakenLeader):
        raise ConfigError(f"kraken_leader: expected a KrakenLeader, got {config.kraken_leader!r}")
    if not isinstance(config.whale_leader, WhaleLeader):
        raise ConfigError(f"whale_leader: expected a WhaleLeader, got {config.whale_leader!r}")
    if type(config.players) is not int:
        raise ConfigError(f"players: expected a whole number, got {config.players!r}")
    classic = config.edition is Edition.CLASSIC
    low, high = 2, 6 if classic else 8
    if not low <= config.players <= high:
        edition = "classic" if classic else "modern"
        raise ConfigError(
            f"players: the {edition} edition is for {low} to {high} players, not {config.players}"
        )
    if classic:
        for name in ("loot", "kraken", "white_whale", "cannonball", "pirate_abilities"):
            if getattr(config, name):
                raise ConfigError(f"{name}: only the modern edition has this option")
        if config.scoring is not Scoring.STANDARD:
            raise ConfigError("scoring: Rascal's scoring is only in the modern edition")
    if config.cannonball and config.scoring is not Scoring.RASCAL:
        raise ConfigError("cannonball: the Cannonball is played with Rascal's scoring only")


MAX_HAND = max(
    Config(players=2, edition=Edition.CLASSIC, rounds=(99,)).hand_sizes[0],
    Config(players=2, loot=True, kraken=True, white_whale=True, rounds=(99,)).hand_sizes[0],
)
"""The largest hand any config deals (two classic players, heads-up: 33 cards).

>>> from skullgames.king.config import MAX_HAND
>>> MAX_HAND
33
"""
