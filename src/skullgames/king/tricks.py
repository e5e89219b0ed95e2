"""Who wins a Skull King trick, who leads next, and which bonuses the winner captures.

>>> from skullgames.king import Play, card, resolve_trick
>>> result = resolve_trick([(0, Play(card("Y12"))), (1, Play(card("Y5"))), (2, Play(card("B2")))])
>>> result.winner, result.winning_card
(2, card('B2'))

A mermaid takes the Skull King even when a pirate is in the trick (:ref:`king-winner`):

>>> result = resolve_trick([(0, Play(card("Y14"))), (1, Play(card("ROSIE"))),
...                         (2, Play(card("SK"))), (3, Play(card("MER")))])
>>> result.winner, result.bonus, [str(b) for b in result.bonus_items]
(3, 50, ['+10 for Y14', '+40 for SK taken by a mermaid'])
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final

from skullgames._checks import as_tuple, wrong_type
from skullgames._record_class import constructor, record
from skullgames._records import Record
from skullgames.errors import IllegalMoveError
from skullgames.king.cards import (
    ROLE_ESCAPE,
    ROLE_KRAKEN,
    ROLE_MERMAID,
    ROLE_NUMBER,
    ROLE_PIRATE,
    ROLE_SKULL_KING,
    ROLE_WHALE,
    Card,
    Kind,
    Suit,
)
from skullgames.king.config import Config, Edition, KrakenLeader, WhaleLeader
from skullgames.king.moves import Play
from skullgames.king.rules import SuitState, suit_of_trick

__all__ = [
    "Bonus",
    "BonusKind",
    "Outcome",
    "Reason",
    "Seat",
    "SuitState",
    "TrickResult",
    "decide",
    "resolve",
    "resolve_trick",
    "trick_winner",
]

Seat = int | None
"""A seat number, or ``None`` for Graybeard's ghost in a two-player game."""


class Outcome(enum.Enum):
    """What became of a trick.

    >>> from skullgames.king import Config, Play, card, resolve_trick
    >>> plays = [(0, Play(card("Y3"))), (1, Play(card("KRAKEN")))]
    >>> resolve_trick(plays, Config(players=2, kraken=True)).outcome
    <Outcome.DESTROYED: 'destroyed'>
    """

    WON = "won"
    """Captured by :attr:`TrickResult.winner` (``None`` when Graybeard took it)."""
    DESTROYED = "destroyed"
    """The Kraken destroyed it: nobody takes it, no bonuses (:ref:`ruling-k6`)."""
    DISCARDED = "discarded"
    """The White Whale with only special cards: nobody takes it (:ref:`ruling-k7`)."""


class Reason(enum.Enum):
    """Which card or creature decided a trick, as :attr:`TrickResult.reason` says.

    The rules of :ref:`king-winner` (both editions), :ref:`ruling-k6` and
    :ref:`ruling-k7`, each named once; :func:`decide` and :func:`resolve` tell which one
    applied.

    >>> from skullgames.king import Play, card, resolve_trick
    >>> resolve_trick([(0, Play(card("Y12"))), (1, Play(card("B2")))]).reason
    <Reason.TRUMP: 'trump'>
    """

    LEAD_SUIT = "lead_suit"
    """The highest card of the suit led (the suit of the first number card) wins."""
    TRUMP = "trump"
    """The highest black card wins, black trumping the suit led."""
    FIRST_CARD = "first_card"
    """Only escapes (Loot, the Tigress as an escape): the first card played wins."""
    MERMAID = "mermaid"
    """The first mermaid wins: no pirate and no Skull King in the trick."""
    PIRATE = "pirate"
    """The first pirate (the Tigress as a pirate among them) wins: no Skull King."""
    SKULL_KING = "skull_king"
    """The Skull King wins: no mermaid in the trick."""
    MERMAID_TAKES_SKULL_KING = "mermaid_takes_skull_king"
    """The first mermaid captures the Skull King, whatever else is in the trick."""
    KRAKEN = "kraken"
    """The Kraken acts: the trick is destroyed (:ref:`ruling-k6`)."""
    WHITE_WHALE = "white_whale"
    """The White Whale acts: the highest number wins whatever its suit, or, with only
    special cards, the trick is discarded (:ref:`ruling-k7`)."""


class BonusKind(enum.Enum):
    """The bonus points a trick can carry (:ref:`king-bonuses`).

    >>> from skullgames.king import Play, card, resolve_trick
    >>> result = resolve_trick([(0, Play(card("SK"))), (1, Play(card("ROSIE")))])
    >>> [item.kind for item in result.bonus_items]
    [<BonusKind.PIRATE_BY_SKULL_KING: 'pirate_by_skull_king'>]
    """

    FOURTEEN = "fourteen"
    BLACK_FOURTEEN = "black_fourteen"
    MERMAID_BY_PIRATE = "mermaid_by_pirate"
    PIRATE_BY_SKULL_KING = "pirate_by_skull_king"
    SKULL_KING_BY_MERMAID = "skull_king_by_mermaid"


_BONUS_TEXT: Final = {
    BonusKind.FOURTEEN: "for {}",
    BonusKind.BLACK_FOURTEEN: "for {}",
    BonusKind.MERMAID_BY_PIRATE: "for {} taken by a pirate",
    BonusKind.PIRATE_BY_SKULL_KING: "for {} taken by the Skull King",
    BonusKind.SKULL_KING_BY_MERMAID: "for {} taken by a mermaid",
}


@record
class Bonus(Record):
    """One bonus item in a trick: which card earned how many points, and why.

    >>> from skullgames.king import Play, card, resolve_trick
    >>> item = resolve_trick([(0, Play(card("B14"))), (1, Play(card("B2")))]).bonus_items[0]
    >>> item.card, item.points, str(item)
    (card('B14'), 20, '+20 for B14')
    """

    kind: BonusKind
    card: Card
    points: int

    def __str__(self) -> str:
        return f"+{self.points} " + _BONUS_TEXT[self.kind].format(self.card)


_Plays = tuple[tuple[Seat, Play], ...]


@record
class TrickResult(Record):
    """The outcome of one complete trick, with what a UI needs to explain it.

    ``winner`` is the seat that captured the trick; it is ``None`` when nobody did
    (:attr:`outcome` is ``DESTROYED`` or ``DISCARDED``) or when Graybeard's ghost did.
    ``reason`` is the :class:`Reason`: which card or creature decided the trick (always
    set by the engine; ``None`` only in a result built by hand without one).
    ``bonus`` is the sum of :attr:`bonus_items`: the points the winner captured, which
    count only if the winner's bid is exact. ``loot_alliances`` are ``(loot player,
    winner)`` pairs formed by Loot cards in the trick.

    >>> from skullgames.king import Config, Play, card, resolve_trick
    >>> plays = [(0, Play(card("G3"))), (1, Play(card("LOOT"))), (2, Play(card("G9")))]
    >>> result = resolve_trick(plays, Config(players=3, loot=True))
    >>> result.winner, result.winning_card, result.lead_suit, result.loot_alliances
    (2, card('G9'), <Suit.GREEN: 'G'>, ((1, 2),))
    >>> result.reason
    <Reason.LEAD_SUIT: 'lead_suit'>
    """

    plays: _Plays
    outcome: Outcome
    winner: Seat
    winning_card: Card | None
    next_leader: Seat
    bonus: int
    bonus_items: tuple[Bonus, ...] = ()
    lead_suit: Suit | None = None
    loot_alliances: tuple[tuple[int, int], ...] = ()
    reason: Reason | None = None


_ESCAPE: Final = ROLE_ESCAPE
_NUMBER: Final = ROLE_NUMBER
_PIRATE: Final = ROLE_PIRATE
_SKULL_KING: Final = ROLE_SKULL_KING
_MERMAID: Final = ROLE_MERMAID
_KRAKEN: Final = ROLE_KRAKEN
_WHALE: Final = ROLE_WHALE
# Enum members read in every trick, bound once: in CPython 3.11 reading a member from its
# class (Suit.BLACK) costs about ten times a global. With the ones of rules.py, game.py,
# observation.py and scoring.py: 5.6 % of a pure 4-player random game (11.54 M with,
# 12.19 M without; `python benchmarks/instructions.py king HEAD
# HEAD+benchmarks/tricks/enum-members-bound.patch`). Final, because the compiled build
# reads a Final name from a C static and any other global from the module's dict: in a
# loop of reads, the dict was 20 times slower (and as slow as the enum member it replaces
# is fast there, since mypyc keeps enum members in statics too).
_BLACK: Final = Suit.BLACK
_TIGRESS: Final = Kind.TIGRESS
_LOOT: Final = Kind.LOOT
_CLASSIC: Final = Edition.CLASSIC
_WON: Final = Outcome.WON
_DESTROYED: Final = Outcome.DESTROYED
_DISCARDED: Final = Outcome.DISCARDED
_FOURTEEN: Final = BonusKind.FOURTEEN
_BLACK_FOURTEEN: Final = BonusKind.BLACK_FOURTEEN
_LEAD_SUIT: Final = Reason.LEAD_SUIT
_TRUMP: Final = Reason.TRUMP
_FIRST_CARD: Final = Reason.FIRST_CARD
_KRAKEN_ACTS: Final = Reason.KRAKEN
_WHALE_ACTS: Final = Reason.WHITE_WHALE
_PIRATE_WINS: Final = Reason.PIRATE
_SKULL_KING_WINS: Final = Reason.SKULL_KING
_MERMAID_WINS: Final = Reason.MERMAID
_MERMAID_TAKES_SKULL_KING: Final = Reason.MERMAID_TAKES_SKULL_KING


def _roles(plays: _Plays) -> list[int]:
    """The role each play has in the trick: its card's, the Tigress's as declared."""
    return [_PIRATE if play.as_pirate else play.card.role for _, play in plays]


def _present(roles: list[int]) -> int:
    """The roles in a trick as bits: bit ``r`` is set when a play has role ``r``.

    Read as bits, not by ``in`` on the list: compiled, each ``in`` compared boxed ints one
    by one, and those scans were about 13 % of a compiled expert's instructions.
    """
    present = 0
    for role in roles:
        present |= 1 << role
    return present


_HAS_PIRATE: Final = 1 << _PIRATE
_HAS_SKULL_KING: Final = 1 << _SKULL_KING
_HAS_MERMAID: Final = 1 << _MERMAID
_HAS_CREATURE: Final = 1 << _KRAKEN | 1 << _WHALE


def _acting_creature(roles: list[int], present: int) -> int | None:
    """Index of the Kraken or White Whale that acts; ``None`` when neither is played.

    With both in the trick, the second one played acts and the first is an escape
    (:ref:`ruling-k7`, :ref:`king-kraken`). The one place this rule is written.
    ``present`` is :func:`_present` of ``roles``.
    """
    if present & _HAS_CREATURE:
        last = len(roles) - 1
        while roles[last] != _KRAKEN and roles[last] != _WHALE:
            last -= 1
        return last
    return None


def _base_winner(plays: _Plays, roles: list[int], present: int
                 ) -> tuple[int | None, Reason]:
    """Index of the winning play among cards without creature powers, and why.

    The rules of :ref:`king-winner`, each branch its :class:`Reason`;
    ``None`` for no plays. ``present`` is :func:`_present` of ``roles``.
    """
    if not plays:
        return None, _FIRST_CARD
    if present & _HAS_SKULL_KING:
        if present & _HAS_MERMAID:
            return roles.index(_MERMAID), _MERMAID_TAKES_SKULL_KING
        return roles.index(_SKULL_KING), _SKULL_KING_WINS
    if present & _HAS_PIRATE:
        return roles.index(_PIRATE), _PIRATE_WINS
    if present & _HAS_MERMAID:
        return roles.index(_MERMAID), _MERMAID_WINS
    best, best_key, lead = None, -1, None
    for i, (_, play) in enumerate(plays):
        if roles[i] != _NUMBER:
            continue
        c = play.card
        if lead is None:
            lead = c.suit
        # Black trumps; otherwise only the lead suit can win. Ranks within a suit are unique
        # and below 16, so the key orders by (trump, lead suit, other) and then by rank.
        key = (32 if c.suit is _BLACK else 16 if c.suit is lead else 0) + c.rank
        if key > best_key:
            best, best_key = i, key
    if best is None:
        return 0, _FIRST_CARD
    return best, (_TRUMP if best_key >= 32 and lead is not _BLACK else _LEAD_SUIT)


def trick_winner(plays: Sequence[tuple[Seat, Play]]) -> int | None:
    """Which of ``plays`` takes the trick, as an index into ``plays``; ``None`` for nobody.

    ``plays`` are ``(seat, Play)`` in play order, complete or not (who would take the
    trick if nobody played after them). Nobody takes a trick the Kraken destroys or a
    White Whale trick of only special cards (:ref:`ruling-k6`, :ref:`ruling-k7`).
    Unchecked, like :func:`resolve`; this is the rule :func:`resolve` applies.

    >>> from skullgames.king import Play, card
    >>> from skullgames.king.tricks import trick_winner
    >>> trick_winner([(0, Play(card("Y12"))), (1, Play(card("ROSIE"))), (2, Play(card("B2")))])
    1
    >>> print(trick_winner([(0, Play(card("Y12"))), (1, Play(card("KRAKEN")))]))
    None
    """
    return decide(plays)[0]


def decide(plays: Sequence[tuple[Seat, Play]]) -> tuple[int | None, Reason]:
    """Which of ``plays`` takes the trick (an index, ``None`` for nobody), and why.

    ``plays`` as for :func:`trick_winner`, which gives the index alone; :func:`resolve`
    applies the same rules and records the :class:`Reason` in its result.

    >>> from skullgames.king import Play, card
    >>> from skullgames.king.tricks import decide
    >>> decide([(0, Play(card("SK"))), (1, Play(card("ROSIE"))), (2, Play(card("MER")))])
    (2, <Reason.MERMAID_TAKES_SKULL_KING: 'mermaid_takes_skull_king'>)
    >>> decide([(0, Play(card("Y12"))), (1, Play(card("WHALE"))), (2, Play(card("KRAKEN")))])
    (None, <Reason.KRAKEN: 'kraken'>)
    """
    trick = tuple(plays)
    roles = _roles(trick)
    present = _present(roles)
    active = _acting_creature(roles, present)
    if active is not None:
        if roles[active] == _KRAKEN:
            return None, _KRAKEN_ACTS
        return _whale_winner(trick, roles), _WHALE_ACTS
    return _base_winner(trick, roles, present)


def resolve(plays: Sequence[tuple[Seat, Play]], config: Config, lead_suit: Suit | None = None
            ) -> TrickResult:
    """Resolve a complete trick: who takes it, who leads next, what it scores.

    The rules of :ref:`king-winner`, :ref:`king-kraken`, :ref:`king-white-whale`,
    :ref:`king-bonuses` and Loot alliances, each applied here and nowhere else. Unlike
    :func:`~skullgames.king.resolve_trick`, it checks nothing (the engine's own trick);
    ``lead_suit`` is only recorded in the result.

    >>> from skullgames.king import Config, Play, card
    >>> from skullgames.king.tricks import resolve
    >>> result = resolve([(0, Play(card("Y12"))), (1, Play(card("SK"))),
    ...                   (2, Play(card("ROSIE")))], Config(players=3))
    >>> result.winner, result.next_leader, result.bonus
    (1, 1, 30)
    """
    trick = tuple(plays)  # the engine's trick as it is: a tuple already
    roles = _roles(trick)
    present = _present(roles)
    active = _acting_creature(roles, present)
    if active is not None:
        creatures = [i for i, r in enumerate(roles) if r in (_KRAKEN, _WHALE)]
        if roles[active] == _KRAKEN:
            return _kraken(trick, roles, creatures, active, lead_suit, config)
        return _white_whale(trick, roles, active, lead_suit, config)
    index, reason = _base_winner(trick, roles, present)
    assert index is not None
    return _won(trick, roles, index, config, lead_suit, reason)


def _kraken(plays: _Plays, roles: list[int], creatures: list[int],
            active: int, lead_suit: Suit | None, config: Config) -> TrickResult:
    if config.kraken_leader is KrakenLeader.LEFT_OF_KRAKEN:
        # First print: the player to the Kraken player's left, who played after them.
        next_leader = _human_lead(plays, (active + 1) % len(plays))
    else:
        next_leader = _human_lead(plays, _would_have_won(plays, roles, creatures))
    return new_trick_result(plays=plays, outcome=_DESTROYED, winner=None,
                            winning_card=plays[active][1].card, next_leader=next_leader,
                            bonus=0, bonus_items=(), lead_suit=lead_suit, loot_alliances=(),
                            reason=_KRAKEN_ACTS)


def _would_have_won(plays: _Plays, roles: list[int], left_out: list[int]) -> int:
    """Which play would have won without the cards at ``left_out`` (:ref:`ruling-k6`).

    An index into ``plays``; with only those cards in the trick, its first play.
    """
    kept = [i for i in range(len(plays)) if i not in left_out]
    kept_roles = [roles[i] for i in kept]
    index = _base_winner(tuple([plays[i] for i in kept]), kept_roles, _present(kept_roles))[0]
    return 0 if index is None else kept[index]


def _human_lead(plays: _Plays, index: int) -> Seat:
    """Who leads after a trick nobody won whose rule names ``plays[index]``'s player.

    Graybeard leads only after a trick he wins (:ref:`ruling-k16`): when the rule
    names him, the first human to play after him in the trick leads instead.
    """
    for k in range(len(plays)):
        seat = plays[(index + k) % len(plays)][0]
        if seat is not None:
            return seat
    return None  # a trick of his card alone (resolve_trick): nobody else to name


def _whale_winner(plays: _Plays, roles: list[int]) -> int | None:
    """Index of the highest number card, the earliest on a tie (K7); ``None`` without one."""
    best, best_rank = None, 0
    for i, (_, play) in enumerate(plays):
        if roles[i] == _NUMBER and play.card.rank > best_rank:
            best, best_rank = i, play.card.rank
    return best


def _white_whale(plays: _Plays, roles: list[int], active: int,
                 lead_suit: Suit | None, config: Config) -> TrickResult:
    best = _whale_winner(plays, roles)
    if best is None:
        if config.whale_leader is WhaleLeader.WOULD_HAVE_WON:
            next_leader = _human_lead(plays, _would_have_won(plays, roles, [active]))
        else:
            next_leader = _human_lead(plays, active)
        return new_trick_result(plays=plays, outcome=_DISCARDED, winner=None,
                                winning_card=None, next_leader=next_leader, bonus=0,
                                bonus_items=(), lead_suit=lead_suit, loot_alliances=(),
                                reason=_WHALE_ACTS)
    return _won(plays, roles, best, config, lead_suit, _WHALE_ACTS,
                loot=config.loot and not config.whale_cancels_loot)  # K15


def _won(plays: _Plays, roles: list[int], index: int, config: Config,
         lead_suit: Suit | None, reason: Reason, *, loot: bool | None = None) -> TrickResult:
    """The trick won by ``plays[index]`` for ``reason``.

    ``loot`` says whether Loot cards form alliances.
    """
    winner, winning = plays[index]
    winning_role = roles[index]
    items: list[Bonus] = []
    if winning_role in (_NUMBER, _ESCAPE):  # the common case: only fourteens score
        for _, play in plays:
            if play.card.rank == 14:
                items.append(_fourteen(play.card))
    else:
        classic = config.edition is _CLASSIC
        prey: int | None
        prey, kind, points = _CAPTURES[winning_role]
        if classic:
            prey, points = _CLASSIC_CAPTURES[winning_role]
        # Classic: Scary Mary counts as a pirate even played as an escape (K5).
        mary = classic and winning_role == _SKULL_KING
        for i, (_, play) in enumerate(plays):
            c = play.card
            if c.rank == 14:
                items.append(_fourteen(c))
            elif roles[i] == prey or (mary and c.kind is _TIGRESS):
                items.append(new_bonus(kind=kind, card=c, points=points))
    alliances = tuple(
        (seat, winner)
        for seat, play in plays
        if play.card.kind is _LOOT and seat is not None and winner is not None
        and seat != winner
    ) if (config.loot if loot is None else loot) else ()
    return new_trick_result(plays=plays, outcome=_WON, winner=winner,
                            winning_card=winning.card, next_leader=winner,
                            bonus=sum([b.points for b in items]) if items else 0,
                            bonus_items=tuple(items), lead_suit=lead_suit,
                            loot_alliances=alliances, reason=reason)


# The bonus of a winning character (bonuses, see the rules page): the part of the cards it captures
# for a bonus, the bonus and its points; the classic edition's part and points apart (no
# mermaid bonus there).
_CAPTURES: Final = {
    _PIRATE: (_MERMAID, BonusKind.MERMAID_BY_PIRATE, 20),
    _SKULL_KING: (_PIRATE, BonusKind.PIRATE_BY_SKULL_KING, 30),
    _MERMAID: (_SKULL_KING, BonusKind.SKULL_KING_BY_MERMAID, 40),
}
_CLASSIC_CAPTURES: Final = {
    _PIRATE: (None, 0), _SKULL_KING: (_PIRATE, 30), _MERMAID: (_SKULL_KING, 50)}


def _fourteen(c: Card) -> Bonus:
    if c.suit is _BLACK:
        return new_bonus(kind=_BLACK_FOURTEEN, card=c, points=20)
    return new_bonus(kind=_FOURTEEN, card=c, points=10)


def resolve_trick(plays: Iterable[tuple[Seat, Play]], config: Config | None = None
                  ) -> TrickResult:
    """Resolve one complete trick from plain values, without a game state.

    ``plays`` is the trick in play order as ``(seat, Play)`` pairs (seat ``None`` for
    Graybeard's ghost). Follow-suit obligations are not checked here, since they depend on
    the hands; the cards must exist in the deck of ``config`` and appear no more often
    than the deck holds them.

    >>> from skullgames.king import Play, card, resolve_trick
    >>> result = resolve_trick([(2, Play(card("ESC"))), (0, Play(card("G7"))),
    ...                         (1, Play(card("G13")))])
    >>> result.winner, result.next_leader, result.lead_suit
    (1, 1, <Suit.GREEN: 'G'>)
    """
    config = Config() if config is None else config
    if not isinstance(config, Config):
        raise wrong_type("config", "a skullgames.king.Config", config)
    plays = as_tuple(plays, "plays", "an iterable of (seat, Play) pairs")
    if not plays:
        raise IllegalMoveError("a trick needs at least one card")
    counts: dict[Card, int] = {}
    for c in config.deck:
        counts[c] = counts.get(c, 0) + 1
    most = config.players + config.has_ghost
    if len(plays) > most:
        raise IllegalMoveError(f"a trick of {config.players} players"
                               f"{' and Graybeard' if config.has_ghost else ''} has at most "
                               f"{most} cards, not {len(plays)}")
    seats: set[Seat] = set()
    for entry in plays:
        if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[1], Play)):
            raise IllegalMoveError(f"each play is a (seat, Play) pair, not {entry!r}")
        seat, play = entry
        if seat is None and not config.has_ghost:
            raise IllegalMoveError("seat None is Graybeard, who plays only with two players")
        if seat is not None and (type(seat) is not int or not 0 <= seat < config.players):
            raise IllegalMoveError(f"seat {seat!r} is not 0..{config.players - 1}")
        if seat in seats:
            raise IllegalMoveError(f"seat {seat} plays twice in one trick")
        seats.add(seat)
        left = counts.get(play.card, 0)
        if left == 0:
            raise IllegalMoveError(f"{play.card} is not in the deck this often under this config")
        counts[play.card] = left - 1
    _, lead_suit = suit_of_trick((p for _, p in plays), config)
    return resolve(plays, config, lead_suit)


# The constructors trick resolution calls every trick (see king.state's).
new_trick_result: Final = constructor(TrickResult)
new_bonus: Final = constructor(Bonus)
