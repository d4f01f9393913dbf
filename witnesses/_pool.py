"""Pivot ranking and candidate pools shared by the solvers (private; docs/guide/witnesses.md §4)."""

from __future__ import annotations

from witnesses.events import Event, Timeline


def pivot_order(event: Event) -> tuple[float, float]:
    """Sort key for the reference pivot order, to be applied after sorting ids descending."""
    return (-event.weight, event.timestamp)


def rank_pivots(events: tuple[Event, ...] | list[Event]) -> list[Event]:
    """Return events ranked weight desc, then earlier, then *larger* id first."""
    by_id_desc = sorted(events, key=lambda e: e.id, reverse=True)
    return sorted(by_id_desc, key=pivot_order)


def top_focal(timeline: Timeline, focal: str, m: int) -> list[Event]:
    """Return the top-``m`` focal events in the reference pivot order."""
    return rank_pivots(timeline.focal(focal))[:m]


def heaviest_focal(timeline: Timeline, focal: str, n: int) -> list[Event]:
    """Return the ``n`` heaviest focal events (weight desc, then earlier, then id)."""
    return sorted(timeline.focal(focal), key=pivot_order)[:n]


def injection_pool(
    timeline: Timeline, tau: Event, focal: str, *, hops: int = 3, top_n: int = 40
) -> list[Event]:
    """Return the "injection" pool of a candidate pivot, in ``(timestamp, id)`` order.

    Events within ``hops`` undirected causal links of ``tau``, the ``top_n``
    heaviest focal events, and ``tau`` itself.
    """
    ids = set(timeline.neighbours(tau.id, hops))
    ids.update(e.id for e in heaviest_focal(timeline, focal, top_n))
    ids.add(tau.id)
    return [e for e in timeline.events if e.id in ids]
