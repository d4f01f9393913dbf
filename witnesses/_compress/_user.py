"""Users' own compression functions as strategies of ``compress`` (private).

A user strategy is any callable ``fn(timeline, *, target_size, k, ...)``
returning the kept events, as a :class:`~witnesses.Timeline` or an iterable
of event ids. It is called with the keywords it accepts among
``target_size``, ``k``, ``m``, ``focal``, ``max_gap`` and ``min_length``
(all of them when it takes ``**kwargs``). Kept events are looked up by id in
the input, so a strategy selects events; it cannot rewrite them: an event
returned with the id of an input event but another timestamp, weight or
actors is an error, and so is an id returned twice.

Budget. A strategy must return at most ``target_size`` events (a summary
counts as one): more is an error naming the strategy, the target and the
count, never a result judged safe because nothing was dropped.

Summaries. A strategy may also return *summary events*: :class:`Event`
objects whose id is not in the input and whose ``metadata["summary_of"]``
lists the input ids they replace. A summary carries the development count
and the pivot key of the events it replaces: the context monoid composes
them (the summary's element is the fold of theirs), so the contracts judge
the output as if the replaced events stood where the summary stands. To make
that placement unambiguous the replaced events must be consecutive among
the input events kept or summarised (no kept event between them), each
replaced by one summary only, and the summary's timestamp must lie within
theirs. Its own weight and actors only matter to the solvers.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any

from theory.errors import UserCallableError
from witnesses._compress._loop import Counters, Rules
from witnesses.events import Event, Timeline

__all__ = ["SUMMARY_KEY", "call_strategy", "expand_summaries", "strategy_name"]

SUMMARY_KEY = "summary_of"
"""The metadata key of a summary event: the input ids it replaces."""


def strategy_name(strategy: object) -> str:
    """Return the name a strategy is reported under (a callable's ``__name__``)."""
    if isinstance(strategy, str):
        return strategy
    name = getattr(strategy, "__name__", None)
    return name if isinstance(name, str) else type(strategy).__name__


def call_strategy(
    fn: Callable[..., Any],
    timeline: Timeline,
    focal: str,
    rules: Rules,
    target: int,
) -> tuple[Timeline, Counters]:
    """Run a user strategy and return the kept timeline and the drop tallies."""
    offered = {
        "target_size": target,
        "k": rules.k,
        "m": rules.m,
        "focal": focal,
        "max_gap": rules.max_gap,
        "min_length": rules.min_length,
    }
    name = strategy_name(fn)
    try:
        out = fn(timeline, **_accepted(fn, offered))
    except UserCallableError:  # already names the callable that failed
        raise
    except Exception as exc:
        msg = (
            f"strategy {name!r} raised {type(exc).__name__}: {exc} on a timeline of "
            f"{len(timeline)} events (target_size={target}, k={rules.k}, m={rules.m})"
        )
        argument = "strategy"
        raise UserCallableError(argument, name, msg) from exc
    kept_ids, summaries = _kept_ids(out, name, timeline)
    returned = len(kept_ids) + len(summaries)
    if returned > target:
        msg = (
            f"strategy {name!r} returned {returned} events for target_size={target} "
            f"(input of {len(timeline)} events): a compressor keeps at most target_size "
            "events, so its output breaks the budget and is not judged; truncate the "
            "output (a summary event counts as one)"
        )
        raise ValueError(msg)
    kept = _assemble(timeline, kept_ids, summaries, name)
    replaced = {i for ev in summaries for i in ev.metadata[SUMMARY_KEY]}
    held = set(kept_ids)
    dropped = [i for i in timeline.ids if i not in held and i not in replaced]
    counters = Counters(
        attempted=len(dropped), accepted=len(dropped), dropped=list(dropped)
    )
    return kept, counters


def expand_summaries(kept: Timeline, source: Timeline) -> Timeline:
    """Return ``kept`` with every summary event replaced by the input events it summarises.

    The result is what the contracts judge: by the monoid, a summary's
    element is the fold of the replaced events' elements, and the placement
    rules of the module docstring make the expansion's order the order in
    which the summary composes.
    """
    if all(e.id in source for e in kept):
        return kept
    ids: list[str] = []
    for e in kept:
        if e.id in source:
            ids.append(e.id)
        else:
            ids.extend(e.metadata[SUMMARY_KEY])
    return source.subset(ids)


def _assemble(
    timeline: Timeline, kept_ids: list[str], summaries: list[Event], name: str
) -> Timeline:
    if not summaries:
        return timeline.subset(kept_ids)
    held = set(kept_ids)
    owner: dict[str, str] = {}
    for ev in summaries:
        replaced = ev.metadata[SUMMARY_KEY]
        for event_id in replaced:
            if event_id in held:
                msg = f"strategy {name!r}: summary {ev.id!r} replaces {event_id!r}, which it also kept"
                raise ValueError(msg)
            if event_id in owner:
                msg = (
                    f"strategy {name!r}: {event_id!r} is replaced by two summaries, "
                    f"{owner[event_id]!r} and {ev.id!r}"
                )
                raise ValueError(msg)
            owner[event_id] = ev.id
    order = [i for i in timeline.ids if i in held or i in owner]
    where = {event_id: pos for pos, event_id in enumerate(order)}
    for ev in summaries:
        positions = sorted(where[i] for i in ev.metadata[SUMMARY_KEY])
        run = order[positions[0] : positions[-1] + 1]
        inside = [i for i in run if owner.get(i) != ev.id]
        if inside:
            msg = (
                f"strategy {name!r}: summary {ev.id!r} replaces events that are not "
                f"consecutive: {inside[0]!r} lies between them; split it into one summary per run"
            )
            raise ValueError(msg)
        first, last = timeline.event(run[0]), timeline.event(run[-1])
        if not first.timestamp <= ev.timestamp <= last.timestamp:
            msg = (
                f"strategy {name!r}: summary {ev.id!r} has timestamp {ev.timestamp!r}, "
                f"outside the events it replaces ({first.timestamp!r} to {last.timestamp!r})"
            )
            raise ValueError(msg)
    base = timeline.subset(kept_ids).events
    extra = [
        Event(
            ev.id,
            ev.timestamp,
            ev.weight,
            ev.actors,
            tuple(p for p in ev.causal_parents if p in held),
            ev.metadata,
        )
        for ev in summaries
    ]
    try:
        return Timeline.from_unsorted(base + tuple(extra))
    except ValueError as exc:
        msg = f"strategy {name!r}: its output is not a timeline: {exc}"
        raise ValueError(msg) from None


def _accepted(fn: Callable[..., Any], offered: dict[str, Any]) -> dict[str, Any]:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return offered
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return offered
    return {
        k: v
        for k, v in offered.items()
        if k in params and params[k].kind is not inspect.Parameter.POSITIONAL_ONLY
    }


def _kept_ids(
    out: object, name: str, timeline: Timeline
) -> tuple[list[str], list[Event]]:
    if isinstance(out, Timeline):
        items: list[object] = list(out.events)
    elif isinstance(out, Iterable) and not isinstance(out, (str, bytes)):
        items = list(out)
    else:
        msg = (
            f"strategy {name!r} must return a Timeline or an iterable of event ids, "
            f"got {out!r} of type {type(out).__name__}"
        )
        raise TypeError(msg)
    ids: list[str] = []
    summaries: list[Event] = []
    seen: dict[str, int] = {}
    for pos, item in enumerate(items):
        if isinstance(item, Event):
            event_id = item.id
            if event_id in timeline:
                _check_unedited(item, timeline.event(event_id), name)
            elif SUMMARY_KEY in item.metadata:
                _check_summary(item, timeline, name)
                summaries.append(item)
            else:
                msg = (
                    f"strategy {name!r} returned event {event_id!r}, which is not in the "
                    f"input timeline and is not a summary (metadata[{SUMMARY_KEY!r}] "
                    "listing the ids it replaces)"
                )
                raise ValueError(msg)
        elif isinstance(item, str):
            event_id = item
            if event_id not in timeline:
                msg = f"strategy {name!r} kept {event_id!r}, which is not in the input timeline"
                raise ValueError(msg)
        else:
            msg = f"strategy {name!r} returned item {pos} = {item!r}, not an event id (str) or an Event"
            raise TypeError(msg)
        if event_id in seen:
            msg = (
                f"strategy {name!r} returned {event_id!r} twice (items {seen[event_id]} "
                f"and {pos}); each event is kept once"
            )
            raise ValueError(msg)
        seen[event_id] = pos
        if not (isinstance(item, Event) and event_id not in timeline):
            ids.append(event_id)
    return ids, summaries


def _check_unedited(got: Event, original: Event, name: str) -> None:
    for field in ("timestamp", "weight", "actors"):
        if getattr(got, field) != getattr(original, field):
            msg = (
                f"strategy {name!r} returned event {got.id!r} with {field} "
                f"{getattr(got, field)!r}, but the input's {got.id!r} has "
                f"{getattr(original, field)!r}: a strategy keeps events as they are "
                f"(to replace events, return a new summary event with metadata[{SUMMARY_KEY!r}])"
            )
            raise ValueError(msg)


def _check_summary(event: Event, timeline: Timeline, name: str) -> None:
    replaced = event.metadata[SUMMARY_KEY]
    if isinstance(replaced, str) or not isinstance(replaced, Iterable):
        msg = f"strategy {name!r}: summary {event.id!r} must list the ids it replaces in metadata[{SUMMARY_KEY!r}], got {replaced!r}"
        raise TypeError(msg)
    ids = list(replaced)
    if not ids:
        msg = f"strategy {name!r}: summary {event.id!r} replaces no event"
        raise ValueError(msg)
    for event_id in ids:
        if not isinstance(event_id, str) or event_id not in timeline:
            msg = f"strategy {name!r}: summary {event.id!r} replaces {event_id!r}, which is not in the input timeline"
            raise ValueError(msg)
    if len(set(ids)) != len(ids):
        msg = f"strategy {name!r}: summary {event.id!r} lists an id twice"
        raise ValueError(msg)
