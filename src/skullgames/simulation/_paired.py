"""Means over deals with Student's t or Wilson intervals: the statistics of a match.

Each deal is one sample: its own seed, so the deals are independent, while the games of
one deal (its rotations) share the cards and are not. Every figure of a match is a mean
over deals of a per-deal value, with the 95% interval of Student's t with ``deals - 1``
degrees of freedom, which is exact for normal samples of unknown spread and, for a few
deals, wider than the normal interval (which would claim 95% too soon); from a few
hundred deals on the two agree to a hundredth. A share from 0 to 1 (a win share, a bid
accuracy) gets Wilson's interval instead (:func:`share`), which never leaves 0 to 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import attrs

from skullgames.simulation._stats import share_rate

_LARGE = 1000
"""From this many degrees of freedom on, the quantile comes from its expansion in 1/df."""


def t_quantile(probability: float, df: int) -> float:
    """The ``probability`` quantile of Student's t with ``df`` degrees of freedom.

    Found by bisection on the exact distribution function (a finite sum for a whole
    number of degrees of freedom) up to 1000 degrees of freedom, and from the
    Cornish-Fisher expansion beyond, where its error is below 1e-12.

    >>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 9), 4)
    (12.7062, 2.2622)
    >>> round(t_quantile(0.975, 10_000), 4)
    1.9602
    """
    if not 0.5 <= probability < 1:
        raise ValueError(f"probability must be in [0.5, 1), not {probability}")
    if df < 1:
        raise ValueError(f"df must be at least 1, not {df}")
    if df >= _LARGE:
        return _expansion(probability, df)
    two_sided = 2 * probability - 1  # P(|T| <= t)
    low, high = 0.0, 1.0
    while _central(high, df) < two_sided:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if _central(middle, df) < two_sided:
            low = middle
        else:
            high = middle
    return high


def _central(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` degrees of freedom.

    Abramowitz and Stegun 26.7.3 (odd ``df``) and 26.7.4 (even).
    """
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    if df % 2:
        term, total = 1.0, 0.0
        if df > 1:
            total = term = math.cos(theta)
            for k in range(3, df - 1, 2):
                term *= cos2 * (k - 1) / k
                total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term = total = 1.0
    for k in range(2, df - 1, 2):
        term *= cos2 * (k - 1) / k
        total += term
    return math.sin(theta) * total


def _expansion(probability: float, df: int) -> float:
    """The Cornish-Fisher expansion of the t quantile in powers of 1/df."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf(probability)
    n = float(df)
    return (z + (z**3 + z) / (4 * n)
            + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * n**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * n**3)
            + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * n**4))


def _low(self: Interval) -> float | None:
    return None if self.half_width is None else self.mean - self.half_width


def _high(self: Interval) -> float | None:
    return None if self.half_width is None else self.mean + self.half_width


@attrs.frozen
class Interval:
    """A mean over deals with its 95% interval, ``low`` to ``high``.

    For a mean (a score, a difference) Student's t with ``deals - 1`` degrees of freedom,
    ``mean`` plus or minus ``half_width``; for a share from 0 to 1 (a win share, a bid
    accuracy) Wilson's interval (:func:`share`), which stays within 0 to 1 and need not
    be centred on the mean.
    """

    mean: float
    """The mean of the per-deal values."""
    half_width: float | None
    """Half the interval's width (for Student's t, t(0.975, deals - 1) times the standard
    error); ``None`` for Student's t from a single deal."""
    deals: int
    """How many deals the mean is over."""
    low: float | None = attrs.field(default=attrs.Factory(_low, takes_self=True))
    """The lower end of the interval (``None`` for Student's t from a single deal)."""
    high: float | None = attrs.field(default=attrs.Factory(_high, takes_self=True))
    """The upper end of the interval (``None`` for Student's t from a single deal)."""
    method: str = "student-t"
    """How the interval was found: ``"student-t"`` or ``"wilson"``."""

    def to_dict(self) -> dict[str, float | int | str | None]:
        """``{"mean", "low", "high", "half_width", "deals", "method"}`` for JSON."""
        return {"mean": self.mean, "low": self.low, "high": self.high,
                "half_width": self.half_width, "deals": self.deals, "method": self.method}


def interval(samples: Sequence[float]) -> Interval:
    """The mean of ``samples`` (one per deal) with its 95% Student's t interval.

    >>> found = interval([1.0, 2.0, 6.0])
    >>> found.mean, round(found.half_width, 4)
    (3.0, 6.5724)
    """
    n = len(samples)
    if n == 0:
        raise ValueError("no samples")
    mean = math.fsum(samples) / n
    if n == 1:
        return Interval(mean, None, 1)
    variance = math.fsum((x - mean) ** 2 for x in samples) / (n - 1)
    return Interval(mean, t_quantile(0.975, n - 1) * math.sqrt(variance / n), n)


def share(samples: Sequence[Fraction]) -> Interval:
    """The mean of ``samples`` (one share from 0 to 1 per deal) with its Wilson interval.

    Student's t would reach outside 0 to 1 for a few deals; this is the interval that
    ``simulate`` gives a win rate (:func:`~skullgames.simulation._stats.share_rate`),
    with the deals as the samples.

    >>> found = share([Fraction(1, 2), Fraction(1, 4)])
    >>> found.mean, round(found.low, 4), round(found.high, 4), found.method
    (0.375, 0.2255, 0.5529, 'wilson')
    """
    n = len(samples)
    if n == 0:
        raise ValueError("no samples")
    rate = sum(samples, Fraction(0)) / n
    found = share_rate(n, rate, sum(((x - rate) ** 2 for x in samples), Fraction(0)) / n)
    return Interval(float(rate), (found.high - found.low) / 2, n, found.low, found.high,
                    "wilson")
