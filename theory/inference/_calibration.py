"""Expected calibration error and the retention ratio (docs/guide/inference.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from theory.inference._tests import _two_counts
from theory.validation import MAX_SIZE, check_confidence, check_int, check_pair

__all__ = ["RetentionRatio", "expected_calibration_error", "retention_ratio"]


def expected_calibration_error(
    confidence: ArrayLike, correct: ArrayLike, *, n_bins: int = 10
) -> float:
    """Return the expected calibration error with equal-width confidence bins.

    Parameters
    ----------
    confidence : array_like
        Stated confidence per prediction, in ``[0, 1]``.
    correct : array_like
        Outcome per prediction, in ``[0, 1]`` (1 = correct).
    n_bins : int
        Number of equal-width bins, ``>= 1``.

    Returns
    -------
    float
        ``sum_m |B_m| / n * |acc(B_m) - conf(B_m)|`` over non-empty bins.

    Raises
    ------
    TypeError, ValueError
        For malformed, NaN, out-of-range or unequal-length input.

    See Also
    --------
    proportion_ci

    Notes
    -----
    Binning (Guo et al. 2017): edges ``numpy.linspace(0, 1, n_bins + 1)``,
    bins right-closed ``(e_{m-1}, e_m]``, and a confidence of exactly 0 goes
    to the first bin. ``acc`` and ``conf`` are the bin means of ``correct``
    and ``confidence``. ECE depends on the binning; with one bin it is
    ``|mean(correct) - mean(confidence)|``.

    Examples
    --------
    >>> from theory.inference import expected_calibration_error
    >>> round(expected_calibration_error([0.9, 0.9, 0.2, 0.2], [1, 0, 0, 0]), 4)
    0.3
    """
    conf, hit = check_pair(confidence, correct, ("confidence", "correct"), unit=True)
    m = check_int(n_bins, "n_bins", minimum=1, maximum=MAX_SIZE)
    edges = np.linspace(0.0, 1.0, m + 1)
    index = np.clip(np.searchsorted(edges, conf, side="left") - 1, 0, m - 1)
    total = 0.0
    for b in np.unique(index):
        mask = index == b
        total += float(mask.sum()) * abs(
            float(hit[mask].mean()) - float(conf[mask].mean())
        )
    return total / conf.size


@dataclass(frozen=True, slots=True)
class RetentionRatio:
    """Ratio of recall after ``K_max`` compaction steps to recall at 0.

    Attributes
    ----------
    estimate : float
        ``(k_max / n_max) / (k_0 / n_0)``.
    low, high : float
        Log-scale (Katz) interval with half-count adjustment.
    confidence_level : float
        Two-sided level.

    Examples
    --------
    >>> from theory.inference import retention_ratio
    >>> retention_ratio(40, 100, 80, 100).estimate
    0.5
    """

    estimate: float
    low: float
    high: float
    confidence_level: float


def retention_ratio(
    k_max: int, n_max: int, k_0: int, n_0: int, *, confidence_level: float = 0.95
) -> RetentionRatio:
    """Retention ratio ``recall(K_max) / recall(0)`` with a log-scale interval.

    Parameters
    ----------
    k_max, n_max : int
        Probes recalled and asked after ``K_max`` steps.
    k_0, n_0 : int
        Probes recalled and asked before compaction; ``k_0 >= 1``.
    confidence_level : float
        Two-sided level in ``(0, 1)``.

    Returns
    -------
    RetentionRatio
        The ratio and its interval.

    Raises
    ------
    TypeError, ValueError
        For bad counts or ``k_0 == 0`` (ratio undefined).

    See Also
    --------
    proportion_ci

    Notes
    -----
    Treats the two recalls as independent binomial samples. Interval:
    ``exp(log r' -/+ z sqrt(1/k1' - 1/n1' + 1/k0' - 1/n0'))`` with every count
    and trial number increased by 1/2 (``r'`` the adjusted ratio), which
    matches ``statsmodels.stats.proportion.confint_proportions_2indep(k_max,
    n_max, k_0, n_0, compare="ratio", method="log-adjusted")``. The estimate
    is the unadjusted ratio.

    Examples
    --------
    >>> from theory.inference import retention_ratio
    >>> r = retention_ratio(40, 100, 80, 100)
    >>> round(r.low, 4), round(r.high, 4)
    (0.389, 0.6506)
    """
    from scipy.special import ndtri

    (a, m), (b, n) = _two_counts(
        k_max, n_max, k_0, n_0, ("k_max", "n_max", "k_0", "n_0")
    )
    level = check_confidence(confidence_level)
    if b == 0:
        msg = "k_0 must be >= 1: recall(0) = 0 makes the retention ratio undefined"
        raise ValueError(msg)
    a1, m1, b1, n1 = a + 0.5, m + 0.5, b + 0.5, n + 0.5
    log_ratio = math.log((a1 / m1) / (b1 / n1))
    half = -float(ndtri((1.0 - level) / 2.0)) * math.sqrt(
        1 / a1 - 1 / m1 + 1 / b1 - 1 / n1
    )
    est = (a / m) / (b / n)
    return RetentionRatio(
        est, math.exp(log_ratio - half), math.exp(log_ratio + half), level
    )
