"""Contract predicates and witness shrinking for ``check_compressor`` (private).

Two contracts judge one compression ``B -> mu(B)`` of a timeline:

* the paper's block contract (VM Definition 2, ``VM-D2``):
  ``d_total(mu(B)) >= min(d_total(B), k)``, with ``d_total`` counted as the
  semantics counts development events;
* the reference's all-pivot invariant: every top-``M`` pivot candidate of
  ``mu(B)`` keeps ``j_dev >= k``. A compressor is charged with breaking it
  only when ``B`` itself satisfied it.

A violation is shrunk within a budget of compressions (calls of the user's
function). The first cut is a bisection on the kept window: for an invariant
violation, the pivot that lost its development is found in the output, and
the input is cut to that pivot and the ``L`` events before it (with the
target the kept events of that window), ``L`` found by doubling then
bisection from ``p_min(k)``; the five-event minimum at ``k = 3`` is reached
in a handful of calls when it exists. Then ddmin: drop runs of consecutive
events (half the block, then a quarter, ... down to single events, skipping
a run that must stay), and lower ``target_size`` while the violation
persists. When the budget lasts, the result is 1-minimal: removing any single
event, or lowering ``target_size`` by one, makes the violation disappear.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from algebra import Context, satisfies_contract
from witnesses._compress._core import compress
from witnesses._compress._loop import min_prefix_for
from witnesses._compress._user import expand_summaries, strategy_name
from witnesses.events import Timeline
from witnesses.semantics import Semantics
from witnesses.state import (
    build_context_state,
    no_absorption_invariant,
    paper_block_context,
    reference_block_context,
)

MAX_SHRINK_CALLS = 100_000
"""Largest budget ``shrink=`` may give (compressions of one witness search)."""

DEFAULT_SHRINK_CALLS = 1_000
"""The budget of ``shrink=True``: compressions over all starts of one contract."""


class Budget:
    """Calls left for shrinking, shared by every start of one contract."""

    def __init__(self, calls: int, bar: Any = None) -> None:
        self.left = calls
        self.used = 0
        self.bar = bar

    def spend(self) -> bool:
        """Take one call; False when none is left."""
        if self.left <= 0:
            return False
        self.left -= 1
        self.used += 1
        if self.bar is not None:  # pragma: no mutate (display only)
            self.bar.update(1)  # pragma: no mutate
        return True


@dataclass(frozen=True)
class Setting:
    """Everything a compression is judged with."""

    fn: Callable[..., Any]
    k: int
    m: int
    focal: str
    sem: Semantics

    @property
    def semantics(self) -> str:
        """The semantics' name."""
        return self.sem.name

    def block(self, timeline: Timeline) -> Context:
        """Return the block's monoid element under the semantics' counting."""
        if self.sem.non_focal_development:
            return paper_block_context(timeline, self.focal)
        return reference_block_context(timeline, self.focal)

    def output(self, timeline: Timeline, target: int) -> Timeline:
        """Return the user compressor's output on ``timeline`` (summaries as returned)."""
        packed = compress(
            timeline,
            focal=self.focal,
            strategy=self.fn,
            k=self.k,
            m=self.m,
            target_size=target,
        )
        return packed.timeline

    def kept(self, timeline: Timeline, target: int) -> Timeline:
        """Return the output as the contracts judge it (summaries expanded)."""
        return expand_summaries(self.output(timeline, target), timeline)

    def invariant(self, timeline: Timeline) -> bool:
        """Return whether ``timeline`` satisfies the all-pivot invariant."""
        state = build_context_state(timeline, self.focal, m=self.m)
        return no_absorption_invariant(state, self.k)


def breaks_block_contract(s: Setting, timeline: Timeline, target: int) -> bool:
    """Whether compressing ``timeline`` breaks VM Definition 2."""
    kept = s.kept(timeline, target)
    return not satisfies_contract(s.block(timeline), s.block(kept), s.k)


def breaks_invariant(s: Setting, timeline: Timeline, target: int) -> bool:
    """Whether the input satisfies the all-pivot invariant and the output does not."""
    return s.invariant(timeline) and not s.invariant(s.kept(timeline, target))


def breaks_pivot(s: Setting, timeline: Timeline, target: int) -> bool:
    """Whether the input has a pivot candidate and the compressed block has none.

    A block without a pivot satisfies both contracts vacuously (nothing to
    protect), yet the pivot of its input is gone: the paper's pivot
    preservation counts such a compression as a pivot lost.
    """
    if s.block(timeline).w is None:
        return False
    return s.block(s.kept(timeline, target)).w is None


def shrink(
    breaks: Callable[[Setting, Timeline, int], bool],
    s: Setting,
    timeline: Timeline,
    target: int,
    budget: Budget,
    *,
    window: bool = False,
) -> tuple[Timeline, int, bool]:
    """Return a smaller ``(timeline, target)`` that still breaks, and whether it is 1-minimal.

    The flag is false when the budget ran out first. ``window=True`` makes
    the first cut the bisection on the window before the broken pivot.
    """
    ids = list(timeline.ids)

    def still(events: list[str], t: int) -> bool | None:
        if not budget.spend():
            return None
        return breaks(s, timeline.subset(events), t)

    if window:
        # no window (or no budget left): ddmin goes on from the whole input,
        # and stops at once if the budget is spent
        cut = _window_cut(s, timeline, target, still)
        if cut is not None:
            ids, target = cut
    changed = True
    while changed:
        changed = False
        chunk = max(1, len(ids) // 2)
        while chunk >= 1:
            start = 0
            while start < len(ids):
                trial = ids[:start] + ids[start + chunk :]
                t = max(1, min(target, len(trial) - 1))
                verdict = still(trial, t) if trial else False
                if verdict is None:
                    return timeline.subset(ids), target, False
                if verdict:
                    ids, target, changed = trial, t, True
                else:
                    start += chunk
            chunk //= 2
        lowered = _lower_target(ids, target, still)
        if lowered is None:
            return timeline.subset(ids), target, False
        if lowered < target:
            target, changed = lowered, True
    return timeline.subset(ids), target, True


def _lower_target(
    ids: list[str], target: int, still: Callable[[list[str], int], bool | None]
) -> int | None:
    """Lower the target by bisection, then check ``target - 1`` (None: budget spent)."""
    low, high = 1, target  # high breaks; find a smaller one that does
    while low < high:
        mid = (low + high) // 2
        verdict = still(ids, mid)
        if verdict is None:
            return None
        if verdict:
            high = mid
        else:
            low = mid + 1
    if high > 1:
        verdict = still(ids, high - 1)
        if verdict is None:
            return None
        if verdict:
            return high - 1
    return high


def _window_cut(
    s: Setting,
    timeline: Timeline,
    target: int,
    still: Callable[[list[str], int], bool | None],
) -> tuple[list[str], int] | None:
    """Cut the input to the broken pivot and the events before it.

    Returns the cut, or None when no window breaks (the caller shrinks the
    whole input) or the budget ran out.
    """
    kept = s.kept(timeline, target)
    state = build_context_state(kept, s.focal, m=s.m)
    bad = next((p for p in state.pivots if p.j_dev < s.k), None)
    if bad is None or bad.event_id not in timeline:
        return None
    ids = list(timeline.ids)
    held = set(kept.ids)
    end = timeline.position(bad.event_id)

    def attempt(length: int) -> tuple[bool | None, list[str], int]:
        window = ids[max(0, end - length) : end + 1]
        t = max(1, sum(1 for i in window if i in held))
        t = min(t, max(1, len(window) - 1))
        return still(window, t), window, t

    length = min(min_prefix_for(s.k), end)
    failed = length - 1
    while True:
        verdict, window, t = attempt(length)
        if verdict is None:
            return None
        if verdict:
            break
        if length >= end:
            return None
        failed, length = length, min(end, 2 * length)
    best = (window, t)
    low, high = failed + 1, length  # high breaks
    while low < high:
        mid = (low + high) // 2
        verdict, window, t = attempt(mid)
        if verdict is None:
            return list(best[0]), best[1]
        if verdict:
            high, best = mid, (window, t)
        else:
            low = mid + 1
    return list(best[0]), best[1]


def _unstable(s: Setting, timeline: Timeline, target: int, what: str) -> ValueError:
    """Return the error for a witness whose violation is gone when ``fn`` runs again.

    Every witness was seen to break when it was found; compressed once more
    to be explained, it no longer does, so ``fn`` answered the same input
    differently (unseeded randomness, state kept between calls).
    """
    return ValueError(
        f"strategy {strategy_name(s.fn)!r} is not deterministic: compressing the same "
        f"{len(timeline)}-event input at target_size={target} broke {what} once and "
        "keeps it when run again, so no witness can be reported; check_compressor "
        "needs fn to return the same events for the same input (seed its randomness, "
        "keep no state between calls)"
    )


def _room(kept: int, missing: int, target: int) -> str:
    """How the suggested events fit the witness's ``target_size`` (a clause or "").

    The compression kept ``kept`` events at ``target_size=target``; keeping
    ``missing`` more fits only if the target grows, or if as many other kept
    events go (possible only while one kept event, the pivot, can stay).
    """
    if kept + missing <= target:
        return ""
    need, over = kept + missing, kept + missing - target
    clause = f"; the witness ran at target_size={target}, so on this witness it needs a target_size of at least {need}"
    if over <= kept - 1:
        clause += f" or {over} fewer other kept event{'' if over == 1 else 's'}"
    return clause


@dataclass(frozen=True)
class Diagnosis:
    """Why one compression breaks a contract, and the smallest change that keeps it."""

    reason: str
    pivot: str | None
    removed: tuple[str, ...]
    suggestion: str


def explain_block(s: Setting, timeline: Timeline, target: int) -> Diagnosis:
    """Say why a compression breaks VM Definition 2 and what to keep."""
    kept = s.kept(timeline, target)
    before, after = s.block(timeline), s.block(kept)
    if satisfies_contract(before, after, s.k):
        raise _unstable(s, timeline, target, "VM Definition 2")
    paper = s.sem.non_focal_development
    counted = (
        "non-focal events"
        if paper
        else "development-eligible events (every event, minus the 20% setup share ceil(0.2 n))"
    )
    need = min(before.d_total, s.k)
    reason = (
        f"d_total(mu(B)) = {after.d_total} < min(d_total(B), k) = "
        f"min({before.d_total}, {s.k}) = {need}; d_total counts {counted}"
    )
    held = set(kept.ids)
    gone = [
        e.id
        for e in timeline
        if e.id not in held and (not paper or s.focal not in e.actors)
    ]
    missing = max(
        1, need - after.d_total if paper else min_prefix_for(need) - len(kept)
    )
    removed = tuple(gone[-missing:])
    pivot = None if before.w is None else str(before.w[-1])
    suggestion = (
        f"keep {missing} more of the dropped development events ({', '.join(removed)}); "
        f"in the policy: never go below min(d_total, k) = {need} "
        f"{'non-focal' if paper else 'development-eligible'} events"
        f"{_room(len(kept), len(removed), target)}"
    )
    return Diagnosis(reason, pivot, removed, suggestion)


def explain_pivot(s: Setting, timeline: Timeline, target: int) -> Diagnosis:
    """Say which pivot a compression that keeps no pivot candidate lost, and what to keep.

    Called on a witness only, so the input has a pivot.
    """
    kept = s.kept(timeline, target)
    if s.block(kept).w is not None:
        raise _unstable(s, timeline, target, "the input's pivot")
    focal = sum(1 for e in timeline if s.focal in e.actors)
    pivot = str(s.block(timeline).w[-1])
    if len(kept):
        what = f"{len(kept)} event{'' if len(kept) == 1 else 's'}, none of them {s.focal!r}"
    else:
        what = "no event"
    reason = (
        f"the input has {focal} {s.focal!r} event{'' if focal == 1 else 's'} (pivot "
        f"candidates; its pivot is {pivot}) and the compressed block keeps {what}: it "
        "has no pivot where its input had one, so the pivot is lost (the contracts' "
        "pivot terms hold vacuously on a block without a pivot)"
    )
    suggestion = (
        f"keep {pivot}, the input's pivot; in the policy: never drop every "
        f"{s.focal!r} event, keep the heaviest one{_room(len(kept), 1, target)}"
    )
    return Diagnosis(reason, pivot, (pivot,), suggestion)


def explain_invariant(s: Setting, timeline: Timeline, target: int) -> Diagnosis:
    """Say which pivot a compression leaves with too few events before it, and what to keep."""
    kept = s.kept(timeline, target)
    state = build_context_state(kept, s.focal, m=s.m)
    bad = next((p for p in state.pivots if p.j_dev < s.k), None)
    if bad is None:
        raise _unstable(s, timeline, target, "the all-pivot invariant")
    p_min = min_prefix_for(s.k)
    reason = (
        f"pivot {bad.event_id} (weight {bad.weight:g}) is among the top {s.m} kept "
        f"candidates with {bad.prefix_count} kept events before it, so j_dev = "
        f"{bad.j_dev} < k = {s.k} (j_dev = events before the pivot minus the 20% "
        f"setup share ceil(0.2 p), so k = {s.k} needs {p_min} events before it); in "
        f"the input every top-{s.m} pivot had j_dev >= {s.k}"
    )
    held = set(kept.ids)
    before = [e.id for e in timeline.events[: timeline.position(bad.event_id)]]
    gone = [i for i in before if i not in held]
    if gone:
        missing = max(1, p_min - bad.prefix_count)
        removed = tuple(gone[-missing:])
        suggestion = (
            f"keep the {len(removed)} dropped event{'' if len(removed) == 1 else 's'} "
            f"just before {bad.event_id} ({', '.join(removed)}); in the policy: pin "
            f"the {p_min} events before each of the {s.m} heaviest {s.focal!r} events"
        )
    else:
        # Nothing before the pivot was dropped: it lacks history in the input
        # too, where heavier candidates kept it out of the top m. Restoring
        # those (or dropping it) is the fix; no earlier event can be.
        whole = build_context_state(timeline, s.focal, m=s.m)
        above = state.pivots.index(bad)  # kept candidates that outrank it
        dropped = [p.event_id for p in whole.pivots if p.event_id not in held]
        removed = tuple(dropped[: s.m - above])
        suggestion = (
            f"{bad.event_id} has {bad.prefix_count} events before it in the input "
            f"too, so it must not become a top-{s.m} pivot: drop {bad.event_id}, "
            f"or keep {len(removed)} more of the input's top-{s.m} pivots, which "
            f"outrank it ({', '.join(removed)}); in the policy: keep the {s.m} "
            f"heaviest {s.focal!r} events and pin the {p_min} events before each"
        )
    suggestion += _room(len(kept), len(removed), target)
    return Diagnosis(reason, bad.event_id, removed, suggestion)
