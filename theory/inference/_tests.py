"""Tests for two proportions: z tests, Fisher's exact test, McNemar (docs/guide/inference.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, cast

import numpy as np

from theory.validation import MAX_SIZE, check_choice, check_counts, check_int

__all__ = [
    "ALTERNATIVES",
    "TestResult",
    "fisher_exact",
    "mcnemar",
    "two_proportion_z",
    "two_proportion_z_unpooled",
]

ALTERNATIVES = ("two-sided", "greater", "less")


@dataclass(frozen=True, slots=True)
class TestResult:
    """A hypothesis test's outcome, with scipy's field names.

    Attributes
    ----------
    statistic : float
        The test statistic (``z``, the odds ratio, or McNemar's statistic).
    pvalue : float
        The p-value (``nan`` when the statistic is undefined).
    alternative : str
        ``"two-sided"``, ``"greater"`` or ``"less"``.
    estimate : float
        The effect the test is about (``p1 - p2``, the odds ratio, ``b / (b + c)``).
    method : str
        Which test and convention.

    Examples
    --------
    >>> from theory.inference import two_proportion_z
    >>> r = two_proportion_z(30, 50, 20, 50)
    >>> round(r.statistic, 4), round(r.pvalue, 4), round(r.estimate, 2)
    (2.0, 0.0455, 0.2)
    """

    __test__ = False  # not a pytest test class

    statistic: float
    pvalue: float
    alternative: str
    estimate: float
    method: str


def _normal_pvalue(z: float, alternative: str) -> float:
    from scipy import stats

    if math.isnan(z):
        return math.nan
    if alternative == "greater":
        return float(stats.norm.sf(z))
    if alternative == "less":
        return float(stats.norm.cdf(z))
    return float(min(1.0, 2.0 * stats.norm.sf(abs(z))))


def _two_counts(
    k1: int,
    n1: int,
    k2: int,
    n2: int,
    names: tuple[str, ...] = ("k1", "n1", "k2", "n2"),
) -> tuple[tuple[int, int], tuple[int, int]]:
    try:
        first = check_counts(k1, n1, names=(names[0], names[1]))
    except ValueError as err:
        msg = f"arm 1: {err}"
        raise ValueError(msg) from None
    try:
        second = check_counts(k2, n2, names=(names[2], names[3]))
    except ValueError as err:
        msg = f"arm 2: {err}"
        raise ValueError(msg) from None
    return first, second


def two_proportion_z(
    k1: int, n1: int, k2: int, n2: int, *, alternative: str = "two-sided"
) -> TestResult:
    """Two-proportion z test with the variance pooled under the null.

    Parameters
    ----------
    k1, n1 : int
        Successes and trials in arm 1.
    k2, n2 : int
        Successes and trials in arm 2.
    alternative : {"two-sided", "greater", "less"}
        ``"greater"`` tests ``p1 > p2``.

    Returns
    -------
    TestResult
        ``statistic = (p1 - p2) / sqrt(p (1 - p) (1/n1 + 1/n2))`` with the pooled
        ``p = (k1 + k2) / (n1 + n2)``; ``estimate = p1 - p2``.

    Raises
    ------
    TypeError, ValueError
        For non-int counts, ``k > n``, negative counts or an unknown alternative.

    See Also
    --------
    two_proportion_z_unpooled, fisher_exact

    Notes
    -----
    No continuity correction. When the pooled proportion is 0 or 1 the
    statistic is ``0/0`` and both ``statistic`` and ``pvalue`` are ``nan``.
    Matches ``statsmodels.stats.proportion.proportions_ztest([k1, k2], [n1, n2])``
    (``alternative`` spelled ``"larger"``/``"smaller"`` there), and the squared
    statistic equals ``scipy.stats.chi2_contingency(table, correction=False)``'s.

    Examples
    --------
    >>> from theory.inference import two_proportion_z
    >>> round(two_proportion_z(30, 50, 20, 50, alternative="greater").pvalue, 4)
    0.0228
    """
    (a, m), (b, n) = _two_counts(k1, n1, k2, n2)
    alt = check_choice(alternative, "alternative", ALTERNATIVES)
    p1, p2 = a / m, b / n
    pooled = (a + b) / (m + n)
    var = pooled * (1.0 - pooled) * (1.0 / m + 1.0 / n)
    z = (p1 - p2) / math.sqrt(var) if var > 0.0 else math.nan
    return TestResult(z, _normal_pvalue(z, alt), alt, p1 - p2, "z-pooled")


def two_proportion_z_unpooled(
    k1: int, n1: int, k2: int, n2: int, *, alternative: str = "two-sided"
) -> TestResult:
    """Two-proportion Wald z test with unpooled variances.

    Parameters
    ----------
    k1, n1, k2, n2 : int
        Successes and trials in arms 1 and 2.
    alternative : {"two-sided", "greater", "less"}
        ``"greater"`` tests ``p1 > p2``.

    Returns
    -------
    TestResult
        ``statistic = (p1 - p2) / sqrt(p1 (1 - p1) / n1 + p2 (1 - p2) / n2)``.

    Raises
    ------
    TypeError, ValueError
        As :func:`two_proportion_z`.

    See Also
    --------
    two_proportion_z

    Notes
    -----
    Statistic ``nan`` when both arms are at 0 or 1. Matches
    ``statsmodels.stats.proportion.test_proportions_2indep(k1, n1, k2, n2,
    method="wald", compare="diff")``.

    Examples
    --------
    >>> from theory.inference import two_proportion_z_unpooled
    >>> round(two_proportion_z_unpooled(30, 50, 20, 50).statistic, 4)
    2.0412
    """
    (a, m), (b, n) = _two_counts(k1, n1, k2, n2)
    alt = check_choice(alternative, "alternative", ALTERNATIVES)
    p1, p2 = a / m, b / n
    var = p1 * (1.0 - p1) / m + p2 * (1.0 - p2) / n
    z = (p1 - p2) / math.sqrt(var) if var > 0.0 else math.nan
    return TestResult(z, _normal_pvalue(z, alt), alt, p1 - p2, "z-unpooled")


def fisher_exact(
    k1: int, n1: int, k2: int, n2: int, *, alternative: str = "two-sided"
) -> TestResult:
    """Fisher's exact test on the 2x2 table of two arms.

    Parameters
    ----------
    k1, n1, k2, n2 : int
        Successes and trials in arms 1 and 2.
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: the odds of success are higher in arm 1.

    Returns
    -------
    TestResult
        ``statistic`` and ``estimate`` are the sample odds ratio
        ``k1 (n2 - k2) / (k2 (n1 - k1))`` (may be ``0`` or ``inf``).

    Raises
    ------
    TypeError, ValueError
        As :func:`two_proportion_z`.

    See Also
    --------
    two_proportion_z

    Notes
    -----
    Delegates to ``scipy.stats.fisher_exact([[k1, n1 - k1], [k2, n2 - k2]])``;
    the two-sided p-value sums the tables no more likely than the observed one.

    Examples
    --------
    >>> from theory.inference import fisher_exact
    >>> round(fisher_exact(3, 4, 1, 4).pvalue, 4)
    0.4857
    """
    from scipy import stats

    (a, m), (b, n) = _two_counts(k1, n1, k2, n2)
    for size, label in ((m, "n1"), (n, "n2")):  # scipy's exact test is linear in n
        check_int(size, label, maximum=MAX_SIZE)
    alt = check_choice(alternative, "alternative", ALTERNATIVES)
    table = np.array([[a, m - a], [b, n - b]], dtype=np.int64)
    side = cast(Literal["two-sided", "less", "greater"], alt)
    res = stats.fisher_exact(table, alternative=side)
    odds = float(res.statistic)
    return TestResult(odds, float(res.pvalue), alt, odds, "fisher-exact")


def mcnemar(
    table: Sequence[Sequence[int]], *, exact: bool = True, correction: bool = True
) -> TestResult:
    """McNemar's test for paired binary outcomes of two arms.

    Parameters
    ----------
    table : 2x2 sequence of int
        ``[[both, only arm 1], [only arm 2, neither]]`` counts of pairs
        (rows: arm 1 success/failure, columns: arm 2 success/failure).
    exact : bool
        Binomial test on the discordant pairs (default) or the chi-square form.
    correction : bool
        Continuity correction of the chi-square form (ignored if ``exact``).

    Returns
    -------
    TestResult
        Exact: ``statistic = min(b, c)``, ``pvalue = min(1, 2 F(min(b, c);
        b + c, 1/2))``. Chi-square: ``statistic = (|b - c| - 1)^2 / (b + c)``
        (without the ``- 1`` if ``correction=False``), 1 degree of freedom.
        ``estimate = b / (b + c)`` (``nan`` without discordant pairs).

    Raises
    ------
    TypeError, ValueError
        For a table that is not 2x2 of non-negative ints.

    See Also
    --------
    two_proportion_z

    Notes
    -----
    Matches ``statsmodels.stats.contingency_tables.mcnemar(table, exact,
    correction)``. With no discordant pairs the exact p-value is 1 and the
    chi-square statistic and p-value are ``nan``.

    Examples
    --------
    >>> from theory.inference import mcnemar
    >>> r = mcnemar([[10, 9], [2, 5]])
    >>> r.statistic, round(r.pvalue, 4)
    (2.0, 0.0654)
    """
    from scipy import stats

    try:
        rows = [list(r) for r in table]
    except TypeError:
        msg = f"table must be a 2x2 sequence of counts, got {table!r}"
        raise TypeError(msg) from None
    if len(rows) != 2 or any(len(r) != 2 for r in rows):
        msg = f"table must be 2x2, got {table!r}"
        raise ValueError(msg)
    cells = [check_int(v, "table entry", minimum=0) for r in rows for v in r]
    b, c = cells[1], cells[2]
    m = b + c
    est = b / m if m else math.nan
    if exact:
        low = min(b, c)
        p = 1.0 if m == 0 else float(min(1.0, 2.0 * stats.binom.cdf(low, m, 0.5)))
        return TestResult(float(low), p, "two-sided", est, "mcnemar-exact")
    if m == 0:
        return TestResult(math.nan, math.nan, "two-sided", est, "mcnemar-chi2")
    diff = abs(b - c) - (1.0 if correction else 0.0)
    stat = diff * diff / m
    return TestResult(
        stat, float(stats.chi2.sf(stat, 1)), "two-sided", est, "mcnemar-chi2"
    )
