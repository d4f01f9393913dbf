"""Benchmark: reduce_tropical_arrays against fold_tropical (issue 8, k = 3).

Run ``python tests/bench/bench_tropical.py``. For n = 10**5 and 10**6 single
events (30% pivot candidates, 70% development events, k = 3) it builds the
tropical elements once, checks that both reductions agree, and prints the
best of several runs of each and their ratio, measured in one process.
"""

from __future__ import annotations

import time

import numpy as np

from algebra.tropical import TropicalContext, fold_tropical, reduce_tropical_arrays

K = 3


def _best(fn, repeat):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def _inputs(n, rng):
    candidate = rng.random(n) < 0.3
    weights = rng.random(n)
    slots = np.full((n, K + 1), -np.inf)
    slots[candidate, 0] = weights[candidate]
    d_total = (~candidate).astype(np.int64)
    elements = [
        TropicalContext.candidate(w, k=K) if c else TropicalContext.development(k=K)
        for c, w in zip(candidate.tolist(), weights.tolist(), strict=True)
    ]
    return slots, d_total, elements


def main() -> None:
    """Time both reductions for n = 10**5 and 10**6 and print the ratios."""
    rng = np.random.default_rng(2026)
    for n in (10**5, 10**6):
        slots, d_total, elements = _inputs(n, rng)
        assert fold_tropical(elements) == reduce_tropical_arrays(slots, d_total)
        t_fold = _best(lambda e=elements: fold_tropical(e), 2)
        t_arrays = _best(lambda s=slots, d=d_total: reduce_tropical_arrays(s, d), 10)
        t_unchecked = _best(
            lambda s=slots, d=d_total: reduce_tropical_arrays(s, d, validate=False), 10
        )
        print(f"n = {n:,}, k = {K}")
        print(f"  fold_tropical                    {t_fold * 1e3:10.2f} ms")
        print(f"  reduce_tropical_arrays           {t_arrays * 1e3:10.2f} ms")
        print(f"  reduce_tropical_arrays (no val.) {t_unchecked * 1e3:10.2f} ms")
        print(f"  fold / arrays                    {t_fold / t_arrays:10.1f}x")
        print(f"  fold / arrays (no validation)    {t_fold / t_unchecked:10.1f}x")


if __name__ == "__main__":
    main()
