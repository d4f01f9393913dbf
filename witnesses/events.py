"""Events and timelines: the input of every solver and compression (docs/guide/witnesses.md §2).

An :class:`Event` is an immutable record (id, timestamp, weight, actors,
causal parents, metadata). A :class:`Timeline` is a validated tuple of events
in ``(timestamp, id)`` order whose parents are known and earlier, with the
derived quantities the solvers use (duration, global position, causal
adjacency, focal events).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from numbers import Real
from types import MappingProxyType
from typing import Any

__all__ = ["Event", "Timeline"]


def _real(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        msg = f"{name} must be a real number, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    out = float(value)
    if not math.isfinite(out):
        msg = f"{name} must be finite, got {value!r}"
        raise ValueError(msg)
    return out


@dataclass(frozen=True, slots=True)
class Event:
    """One event of a timeline.

    Parameters
    ----------
    id : str
        Unique, non-empty identifier (``"e01"``).
    timestamp : float
        Absolute time; finite.
    weight : float
        The objective ("tension"); finite.
    actors : iterable of str, default ()
        Actor names involved; stored as a ``frozenset``.
    causal_parents : iterable of str, default ()
        Ids of the events this one depends on; stored as a tuple.
    metadata : mapping, default {}
        Free annotations, stored read-only. Not part of the hash.

    Notes
    -----
    Unlike the reference code (docs/guide/witnesses.md §2), events are hashable: the
    metadata is a read-only mapping excluded from the hash.

    Examples
    --------
    >>> from witnesses import Event
    >>> e = Event("e1", 0.5, 2.0, actors={"actor_0"})
    >>> e.actors
    frozenset({'actor_0'})
    >>> e == Event("e1", 0.5, 2.0, actors=["actor_0"]), hash(e) == hash(Event("e1", 0.5, 2.0, actors=["actor_0"]))
    (True, True)
    """

    id: str
    timestamp: float
    weight: float
    actors: frozenset[str] = frozenset()
    causal_parents: tuple[str, ...] = ()
    metadata: Mapping[str, Any] = field(
        default_factory=lambda: MappingProxyType({}), hash=False
    )

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            msg = f"id must be a non-empty str, got {self.id!r}"
            raise TypeError(msg) if not isinstance(self.id, str) else ValueError(msg)
        set_ = object.__setattr__
        set_(self, "timestamp", _real(self.timestamp, f"timestamp of {self.id}"))
        set_(self, "weight", _real(self.weight, f"weight of {self.id}"))
        actors = self.actors
        if isinstance(actors, str):
            msg = f"actors of {self.id} must be an iterable of str, not a str ({actors!r})"
            raise TypeError(msg)
        set_(self, "actors", frozenset(actors))
        for who in self.actors:
            if not isinstance(who, str):
                msg = f"actors of {self.id} must be str, got {who!r}"
                raise TypeError(msg)
        parents = self.causal_parents
        if isinstance(parents, str):
            msg = f"causal_parents of {self.id} must be an iterable of ids, not a str ({parents!r})"
            raise TypeError(msg)
        set_(self, "causal_parents", tuple(parents))
        for parent in self.causal_parents:
            if not isinstance(parent, str):
                msg = f"causal_parents of {self.id} must be str ids, got {parent!r}"
                raise TypeError(msg)
        set_(self, "metadata", MappingProxyType(dict(self.metadata)))

    def involves(self, actor: str) -> bool:
        """Return whether ``actor`` is among the event's actors.

        Examples
        --------
        >>> from witnesses import Event
        >>> Event("e1", 0.0, 1.0, actors={"a", "b"}).involves("a")
        True
        """
        return actor in self.actors


def _order(event: Event) -> tuple[float, str]:
    return (event.timestamp, event.id)


@dataclass(frozen=True, eq=False)
class Timeline:
    """A validated, time-ordered tuple of events.

    Parameters
    ----------
    events : iterable of Event
        In ``(timestamp, id)`` order, ids unique, every causal parent an
        earlier event of the timeline. Use :meth:`from_unsorted` to sort, and
        :meth:`subset` to keep some events (dropping links to removed ones).

    Raises
    ------
    TypeError
        If an item is not an :class:`Event`.
    ValueError
        If events are out of order, an id repeats, or a parent is unknown or
        not earlier.

    Notes
    -----
    Derived quantities follow docs/guide/witnesses.md §2: ``duration`` is last minus first
    timestamp (0 when empty); ``global_position(e)`` is ``(t_e - t_first) /
    duration`` (0.5 when the duration is 0).

    Examples
    --------
    >>> from witnesses import Event, Timeline
    >>> tl = Timeline([Event("a", 0.0, 1.0), Event("b", 2.0, 3.0, causal_parents=["a"])])
    >>> len(tl), tl.duration, tl.global_position("b")
    (2, 2.0, 1.0)
    >>> Timeline([Event("b", 2.0, 3.0), Event("a", 0.0, 1.0)])
    Traceback (most recent call last):
    ...
    ValueError: events must be sorted by (timestamp, id): events[1] ('a', t=0.0) comes before events[0] ('b', t=2.0); use Timeline.from_unsorted
    """

    events: tuple[Event, ...]
    _index: Mapping[str, int] = field(init=False, repr=False)

    def __init__(self, events: Iterable[Event]) -> None:
        items = tuple(events)
        index: dict[str, int] = {}
        for pos, event in enumerate(items):
            if not isinstance(event, Event):
                msg = f"events[{pos}] must be an Event, got {type(event).__name__}"
                raise TypeError(msg)
            if event.id in index:
                msg = f"events[{pos}] repeats id {event.id!r} (first at events[{index[event.id]}])"
                raise ValueError(msg)
            if pos and _order(event) < _order(items[pos - 1]):
                prev = items[pos - 1]
                msg = (
                    f"events must be sorted by (timestamp, id): events[{pos}] "
                    f"({event.id!r}, t={event.timestamp}) comes before events[{pos - 1}] "
                    f"({prev.id!r}, t={prev.timestamp}); use Timeline.from_unsorted"
                )
                raise ValueError(msg)
            for parent in event.causal_parents:
                if parent not in index:
                    where = (
                        "a later event"
                        if parent in {e.id for e in items}
                        else "unknown"
                    )
                    msg = f"events[{pos}] ({event.id!r}) has causal parent {parent!r}, which is {where}"
                    raise ValueError(msg)
            index[event.id] = pos
        object.__setattr__(self, "events", items)
        object.__setattr__(self, "_index", MappingProxyType(index))

    @classmethod
    def from_unsorted(cls, events: Iterable[Event]) -> Timeline:
        """Sort events by ``(timestamp, id)`` and validate them.

        Examples
        --------
        >>> from witnesses import Event, Timeline
        >>> [e.id for e in Timeline.from_unsorted([Event("b", 1.0, 0.0), Event("a", 1.0, 0.0)])]
        ['a', 'b']
        """
        items = list(events)
        for pos, event in enumerate(items):
            if not isinstance(event, Event):
                msg = f"events[{pos}] must be an Event, got {type(event).__name__}"
                raise TypeError(msg)
        return cls(sorted(items, key=_order))

    @classmethod
    def from_records(
        cls,
        records: Iterable[Mapping[str, Any]],
        *,
        mapping: Mapping[str, str] | None = None,
        time_scale: str | None = "unit",
    ) -> Timeline:
        """Build a timeline from dicts, as :func:`witnesses.load_timeline` reads a file.

        Parameters
        ----------
        records : iterable of mapping
            One dict per event with ``id``, ``timestamp`` and ``weight``, and
            optionally ``actors`` and ``causal_parents`` (lists, or
            ``;``-separated strings); other keys go to ``metadata``.
        mapping : mapping of str to str, optional
            Field name to the records' key (``{"timestamp": "ts"}``).
        time_scale : {"unit", None}, default "unit"
            ``"unit"``: rescale to ``[0, 1]`` by ``(t - t_min) / (t_max - t_min)``;
            ``None``: keep the timestamps.

        Returns
        -------
        Timeline
            Sorted by ``(timestamp, id)``.

        Raises
        ------
        TypeError, ValueError
            As :func:`witnesses.load_timeline`, naming the record (row 1 is
            the first record).

        Notes
        -----
        Timestamps may be numbers, ISO-8601 strings with a UTC offset, or
        timezone-aware :class:`datetime.datetime` values (POSIX seconds);
        one kind per timeline. The value read is kept in
        ``metadata["raw_timestamp"]``.

        Examples
        --------
        >>> from datetime import datetime, timezone
        >>> from witnesses import Timeline
        >>> tl = Timeline.from_records([
        ...     {"id": "a", "timestamp": "2026-11-26T10:00:00Z", "weight": 1.0, "actors": ["planner"]},
        ...     {"id": "b", "timestamp": "2026-11-26T10:00:30+00:00", "weight": 2.0},
        ...     {"id": "c", "timestamp": "2026-11-26T10:01:00Z", "weight": 0.5},
        ... ])
        >>> [(e.id, e.timestamp) for e in tl]
        [('a', 0.0), ('b', 0.5), ('c', 1.0)]
        >>> Timeline.from_records([{"id": "a", "timestamp": 30, "weight": 1}], time_scale=None)[0].timestamp
        30.0
        """
        from witnesses._timeline_io import records_to_timeline

        if isinstance(records, (str, bytes, Mapping)) or not isinstance(
            records, Iterable
        ):
            msg = f"records must be an iterable of dicts, got {type(records).__name__}"
            raise TypeError(msg)
        return records_to_timeline(
            enumerate(records, start=1),
            mapping=mapping,
            time_scale=time_scale,
            where="records",
        )

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __getitem__(self, pos: int) -> Event:
        return self.events[pos]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Timeline):
            return NotImplemented
        return self.events == other.events

    def __hash__(self) -> int:
        return hash(self.events)

    def __repr__(self) -> str:
        ids = ", ".join(e.id for e in self.events[:4])
        more = ", ..." if len(self.events) > 4 else ""
        return f"Timeline(<{len(self.events)} events: {ids}{more}>)"

    def __contains__(self, event_id: object) -> bool:
        return event_id in self._index

    def event(self, event_id: str) -> Event:
        """Return the event with id ``event_id``.

        Raises
        ------
        TypeError
            If ``event_id`` is not a str.
        KeyError
            If no event has this id (a lookup, as in a dict); the message
            names ``event_id``. :meth:`position`, :meth:`global_position` and
            :meth:`neighbours` raise the same.

        Examples
        --------
        >>> from witnesses import Event, Timeline
        >>> Timeline([Event("a", 0.0, 1.5)]).event("a").weight
        1.5
        """
        if not isinstance(event_id, str):
            msg = f"event_id must be a str, got {event_id!r} of type {type(event_id).__name__}"
            raise TypeError(msg)
        try:
            return self.events[self._index[event_id]]
        except KeyError:
            msg = f"event_id={event_id!r} is not in the timeline"
            raise KeyError(msg) from None

    def position(self, event_id: str) -> int:
        """Return the index of ``event_id`` in time order.

        Raises
        ------
        TypeError, KeyError
            As :meth:`event`.

        Examples
        --------
        >>> from witnesses import Event, Timeline
        >>> Timeline([Event("a", 0.0, 1.0), Event("b", 1.0, 1.0)]).position("b")
        1
        """
        self.event(event_id)
        return self._index[event_id]

    @property
    def ids(self) -> tuple[str, ...]:
        """The event ids in time order."""
        return tuple(e.id for e in self.events)

    @property
    def duration(self) -> float:
        """Last timestamp minus first (0.0 when there are fewer than two events)."""
        if not self.events:
            return 0.0
        return self.events[-1].timestamp - self.events[0].timestamp

    @cached_property
    def actors(self) -> frozenset[str]:
        """Every actor named by some event."""
        return frozenset(a for e in self.events for a in e.actors)

    def global_position(self, event_id: str) -> float:
        """Return ``(t - t_first) / duration`` of an event (0.5 when duration is 0).

        Raises
        ------
        TypeError, KeyError
            As :meth:`event`.

        Examples
        --------
        >>> from witnesses import Event, Timeline
        >>> Timeline([Event("a", 1.0, 0.0), Event("b", 1.0, 0.0)]).global_position("a")
        0.5
        """
        event = self.event(event_id)
        span = self.duration
        if span == 0:
            return 0.5
        return (event.timestamp - self.events[0].timestamp) / span

    def focal(self, actor: str) -> tuple[Event, ...]:
        """Return the events that involve ``actor``, in time order.

        Examples
        --------
        >>> from witnesses import Event, Timeline
        >>> tl = Timeline([Event("a", 0.0, 1.0, actors={"x"}), Event("b", 1.0, 1.0)])
        >>> [e.id for e in tl.focal("x")]
        ['a']
        """
        return tuple(e for e in self.events if actor in e.actors)

    @cached_property
    def children(self) -> Mapping[str, tuple[str, ...]]:
        """Map from each event id to the ids of the events naming it as a parent."""
        out: dict[str, list[str]] = {e.id: [] for e in self.events}
        for e in self.events:
            for parent in e.causal_parents:
                out[parent].append(e.id)
        return MappingProxyType({k: tuple(v) for k, v in out.items()})

    def neighbours(self, event_id: str, hops: int) -> frozenset[str]:
        """Return the ids within ``hops`` undirected causal links of an event (itself included).

        Raises
        ------
        TypeError, KeyError
            As :meth:`event`.

        Examples
        --------
        >>> from witnesses import Event, Timeline
        >>> tl = Timeline([Event("a", 0, 1), Event("b", 1, 1, causal_parents=["a"]),
        ...                Event("c", 2, 1, causal_parents=["b"])])
        >>> sorted(tl.neighbours("c", 1))
        ['b', 'c']
        """
        self.event(event_id)
        seen = {event_id}
        frontier = [event_id]
        for _ in range(hops):
            step: list[str] = []
            for current in frontier:
                links = self.event(current).causal_parents + self.children[current]
                for other in links:
                    if other not in seen:
                        seen.add(other)
                        step.append(other)
            frontier = step
        return frozenset(seen)

    def subset(self, ids: Iterable[str]) -> Timeline:
        """Return the induced timeline on ``ids``, dropping parent links to removed events.

        Raises
        ------
        KeyError
            If an id is not in the timeline.

        Examples
        --------
        >>> from witnesses import Event, Timeline
        >>> tl = Timeline([Event("a", 0, 1), Event("b", 1, 1, causal_parents=["a"])])
        >>> tl.subset(["b"]).events[0].causal_parents
        ()
        """
        keep = set(ids)
        for event_id in keep:
            self.event(event_id)
        return Timeline(
            Event(
                e.id,
                e.timestamp,
                e.weight,
                e.actors,
                tuple(p for p in e.causal_parents if p in keep),
                e.metadata,
            )
            for e in self.events
            if e.id in keep
        )

    def concat(self, other: Timeline) -> Timeline:
        """Return this timeline followed by ``other`` (which must be later).

        Raises
        ------
        TypeError
            If ``other`` is not a :class:`Timeline`.
        ValueError
            If the events are not in time order or repeat an id.

        Examples
        --------
        >>> from witnesses import Event, Timeline
        >>> len(Timeline([Event("a", 0, 1)]).concat(Timeline([Event("b", 1, 1)])))
        2
        """
        if not isinstance(other, Timeline):
            msg = f"other must be a Timeline, got {other!r} of type {type(other).__name__}"
            raise TypeError(msg)
        return Timeline(self.events + other.events)
