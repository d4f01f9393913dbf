"""Effect sizes, concentration bounds and power for proportions (docs/guide/inference.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from theory.inference._tests import ALTERNATIVES
from theory.validation import (
    check_choice,
    check_confidence,
    check_int,
    check_level_or_alpha,
    check_probability,
    check_real,
)

_MAX_SAMPLES = 1e18

__all__ = [
    "COHENS_H_THRESHOLDS",
    "CohensH",
    "cohens_h",
    "hoeffding_bound",
    "hoeffding_sample_size",
    "power_two_proportions",
    "sample_size_two_proportions",
]

COHENS_H_THRESHOLDS = (0.2, 0.5, 0.8)
_LABELS = ("negligible", "small", "medium", "large")


@dataclass(frozen=True, slots=True)
class CohensH:
    """Cohen's ``h`` and its conventional magnitude label.

    Attributes
    ----------
    h : float
        ``2 asin sqrt(p1) - 2 asin sqrt(p2)``, in ``[-pi, pi]``.
    magnitude : str
        ``"negligible"`` (``|h| < 0.2``), ``"small"`` (``< 0.5``),
        ``"medium"`` (``< 0.8``) or ``"large"``.

    Examples
    --------
    >>> from theory.inference import cohens_h
    >>> cohens_h(0.5, 0.5)
    CohensH(h=0.0, magnitude='negligible')
    """

    h: float
    magnitude: str


def cohens_h(p1: float, p2: float) -> CohensH:
    """Cohen's ``h`` effect size between two proportions.

    Parameters
    ----------
    p1, p2 : float
        Proportions in ``[0, 1]``.

    Returns
    -------
    CohensH
        ``h = 2 asin sqrt(p1) - 2 asin sqrt(p2)`` and its magnitude label
        with thresholds 0.2 / 0.5 / 0.8 on ``|h|`` (a threshold belongs to the
        larger label: ``|h| = 0.2`` is "small").

    Raises
    ------
    TypeError, ValueError
        For a non-real, NaN or out-of-range proportion.

    See Also
    --------
    power_two_proportions

    Notes
    -----
    ``2 asin sqrt(p)`` is the variance-stabilising transform of a binomial
    proportion (variance about ``1/n``), so ``h`` is on one scale whatever the
    base rate. Matches
    ``statsmodels.stats.proportion.proportion_effectsize(p1, p2)``. Cohen
    (1988), ch. 6.

    Examples
    --------
    >>> from theory.inference import cohens_h
    >>> r = cohens_h(0.75, 0.25)
    >>> round(r.h, 4), r.magnitude
    (1.0472, 'large')
    """
    a = check_probability(p1, "p1")
    b = check_probability(p2, "p2")
    h = 2.0 * math.asin(math.sqrt(a)) - 2.0 * math.asin(math.sqrt(b))
    size = abs(h)
    label = _LABELS[sum(size >= t for t in COHENS_H_THRESHOLDS)]
    return CohensH(h, label)


def hoeffding_bound(n: int, epsilon: float) -> float:
    """Hoeffding's bound ``P(|p_hat - p| >= epsilon) <= 2 exp(-2 n epsilon^2)``.

    Parameters
    ----------
    n : int
        Number of independent ``[0, 1]``-valued observations, ``n >= 1``.
    epsilon : float
        Deviation, ``epsilon > 0``.

    Returns
    -------
    float
        ``min(1, 2 exp(-2 n epsilon^2))``.

    Raises
    ------
    TypeError, ValueError
        For a non-int or non-positive ``n`` or ``epsilon <= 0``.

    See Also
    --------
    hoeffding_sample_size

    Notes
    -----
    Two-sided Hoeffding (1963) inequality for the mean of bounded variables;
    distribution-free, so conservative for any particular ``p``.

    Examples
    --------
    >>> from theory.inference import hoeffding_bound
    >>> round(hoeffding_bound(738, 0.05), 4)
    0.0499
    """
    nn = check_int(n, "n", minimum=1)
    eps = check_real(epsilon, "epsilon", low=0.0, low_open=True)
    return min(1.0, 2.0 * math.exp(-2.0 * nn * eps * eps))


def hoeffding_sample_size(epsilon: float, delta: float) -> int:
    """Smallest ``n`` with ``2 exp(-2 n epsilon^2) <= delta``.

    Parameters
    ----------
    epsilon : float
        Deviation, ``epsilon > 0``.
    delta : float
        Failure probability in ``(0, 1)``.

    Returns
    -------
    int
        ``ceil(ln(2 / delta) / (2 epsilon^2))``.

    Raises
    ------
    TypeError, ValueError
        For ``epsilon <= 0`` or ``delta`` outside ``(0, 1)``.

    See Also
    --------
    hoeffding_bound

    Notes
    -----
    Solving the bound of :func:`hoeffding_bound` for ``n``. The ceiling is
    taken after subtracting a relative ``1e-12`` to absorb rounding when the
    quotient is an integer.

    Examples
    --------
    >>> from theory.inference import hoeffding_sample_size
    >>> hoeffding_sample_size(0.05, 0.05)
    738
    """
    eps = check_real(epsilon, "epsilon", low=0.0, low_open=True)
    d = check_confidence(delta, name="delta")
    denominator = 2.0 * eps * eps  # underflows to 0 for epsilon < 1e-162
    exact = (
        math.inf if denominator == 0.0 else (math.log(2.0) - math.log(d)) / denominator
    )
    if not exact <= _MAX_SAMPLES:
        msg = f"epsilon={eps!r}, delta={d!r} need more than {_MAX_SAMPLES:.0e} samples"
        raise ValueError(msg)
    return max(1, math.ceil(exact * (1.0 - 1e-12)))


def _power_from_h(h: float, n_eff: float, alpha: float, alternative: str) -> float:
    # statsmodels.stats.power.normal_power with effect h and nobs n_eff
    from scipy import stats

    shift = h * math.sqrt(n_eff)
    crit = stats.norm.isf(alpha / 2.0 if alternative == "two-sided" else alpha)
    power = 0.0
    if alternative in ("two-sided", "greater"):
        power += float(stats.norm.sf(crit - shift))
    if alternative in ("two-sided", "less"):
        power += float(stats.norm.cdf(-crit - shift))
    return power


def power_two_proportions(
    p1: float,
    p2: float,
    n1: float,
    *,
    ratio: float = 1.0,
    confidence_level: float = 0.95,
    alternative: str = "two-sided",
    alpha: float | None = None,
) -> float:
    """Normal-approximation power of the arcsine test of two proportions.

    Parameters
    ----------
    p1, p2 : float
        True proportions in arms 1 and 2.
    n1 : float
        Size of arm 1 (``> 0``); arm 2 has ``ratio * n1``.
    ratio : float
        ``n2 / n1``, ``> 0``.
    confidence_level : float
        ``1 - alpha`` for the test's significance level ``alpha``, in ``(0, 1)``.
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: ``p1 > p2``.
    alpha : float, optional
        Deprecated (kept for one release; warns): the significance level,
        the same as ``confidence_level=1 - alpha``.

    Returns
    -------
    float
        ``Phi(h sqrt(m) - z) + Phi(-h sqrt(m) - z)`` (two-sided) with
        ``h = cohens_h(p1, p2).h``, ``m = 1 / (1/n1 + 1/n2)`` and ``z`` the
        ``1 - alpha/2`` normal quantile, ``alpha = 1 - confidence_level``.

    Raises
    ------
    TypeError, ValueError
        For out-of-range arguments.

    See Also
    --------
    sample_size_two_proportions, cohens_h

    Notes
    -----
    Matches ``statsmodels.stats.power.NormalIndPower().power(
    proportion_effectsize(p1, p2), nobs1=n1, alpha=1 - confidence_level, ratio=ratio,
    alternative=...)`` (``"larger"``/``"smaller"`` there). The two-sided
    power counts rejections in both tails.

    Examples
    --------
    >>> from theory.inference import power_two_proportions
    >>> round(power_two_proportions(0.6, 0.4, 100), 4)
    0.8126
    """
    h = cohens_h(p1, p2).h
    size = check_real(n1, "n1", low=0.0, low_open=True)
    r = check_real(ratio, "ratio", low=0.0, low_open=True)
    _, a = check_level_or_alpha(confidence_level, alpha)
    alt = check_choice(alternative, "alternative", ALTERNATIVES)
    n_eff = size * r / (1.0 + r)  # = 1 / (1/n1 + 1/n2), without dividing by tiny n1
    if not 0.0 < n_eff < math.inf:
        msg = f"n1={size!r} and ratio={r!r} give an effective size outside (0, inf)"
        raise ValueError(msg)
    return _power_from_h(h, n_eff, a, alt)


_MAX_SIZE = 1e15


def sample_size_two_proportions(
    p1: float,
    p2: float,
    *,
    power: float = 0.8,
    ratio: float = 1.0,
    confidence_level: float = 0.95,
    alternative: str = "two-sided",
    alpha: float | None = None,
) -> float:
    """Arm-1 size at which :func:`power_two_proportions` reaches ``power``.

    Parameters
    ----------
    p1, p2 : float
        True proportions, ``p1 != p2``.
    power : float
        Target power in ``(alpha, 1)``, ``alpha = 1 - confidence_level``.
    ratio, confidence_level, alternative, alpha
        As :func:`power_two_proportions` (``alpha`` deprecated).

    Returns
    -------
    float
        The real-valued ``n1`` (round up for a design).

    Raises
    ------
    ValueError
        If ``p1 == p2``, the power is not above ``alpha``, the power is not
        reached with ``n1 <= 1e15``, or as :func:`power_two_proportions`.

    See Also
    --------
    power_two_proportions

    Notes
    -----
    Root of the power curve by ``scipy.optimize.brentq`` (relative tolerance
    ``1e-12``). Matches ``statsmodels.stats.power.NormalIndPower().solve_power(
    proportion_effectsize(p1, p2), alpha=1 - confidence_level, power=power,
    ratio=ratio)``.
    A one-sided alternative pointing away from the effect has no solution
    (``ValueError``).

    Examples
    --------
    >>> from theory.inference import sample_size_two_proportions
    >>> round(sample_size_two_proportions(0.6, 0.4), 2)
    96.79
    """
    from scipy import optimize

    h = cohens_h(p1, p2).h
    target = check_confidence(power, name="power")
    _, a = check_level_or_alpha(confidence_level, alpha)
    r = check_real(ratio, "ratio", low=0.0, low_open=True)
    alt = check_choice(alternative, "alternative", ALTERNATIVES)
    if h == 0.0:
        msg = f"p1 and p2 must differ, got p1=p2={p1!r}"
        raise ValueError(msg)
    if target <= a:
        msg = f"power must exceed alpha={a}, got {target}"
        raise ValueError(msg)

    def gap(n1: float) -> float:
        return _power_from_h(h, 1.0 / (1.0 / n1 + 1.0 / (r * n1)), a, alt) - target

    # doubling up to the cap 1e15 itself (stopping at the first power of two
    # above 2**49 refused sizes between 5.6e14 and 1e15 as "not reachable")
    high = 2.0
    while gap(high) < 0.0:
        if high >= _MAX_SIZE:
            msg = (
                f"power={target} is not reachable for alternative={alt!r} with "
                f"h={h:.4g} and n1 <= {_MAX_SIZE:.0e}"
            )
            raise ValueError(msg)
        high = min(high * 2.0, _MAX_SIZE)
    return float(optimize.brentq(gap, 1e-9, high, rtol=1e-12))
