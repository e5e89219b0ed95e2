"""What a match finds: each bot's results and each pair's paired difference, from its games.

Every figure is a mean over deals of one value per deal (the mean over the deal's
rotations), with a 95% interval over the deals (:mod:`._paired`: Student's t for scores
and differences, Wilson's for shares, which stay within 0 to 1), computed once
all games are in, in the order of the deals: the same whatever order the games came back
in, on any backend.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from skullgames.simulation._deals import MatchGame
from skullgames.simulation._paired import Interval, interval, share

FORMAT = "skullgames/match"
"""The ``format`` of a match's JSON document."""

VERSION = 1
"""The ``version`` of a match's JSON document."""


@attrs.frozen(kw_only=True)
class MatchBot:
    """How one bot did over a match."""

    bot: str
    """The bot's name."""
    seats: int
    """The seats it filled, over every game of the match."""
    score: Interval
    """Its mean final score a seat."""
    win_share: Interval
    """Its share of the wins a seat: 1 for a sole winner, 1/k for each of k tied, 0 for a
    seat that did not win. At a table of equals, one over the number of players."""
    score_by_seat: tuple[float, ...]
    """Its mean score in each seat of the table, over the games it sat there."""
    win_share_by_seat: tuple[float, ...]
    """Its win share in each seat of the table, over the games it sat there."""
    bid_accuracy: Interval | None
    """The share of its bids that were exact (per deal: exact bids over bids); ``None``
    in a game without bids."""
    exact_bids: int | None
    """How many of its bids were exact over the whole match; ``None`` without bids."""
    bids: int | None
    """How many bids it made over the whole match; ``None`` without bids."""

    def to_dict(self) -> dict[str, Any]:
        """The bot's results as plain JSON data."""
        return {"bot": self.bot, "seats": self.seats, "score": self.score.to_dict(),
                "win_share": self.win_share.to_dict(),
                "score_by_seat": list(self.score_by_seat),
                "win_share_by_seat": list(self.win_share_by_seat),
                "bid_accuracy": None if self.bid_accuracy is None else
                self.bid_accuracy.to_dict(),
                "exact_bids": self.exact_bids, "bids": self.bids}


@attrs.frozen(kw_only=True)
class MatchPair:
    """Two bots of a match compared deal by deal: ``bot`` against ``other``."""

    bot: str
    """The bot named first of the two."""
    other: str
    """The bot named after it."""
    difference: Interval
    """The mean over deals of the deal's paired difference: the mean over its rotations
    of ``bot``'s mean score a seat minus ``other``'s. Above 0 when ``bot`` scores more."""
    above: Interval
    """How often ``bot`` finishes above ``other``: per deal, the share of the pairs of a
    ``bot`` seat and an ``other`` seat at the same table where ``bot`` scored more."""
    ties: float
    """The share of those pairs of seats that scored the same."""
    per_deal: tuple[float, ...]
    """Each deal's paired difference, in the order of the deals."""

    def to_dict(self) -> dict[str, Any]:
        """The comparison as plain JSON data."""
        return {"bot": self.bot, "other": self.other,
                "difference": self.difference.to_dict(), "above": self.above.to_dict(),
                "ties": self.ties, "per_deal": list(self.per_deal)}


def _mean(values: Sequence[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values)


def standings(bots: Sequence[str], players: int, deals: Sequence[Sequence[MatchGame]]
              ) -> tuple[tuple[MatchBot, ...], tuple[MatchPair, ...]]:
    """Each bot's results and each pair's comparison, from the games of every deal.

    ``deals`` holds, for each deal in order, its games (one per rotation).
    """
    seat_lists = [[[[s for s, name in enumerate(g.bots) if name == bot] for bot in bots]
                   for g in games] for games in deals]
    results = []
    for index, bot in enumerate(bots):
        scores: list[float] = []
        wins: list[Fraction] = []
        accuracy: list[Fraction] = []
        seats = 0
        exact_total = bid_total = 0
        with_bids = True
        seat_score = [0] * players
        seat_win = [Fraction(0)] * players
        seat_games = [0] * players
        for games, lists in zip(deals, seat_lists, strict=True):
            deal_scores, deal_wins = [], []
            exact = made = 0
            for game, per_bot in zip(games, lists, strict=True):
                mine = per_bot[index]
                seats += len(mine)
                deal_scores.append(Fraction(sum(game.scores[s] for s in mine), len(mine)))
                shares = [Fraction(s in game.winners, len(game.winners)) for s in mine]
                deal_wins.append(sum(shares, Fraction(0)) / len(mine))
                for seat, won in zip(mine, shares, strict=True):
                    seat_score[seat] += game.scores[seat]
                    seat_win[seat] += won
                    seat_games[seat] += 1
                if game.exact_bids is None or game.bids is None:
                    with_bids = False
                else:
                    exact += sum(game.exact_bids[s] for s in mine)
                    made += sum(game.bids[s] for s in mine)
            scores.append(float(_mean(deal_scores)))
            wins.append(_mean(deal_wins))
            if with_bids and made:
                accuracy.append(Fraction(exact, made))
            exact_total += exact
            bid_total += made
        results.append(MatchBot(
            bot=bot, seats=seats, score=interval(scores), win_share=share(wins),
            # the rotations put every bot in every seat: no count is 0
            score_by_seat=tuple(seat_score[s] / seat_games[s] for s in range(players)),
            win_share_by_seat=tuple(float(seat_win[s] / seat_games[s])
                                    for s in range(players)),
            bid_accuracy=share(accuracy) if with_bids and accuracy else None,
            exact_bids=exact_total if with_bids else None,
            bids=bid_total if with_bids else None))
    pairs = tuple(_pair(bots, first, second, deals, seat_lists)
                  for first in range(len(bots)) for second in range(first + 1, len(bots)))
    return tuple(results), pairs


def _pair(bots: Sequence[str], first: int, second: int,
          deals: Sequence[Sequence[MatchGame]], seat_lists: list[list[list[list[int]]]]
          ) -> MatchPair:
    differences: list[float] = []
    above: list[Fraction] = []
    ties: list[Fraction] = []
    for games, lists in zip(deals, seat_lists, strict=True):
        deal_differences, deal_above, deal_ties = [], [], []
        for game, per_bot in zip(games, lists, strict=True):
            mine, theirs = per_bot[first], per_bot[second]
            deal_differences.append(Fraction(sum(game.scores[s] for s in mine), len(mine))
                                    - Fraction(sum(game.scores[s] for s in theirs),
                                               len(theirs)))
            pairs = [(game.scores[a], game.scores[b]) for a in mine for b in theirs]
            deal_above.append(Fraction(sum(a > b for a, b in pairs), len(pairs)))
            deal_ties.append(Fraction(sum(a == b for a, b in pairs), len(pairs)))
        differences.append(float(_mean(deal_differences)))
        above.append(_mean(deal_above))
        ties.append(_mean(deal_ties))
    return MatchPair(bot=bots[first], other=bots[second], difference=interval(differences),
                     above=share(above), ties=float(_mean(ties)),
                     per_deal=tuple(differences))


def _number(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:+.1f}" if signed else f"{value:.1f}"


def _span(found: Interval, signed: bool = False, percent: bool = False) -> str:
    scale = 100 if percent else 1
    unit = "%" if percent else ""
    low, high = found.low, found.high
    if low is None or high is None:
        return "-"
    if percent:
        low, high = max(0.0, low), min(1.0, high)
    return (f"{_number(scale * low, signed)}{unit} to "
            f"{_number(scale * high, signed)}{unit}")


def tables(bots: Sequence[MatchBot], pairs: Sequence[MatchPair]) -> str:
    """The results as Markdown tables (readable as plain text too).

    The bots, the pairs compared deal by deal, and each bot's win share seat by seat.
    """
    with_bids = all(b.bid_accuracy is not None for b in bots)
    head = "| bot | seats | mean score | 95% interval | win share | 95% interval |"
    rule = "|---|---:|---:|---:|---:|---:|"
    if with_bids:
        head += " exact bids | 95% interval |"
        rule += "---:|---:|"
    lines = [head, rule]
    for b in bots:
        line = (f"| {b.bot} | {b.seats} | {_number(b.score.mean)} | {_span(b.score)} | "
                f"{_number(100 * b.win_share.mean)}% | {_span(b.win_share, percent=True)} |")
        if b.bid_accuracy is not None:
            line += (f" {_number(100 * b.bid_accuracy.mean)}% | "
                     f"{_span(b.bid_accuracy, percent=True)} |")
        lines.append(line)
    lines += ["", "| paired over deals | mean difference | 95% interval | finishes above "
              "| 95% interval | ties |", "|---|---:|---:|---:|---:|---:|"]
    for p in pairs:
        lines.append(f"| {p.bot} - {p.other} | {_number(p.difference.mean, True)} | "
                     f"{_span(p.difference, signed=True)} | "
                     f"{_number(100 * p.above.mean)}% | {_span(p.above, percent=True)} | "
                     f"{_number(100 * p.ties)}% |")
    players = len(bots[0].win_share_by_seat) if bots else 0
    lines += ["", "| win share by seat | " + " | ".join(map(str, range(players))) + " |",
              "|---|" + "---:|" * players]
    for b in bots:
        lines.append(f"| {b.bot} | "
                     + " | ".join(f"{_number(100 * w)}%" for w in b.win_share_by_seat)
                     + " |")
    return "\n".join(lines)
