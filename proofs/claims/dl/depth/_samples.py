"""Seeded numeric cross-checks behind the depth claims (private to proofs.claims.dl.depth)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from theory.depth import advantage, advantage_peak, crossover_interval

__all__ = [
    "not_unimodal_margins",
    "sampled_intervals",
    "similarity_survival",
    "unimodality_condition_sampled",
]


def similarity_survival(
    s0: float, rho_k: Callable[[int], float]
) -> Callable[[int], float]:
    """Return ``k -> s0 rho_k(k)**k``, the hop survival of DL-T7-RHOK."""
    return lambda k: s0 * rho_k(k) ** k


def not_unimodal_margins(s0: float, rho: float, q: float) -> tuple[float, float]:
    """Return the margins of the exact condition: not unimodal iff both are > 0."""
    a, b, c = -math.log(q), -math.log(s0), -math.log(rho)
    x1 = b + 1.5 * c  # b + c (d + 1/2) at d = 1
    return math.log(a) - (math.log(x1) + a - b - c), c / x1 + a - b - 1.5 * c


def unimodality_condition_sampled(*, seed: int, count: int) -> tuple[int, int]:
    """Compare the exact condition with a dense-grid scan of g on [1, 3 d_peak]."""
    rng = np.random.default_rng(seed)
    flagged = compared = 0
    for _ in range(count):
        s0, rho, q = rng.uniform([0.05, 0.05, 0.05], [1.0, 0.995, 0.999]).tolist()
        margins = not_unimodal_margins(s0, rho, q)
        if min(abs(m) for m in margins) < 1e-3:
            continue  # too close to the boundary for a finite scan to resolve
        top = max(20.0, 3.0 * advantage_peak(s0, rho, q).d_real)
        grid = 1.0 + np.concatenate(
            [np.geomspace(1e-9, 1.0, 2000), np.linspace(1.0, top - 1.0, 3000)[1:]]
        )
        values = np.asarray(advantage(grid, s0, rho, q))
        steps = np.diff(values)
        tol = 1e-13 * float(np.abs(values).max())
        falls, rises = np.flatnonzero(steps < -tol), np.flatnonzero(steps > tol)
        scanned = bool(falls.size and rises.size and rises.max() > falls.min())
        predicted = min(margins) > 0
        if scanned != predicted:
            msg = f"unimodality condition disagrees with the scan at {(s0, rho, q)}"
            raise AssertionError(msg)
        flagged += predicted
        compared += 1
    return compared, flagged


def sampled_intervals(*, seed: int, count: int) -> tuple[int, dict[str, object] | None]:
    """Cross-check crossover_interval against brute force on seeded parameters.

    Returns ``(count, problem)``: ``problem`` is None, or the first case where
    the package's winning set is not an interval (``kind = "not an interval"``,
    a counterexample) or crossover_interval disagrees with brute force
    (``kind = "disagrees"``, a bug of the code, settling nothing).
    """
    rng = np.random.default_rng(seed)
    params = rng.uniform(
        [0.05, 0.05, 0.3, 0.01], [1.0, 0.99, 0.995, 0.95], size=(count, 4)
    )
    for s0, rho, q, tau in params.tolist():
        top = int(np.ceil(np.log(tau) / np.log(q))) + 2
        values = advantage(np.arange(1, top + 1), s0, rho, q)
        wins = np.flatnonzero(values > tau) + 1
        found = crossover_interval(s0, rho, q, tau)
        expected = None if wins.size == 0 else (int(wins[0]), int(wins[-1]))
        case: dict[str, object] = {"s0": s0, "rho": rho, "q": q, "tau": tau}
        if wins.size and wins.size != wins[-1] - wins[0] + 1:
            return count, {"kind": "not an interval", **case, "wins": wins.tolist()}
        if (found and (found.low, found.high)) != (expected or None):
            got = None if found is None else (found.low, found.high)
            return count, {"kind": "disagrees", **case, "found": got, "brute": expected}
    return count, None
