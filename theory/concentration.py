"""Cosine concentration on spheres (SLM-P7.1) and progressive-disclosure depth (SLM-T6.5).

Cosine of two independent uniform unit vectors in ``R^d`` (``d >= 2``):
``(1 + cos) / 2 ~ Beta((d - 1)/2, (d - 1)/2)``, so for ``t >= 0``
``P(cos >= t) = I_{1 - t^2}((d - 1)/2, 1/2) / 2
= 1/2 - I_{t^2}(1/2, (d - 1)/2) / 2`` (the spherical cap; ``I`` is the
regularised incomplete beta function; the second form is used for
``t^2 < 1/2``, where ``1 - t^2`` would round). For ``N`` independent
memories with cosines ``c_i`` to a query, the expected number within ``eps``
of the best is ``E K = N int f(x) F(x + eps)^(N - 1) dx`` (``F``, ``f`` the
cosine's CDF and density; ``F = 1`` past 1), since ``c_1`` is within ``eps``
of the maximum iff every other ``c_j <= c_1 + eps``. For ``d = 3`` the
cosine is uniform on ``[-1, 1]`` and ``E K = 1 - (eps/2)^N + N eps / 2``.

Progressive disclosure: a ``d``-dimensional Gaussian source of per-coordinate
variance ``sigma^2`` needs ``R(D) = (d/2) log(sigma^2 / D)`` nats for
distortion ``D`` per coordinate; a level with branching ``r`` conveys
``log r`` nats, so ``L = d log(sigma^2 / D_min) / (2 log r)`` levels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import sympy as sp
from scipy import integrate, stats
from scipy.optimize import brentq
from scipy.special import betainc

from theory.validation import MAX_RESAMPLES, MAX_SIZE, check_int, check_real

__all__ = [
    "MonteCarloCount",
    "cap_probability",
    "dimension_for_near_best",
    "expected_near_best",
    "near_best_monte_carlo",
    "progressive_depth",
    "progressive_depth_symbolic",
]


@dataclass(frozen=True, slots=True)
class MonteCarloCount:
    """Mean count over repetitions and its standard error.

    Examples
    --------
    >>> from theory.concentration import MonteCarloCount
    >>> MonteCarloCount(2.5, 0.1, 100).reps
    100
    """

    mean: float
    standard_error: float
    reps: int


def cap_probability(t: float, d: int) -> float:
    """Return ``P(cos(u, v) >= t)`` for independent uniform unit vectors in ``R^d``.

    Parameters
    ----------
    t : float
        Threshold in ``[-1, 1]``.
    d : int
        Dimension, >= 2.

    Returns
    -------
    float
        The normalised area of the spherical cap.

    Notes
    -----
    SLM-P7.1. Matches ``scipy.stats.beta((d-1)/2, (d-1)/2).sf((1 + t)/2)``.

    Examples
    --------
    >>> from theory.concentration import cap_probability
    >>> cap_probability(0.5, 3)  # uniform cosine on [-1, 1]: (1 - t) / 2
    0.25
    """
    x = check_real(t, "t", low=-1.0, high=1.0)
    dim = check_int(d, "d", minimum=2)
    a = (dim - 1) / 2.0
    if x * x < 0.5:  # near t = 0: 1 - t^2 would round, use the complementary form
        half = 0.5 * float(betainc(0.5, a, x * x))
        return 0.5 - half if x >= 0.0 else 0.5 + half
    upper = 0.5 * float(betainc(a, 0.5, 1.0 - x * x))
    return upper if x >= 0.0 else 1.0 - upper


def expected_near_best(n: int, d: int, eps: float) -> float:
    """Return the expected number of ``n`` memories within ``eps`` of the best cosine.

    Parameters
    ----------
    n : int
        Number of memories, >= 1.
    d : int
        Dimension, >= 2.
    eps : float
        Window, ``0 <= eps <= 2``.

    Returns
    -------
    float
        ``E K`` (module docstring), by quadrature over the quantile
        ``v = P(cos > x)`` on a log scale.

    Notes
    -----
    SLM-P7.1.

    Examples
    --------
    >>> from theory.concentration import expected_near_best
    >>> round(expected_near_best(10, 3, 0.1), 6)  # 1 - 0.05**10 + 0.5
    1.5
    """
    count = check_int(n, "n", minimum=1)
    dim = check_int(d, "d", minimum=2)
    window = check_real(eps, "eps", low=0.0, high=2.0)
    return _expected_near_best_real(count, float(dim), window)


def dimension_for_near_best(
    n: int, eps: float, target: float, *, low: int, high: int
) -> float:
    """Return the (real) dimension in ``[low, high]`` where ``E K = target``.

    ``E K`` is interpolated in ``d`` through the continuous Beta law; the
    bracket must contain exactly one crossing (``E K`` is not monotone in
    ``d``: large at ``d = 2``, smallest near ``d = 32``, then growing).

    Examples
    --------
    >>> from theory.concentration import dimension_for_near_best
    >>> 512 < dimension_for_near_best(10**5, 0.05, 100.0, low=384, high=768) < 768
    True
    """
    count = check_int(n, "n", minimum=1)
    goal = check_real(target, "target", low=1.0)
    lo = check_int(low, "low", minimum=2)
    hi = check_int(high, "high", minimum=lo + 1)

    def gap(d: float) -> float:
        return math.log(_expected_near_best_real(count, d, eps)) - math.log(goal)

    return float(brentq(gap, lo, hi, xtol=1e-6))


def near_best_monte_carlo(
    n: int, d: int, eps: float, *, reps: int, seed: int
) -> MonteCarloCount:
    """Estimate ``E K`` by sampling ``n`` Gaussian directions ``reps`` times.

    Independent of the Beta law: memories are normalised standard normal
    vectors and, by rotation invariance, the query is the first basis vector.

    Examples
    --------
    >>> from theory.concentration import near_best_monte_carlo
    >>> near_best_monte_carlo(10, 3, 2.0, reps=5, seed=0).mean  # eps = 2: all
    10.0
    """
    count = check_int(n, "n", minimum=1)
    dim = check_int(d, "d", minimum=2)
    window = check_real(eps, "eps", low=0.0, high=2.0)
    k = check_int(reps, "reps", minimum=2, maximum=MAX_RESAMPLES)
    check_int(count * dim, "n * d", maximum=MAX_SIZE)  # one (n, d) draw per rep
    rng = np.random.default_rng(check_int(seed, "seed", minimum=0))
    counts = np.empty(k)
    for i in range(k):
        z = rng.standard_normal((count, dim))
        cos = z[:, 0] / np.linalg.norm(z, axis=1)
        counts[i] = np.sum(cos >= cos.max() - window)
    return MonteCarloCount(
        float(counts.mean()), float(counts.std(ddof=1) / math.sqrt(k)), k
    )


def progressive_depth(
    variance_ratio: float, branching: int, *, dimension: int = 1
) -> float:
    """Return ``d log(sigma^2 / D_min) / (2 log r)``, the depth needed for ``D_min``.

    Parameters
    ----------
    variance_ratio : float
        ``sigma^2 / D_min >= 1``.
    branching : int
        ``r >= 2`` children per level.
    dimension : int, optional
        ``d >= 1`` coordinates of the source.

    Returns
    -------
    float
        The (real) number of levels; round up for a tree.

    Notes
    -----
    SLM-T6.5: the paper's ``log(sigma^2/D_min)/(2 log r)`` is this with
    ``d = 1``; its ``log(sigma^2/D_min)/log r`` is twice it.

    Examples
    --------
    >>> from theory.concentration import progressive_depth
    >>> progressive_depth(4.0, 2)  # one binary level gives 1 bit: D = sigma^2 / 4
    1.0
    """
    ratio = check_real(
        variance_ratio, "variance_ratio", low=1.0, high=math.inf, high_open=True
    )
    r = check_int(branching, "branching", minimum=2)
    dim = check_int(dimension, "dimension", minimum=1)
    return dim * math.log(ratio) / (2.0 * math.log(r))


def progressive_depth_symbolic() -> dict[str, sp.Expr]:
    """Derive the depth law with sympy.

    Returns
    -------
    dict
        ``"depth"``: ``L`` solving ``(d/2) log(sigma^2/D) = L log r``;
        ``"distortion"``: ``D`` after ``l`` levels; ``"depth_at_resolution"``:
        ``L`` with ``D_min = sigma^2 N^(-2/d)`` (the distortion at which
        ``N`` codewords fit), which is ``log N / log r``.

    Examples
    --------
    >>> from theory.concentration import progressive_depth_symbolic
    >>> progressive_depth_symbolic()["depth_at_resolution"]
    log(N)/log(r)
    """
    sigma2, dmin, r, d, n, level = sp.symbols("sigma2 D_min r d N l", positive=True)
    depth = sp.Symbol("L", positive=True)
    rate = d / 2 * sp.log(sigma2 / dmin)
    (solved,) = sp.solve(sp.Eq(rate, depth * sp.log(r)), depth)
    (distortion,) = sp.solve(sp.Eq(rate, level * sp.log(r)), dmin)
    at_resolution = sp.simplify(
        sp.expand_log(solved.subs(dmin, sigma2 * n ** (-2 / d)), force=True)
    )
    return {
        "depth": sp.factor(sp.expand_log(solved, force=True)),
        "distortion": sp.simplify(distortion),
        "depth_at_resolution": at_resolution,
    }


def _expected_near_best_real(n: int, d: float, eps: float) -> float:
    law = stats.beta((d - 1) / 2.0, (d - 1) / 2.0)

    def integrand(w: float) -> float:
        v = math.exp(w)
        y = 2.0 * float(law.isf(v)) - 1.0 + eps
        if y >= 1.0:
            return v
        return v * math.exp((n - 1) * math.log1p(-float(law.sf((y + 1.0) / 2.0))))

    # below v = 1e-12 / n the integrand is v (1 - O(n v)): the tail integral is
    # e^low up to n^2 e^(2 low) / 2 < 1e-24 (with 1e-3 / n it was 5e-7: eps = 0 gave 1 + 5e-7)
    low = math.log(1e-12 / n)
    # the integrand has a kink where x + eps reaches 1 (v = P(cos > 1 - eps))
    kink = float(law.sf(1.0 - eps / 2.0))
    points = [math.log(kink)] if kink > 0.0 and low < math.log(kink) < 0.0 else None
    value, _ = integrate.quad(
        integrand, low, 0.0, limit=400, points=points, epsabs=0.0, epsrel=1e-10
    )
    return n * (value + math.exp(low))
