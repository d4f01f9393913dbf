"""Compaction policies for the example agent log (docs/guide/witnesses.md §12).

Plain functions, as a memory library would write them: each takes the
timeline and the number of events to keep and returns the ids it keeps (or
events, for a summary). ``context-laws check policies:sliding_window`` (run
from this folder) checks one from the command line.
"""

from witnesses import Event


def sliding_window(timeline, *, target_size):
    """Keep the most recent ``target_size`` events."""
    return timeline.ids[-target_size:]


def keep_recent(timeline, *, target_size):
    """Keep the most recent events (the sliding window, under the library's name)."""
    return timeline.ids[-target_size:]


def summarise_old(timeline, *, target_size):
    """Replace everything but the last ``target_size - 1`` events by one summary event.

    The summary lists the ids it replaces in ``metadata["summary_of"]``, so
    the contracts count the development and the pivot of those events in
    its place.
    """
    if target_size < 2 or len(timeline) <= target_size:
        return timeline.ids[-target_size:]
    old, recent = (
        timeline.events[: -(target_size - 1)],
        timeline.ids[-(target_size - 1) :],
    )
    summary = Event(
        "summary",
        old[-1].timestamp,
        max(e.weight for e in old),
        metadata={"summary_of": [e.id for e in old]},
    )
    return [summary, *recent]


def pin_heaviest(timeline, *, target_size, k, m, focal):
    """Pin the ``m`` heaviest focal events and the events just before each; fill with the latest.

    Never more than ``target_size`` events: a pin that does not fit is skipped.
    """
    need = (
        k + -(-k // 4) if k else 0
    )  # p_min(k): k development events after the 20% setup share
    heavy = sorted(timeline.focal(focal), key=lambda e: (-e.weight, e.timestamp, e.id))[
        :m
    ]
    keep = []
    for e in heavy:  # heaviest first, whole windows only, within the budget
        pos = timeline.position(e.id)
        window = list(timeline.ids[max(0, pos - need) : pos + 1])
        grown = list(dict.fromkeys(keep + window))
        if len(grown) <= target_size:
            keep = grown
    for event_id in reversed(timeline.ids):
        if len(keep) >= target_size:
            break
        if event_id not in keep:
            keep.append(event_id)
    return keep
