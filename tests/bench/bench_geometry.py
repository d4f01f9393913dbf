"""Benchmark: cost of the SLM distances in the dimension d (SLM-T6.1-COST).

Run ``python tests/bench/bench_geometry.py``. For d = 10 ... 10^6 it prints
the best-of-several time of ``paper_eq3_distance`` (Eq. 3), of the true
``fisher_rao_distance`` and of one NumPy pass over the 4d inputs
(``sum`` of the four arrays), measured in one process, with the ratio to the
previous d (about 10 for linear cost once the fixed per-call overhead no
longer dominates), and the time of one numerical geodesic (the
independent check used by the tests).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import numpy as np

from theory.fisher_rao import fisher_rao_distance, geodesic_length, paper_eq3_distance


def _best(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def _numpy_pass(*arrays: np.ndarray) -> float:
    return float(sum(a.sum() for a in arrays))


def main() -> None:
    """Time the distances for growing d and print the growth ratios."""
    rng = np.random.default_rng(2026)
    previous: tuple[float, float] | None = None
    print(
        f"{'d':>9} {'Eq.3 (ms)':>11} {'x prev':>7} {'FR (ms)':>11} {'x prev':>7} "
        f"{'numpy pass':>11} {'FR/numpy':>9}"
    )
    for d in (10, 100, 1_000, 10_000, 100_000, 1_000_000):
        mu1, mu2 = rng.normal(size=d), rng.normal(size=d)
        s1, s2 = rng.uniform(0.5, 2.0, size=d), rng.uniform(0.5, 2.0, size=d)
        repeat = 50 if d <= 10_000 else 5
        t_eq3 = _best(partial(paper_eq3_distance, mu1, s1, mu2, s2), repeat)
        t_fr = _best(partial(fisher_rao_distance, mu1, s1, mu2, s2), repeat)
        t_np = _best(partial(_numpy_pass, mu1, s1, mu2, s2), repeat)
        r_eq3 = "" if previous is None else f"{t_eq3 / previous[0]:7.1f}"
        r_fr = "" if previous is None else f"{t_fr / previous[1]:7.1f}"
        print(
            f"{d:>9,} {t_eq3 * 1e3:11.4f} {r_eq3:>7} {t_fr * 1e3:11.4f} {r_fr:>7} "
            f"{t_np * 1e3:11.4f} {t_fr / t_np:9.1f}"
        )
        previous = (t_eq3, t_fr)
    t_geo = _best(lambda: geodesic_length(-3.0, 0.5, 4.0, 2.0), 3)
    print(f"one numerical geodesic (shooting): {t_geo * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
