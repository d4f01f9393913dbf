"""The exact TP-conditioned solver (private; docs/guide/witnesses.md §4).

Search space: every subsequence of the timeline with strictly increasing
timestamps, labelled by the solver's rule (``n_pre`` events before the
turning point, the first ``setup_count(n_pre, k)`` of them SETUP), whose
turning point is one of the candidates and which the validator accepts.
Objective: :func:`~witnesses.tp_weighted_score`.

For a fixed turning point ``tau`` the score is the weight sum plus a bonus
that depends only on ``(n_pre, n)``, and every grammar constraint is local
(gaps), or couples only the ends (span), or counts (length, development,
focal coverage). So two dynamic programmes give, for every first event
``f`` and pre length ``a`` and focal count ``c``, the heaviest pre-pivot
chain ``G[f, a, c]`` (ending within one gap of ``tau``), and for every last
event ``l``, the heaviest post-pivot chain ``H[l, b, c]``. The span rule is
monotone in ``t_l`` for fixed ``f``, so a suffix maximum over time-sorted
``l`` answers it; a suffix maximum over focal counts answers coverage.
Pointers recover the chains. Cost per candidate: ``O(N^2 L^2)`` array work.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from witnesses.events import Event, Timeline
from witnesses.grammar import Grammar, label_phases
from witnesses.sequence import ExtractedSequence

_EPS = 1e-12
_CELLS = 1 << 20
"""Largest array (in elements) one vectorised step builds; longer inputs go in blocks."""
_ROWS = 16
"""First events scored together in the combine step (the running best prunes between blocks)."""
_NEG = -np.inf
_FloatArray = npt.NDArray[np.float64]
_IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class _Best:
    value: float
    tau: int
    first: int  # index into pre list, or -1 for tau itself
    last: int  # index into post list, or -1 for tau itself
    a: int
    c: int
    b: int
    c_post: int


def _key(e: Event) -> tuple[float, float, str]:
    return (e.weight, -e.timestamp, e.id)


def solve_exact(
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
    candidates: list[Event],
    length: int,
    *,
    endogenous: bool,
) -> ExtractedSequence | None:
    """Return a sequence of maximum score, or None if no valid one exists.

    Ties (within 1e-12) go to the earlier candidate, then to the first
    found in the scan order (first event by time, then ``a``, ``c``, ``b``).
    """
    best: _Best | None = None
    chains: dict[int, tuple[_Side, _Side]] = {}
    weights = np.array([e.weight for e in timeline], dtype=np.float64)
    times = np.array([e.timestamp for e in timeline], dtype=np.float64)
    focal_keys = [(i, _key(e)) for i, e in enumerate(timeline) if focal in e.actors]
    gap = grammar.max_temporal_gap + _EPS
    reach: _Reach | None = None
    for rank, tau in enumerate(candidates):
        if best is not None and not _may_beat(
            best.value, tau, weights, times, focal_keys, length, endogenous=endogenous
        ):
            continue  # its value cannot exceed best.value + _EPS: it would not replace
        if best is not None:
            if reach is None:
                barred = (
                    [[i for i, key in focal_keys if key > _key(c)] for c in candidates]
                    if endogenous
                    else [[]]
                )
                reach = _Reach.build(times, weights, barred, length, gap)
            column = rank if endogenous else 0
            if not reach.may_beat(best.value, grammar, tau, column, length, gap):
                continue  # no chain through it can score above best.value + _EPS
        found = _solve_tau(
            timeline,
            focal,
            grammar,
            tau,
            rank,
            length,
            endogenous=endogenous,
        )
        if found is None:
            continue
        cand, pre, post = found
        if best is None or cand.value > best.value + _EPS:
            best = cand
            chains[rank] = (pre, post)
    if best is None:
        return None
    pre, post = chains[best.tau]
    tau = candidates[best.tau]
    events = _walk(pre, best.first, best.a, best.c)
    events.append(tau)
    events.extend(_walk(post, best.last, best.b, best.c_post)[::-1])
    phases = label_phases(best.a, best.b, grammar.min_prefix_elements)
    sequence = ExtractedSequence.build(events, phases, grammar, timeline, focal)
    # the two scores sum the same terms in another order: they may differ by
    # a few roundings of sums of |weights|, so the tolerance scales with them
    scale = sum(abs(e.weight) for e in events) + 2.0 * abs(tau.weight)
    if not sequence.valid or abs(sequence.score - best.value) > 1e-9 * (1.0 + scale):
        msg = (
            "internal error: the exact solver's optimum does not re-validate "
            f"(valid={sequence.valid}, score={sequence.score!r} vs {best.value!r})"
        )
        raise AssertionError(msg)
    return sequence


def _may_beat(
    incumbent: float,
    tau: Event,
    weights: _FloatArray,
    times: _FloatArray,
    focal_keys: list[tuple[int, tuple[float, float, str]]],
    length: int,
    *,
    endogenous: bool,
) -> bool:
    """Whether candidate ``tau`` could score above ``incumbent + _EPS``.

    Its sequences hold ``tau`` and at most ``length - 1`` other events of
    other timestamps (allowed by the endogenous rule), so their score is at
    most the sum of the ``length - 1`` largest positive weights of those
    events, plus ``tau``'s weight, plus its position bonus, at most twice
    ``|w_tau|``. The bound carries a margin far above the rounding of the
    float sums, so a candidate skipped here could not have replaced the
    incumbent (``value > best + 1e-12``): the result is unchanged.
    """
    usable = times != tau.timestamp
    if endogenous:
        top = _key(tau)
        for i, key in focal_keys:
            if key > top:
                usable[i] = False
    pool = np.maximum(weights[usable], 0.0)
    others = max(length - 1, 0)
    if others == 0:
        pool = pool[:0]
    elif pool.size > others:
        pool = np.partition(pool, pool.size - others)[pool.size - others :]
    bound = float(pool.sum()) + tau.weight + 2 * abs(tau.weight)
    margin = 1e-9 * (1.0 + abs(bound) + float(pool.size) * float(pool.max(initial=0.0)))
    return bound + margin > incumbent + _EPS


def _solve_tau(
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
    tau: Event,
    rank: int,
    length: int,
    *,
    endogenous: bool,
) -> tuple[_Best, _Side, _Side] | None:
    k = grammar.min_prefix_elements
    if length < max(1, grammar.min_length) or k > length - 1:
        return None
    top = _key(tau)

    def allowed(e: Event) -> bool:
        return not (endogenous and focal in e.actors and _key(e) > top)

    pre = [e for e in timeline if e.timestamp < tau.timestamp and allowed(e)]
    post = [e for e in timeline if e.timestamp > tau.timestamp and allowed(e)]
    gap = grammar.max_temporal_gap + _EPS
    g_side = _chain_side(pre, tau, focal, length, gap, backward=True)
    h_side = _chain_side(post, tau, focal, length, gap, backward=False)
    g, h = g_side.val, h_side.val
    best = _combine(timeline, focal, grammar, tau, rank, length, pre, post, g, h)
    if best is None:
        return None
    return best, g_side, h_side


@dataclass(frozen=True)
class _Reach:
    """Heaviest gap chains of the whole timeline, for the candidate bound.

    ``ending[a, x, k]``: the heaviest chain of ``a`` events (strictly
    increasing timestamps, consecutive ones within the gap) that ends at
    event ``x`` and uses no event barred in column ``k``;
    ``starting[a, x, k]``: the same, starting at ``x``; -inf where there is
    none, layer 0 unused. Column ``k`` serves candidate ``k`` under the
    endogenous rule (its barred events are the focal ones ranked above it);
    without the rule there is one column and nothing is barred. A barred
    event weighs -inf here, which removes exactly the chains through it, so
    a column equals the same tables built on the usable events alone. One
    layered pass builds every column and both directions at once.
    """

    times: _FloatArray
    ending: _FloatArray
    starting: _FloatArray
    scale: float

    @classmethod
    def build(
        cls,
        times: _FloatArray,
        weights: _FloatArray,
        barred: list[list[int]],
        length: int,
        gap: float,
    ) -> _Reach:
        n = times.size
        cols = np.repeat(weights[:, None], len(barred), axis=1)
        for k, rows in enumerate(barred):
            cols[rows, k] = _NEG
        val = np.full((max(length, 2), 2 * n, len(barred)), _NEG)
        val[1] = np.concatenate([cols, cols])
        lo_s, hi_s = _windows(times, gap, backward=True)
        lo_e, hi_e = _windows(times, gap, backward=False)
        lo = np.concatenate([lo_s, lo_e + n])
        hi = np.concatenate([hi_s, hi_e + n])
        live = np.flatnonzero(hi > lo)
        if live.size and length >= 3:
            extra = val[1, live]
            table = _SparseMax(lo[live], hi[live])
            for a in range(2, length):
                val[a, live] = table(val[a - 1]) + extra
        scale = float(np.abs(weights).max(initial=0.0))
        return cls(times, val[:length, n:], val[:length, :n], scale)

    def may_beat(
        self,
        incumbent: float,
        grammar: Grammar,
        tau: Event,
        column: int,
        length: int,
        gap: float,
    ) -> bool:
        """Whether a sequence pivoting on ``tau`` could score above ``incumbent + _EPS``.

        The relaxation keeps the chains (strictly increasing timestamps,
        gaps, the ends within one gap of ``tau``), the endogenous rule, the
        lengths and the exact position bonus, and drops the focal counts,
        coverage and span. Every score :func:`_combine` can find is a pre
        chain, a post chain, ``tau``'s weight and the bonus of its
        ``(a, b)``; each chain is one this bound maximises over, so the
        bound is at least the score up to the rounding of sums taken in
        another order (at most ``length`` roundings of sums of at most
        ``length`` weights, far below the margin).
        """
        t = self.times
        before = (t < tau.timestamp) & (tau.timestamp - t <= gap)
        after = (t > tau.timestamp) & (t - tau.timestamp <= gap)
        g = np.full(length, _NEG)
        h = np.full(length, _NEG)
        g[0] = h[0] = 0.0
        if before.any():
            g[1:] = self.ending[1:, before, column].max(axis=1)
        if after.any():
            h[1:] = self.starting[1:, after, column].max(axis=1)
        a_idx = np.arange(length)[:, None]
        b_idx = np.arange(length)[None, :]
        n_arr = a_idx + b_idx + 1
        pos = np.where(n_arr == 1, 0.5, a_idx / np.maximum(n_arr - 1, 1))
        bonus = 2 * tau.weight * (1 - 0.5 * np.abs(pos - 0.6))
        ok = (n_arr >= max(grammar.min_length, 1)) & (n_arr <= length)
        ok = ok & (a_idx >= grammar.min_prefix_elements)
        total = np.where(ok, g[:, None] + h[None, :] + tau.weight + bonus, _NEG)
        bound = float(total.max())
        if bound == _NEG:
            return False
        margin = 1e-9 * (1.0 + abs(bound) + 2.0 * length * self.scale)
        return bound + margin > incumbent + _EPS


@dataclass(frozen=True)
class _Side:
    """One side's chain table, and what recovers a chain from it.

    ``val[e, a, c]``: the heaviest chain of ``a`` events, ``c`` of them
    focal, that starts (pre side) or ends (post side) at event ``e`` and
    has its other end within one gap of the pivot; -inf where none.
    ``[lo[e], hi[e])``: the events a chain may step to from ``e``.
    """

    events: list[Event]
    val: _FloatArray
    lo: _IntArray
    hi: _IntArray
    hit: _IntArray

    def pointer(self, e: int, a: int, c: int) -> int:
        """Return the event after ``e`` on the chain ``val[e, a, c]`` (``a >= 2``, finite).

        The first row of the maximum of the window's chains of ``a - 1``
        events with ``c`` (``c - 1`` for a focal ``e``) focal ones: the row
        ``np.argmax`` gives, as the pointer tables of the previous version
        held it.
        """
        window = self.val[self.lo[e] : self.hi[e], a - 1, c - int(self.hit[e])]
        return int(self.lo[e]) + int(np.argmax(window))


def _chain_side(
    events: list[Event],
    tau: Event,
    focal: str,
    length: int,
    gap: float,
    *,
    backward: bool,
) -> _Side:
    """Heaviest chains of ``a`` events with ``c`` focal ones, per end event.

    ``backward``: chains *starting* at each event and ending next to ``tau``
    (pre side). Otherwise chains *ending* at each event and starting next to
    ``tau`` (post side). Each event extends the best chains of the events
    within one gap of it (a contiguous index range, see :func:`_windows`);
    the table is filled one chain length at a time (:func:`_fill_layers`).
    """
    n = len(events)
    t = np.array([e.timestamp for e in events], dtype=np.float64)
    w = np.array([e.weight for e in events], dtype=np.float64)
    hit = np.array([int(focal in e.actors) for e in events], dtype=np.int64)
    val = np.full((n, length, length + 1), _NEG)
    lo, hi = _windows(t, gap, backward=backward)
    side = _Side(events, val, lo, hi, hit)
    if n == 0 or length < 2:
        return side
    near = tau.timestamp - t <= gap if backward else t - tau.timestamp <= gap
    rows = np.flatnonzero(near)
    val[rows, 1, hit[rows]] = w[rows]
    live = np.flatnonzero(hi > lo)
    if live.size == 0 or length < 3:
        return side
    _fill_layers(val, w, hit, lo[live], hi[live], live)
    return side


def _chains(
    events: list[Event],
    tau: Event,
    focal: str,
    length: int,
    gap: float,
    *,
    backward: bool,
) -> tuple[_FloatArray, _IntArray]:
    """Return the chain table and the previous version's pointer table (for the tests).

    ``ptr[e, a, c]`` is :meth:`_Side.pointer` where ``val[e, a, c]`` is a
    chain of two or more events, else -1.
    """
    side = _chain_side(events, tau, focal, length, gap, backward=backward)
    ptr = np.full(side.val.shape, -1, dtype=np.int64)
    for e, a, c in zip(*np.nonzero(side.val > _NEG), strict=True):
        if a >= 2:
            ptr[e, a, c] = side.pointer(int(e), int(a), int(c))
    return side.val, ptr


def _fill_layers(
    val: _FloatArray,
    w: _FloatArray,
    hit: _IntArray,
    lo: _IntArray,
    hi: _IntArray,
    live: _IntArray,
) -> None:
    """Fill chains of 2, 3, ... events, one length at a time for every event at once.

    A chain of ``a`` events is one event (``live[r]``) before a chain of
    ``a - 1`` events from its window ``[lo[r], hi[r])``, so each length
    needs only the previous one. The maximum over each window comes from
    running maxima when every window is a suffix (or every one a prefix) of
    the events, else from a sparse table (:class:`_SparseMax`). A focal
    event moves the focal count up by one: its row reads the window's
    maxima one column to the left (-inf for count 0). Pointers are not
    kept: :meth:`_Side.pointer` finds the one a walk needs.
    """
    n, length, width = val.shape
    suffix = bool(np.all(hi == n))
    running = suffix or bool(np.all(lo == 0))
    table = None if running else _SparseMax(lo, hi)
    shift = np.arange(width)[None, :] + 1 - hit[live][:, None]  # column in padded
    rows = np.arange(live.size)[:, None]
    padded = np.full((live.size, width + 1), _NEG)
    for a in range(2, length):
        values = val[:, a - 1, :]
        if table is not None:
            padded[:, 1:] = table(values)
        elif suffix:
            padded[:, 1:] = np.maximum.accumulate(values[::-1], axis=0)[::-1][lo]
        else:  # prefixes
            padded[:, 1:] = np.maximum.accumulate(values, axis=0)[hi - 1]
        val[live, a, :] = padded[rows, shift] + w[live, None]


class _SparseMax:
    """Column maxima over fixed row ranges, for any values.

    Level ``k`` of the table holds, for every run of ``2**k`` rows, each
    column's maximum. A range ``[lo, hi)`` is the union of the two runs of
    the largest such size that start at ``lo`` and end at ``hi``.
    """

    def __init__(self, lo: _IntArray, hi: _IntArray) -> None:
        self.lo = lo
        self.level = np.frexp((hi - lo).astype(np.float64))[1] - 1  # floor(log2)
        self.second = hi - (1 << self.level)
        self.levels = int(self.level.max()) + 1

    def __call__(self, values: _FloatArray) -> _FloatArray:
        n, width = values.shape
        table = np.full((self.levels, n, width), _NEG)
        table[0] = values
        span = 1
        for k in range(1, self.levels):  # entries past n - 2**k + 1 are never read
            m = n - 2 * span + 1
            np.maximum(
                table[k - 1, :m], table[k - 1, span : span + m], out=table[k, :m]
            )
            span *= 2
        top: _FloatArray = np.maximum(
            table[self.level, self.lo], table[self.level, self.second]
        )
        return top


def _windows(
    t: _FloatArray, gap: float, *, backward: bool
) -> tuple[_IntArray, _IntArray]:
    """Index ranges ``[lo, hi)`` of the events strictly after (before) each event within ``gap``.

    Events are in time order and ``t_j - t_i`` (``t_i - t_j``) is monotone
    in ``j``, so each range is contiguous and its ends are the lengths of
    runs, counted here; the differences are computed exactly as the
    definition states them. Rows are counted in blocks of at most
    ``_CELLS`` pairs.
    """
    n = t.size
    edge = np.searchsorted(t, t, side="right" if backward else "left")
    other = np.empty(n, dtype=np.int64)
    step = max(1, _CELLS // max(n, 1))
    for start in range(0, n, step):
        t_i = t[start : start + step, None]
        if backward:  # after i: t_j > t_i, then the run with t_j - t_i <= gap
            run = (t[None, :] > t_i) & (t[None, :] - t_i <= gap)
        else:  # before i: t_j < t_i, the run with -(t_i - t_j) < -gap comes first
            run = (t[None, :] < t_i) & (-(t_i - t[None, :]) < -gap)
        other[start : start + step] = np.count_nonzero(run, axis=1)
    edge = edge.astype(np.int64)
    if backward:
        return edge, edge + other
    return other, edge


def _coverage_need(n_max: int, coverage: float) -> list[int]:
    need = []
    for n in range(n_max + 1):
        x = next((x for x in range(n + 1) if n and not x / n < coverage), n + 1)
        need.append(x)
    return need


def _combine(
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
    tau: Event,
    rank: int,
    length: int,
    pre: list[Event],
    post: list[Event],
    g: _FloatArray,
    h: _FloatArray,
) -> _Best | None:
    k = grammar.min_prefix_elements
    hit_tau = int(focal in tau.actors)
    need = _coverage_need(length, grammar.focal_actor_coverage)
    # post side, including the empty chain (b = 0, l = tau)
    h_all = np.full((len(post) + 1, length, length + 1), _NEG)
    h_all[: len(post)] = h
    h_all[len(post), 0, 0] = 0.0
    ends = [*post, tau]
    order = sorted(range(len(ends)), key=lambda i: (ends[i].timestamp, i))
    # suffix maxima over time-sorted last events, then over focal counts
    suffix = np.maximum.accumulate(h_all[order][::-1], axis=0)[::-1]
    cover = np.maximum.accumulate(suffix[..., ::-1], axis=-1)[..., ::-1]
    a_idx = np.arange(length)[:, None, None]
    c_idx = np.arange(length + 1)[None, :, None]
    b_idx = np.arange(length)[None, None, :]
    n_arr = a_idx + b_idx + 1
    pos = np.where(n_arr == 1, 0.5, a_idx / np.maximum(n_arr - 1, 1))
    bonus = 2 * tau.weight * (1 - 0.5 * np.abs(pos - 0.6))
    ok = (n_arr >= max(grammar.min_length, 1)) & (n_arr <= length) & (a_idx >= k)
    ok = ok & (c_idx <= a_idx)
    need_arr = np.array(need)[np.minimum(n_arr, length)]
    # need[n] <= n <= length, so m is at most length: a column of cover
    m_arr = np.maximum(need_arr - c_idx - hit_tau, 0)
    best: _Best | None = None
    duration = timeline.duration
    shape = (length, length + 1, length)
    # the admissible cells (a, c, b), in np.argmax's (row-major) order: the
    # others are -inf in the full table, so the first maximum is among these
    cells = np.flatnonzero(np.broadcast_to(ok, shape).ravel())
    if cells.size == 0:
        return None
    ca, cc, cb = np.unravel_index(cells, shape)
    cm = np.broadcast_to(m_arr, shape)[ca, cc, cb]
    c_bonus = np.broadcast_to(bonus, shape)[ca, cc, cb]
    padded = np.concatenate([cover, np.full((*cover.shape[:2], 1), _NEG)], axis=2)
    # a cell no pre chain (the empty one is (0, 0)) or no post chain can fill
    # is -inf in every row, and so is a first event that starts no chain:
    # neither can be a row's first maximum above -inf, so both are dropped
    reach = g > _NEG
    pre_any: npt.NDArray[np.bool_] = np.asarray(reach.any(axis=0))
    pre_any[0, 0] = True
    keep = pre_any[ca, cc] & (padded[0] > _NEG)[cb, cm]
    if not keep.any():
        return None
    ca, cc, cb, cm, c_bonus = ca[keep], cc[keep], cb[keep], cm[keep], c_bonus[keep]
    firsts_pre = np.flatnonzero(reach.any(axis=(1, 2)))
    g_cells = np.concatenate(
        [
            g[firsts_pre[:, None], ca, cc],
            np.where((ca == 0) & (cc == 0), 0.0, _NEG)[None, :],
        ]
    )  # one row per first event; the last is tau itself (the empty pre chain)
    starts = [*firsts_pre.tolist(), -1]
    t_first = np.array([*(pre[i].timestamp for i in starts[:-1]), tau.timestamp])
    t_end = np.array([ends[i].timestamp for i in order])
    if duration:
        span = (t_end[None, :] - t_first[:, None]) / duration
    else:
        span = np.zeros((t_first.size, t_end.size))
    far = ~(span < grammar.min_timespan_fraction)
    rows_ok = np.flatnonzero(far.any(axis=1))
    if rows_ok.size == 0:
        return None
    first_ok_all = far.argmax(axis=1)
    # a bound per first event: its heaviest chain of each length (any focal
    # count) and the heaviest post chain of each length from its first
    # admissible last event; float addition is monotone, so no cell of the
    # row sums above it, and a row whose bound cannot beat the running best
    # by more than _EPS would not replace it: it is not scored
    pair = np.unique(ca * length + cb)
    pa, pb = pair // length, pair % length
    p_bonus = bonus[pa, 0, pb]
    g_max = np.full((t_first.size, length), _NEG)
    g_max[:-1] = g[firsts_pre].max(axis=2)
    g_max[-1, 0] = 0.0
    p_max = padded[first_ok_all[rows_ok][:, None], pb[None, :], 0]
    row_bound = np.full(t_first.size, _NEG)
    row_bound[rows_ok] = (g_max[rows_ok][:, pa] + p_max + tau.weight + p_bonus).max(
        axis=1
    )
    step = max(1, min(_ROWS, _CELLS // (ca.size + t_end.size)))
    for begin in range(0, len(starts), step):
        block = np.arange(begin, min(begin + step, len(starts)))
        floor = _NEG if best is None else best.value + _EPS
        block = block[row_bound[block] > floor]
        # per first event (a block of them at once): the first last event, in
        # time order, far enough away, and the best admissible (a, c, b)
        pre_val = g_cells[block]
        live = np.flatnonzero((pre_val > _NEG).any(axis=1))
        if live.size == 0:
            continue
        first_ok = first_ok_all[block[live]]
        firsts, where = np.unique(first_ok, return_inverse=True)
        post_val = padded[firsts[:, None], cb[None, :], cm[None, :]][where]
        total = pre_val[live] + post_val + tau.weight + c_bonus
        pick = total.argmax(axis=1)
        values = total[np.arange(live.size), pick].tolist()
        for row, value in enumerate(values):
            if value == _NEG or (best is not None and not value > best.value + _EPS):
                continue
            cell = int(pick[row])
            a, c, b = int(ca[cell]), int(cc[cell]), int(cb[cell])
            last_j, c_post = _pick_post(
                h_all, order, int(first_ok[row]), b, int(cm[cell])
            )
            last = order[last_j]
            best = _Best(
                value,
                rank,
                starts[int(block[live[row]])],
                -1 if last == len(post) else last,
                a,
                c,
                b,
                c_post,
            )
    return best


def _pick_post(
    h_all: _FloatArray, order: list[int], start: int, b: int, m: int
) -> tuple[int, int]:
    """Return (position in ``order``, focal count) of the best post chain used.

    The first position (from ``start``) of the largest value with ``b``
    events and at least ``m`` focal ones, and its first focal count. It is
    called for the winning cell only, whose post value (the maximum of these
    very rows, ``cover``) is finite, so such a chain exists.
    """
    rows = h_all[order[start:], b, m:]
    best = rows.max(axis=1)
    j = int(np.argmax(best))
    return start + j, m + int(np.argmax(rows[j]))


def _walk(side: _Side, end: int, a: int, c: int) -> list[Event]:
    """Return the chain ``val[end, a, c]`` of ``side``, from ``end`` towards the pivot."""
    out: list[Event] = []
    e = end
    while a > 0:
        out.append(side.events[e])
        nxt = side.pointer(e, a, c) if a > 1 else -1
        c -= int(side.hit[e])
        a -= 1
        e = nxt
    return out
