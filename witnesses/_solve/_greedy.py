"""The greedy anchor solver (private; docs/guide/witnesses.md §4, last paragraph).

For each of the ``n_anchors`` heaviest events (any actor) the injection pool
of the anchor is cut down to at most ``length`` events, in this priority:
the anchor, its causal ancestors in the pool (nearest first), the pool's
focal events (heaviest first), then the pool's other events (heaviest
first). That whole set, in time order, is the anchor's single candidate; its
turning point is the heaviest of *all* its events (earliest on ties), so the
solver commits to the argmax ("committed/myopic" semantics). The best valid
candidate by score wins; if none is valid, the best invalid one is returned.

Orders the spec leaves open, chosen here and documented: anchors and every
"heaviest" list rank by weight descending, then time order; ancestors at the
same causal distance rank the same way.
"""

from __future__ import annotations

from witnesses._solve._pool import injection_pool
from witnesses.events import Event, Timeline
from witnesses.grammar import Grammar, label_phases
from witnesses.sequence import ExtractedSequence

_EPS = 1e-12


def _heaviest_first(events: list[Event]) -> list[Event]:
    return sorted(events, key=lambda e: -e.weight)  # stable: time order on ties


def _ancestors(timeline: Timeline, anchor: Event, allowed: set[str]) -> list[Event]:
    """Ancestors of ``anchor`` within ``allowed``, nearest first."""
    out: list[Event] = []
    seen = {anchor.id}
    frontier = [anchor.id]
    while frontier:
        level: list[Event] = []
        for event_id in frontier:
            for parent in timeline.event(event_id).causal_parents:
                if parent not in seen:
                    seen.add(parent)
                    level.append(timeline.event(parent))
        frontier = [e.id for e in level]
        out.extend(_heaviest_first([e for e in level if e.id in allowed]))
    return out


def candidate_set(
    timeline: Timeline, anchor: Event, focal: str, length: int, top_n: int
) -> list[Event]:
    """Return the anchor's down-sampled pool in time order."""
    pool = injection_pool(timeline, anchor, focal, top_n=top_n)
    allowed = {e.id for e in pool}
    chosen: dict[str, Event] = {anchor.id: anchor}
    tiers = (
        _ancestors(timeline, anchor, allowed),
        _heaviest_first([e for e in pool if focal in e.actors]),
        _heaviest_first(pool),
    )
    for tier in tiers:
        for event in tier:
            if len(chosen) >= length:
                break
            chosen.setdefault(event.id, event)
    return [e for e in pool if e.id in chosen]


def classify(
    events: list[Event], timeline: Timeline, focal: str, grammar: Grammar
) -> ExtractedSequence:
    """Label a time-ordered set with the argmax turning point and validate it."""
    tp = max(range(len(events)), key=lambda i: (events[i].weight, -i))
    phases = label_phases(tp, len(events) - 1 - tp, grammar.min_prefix_elements)
    return ExtractedSequence.build(events, phases, grammar, timeline, focal)


def solve_greedy(
    timeline: Timeline,
    focal: str,
    grammar: Grammar,
    *,
    length: int,
    top_n: int,
    n_anchors: int = 8,
) -> tuple[ExtractedSequence | None, tuple[str, ...]]:
    """Return the best candidate (valid if any is) and the anchor ids tried."""
    anchors = _heaviest_first(list(timeline.events))[:n_anchors]
    best_valid: ExtractedSequence | None = None
    best_any: ExtractedSequence | None = None
    for anchor in anchors:
        events = candidate_set(timeline, anchor, focal, length, top_n)
        seq = classify(events, timeline, focal, grammar)
        if best_any is None or seq.score > best_any.score + _EPS:
            best_any = seq
        if seq.valid and (best_valid is None or seq.score > best_valid.score + _EPS):
            best_valid = seq
    best = best_valid if best_valid is not None else best_any
    return best, tuple(a.id for a in anchors)
