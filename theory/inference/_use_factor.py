"""The use factor ``kappa = P_comply / P_ret`` and its intervals (docs/guide/depth.md §2, docs/guide/inference.md §3)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from theory.inference._proportions import proportion_ci
from theory.inference._results import MeanCI
from theory.validation import check_confidence, check_pair

__all__ = ["UseFactor", "conditional_use_factor", "use_factor"]


@dataclass(frozen=True, slots=True)
class UseFactor:
    """Ratio estimate of the use factor with delta-method intervals.

    Attributes
    ----------
    estimate : float
        ``kappa_hat = mean(comply) / mean(recall)``.
    standard_error : float
        Delta-method standard error with the covariance term (paired trials).
        Also readable as ``se`` (kept for one release).
    standard_error_no_covariance : float
        The same without the covariance term (independent samples). Also
        readable as ``se_no_covariance`` (kept for one release).
    low, high : float
        Wald interval ``estimate -/+ z * standard_error`` (not clipped: the
        ratio estimate itself can exceed 1).
    low_no_covariance, high_no_covariance : float
        Wald interval with ``standard_error_no_covariance``.
    confidence_level : float
        Two-sided level.
    n : int
        Number of trials.
    comply_mean, retrieval_mean, covariance : float
        ``P_comply_hat``, ``P_ret_hat`` and their sample covariance (ddof 1).

    Examples
    --------
    >>> from theory.inference import use_factor
    >>> r = use_factor([1, 0, 1, 0], [1, 1, 1, 0])
    >>> round(r.estimate, 4), r.n
    (0.6667, 4)
    """

    estimate: float
    standard_error: float
    standard_error_no_covariance: float
    low: float
    high: float
    low_no_covariance: float
    high_no_covariance: float
    confidence_level: float
    n: int
    comply_mean: float
    retrieval_mean: float
    covariance: float

    @property
    def se(self) -> float:
        """``standard_error`` under its old name (kept for one release)."""
        return self.standard_error

    @property
    def se_no_covariance(self) -> float:
        """``standard_error_no_covariance`` under its old name (kept for one release)."""
        return self.standard_error_no_covariance


def use_factor(
    comply: ArrayLike, recall: ArrayLike, *, confidence_level: float = 0.95
) -> UseFactor:
    """Ratio estimator of the use factor with delta-method standard errors.

    Parameters
    ----------
    comply : array_like
        Per-trial compliance in ``[0, 1]`` (binary or a fraction).
    recall : array_like
        Per-trial retrieval (recall) in ``[0, 1]``, paired with ``comply``.
    confidence_level : float
        Two-sided level in ``(0, 1)``.

    Returns
    -------
    UseFactor
        ``kappa_hat = C_bar / R_bar`` and two delta-method standard errors.

    Raises
    ------
    TypeError, ValueError
        For non-numeric, NaN, out-of-range or unequal-length samples, fewer
        than 2 trials, ``mean(recall) == 0``, or a mean so small that the
        standard error overflows.

    See Also
    --------
    conditional_use_factor

    Notes
    -----
    ``P_comply = P_ret * kappa`` (``DL`` §2.2, separability assumed). With
    sample variances and covariance (ddof 1) the first-order (delta-method)
    variance of the ratio is
    ``(Var C / R^2 - 2 C Cov(C, R) / R^3 + C^2 Var R / R^4) / n``
    (``C``, ``R`` the means). ``standard_error`` keeps the covariance term, right when
    both come from the same trials; ``se_no_covariance`` drops it, right when
    they come from independent samples of the same size. ``standard_error`` equals
    ``sd(C_i - kappa_hat R_i) / (R sqrt(n))``, which the tests check.

    Examples
    --------
    >>> from theory.inference import use_factor
    >>> r = use_factor([1, 1, 0, 1, 0, 1], [1, 1, 1, 1, 0, 1])
    >>> round(r.estimate, 3), r.standard_error < r.standard_error_no_covariance
    (0.8, True)
    """
    from scipy.special import ndtri

    c, r = check_pair(comply, recall, ("comply", "recall"), unit=True, min_size=2)
    level = check_confidence(confidence_level)
    n = int(c.size)
    cm, rm = float(c.mean()), float(r.mean())
    if rm == 0.0:
        msg = "recall must have a positive mean (the use factor is C/R), got 0"
        raise ValueError(msg)
    kappa = cm / rm
    var_c = float(np.var(c, ddof=1))
    var_r = float(np.var(r, ddof=1))
    cov = float(np.cov(c, r, ddof=1)[0, 1])
    # base = Var C / R^2 + C^2 Var R / R^4, written as a sum of two squares so
    # that a tiny positive R (R^4 underflowing to 0) cannot divide by zero
    terms = (math.sqrt(var_c) / rm, kappa * math.sqrt(var_r) / rm)
    se0 = math.hypot(*terms) / math.sqrt(n)
    # Same quantity as sqrt((base - 2 cm cov / rm^3) / n), computed from the
    # linearised residuals so that it cannot cancel to a spurious 1e-8.
    se = (
        float(np.std(c - kappa * r, ddof=1)) / (rm * math.sqrt(n))
        if math.isfinite(kappa)
        else math.inf
    )
    if not (math.isfinite(se) and math.isfinite(se0)):
        msg = (
            f"recall's mean {rm!r} is too small: the use factor's standard "
            "error overflows the float range"
        )
        raise ValueError(msg)
    z = -float(ndtri((1.0 - level) / 2.0))  # finite for level = 1 - 1e-16
    return UseFactor(
        kappa, se, se0, kappa - z * se, kappa + z * se, kappa - z * se0,
        kappa + z * se0, level, n, cm, rm, cov,
    )  # fmt: skip


def conditional_use_factor(
    comply: ArrayLike, recall: ArrayLike, *, confidence_level: float = 0.95
) -> MeanCI:
    """Use factor on the recall = 1 slice: mean compliance when fully retrieved.

    Parameters
    ----------
    comply, recall : array_like
        Paired per-trial compliance and recall in ``[0, 1]``.
    confidence_level : float
        Two-sided level in ``(0, 1)``.

    Returns
    -------
    MeanCI
        Mean compliance over trials with ``recall == 1``. Binary compliance:
        Wilson interval (:func:`proportion_ci`); fractional compliance:
        Student t interval on the mean (``nan`` ends for a single trial).

    Raises
    ------
    ValueError
        If no trial has ``recall == 1``, or as :func:`use_factor`.

    See Also
    --------
    use_factor

    Notes
    -----
    ``kappa = P(comply | decision retrieved)``, estimated directly where the
    decision was surely retrieved; unbiased for ``kappa`` only if the slice
    is not selected on anything else that drives compliance. The t interval
    matches ``scipy.stats.ttest_1samp(x, 0).confidence_interval(level)``.

    Examples
    --------
    >>> from theory.inference import conditional_use_factor
    >>> r = conditional_use_factor([1, 1, 0, 1, 0], [1, 1, 1, 0.5, 0])
    >>> round(r.estimate, 4), r.n
    (0.6667, 3)
    """
    from scipy import stats

    c, r = check_pair(comply, recall, ("comply", "recall"), unit=True)
    level = check_confidence(confidence_level)
    sl = c[r == 1.0]
    if sl.size == 0:
        msg = "recall has no trial equal to 1: the conditional use factor is undefined"
        raise ValueError(msg)
    n = int(sl.size)
    if np.isin(sl, (0.0, 1.0)).all():
        ci = proportion_ci(int(sl.sum()), n, confidence_level=level)
        return MeanCI(ci.low, ci.high, ci.estimate, n, "wilson", level)
    mean = float(sl.mean())
    if n < 2:
        return MeanCI(math.nan, math.nan, mean, n, "t", level)
    sem = float(np.std(sl, ddof=1)) / math.sqrt(n)
    t = float(stats.t.ppf(0.5 + level / 2.0, n - 1))
    return MeanCI(mean - t * sem, mean + t * sem, mean, n, "t", level)
