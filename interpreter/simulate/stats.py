"""Partial statistics with an associative merge, and the intervals drawn from them.

A :class:`Moments` holds, over a set of games, the sum of each figure a game reports and the
sum of each product of two figures. Sums are exact (ints, or Fractions for non-integer
points), so merging chunks in any grouping or order gives the same totals, and every
estimate below is a smooth function of the totals: its standard error comes from the delta
method with games as independent clusters (hands within a match are not independent).
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

Z95 = 1.959963984540054


def exact(value) -> int | Fraction:
    """A figure as an exact number: ints (and bools) stay ints, anything else a Fraction."""
    return int(value) if isinstance(value, (int, bool)) else Fraction(value)


@dataclass
class Moments:
    """Sums of figures and of their pairwise products over games; ``+`` merges two sets.

    Figure keys are any sortable tuples, e.g. ``(variant index, "turns")``; ``histograms``
    counts the values of a few figures, for plots.
    """

    games: int = 0
    sums: dict = field(default_factory=dict)
    cross: dict = field(default_factory=dict)
    histograms: dict = field(default_factory=dict)

    def add(self, figures: dict, values: dict | None = None) -> None:
        """One game: its figures (key -> number) and, for histograms, key -> list of values."""
        items = sorted((k, exact(v)) for k, v in figures.items() if v)
        sums, cross = self.sums, self.cross
        self.games += 1
        for i, (a, x) in enumerate(items):
            sums[a] = sums.get(a, 0) + x
            for b, y in items[i:]:
                cross[a, b] = cross.get((a, b), 0) + x * y
        for key, seen in (values or {}).items():
            self.histograms.setdefault(key, Counter()).update(seen)

    def __add__(self, other: Moments) -> Moments:
        out = Moments(self.games + other.games, dict(self.sums), dict(self.cross),
                      {k: Counter(v) for k, v in self.histograms.items()})
        for mine, theirs in ((out.sums, other.sums), (out.cross, other.cross)):
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value
        for key, counts in other.histograms.items():
            out.histograms.setdefault(key, Counter()).update(counts)
        return out

    def total(self, key) -> int | Fraction:
        return self.sums.get(key, 0)

    def covariance(self, a, b) -> float:
        """Estimated covariance of the totals of figures a and b (games as the sampling unit)."""
        g = self.games
        if g < 2:
            return 0.0
        product = self.cross.get((a, b) if a <= b else (b, a), 0)
        return float(g * (product - Fraction(self.total(a)) * self.total(b) / g) / (g - 1))

    def variance(self, gradient: dict) -> float:
        """Delta-method variance of a function of the totals, given its gradient."""
        keys = list(gradient)
        out = 0.0
        for i, a in enumerate(keys):
            out += gradient[a] ** 2 * self.covariance(a, a)
            for b in keys[i + 1:]:
                out += 2 * gradient[a] * gradient[b] * self.covariance(a, b)
        return max(out, 0.0)


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval (None when there was nothing to measure)."""

    value: float | None
    low: float | None
    high: float | None
    se: float | None = None

    @property
    def significant(self) -> bool:
        """For a difference: whether the interval excludes zero."""
        low, high = self.low, self.high       # None together with the value
        return self.value is not None and low is not None and high is not None and (
            low > 0 or high < 0)

    def as_dict(self) -> dict:
        return {"value": self.value, "low": self.low, "high": self.high}


NOTHING = Estimate(None, None, None)


def ratio(m: Moments, num, den) -> tuple[float, dict] | None:
    """total(num) / total(den) and its gradient, or None when the denominator is zero."""
    d = m.total(den)
    if not d:
        return None
    r = m.total(num) / d
    return float(r), {num: 1 / float(d), den: -float(r) / float(d)}


def spread(m: Moments, total, squares, den) -> tuple[float, dict] | None:
    """The standard deviation of one value per ``den`` unit (from its sum and sum of
    squares) and its gradient, or None with fewer than two units."""
    d = m.total(den)
    if d < 2:
        return None
    mean = Fraction(m.total(total)) / d
    var = float(Fraction(m.total(squares)) / d - mean * mean)
    sd = math.sqrt(max(var, 0.0))
    if sd == 0:
        return 0.0, {}
    mu, n = float(mean), float(d)
    m2 = float(m.total(squares)) / n
    return sd, {squares: 1 / n / (2 * sd), total: -2 * mu / n / (2 * sd),
                den: (2 * mu * mu - m2) / n / (2 * sd)}


def normal(m: Moments, found) -> Estimate:
    """value ± 1.96 standard errors."""
    if found is None:
        return NOTHING
    value, gradient = found
    se = math.sqrt(m.variance(gradient))
    return Estimate(value, value - Z95 * se, value + Z95 * se, se)


def rate(m: Moments, num, den) -> Estimate:
    """A proportion with a Wilson interval; with clustered units (hands within matches) the
    Wilson sample size is the effective one, p(1-p) / delta-method variance."""
    found = ratio(m, num, den)
    if found is None:
        return NOTHING
    p, gradient = found
    var = m.variance(gradient)
    n = p * (1 - p) / var if var > 0 and 0 < p < 1 else float(m.total(den))
    low, high = wilson(p, n)
    return Estimate(p, low, high, math.sqrt(var))


def wilson(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion p observed over n trials."""
    if n <= 0:
        return 0.0, 1.0
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    return max(0.0, centre - half), min(1.0, centre + half)


def difference(m: Moments, first, second) -> Estimate:
    """second - first for two (value, gradient) pairs over the same games: a paired interval
    (the cross sums hold both variants' figures game by game)."""
    if first is None or second is None:
        return NOTHING
    (a, ga), (b, gb) = first, second
    gradient = dict(gb)
    for key, g in ga.items():
        gradient[key] = gradient.get(key, 0.0) - g
    se = math.sqrt(m.variance(gradient))
    diff = b - a
    return Estimate(diff, diff - Z95 * se, diff + Z95 * se, se)
