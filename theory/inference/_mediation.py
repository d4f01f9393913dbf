"""Baron-Kenny mediation with a bootstrap interval for the indirect effect."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from theory.validation import check_confidence, check_int, check_pair, check_sample

__all__ = ["Mediation", "baron_kenny"]


@dataclass(frozen=True, slots=True)
class Mediation:
    """Baron-Kenny path coefficients and bootstrap intervals.

    Attributes
    ----------
    total : float
        ``c``: slope of ``y ~ x``.
    direct : float
        ``c'``: slope of ``x`` in ``y ~ x + m``.
    a, b : float
        Slope of ``m ~ x``; slope of ``m`` in ``y ~ x + m``.
    indirect : float
        ``a * b`` (equals ``c - c'`` for OLS).
    proportion_mediated : float
        ``a * b / c`` (``nan`` if ``c == 0``).
    indirect_low, indirect_high : float
        Percentile bootstrap interval of ``a * b``.
    proportion_low, proportion_high : float
        Percentile bootstrap interval of the proportion mediated.
    confidence_level : float
        Two-sided level.
    n_resamples : int
        Bootstrap resamples that gave a defined fit (degenerate ones dropped).

    Examples
    --------
    >>> from theory.inference import baron_kenny
    >>> r = baron_kenny([0, 0, 1, 1, 0, 1], [0, 1, 1, 1, 0, 0], [0, 1, 1, 1, 0, 1], n_resamples=200)
    >>> round(r.total, 4), round(r.direct + r.indirect, 4)
    (0.6667, 0.6667)
    """

    total: float
    direct: float
    a: float
    b: float
    indirect: float
    proportion_mediated: float
    indirect_low: float
    indirect_high: float
    proportion_low: float
    proportion_high: float
    confidence_level: float
    n_resamples: int


def _paths(
    x: NDArray[np.float64], m: NDArray[np.float64], y: NDArray[np.float64]
) -> tuple[NDArray[np.float64], ...]:
    # rows are resamples; closed-form OLS from centred cross products
    xc = x - x.mean(axis=-1, keepdims=True)
    mc = m - m.mean(axis=-1, keepdims=True)
    yc = y - y.mean(axis=-1, keepdims=True)
    sxx, smm = (xc * xc).sum(-1), (mc * mc).sum(-1)
    sxm, sxy, smy = (xc * mc).sum(-1), (xc * yc).sum(-1), (mc * yc).sum(-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        det = sxx * smm - sxm * sxm
        a, c = sxm / sxx, sxy / sxx
        b = (sxx * smy - sxm * sxy) / det
        direct = (smm * sxy - sxm * smy) / det
        prop = a * b / c
    return c, direct, a, b, prop


def baron_kenny(
    x: ArrayLike,
    m: ArrayLike,
    y: ArrayLike,
    *,
    n_resamples: int = 2000,
    confidence_level: float = 0.95,
    seed: int = 0,
) -> Mediation:
    """Baron-Kenny mediation of ``x -> m -> y`` with a paired bootstrap.

    Parameters
    ----------
    x, m, y : array_like
        Treatment, mediator and outcome per unit (equal lengths, >= 4).
    n_resamples : int
        Bootstrap resamples of whole rows (>= 2).
    confidence_level : float
        Two-sided level in ``(0, 1)``.
    seed : int
        Seed of ``numpy.random.default_rng``.

    Returns
    -------
    Mediation
        Paths ``c``, ``c'``, ``a``, ``b``, the indirect effect ``a b``, the
        proportion mediated ``a b / c`` and percentile intervals.

    Raises
    ------
    TypeError, ValueError
        For malformed input, or a constant ``x`` or a mediator collinear with
        ``x`` (the regressions are undefined).

    See Also
    --------
    bootstrap_ci

    Notes
    -----
    Three OLS fits with intercepts: ``y ~ x`` (``c``), ``m ~ x`` (``a``),
    ``y ~ x + m`` (``c'``, ``b``); their coefficients match
    ``statsmodels.api.OLS``. For OLS ``c = c' + a b`` exactly. The indirect
    effect's interval is the percentile bootstrap over rows (preferred to
    Sobel's normal test); resamples with a constant ``x`` or a collinear
    design are dropped and ``n_resamples`` counts the kept ones. The
    proportion mediated is unstable when ``c`` is near 0.

    Examples
    --------
    >>> from theory.inference import baron_kenny
    >>> x = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> m = [0, 0, 1, 0, 1, 1, 1, 0]
    >>> y = [0, 0, 1, 0, 1, 1, 1, 1]
    >>> r = baron_kenny(x, m, y, n_resamples=500)
    >>> round(r.a, 4), round(r.indirect, 4), r.indirect_low <= r.indirect <= r.indirect_high
    (0.5, 0.25, True)
    """
    xs, ms = check_pair(x, m, ("x", "m"), min_size=4)
    ys = check_sample(y, "y", min_size=4)
    if ys.size != xs.size:
        msg = f"x and y must have equal length, got {xs.size} and {ys.size}"
        raise ValueError(msg)
    n_res = check_int(n_resamples, "n_resamples", minimum=2)
    level = check_confidence(confidence_level)
    c, direct, a, b, prop = (float(v) for v in _paths(xs, ms, ys))
    if not (np.isfinite(c) and np.isfinite(b)):
        msg = "x must vary and m must not be collinear with x: the regressions are undefined"
        raise ValueError(msg)
    rng = np.random.default_rng(check_int(seed, "seed", minimum=0))
    idx = rng.integers(0, xs.size, size=(n_res, xs.size))
    _, _, ab_a, ab_b, ab_prop = _paths(xs[idx], ms[idx], ys[idx])
    ind = ab_a * ab_b
    keep = np.isfinite(ind)
    alpha = 1.0 - level
    qs = [50.0 * alpha, 100.0 - 50.0 * alpha]
    lo, hi = (float(v) for v in np.percentile(ind[keep], qs))
    props = ab_prop[np.isfinite(ab_prop)]
    plo, phi = (
        (float(v) for v in np.percentile(props, qs)) if props.size else (np.nan, np.nan)
    )
    return Mediation(
        c, direct, a, b, a * b, prop, lo, hi, float(plo), float(phi), level, int(keep.sum()),
    )  # fmt: skip
