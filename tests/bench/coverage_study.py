"""Coverage study: actual coverage of each interval in theory.inference (issue 6).

Run ``python tests/bench/coverage_study.py``. Proportion intervals: exact
binomial enumeration, coverage(p, n) = sum_k P(K = k) 1[p in CI(k)], over a grid
of 197 values of p in [0.01, 0.99] for each n; the table prints the mean and the
minimum coverage over p and the share of p with coverage below 0.93. The Wald
interval (not in the API) is a baseline. Then a seeded simulation for the use
factor's delta-method intervals and the depth slope's stratified bootstrap.
Nominal level 0.95 throughout; deterministic (fixed seeds).
"""

from __future__ import annotations

import math
import time

import numpy as np
from scipy import stats

from theory.inference import PROPORTION_METHODS, depth_slope, proportion_ci, use_factor

LEVEL = 0.95
NS = (10, 20, 50, 100, 200, 500)
PS = np.linspace(0.01, 0.99, 197)


def _wald(k: int, n: int) -> tuple[float, float]:
    p = k / n
    half = 1.959963984540054 * math.sqrt(p * (1 - p) / n)
    return p - half, p + half


def coverage(method: str, n: int) -> np.ndarray:
    """Exact coverage at every p in PS for one method and n."""
    if method == "wald":
        ends = np.array([_wald(k, n) for k in range(n + 1)])
    else:
        ends = np.array(
            [
                (c.low, c.high)
                for c in (proportion_ci(k, n, method=method) for k in range(n + 1))
            ]
        )
    pmf = stats.binom.pmf(np.arange(n + 1)[None, :], n, PS[:, None])
    inside = (ends[None, :, 0] <= PS[:, None]) & (PS[:, None] <= ends[None, :, 1])
    return (pmf * inside).sum(axis=1)


def proportion_table() -> list[tuple[str, int, float, float, float]]:
    """Rows (method, n, mean coverage, min coverage, share below 0.93)."""
    rows = []
    for method in (*PROPORTION_METHODS, "wald"):
        for n in NS:
            cov = coverage(method, n)
            rows.append(
                (
                    method,
                    n,
                    float(cov.mean()),
                    float(cov.min()),
                    float((cov < 0.93).mean()),
                )
            )
    return rows


def use_factor_coverage(n: int, reps: int = 1000, seed: int = 6) -> tuple[float, float]:
    """Simulated coverage of the two delta-method intervals (kappa = 0.8, P_ret = 0.7)."""
    rng = np.random.default_rng(seed)
    hit = hit0 = 0
    for _ in range(reps):
        r = (rng.random(n) < 0.7).astype(float)
        c = r * (rng.random(n) < 0.8)
        u = use_factor(c, r)
        hit += u.low <= 0.8 <= u.high
        hit0 += u.low_no_covariance <= 0.8 <= u.high_no_covariance
    return hit / reps, hit0 / reps


def depth_slope_coverage(m: int, reps: int = 300, seed: int = 7) -> float:
    """Simulated coverage of the stratified-bootstrap slope interval (true slope -0.15)."""
    rng = np.random.default_rng(seed)
    depth = np.repeat([1, 2, 3], m)
    hit = 0
    for i in range(reps):
        y = (rng.random(depth.size) < 0.9 - 0.15 * depth).astype(float)
        s = depth_slope(depth, y, n_resamples=1000, seed=i)
        hit += s.low <= -0.15 <= s.high
    return hit / reps


def main() -> None:
    """Print the coverage tables."""
    start = time.perf_counter()
    print(
        f"Proportion intervals, nominal {LEVEL}, exact enumeration over 197 p in [0.01, 0.99]"
    )
    print(f"{'method':<16}{'n':>5}{'mean':>9}{'min':>9}{'<0.93':>8}")
    for method, n, mean, low, share in proportion_table():
        print(f"{method:<16}{n:>5}{mean:>9.4f}{low:>9.4f}{share:>8.2f}")
    print(
        "\nUse factor (kappa=0.8, P_ret=0.7, C = R * Bern(kappa)), 1000 simulated samples"
    )
    print(f"{'n':>5}{'with cov':>10}{'no cov':>9}")
    for n in (50, 200, 800):
        with_cov, no_cov = use_factor_coverage(n)
        print(f"{n:>5}{with_cov:>10.3f}{no_cov:>9.3f}")
    print(
        "\nDepth slope, stratified bootstrap percentile (true slope -0.15), 300 samples"
    )
    for m in (20, 100):
        print(f"  {m} per depth: coverage {depth_slope_coverage(m):.3f}")
    print(f"\n(total {time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
