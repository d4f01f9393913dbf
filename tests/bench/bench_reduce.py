"""Benchmark: reduce_arrays against fold and against one NumPy pass (issue 2).

Run ``python tests/bench/bench_reduce.py``. Prints the best of several runs
of each, measured in one process, and the two ratios the issue asks for:
fold / reduce_arrays (target >= 300) and reduce_arrays / (sum + argmax)
(target <= 3).
"""

from __future__ import annotations

import time

import numpy as np

from algebra import Context, fold, reduce_arrays


def _best(fn, repeat):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main(n: int = 10**6) -> None:
    """Time the three on ``n`` random contexts and print the ratios."""
    rng = np.random.default_rng(2026)
    has = rng.random(n) < 0.3
    w = np.where(has, rng.random(n), -np.inf)
    d_total = rng.integers(0, 5, n, dtype=np.int64)
    d_pre = np.where(has, (rng.random(n) * (d_total + 1)).astype(np.int64), 0)
    contexts = [
        Context(float(wi) if hi else None, int(ti), int(pi))
        for wi, ti, pi, hi in zip(
            w.tolist(), d_total.tolist(), d_pre.tolist(), has.tolist(), strict=True
        )
    ]
    assert fold(contexts) == reduce_arrays(w, d_total, d_pre)
    t_fold = _best(lambda: fold(contexts), 2)
    t_arrays = _best(lambda: reduce_arrays(w, d_total, d_pre), 20)
    t_unchecked = _best(lambda: reduce_arrays(w, d_total, d_pre, validate=False), 20)
    t_numpy = _best(lambda: (d_total.sum(), np.argmax(w)), 20)
    print(f"n = {n:,}")
    print(f"fold over Context objects      {t_fold * 1e3:10.2f} ms")
    print(f"reduce_arrays (validated)      {t_arrays * 1e3:10.2f} ms")
    print(f"reduce_arrays (validate=False) {t_unchecked * 1e3:10.2f} ms")
    print(f"one NumPy pass (sum + argmax)  {t_numpy * 1e3:10.2f} ms")
    print(f"fold / reduce_arrays           {t_fold / t_arrays:10.1f}x  (target >= 300)")
    print(f"reduce_arrays / numpy pass     {t_arrays / t_numpy:10.2f}x  (target <= 3)")
    print(f"unchecked / numpy pass         {t_unchecked / t_numpy:10.2f}x")


if __name__ == "__main__":
    main()
