"""Confidence intervals for one binomial proportion (docs/guide/inference.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from theory.inference._results import ConfidenceInterval
from theory.validation import (
    check_choice,
    check_confidence,
    check_counts,
    check_int,
)

__all__ = ["PROPORTION_METHODS", "ProportionCI", "proportion_ci", "rule_of_three"]

PROPORTION_METHODS = (
    "wilson",
    "wilson-cc",
    "clopper-pearson",
    "jeffreys",
    "agresti-coull",
)


@dataclass(frozen=True, slots=True)
class ProportionCI:
    """A two-sided interval for a binomial proportion, with its estimate.

    Attributes
    ----------
    low, high : float
        The interval ends, inside ``[0, 1]``.
    estimate : float
        The sample proportion ``k / n``.
    k, n : int
        Successes and trials.
    method : str
        One of :data:`PROPORTION_METHODS`.
    confidence_level : float
        The nominal two-sided level.

    Examples
    --------
    >>> from theory.inference import proportion_ci
    >>> ci = proportion_ci(3, 4, method="clopper-pearson")
    >>> ci.estimate, ci.high > ci.estimate > ci.low
    (0.75, True)
    >>> tuple(ci.confidence_interval) == (ci.low, ci.high)
    True
    """

    low: float
    high: float
    estimate: float
    k: int
    n: int
    method: str
    confidence_level: float

    @property
    def confidence_interval(self) -> ConfidenceInterval:
        """The interval as a ``ConfidenceInterval(low, high)``."""
        return ConfidenceInterval(self.low, self.high)

    @property
    def width(self) -> float:
        """``high - low``."""
        return self.high - self.low


def _wilson(k: int, n: int, z: float, *, correction: bool) -> tuple[float, float]:
    # Newcombe (1998) closed forms; ends pinned to 0 at k = 0 and to 1 at k = n,
    # where the formula's value is 0 or 1 exactly up to rounding.
    p = k / n
    q = 1.0 - p
    denom = 2.0 * (n + z * z)
    center = (2.0 * n * p + z * z) / denom
    if correction:
        d_lo = (
            1.0
            + z * math.sqrt(max(z * z - 2.0 - 1.0 / n + 4.0 * p * (n * q + 1.0), 0.0))
        ) / denom
        d_hi = (
            1.0
            + z * math.sqrt(max(z * z + 2.0 - 1.0 / n + 4.0 * p * (n * q - 1.0), 0.0))
        ) / denom
    else:
        d_lo = d_hi = z / denom * math.sqrt(4.0 * n * p * q + z * z)
    low = 0.0 if k == 0 else max(center - d_lo, 0.0)
    high = 1.0 if k == n else min(center + d_hi, 1.0)
    return low, high


def _clopper_pearson(k: int, n: int, alpha: float) -> tuple[float, float]:
    from scipy import stats

    low = 0.0 if k == 0 else float(stats.beta.ppf(alpha / 2.0, k, n - k + 1))
    high = 1.0 if k == n else float(stats.beta.isf(alpha / 2.0, k + 1, n - k))
    return low, high


def _jeffreys(k: int, n: int, alpha: float) -> tuple[float, float]:
    # statsmodels convention: plain equal-tailed Beta(k + 1/2, n - k + 1/2)
    # quantiles at every k, with no special case at k = 0 or k = n.
    from scipy import stats

    a, b = k + 0.5, n - k + 0.5
    return float(stats.beta.ppf(alpha / 2.0, a, b)), float(
        stats.beta.isf(alpha / 2.0, a, b)
    )


def _agresti_coull(k: int, n: int, z: float) -> tuple[float, float]:
    n_c = n + z * z
    p_c = (k + z * z / 2.0) / n_c
    half = z * math.sqrt(p_c * (1.0 - p_c) / n_c)
    return max(p_c - half, 0.0), min(p_c + half, 1.0)


def proportion_ci(
    k: int, n: int, *, method: str = "wilson", confidence_level: float = 0.95
) -> ProportionCI:
    """Two-sided confidence interval for a binomial proportion ``k / n``.

    Parameters
    ----------
    k : int
        Number of successes, ``0 <= k <= n``.
    n : int
        Number of trials, ``n >= 1``.
    method : {"wilson", "wilson-cc", "clopper-pearson", "jeffreys", "agresti-coull"}
        The interval (conventions in Notes).
    confidence_level : float
        Two-sided level in ``(0, 1)``.

    Returns
    -------
    ProportionCI
        ``low``, ``high``, ``estimate = k / n`` and the inputs.

    Raises
    ------
    TypeError
        If ``k`` or ``n`` is not an int, or ``confidence_level`` is not real.
    ValueError
        If ``k < 0``, ``n < 1``, ``k > n``, the level is outside ``(0, 1)``,
        or ``method`` is unknown.

    See Also
    --------
    rule_of_three : the one-sided ``3 / n`` bound at ``k = 0``.

    Notes
    -----
    With ``z`` the ``1 - alpha/2`` normal quantile (``alpha = 1 - level``):

    - ``"wilson"``: score interval (Wilson 1927), Newcombe's (1998) closed form;
      equals ``0`` at ``k = 0`` and ``1`` at ``k = n``. Matches
      ``statsmodels.stats.proportion.proportion_confint(k, n, method="wilson")``
      and ``scipy.stats.binomtest(k, n).proportion_ci(method="wilson")``.
    - ``"wilson-cc"``: Wilson with continuity correction (Newcombe 1998,
      method 4); matches scipy's ``method="wilsoncc"``.
    - ``"clopper-pearson"``: exact, equal-tailed Beta quantiles
      ``Beta(alpha/2; k, n-k+1)``, ``Beta(1-alpha/2; k+1, n-k)``; ``0`` at
      ``k = 0``, ``1`` at ``k = n``. Matches statsmodels ``method="beta"`` and
      scipy ``method="exact"``.
    - ``"jeffreys"``: equal-tailed quantiles of the ``Beta(k+1/2, n-k+1/2)``
      posterior, statsmodels' convention (``method="jeffreys"``): no special
      case at ``k = 0`` or ``k = n``, so there the interval excludes the
      estimate (its lower end is a small positive number at ``k = 0``). Brown,
      Cai and DasGupta (2001) set it to 0; we do not.
    - ``"agresti-coull"``: Wald interval around ``(k + z^2/2) / (n + z^2)``
      with ``n + z^2`` trials, clipped to ``[0, 1]`` (statsmodels
      ``method="agresti_coull"``).

    References
    ----------
    Brown, Cai and DasGupta (2001), "Interval estimation for a binomial
    proportion", Statistical Science 16(2). Newcombe (1998), Statistics in
    Medicine 17.

    Examples
    --------
    >>> from theory.inference import proportion_ci
    >>> ci = proportion_ci(7, 10)
    >>> round(ci.low, 4), round(ci.high, 4), ci.estimate
    (0.3968, 0.8922, 0.7)
    >>> proportion_ci(0, 10, method="clopper-pearson").low
    0.0
    """
    from scipy.special import ndtri

    kk, nn = check_counts(k, n)
    level = check_confidence(confidence_level)
    name = check_choice(method, "method", PROPORTION_METHODS)
    alpha = 1.0 - level
    z = -float(ndtri(alpha / 2.0))  # not ndtri(1 - alpha/2): that rounds to inf
    if name in ("wilson", "wilson-cc"):
        low, high = _wilson(kk, nn, z, correction=name == "wilson-cc")
    elif name == "clopper-pearson":
        low, high = _clopper_pearson(kk, nn, alpha)
    elif name == "jeffreys":
        low, high = _jeffreys(kk, nn, alpha)
    else:
        low, high = _agresti_coull(kk, nn, z)
    return ProportionCI(float(low), float(high), kk / nn, kk, nn, name, level)


def rule_of_three(n: int, *, confidence_level: float = 0.95) -> ConfidenceInterval:
    """One-sided upper bound for a proportion after ``0`` successes in ``n``.

    Parameters
    ----------
    n : int
        Number of trials with no success, ``n >= 1``.
    confidence_level : float
        One-sided level in ``(0, 1)``.

    Returns
    -------
    ConfidenceInterval
        ``(0.0, -ln(1 - level) / n)``; at 95 % the upper end is ``2.996 / n``,
        "about ``3 / n``".

    Raises
    ------
    TypeError, ValueError
        For a non-int or non-positive ``n`` or a level outside ``(0, 1)``.

    See Also
    --------
    proportion_ci

    Notes
    -----
    The exact one-sided Clopper-Pearson bound solves ``(1 - p)^n = alpha``,
    ``p = 1 - alpha^(1/n)``; the rule uses ``-ln(alpha) / n``, its first-order
    expansion, which is larger than the exact bound for every ``n`` (so the
    rule is conservative). The upper end is capped at 1.

    Examples
    --------
    >>> from theory.inference import rule_of_three
    >>> round(rule_of_three(100).high, 5)
    0.02996
    """
    nn = check_int(n, "n", minimum=1)
    level = check_confidence(confidence_level)
    return ConfidenceInterval(0.0, min(-math.log1p(-level) / nn, 1.0))
