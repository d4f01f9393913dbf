"""A straightforward label-setting implementation of the reference TP solver.

The test oracle for ``witnesses.solve(..., solver="reference")``: one DP per
(candidate, n_pre), labels as plain objects, no sharing, written to follow
WITNESS.md 1.4 line by line. The package's solver must return the very same
sequences, only faster (tests/bench/bench_solver.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from witnesses import (
    ExtractedSequence,
    Grammar,
    Phase,
    Timeline,
    injection_pool,
    rank_pivots,
    setup_count,
)


@dataclass
class _Label:
    total: float
    slots: int
    first_t: float
    last: int
    pre: int
    tp: bool
    focal: int
    chosen: tuple[int, ...]


def _dominates(a: _Label, b: _Label) -> bool:
    return (
        a.total >= b.total - 1e-12
        and a.slots <= b.slots
        and a.first_t <= b.first_t + 1e-12
    )


def oracle_solve(
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
    *,
    m: int = 10,
    pivot_ids: tuple[str, ...] | None = None,
    max_sequence_length: int = 20,
    injection_top_n: int = 40,
) -> ExtractedSequence | None:
    """Return the reference solver's best valid sequence, the slow way."""
    k = grammar.min_prefix_elements
    length = min(max_sequence_length, grammar.max_length)
    gap = grammar.max_temporal_gap
    if pivot_ids is None:
        candidates = rank_pivots(timeline.focal(focal))[:m]
    else:
        candidates = [
            timeline.event(i)
            for i in pivot_ids
            if i in timeline and focal in timeline.event(i).actors
        ]
    best: ExtractedSequence | None = None
    for tau in candidates:
        pool = injection_pool(timeline, tau, focal, top_n=injection_top_n)
        n_before = sum(1 for e in pool if e.timestamp < tau.timestamp)
        n_after = sum(1 for e in pool if e.timestamp > tau.timestamp)
        for n_pre in range(k, min(n_before, length - 1) + 1):
            n_setup = setup_count(n_pre, k)
            if n_pre - n_setup < k:
                continue
            if n_after < grammar.min_length - (n_pre + 1):
                continue
            for label in _run(pool, tau, focal, n_pre, length, gap, grammar.min_length):
                events = [pool[i] for i in label.chosen]
                phases = (
                    [Phase.SETUP] * n_setup
                    + [Phase.DEVELOPMENT] * (n_pre - n_setup)
                    + [Phase.TURNING_POINT]
                    + [Phase.RESOLUTION] * (len(events) - n_pre - 1)
                )
                seq = ExtractedSequence.build(events, phases, grammar, timeline, focal)
                if not seq.valid:
                    continue
                if best is None or seq.score > best.score + 1e-12:
                    best = seq
    return best


def _run(pool, tau, focal, n_pre, length, gap, min_length):  # type: ignore[no-untyped-def]
    n = len(pool)
    t_tau = tau.timestamp
    buckets: dict[tuple[object, ...], list[_Label]] = {}
    by_last: list[list[tuple[object, ...]]] = [[] for _ in range(n)]

    def role(i: int) -> str:
        e = pool[i]
        if e.id == tau.id:
            return "tau"
        if e.timestamp < t_tau:
            return "pre"
        if e.timestamp > t_tau:
            return "post"
        return "never"

    def feasible(lab: _Label) -> bool:
        if not lab.tp:
            if (n_pre - lab.pre) + 1 > length - lab.slots:
                return False
            if math.isfinite(gap):
                hops = math.ceil((t_tau - pool[lab.last].timestamp) / gap - 1e-12)
                if hops - 1 > n_pre - lab.pre:
                    return False
        return lab.slots + (n - 1 - lab.last) >= min_length

    def insert(lab: _Label) -> None:
        if not feasible(lab):
            return
        e = pool[lab.last]
        key = (lab.last, lab.pre, lab.tp, lab.focal, e.id)
        bucket = buckets.setdefault(key, [])
        if not bucket:
            by_last[lab.last].append(key)
        for other in bucket:
            if _dominates(other, lab):
                return
        bucket[:] = [o for o in bucket if not _dominates(lab, o)]
        bucket.append(lab)

    for i in range(n):
        r = role(i)
        hit = int(focal in pool[i].actors)
        if (r == "pre" and n_pre > 0) or (r == "tau" and n_pre == 0):
            pre = int(r == "pre")
            insert(
                _Label(
                    pool[i].weight, 1, pool[i].timestamp, i, pre, r == "tau", hit, (i,)
                )
            )
    for i in range(n):
        for key in sorted(by_last[i]):  # type: ignore[type-var]
            for lab in list(buckets[key]):
                if lab.slots >= length:
                    continue
                t_i = pool[i].timestamp
                for j in range(i + 1, n):
                    e = pool[j]
                    if e.timestamp <= t_i or e.timestamp - t_i > gap:
                        continue
                    r = role(j)
                    if r == "pre" and not (not lab.tp and lab.pre < n_pre):
                        continue
                    if r == "tau" and not (not lab.tp and lab.pre == n_pre):
                        continue
                    if r == "post" and not lab.tp:
                        continue
                    if r == "never":
                        continue
                    insert(
                        _Label(
                            lab.total + e.weight,
                            lab.slots + 1,
                            lab.first_t,
                            j,
                            lab.pre + (r == "pre"),
                            lab.tp or r == "tau",
                            lab.focal + (focal in e.actors),
                            (*lab.chosen, j),
                        )
                    )
    out: list[_Label] = []
    for i in range(n):
        for key in sorted(by_last[i]):  # type: ignore[type-var]
            out.extend(lab for lab in buckets[key] if lab.tp)
    return out


def case_key(seq: Any) -> Any:
    """What a solution is compared by: ids, phases and score (None for none)."""
    return None if seq is None else (seq.ids, seq.phases, seq.score)


def oracle_case(tl: Any, kwargs: dict[str, Any]) -> Any:
    """The oracle's :func:`case_key` for a test case (focal actor ``actor_0``)."""
    return case_key(
        oracle_solve(
            tl,
            "actor_0",
            kwargs["grammar"],
            m=kwargs["m"],
            pivot_ids=kwargs.get("pivot_ids"),
            max_sequence_length=kwargs["max_sequence_length"],
            injection_top_n=kwargs["injection_top_n"],
        )
    )
