"""The reference solver as it was before issue 30 (a test oracle, not package code).

``witnesses._solve._reference`` memoises candidates and cuts labels that
cannot beat the incumbent; this frozen copy of the previous version is what
tests/witnesses/test_solve_fast_path.py compares it with, candidate by
candidate, on random pools and incumbents. The original module docstring
follows.

The reference TP-conditioned label-setting solver (docs/guide/witnesses.md §4).

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
# A label: (total, slots, first_t, chosen pool indices as a linked list
# (last, (previous, (...))) so that an extension is O(1)).
_Chain = tuple[int, Any] | None
_Label = tuple[float, int, float, _Chain]
_Buckets = dict[int, dict[tuple[int, int], list[_Label]]]


def _insert(buckets: _Buckets, index: int, key: tuple[int, int], label: _Label) -> None:
    level = buckets.get(index)
    if level is None:
        buckets[index] = {key: [label]}
        return
    bucket = level.get(key)
    if bucket is None:
        level[key] = [label]
        return
    total, slots, first_t, _ = label
    low, high = total - _EPS, first_t + _EPS
    evicts = False
    for o in bucket:
        if o[0] >= low and o[1] <= slots and o[2] <= high:
            return  # an existing label dominates the new one
        if (
            not evicts
            and total >= o[0] - _EPS
            and slots <= o[1]
            and first_t <= o[2] + _EPS
        ):
            evicts = True
    if evicts:
        bucket[:] = [
            o
            for o in bucket
            if not (total >= o[0] - _EPS and slots <= o[1] and first_t <= o[2] + _EPS)
        ]
    bucket.append(label)


class _Pool:
    """One candidate's pool as parallel lists."""

    def __init__(self, events: list[Event], tau: Event, focal: str, gap: float) -> None:
        self.events = events
        self.t = [e.timestamp for e in events]
        self.w = [e.weight for e in events]
        self.hit = [int(focal in e.actors) for e in events]
        self.tau = next(i for i, e in enumerate(events) if e.id == tau.id)
        t_tau = tau.timestamp
        self.pre = [i for i, t in enumerate(self.t) if t < t_tau]
        self.post = [i for i, t in enumerate(self.t) if t > t_tau]
        # The pool is in time order, so pre-pivot events are indices
        # 0..len(pre)-1 and post-pivot events a final run of indices.
        self.post_start = self.post[0] if self.post else len(events)
        self.hop_need = [_hop_need(t_tau - t, gap) for t in self.t]


def _hop_need(dt: float, gap: float) -> int:
    """Intermediate events needed to bridge ``dt`` with gaps of at most ``gap``."""
    if not math.isfinite(gap):
        return -1
    return math.ceil(dt / gap - _EPS) - 1


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
    pool = _Pool(pool_events, tau, focal, grammar.max_temporal_gap)
    k = grammar.min_prefix_elements
    n_pre_max = min(len(pool.pre), length - 1)
    if n_pre_max < k:
        return None
    bound = _Bound(pool, length, grammar.min_length)
    if _hopeless(bound.candidate(), incumbent):
        return None
    pre_buckets = _pre_dp(pool, n_pre_max, length, grammar)
    joinable = _joinable(pool, pre_buckets, grammar.max_temporal_gap)
    pre_best = {
        pre: max(label[0] for _, labels in groups for label in labels)
        for pre, groups in joinable.items()
    }
    best: tuple[float, int, _Label] | None = None
    for n_pre in range(k, n_pre_max + 1):
        if len(pool.post) < grammar.min_length - (n_pre + 1):
            continue
        if _hopeless(bound.run(n_pre, pre_best.get(n_pre)), incumbent):
            continue
        groups = joinable.get(n_pre, [])
        found = _finish(pool, groups, n_pre, timeline, grammar, length, incumbent)
        if found is not None:
            best = (found[0], n_pre, found[1])
            incumbent = found[0]
    return best


class _Bound:
    """Upper bounds on the score of any sequence through one candidate.

    A sequence of ``s`` events with ``n_pre`` before tau scores its weight
    sum plus ``2 w_tau f`` with ``f = 1 - 0.5 |n_pre / (s - 1) - 0.6| <= 1``;
    its sum is at most the heaviest pre-pivot label that reaches tau, plus
    tau's weight, plus the ``s - n_pre - 1`` heaviest positive post-pivot
    weights. A run (or a whole candidate) whose bound cannot beat the
    incumbent is skipped: it could not change the result, since only a score
    above the incumbent by more than 1e-12 wins.
    """

    def __init__(self, pool: _Pool, length: int, min_length: int) -> None:
        self.w_tau = pool.w[pool.tau]
        self.length = length
        self.min_length = min_length
        others = [max(0.0, w) for i, w in enumerate(pool.w) if i != pool.tau]
        self.top_any = _top_sums(others, length - 1)
        self.top_post = _top_sums([max(0.0, pool.w[j]) for j in pool.post], length - 1)

    def candidate(self) -> float:
        return self.w_tau + max(0.0, 2.0 * self.w_tau) + self.top_any[-1]

    def run(self, n_pre: int, pre_total: float | None) -> float:
        if n_pre and pre_total is None:
            return -math.inf  # no pre-pivot label reaches tau: the run finds nothing
        head = (pre_total or 0.0) + self.w_tau
        best = -math.inf
        last = min(self.length, n_pre + len(self.top_post))
        for size in range(max(self.min_length, n_pre + 1), last + 1):
            pos = 0.5 if size == 1 else n_pre / (size - 1)
            bonus = 2 * self.w_tau * (1 - 0.5 * abs(pos - 0.6))
            best = max(best, head + self.top_post[size - n_pre - 1] + bonus)
        return best


def _top_sums(weights: list[float], r: int) -> list[float]:
    """Return ``[0, w(1), w(1) + w(2), ...]`` over the ``r`` largest weights."""
    out = [0.0]
    for w in sorted(weights, reverse=True)[:r]:
        out.append(out[-1] + w)
    return out


def _hopeless(bound: float, incumbent: float | None) -> bool:
    # Margin: the bound adds weights in another order than the solver does.
    return incumbent is not None and bound + 1e-9 * (1.0 + abs(bound)) <= incumbent


_Joinable = dict[int, list[tuple[int, list[_Label]]]]


def _joinable(pool: _Pool, buckets: _Buckets, gap: float) -> _Joinable:
    """Pre-pivot label groups that can step to tau, per pre count.

    Each group is ``(hits, labels)`` of one bucket; groups keep the order in
    which the join visits them (last event by time, then bucket key).
    """
    t_tau = pool.t[pool.tau]
    out: _Joinable = {}
    for i in pool.pre:
        level = buckets.get(i)
        if not level or t_tau <= pool.t[i] or t_tau - pool.t[i] > gap:
            continue
        for (pre, hits), labels in sorted(level.items()):
            out.setdefault(pre, []).append((hits, labels))
    return out


def _pre_dp(pool: _Pool, n_pre_max: int, length: int, grammar: Grammar) -> _Buckets:
    """Labels made only of pre-pivot events, for every pre count up to ``n_pre_max``.

    In these labels ``slots == pre``, so the slot rule of docs/guide/witnesses.md §4
    (room for the missing pre events and tau) always holds, as
    ``n_pre_max <= length - 1``. Extensions scan later events in time order
    and stop at the first one beyond ``max_gap`` (all later ones are too).
    """
    gap = grammar.max_temporal_gap
    n = len(pool.events)
    min_length = grammar.min_length
    t, w, hit, need = pool.t, pool.w, pool.hit, pool.hop_need
    p = len(pool.pre)
    buckets: _Buckets = {}
    if n_pre_max == 0:
        return buckets
    for i in range(p):
        if need[i] <= n_pre_max - 1 and n - i >= min_length:
            _insert(buckets, i, (1, hit[i]), (w[i], 1, t[i], (i, None)))
    for i in range(p):
        level = buckets.get(i)
        if not level:
            continue
        t_i = t[i]
        for (pre, hits), labels in sorted(level.items()):
            if pre >= n_pre_max:
                continue
            budget = n_pre_max - pre - 1
            for total, slots, first_t, chosen in labels:
                if slots >= length:
                    continue
                for j in range(i + 1, p):
                    t_j = t[j]
                    if t_j - t_i > gap:
                        break
                    if t_j <= t_i or need[j] > budget or slots + n - j < min_length:
                        continue
                    _insert(
                        buckets,
                        j,
                        (pre + 1, hits + hit[j]),
                        (total + w[j], slots + 1, first_t, (j, chosen)),
                    )
    return buckets


def _finish(
    pool: _Pool,
    groups: list[tuple[int, list[_Label]]],
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
            _insert(post, tau, (0, pool.hit[tau]), (pool.w[tau], 1, t_tau, (tau, None)))
    else:
        slots_ok = n - 1 - tau
        for hits, labels in groups:
            for total, slots, first_t, chosen in labels:
                if slots < length and slots + 1 + slots_ok >= min_length:
                    _insert(
                        post,
                        tau,
                        (n_pre, hits + pool.hit[tau]),
                        (total + pool.w[tau], slots + 1, first_t, (tau, chosen)),
                    )
    for i in [tau, *pool.post]:
        level = post.get(i)
        if not level:
            continue
        t_i = pool.t[i]
        for (pre, hits), labels in sorted(level.items()):
            for total, slots, first_t, chosen in labels:
                if slots >= length:
                    continue
                for j in range(max(i + 1, pool.post_start), n):
                    t_j = pool.t[j]
                    if t_j - t_i > gap:
                        break
                    if t_j <= t_i:
                        continue
                    if slots + 1 + (n - 1 - j) >= min_length:
                        _insert(
                            post,
                            j,
                            (pre, hits + pool.hit[j]),
                            (total + pool.w[j], slots + 1, first_t, (j, chosen)),
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


def _unroll(chain: _Chain) -> list[int]:
    out: list[int] = []
    while chain is not None:
        out.append(chain[0])
        chain = chain[1]
    return out[::-1]


def materialise(
    pool_events: list[Event],
    label: _Label,
    n_pre: int,
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
) -> ExtractedSequence:
    """Build, label and validate the sequence of a winning label."""
    events = [pool_events[i] for i in _unroll(label[3])]
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
