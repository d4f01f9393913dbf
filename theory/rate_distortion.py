"""Rate–distortion under Hamming distortion, and the DL-T5 recall bound (docs/guide/depth.md §1).

Rates are in **bits** per source symbol; distortion is the expected Hamming
loss ``P(D_hat != D)`` unless a distortion matrix is given. A source is a 1-D
probability vector (entries ``>= 0``, sum 1 within ``1e-9``).

Blahut–Arimoto
--------------
:func:`blahut_arimoto` runs at a fixed slope ``-beta`` (``beta > 0`` in nats
per unit distortion) and stops as soon as Blahut's two bounds on ``R`` at the
current distortion differ by at most ``tol`` bits (default ``1e-9``), or when
the next cycle would exceed ``max_iter`` kernel evaluations. Each cycle is one
SQUAREM-accelerated step (Varadhan and Roland 2008): two plain BA updates
``q <- q c`` extrapolated, kept only when non-negative and not worse for the BA
objective. The upper bound is the mutual information of the current test
channel, so it is achievable; the lower bound comes from the dual (a
supporting line of ``R(D)``); both hold for any output distribution, so the
acceleration never weakens the certificate.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.optimize import brentq
from scipy.special import entr

from theory._blahut import HammingKernel, Kernel, MatrixKernel, Outcome, iterate
from theory._info import FloatArray, as_table, binary_entropy_value, marginal_entropy
from theory.validation import (
    MAX_SIZE,
    check_int,
    check_probability,
    check_real,
    check_tolerance,
)

__all__ = [
    "BlahutArimotoResult",
    "blahut_arimoto",
    "distortion_rate",
    "gaussian_distortion",
    "gaussian_rate",
    "hamming_rate",
    "hamming_rate_uniform",
    "is_lossless_possible",
    "rate_distortion",
    "recall_bound",
]

_LN2 = math.log(2.0)
# The least gap tolerance of rate_distortion's repeated searches, in bits.
_EPS_FLOOR = 1e-15


@dataclass(frozen=True, slots=True)
class BlahutArimotoResult:
    """One point of ``R(D)`` from Blahut–Arimoto, with its certified bounds.

    Attributes
    ----------
    beta : float
        The slope parameter (``R'(D) = -beta / ln 2`` bits per unit distortion).
    distortion : float
        Distortion of the final test channel.
    rate : float
        Achievable rate at ``distortion`` (equal to ``rate_upper``), bits.
    rate_lower, rate_upper : float
        Blahut's bounds: ``rate_lower <= R(distortion) <= rate_upper``.
    iterations : int
        Kernel evaluations used (each costs one pass over the kernel).
    converged : bool
        Whether ``rate_upper - rate_lower <= tol``.

    Examples
    --------
    >>> from theory.rate_distortion import blahut_arimoto
    >>> r = blahut_arimoto([0.5, 0.5], 2.0)
    >>> r.converged and r.rate_lower <= r.rate <= r.rate_upper
    True
    """

    beta: float
    distortion: float
    rate: float
    rate_lower: float
    rate_upper: float
    iterations: int
    converged: bool


def hamming_rate_uniform(distortion: float, n_symbols: int) -> float:
    """Closed-form Hamming ``R(D)`` of the uniform source on ``M`` symbols (DL-T5).

    ``R(D) = log2 M - H_b(D) - D log2(M - 1)`` for ``0 <= D <= 1 - 1/M``,
    else 0.

    Examples
    --------
    >>> from theory.rate_distortion import hamming_rate_uniform
    >>> hamming_rate_uniform(0.0, 8)
    3.0
    >>> hamming_rate_uniform(0.5, 2)
    0.0
    """
    d = check_probability(distortion, "distortion")
    m = check_int(n_symbols, "n_symbols", minimum=2)
    if d >= 1.0 - 1.0 / m:
        return 0.0
    return max(0.0, math.log2(m) - binary_entropy_value(d) - d * math.log2(m - 1))


def hamming_rate(source: npt.ArrayLike, distortion: float) -> float:
    """Exact Hamming ``R(D)`` of any finite source, in closed form (DL-T5).

    Sort ``p`` decreasingly. For ``0 < D < 1 - p_1`` the optimal test channel
    reproduces only the ``k`` most likely symbols, and with
    ``P_k = p_1 + ... + p_k`` and ``w = (P_k / (1 - D) - 1) / (k - 1)`` (the
    value of ``exp(-beta)`` at the optimum),
    ``R(D) = (D - (1 - P_k)) log2 w - sum_{i<=k} p_i log2 p_i + P_k log2(1 - D)``,
    where ``k`` is the one for which ``p_k > w (1 - D) >= p_{k+1}``. With
    ``k = M`` this is the Shannon lower bound
    ``H(p) - H_b(D) - D log2(M - 1)``, tight for ``D <= (M - 1) min p``.
    ``R(0) = H(p)``; ``R(D) = 0`` for ``D >= 1 - p_1``.

    Notes
    -----
    Derived from the Blahut–Arimoto fixed-point equations for Hamming
    distortion (the Erokhin 1958 form); the tests check it against
    :func:`blahut_arimoto` and against the uniform closed form.

    Examples
    --------
    >>> from theory.rate_distortion import hamming_rate
    >>> round(hamming_rate([0.5, 0.5], 0.11), 6)  # 1 - H_b(0.11)
    0.500084
    >>> hamming_rate([0.5, 0.25, 0.25], 0.0)
    1.5
    """
    p = as_table(source, "source", ndim=1)
    d = check_probability(distortion, "distortion")
    ordered = np.sort(p[p > 0.0])[::-1]  # zero-mass symbols never enter R(D)
    if d <= 0.0:
        return marginal_entropy(p, (0,))
    if d >= 1.0 - float(ordered[0]):
        return 0.0
    cumulative = np.cumsum(ordered)
    cumulative[-1] = 1.0  # exact total (validated to 1e-9), so that w > 0 for tiny D
    for k in range(ordered.size, 1, -1):
        mass = float(cumulative[k - 1])
        excess = mass - 1.0 + d  # = w (1 - d) (k - 1); w itself underflows for tiny D
        level = excess / (k - 1)
        below = k == ordered.size or float(ordered[k]) <= level + 1e-15
        above = float(ordered[k - 1]) > level - 1e-15  # rounding at a boundary
        if 0.0 < excess < (1.0 - d) * (k - 1) and above and below:
            log2_w = math.log2(excess) - math.log2(1.0 - d) - math.log2(k - 1)
            value = excess * log2_w + float(
                entr(ordered[:k]).sum() / _LN2 + mass * math.log2(1.0 - d)
            )
            return max(0.0, value)
    msg = f"no consistent active set for distortion={d!r}"  # pragma: no cover
    raise ArithmeticError(msg)  # pragma: no cover


def blahut_arimoto(
    source: npt.ArrayLike,
    beta: float,
    *,
    distortion: npt.ArrayLike | None = None,
    tol: float = 1e-9,
    max_iter: int = 100_000,
) -> BlahutArimotoResult:
    """Blahut–Arimoto at slope ``-beta``: a point of ``R(D)`` with bounds.

    Parameters
    ----------
    source : array_like
        Source probabilities ``p(x)``.
    beta : float
        Slope parameter, ``> 0``.
    distortion : array_like, optional
        Matrix ``d[x, y] >= 0``; default Hamming (``1 - identity``).
    tol : float
        Stop when ``rate_upper - rate_lower <= tol`` (bits).
    max_iter : int
        Cap on kernel evaluations (``>= 1``); ``converged`` is False when it
        stops the run.

    Notes
    -----
    With ``A = exp(-beta d)``, ``Z(x) = sum_y q(y) A(x, y)`` and
    ``c(y) = sum_x p(x) A(x, y) / Z(x)``, the bounds at the current
    distortion ``D`` are ``-beta D - E log Z - sum_y q c log c`` (upper, the
    test channel's mutual information) and ``-beta D - E log Z - max log c``
    (lower); ``q <- q c`` each step (Blahut 1972, Theorem 8).

    Examples
    --------
    >>> from theory.rate_distortion import blahut_arimoto, hamming_rate_uniform
    >>> r = blahut_arimoto([0.25] * 4, 3.0)
    >>> abs(r.rate - hamming_rate_uniform(r.distortion, 4)) < 1e-8
    True
    """
    p = as_table(source, "source", ndim=1)
    b = check_real(beta, "beta", low=0.0, high=math.inf, low_open=True, high_open=True)
    eps = check_tolerance(tol)
    cap = check_int(max_iter, "max_iter", minimum=1, maximum=MAX_SIZE)
    if distortion is None:
        kernel: Kernel = HammingKernel(b, p.size)
    else:
        kernel = MatrixKernel(b, _distortion_matrix(distortion, p.size))
    return _result(b, iterate(p, b, kernel, eps, cap)[0])


def _result(beta: float, out: Outcome) -> BlahutArimotoResult:
    rate = max(out.upper, 0.0)
    return BlahutArimotoResult(
        beta, out.distortion, rate, out.lower, rate, out.evaluations, out.converged
    )


def rate_distortion(
    source: npt.ArrayLike,
    distortion: float,
    *,
    tol: float = 1e-9,
    max_evaluations: int = 300_000,
) -> BlahutArimotoResult:
    """Hamming ``R(D)`` of a general finite source by Blahut–Arimoto (DL-T5).

    Finds the slope whose Blahut–Arimoto distortion equals ``distortion``
    (``brentq`` on ``log beta``, ``xtol=1e-12``, in a bracket grown from
    ``[-1, 1]`` by doubling its ends while the target is outside, up to
    ``|log beta| = 64``) and returns that point. Each Blahut–Arimoto run is
    capped at 100,000 kernel evaluations and starts from the output
    distribution of the nearest slope already solved. At
    ``D = 0`` the rate is ``H(p)`` and the slope ``beta`` is ``inf``; for
    ``D >= 1 - max p`` it is 0 (both returned exactly, with
    ``iterations = 0``). So is the rate ``H(p)`` wherever Fano's bound puts
    ``R(D)`` within ``tol`` of it (``D (log2(e / D) + log2(m - 1)) <= tol``,
    ``m`` symbols): the lossless point (``beta = inf``, distortion 0), with
    ``rate_lower = H(p) - D (log2(e / D) + log2(m - 1))``. A distortion still
    below what Blahut–Arimoto resolves in floats (about ``1e-16``) is a
    ValueError naming ``distortion``. ``tol`` (bits) must be finite and
    ``>= 1e-15``.

    The point returned is at the distortion asked, not only near it: its
    ``distortion`` differs from ``distortion`` by at most
    ``tol * ln 2 / beta`` (so that the slope ``beta / ln 2`` of ``R`` moves
    the rate by at most ``tol`` bits between the two). Blahut–Arimoto's gap
    test bounds the rate at the current test channel's distortion, not that
    distortion, which near ``1 - max p`` (where ``R`` is flat and the
    iteration slow) can stay off by ``1e-6`` with the gap already below
    ``tol``. When that happens the search is repeated with the gap tolerance
    divided by 100, down to ``1e-15``; if the distortion is still off,
    ``converged`` is False. So with ``converged`` True, ``rate`` is within
    ``2 * tol`` bits of ``R(distortion)`` for the distortion asked. One call
    spends at most ``max_evaluations`` kernel evaluations over all its
    searches (an int in ``[4, 10**8]``; the default 300,000 takes a few
    seconds for a few symbols, and very near ``1 - max p`` Blahut–Arimoto
    needs more): when they run out, the point solved nearest the distortion
    asked is returned with ``converged`` False.

    Examples
    --------
    >>> from theory.rate_distortion import rate_distortion
    >>> r = rate_distortion([0.5, 0.5], 0.11)
    >>> round(r.rate, 6)  # 1 - H_b(0.11)
    0.500084
    """
    p = as_table(source, "source", ndim=1)
    d = check_probability(distortion, "distortion")
    tol = check_tolerance(tol)
    budget = [check_int(max_evaluations, "max_evaluations", minimum=4, maximum=10**8)]
    d_max = 1.0 - float(p.max())
    if d <= 0.0:
        h = marginal_entropy(p, (0,))
        return BlahutArimotoResult(math.inf, 0.0, h, h, h, 0, True)
    if d >= d_max:
        return BlahutArimotoResult(0.0, d_max, 0.0, 0.0, 0.0, 0, True)
    # Fano: R(d) >= H(p) - H_b(d) - d log2(m - 1), and H_b(d) <= d log2(e / d).
    # here 0 < d < 1 - max p, so two symbols at least have mass: p.size >= 2
    slack = d * (math.log2(math.e / d) + math.log2(p.size - 1))
    if slack <= tol:
        h = marginal_entropy(p, (0,))
        return BlahutArimotoResult(math.inf, 0.0, h, max(h - slack, 0.0), h, 0, True)
    eps = tol
    previous: BlahutArimotoResult | None = None
    while True:
        try:
            result = _solve_slope(
                p, lambda r: d - r.distortion, eps, f"distortion={d!r}", budget
            )
        except _Exhausted as stop:
            # the first search starts with the whole budget, so one of the two is set
            found = [r for r in (stop.nearest, previous) if r is not None]
            result = min(found, key=lambda r: abs(r.distortion - d))
            return dataclasses.replace(result, converged=False)
        on_target = result.beta * abs(result.distortion - d) <= tol * _LN2
        if on_target or eps <= _EPS_FLOOR:
            break
        previous = result
        eps = max(eps / 100.0, _EPS_FLOOR)
    if on_target:
        return result
    return dataclasses.replace(result, converged=False)


def distortion_rate(source: npt.ArrayLike, rate: float) -> float:
    """Inverse ``D(R)``: least Hamming distortion at rate ``rate`` bits.

    Zero when ``rate >= H(p)``; ``1 - max p`` when ``rate == 0``. Otherwise
    :func:`scipy.optimize.brentq` (``xtol=1e-14``) on the closed form
    :func:`hamming_rate`, which is continuous and decreasing on
    ``[0, 1 - max p]``.

    Examples
    --------
    >>> from theory.rate_distortion import distortion_rate
    >>> round(distortion_rate([0.5, 0.5], 1.0 - 0.5), 4)  # H_b(D) = 0.5
    0.11
    """
    p = as_table(source, "source", ndim=1)
    r = check_real(rate, "rate", low=0.0)
    h = marginal_entropy(p, (0,))
    d_max = 1.0 - float(p.max())
    if r >= h:
        return 0.0
    if r <= 0.0:
        return d_max
    root: float = brentq(lambda d: hamming_rate(p, d) - r, 0.0, d_max, xtol=1e-14)
    return root


def recall_bound(source: npt.ArrayLike, rate: float) -> float:
    """DL-T5: recall of a memory storing a decision at ``rate`` bits is ``<= 1 - D(R)``.

    Examples
    --------
    >>> from theory.rate_distortion import recall_bound
    >>> recall_bound([0.25] * 4, 2.0)
    1.0
    >>> round(recall_bound([0.5, 0.5], 0.5), 4)
    0.89
    """
    return 1.0 - distortion_rate(source, rate)


def is_lossless_possible(source: npt.ArrayLike, rate: float) -> bool:
    """Whether ``rate >= H(p)``, the DL-T5 condition for lossless recall.

    Examples
    --------
    >>> from theory.rate_distortion import is_lossless_possible
    >>> is_lossless_possible([0.5, 0.25, 0.25], 1.5), is_lossless_possible([0.5, 0.5], 0.9)
    (True, False)
    """
    p = as_table(source, "source", ndim=1)
    return check_real(rate, "rate", low=0.0) >= marginal_entropy(p, (0,)) - 1e-12


def gaussian_rate(variance: float, distortion: float) -> float:
    """Gaussian ``R(D) = max(0, (1/2) log2(sigma^2 / D))`` under squared error.

    Used by SLM-T6.5 (another module checks that claim).

    Examples
    --------
    >>> from theory.rate_distortion import gaussian_rate
    >>> gaussian_rate(4.0, 1.0)
    1.0
    >>> gaussian_rate(1.0, 2.0)
    0.0
    """
    s2 = _check_variance(variance)
    d = check_real(distortion, "distortion", low=0.0, low_open=True)
    return max(0.0, 0.5 * (math.log2(s2) - math.log2(d)))  # s2 / d may overflow


def gaussian_distortion(variance: float, rate: float) -> float:
    """Gaussian ``D(R) = sigma^2 2^(-2R)``.

    Examples
    --------
    >>> from theory.rate_distortion import gaussian_distortion
    >>> gaussian_distortion(4.0, 1.0)
    1.0
    """
    s2 = _check_variance(variance)
    r = check_real(rate, "rate", low=0.0)
    return s2 * math.pow(2.0, -2.0 * r)


def _check_variance(variance: object) -> float:
    return check_real(
        variance, "variance", low=0.0, high=math.inf, low_open=True, high_open=True
    )


def _distortion_matrix(distortion: npt.ArrayLike, n: int) -> FloatArray:
    dmat = np.asarray(distortion, dtype=np.float64)
    if dmat.ndim != 2 or dmat.shape[0] != n or dmat.shape[1] == 0:
        msg = f"distortion must have shape ({n}, n_outputs), n_outputs >= 1, got {dmat.shape}"
        raise ValueError(msg)
    if not np.all(np.isfinite(dmat)) or np.any(dmat < 0):
        msg = "distortion must have finite entries >= 0"
        raise ValueError(msg)
    return dmat


class _Exhausted(Exception):
    """The evaluation budget of one rate_distortion call ran out."""

    def __init__(self, nearest: BlahutArimotoResult | None) -> None:
        super().__init__("evaluation budget exhausted")
        self.nearest = nearest


def _solve_slope(
    p: FloatArray,
    target: Callable[[BlahutArimotoResult], float],
    tol: float,
    asked: str,
    budget: list[int],
) -> BlahutArimotoResult:
    """Point where ``target`` (increasing in beta) crosses 0, by brentq on log beta.

    ``budget[0]`` kernel evaluations may be spent (and are taken off it); when
    they run out, :class:`_Exhausted` carries the point solved so far whose
    ``target`` is nearest 0.
    """
    cache: dict[float, tuple[Outcome, FloatArray]] = {}

    def run(log_beta: float) -> BlahutArimotoResult:
        # Warm start from the nearest slope already solved: BA is slow near
        # the critical slope, and neighbouring optima are close.
        if log_beta not in cache:
            if budget[0] < 4:  # one cycle needs 3 evaluations and a bound
                points = [_result(math.exp(t), out) for t, (out, _) in cache.items()]
                nearest = min(points, key=lambda r: abs(target(r)), default=None)
                raise _Exhausted(nearest)
            near = min(cache, key=lambda t: abs(t - log_beta), default=None)
            start = None if near is None else cache[near][1]
            beta = math.exp(log_beta)
            kernel = HammingKernel(beta, p.size)
            cap = min(100_000, budget[0])
            cache[log_beta] = iterate(p, beta, kernel, tol, cap, start)
            budget[0] -= cache[log_beta][0].evaluations
        return _result(math.exp(log_beta), cache[log_beta][0])

    lo, hi = -1.0, 1.0
    while target(run(lo)) > 0 and lo > -60:
        lo *= 2.0
    while target(run(hi)) < 0 and hi < 60:
        hi *= 2.0
    if target(run(lo)) > 0 or target(run(hi)) < 0:
        low, high = run(hi).distortion, run(lo).distortion
        msg = (
            f"{asked} is outside what Blahut–Arimoto resolves at slopes "
            f"e^{lo:g}..e^{hi:g}: [{low:.6g}, {high:.6g}] (float rounding); "
            "hamming_rate gives the closed form"
        )
        raise ValueError(msg)
    root: float = brentq(lambda t: target(run(t)), lo, hi, xtol=1e-12)
    return run(float(root))
