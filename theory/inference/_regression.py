"""OLS depth slope with a depth-stratified bootstrap interval (docs/guide/depth.md §3, docs/guide/inference.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from theory.validation import MAX_RESAMPLES, check_confidence, check_int, check_pair

__all__ = ["DepthSlope", "depth_slope"]


@dataclass(frozen=True, slots=True)
class DepthSlope:
    """OLS fit ``comply = intercept + slope * depth`` with a bootstrap interval.

    Attributes
    ----------
    slope, intercept : float
        OLS estimates.
    low, high : float
        Percentile interval for the slope from the stratified bootstrap.
    standard_error : float
        Bootstrap standard deviation (ddof 1) of the slope.
    confidence_level : float
        Two-sided level.
    n_resamples : int
        Bootstrap resamples.
    n : int
        Number of observations.
    n_depths : int
        Number of distinct depths (strata).

    Examples
    --------
    >>> from theory.inference import depth_slope
    >>> r = depth_slope([1, 1, 2, 2, 3, 3], [1, 1, 1, 0, 0, 0], n_resamples=200)
    >>> r.slope, round(r.intercept, 4)
    (-0.5, 1.5)
    """

    slope: float
    intercept: float
    low: float
    high: float
    standard_error: float
    confidence_level: float
    n_resamples: int
    n: int
    n_depths: int


def depth_slope(
    depth: ArrayLike,
    comply: ArrayLike,
    *,
    n_resamples: int = 2000,
    confidence_level: float = 0.95,
    seed: int = 0,
) -> DepthSlope:
    """OLS slope of compliance on depth with a depth-stratified bootstrap.

    Parameters
    ----------
    depth : array_like
        Per-trial depth ``d_i`` (at least 2 distinct values).
    comply : array_like
        Per-trial compliance (binary or fractional), paired with ``depth``.
    n_resamples : int
        Bootstrap resamples (>= 2).
    confidence_level : float
        Two-sided level in ``(0, 1)``.
    seed : int
        Seed of ``numpy.random.default_rng``.

    Returns
    -------
    DepthSlope
        ``slope = S_dy / S_dd``, ``intercept = y_bar - slope d_bar`` and the
        percentile interval of the slope.

    Raises
    ------
    TypeError, ValueError
        For malformed, NaN or unequal-length input, a single depth, or
        values so large that the slope or its bootstrap overflows.

    See Also
    --------
    bootstrap_ci

    Notes
    -----
    The point estimate matches ``scipy.stats.linregress(depth, comply)``.
    Stratified bootstrap: within each depth the trials are resampled with
    replacement, so each resample keeps the design (the count per depth) and
    only the outcomes vary; the interval takes the ``alpha/2`` and
    ``1 - alpha/2`` quantiles (numpy's linear rule) of the resampled slopes.
    A slope near 0 says compliance does not fall with depth over the
    measured range; it is not a test of the decay law's shape (``DL-T7``).

    Examples
    --------
    >>> from theory.inference import depth_slope
    >>> r = depth_slope([1, 1, 1, 2, 2, 2, 3, 3, 3], [1, 1, 1, 1, 1, 0, 1, 0, 0])
    >>> round(r.slope, 4), r.low <= r.slope <= r.high
    (-0.3333, True)
    """
    d, y = check_pair(depth, comply, ("depth", "comply"), min_size=2)
    n_res = check_int(n_resamples, "n_resamples", minimum=2, maximum=MAX_RESAMPLES)
    level = check_confidence(confidence_level)
    rng = np.random.default_rng(check_int(seed, "seed", minimum=0))
    levels = np.unique(d)
    if levels.size < 2:
        msg = f"depth must take at least 2 distinct values, got {levels.tolist()}"
        raise ValueError(msg)
    with np.errstate(over="ignore", invalid="ignore"):
        dc = d - d.mean()
        sdd = float(dc @ dc)
        slope = float(dc @ (y - y.mean())) / sdd
        intercept = float(y.mean()) - slope * float(d.mean())
        boot = np.zeros(n_res)
        for value in levels:
            rows = np.flatnonzero(d == value)
            draws = rng.integers(0, rows.size, size=(n_res, rows.size))
            # the design is fixed, so each resample's slope is sum(dc_i y*_i) / S_dd
            boot += y[rows][draws].sum(axis=1) * float(dc[rows[0]])
        boot /= sdd
        alpha = 1.0 - level
        low, high = np.percentile(boot, [50.0 * alpha, 100.0 - 50.0 * alpha])
        se = float(np.std(boot, ddof=1))
    if not all(math.isfinite(v) for v in (sdd, slope, intercept, low, high, se)):
        msg = (
            "depth and comply are too large in magnitude: the slope or its "
            "bootstrap overflows the float range (about 1.8e308)"
        )
        raise ValueError(msg)
    return DepthSlope(
        slope, intercept, float(low), float(high), se,
        level, n_res, int(d.size), int(levels.size),
    )  # fmt: skip
