"""Pivot ranking and candidate pools shared by the solvers (private; docs/guide/witnesses.md §4)."""

from __future__ import annotations

from collections.abc import Iterable

from witnesses._validation import MAX_SIZE, check_instance, check_int, check_iterable
from witnesses.events import Event, Timeline


def pivot_order(event: Event) -> tuple[float, float]:
    """Sort key for the reference pivot order, to be applied after sorting ids descending."""
    return (-event.weight, event.timestamp)


def rank_pivots(events: Iterable[Event]) -> list[Event]:
    """Return events in the reference pivot order: heavier, then earlier, then larger id.

    Examples
    --------
    >>> from witnesses import Event
    >>> from witnesses import rank_pivots
    >>> events = [Event("a", 0, 1.0), Event("b", 1, 2.0), Event("c", 0, 1.0)]
    >>> [e.id for e in rank_pivots(events)]
    ['b', 'c', 'a']

    Raises
    ------
    TypeError
        If ``events`` is not an iterable of :class:`~witnesses.Event`.
    """
    events = list(check_iterable(events, "events"))
    for i, event in enumerate(events):
        check_instance(event, f"events[{i}]", Event)
    by_id_desc = sorted(events, key=lambda e: e.id, reverse=True)
    return sorted(by_id_desc, key=pivot_order)


def heaviest_focal(timeline: Timeline, focal: str, n: int) -> list[Event]:
    """Return the ``n`` heaviest focal events (weight desc, then earlier, then id)."""
    return sorted(timeline.focal(focal), key=pivot_order)[:n]


def injection_pool(
    timeline: Timeline, tau: Event, focal: str, *, hops: int = 3, top_n: int = 40
) -> list[Event]:
    """Return the "injection" pool of a candidate pivot, in ``(timestamp, id)`` order.

    Events within ``hops`` undirected causal links of ``tau``, the ``top_n``
    heaviest focal events, and ``tau`` itself: the events the reference
    solver considers for the candidate pivot ``tau`` (docs/guide/witnesses.md §4).

    Examples
    --------
    >>> from witnesses import Event, Timeline
    >>> from witnesses import injection_pool
    >>> tl = Timeline([Event("a", 0, 1.0), Event("b", 1, 5.0, causal_parents=["a"]),
    ...                Event("c", 2, 1.0)])
    >>> [e.id for e in injection_pool(tl, tl.event("b"), "x", hops=1, top_n=0)]
    ['a', 'b']

    Raises
    ------
    TypeError, ValueError
        For a ``tau`` that is not an event of ``timeline``, a ``focal`` that
        is not a str, or ``hops``/``top_n`` not ints in ``[0, MAX_SIZE]``.
    """
    check_instance(timeline, "timeline", Timeline)
    check_instance(tau, "tau", Event)
    if tau.id not in timeline or timeline.event(tau.id) != tau:
        msg = f"tau must be an event of timeline, got {tau!r}"
        raise ValueError(msg)
    check_instance(focal, "focal", str)
    hops = check_int(hops, "hops", minimum=0, maximum=MAX_SIZE)
    top_n = check_int(top_n, "top_n", minimum=0, maximum=MAX_SIZE)
    ids = set(timeline.neighbours(tau.id, hops))
    ids.update(e.id for e in heaviest_focal(timeline, focal, top_n))
    ids.add(tau.id)
    return [e for e in timeline.events if e.id in ids]
