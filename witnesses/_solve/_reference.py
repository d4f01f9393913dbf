"""The reference TP-conditioned label-setting solver (private; docs/guide/witnesses.md §4).

Same rules, tie order and output as the straightforward implementation kept
in ``tests/witnesses/oracle_reference.py``, organised to do less work:

* the labels before the turning point do not depend on ``n_pre`` except
  through pruning, and every pruning rule is monotone in the slots used, so
  one pre-pivot DP per candidate serves every ``n_pre`` (a label pruned for
  one ``n_pre`` can only dominate labels that the same rule prunes);
* labels are plain tuples, events are parallel lists, and a finished
  sequence is scored from its running sum without building it; only the
  winner is materialised and re-validated;
* a candidate's result is a function of its pool's ``(timestamp, weight,
  focal)`` rows, tau's place in the pool, the incumbent, the timeline's
  duration and the grammar, and its pre-pivot labels of the pre-pivot rows
  alone (with tau's time and the pool size): both are memoised in small
  bounded caches, so the sweep's repeated solves (the same pool under
  another strategy or retention, the forced solve after the free one) are
  looked up instead of searched again (issue 30);
* a sequence through tau can only use the pool events of the run around
  tau with no time-adjacent gap above ``max_gap`` (:meth:`_Pool._reach`):
  candidates, runs and labels whose best completion over that run cannot
  beat the best score so far are skipped or cut (:class:`_Bound`,
  :class:`_Cut`), and the post-pivot search scores each index's endings as
  it reaches it, so its own best raises the cut (issue 30).

Processing order (the tie rules depend on it): labels by last event index,
then by bucket key ``(pre_count, focal_hits)``, then in insertion order;
each label extends to later events in time order. Within a bucket an
incoming label is discarded if an existing one dominates it, and otherwise
removes the labels it dominates.
"""

from __future__ import annotations

import math
import threading
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Hashable
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


class _Memo:
    """A small thread-safe least-recently-used cache."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.data: OrderedDict[Hashable, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> tuple[bool, Any]:
        with self.lock:
            if key not in self.data:
                return False, None
            self.data.move_to_end(key)
            return True, self.data[key]

    def put(self, key: Hashable, value: Any) -> None:
        with self.lock:
            self.data[key] = value
            self.data.move_to_end(key)
            while len(self.data) > self.size:
                self.data.popitem(last=False)


_RESULTS = _Memo(1024)
"""Candidate results, keyed by everything :func:`solve_candidate` reads."""
_PRE_DP = _Memo(128)
"""Pre-pivot label buckets, keyed by everything :func:`_pre_dp` reads."""


def _grammar_key(grammar: Grammar) -> tuple[Any, ...]:
    return (
        grammar.min_prefix_elements,
        grammar.min_length,
        grammar.max_length,
        grammar.max_temporal_gap,
        grammar.min_timespan_fraction,
        grammar.focal_actor_coverage,
    )


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
        self.t = t = [e.timestamp for e in events]
        self.w = [e.weight for e in events]
        self.hit = [int(focal in e.actors) for e in events]
        self.rows = tuple(zip(t, self.w, self.hit, strict=True))
        t_tau = tau.timestamp
        # The pool is in time order, so pre-pivot events are indices
        # 0..len(pre)-1, then come tau and the events at its time, and the
        # post-pivot events are a final run of indices.
        p, self.post_start = bisect_left(t, t_tau), bisect_right(t, t_tau)
        self.tau = next(i for i in range(p, self.post_start) if events[i].id == tau.id)
        self.pre = range(p)
        self.post = range(self.post_start, len(events))
        self.gap = gap
        self.reach_lo, self.reach_hi = self._reach(gap)
        self._hop_need: list[int] | None = None
        self._tails: dict[tuple[int, bool], list[list[float]]] = {}
        self._successors: list[list[int]] | None = None

    @property
    def hop_need(self) -> list[int]:
        """``hop_need[i]``: intermediate events needed to bridge ``i`` to tau (-1: no gap)."""
        if self._hop_need is None:
            t_tau, gap = self.t[self.tau], self.gap
            self._hop_need = [_hop_need(t_tau - t, gap) for t in self.t]
        return self._hop_need

    def successors(self, gap: float) -> list[list[int]]:
        """``successors[i]``: the later indices ``j`` with ``0 < t_j - t_i <= gap``, in order."""
        if self._successors is None:
            t = self.t
            out: list[list[int]] = []
            for i, t_i in enumerate(t):
                row = []
                for j in range(i + 1, len(t)):
                    if t[j] - t_i > gap:
                        break
                    if t[j] > t_i:
                        row.append(j)
                out.append(row)
            self._successors = out
        return self._successors

    def _reach(self, gap: float) -> tuple[int, int]:
        """Return ``(lo, hi)``: the pool indices a chain through tau can use.

        A sequence through tau steps between events with strictly
        increasing times and gaps of at most ``gap``, so it stays within the
        run of pool events around tau in which no two time-adjacent events
        are more than ``gap`` apart: the pre-pivot indices ``lo..len(pre)-1``
        and the post-pivot indices ``post_start..hi-1``. (Float subtraction
        is monotone, so no step of a chain can jump such a gap.)
        """
        t, t_tau = self.t, self.t[self.tau]
        lo, last = len(self.pre), t_tau
        while lo > 0 and last - t[lo - 1] <= gap:
            lo -= 1
            last = t[lo]
        hi, last = self.post_start, t_tau
        while hi < len(t) and t[hi] - last <= gap:
            last = t[hi]
            hi += 1
        return lo, hi

    def usable(self) -> list[int]:
        """Return the indices other than tau that a sequence through tau can use, in order."""
        return [
            *range(self.reach_lo, len(self.pre)),
            *range(self.post_start, self.reach_hi),
        ]

    def tails(self, length: int, *, post_only: bool = True) -> list[list[float]]:
        """``tails[i][r]``: the ``r <= length`` heaviest positive weights after ``i``, summed.

        Over the usable post-pivot events (:meth:`usable`), or
        (``post_only=False``) over every usable event.
        """
        key = (length, post_only)
        if key not in self._tails:
            heaviest: list[float] = []
            zero = [0.0] * (length + 1)
            out: list[list[float]] = [zero] * len(self.t)
            sums = zero
            usable = self.usable()
            if post_only:
                usable = [i for i in usable if i >= self.post_start]
            w = self.w
            for i in range(len(self.t) - 1, self.reach_lo - 1, -1):
                out[i] = sums
                if usable and usable[-1] == i:
                    usable.pop()
                    if w[i] > 0 and (len(heaviest) < length or w[i] > heaviest[-1]):
                        heaviest = sorted([*heaviest, w[i]], reverse=True)[:length]
                        sums = [0.0]
                        for x in heaviest:
                            sums.append(sums[-1] + x)
                        sums += [sums[-1]] * (length + 1 - len(sums))
            self._tails[key] = out
        return self._tails[key]


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
    key = (
        pool.rows,
        pool.tau,
        incumbent,
        timeline.duration,
        _grammar_key(grammar),
        length,
    )
    found, value = _RESULTS.get(key)
    if not found:
        value = _solve_pool(pool, timeline, grammar, length, incumbent)
        _RESULTS.put(key, value)
    return value  # type: ignore[no-any-return]


def _solve_pool(
    pool: _Pool,
    timeline: Timeline,
    grammar: Grammar,
    length: int,
    incumbent: float | None,
) -> tuple[float, int, _Label] | None:
    k = grammar.min_prefix_elements
    n_pre_max = min(len(pool.pre), length - 1)
    if n_pre_max < k:
        return None
    bound = _Bound(pool, length, grammar.min_length)
    if _hopeless(bound.quick(), incumbent) or _hopeless(
        bound.candidate(k, n_pre_max), incumbent
    ):
        return None
    pre_buckets = _pre_dp_memo(pool, n_pre_max, length, grammar, incumbent)
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
    sum plus ``2 w_tau f`` with ``f = 1 - 0.5 |n_pre / (s - 1) - 0.6| <= 1``.
    Its events other than tau are usable ones (:meth:`_Pool.usable`), so its
    sum is at most a pre-pivot part (the heaviest pre-pivot label that
    reaches tau, or the ``n_pre`` heaviest positive usable pre-pivot
    weights, if there are ``n_pre`` usable pre-pivot events), plus tau's
    weight, plus the ``s - n_pre - 1`` heaviest positive usable post-pivot
    weights (and ``s - n_pre - 1`` cannot exceed their number). A run (or a
    whole candidate) whose bound cannot beat the incumbent is skipped: it
    could not change the result, since only a score above the incumbent by
    more than 1e-12 wins. :meth:`quick` is a cruder bound over every event.
    """

    def __init__(self, pool: _Pool, length: int, min_length: int) -> None:
        self.w_tau = pool.w[pool.tau]
        self.length = length
        self.min_length = min_length
        others = [max(0.0, w) for i, w in enumerate(pool.w) if i != pool.tau]
        self.top_any = _top_sums(others, length - 1)
        w = pool.w
        pre = range(pool.reach_lo, len(pool.pre))
        self.top_pre = _top_sums([max(0.0, w[i]) for i in pre], length - 1)
        post = range(pool.post_start, pool.reach_hi)
        self.top_post = _top_sums([max(0.0, w[j]) for j in post], length - 1)

    def quick(self) -> float:
        return self.w_tau + max(0.0, 2.0 * self.w_tau) + self.top_any[-1]

    def candidate(self, k: int, n_pre_max: int) -> float:
        best = -math.inf
        for n_pre in range(k, min(n_pre_max, len(self.top_pre) - 1) + 1):
            best = max(best, self.run(n_pre, self.top_pre[n_pre]))
        return best

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
    # A bound of -inf (no sequence at all) gives nan here, hence the test.
    if incumbent is None:
        return False
    return bound == -math.inf or bound + 1e-9 * (1.0 + abs(bound)) <= incumbent


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


def _pre_dp_memo(
    pool: _Pool,
    n_pre_max: int,
    length: int,
    grammar: Grammar,
    incumbent: float | None,
) -> _Buckets:
    """:func:`_pre_dp`, looked up when the same pre-pivot rows were searched before.

    On a miss with an incumbent the search is cut (:func:`_pre_floor`) and
    not stored; the uncut search is stored, and serves any incumbent.

    The pre-pivot events are the pool's first ``len(pool.pre)`` rows; the
    search reads their rows, tau's time, the grammar and the number of
    events from tau on, the latter only through two tests (``n - i >=
    min_length`` with ``i`` a pre-pivot index, ``slots + n - j <
    min_length`` with ``slots >= 1``) that give the same answer for every
    count from ``min_length`` up, so the count is capped there. The buckets
    are shared, so nothing may change them afterwards.
    """
    p = len(pool.pre)
    key = (
        pool.rows[:p],
        pool.t[pool.tau],
        min(len(pool.events) - p, grammar.min_length),
        n_pre_max,
        length,
        grammar.max_temporal_gap,
        grammar.min_length,
    )
    found, stored = _PRE_DP.get(key)
    if found:
        return stored  # type: ignore[no-any-return]
    if incumbent is not None:
        cut = _pre_dp(pool, n_pre_max, length, grammar, _pre_floor(pool, incumbent))
        if cut is not None:
            return cut
    whole = _pre_dp(pool, n_pre_max, length, grammar)
    assert whole is not None  # an uncut search never gives up
    _PRE_DP.put(key, whole)
    return whole


def _pre_floor(pool: _Pool, incumbent: float) -> float:
    """Return the pre-pivot search's cut: below it a label cannot beat ``incumbent``.

    A pre-pivot label at ``i`` with ``pre`` events is completed by at most
    ``length - pre - 1`` further events after ``i`` other than tau (counted
    by ``tails(post_only=False)``), tau, and a pivot bonus of at most
    ``max(0, 2 w_tau)``; the margin is that of :class:`_Cut`.
    """
    w_tau = pool.w[pool.tau]
    scale = 1.0 + abs(incumbent) + sum(abs(w) for w in pool.w)
    return incumbent - 1e-6 * scale - w_tau - max(0.0, 2.0 * w_tau)


def _pre_dp(
    pool: _Pool,
    n_pre_max: int,
    length: int,
    grammar: Grammar,
    floor: float = -math.inf,
) -> _Buckets | None:
    """Labels made only of pre-pivot events, for every pre count up to ``n_pre_max``.

    In these labels ``slots == pre``, so the slot rule of docs/guide/witnesses.md §4
    (room for the missing pre events and tau) always holds, as
    ``n_pre_max <= length - 1``, and dominance compares the sums and first
    times alone (:func:`_insert_pre`). Extensions scan later events in time
    order and stop at the first one beyond ``max_gap`` (all later ones are
    too). A finite ``floor`` drops the labels that cannot reach it (see
    :class:`_Cut`; None: the search grew past :data:`_CUT_ATTEMPTS`).
    """
    gap = grammar.max_temporal_gap
    n = len(pool.events)
    min_length = grammar.min_length
    t, w, hit, need = pool.t, pool.w, pool.hit, pool.hop_need
    p = len(pool.pre)
    buckets: _Buckets = {}
    if n_pre_max == 0:
        return buckets
    cutting = floor > -math.inf
    rest = pool.tails(length, post_only=False) if cutting else []
    attempts = 0
    for i in range(pool.reach_lo, p):  # a label before reach_lo never reaches tau
        if need[i] <= n_pre_max - 1 and n - i >= min_length:
            if cutting and w[i] + rest[i][length - 2] <= floor:
                continue
            _insert_pre(buckets, i, (1, hit[i]), (w[i], 1, t[i], (i, None)))
    succ = pool.successors(gap)
    for i in range(p):
        level = buckets.get(i)
        if not level:
            continue
        for (pre, hits), labels in sorted(level.items()):
            if pre >= n_pre_max or pre >= length:
                continue
            budget = n_pre_max - pre - 1
            room = length - pre - 2
            steps = [
                (j, w[j], (pre + 1, hits + hit[j]), floor - w[j] - rest[j][room]
                 if cutting else floor)
                for j in succ[i]
                if j < p and need[j] <= budget and pre + n - j >= min_length
            ]  # fmt: skip
            for total, _, first_t, chosen in labels:
                for j, w_j, key, low in steps:
                    if total <= low:
                        continue
                    if cutting:
                        attempts += 1
                        if attempts > _CUT_ATTEMPTS:
                            return None
                    _insert_pre(
                        buckets, j, key, (total + w_j, pre + 1, first_t, (j, chosen))
                    )
    return buckets


def _insert_pre(
    buckets: _Buckets, index: int, key: tuple[int, int], label: _Label
) -> None:
    """:func:`_insert` for labels of equal slots (the pre-pivot search)."""
    level = buckets.get(index)
    if level is None:
        buckets[index] = {key: [label]}
        return
    bucket = level.get(key)
    if bucket is None:
        level[key] = [label]
        return
    total, _, first_t, _ = label
    low, high = total - _EPS, first_t + _EPS
    evicts = False
    for o in bucket:
        if o[0] >= low and o[2] <= high:
            return  # an existing label dominates the new one
        if not evicts and total >= o[0] - _EPS and first_t <= o[2] + _EPS:
            evicts = True
    if evicts:
        bucket[:] = [
            o for o in bucket if not (total >= o[0] - _EPS and first_t <= o[2] + _EPS)
        ]
    bucket.append(label)


def _finish(
    pool: _Pool,
    groups: list[tuple[int, list[_Label]]],
    n_pre: int,
    timeline: Timeline,
    grammar: Grammar,
    length: int,
    incumbent: float | None,
) -> tuple[float, _Label] | None:
    """Extend the ``n_pre`` labels through the pivot and score every ending.

    A label that cannot beat the best score so far (the incumbent, then the
    best ending of this search) is not kept (:class:`_Cut`); should a cut
    search grow past :data:`_CUT_ATTEMPTS` insertions, it is redone without
    the cut.
    """
    found = _post_search(pool, groups, n_pre, timeline, grammar, length, incumbent)
    if found is _TOO_LONG:
        found = _post_search(
            pool, groups, n_pre, timeline, grammar, length, incumbent, cutting=False
        )
    assert found is not _TOO_LONG
    return found  # type: ignore[return-value]


_CUT_ATTEMPTS = 100_000
"""Insertions after which a cut search is redone uncut (see :class:`_Cut`)."""
_TOO_LONG = object()
"""What a cut search returns when it grew past :data:`_CUT_ATTEMPTS`."""


class _Cut:
    """Which post-pivot labels cannot beat the best score so far, whatever follows.

    A label ending at pool index ``i`` with ``slots`` events and weight sum
    ``total`` scores at most ``total + tail[i][length - slots] + bonus``:
    ``tail[i][r]`` sums the ``r`` heaviest positive usable post-pivot
    weights after ``i`` (:meth:`_Pool.tails`), ``bonus`` is the largest
    pivot bonus of any size for this ``n_pre``. The bound falls (up to
    rounding) along every extension and does not fall from a label to one
    that it dominates by more than the 1e-12 tolerance, so a label is
    dropped only when its bound is below the best score so far (the
    ``bar``: the incumbent, raised by every ending this search scores) by
    ``margin`` (1e-6 of the scale of the pool's weights and the bar): the
    labels the drop changes (those dropped, those they would have evicted
    or blocked, and so on) then all stay more than ``margin / 2`` below that
    bar, which only rises, as long as fewer than ``margin / 2e-12``
    insertions happen, which :data:`_CUT_ATTEMPTS` guarantees. None of them
    can become a new best ending, every label that could is kept in the same
    order with the same neighbours, and endings are scored in the order of
    the uncut search (a pool index's labels are all in place when the search
    reaches it), so the search returns the same ending.
    """

    def __init__(self, pool: _Pool, n_pre: int, length: int) -> None:
        w_tau = pool.w[pool.tau]
        bonus = -math.inf
        for size in range(n_pre + 1, length + 1):
            pos = 0.5 if size == 1 else n_pre / (size - 1)
            bonus = max(bonus, 2 * w_tau * (1 - 0.5 * abs(pos - 0.6)))
        self.bonus = bonus
        self.weights = sum(abs(w) for w in pool.w)

    def floor(self, bar: float | None) -> float:
        """Return the cut below which a label's running sum cannot beat ``bar``."""
        if bar is None:
            return -math.inf
        return bar - 1e-6 * (1.0 + abs(bar) + self.weights) - self.bonus


def _post_search(
    pool: _Pool,
    groups: list[tuple[int, list[_Label]]],
    n_pre: int,
    timeline: Timeline,
    grammar: Grammar,
    length: int,
    incumbent: float | None,
    *,
    cutting: bool = True,
) -> tuple[float, _Label] | object | None:
    """Build the labels through tau and after it, scoring each index's endings.

    Returns the best ending that beats ``incumbent`` by more than 1e-12, in
    the order of docs/guide/witnesses.md §4 (pool index, then bucket key,
    then insertion order; a later ending wins only if better by more than
    1e-12), or None; :data:`_TOO_LONG` when the cut search grew too long.
    """
    gap = grammar.max_temporal_gap
    n = len(pool.events)
    tau = pool.tau
    t, w, hit = pool.t, pool.w, pool.hit
    t_tau = t[tau]
    min_length, max_length = grammar.min_length, grammar.max_length
    min_span, min_cover = grammar.min_timespan_fraction, grammar.focal_actor_coverage
    duration = timeline.duration
    w_tau = w[tau]
    cut = _Cut(pool, n_pre, length) if cutting else None
    tail = pool.tails(length) if cutting else []
    bar = incumbent
    best: tuple[float, _Label] | None = None
    floor = -math.inf if cut is None else cut.floor(bar)
    attempts = 0
    post: _Buckets = {}
    if n_pre == 0:
        if 1 + (n - 1 - tau) >= min_length:
            _insert(post, tau, (0, hit[tau]), (w_tau, 1, t_tau, (tau, None)))
    else:
        slots_ok = n - 1 - tau
        hit_tau = hit[tau]
        rest = tail[tau] if cutting else []
        for hits, labels in groups:
            for total, slots, first_t, chosen in labels:
                if slots < length and slots + 1 + slots_ok >= min_length:
                    if cutting and total + w_tau + rest[length - slots - 1] <= floor:
                        continue
                    _insert(
                        post,
                        tau,
                        (n_pre, hits + hit_tau),
                        (total + w_tau, slots + 1, first_t, (tau, chosen)),
                    )
    start = pool.post_start
    succ = pool.successors(gap)
    for i in [tau, *pool.post]:
        level = post.get(i)
        if not level:
            continue
        ordered = sorted(level.items())
        # every label ending at i is in place: score the endings here
        t_i = t[i]
        for (_, hits), labels in ordered:
            for label in labels:
                total, slots, first_t, _ = label
                if slots < min_length or slots > max_length:
                    continue
                span = (t_i - first_t) / duration if duration else 0.0
                if span < min_span:
                    continue
                if hits / slots < min_cover:
                    continue
                pos = 0.5 if slots == 1 else n_pre / (slots - 1)
                score = total + 2 * w_tau * (1 - 0.5 * abs(pos - 0.6))
                if bar is None or score > bar + _EPS:
                    best = (score, label)
                    bar = score
                    if cut is not None:
                        floor = cut.floor(bar)
        for (pre, hits), labels in ordered:
            steps = [
                (j, w[j], (pre, hits + hit[j]), min_length - n + j, tail[j] if cutting else [])
                for j in succ[i]
                if j >= start
            ]  # fmt: skip
            for total, slots, first_t, chosen in labels:
                if slots >= length:
                    continue
                room = length - slots - 1
                for j, w_j, key, fewest, rest_j in steps:
                    if slots < fewest:
                        continue
                    if floor > -math.inf:
                        if total + w_j + rest_j[room] <= floor:
                            continue
                        attempts += 1
                        if attempts > _CUT_ATTEMPTS:
                            return _TOO_LONG
                    _insert(
                        post, j, key, (total + w_j, slots + 1, first_t, (j, chosen))
                    )
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
