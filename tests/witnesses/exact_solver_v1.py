"""The exact solver as it was before issue 30's vectorisation (a test oracle, not package code).

``witnesses._solve._exact`` computes the chains layer by layer and scores every
first event of a candidate at once; this frozen copy of the previous version
is what tests/witnesses/test_exact_fast_path.py compares it with. The
original module docstring follows.

The exact TP-conditioned solver (private; docs/guide/witnesses.md §4).

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

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from witnesses.events import Event, Timeline
from witnesses.grammar import Grammar, label_phases
from witnesses.sequence import ExtractedSequence

_EPS = 1e-12
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
    endogenous: bool = False,
) -> ExtractedSequence | None:
    """Return a sequence of maximum score, or None if no valid one exists.

    Ties (within 1e-12) go to the earlier candidate, then to the first
    found in the scan order (first event by time, then ``a``, ``c``, ``b``).
    """
    best: _Best | None = None
    chains: dict[int, tuple[list[Event], list[Event], _IntArray, _IntArray]] = {}
    for rank, tau in enumerate(candidates):
        found = _solve_tau(
            timeline, focal, grammar, tau, rank, length, endogenous=endogenous
        )
        if found is None:
            continue
        cand, pre, post, g_ptr, h_ptr = found
        if best is None or cand.value > best.value + _EPS:
            best = cand
            chains[rank] = (pre, post, g_ptr, h_ptr)
    if best is None:
        return None
    pre, post, g_ptr, h_ptr = chains[best.tau]
    tau = candidates[best.tau]
    events = _walk_pre(pre, g_ptr, best.first, best.a, best.c, focal)
    events.append(tau)
    events.extend(_walk_post(post, h_ptr, best.last, best.b, best.c_post, focal))
    phases = label_phases(best.a, best.b, grammar.min_prefix_elements)
    sequence = ExtractedSequence.build(events, phases, grammar, timeline, focal)
    if not sequence.valid or abs(sequence.score - best.value) > 1e-9:
        msg = (
            "internal error: the exact solver's optimum does not re-validate "
            f"(valid={sequence.valid}, score={sequence.score!r} vs {best.value!r})"
        )
        raise AssertionError(msg)
    return sequence


def _solve_tau(
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
    tau: Event,
    rank: int,
    length: int,
    *,
    endogenous: bool,
) -> tuple[_Best, list[Event], list[Event], _IntArray, _IntArray] | None:
    k = grammar.min_prefix_elements
    if length < max(1, grammar.min_length) or k > length - 1:
        return None
    top = _key(tau)

    def allowed(e: Event) -> bool:
        return not (endogenous and focal in e.actors and _key(e) > top)

    pre = [e for e in timeline if e.timestamp < tau.timestamp and allowed(e)]
    post = [e for e in timeline if e.timestamp > tau.timestamp and allowed(e)]
    gap = grammar.max_temporal_gap + _EPS
    g, g_ptr = _chains(pre, tau, focal, length, gap, backward=True)
    h, h_ptr = _chains(post, tau, focal, length, gap, backward=False)
    best = _combine(timeline, focal, grammar, tau, rank, length, pre, post, g, h)
    if best is None:
        return None
    return best, pre, post, g_ptr, h_ptr


def _chains(
    events: list[Event],
    tau: Event,
    focal: str,
    length: int,
    gap: float,
    *,
    backward: bool,
) -> tuple[_FloatArray, _IntArray]:
    """Heaviest chains of ``a`` events with ``c`` focal ones, per end event.

    ``backward``: chains *starting* at each event and ending next to ``tau``
    (pre side). Otherwise chains *ending* at each event and starting next to
    ``tau`` (post side). ``ptr[e, a, c]`` is the next (or previous) event.
    Each event extends the best chains of the events within one gap of it
    (a contiguous index range, see :func:`_window`).
    """
    n = len(events)
    times = [e.timestamp for e in events]
    t = np.array(times, dtype=np.float64)
    w = [e.weight for e in events]
    hit = [int(focal in e.actors) for e in events]
    val = np.full((n, length, length + 1), _NEG)
    ptr = np.full((n, length, length + 1), -1, dtype=np.int64)
    order = range(n - 1, -1, -1) if backward else range(n)
    for i in order:
        near = tau.timestamp - t[i] <= gap if backward else t[i] - tau.timestamp <= gap
        if near and length > 1:
            val[i, 1, hit[i]] = w[i]
        lo, hi = _window(times, i, gap, backward=backward)
        if hi <= lo:
            continue
        block = val[lo:hi]  # (m, length, length + 1), a view
        arg = np.argmax(block, axis=0)
        top = block.max(axis=0)
        # extend: a -> a + 1, c -> c + hit
        h = hit[i]
        src = top[1 : length - 1, : length + 1 - h]
        cand = src + w[i]
        dst = val[i, 2:length, h:]
        better = cand > dst
        dst[better] = cand[better]
        ptr[i, 2:length, h:][better] = (lo + arg[1 : length - 1, : length + 1 - h])[
            better
        ]
    return val, ptr


def _window(
    times: list[float], i: int, gap: float, *, backward: bool
) -> tuple[int, int]:
    """Index range of the events strictly after (before) event ``i`` within ``gap``.

    Events are in time order and ``t_j - t_i`` (``t_i - t_j``) is monotone
    in ``j``, so the range is contiguous; the differences are computed
    exactly as the definition states them.
    """
    t_i = times[i]

    def after(x: float) -> float:
        return x - t_i

    def before(x: float) -> float:
        return -(t_i - x)

    if backward:
        lo = bisect_right(times, t_i)
        return lo, bisect_right(times, gap, lo=lo, key=after)
    hi = bisect_left(times, t_i)
    return bisect_left(times, -gap, hi=hi, key=before), hi


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
    ok = ok & (a_idx + b_idx <= length - 1) & (c_idx <= a_idx)
    need_arr = np.array(need)[np.minimum(n_arr, length)]
    m_arr = np.clip(need_arr - c_idx - hit_tau, 0, length + 1)
    best: _Best | None = None
    duration = timeline.duration
    starts = [*range(len(pre)), -1]
    for f in starts:
        t_f = tau.timestamp if f == -1 else pre[f].timestamp
        g_f = np.full((length, length + 1), _NEG)
        if f == -1:
            g_f[0, 0] = 0.0
        else:
            g_f[:] = g[f]
        first_ok = next(
            (
                j
                for j, i in enumerate(order)
                if not _span(ends[i].timestamp, t_f, duration)
                < grammar.min_timespan_fraction
            ),
            None,
        )
        if first_ok is None:
            continue
        table = cover[first_ok]  # (length, length + 2) after padding below
        padded = np.concatenate([table, np.full((length, 1), _NEG)], axis=1)
        post_val = padded[b_idx, m_arr]  # (length, length + 1, length)
        total = g_f[:, :, None] + post_val + tau.weight + bonus
        total = np.where(ok, total, _NEG)
        flat = int(np.argmax(total))
        value = float(total.flat[flat])
        if value == _NEG or (best is not None and not value > best.value + _EPS):
            continue
        a, c, b = np.unravel_index(flat, total.shape)
        last_j, c_post = _pick_post(h_all, order, first_ok, int(b), int(m_arr[a, c, b]))
        last = order[last_j]
        best = _Best(
            value,
            rank,
            f,
            -1 if last == len(post) else last,
            int(a),
            int(c),
            int(b),
            c_post,
        )
    return best


def _span(t_last: float, t_first: float, duration: float) -> float:
    return (t_last - t_first) / duration if duration else 0.0


def _pick_post(
    h_all: _FloatArray, order: list[int], start: int, b: int, m: int
) -> tuple[int, int]:
    """Return (position in ``order``, focal count) of the best post chain used."""
    best_v = _NEG
    pick = (start, m)
    for j in range(start, len(order)):
        row = h_all[order[j], b, m:]
        if row.size and row.max() > best_v:
            best_v = float(row.max())
            pick = (j, m + int(np.argmax(row)))
    return pick


def _walk_pre(
    pre: list[Event], ptr: _IntArray, first: int, a: int, c: int, focal: str
) -> list[Event]:
    out: list[Event] = []
    i = first
    while a > 0:
        out.append(pre[i])
        nxt = int(ptr[i, a, c])
        c -= int(focal in pre[i].actors)
        a -= 1
        i = nxt
    return out


def _walk_post(
    post: list[Event], ptr: _IntArray, last: int, b: int, c: int, focal: str
) -> list[Event]:
    out: list[Event] = []
    i = last
    while b > 0:
        out.append(post[i])
        nxt = int(ptr[i, b, c])
        c -= int(focal in post[i].actors)
        b -= 1
        i = nxt
    return out[::-1]
