"""Five context operators through algebra.laws, three compressors through check_compressor.

Run from the repository root (a few minutes on 2 cores)::

    PYTHONPATH=$PWD python tests/bench/bench_laws.py [--quick]

For each operator the monoid and homomorphism (onto ``from_events``) checks
run exhaustively on a small finite domain and with hypothesis strategies
(``algebra.strategies``), and the monoid laws are proven or refuted with z3
(``method="smt"``) on the operator written over ``algebra.arith``. Then the
three compressors of the README run through ``check_compressor`` (50 seeds,
mirage diagnostics on; ``--quick``: 10 seeds), and three bad calls show their
errors. Prints every report with its wall time.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from itertools import product
from typing import Any

from algebra import IDENTITY, Context, compose_endo, from_events
from algebra.arith import both, ite, key_ge, negate
from algebra.compose import endo_fields
from algebra.laws import check_homomorphism, check_monoid
from algebra.strategies import contexts, timelines
from witnesses import check_compressor


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
    return Context(
        max(keys) if keys else None, a.d_total + b.d_total, a.d_pre + b.d_pre
    )


def ties_right_fields(*f: Any) -> tuple[Any, ...]:
    """ties_right over algebra.arith (for method="smt")."""
    aw, at, ap, bw, bt, bp = f
    right = both(negate(key_ge(None, bw)), key_ge(bw, aw))  # b has a key >= a's
    return ite(right, bw, aw), at + bt, ite(right, at + bp, ap)


def forgets_shift_fields(*f: Any) -> tuple[Any, ...]:
    """forgets_shift over algebra.arith."""
    aw, at, ap, bw, bt, bp = f
    left = key_ge(aw, bw)
    return ite(left, aw, bw), at + bt, ite(left, ap, bp)


def sums_prefix_fields(*f: Any) -> tuple[Any, ...]:
    """sums_prefix over algebra.arith."""
    aw, at, ap, bw, bt, bp = f
    return ite(key_ge(aw, bw), aw, bw), at + bt, ap + bp


OPERATORS: dict[str, tuple[Callable[..., Any], Callable[..., Any], Any]] = {
    "ours (compose_endo)": (compose_endo, endo_fields, IDENTITY),
    "ties to the right": (ties_right, ties_right_fields, IDENTITY),
    "shift forgets d_total_A": (forgets_shift, forgets_shift_fields, IDENTITY),
    "identity adds one to d_total": (compose_endo, endo_fields, Context(None, 1, 0)),
    "associative, not a homomorphism": (sums_prefix, sums_prefix_fields, IDENTITY),
}

DOMAIN = [
    Context(w, d, p)
    for w in (None, 0, 1, 2)
    for d in range(3)
    for p in range(d + 1)
    if w is not None or p == 0
]
SEGMENTS = [list(s) for n in range(4) for s in product([None, 0, 1], repeat=n)]


def sliding_window(timeline: Any, *, target_size: int) -> Any:
    """Keep the last target_size events."""
    return timeline.ids[-target_size:]


def keep_heaviest(timeline: Any, *, target_size: int) -> list[str]:
    """Keep the target_size heaviest events."""
    ranked = sorted(timeline, key=lambda e: (-e.weight, e.timestamp, e.id))
    return [e.id for e in ranked[:target_size]]


def pinned_window(
    timeline: Any, *, target_size: int, k: int, m: int, focal: str
) -> set[str]:
    """Pin the opening 2k events and the m heaviest focal events; fill with the latest."""
    heavy = sorted(
        (e for e in timeline if focal in e.actors),
        key=lambda e: (-e.weight, e.timestamp, e.id),
    )
    pins = {e.id for e in heavy[:m]} | set(timeline.ids[: 2 * k])
    recent = [i for i in reversed(timeline.ids) if i not in pins]
    return pins | set(recent[: max(0, target_size - len(pins))])


def _timed(label: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    start = time.perf_counter()
    report = fn(*args, **kwargs)
    print(f"--- {label}: {time.perf_counter() - start:.3f} s")
    print(report)


def operators() -> None:
    """Print every operator's reports with their times."""
    for label, (op, fields, identity) in OPERATORS.items():
        print(f"=== {label}")
        _timed("monoid, exhaustive", check_monoid, op, identity, DOMAIN)
        _timed("monoid, hypothesis", check_monoid, op, identity, contexts(max_count=4))
        _timed("monoid, smt", check_monoid, fields, identity, "context", method="smt")
        _timed(
            "homomorphism, exhaustive", check_homomorphism, from_events, op, SEGMENTS
        )
        hyp = timelines(max_size=8)
        _timed("homomorphism, hypothesis", check_homomorphism, from_events, op, hyp)
        print()


def compressors(seeds: range) -> None:
    """Print check_compressor on the three compressors with their times."""
    for fn in (sliding_window, keep_heaviest, pinned_window):
        label = f"check_compressor({fn.__name__}, seeds={seeds})"
        _timed(label, check_compressor, fn, k=3, seeds=seeds)
        print()


def _floor_div(a: int, b: int) -> int:
    return a // b


def bad_input() -> None:
    """Show the errors of four bad calls."""
    calls: dict[str, tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = {
        "a non-callable operator": (check_monoid, (3, 0, range(3)), {}),
        "an operator that raises": (check_monoid, (_floor_div, 1, range(3)), {}),
        "an empty elements": (check_monoid, (max, 0, []), {}),
        "a non-callable compressor": (check_compressor, ("window",), {"k": 3}),
    }
    for label, (fn, args, kwargs) in calls.items():
        try:
            fn(*args, **kwargs)
        except (TypeError, ValueError) as exc:
            print(f"{label}: {type(exc).__name__}: {exc}")


if __name__ == "__main__":
    operators()
    compressors(range(10) if "--quick" in sys.argv else range(50))
    bad_input()
