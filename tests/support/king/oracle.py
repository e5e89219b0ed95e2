"""An independent model of who wins a trick, written from the pseudo-code of RESEARCH.md §3.4.

Who leads after a trick nobody won with Graybeard at the table follows DECISIONS K16.

The property tests compare every trick of thousands of random games with it. It is kept
deliberately plain (lists of indexes, string kinds) so that it shares no code and no
shortcuts with the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from skullgames.king import Kind, Play, Suit


def kind_of(play: Play) -> str:
    """The part a card plays: the Tigress as declared, Loot as an escape (§3.4)."""
    kind = play.card.kind
    if kind is Kind.TIGRESS:
        return "pirate" if play.as_pirate else "escape"
    return {
        Kind.NUMBER: "number", Kind.ESCAPE: "escape", Kind.LOOT: "escape",
        Kind.PIRATE: "pirate", Kind.SKULL_KING: "king", Kind.MERMAID: "mermaid",
        Kind.KRAKEN: "kraken", Kind.WHITE_WHALE: "whale",
    }[kind]


@attrs.frozen
class Expected:
    """What the rules say about a trick: indexes into the plays, not seats."""

    winner: int | None
    next_leader: int
    bonus: int
    alliances: tuple[tuple[int, int], ...]


def _base(plays: Sequence[Play], among: list[int]) -> int:
    kinds = {i: kind_of(plays[i]) for i in among}
    mermaids = [i for i in among if kinds[i] == "mermaid"]
    kings = [i for i in among if kinds[i] == "king"]
    pirates = [i for i in among if kinds[i] == "pirate"]
    if mermaids and kings:
        return mermaids[0]
    if kings:
        return kings[0]
    if pirates:
        return pirates[0]
    if mermaids:
        return mermaids[0]
    numbers = [i for i in among if kinds[i] == "number"]
    blacks = [i for i in numbers if plays[i].card.suit is Suit.BLACK]
    if blacks:
        return max(blacks, key=lambda i: plays[i].card.rank)
    if numbers:
        lead = plays[numbers[0]].card.suit
        return max((i for i in numbers if plays[i].card.suit is lead),
                   key=lambda i: plays[i].card.rank)
    return among[0]


def _bonus(plays: Sequence[Play], winner: int, *, classic: bool, whale: bool) -> int:
    points = 0
    for p in plays:
        if p.card.rank == 14:
            points += 20 if p.card.suit is Suit.BLACK else 10
    if whale:  # special cards are destroyed and can't win: only the 14s count (K10)
        return points
    kinds = [kind_of(p) for p in plays]
    won_by = kinds[winner]
    if won_by == "pirate" and not classic:
        points += 20 * kinds.count("mermaid")
    if won_by == "king":
        points += 30 * kinds.count("pirate")
        if classic:  # Scary Mary counts as a pirate even played as an escape (D7)
            points += 30 * sum(
                p.card.kind is Kind.TIGRESS and not p.as_pirate for p in plays
            )
    if won_by == "mermaid" and "king" in kinds:
        points += 50 if classic else 40
    return points


def _nobody_won_lead(seats: Sequence[int | None], named: int) -> int:
    """Who leads after a trick nobody won, when the Kraken or Whale rule names ``named``.

    DECISIONS K16: Graybeard (seat ``None``) leads only after a trick he wins; after a
    trick won by nobody a human leads and he goes second, even when he would have won
    it or played the Whale: the human who played right after him in that trick.
    """
    if seats[named] is not None:
        return named
    # He plays one card a trick and the two humans the others, so the next is a human.
    return (named + 1) % len(seats)


def expected(plays: Sequence[Play], seats: Sequence[int | None], *, classic: bool,
             whale_cancels_loot: bool = False) -> Expected:
    """The winner, next leader, bonus and Loot alliances of a complete trick.

    ``whale_cancels_loot``: a Loot in a trick won under the White Whale forms no
    alliance (DECISIONS K15).
    """
    everyone = list(range(len(plays)))
    creatures = [i for i in everyone if kind_of(plays[i]) in ("kraken", "whale")]
    whale = False
    if creatures:
        active = creatures[-1]
        if kind_of(plays[active]) == "kraken":
            rest = [i for i in everyone if i not in creatures]
            named = _base(plays, rest) if rest else 0
            return Expected(None, _nobody_won_lead(seats, named), 0, ())
        numbers = [i for i in everyone if kind_of(plays[i]) == "number"]
        if not numbers:
            return Expected(None, _nobody_won_lead(seats, active), 0, ())
        top = max(plays[i].card.rank for i in numbers)
        winner = min(i for i in numbers if plays[i].card.rank == top)
        whale = True
    else:
        winner = _base(plays, everyone)
    if whale and whale_cancels_loot:
        return Expected(winner, winner, _bonus(plays, winner, classic=classic, whale=whale), ())
    alliances = tuple(
        (loot_seat, winner_seat)
        for i in everyone
        if plays[i].card.kind is Kind.LOOT and i != winner
        and (loot_seat := seats[i]) is not None and (winner_seat := seats[winner]) is not None
    )
    return Expected(winner, winner, _bonus(plays, winner, classic=classic, whale=whale),
                    alliances)


def round_points(bids: Sequence[int], tricks: Sequence[int], bonuses: Sequence[int],
                 alliances: Sequence[tuple[int, int]], *, cards_dealt: int,
                 round_number: int, rascal: bool, round_bonus: bool, classic: bool
                 ) -> list[int]:
    """Each seat's points for a round (RESEARCH.md §2.5, §3.5, §3.6; DECISIONS K3, K9, K11)."""
    exact = [b == t for b, t in zip(bids, tricks, strict=True)]
    points = []
    for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
        off = abs(bid - took)
        if rascal:
            potential = 10 * cards_dealt
            score = {0: potential + bonuses[seat], 1: (potential + bonuses[seat]) // 2}.get(off, 0)
        elif bid == 0:  # classic: 10 × the round number, modern: 10 × the cards dealt (K9)
            unit = round_number if classic else cards_dealt
            score = 10 * unit if took == 0 else -10 * unit
        elif off == 0:
            score = 20 * took + bonuses[seat] + (10 * round_number if round_bonus else 0)
        else:
            score = -10 * off
        points.append(score)
    for loot_player, winner in alliances:
        if exact[loot_player] and exact[winner]:
            points[loot_player] += 20
            points[winner] += 20
    return points
