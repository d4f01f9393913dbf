"""Peak and crossover of the structured advantage ``g`` (DL-P1), scalar and vectorised.

Shape of ``g`` (proved in :mod:`proofs.claims.dl.depth`): with ``a = -log q``,
``b = -log s0``, ``c = -log rho``, ``g'(d) = q**d (exp(h(d)) - a)`` where
``h(d) = log(b + c (d + 1/2)) + (a - b) d - c d (d + 1) / 2`` is concave. So
``g`` falls, rises, then falls on ``d >= 0`` (each piece possibly empty), is
negative exactly on ``(0, d0)`` with ``d0 = 2 (a - b) / c - 1``, and is
unimodal where it is positive. The rise ends at the larger root ``d2`` of
``h(d) = log a`` (``d2 = inf`` when ``q = 1``), found here by Newton's method
in ``x = b + c (d + 1/2)``, which converges monotonically from the right on
a concave function. Every set ``{d : g(d) > tau}`` with ``tau >= 0`` is an
interval; the crossover is its lower end.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq

from theory.depth._kernels import (
    FloatArray,
    check_q,
    check_rho,
    check_s0,
)
from theory.depth.formulas import advantage_power
from theory.validation import check_int, check_real

__all__ = [
    "AdvantagePeak",
    "CrossoverInterval",
    "advantage_peak",
    "crossover_depth",
    "crossover_depth_real",
    "crossover_interval",
]


@dataclass(frozen=True, slots=True)
class AdvantagePeak:
    """Maximiser of the structured advantage ``g`` over ``d >= 1`` (DL-P1).

    Attributes
    ----------
    d_real : float
        Real maximiser over ``[1, d_max]`` (``inf`` when ``q = 1`` and there
        is no cap: ``g`` then rises towards 1 without reaching it).
    g_real : float
        ``g(d_real)`` (``1.0``, the supremum, in the unbounded case).
    d_int : int or None
        Integer maximiser over ``1..d_max``; ties go to the smaller depth;
        ``None`` in the unbounded case.
    g_int : float
        ``g(d_int)`` (``1.0``, the supremum, in the unbounded case).

    Examples
    --------
    >>> from theory.depth import advantage_peak
    >>> peak = advantage_peak(0.7, 0.67, 0.97)
    >>> peak.d_int, round(peak.g_int, 4), round(peak.d_real, 3)
    (3, 0.8816, 3.423)
    """

    d_real: float
    g_real: float
    d_int: int | None
    g_int: float


@dataclass(frozen=True, slots=True)
class CrossoverInterval:
    """The integer depths where typed traversal wins by more than ``tau``.

    ``{d >= 1 : g(d) > tau}`` (within ``1..d_max`` when capped) is the
    interval ``low..high`` (both ends included).

    Attributes
    ----------
    low : int
        The crossover depth ``d*`` (lower end).
    high : int or None
        Upper end; ``None`` when the set is unbounded (``q = 1``, or
        ``tau = 0``, without a cap).

    Examples
    --------
    >>> from theory.depth import crossover_interval
    >>> crossover_interval(0.7, 0.67, 0.97, 0.6)
    CrossoverInterval(low=2, high=16)
    """

    low: int
    high: int | None


def advantage_peak(
    s0: float, rho: float, q: float, *, d_max: int | None = None
) -> AdvantagePeak:
    """Real and integer maximisers of ``g(d) = q**d - s0**d rho**(d (d + 1) / 2)``.

    Parameters
    ----------
    s0, rho, q : float
        ``s0`` in ``(0, 1]``, ``rho`` in ``(0, 1)``, ``q`` in ``(0, 1]``.
    d_max : int, optional
        Largest depth considered (``>= 1``); no cap by default.

    Returns
    -------
    AdvantagePeak
        The maximisers over ``[1, d_max]`` and the values there.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range.

    Notes
    -----
    The real maximiser is ``max(1, d2)`` with ``d2`` the end of the rise of
    ``g`` (module notes); when ``d_max < d2`` it is whichever of ``1`` and
    ``d_max`` is better. The integer maximiser is the best of ``floor`` and
    ``ceil`` of the real one, ``1`` and ``d_max``. Exact because ``g`` falls,
    rises, falls, and is unimodal where positive (DL-P1, :mod:`proofs.claims.dl.depth`).

    Examples
    --------
    >>> from theory.depth import advantage_peak
    >>> advantage_peak(0.7, 0.67, 0.97, d_max=2).d_int
    2
    >>> advantage_peak(0.7, 0.67, 1.0)
    AdvantagePeak(d_real=inf, g_real=1.0, d_int=None, g_int=1.0)
    """
    s, r, qq = _check_params(s0, rho, q)
    cap = None if d_max is None else check_int(d_max, "d_max", minimum=1)
    a, b, c = -math.log(qq), -math.log(s), -math.log(r)
    d2 = float(rise_end(np.asarray(a), np.asarray(b), np.asarray(c)))
    if cap is None and math.isinf(d2):
        return AdvantagePeak(math.inf, 1.0, None, 1.0)
    d_real = min(max(1.0, d2), math.inf if cap is None else float(cap))
    if cap is not None and d2 > cap and _g(1.0, s, r, qq) >= _g(d_real, s, r, qq):
        d_real = 1.0  # the cap cuts the rise; on [1, cap] g falls then rises
    top = cap if cap is not None else math.ceil(d_real)
    candidates = sorted(
        {1, max(1, math.floor(d_real)), min(top, math.ceil(d_real)), top}
    )
    values = [_g(k, s, r, qq) for k in candidates]
    best = max(range(len(values)), key=lambda i: (values[i], -candidates[i]))
    return AdvantagePeak(d_real, _g(d_real, s, r, qq), candidates[best], values[best])


def crossover_interval(
    s0: float, rho: float, q: float, tau: float, *, d_max: int | None = None
) -> CrossoverInterval | None:
    """Return the integer depths ``d >= 1`` with ``g(d) > tau``, as an interval (DL-P1).

    Parameters
    ----------
    s0, rho, q : float
        ``s0`` in ``(0, 1]``, ``rho`` in ``(0, 1)``, ``q`` in ``(0, 1]``.
    tau : float
        Margin in ``[0, 1)``. (For ``tau < 0`` the set need not be an
        interval, so negative margins are rejected.)
    d_max : int, optional
        Largest depth considered; no cap by default.

    Returns
    -------
    CrossoverInterval or None
        ``None`` when no depth beats the margin.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range.

    Examples
    --------
    >>> from theory.depth import crossover_interval
    >>> crossover_interval(0.7, 0.67, 0.97, 0.85)
    CrossoverInterval(low=3, high=5)
    >>> crossover_interval(0.7, 0.67, 0.97, 0.9) is None
    True
    """
    s, r, qq = _check_params(s0, rho, q)
    t = check_real(tau, "tau", low=0.0, high=1.0, high_open=True)
    cap = None if d_max is None else check_int(d_max, "d_max", minimum=1)
    if t == 0.0:
        return _positive_set(s, r, qq, cap)
    peak = advantage_peak(s, r, qq, d_max=cap)
    if not peak.g_int > t:
        return None
    wins = lambda k: _g(k, s, r, qq) > t  # noqa: E731
    if peak.d_int is None:  # q = 1 without a cap: g rises to 1
        return CrossoverInterval(_first_true(wins, 1, _grow(wins, 1)), None)
    low = _first_true(wins, 1, peak.d_int)
    bound = math.ceil(math.log(t) / math.log(qq)) + 1 if qq < 1.0 else cap
    assert bound is not None  # q = 1 implies a cap here
    limit = bound if cap is None else min(cap, bound)
    high = _last_true(wins, peak.d_int, max(limit, peak.d_int))
    return CrossoverInterval(low, high)


def crossover_depth(
    s0: float, rho: float, q: float, tau: float, *, d_max: int | None = None
) -> int | None:
    """Return the crossover ``d*``, the least integer ``d >= 1`` with ``g(d) > tau`` (DL-P1).

    Parameters
    ----------
    s0, rho, q : float
        ``s0`` in ``(0, 1]``, ``rho`` in ``(0, 1)``, ``q`` in ``(0, 1]``.
    tau : float
        Margin in ``[0, 1)``.
    d_max : int, optional
        Largest depth considered; no cap by default.

    Returns
    -------
    int or None
        ``d*``, or ``None`` when ``g(d) <= tau`` at every depth.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range.

    See Also
    --------
    crossover_interval : both ends of ``{d : g(d) > tau}``.

    Notes
    -----
    Integer convention: depths are whole hops ``d = 1, 2, ...``; ``g(d) > tau``
    is strict. At the paper's ``s0 = 0.70, rho = 0.67, q = 0.97``:
    ``d* = 1`` for ``tau < g(1) = 0.501``, ``d* = 2`` for
    ``0.501 <= tau < g(2) = 0.7935...``, ``d* = 3`` for
    ``g(2) <= tau < g(3) = 0.8816...``, none beyond (DL-P1-DSTAR).

    Examples
    --------
    >>> from theory.depth import crossover_depth
    >>> [crossover_depth(0.7, 0.67, 0.97, t) for t in (0.5, 0.501, 0.79, 0.8, 0.9)]
    [1, 2, 2, 3, None]
    """
    found = crossover_interval(s0, rho, q, tau, d_max=d_max)
    return None if found is None else found.low


def crossover_depth_real(s0: float, rho: float, q: float, tau: float) -> float | None:
    """Return the real crossover: the infimum of ``{real d >= 1 : g(d) > tau}`` (DL-P1).

    Parameters
    ----------
    s0, rho, q : float
        ``s0`` in ``(0, 1]``, ``rho`` in ``(0, 1)``, ``q`` in ``(0, 1]``.
    tau : float
        Margin in ``[0, 1)``.

    Returns
    -------
    float or None
        ``1.0`` when ``g(1) > tau``; otherwise the root of ``g(d) = tau`` on
        the rising branch (``scipy.optimize.brentq``, ``xtol = 1e-12``, at
        most 1,000 iterations);
        ``None`` when no real depth beats the margin.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range.

    Notes
    -----
    Real convention: depths run over the reals ``d >= 1`` (the continuous
    extension of DL-T7/DL-T9); the set is an open interval for ``tau >= 0``
    (DL-P1-INTERVAL). The integer crossover :func:`crossover_depth` is the
    least integer in it, so it is never below this value.

    Examples
    --------
    >>> from theory.depth import crossover_depth_real
    >>> round(crossover_depth_real(0.7, 0.67, 0.97, 0.6), 4)
    1.2554
    >>> crossover_depth_real(0.7, 0.67, 0.97, 0.4)
    1.0
    """
    s, r, qq = _check_params(s0, rho, q)
    t = check_real(tau, "tau", low=0.0, high=1.0, high_open=True)
    if _g(1.0, s, r, qq) > t:
        return 1.0
    peak = advantage_peak(s, r, qq)
    if peak.d_int is None:  # q = 1: g rises towards 1 on [d0, inf)
        hi = 2.0
        while not _g(hi, s, r, qq) > t:
            hi *= 2.0
        return float(
            brentq(lambda x: _g(x, s, r, qq) - t, 1.0, hi, xtol=1e-12, maxiter=1000)
        )
    if not peak.g_real > t:
        return None
    # g <= tau at 1 and > tau at the peak; on [1, peak] g falls (below 0) then rises,
    # so g - tau has exactly one sign change there.
    return float(
        brentq(
            lambda x: _g(x, s, r, qq) - t, 1.0, peak.d_real, xtol=1e-12, maxiter=1000
        )
    )


def rise_end(a: FloatArray, b: FloatArray, c: FloatArray) -> FloatArray:
    """Vectorised ``d2``: where ``g`` stops rising (``inf`` where ``a = 0``).

    Newton on ``H(x) = log x + Q(x) = log a`` right of the maximiser ``x_m`` of
    ``H`` (``x = b + c (d + 1/2)``), started from the larger root of the
    quadratic upper bound obtained by replacing ``log x`` with its tangent at
    ``x_m``; on a concave function Newton then decreases monotonically to the
    root, quadratically near it. Works in ``y = x - b``; constants broadcast
    in the shapes of their inputs, and the loop updates in place.
    """
    a, b, c = (np.asarray(v, dtype=np.float64) for v in (a, b, c))
    pos = a > 0.0
    a_safe = np.where(pos, a, 1.0)
    target = np.log(a_safe)
    # x_m - a = 2 c / (sqrt(a**2 + 4 c) + a), without the cancellation of
    # (a + sqrt(a**2 + 4 c)) / 2 - a: near rho = 1 (c << a) x_m - b and
    # log(x_m / a) are ~c and were lost as differences of O(a) numbers.
    up = 2.0 * c / (np.sqrt(a_safe * a_safe + 4.0 * c) + a_safe)
    x_m = a_safe + up
    y_m = (a_safe - b) + up  # x_m - b
    inv_c = 1.0 / c
    slope = (a_safe - b) * inv_c
    const = c / 8.0 - (a_safe - b) / 2.0
    big_b = 2.0 * c / x_m + 2.0 * (a_safe - b)
    big_c = 2.0 * c * (np.log1p(up / a_safe) - y_m / x_m + const)
    y = (big_b + np.sqrt(np.maximum(big_b * big_b + 4.0 * big_c, 0.0))) / 2.0
    y = np.array(np.maximum(y, y_m), dtype=np.float64)
    # H(x) - log a = log(x / b) + slope y - y**2 / (2 c) + shift, with the O(1)
    # logs cancelled exactly first: near rho = 1 (c ~ 1e-12) the terms that fix y
    # are ~c, and log(x) - log(a) as two O(1) logs left them 1e-4 relative error.
    has_b = b > 0.0
    b_safe = np.where(has_b, b, 1.0)
    shift = c / 8.0 - (a_safe - b) / 2.0
    near = (
        np.abs(b - a_safe) < 0.5 * a_safe
    )  # log(b / a): log1p near 1, log far from it
    with np.errstate(divide="ignore"):  # log1p(-1) in far cells (b << a), discarded
        log_ba = np.where(
            near, np.log1p((b_safe - a_safe) / a_safe), np.log(b_safe / a_safe)
        )
    shift = shift + np.where(has_b, log_ba, -target)
    x, work, step = np.empty_like(y), np.empty_like(y), np.empty_like(y)
    for _ in range(60):
        np.add(b, y, out=x)
        np.multiply(inv_c, y, out=work)  # c y / c**2 ... = y / c
        np.subtract(slope, work, out=step)  # H'(x) c / c = 1/x + slope - y/c, less 1/x
        np.multiply(work, -0.5, out=work)
        np.add(work, slope, out=work)
        np.multiply(work, y, out=work)
        np.add(work, shift, out=work)
        with np.errstate(divide="ignore", invalid="ignore"):
            log_x = np.where(
                has_b, np.log1p(y / b_safe), np.log(x)
            )  # log(x / b), or log x
        np.add(work, log_x, out=work)  # H(x) - log a
        np.add(step, np.reciprocal(x), out=step)  # H'(x)
        np.divide(work, step, out=step)
        np.subtract(y, step, out=y)
        if not np.any(
            np.abs(step) > 1e-9 * np.abs(y)
        ):  # error after this step ~ 1e-18 of y
            break
    d2 = y * inv_c - 0.5
    return np.asarray(np.where(pos, d2, np.inf), dtype=np.float64)


def _check_params(s0: object, rho: object, q: object) -> tuple[float, float, float]:
    checked = (check_s0(s0), check_rho(rho), check_q(q))
    for name, arr in zip(("s0", "rho", "q"), checked, strict=True):
        if arr.ndim != 0:
            msg = (
                f"{name} must be a real scalar here, got an array of shape {arr.shape}"
            )
            raise TypeError(msg)
    return float(checked[0]), float(checked[1]), float(checked[2])


def _g(d: float, s0: float, rho: float, q: float) -> float:
    with np.errstate(under="ignore"):
        f64 = np.float64
        return float(advantage_power(f64(d), f64(s0), f64(rho), f64(q)))


def _positive_set(
    s0: float, rho: float, q: float, cap: int | None
) -> CrossoverInterval | None:
    """``{d >= 1 : g(d) > 0} = {d > d0}``, unbounded above."""
    a, b, c = -math.log(q), -math.log(s0), -math.log(rho)
    d0 = 2.0 * (a - b) / c - 1.0
    low = max(1, math.floor(d0) + 1)
    # Guard the rounding of d0: g(d) > 0 iff (b - a) + c (d + 1) / 2 > 0.
    while low > 1 and (b - a) + c * low / 2.0 > 0.0:
        low -= 1
    while not (b - a) + c * (low + 1) / 2.0 > 0.0:
        low += 1
    if cap is not None and low > cap:
        return None
    return CrossoverInterval(low, cap)


def _grow(pred: Callable[[int], bool], start: int) -> int:
    hi = start
    while not pred(hi):
        hi *= 2
    return hi


def _first_true(pred: Callable[[int], bool], lo: int, hi: int) -> int:
    """Least ``k`` in ``[lo, hi]`` with ``pred(k)``, given false...true and ``pred(hi)``."""
    while lo < hi:
        mid = (lo + hi) // 2
        if pred(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _last_true(pred: Callable[[int], bool], lo: int, hi: int) -> int:
    """Greatest ``k`` in ``[lo, hi]`` with ``pred(k)``, given true...false and ``pred(lo)``."""
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if pred(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo
