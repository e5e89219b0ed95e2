"""Each bot's mean score and win rate with 95% intervals, tallied exactly as games arrive."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

import attrs

from skullgames.simulation._games import GameRecord

Z = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@attrs.frozen
class Estimate:
    """A sample mean and its 95% confidence interval, ``low`` to ``high``.

    Without ``low`` and ``high``, the interval is ``mean`` plus or minus ``half_width``.
    """

    mean: float
    """The sample mean."""
    half_width: float
    """Half the interval's width (1.96 standard errors for a mean score): infinite for
    one sample, NaN for none."""
    low: float = attrs.field(
        default=attrs.Factory(lambda self: self.mean - self.half_width, takes_self=True))
    """The lower end of the interval."""
    high: float = attrs.field(
        default=attrs.Factory(lambda self: self.mean + self.half_width, takes_self=True))
    """The upper end of the interval."""

    def percent(self) -> str:
        """A rate and its interval in percent, the interval kept within 0% to 100%.

        >>> from skullgames.simulation import Estimate
        >>> Estimate(0.25, 0.5).percent()
        '25.0% | 0.0% to 75.0%'
        """
        low, high = max(0.0, self.low), min(1.0, self.high)
        return f"{100 * self.mean:.1f}% | {100 * low:.1f}% to {100 * high:.1f}%"


def wilson(rate: float, n: float) -> Estimate:
    """A rate of ``n`` samples, each a win or a loss, with its 95% Wilson score interval.

    The normal approximation's interval (the mean plus or minus 1.96 standard errors)
    shrinks to nothing when every sample is 0 or every one is 1: a bot with no wins in 20
    games would get "0.0% to 0.0%". Wilson's interval never is empty and stays within 0
    to 1. For samples that are shares of a win, ``n`` is their effective number
    (:meth:`_Sums.rate`).

    >>> from skullgames.simulation import Estimate
    >>> print(Estimate(0.0, 0.0, 0.0, 0.0).percent(), "->", wilson(0.0, 20).percent())
    0.0% | 0.0% to 0.0% -> 0.0% | 0.0% to 16.1%
    >>> wilson(1.0, 20).percent()
    '100.0% | 83.9% to 100.0%'
    """
    if n == 0:
        return Estimate(math.nan, math.nan)
    z2 = Z * Z
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = Z / (1 + z2 / n) * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n))
    return Estimate(rate, half, max(0.0, centre - half), min(1.0, centre + half))


def share_rate(n: int, rate: Fraction, variance: Fraction) -> Estimate:
    """The mean ``rate`` of ``n`` shares of a win (each 0 to 1) with its Wilson interval.

    ``variance`` is the samples' variance about ``rate`` (divided by ``n``). Wilson's
    interval (:func:`wilson`) is taken with the samples' effective number (Kish's),
    ``n * rate * (1 - rate) / variance``: exactly ``n`` for wins and losses, and ``n``
    too where all the samples are equal. ``simulate`` (a game a sample) and ``match``
    (a deal a sample) both give their shares this interval.

    >>> share_rate(4, Fraction(1, 2), Fraction(1, 4)).percent()  # 2 wins, 2 losses
    '50.0% | 15.0% to 85.0%'
    """
    effective = n * rate * (1 - rate) / variance if variance else n
    return wilson(float(rate), float(effective))


@attrs.frozen
class BotResult:
    """How one bot did over a simulation: its games and seats, mean score and win rate."""

    bot: str
    """The bot's name."""
    games: int
    """The games it sat in."""
    seats: int
    """The seats it filled, over all its games."""
    score: Estimate
    """Its mean score per seat."""
    win_rate: Estimate
    """Its share of the wins per seat: 1 for a sole winner, 1/k for each of k tied; with
    the Wilson score interval (never empty, within 0 to 1)."""


class _Sums:
    """n, the sum and the sum of squares of one bot's samples, each sample times ``scale``.

    Every sample (a mean over a bot's seats, a share of a win) is a fraction whose
    denominator divides ``scale``, so the sums are exact integers: the same whatever order
    the games arrive in, and cheap to add (a driver tallies tens of thousands of games a
    second from a cluster).
    """

    def __init__(self, scale: int) -> None:
        self.scale = scale
        self.n = 0
        self.total = 0
        self.squares = 0

    def add(self, scaled: int) -> None:
        self.n += 1
        self.total += scaled
        self.squares += scaled * scaled

    def estimate(self) -> Estimate:
        """Mean and normal-approximation 95% interval (1.96 standard errors)."""
        n = self.n
        if n == 0:
            return Estimate(math.nan, math.nan)
        mean = Fraction(self.total, n * self.scale)
        if n == 1:
            return Estimate(float(mean), math.inf)
        variance = Fraction(n * self.squares - self.total**2, n * (n - 1) * self.scale**2)
        return Estimate(float(mean), 1.96 * math.sqrt(variance / n))


    def rate(self) -> Estimate:
        """Mean, a share from 0 to 1, and its 95% Wilson interval (:func:`wilson`).

        A game's sample is a share of a win: 1/k for one of k tied winners, and the mean
        over the bot's seats when it has several, so its variance can be far below that
        of a win or a loss (two greedy seats against two random ones win very nearly half
        each, every game): :func:`share_rate` takes their effective number.
        """
        n = self.n
        if n == 0:
            return Estimate(math.nan, math.nan)
        rate = Fraction(self.total, n * self.scale)
        return share_rate(n, rate, Fraction(self.squares, n * self.scale**2) - rate * rate)


class Tally:
    """Running results of a simulation, the same whatever order the games arrive in.

    Seats of one game are not independent, so each game gives one sample per bot: the
    mean over that bot's seats of its score, and of its share of the win. Sums are kept
    exactly, so every backend and every order of arrival prints the same table, and
    memory does not grow with the number of games.

    >>> tally = Tally(["random", "greedy"], players=3)
    >>> tally.add(GameRecord(game=0, seed=0, bots=("random", "greedy", "random"),
    ...                      scores=(20, 50, -10), winners=(1,)))
    >>> [(r.bot, r.games, r.seats, r.score.mean, r.win_rate.mean) for r in tally.results()]
    [('random', 1, 2, 5.0, 0.0), ('greedy', 1, 1, 50.0, 1.0)]
    """

    def __init__(self, bots: Iterable[str], *, players: int) -> None:
        # a bot's seats in a game and the game's winners each number 1 to players, so
        # every sample's denominator (seats, or winners times seats) divides this
        self._scale = math.lcm(*range(1, players + 1)) ** 2
        self._bots = list(dict.fromkeys(bots))
        self._seats = dict.fromkeys(self._bots, 0)
        self._scores = {bot: _Sums(self._scale) for bot in self._bots}
        self._wins = {bot: _Sums(self._scale) for bot in self._bots}

    def add(self, record: GameRecord) -> None:
        """Count one finished game."""
        seats: dict[str, list[int]] = {}
        for seat, bot in enumerate(record.bots):
            seats.setdefault(bot, []).append(seat)
        scale, winners = self._scale, record.winners
        for bot, mine in seats.items():
            m = len(mine)
            self._seats[bot] += m
            self._scores[bot].add(sum(record.scores[s] for s in mine) * scale // m)
            won = sum(1 for s in mine if s in winners)
            self._wins[bot].add(won * scale // (len(winners) * m))

    def results(self) -> tuple[BotResult, ...]:
        """Each bot's results so far, in the order the bots were given."""
        return tuple(
            BotResult(bot, self._scores[bot].n, self._seats[bot],
                      self._scores[bot].estimate(), self._wins[bot].rate())
            for bot in self._bots
        )


def table(results: Sequence[BotResult]) -> str:
    """The results as a Markdown table (readable as plain text too).

    >>> print(table([BotResult("greedy", 10, 20, Estimate(41.5, 3.25), Estimate(0.5, 0.1))]))
    | bot | games | seats | mean score | 95% interval | win rate | 95% interval |
    |---|---:|---:|---:|---:|---:|---:|
    | greedy | 10 | 20 | 41.5 | 38.2 to 44.8 | 50.0% | 40.0% to 60.0% |
    """
    lines = [
        "| bot | games | seats | mean score | 95% interval | win rate | 95% interval |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        s, w = r.score, r.win_rate
        lines.append(
            f"| {r.bot} | {r.games} | {r.seats} | {s.mean:.1f} | {s.low:.1f} to {s.high:.1f} "
            f"| {w.percent()} |"
        )
    return "\n".join(lines)
