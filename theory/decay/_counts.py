"""Argument checks for decay-law counts (private)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from theory.validation import check_counts, check_int


@dataclass(frozen=True, slots=True)
class Counts:
    """Validated depths, successes and trials."""

    d: tuple[int, ...]
    k: tuple[int, ...]
    n: tuple[int, ...]


def _ints(values: object, name: str, minimum: int) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        msg = f"{name} must be a sequence of ints, got {values!r}"
        raise TypeError(msg)
    items: list[object] = list(values)
    if any(isinstance(x, (list, tuple)) for x in items):
        msg = f"{name} must be a flat sequence of ints, got {values!r}"
        raise TypeError(msg)
    out = []
    for i, item in enumerate(items):
        out.append(check_int(item, f"{name}[{i}]", minimum=minimum))
    return tuple(out)


def as_counts(depths: object, k: object, n: object) -> Counts:
    """Check depths (distinct positive ints) and counts ``0 <= k <= n``, ``n >= 1``."""
    d = _ints(depths, "depths", 1)
    ks = _ints(k, "k", 0)
    ns = _ints(n, "n", 1)
    if not d:
        msg = "depths must not be empty"
        raise ValueError(msg)
    if not len(d) == len(ks) == len(ns):
        msg = f"depths, k and n must have equal lengths, got {len(d)}, {len(ks)}, {len(ns)}"
        raise ValueError(msg)
    if len(set(d)) != len(d):
        msg = f"depths must be distinct, got {list(d)}"
        raise ValueError(msg)
    for i, (a, b) in enumerate(zip(ks, ns, strict=True)):
        check_counts(a, b, names=(f"k[{i}]", f"n[{i}]"))
    return Counts(d, ks, ns)
