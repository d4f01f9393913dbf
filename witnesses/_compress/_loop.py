"""The greedy drop loop shared by every compression strategy (private; docs/guide/witnesses.md §6).

Each trial removal is judged without rebuilding the segment's state:

* the trial's top-``M`` pivots are the current top ``M + 1`` minus the
  candidate, and a pivot's prefix drops by one exactly when the candidate is
  earlier, so the invariant "every top-``M`` pivot has ``j_dev >= k``" is
  answered in O(1) for a candidate outside the top ``M`` (O(M) inside);
* removing an event merges its two adjacent gaps, so the bridge lower bound
  and the number of oversized gaps change by a local delta.

``tests/witnesses/test_compress.py`` checks that the result (kept events and
every counter) equals a straightforward implementation that rebuilds the
state with :func:`~witnesses.state.build_context_state` for every trial.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass, field, replace

from witnesses._solve._pool import rank_pivots
from witnesses.events import Event
from witnesses.grammar import development_eligible_count


@dataclass
class Counters:
    """Mutable tallies of one compression run."""

    attempted: int = 0
    accepted: int = 0
    last_focal: int = 0
    contract: int = 0
    bridge: int = 0
    gap_guard: int = 0
    definition2: int = 0
    violating: int = 0
    dropped: list[str] = field(default_factory=list)


def min_prefix_for(k: int) -> int:
    """Return the smallest prefix ``p`` with ``development_eligible_count(p) >= k``."""
    p = k
    while development_eligible_count(p) < k:
        p += 1
    return p


@dataclass(frozen=True)
class Rules:
    """What a strategy checks, and its parameters."""

    strategy: str
    k: int
    m: int
    max_gap: float
    min_length: int
    non_focal: bool
    """Definition 2 counts the non-focal events as development (``"paper"``)."""

    @property
    def guards_contract(self) -> bool:
        return self.strategy == "contract_guarded"

    @property
    def guards_bridge(self) -> bool:
        return self.strategy in (
            "bridge_preserving",
            "contract_guarded",
        ) and math.isfinite(self.max_gap)

    @property
    def guards_gaps(self) -> bool:
        return self.strategy == "contract_guarded" and math.isfinite(self.max_gap)


class Segment:
    """The current segment as sorted alive positions over fixed event arrays."""

    def __init__(self, events: tuple[Event, ...], focal: str, rules: Rules) -> None:
        self.rules = rules
        self.t = [e.timestamp for e in events]
        self.is_focal = [focal in e.actors for e in events]
        self.ids = [e.id for e in events]
        self.alive = list(range(len(events)))
        index = {e.id: i for i, e in enumerate(events)}
        self.ranked_focal = [
            index[e.id] for e in rank_pivots([e for e in events if focal in e.actors])
        ]
        self.n_nonfocal = sum(1 for f in self.is_focal if not f)
        self.d2_floor = self._d2_floor(len(events))
        self.p_min = min_prefix_for(rules.k)
        self.bridge = 0
        self.oversized = 0
        for a, b in zip(self.alive, self.alive[1:], strict=False):
            self.bridge += self._bridge_term(a, b)
            self.oversized += self._over(a, b)

    def _d2_floor(self, size: int) -> int:
        if self.rules.non_focal:
            return min(self.n_nonfocal, self.rules.k)
        return min(development_eligible_count(size), self.rules.k)

    def _bridge_term(self, a: int, b: int) -> int:
        gap = self.rules.max_gap
        g = self.t[b] - self.t[a]
        # saturate: a gap 1e300 times max_gap needs more events than any timeline
        return math.ceil(min(g / gap, 2.0**53)) - 1 if g > gap else 0

    def _over(self, a: int, b: int) -> int:
        return int(self.t[b] - self.t[a] > self.rules.max_gap)

    def size(self) -> int:
        return len(self.alive)

    def prefix(self, pos: int) -> int:
        return bisect_left(self.alive, pos)

    def remove(self, pos: int) -> None:
        d_bridge, d_over = self.gap_delta(pos)
        self.bridge += d_bridge
        self.oversized += d_over
        del self.alive[bisect_left(self.alive, pos)]
        if self.is_focal[pos]:
            self.ranked_focal.remove(pos)
        else:
            self.n_nonfocal -= 1

    def gap_delta(self, pos: int) -> tuple[int, int]:
        """Return the change of (bridge bound, oversized gaps) if ``pos`` is removed."""
        if not math.isfinite(self.rules.max_gap):
            return 0, 0
        i = bisect_left(self.alive, pos)
        prev = self.alive[i - 1] if i > 0 else None
        nxt = self.alive[i + 1] if i + 1 < len(self.alive) else None
        d_bridge = d_over = 0
        if prev is not None:
            d_bridge -= self._bridge_term(prev, pos)
            d_over -= self._over(prev, pos)
        if nxt is not None:
            d_bridge -= self._bridge_term(pos, nxt)
            d_over -= self._over(pos, nxt)
        if prev is not None and nxt is not None:
            d_bridge += self._bridge_term(prev, nxt)
            d_over += self._over(prev, nxt)
        return d_bridge, d_over


class InvariantOracle:
    """Answers "does the trial without ``pos`` keep every top-M pivot at j_dev >= k"."""

    def __init__(self, seg: Segment) -> None:
        m, p_min = seg.rules.m, seg.p_min
        self.seg = seg
        self.top = seg.ranked_focal[: m + 1] if m > 0 else []
        self.prefix = {p: seg.prefix(p) for p in self.top}
        base = self.top[:m] if m > 0 else []
        self.base = set(base)
        self.trivial = seg.rules.k <= 0 or m <= 0
        self.fail_base = any(self.prefix[p] < p_min for p in base)
        self.tight_max = max((p for p in base if self.prefix[p] == p_min), default=-1)

    def holds_without(self, pos: int) -> bool:
        if self.trivial:
            return True
        if pos not in self.base:
            return not self.fail_base and pos > self.tight_max
        m, p_min = self.seg.rules.m, self.seg.p_min
        pivots = [p for p in self.top if p != pos][:m]
        return all(self.prefix[p] - (pos < p) >= p_min for p in pivots)


def run(seg: Segment, order: list[int], target: int) -> Counters:
    """Drop events until ``target`` is reached or no candidate is accepted."""
    counters = Counters()
    while seg.size() > target and _drop_one(seg, order, counters):
        pass
    return counters


def _drop_one(seg: Segment, order: list[int], counters: Counters) -> bool:
    """Drop the first accepted event, counting it; False when none is accepted."""
    chosen = _first_accepted(seg, order, counters)
    if chosen is None:
        return False
    seg.remove(chosen)
    order.remove(chosen)
    counters.accepted += 1
    counters.dropped.append(seg.ids[chosen])
    return True


def run_targets(
    seg: Segment, order: list[int], targets: list[int]
) -> dict[int, tuple[Counters, list[int]]]:
    """:func:`run` for several targets at once: one drop loop, a snapshot per target.

    The loop's choices do not depend on the target, which only says when it
    stops, so the run for a target is the prefix of the run for a smaller
    one: each target gets a copy of the counters and of the alive positions
    taken when the size first reaches it, or when the loop stops above it.
    """
    counters = Counters()
    out: dict[int, tuple[Counters, list[int]]] = {}
    pending = sorted(set(targets), reverse=True)

    def take() -> None:
        while pending and seg.size() <= pending[0]:
            snapshot = replace(counters, dropped=list(counters.dropped))
            out[pending.pop(0)] = (snapshot, list(seg.alive))

    take()
    while pending and _drop_one(seg, order, counters):
        take()
    for target in pending:
        out[target] = (
            replace(counters, dropped=list(counters.dropped)),
            list(seg.alive),
        )
    return out


def _first_accepted(seg: Segment, order: list[int], counters: Counters) -> int | None:
    rules = seg.rules
    oracle = InvariantOracle(seg)
    n_focal = len(seg.ranked_focal)
    trial_size = seg.size() - 1
    for pos in order:
        counters.attempted += 1
        if n_focal == 1 and seg.is_focal[pos]:
            counters.last_focal += 1
            continue
        holds = oracle.holds_without(pos)
        if not holds:
            counters.violating += 1
            if rules.guards_contract:
                counters.contract += 1
                continue
        if rules.guards_bridge or rules.guards_gaps:
            d_bridge, d_over = seg.gap_delta(pos)
            if rules.guards_bridge and seg.bridge + d_bridge > max(
                0, trial_size - rules.min_length
            ):
                counters.bridge += 1
                continue
            if rules.guards_gaps and seg.oversized + d_over > 0:
                counters.gap_guard += 1
                continue
        if (
            rules.strategy == "definition2"
            and _d2_total(seg, pos, trial_size) < seg.d2_floor
        ):
            counters.definition2 += 1
            continue
        return pos
    return None


def _d2_total(seg: Segment, pos: int, trial_size: int) -> int:
    if seg.rules.non_focal:
        return seg.n_nonfocal - (not seg.is_focal[pos])
    return development_eligible_count(trial_size)
