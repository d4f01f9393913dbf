"""Decay laws, their binomial likelihood and the bounded multi-start fit (private).

Every law is written as ``log p(d)`` in an internal parameter ``theta`` with
box bounds, so that ``0 < p(d) <= 1`` holds for every admissible ``theta``:

- geometric    ``log p = -a d``                    ``s0 = exp(-a)``
- triangular   ``log p = -a d - b d(d+1)/2``        ``s0 = exp(-a)``, ``rho = exp(-b)``
- stretched    ``log p = -c d**beta``               ``c``, ``beta``
- power        ``log p = -u - alpha log d``         ``c = exp(-u)``, ``alpha``
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.optimize import minimize
from scipy.special import gammaln

from theory.validation import check_choice

FloatArray = npt.NDArray[np.float64]
LogProb = Callable[[FloatArray, FloatArray], FloatArray]
Jacobian = Callable[[FloatArray, FloatArray], FloatArray]

_MAX_RATE = 30.0
_TINY = 1e-12  # p(d) is capped at 1 - 1e-12 inside the likelihood
# SLSQP, not L-BFGS-B: L-BFGS-B calls threaded BLAS on 2-vectors and ran ~40x
# slower on a loaded 2-core machine; SLSQP with analytic gradients does not.


@dataclass(frozen=True, slots=True)
class Law:
    """A decay law: names, bounds, ``log p(theta, d)`` and the map to reported parameters."""

    name: str
    names: tuple[str, ...]
    bounds: tuple[tuple[float, float], ...]
    log_p: LogProb
    jac: Jacobian
    report: Callable[[FloatArray], tuple[float, ...]]
    starts: Callable[[FloatArray, FloatArray], list[FloatArray]]


def _geo_log_p(t: FloatArray, d: FloatArray) -> FloatArray:
    return np.asarray(-t[0] * d, dtype=np.float64)


def _tri_log_p(t: FloatArray, d: FloatArray) -> FloatArray:
    return np.asarray(-t[0] * d - t[1] * d * (d + 1.0) / 2.0, dtype=np.float64)


def _str_log_p(t: FloatArray, d: FloatArray) -> FloatArray:
    return np.asarray(-t[0] * d ** t[1], dtype=np.float64)


def _pow_log_p(t: FloatArray, d: FloatArray) -> FloatArray:
    return np.asarray(-t[0] - t[1] * np.log(d), dtype=np.float64)


def _geo_jac(t: FloatArray, d: FloatArray) -> FloatArray:
    return np.column_stack([-d])


def _tri_jac(t: FloatArray, d: FloatArray) -> FloatArray:
    return np.column_stack([-d, -d * (d + 1.0) / 2.0])


def _str_jac(t: FloatArray, d: FloatArray) -> FloatArray:
    power = d ** t[1]
    return np.column_stack([-power, -t[0] * power * np.log(d)])


def _pow_jac(t: FloatArray, d: FloatArray) -> FloatArray:
    return np.column_stack([-np.ones_like(d), -np.log(d)])


def _lstsq(columns: list[FloatArray], y: FloatArray) -> FloatArray:
    design = np.column_stack(columns)
    sol, *_ = np.linalg.lstsq(design, y, rcond=None)
    return np.asarray(sol, dtype=np.float64)


def _geo_starts(d: FloatArray, y: FloatArray) -> list[FloatArray]:
    a = float(-(y @ d) / (d @ d))
    return [np.array([a]), np.array([0.1]), np.array([2.0])]


def _tri_starts(d: FloatArray, y: FloatArray) -> list[FloatArray]:
    if np.unique(d).size < 2:
        return [np.array([0.5, 0.1]), np.array([0.1, 0.5])]
    sol = _lstsq([-d, -d * (d + 1.0) / 2.0], y)
    return [sol, np.array([0.5, 0.1]), np.array([0.1, 0.5])]


def _str_starts(d: FloatArray, y: FloatArray) -> list[FloatArray]:
    out = [np.array([0.5, 1.0]), np.array([0.2, 2.0]), np.array([1.0, 0.5])]
    if np.unique(d).size >= 2:
        sol = _lstsq([np.ones_like(d), np.log(d)], np.log(-y))
        out.insert(0, np.array([math.exp(float(sol[0])), float(sol[1])]))
    return out


def _pow_starts(d: FloatArray, y: FloatArray) -> list[FloatArray]:
    out = [np.array([0.1, 1.0]), np.array([1.0, 0.5])]
    if np.unique(d).size >= 2:
        sol = _lstsq([-np.ones_like(d), -np.log(d)], y)
        out.insert(0, sol)
    return out


LAWS: dict[str, Law] = {
    "geometric": Law(
        "geometric",
        ("s0",),
        ((0.0, _MAX_RATE),),
        _geo_log_p,
        _geo_jac,
        lambda t: (math.exp(-t[0]),),
        _geo_starts,
    ),
    "triangular": Law(
        "triangular",
        ("s0", "rho"),
        ((0.0, _MAX_RATE), (0.0, _MAX_RATE)),
        _tri_log_p,
        _tri_jac,
        lambda t: (math.exp(-t[0]), math.exp(-t[1])),
        _tri_starts,
    ),
    "stretched": Law(
        "stretched",
        ("c", "beta"),
        ((0.0, _MAX_RATE), (0.05, 10.0)),
        _str_log_p,
        _str_jac,
        lambda t: (float(t[0]), float(t[1])),
        _str_starts,
    ),
    "power": Law(
        "power",
        ("c", "alpha"),
        ((0.0, _MAX_RATE), (0.0, _MAX_RATE)),
        _pow_log_p,
        _pow_jac,
        lambda t: (math.exp(-t[0]), float(t[1])),
        _pow_starts,
    ),
}


def law(name: object) -> Law:
    """Return the law called ``name``."""
    return LAWS[check_choice(name, "law", LAWS)]


def log_choose(k: FloatArray, n: FloatArray) -> float:
    """``sum log C(n, k)`` (real ``k`` allowed)."""
    return float(np.sum(gammaln(n + 1.0) - gammaln(k + 1.0) - gammaln(n - k + 1.0)))


def kernel_loglik(log_p: FloatArray, k: FloatArray, n: FloatArray) -> float:
    """``sum k log p + (n - k) log(1 - p)`` without the binomial constant."""
    lp = np.minimum(log_p, -_TINY)
    log_q = np.log(-np.expm1(lp))
    return float(np.sum(k * log_p + (n - k) * log_q))


def saturated_loglik(k: FloatArray, n: FloatArray) -> float:
    """Kernel log-likelihood at ``p_d = k_d / n_d`` (``0 log 0 = 0``)."""
    phat = k / n
    with np.errstate(divide="ignore"):
        a = np.where(k > 0, k * np.log(np.where(k > 0, phat, 1.0)), 0.0)
        b = np.where(n - k > 0, (n - k) * np.log(np.where(n > k, 1.0 - phat, 1.0)), 0.0)
    return float(np.sum(a + b))


def fit_theta(
    spec: Law,
    d: FloatArray,
    k: FloatArray,
    n: FloatArray,
    extra: Sequence[FloatArray] = (),
) -> tuple[FloatArray, float, bool]:
    """Maximise the kernel log-likelihood from every start; return the best theta."""
    y = np.log((k + 0.5) / (n + 1.0))
    lows = np.array([b[0] for b in spec.bounds])
    highs = np.array([b[1] for b in spec.bounds])

    def nll(theta: FloatArray) -> tuple[float, FloatArray]:
        lp = np.minimum(spec.log_p(theta, d), -_TINY)
        one_minus = -np.expm1(lp)
        value = -float(np.sum(k * lp + (n - k) * np.log(one_minus)))
        score = k - (n - k) * np.exp(lp) / one_minus
        return value, -(score @ spec.jac(theta, d))

    best_theta, best_value, ok = lows, math.inf, False
    for start in [*spec.starts(d, y), *extra]:
        x0 = np.clip(np.nan_to_num(np.asarray(start, dtype=np.float64)), lows, highs)
        res = minimize(
            nll,
            x0,
            jac=True,
            method="SLSQP",
            bounds=spec.bounds,
            options={"ftol": 1e-12, "maxiter": 500},
        )
        if float(res.fun) < best_value - 1e-12:
            best_theta, best_value, ok = (
                np.asarray(res.x),
                float(res.fun),
                bool(res.success),
            )
    return best_theta, -best_value, ok
