"""Types of the reference context state (private; re-exported by ``witnesses.state``)."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from witnesses._validation import check_int
from witnesses.events import Event, Timeline
from witnesses.grammar import development_eligible_count


class ContextPhase(enum.IntEnum):
    """The phase ``q`` a block's state is in after its last event.

    ``START``: empty block; ``DEVELOPMENT``: no pivot candidate yet;
    ``TURNING_POINT``: the committed pivot is the block's last event;
    ``RESOLUTION``: events follow the committed pivot.

    Examples
    --------
    >>> from witnesses.state import ContextPhase
    >>> ContextPhase.START < ContextPhase.RESOLUTION
    True
    """

    START = 0
    DEVELOPMENT = 2
    TURNING_POINT = 3
    RESOLUTION = 4


@dataclass(frozen=True, slots=True)
class PivotCandidate:
    """A focal event of a block with the number of block events before it.

    Parameters
    ----------
    event_id : str
    weight, timestamp : float
    prefix_count : int
        Events of the block (all actors) before this one in
        ``(timestamp, id)`` order.
    j_dev : int
        ``development_eligible_count(prefix_count)``.

    Examples
    --------
    >>> from witnesses.state import PivotCandidate
    >>> PivotCandidate.at("e41", 10.0, 0.96, 2).j_dev
    1
    """

    event_id: str
    weight: float
    timestamp: float
    prefix_count: int
    j_dev: int

    @classmethod
    def at(
        cls, event_id: str, weight: float, timestamp: float, prefix_count: int
    ) -> PivotCandidate:
        """Return the candidate with ``j_dev`` computed from ``prefix_count``.

        Examples
        --------
        >>> from witnesses.state import PivotCandidate
        >>> PivotCandidate.at("e03", 5.0, 0.12, 40).j_dev
        32
        """
        p = check_int(prefix_count, "prefix_count", minimum=0)
        return cls(event_id, weight, timestamp, p, development_eligible_count(p))

    def shifted(self, offset: int) -> PivotCandidate:
        """Return the candidate with ``offset`` more events before it.

        Examples
        --------
        >>> from witnesses.state import PivotCandidate
        >>> PivotCandidate.at("e41", 10.0, 0.96, 0).shifted(40).j_dev
        32
        """
        return PivotCandidate.at(
            self.event_id, self.weight, self.timestamp, self.prefix_count + offset
        )


@dataclass(frozen=True, slots=True)
class ResourceCounters:
    """The resource counters ``r`` of a state, read off its committed pivot.

    Parameters
    ----------
    slots_used : int
        The block size.
    dev_count : int
        ``j_dev`` of the committed pivot (0 without one).
    prefix_count : int
        Events before the committed pivot (0 without one).
    setup_count : int
        ``prefix_count - dev_count``.
    post_count : int
        Events after the committed pivot; the block size without one.

    Notes
    -----
    docs/guide/witnesses.md §5 lists first/last time among the counters too; here they
    live only in :attr:`ContextState.t_bounds`, and ``slots_used`` is the
    block size even when the block has no pivot.

    Examples
    --------
    >>> from witnesses.state import ResourceCounters
    >>> ResourceCounters(12, 1, 2, 1, 9).setup_count
    1
    """

    slots_used: int
    dev_count: int
    prefix_count: int
    setup_count: int
    post_count: int


@dataclass(frozen=True, slots=True)
class ContextState:
    """The reference state ``(q, r, Pi, t_bounds)`` of a block (docs/guide/witnesses.md §5).

    Build it with :func:`build_context_state`; compose with
    :func:`compose_context_states`.

    Parameters
    ----------
    q : ContextPhase
    r : ResourceCounters
    pivots : tuple of PivotCandidate
        ``Pi``: the top-``M`` focal events, weight descending, then earlier,
        then the *larger* id first (the reference order).
    t_bounds : (float, float) or None
        First and last timestamps of the block (None when empty).
    id_bounds : (str, str) or None
        Ids of the first and last events (used only to check the
        composition precondition on equal timestamps; not compared by
        :func:`context_equivalent`).

    Examples
    --------
    >>> from witnesses import Event
    >>> from witnesses.state import build_context_state
    >>> s = build_context_state([Event("a", 0.0, 1.0), Event("b", 1.0, 2.0, actors={"x"})], "x", m=5)
    >>> s.q.name, s.size, s.top.event_id, s.top.prefix_count
    ('TURNING_POINT', 2, 'b', 1)
    """

    q: ContextPhase
    r: ResourceCounters
    pivots: tuple[PivotCandidate, ...]
    t_bounds: tuple[float, float] | None
    id_bounds: tuple[str, str] | None = None

    @property
    def size(self) -> int:
        """The number of events in the block."""
        return self.r.slots_used

    @property
    def top(self) -> PivotCandidate | None:
        """The committed pivot ``Pi[0]`` (None without candidates)."""
        return self.pivots[0] if self.pivots else None


def pivot_rank(candidates: Iterable[PivotCandidate]) -> list[PivotCandidate]:
    by_id_desc = sorted(candidates, key=lambda c: c.event_id, reverse=True)
    return sorted(by_id_desc, key=lambda c: (-c.weight, c.timestamp))


def derive(
    pivots: Sequence[PivotCandidate],
    size: int,
    t_bounds: tuple[float, float] | None,
    id_bounds: tuple[str, str] | None,
) -> ContextState:
    """Return the state whose ``q`` and ``r`` are read off ``pivots[0]``."""
    if not pivots:
        q = ContextPhase.START if size == 0 else ContextPhase.DEVELOPMENT
        r = ResourceCounters(size, 0, 0, 0, size)
        return ContextState(q, r, (), t_bounds, id_bounds)
    top = pivots[0]
    post = max(0, size - top.prefix_count - 1)
    r = ResourceCounters(
        size, top.j_dev, top.prefix_count, top.prefix_count - top.j_dev, post
    )
    q = ContextPhase.TURNING_POINT if post == 0 else ContextPhase.RESOLUTION
    return ContextState(q, r, tuple(pivots), t_bounds, id_bounds)


def check_m(m: object) -> int:
    return check_int(m, "m", minimum=1)


def check_k(k: object) -> int:
    return check_int(k, "k", minimum=0)


def sorted_events(events: Timeline | Iterable[Event]) -> tuple[Event, ...]:
    """Return a block's events in ``(timestamp, id)`` order, ids unique.

    Causal parents are not checked: a block cut out of a timeline may name
    parents outside it.
    """
    if isinstance(events, Timeline):
        return events.events
    if isinstance(events, (str, bytes)):
        msg = f"events must be a Timeline or an iterable of Event, got {type(events).__name__}"
        raise TypeError(msg)
    items = list(events)
    seen: dict[str, int] = {}
    for pos, event in enumerate(items):
        if not isinstance(event, Event):
            msg = f"events[{pos}] must be an Event, got {type(event).__name__}"
            raise TypeError(msg)
        if event.id in seen:
            msg = f"events[{pos}] repeats id {event.id!r} (first at events[{seen[event.id]}])"
            raise ValueError(msg)
        seen[event.id] = pos
    return tuple(sorted(items, key=lambda e: (e.timestamp, e.id)))
