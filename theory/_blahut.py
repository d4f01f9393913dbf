"""Blahut–Arimoto iterations with certified bounds and SQUAREM acceleration (private).

Used by :mod:`theory.rate_distortion`. The update ``q <- q c`` is the EM
update for maximising ``L(q) = sum_x p(x) log Z(x)``, ``Z = A q``; SQUAREM
(Varadhan and Roland 2008, scheme S3) extrapolates two such updates and keeps
the extrapolation only when it stays non-negative and does not lower ``L``.
Blahut's bounds hold for *any* output distribution ``q``, so acceleration never
weakens the stopping certificate.
"""

from __future__ import annotations

import math
from typing import NamedTuple, Protocol

import numpy as np
import numpy.typing as npt
from scipy.special import xlogy

FloatArray = npt.NDArray[np.float64]
_LN2 = math.log(2.0)


class Kernel(Protocol):
    """The distortion kernel ``A = exp(-beta d)`` applied to an output distribution."""

    n_outputs: int

    def step(
        self, p: FloatArray, q: FloatArray
    ) -> tuple[FloatArray, FloatArray, float]:
        """Return ``log Z(x)``, ``c(y)`` and the distortion of the channel from ``q``."""
        ...  # pragma: no cover


class MatrixKernel:
    """A general distortion matrix.

    Each row is shifted by its minimum before ``exp`` (``A / Z`` does not
    change), so that ``exp(-beta d)`` cannot underflow to a zero row; the shift
    is added back to ``log Z``.
    """

    def __init__(self, beta: float, dmat: FloatArray) -> None:
        self.n_outputs = dmat.shape[1]
        self.dmat = dmat
        self.shift = beta * dmat.min(axis=1)
        self.kernel = np.exp(-beta * dmat + self.shift[:, None])

    def step(
        self, p: FloatArray, q: FloatArray
    ) -> tuple[FloatArray, FloatArray, float]:
        """One evaluation in O(M N)."""
        z = self.kernel @ q
        ratio = self.kernel / z[:, None]
        dist = float(p @ ((ratio * self.dmat) @ q))
        return np.log(z) - self.shift, p @ ratio, dist


class HammingKernel:
    """``A = e^-beta (1 - I) + I`` applied in O(M) per step."""

    def __init__(self, beta: float, n_outputs: int) -> None:
        self.off = math.exp(-beta)
        self.n_outputs = n_outputs

    def step(
        self, p: FloatArray, q: FloatArray
    ) -> tuple[FloatArray, FloatArray, float]:
        """One evaluation in O(M)."""
        z = self.off * float(q.sum()) + (1.0 - self.off) * q
        pz = p / z
        c = self.off * float(pz.sum()) + (1.0 - self.off) * pz
        return np.log(z), c, 1.0 - float(pz @ q)


class Outcome(NamedTuple):
    """Distortion, bounds (bits), kernel evaluations and convergence."""

    distortion: float
    upper: float
    lower: float
    evaluations: int
    converged: bool


def iterate(
    p: FloatArray,
    beta: float,
    kernel: Kernel,
    eps: float,
    cap: int,
    start: FloatArray | None = None,
) -> tuple[Outcome, FloatArray]:
    """Run accelerated BA from ``start`` (uniform if None) until the gap is ``<= eps``.

    ``cap`` bounds the number of kernel evaluations: a cycle starts only when
    its two evaluations and the next bound evaluation fit, and the SQUAREM
    step-length search may spend only what is left of ``cap``. Returns the
    outcome at the final ``q`` and that ``q``.
    """
    q = np.full(kernel.n_outputs, 1.0 / kernel.n_outputs) if start is None else start
    used = 0
    while True:
        log_z, c, dist = kernel.step(p, q)
        used += 1
        base = -beta * dist - float(p @ log_z)
        # xlogy: an output no source symbol can reach (c = 0) adds 0, not NaN
        upper = (base - float(np.sum(q * xlogy(c, c)))) / _LN2
        lower = (base - float(np.log(c.max()))) / _LN2
        if upper - lower <= eps or used + 3 > cap:
            return Outcome(dist, upper, lower, used, upper - lower <= eps), q
        q, spent = _squarem(p, kernel, q, q * c, cap - used - 1)
        used += spent


def _squarem(
    p: FloatArray, kernel: Kernel, q0: FloatArray, q1: FloatArray, budget: int
) -> tuple[FloatArray, int]:
    """One SQUAREM cycle from ``q0`` (``q1 = F(q0)`` given); returns q and evaluations.

    Spends at most ``budget`` (``>= 2``) kernel evaluations: the plain step
    ``q2 = F(q1)`` is returned when the step-length search would exceed it.
    """
    _, c1, _ = kernel.step(p, q1)
    q2 = q1 * c1
    r, v = q1 - q0, q2 - 2.0 * q1 + q0
    norm_v = float(np.linalg.norm(v))
    if norm_v == 0.0:
        return q2, 1
    alpha = min(-float(np.linalg.norm(r)) / norm_v, -1.0)
    base = _loglik(p, kernel, q2)
    spent = 2
    while alpha < -1.0:
        candidate = q0 - 2.0 * alpha * r + alpha * alpha * v
        if candidate.min() >= 0.0:
            if spent >= budget:
                break
            spent += 1
            if _loglik(p, kernel, candidate) >= base:
                return candidate / candidate.sum(), spent
        alpha = (alpha - 1.0) / 2.0 if alpha < -1.01 else -1.0
    return q2, spent


def _loglik(p: FloatArray, kernel: Kernel, q: FloatArray) -> float:
    log_z, _, _ = kernel.step(p, q)
    return float(p @ log_z)
