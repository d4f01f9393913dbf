"""Five context operators through algebra.laws: reports, counterexamples, time taken.

Run from the repository root::

    PYTHONPATH=$PWD python tests/bench/bench_laws.py

For each operator the monoid and homomorphism (onto ``from_events``) checks
run twice: exhaustively on a small finite domain and with hypothesis
strategies (``algebra.strategies``). Prints each report and its wall time.
"""

from __future__ import annotations

import time
from itertools import product

from algebra import IDENTITY, Context, compose_endo, from_events
from algebra.laws import check_homomorphism, check_monoid
from algebra.strategies import contexts, timelines


def ties_right(a: Context, b: Context) -> Context:
    """compose_endo, but an equal key in the later block wins."""
    if b.w is not None and (a.w is None or b.w >= a.w):
        return Context(b.w, a.d_total + b.d_total, a.d_total + b.d_pre)
    return Context(a.w, a.d_total + b.d_total, a.d_pre)


def forgets_shift(a: Context, b: Context) -> Context:
    """compose_endo, but the shift branch forgets d_total of the earlier block."""
    if b.w is not None and (a.w is None or b.w > a.w):
        return Context(b.w, a.d_total + b.d_total, b.d_pre)
    return Context(a.w, a.d_total + b.d_total, a.d_pre)


def sums_prefix(a: Context, b: Context) -> Context:
    """Componentwise (max, +, +): associative with identity, not from_events'."""
    keys = [k for k in (a.w, b.w) if k is not None]
    return Context(max(keys) if keys else None, a.d_total + b.d_total, a.d_pre + b.d_pre)


OPERATORS = {
    "ours (compose_endo)": (compose_endo, IDENTITY),
    "ties to the right": (ties_right, IDENTITY),
    "shift forgets d_total_A": (forgets_shift, IDENTITY),
    "identity adds one to d_total": (compose_endo, Context(None, 1, 0)),
    "associative, not a homomorphism": (sums_prefix, IDENTITY),
}

DOMAIN = [
    Context(w, d, p)
    for w in (None, 0, 1, 2)
    for d in range(3)
    for p in range(d + 1)
    if w is not None or p == 0
]
SEGMENTS = [list(s) for n in range(4) for s in product([None, 0, 1], repeat=n)]


def main() -> None:
    """Print every report with its time."""
    for label, (op, identity) in OPERATORS.items():
        print(f"=== {label}")
        for how, elements, segments in (
            ("exhaustive", DOMAIN, SEGMENTS),
            ("hypothesis", contexts(max_count=4), timelines(max_size=8)),
        ):
            start = time.perf_counter()
            monoid = check_monoid(op, identity, elements)
            mid = time.perf_counter()
            hom = check_homomorphism(from_events, op, segments)
            end = time.perf_counter()
            print(f"--- {how}: monoid {mid - start:.3f} s, homomorphism {end - mid:.3f} s")
            print(monoid)
            print(hom)
        print()


if __name__ == "__main__":
    main()
