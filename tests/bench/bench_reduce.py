"""Benchmark: reduce_arrays against fold and against one NumPy pass (issues 2, 30).

Run ``python tests/bench/bench_reduce.py [--n N] [--rounds R]``. Every timing
is the best of ``R`` rounds in which the contenders run one after another
(interleaved, so that a burst of load on a shared machine hits them all), in
one process. Printed:

- fold / reduce_arrays (issue 2: target >= 300);
- reduce_arrays / one NumPy pass, the pass being ``d_total.sum()`` and
  ``np.argmax(w)`` (issue 30: target <= 3);
- the same for the two earlier implementations, so that before and after
  come from one run: ``_previous`` (before issue 30) and ``_first_round``
  (issue 30's first round: the general path's conversions and checks, then
  ``_fast_sums``; built from the unchanged helpers of ``algebra.reduce``);
- the floors: a pass that also reads ``d_pre`` once (``d_pre.max()``), which
  any validation must do, and the bare NumPy kernels of the fast path run
  back to back without Python around them;
- with numba installed (the ``fast`` extra), ``engine="numba"`` against the
  same pass, and what its first call costs in a new process: importing
  numba and compiling (an empty cache directory), then importing numba and
  loading numba's on-disk cache (the same directory, a second process).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from algebra import Context, fold, reduce_arrays

_INT64_MAX = np.iinfo(np.int64).max


def _previous(w: Any, d_total: Any, d_pre: Any) -> Context:
    """reduce_arrays before issue 30 (int64 inputs only), for the before/after."""
    keys, totals, pres = np.asarray(w, float), np.asarray(d_total), np.asarray(d_pre)
    n = keys.shape[0]
    i = int(np.argmax(keys))
    top = float(keys[i])
    big = int(totals.max()) > _INT64_MAX // n
    assert not big
    if int(pres.min()) < 0 or (pres > totals).any():
        raise ValueError("bad d_pre")
    if ((keys == -np.inf) & (pres != 0)).any():
        raise ValueError("stray d_pre")
    total = int(totals.sum(dtype=np.int64))
    before = int(totals[:i].sum(dtype=np.int64))
    if top == -np.inf:
        return Context(None, total, 0)
    return Context(top, total, before + int(pres[i]))


def _first_round(w: Any, d_total: Any, d_pre: Any) -> Context:
    """reduce_arrays after issue 30's first round, frozen, for valid int64 input.

    Its general path: conversions and dtype checks, argmax, then the
    vectorised checks and sums of ``_fast_sums`` (as on main at 01c3533).
    """
    raw = np.asarray(w)
    assert not np.issubdtype(raw.dtype, np.integer)
    keys = np.asarray(raw, dtype=np.float64)
    totals, pres = np.asarray(d_total), np.asarray(d_pre)
    for arr in (keys, totals, pres):
        assert arr.ndim == 1
    for arr in (totals, pres):
        assert arr.dtype != np.bool_ and np.issubdtype(arr.dtype, np.integer)
    assert keys.shape == totals.shape == pres.shape
    n = keys.shape[0]
    i = int(np.argmax(keys))
    top = float(keys[i])
    assert top == top
    dtype = totals.dtype
    assert pres.dtype == dtype and dtype.kind == "i" and dtype.isnative
    unsigned = np.dtype(f"u{dtype.itemsize}")
    t_bits = totals.view(unsigned)
    cap = min(_INT64_MAX // n, int(np.iinfo(dtype).max))
    neg_inf = np.equal(keys, -np.inf)
    assert int(t_bits.max()) <= cap
    before = int(totals[:i].sum(dtype=np.int64))
    total = before + int(totals[i:].sum(dtype=np.int64))
    p_bits = pres.view(unsigned)
    scratch = np.empty(keys.shape[0], dtype=np.bool_)
    np.greater(p_bits, t_bits, out=scratch)
    assert not scratch.any()
    np.not_equal(p_bits.view(np.float64), 0.0, out=scratch)
    np.logical_and(neg_inf, scratch, out=neg_inf)
    assert not neg_inf.any()
    if top == -np.inf:
        return Context(None, total, 0)
    return Context(top, total, before + int(pres[i]))


def _kernels(w: Any, t: Any, p: Any) -> None:
    """The fast path's NumPy calls alone, in its order, on one scratch pair."""
    i = int(w.argmax())
    neg = np.equal(w, -np.inf)
    tb = t.view(np.uint64)
    int(np.maximum.reduce(tb))
    int(np.add.reduce(t[:i]))
    int(np.add.reduce(t[i:]))
    scratch = np.greater(p.view(np.uint64), tb)
    np.logical_or.reduce(scratch)
    np.not_equal(p.view(np.float64), 0.0, out=scratch)
    np.logical_and(neg, scratch, out=neg)
    np.logical_or.reduce(neg)


def _one_by_one(w: Any, t: Any, p: Any) -> dict[str, Callable[[], object]]:
    """Each NumPy call of the fast path alone, on scratch allocated once."""
    i = int(w.argmax())
    tb, pb, pf = t.view(np.uint64), p.view(np.uint64), p.view(np.float64)
    a = np.empty(w.shape[0], np.bool_)
    b = np.empty(w.shape[0], np.bool_)
    return {
        "  argmax(w)": lambda: w.argmax(),
        "  w == -inf": lambda: np.equal(w, -np.inf, out=a),
        "  max(d_total as uint64)": lambda: np.maximum.reduce(tb),
        "  sum(d_total[:i]), sum(d_total[i:])": lambda: (
            np.add.reduce(t[:i]),
            np.add.reduce(t[i:]),
        ),
        "  d_pre > d_total (uint64)": lambda: np.greater(pb, tb, out=b),
        "  any (bool)": lambda: np.logical_or.reduce(b),
        "  d_pre != 0 (float64 view)": lambda: np.not_equal(pf, 0.0, out=b),
        "  and (bool)": lambda: np.logical_and(a, b, out=a),
    }


_FIRST_CALL = """
import time
import numpy as np
from algebra import reduce_arrays
w, t = np.array([1.0, 2.0]), np.array([1, 2])
start = time.perf_counter()
import numba
ready = time.perf_counter()
reduce_arrays(w, t, t, engine="numba")
print(ready - start, time.perf_counter() - ready)
"""


def _first_calls() -> list[tuple[float, float]]:
    """(import numba, first call) seconds in two processes sharing a fresh cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        runs = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", _FIRST_CALL],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout.split()
            runs.append((float(out[0]), float(out[1])))
    return runs


def main() -> None:
    """Time the contenders on ``n`` random contexts and print the ratios."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10**6)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument(
        "--kernels",
        action="store_true",
        help="also time each NumPy call of the fast path alone (the floor)",
    )
    args = parser.parse_args()
    n = args.n
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
    expected = fold(contexts)
    assert expected == reduce_arrays(w, d_total, d_pre) == _previous(w, d_total, d_pre)
    assert expected == _first_round(w, d_total, d_pre)
    start = time.perf_counter()
    fold(contexts)
    t_fold = time.perf_counter() - start
    contenders: dict[str, Callable[[], object]] = {
        "reduce_arrays (validated)": lambda: reduce_arrays(w, d_total, d_pre),
        "reduce_arrays (validate=False)": lambda: reduce_arrays(
            w, d_total, d_pre, validate=False
        ),
        "first-round reduce_arrays (validated)": lambda: _first_round(
            w, d_total, d_pre
        ),
        "previous reduce_arrays (validated)": lambda: _previous(w, d_total, d_pre),
        "one NumPy pass (sum + argmax)": lambda: (d_total.sum(), np.argmax(w)),
        "pass over all three arrays": lambda: (
            d_total.sum(),
            np.argmax(w),
            d_pre.max(),
        ),
        "bare kernels of the fast path": lambda: _kernels(w, d_total, d_pre),
    }
    has_numba = importlib.util.find_spec("numba") is not None
    if has_numba:
        assert expected == reduce_arrays(w, d_total, d_pre, engine="numba")
        contenders["reduce_arrays (engine='numba')"] = lambda: reduce_arrays(
            w, d_total, d_pre, engine="numba"
        )
    if args.kernels:
        contenders.update(_one_by_one(w, d_total, d_pre))
    best = dict.fromkeys(contenders, float("inf"))
    for _ in range(args.rounds):
        for name, fn in contenders.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    one = best["one NumPy pass (sum + argmax)"]
    print(f"n = {n:,}; best of {args.rounds} interleaved rounds")
    print(f"{'fold over Context objects (one run)':40s} {t_fold * 1e3:10.2f} ms")
    for name, seconds in best.items():
        print(f"{name:40s} {seconds * 1e3:10.3f} ms  {seconds / one:6.2f}x one pass")
    ratio = best["reduce_arrays (validated)"] / one
    print(
        f"fold / reduce_arrays          {t_fold / best['reduce_arrays (validated)']:10.1f}x"
        "  (target >= 300)"
    )
    print(f"reduce_arrays / numpy pass    {ratio:10.2f}x  (target <= 3)")
    print(
        "first round / numpy pass      "
        f"{best['first-round reduce_arrays (validated)'] / one:10.2f}x"
    )
    print(
        "previous / numpy pass         "
        f"{best['previous reduce_arrays (validated)'] / one:10.2f}x"
    )
    if has_numba:
        numba_ratio = best["reduce_arrays (engine='numba')"] / one
        print(f"engine='numba' / numpy pass   {numba_ratio:10.2f}x  (target <= 3)")
        (cold_import, compile_call), (warm_import, cached_call) = _first_calls()
        print(
            f"engine='numba', first call in a new process: import numba "
            f"{cold_import:.2f} s + compile {compile_call:.2f} s; in a second "
            f"process (numba's cache): import numba {warm_import:.2f} s + load "
            f"{cached_call:.2f} s"
        )
    else:
        print("engine='numba': numba is not installed (pip install -e '.[fast]')")
    print(f"{'load average (1, 5, 15 min)':30s} {os.getloadavg()}")


if __name__ == "__main__":
    main()
