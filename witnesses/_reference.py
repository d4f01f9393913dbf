"""The reference TP-conditioned label-setting solver (private; WITNESS.md 1.4).

Same rules, tie order and output as the straightforward implementation kept
in ``tests/witnesses/oracle_reference.py``, organised to do less work:

* the labels before the turning point do not depend on ``n_pre`` except
  through pruning, and every pruning rule is monotone in the slots used, so
  one pre-pivot DP per candidate serves every ``n_pre`` (a label pruned for
  one ``n_pre`` can only dominate labels that the same rule prunes);
* labels are plain tuples, events are parallel lists, and a finished
  sequence is scored from its running sum without building it; only the
  winner is materialised and re-validated.

Processing order (the tie rules depend on it): labels by last event index,
then by bucket key ``(pre_count, focal_hits)``, then in insertion order;
each label extends to later events in time order. Within a bucket an
incoming label is discarded if an existing one dominates it, and otherwise
removes the labels it dominates.
"""

from __future__ import annotations

import math
from typing import Any

from witnesses.events import Event, Timeline
from witnesses.grammar import Grammar, Phase, setup_count
from witnesses.sequence import ExtractedSequence

_EPS = 1e-12
# A label: (total, slots, first_t, chosen pool indices)
_Label = tuple[float, int, float, tuple[int, ...]]
_Buckets = dict[int, dict[tuple[int, int], list[_Label]]]


def _insert(buckets: _Buckets, index: int, key: tuple[int, int], label: _Label) -> None:
    bucket = buckets.setdefault(index, {}).setdefault(key, [])
    total, slots, first_t, _ = label
    for other in bucket:
        if other[0] >= total - _EPS and other[1] <= slots and other[2] <= first_t + _EPS:
            return
    bucket[:] = [
        o
        for o in bucket
        if not (total >= o[0] - _EPS and slots <= o[1] and first_t <= o[2] + _EPS)
    ]
    bucket.append(label)


class _Pool:
    """One candidate's pool as parallel lists."""

    def __init__(self, events: list[Event], tau: Event, focal: str) -> None:
        self.events = events
        self.t = [e.timestamp for e in events]
        self.w = [e.weight for e in events]
        self.hit = [int(focal in e.actors) for e in events]
        self.tau = next(i for i, e in enumerate(events) if e.id == tau.id)
        t_tau = tau.timestamp
        self.pre = [i for i, t in enumerate(self.t) if t < t_tau]
        self.post = [i for i, t in enumerate(self.t) if t > t_tau]


def solve_candidate(
    pool_events: list[Event],
    tau: Event,
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
    length: int,
    incumbent: float | None,
) -> tuple[float, int, _Label] | None:
    """Return ``(score, n_pre, label)`` of the best valid sequence through ``tau``.

    Only a sequence beating ``incumbent`` by more than 1e-12 counts, exactly
    as if every sequence of every candidate were compared in one pass.
    """
    pool = _Pool(pool_events, tau, focal)
    k = grammar.min_prefix_elements
    n_pre_max = min(len(pool.pre), length - 1)
    if n_pre_max < k:
        return None
    pre_buckets = _pre_dp(pool, n_pre_max, length, grammar)
    best: tuple[float, int, _Label] | None = None
    for n_pre in range(k, n_pre_max + 1):
        if len(pool.post) < grammar.min_length - (n_pre + 1):
            continue
        found = _finish(pool, pre_buckets, n_pre, timeline, grammar, length, incumbent)
        if found is not None:
            best = (found[0], n_pre, found[1])
            incumbent = found[0]
    return best


def _hops_ok(pool: _Pool, last: int, missing: int, gap: float) -> bool:
    if not math.isfinite(gap):
        return True
    hops = math.ceil((pool.t[pool.tau] - pool.t[last]) / gap - _EPS)
    return hops - 1 <= missing


def _pre_dp(pool: _Pool, n_pre_max: int, length: int, grammar: Grammar) -> _Buckets:
    """Labels made only of pre-pivot events, for every pre count up to ``n_pre_max``."""
    gap = grammar.max_temporal_gap
    n = len(pool.events)
    min_length = grammar.min_length
    buckets: _Buckets = {}

    def keep(last: int, pre: int, slots: int) -> bool:
        return (
            n_pre_max - pre + 1 <= length - slots
            and _hops_ok(pool, last, n_pre_max - pre, gap)
            and slots + (n - 1 - last) >= min_length
        )

    if n_pre_max == 0:
        return buckets
    for i in pool.pre:
        if keep(i, 1, 1):
            _insert(buckets, i, (1, pool.hit[i]), (pool.w[i], 1, pool.t[i], (i,)))
    for i in pool.pre:
        level = buckets.get(i)
        if not level:
            continue
        t_i = pool.t[i]
        for (pre, hits), labels in sorted(level.items()):
            if pre >= n_pre_max:
                continue
            for total, slots, first_t, chosen in list(labels):
                if slots >= length:
                    continue
                for j in pool.pre:
                    if j <= i:
                        continue
                    t_j = pool.t[j]
                    if t_j <= t_i or t_j - t_i > gap:
                        continue
                    if keep(j, pre + 1, slots + 1):
                        _insert(
                            buckets,
                            j,
                            (pre + 1, hits + pool.hit[j]),
                            (total + pool.w[j], slots + 1, first_t, (*chosen, j)),
                        )
    return buckets


def _finish(
    pool: _Pool,
    pre_buckets: _Buckets,
    n_pre: int,
    timeline: Timeline,
    grammar: Grammar,
    length: int,
    incumbent: float | None,
) -> tuple[float, _Label] | None:
    """Extend the ``n_pre`` labels through the pivot and score every ending."""
    gap = grammar.max_temporal_gap
    n = len(pool.events)
    tau = pool.tau
    t_tau = pool.t[tau]
    min_length = grammar.min_length
    post: _Buckets = {}
    if n_pre == 0:
        if 1 + (n - 1 - tau) >= min_length:
            _insert(post, tau, (0, pool.hit[tau]), (pool.w[tau], 1, t_tau, (tau,)))
    else:
        slots_ok = n - 1 - tau
        for i in pool.pre:
            t_i = pool.t[i]
            if t_tau <= t_i or t_tau - t_i > gap:
                continue
            for (pre, hits), labels in sorted(pre_buckets.get(i, {}).items()):
                if pre != n_pre:
                    continue
                for total, slots, first_t, chosen in labels:
                    if slots < length and slots + 1 + slots_ok >= min_length:
                        _insert(
                            post,
                            tau,
                            (n_pre, hits + pool.hit[tau]),
                            (total + pool.w[tau], slots + 1, first_t, (*chosen, tau)),
                        )
    for i in [tau, *pool.post]:
        level = post.get(i)
        if not level:
            continue
        t_i = pool.t[i]
        for (pre, hits), labels in sorted(level.items()):
            for total, slots, first_t, chosen in list(labels):
                if slots >= length:
                    continue
                for j in pool.post:
                    t_j = pool.t[j]
                    if j <= i or t_j <= t_i or t_j - t_i > gap:
                        continue
                    if slots + 1 + (n - 1 - j) >= min_length:
                        _insert(
                            post,
                            j,
                            (pre, hits + pool.hit[j]),
                            (total + pool.w[j], slots + 1, first_t, (*chosen, j)),
                        )
    return _best_ending(pool, post, n_pre, timeline, grammar, incumbent)


def _best_ending(
    pool: _Pool,
    post: _Buckets,
    n_pre: int,
    timeline: Timeline,
    grammar: Grammar,
    incumbent: float | None,
) -> tuple[float, _Label] | None:
    duration = timeline.duration
    w_tau = pool.w[pool.tau]
    best: tuple[float, _Label] | None = None
    bar = incumbent
    for i in [pool.tau, *pool.post]:
        for (_, hits), labels in sorted(post.get(i, {}).items()):
            for label in labels:
                total, slots, first_t, _ = label
                if slots < grammar.min_length or slots > grammar.max_length:
                    continue
                span = (pool.t[i] - first_t) / duration if duration else 0.0
                if span < grammar.min_timespan_fraction:
                    continue
                if hits / slots < grammar.focal_actor_coverage:
                    continue
                pos = 0.5 if slots == 1 else n_pre / (slots - 1)
                score = total + 2 * w_tau * (1 - 0.5 * abs(pos - 0.6))
                if bar is None or score > bar + _EPS:
                    best = (score, label)
                    bar = score
    return best


def materialise(
    pool_events: list[Event],
    label: _Label,
    n_pre: int,
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
) -> ExtractedSequence:
    """Build, label and validate the sequence of a winning label."""
    events = [pool_events[i] for i in label[3]]
    n_setup = setup_count(n_pre, grammar.min_prefix_elements)
    phases = (
        [Phase.SETUP] * n_setup
        + [Phase.DEVELOPMENT] * (n_pre - n_setup)
        + [Phase.TURNING_POINT]
        + [Phase.RESOLUTION] * (len(events) - n_pre - 1)
    )
    return ExtractedSequence.build(events, phases, grammar, timeline, focal)


def describe_pool(pool_events: list[Event], tau: Event) -> dict[str, Any]:
    """Return the pool size and its pre/post counts (for diagnostics)."""
    before = sum(1 for e in pool_events if e.timestamp < tau.timestamp)
    after = sum(1 for e in pool_events if e.timestamp > tau.timestamp)
    return {"pool": len(pool_events), "before": before, "after": after}
