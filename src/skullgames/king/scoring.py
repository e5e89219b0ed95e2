"""Scoring a Skull King round from plain values (a score pad needs only this module).

>>> from skullgames.king import score_round
>>> score_round([2, 0, 1], [2, 1, 0], cards_dealt=5)
(40, -50, -10)

Bonuses count only for an exact bid (:ref:`king-bonuses`):

>>> score_round([1, 2], [1, 1], cards_dealt=2, bonuses=[30, 40])
(50, -10)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from skullgames._checks import Whole, as_tuple, wrong_type
from skullgames._outcome import winners_of
from skullgames._record_class import constructor, record
from skullgames._records import Record
from skullgames.errors import IllegalMoveError
from skullgames.king.config import Config, Edition, Scoring

__all__ = ["SeatScore", "round_breakdown", "score_round", "winners_of"]

LOOT_ALLIANCE_POINTS: Final = 20
"""What each partner of a Loot alliance scores when both bids are exact (K11: never halved)."""


@record
class SeatScore(Record):
    """One seat's score for a round, itemised so that a UI can explain it.

    ``total`` = ``base`` + ``bonus`` + ``loot`` + ``wager``. ``base`` is the points for
    the bid itself (negative when it missed), ``bonus`` the captured bonuses that counted,
    ``loot`` the Loot alliance points, ``wager`` Rascal of Roatan's wager won or lost.

    >>> from skullgames.king import round_breakdown
    >>> score = round_breakdown([2], [2], cards_dealt=4, bonuses=[30])[0]
    >>> score.base, score.bonus, score.total, score.exact
    (40, 30, 70, True)
    """

    bid: int
    tricks: int
    base: int
    bonus: int = 0
    loot: int = 0
    wager: int = 0
    cannonball: bool = False

    @property
    def exact(self) -> bool:
        """True when the seat took exactly the tricks it bid."""
        return self.bid == self.tricks

    @property
    def total(self) -> int:
        """The seat's points for the round."""
        return self.base + self.bonus + self.loot + self.wager


def round_breakdown(
    bids: Sequence[int],
    tricks: Sequence[int],
    *,
    cards_dealt: Whole,
    bonuses: Sequence[int] | None = None,
    config: Config | None = None,
    round_number: int | None = None,
    loot_alliances: Sequence[tuple[int, int]] = (),
    wagers: Sequence[int] | None = None,
    cannonballs: Sequence[bool] | None = None,
) -> tuple[SeatScore, ...]:
    """Score a round seat by seat, with every item of the score.

    Arguments are as for :func:`score_round`.

    >>> from skullgames.king import round_breakdown
    >>> round_breakdown([2, 0], [1, 0], cards_dealt=3)
    (SeatScore(bid=2, tricks=1, base=-10, bonus=0, loot=0, wager=0, cannonball=False),
     SeatScore(bid=0, tricks=0, base=30, bonus=0, loot=0, wager=0, cannonball=False))
    """
    config = Config() if config is None else config
    if not isinstance(config, Config):
        raise wrong_type("config", "a skullgames.king.Config", config)
    if type(cards_dealt) is not int:
        raise wrong_type("cards_dealt", "a whole number (an int)", cards_dealt)
    bids = as_tuple(bids, "bids", "one bid per seat")
    tricks = as_tuple(tricks, "tricks", "one trick count per seat")
    seats = len(bids)
    bonuses = (0,) * seats if bonuses is None else as_tuple(bonuses, "bonuses", "one per seat")
    wagers = (0,) * seats if wagers is None else as_tuple(wagers, "wagers", "one per seat")
    cannonballs = ((False,) * seats if cannonballs is None
                   else as_tuple(cannonballs, "cannonballs", "one per seat"))
    loot_alliances = as_tuple(loot_alliances, "loot_alliances", "(loot player, winner) pairs")
    _check(bids, tricks, cards_dealt, bonuses, wagers, cannonballs, loot_alliances)
    # Its type checked before any test of None: there mypy narrows int | None to int, and
    # the compiled build reads True as the int 1 from then on.
    if type(round_number) not in (int, type(None)):
        raise wrong_type("round_number", "a whole number (an int)", round_number)
    if round_number is None:
        number = cards_dealt
    elif round_number < 1:
        raise IllegalMoveError(f"round_number must be 1 or more, not {round_number}")
    else:
        number = round_number
    return breakdown(bids, tricks, cards_dealt, bonuses, config, number,
                     loot_alliances, wagers, cannonballs)


# Bound once, Final: the compiled build reads a Final name from a C static, and an enum
# member of a class it does not compile through the module's dict and the class.
_RASCAL: Final = Scoring.RASCAL
_CLASSIC: Final = Edition.CLASSIC


def breakdown(bids: Sequence[int], tricks: Sequence[int], cards_dealt: int,
              bonuses: Sequence[int], config: Config, round_number: int,
              loot_alliances: Sequence[tuple[int, int]], wagers: Sequence[int],
              cannonballs: Sequence[bool]) -> tuple[SeatScore, ...]:
    """:func:`round_breakdown` without checking its input (the engine's own values)."""
    seats = len(bids)
    loot = [0] * seats
    for partner, winner in loot_alliances:
        if bids[partner] == tricks[partner] and bids[winner] == tricks[winner]:
            loot[partner] += LOOT_ALLIANCE_POINTS
            loot[winner] += LOOT_ALLIANCE_POINTS
    rascal = config.scoring is _RASCAL
    classic = config.edition is _CLASSIC  # zero bids: the round number (K9)
    scores = []
    for seat in range(seats):
        bid, took, bonus = bids[seat], tricks[seat], bonuses[seat]
        off = abs(took - bid)
        if rascal:
            base, bonus = _rascal(off, cards_dealt, bonus, cannonballs[seat])
        elif bid == 0:
            base = (10 if took == 0 else -10) * (round_number if classic else cards_dealt)
            bonus = bonus if took == 0 else 0
        elif off == 0:
            base = 20 * took + (10 * round_number if config.round_bonus else 0)
        else:
            base, bonus = -10 * off, 0
        wager = wagers[seat] if off == 0 else -wagers[seat]
        scores.append(new_seat_score(bid=bid, tricks=took, base=base, bonus=bonus, loot=loot[seat],
                                     wager=wager, cannonball=cannonballs[seat]))
    return tuple(scores)


def _rascal(off: int, cards_dealt: int, bonus: int, cannonball: bool) -> tuple[int, int]:
    """Rascal's scoring (:ref:`king-rascal`): the potential, all, half or nothing."""
    if cannonball:
        return (15 * cards_dealt, bonus) if off == 0 else (0, 0)
    potential = 10 * cards_dealt
    if off == 0:
        return potential, bonus
    if off == 1:
        return potential // 2, bonus // 2
    return 0, 0


def score_round(
    bids: Sequence[int],
    tricks: Sequence[int],
    *,
    cards_dealt: Whole,
    bonuses: Sequence[int] | None = None,
    config: Config | None = None,
    round_number: int | None = None,
    loot_alliances: Sequence[tuple[int, int]] = (),
    wagers: Sequence[int] | None = None,
    cannonballs: Sequence[bool] | None = None,
) -> tuple[int, ...]:
    """The points of one round per seat, from plain values.

    ``bids``, ``tricks`` and ``bonuses`` (the bonus points each seat captured) are per
    seat. ``cards_dealt`` is the hand size this round; modern zero bids and Rascal's
    potential use it (:ref:`ruling-k9`). ``round_number`` (from 1) scores classic zero bids
    and ``config.round_bonus``; it defaults to ``cards_dealt``, which it equals under the
    standard plan. ``loot_alliances`` are ``(loot player, winner)``
    pairs, scoring 20 each when both bids are exact. ``wagers`` are Rascal of Roatan's
    wagers per seat (0, 10 or 20 each time, summed) and ``cannonballs`` says who chose
    the Cannonball under Rascal's scoring.

    >>> from skullgames.king import score_round
    >>> score_round([1, 0, 2], [1, 0, 1], cards_dealt=2, bonuses=[40, 0, 0])
    (60, 20, -10)
    """
    return tuple(
        s.total
        for s in round_breakdown(
            bids, tricks, cards_dealt=cards_dealt, bonuses=bonuses, config=config,
            round_number=round_number, loot_alliances=loot_alliances, wagers=wagers,
            cannonballs=cannonballs,
        )
    )


def _check(bids: Sequence[Any], tricks: Sequence[Any], cards_dealt: Any,
           bonuses: Sequence[Any], wagers: Sequence[Any], cannonballs: Sequence[Any],
           loot_alliances: Sequence[Any]) -> None:
    # Any, not int: the compiled build would check (and unbox) an int before these checks.
    def whole(value: object, what: str) -> bool:
        """True for a whole number of at least 0; ``TypeError`` for a non-``int``."""
        if type(value) is not int:
            raise TypeError(f"{what} must be a whole number (an int)")
        return value >= 0

    if cards_dealt < 1:
        raise IllegalMoveError(f"cards_dealt must be a positive whole number, not {cards_dealt!r}")
    seats = len(bids)
    for name, values in (("tricks", tricks), ("bonuses", bonuses), ("wagers", wagers),
                         ("cannonballs", cannonballs)):
        if len(values) != seats:
            raise IllegalMoveError(f"{name} has {len(values)} entries for {seats} bids")
    for seat in range(seats):
        bid, took, bonus, wager = bids[seat], tricks[seat], bonuses[seat], wagers[seat]
        if not whole(bid, f"bid {bid!r} of seat {seat}") or bid > cards_dealt:
            raise IllegalMoveError(f"bid {bid!r} of seat {seat} is not 0..{cards_dealt}")
        if not whole(took, f"tricks {took!r} of seat {seat}") or took > cards_dealt:
            raise IllegalMoveError(f"tricks {took!r} of seat {seat} is not 0..{cards_dealt}")
        if not whole(bonus, f"bonus {bonus!r} of seat {seat}"):
            raise IllegalMoveError(f"bonus {bonus!r} of seat {seat} is negative")
        if not whole(wager, f"wager {wager!r} of seat {seat}") or wager % 10:
            raise IllegalMoveError(
                f"wager {wager!r} of seat {seat} is not a sum of wagers of 0, 10 or 20"
            )
        if type(cannonballs[seat]) is not bool:
            raise TypeError(f"cannonball {cannonballs[seat]!r} of seat {seat} must be True "
                            "or False")
    if sum(tricks) > cards_dealt:
        raise IllegalMoveError(f"{sum(tricks)} tricks taken in a round of {cards_dealt} cards")
    for pair in loot_alliances:
        if not (isinstance(pair, tuple) and len(pair) == 2
                and all(type(s) is int and 0 <= s < seats for s in pair) and pair[0] != pair[1]):
            raise IllegalMoveError(
                f"a loot alliance is a pair of two different seats, not {pair!r}"
            )


# The constructor scoring calls for every seat every round (see king.state's).
new_seat_score: Final = constructor(SeatScore)
