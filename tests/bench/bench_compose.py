"""Benchmark: the products written over algebra.arith against plain branching (issue 20).

Run ``python tests/bench/bench_compose.py``. Folds 200,000 contexts with
:func:`algebra.compose_endo` / :func:`algebra.compose_commit` and with the
branching implementations they replaced (kept below as the reference), in
one process, interleaved, and prints the best CPU time of 7 runs of each and
the ratio (new / branching). Measured on 2 shared cores: about 1.13 for
``compose_endo`` and 1.25 for ``compose_commit``; most of the time is the
construction and validation of the result.
"""

from __future__ import annotations

import functools
import time
from typing import Any

import numpy as np

from algebra import CommittedContext, Context, compose_commit, compose_endo


def _key_ge(a: Any, b: Any) -> bool:
    # a >= b with None below every key, as the products compare pivot keys
    if b is None:
        return True
    if a is None:
        return False
    return bool(a >= b)


def _branching_endo(a: Context, b: Context) -> Context:
    if _key_ge(a.w, b.w):
        return Context(a.w, a.d_total + b.d_total, a.d_pre)
    return Context(b.w, a.d_total + b.d_total, a.d_total + b.d_pre)


def _branching_commit(a: CommittedContext, b: CommittedContext) -> CommittedContext:
    if a.committed:
        return CommittedContext(a.w, a.d_total + b.d_total, a.d_pre, True)
    inner = _branching_endo(a.context, b.context)
    return CommittedContext(inner.w, inner.d_total, inner.d_pre, b.committed)


def _cpu(fn: Any, items: list[Any]) -> float:
    start = time.process_time()
    functools.reduce(fn, items)
    return time.process_time() - start


def main(n: int = 200_000, repeat: int = 7) -> None:
    """Time both implementations of both products on ``n`` random contexts."""
    rng = np.random.default_rng(2026)
    has = rng.random(n) < 0.3
    w = np.where(has, rng.random(n), -np.inf)
    t = rng.integers(0, 5, n)
    p = np.where(has, (rng.random(n) * (t + 1)).astype(np.int64), 0)
    plain = [
        Context(float(wi) if hi else None, int(ti), int(pi))
        for wi, ti, pi, hi in zip(
            w.tolist(), t.tolist(), p.tolist(), has.tolist(), strict=True
        )
    ]
    flagged = [
        CommittedContext(c.w, c.d_total, c.d_pre, c.w is not None and i % 7 == 0)
        for i, c in enumerate(plain)
    ]
    pairs: dict[str, tuple[Any, Any, list[Any]]] = {
        "compose_endo": (compose_endo, _branching_endo, plain),
        "compose_commit": (compose_commit, _branching_commit, flagged),
    }
    for name, (new, old, items) in pairs.items():
        assert functools.reduce(new, items) == functools.reduce(old, items)
        best_new = best_old = float("inf")
        for _ in range(repeat):
            best_old = min(best_old, _cpu(old, items))
            best_new = min(best_new, _cpu(new, items))
        print(
            f"{name:15s} branching {best_old * 1e3:8.1f} ms  arith {best_new * 1e3:8.1f} ms"
            f"  ratio {best_new / best_old:.3f}  (CPU, best of {repeat}, n={n:,})"
        )


if __name__ == "__main__":
    main()
