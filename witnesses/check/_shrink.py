"""Contract predicates and witness shrinking for ``check_compressor`` (private).

Two contracts judge one compression ``B -> mu(B)`` of a timeline:

* the paper's block contract (VM Definition 2, ``VM-D2``):
  ``d_total(mu(B)) >= min(d_total(B), k)``, with ``d_total`` counted as the
  semantics counts development events;
* the reference's all-pivot invariant: every top-``M`` pivot candidate of
  ``mu(B)`` keeps ``j_dev >= k``. A compressor is charged with breaking it
  only when ``B`` itself satisfied it.

A violation is shrunk greedily, ddmin style: drop runs of consecutive
events (half the block, then a quarter, ... down to single events, at every
offset) and lower ``target_size`` while the violation persists. The result is 1-minimal: removing any single event, or lowering
``target_size`` by one, makes the violation disappear.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from algebra import Context, satisfies_contract
from witnesses.compress import compress
from witnesses.events import Timeline
from witnesses.semantics import Semantics
from witnesses.state import (
    build_context_state,
    no_absorption_invariant,
    paper_block_context,
    reference_block_context,
)

MAX_SHRINK_CALLS = 5_000
"""Largest number of compressions one witness search may run."""


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
        if self.sem.counting == "paper":
            return paper_block_context(timeline, self.focal)
        return reference_block_context(timeline, self.focal)

    def kept(self, timeline: Timeline, target: int) -> Timeline:
        """Return the user compressor's output on ``timeline``."""
        packed = compress(
            timeline,
            focal=self.focal,
            strategy=self.fn,
            k=self.k,
            m=self.m,
            target_size=target,
        )
        return packed.timeline

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


def shrink(
    breaks: Callable[[Setting, Timeline, int], bool],
    s: Setting,
    timeline: Timeline,
    target: int,
) -> tuple[Timeline, int, bool]:
    """Return a 1-minimal ``(timeline, target)`` that still breaks, and whether it is.

    The flag is false when the search stopped at ``MAX_SHRINK_CALLS``.
    """
    calls = 0

    def still(events: list[str], t: int) -> bool:
        nonlocal calls
        calls += 1
        return breaks(s, timeline.subset(events), t)

    ids = list(timeline.ids)
    changed = True
    while changed:
        changed = False
        chunk = max(1, len(ids) // 2)
        while chunk >= 1:
            start = 0
            while start < len(ids):
                if calls >= MAX_SHRINK_CALLS:
                    return timeline.subset(ids), target, False
                trial = ids[:start] + ids[start + chunk :]
                t = max(1, min(target, len(trial) - 1))
                if trial and still(trial, t):
                    ids, target, changed = trial, t, True
                else:
                    start += 1
            chunk //= 2
        while target > 1 and still(ids, target - 1):
            target, changed = target - 1, True
    return timeline.subset(ids), target, True


def explain_block(s: Setting, timeline: Timeline, target: int) -> str:
    """Say why a compression breaks VM Definition 2."""
    kept = s.kept(timeline, target)
    before, after = s.block(timeline), s.block(kept)
    counted = (
        "non-focal events"
        if s.sem.counting == "paper"
        else "development-eligible events (every event, minus the 20% setup share)"
    )
    return (
        f"d_total(mu(B)) = {after.d_total} < min(d_total(B), k) = "
        f"min({before.d_total}, {s.k}) = {min(before.d_total, s.k)}; d_total counts "
        f"{counted}"
    )


def explain_invariant(s: Setting, timeline: Timeline, target: int) -> str:
    """Say which pivot a compression leaves with too few events before it."""
    kept = s.kept(timeline, target)
    state = build_context_state(kept, s.focal, m=s.m)
    bad = next(p for p in state.pivots if p.j_dev < s.k)
    return (
        f"pivot {bad.event_id} (weight {bad.weight:g}) is among the top {s.m} kept "
        f"candidates with {bad.prefix_count} kept events before it, so j_dev = "
        f"{bad.j_dev} < k = {s.k}; in the input every top-{s.m} pivot had j_dev >= {s.k}"
    )
