"""Context states of event blocks and their composition (docs/guide/witnesses.md §5).

A :class:`ContextState` ``(q, r, Pi, t_bounds)`` summarises one block of
events for the reference solver side: ``Pi`` holds the top-``M`` focal events
(the pivot candidates) with the number of block events before each, and the
phase ``q`` and resource counters ``r`` are read off the *committed* pivot
``Pi[0]``. Because ``Pi[0]`` is the heaviest candidate of whatever was
composed, the state is *endogenous*: a heavier pivot in a later block
replaces the earlier one (there is no commitment flag, docs/guide/witnesses.md §5).

Counting convention (reference, docs/guide/witnesses.md §1): *every* event of the block
counts towards a pivot's prefix, and ``j_dev`` keeps the development share
``p - ceil(0.2 p)`` of a prefix of ``p`` events. The paper's convention
(development events are the non-focal events, no setup share) is exposed
separately by :func:`paper_block_context`.
"""

from __future__ import annotations

from collections.abc import Iterable

from algebra import Context, from_events
from witnesses._state_types import (
    ContextPhase,
    ContextState,
    PivotCandidate,
    ResourceCounters,
    check_k,
    check_m,
    derive,
    pivot_rank,
    sorted_events,
)
from witnesses._validation import check_instance, check_int
from witnesses.events import Event, Timeline
from witnesses.grammar import development_eligible_count

__all__ = [
    "ContextPhase",
    "ContextState",
    "PivotCandidate",
    "ResourceCounters",
    "build_context_state",
    "compose_context_states",
    "composition_precondition",
    "context_equivalent",
    "detect_class_a",
    "detect_class_b",
    "detect_class_c",
    "detect_class_d",
    "is_absorbing",
    "no_absorption_invariant",
    "paper_block_context",
    "reference_block_context",
]

_TIME_TOL = 1e-12


def build_context_state(
    events: Timeline | Iterable[Event], focal: str, *, m: int = 10
) -> ContextState:
    """Return the reference state of a block of events (docs/guide/witnesses.md §5).

    Parameters
    ----------
    events : Timeline or iterable of Event
        The block; sorted by ``(timestamp, id)`` if not already a timeline.
        Causal parents are ignored (a block may name parents outside it).
    focal : str
        The focal actor: its events are the pivot candidates.
    m : int, default 10
        ``M``: how many candidates ``Pi`` keeps.

    Returns
    -------
    ContextState
        Without focal events: ``q`` is START (empty block) or DEVELOPMENT
        and ``r`` is zero except ``slots_used = post_count = size``.
        Otherwise the committed pivot is ``Pi[0]``: ``prefix_count`` and
        ``dev_count`` are its prefix and ``j_dev``, ``post_count`` the events
        after it, and ``q`` is TURNING_POINT when it is last, else
        RESOLUTION.

    Raises
    ------
    TypeError, ValueError
        For a non-str ``focal``, a bad ``m`` (``m >= 1``), an item that is
        not an :class:`~witnesses.Event`, or a repeated id.

    Examples
    --------
    >>> from witnesses.exp58 import exp58_timeline
    >>> from witnesses.state import build_context_state
    >>> tl = exp58_timeline()
    >>> s = build_context_state(tl.subset(["e01", "e03"]), "actor_0", m=10)
    >>> [(p.event_id, p.prefix_count, p.j_dev) for p in s.pivots], s.q.name
    ([('e03', 1, 0), ('e01', 0, 0)], 'TURNING_POINT')
    """
    if not isinstance(focal, str):
        msg = f"focal must be a str actor name, got {focal!r}"
        raise TypeError(msg)
    m = check_m(m)
    ordered = sorted_events(events)
    candidates = [
        PivotCandidate.at(e.id, e.weight, e.timestamp, pos)
        for pos, e in enumerate(ordered)
        if focal in e.actors
    ]
    t_bounds = (ordered[0].timestamp, ordered[-1].timestamp) if ordered else None
    id_bounds = (ordered[0].id, ordered[-1].id) if ordered else None
    return derive(pivot_rank(candidates)[:m], len(ordered), t_bounds, id_bounds)


def composition_precondition(left: ContextState, right: ContextState) -> bool:
    """Return whether every event of ``right`` comes after every event of ``left``.

    Compares the last ``(timestamp, id)`` of ``left`` with the first of
    ``right`` (an empty block satisfies it on either side). This is the
    condition under which :func:`compose_context_states` equals the state
    built from the concatenation (docs/guide/witnesses.md §11, item 12).

    Examples
    --------
    >>> from witnesses import Event
    >>> from witnesses.state import build_context_state, composition_precondition
    >>> a = build_context_state([Event("a", 0.0, 1.0)], "x")
    >>> b = build_context_state([Event("b", 1.0, 1.0)], "x")
    >>> composition_precondition(a, b), composition_precondition(b, a)
    (True, False)
    """
    check_instance(left, "left", ContextState)
    check_instance(right, "right", ContextState)
    if left.t_bounds is None or right.t_bounds is None:
        return True
    return _end(left, 1) < _end(right, 0)  # type: ignore[operator]


def compose_context_states(
    left: ContextState, right: ContextState, *, m: int = 10, strict: bool = True
) -> ContextState:
    """Return the state of ``left`` followed by ``right`` (docs/guide/witnesses.md §5).

    Sizes add; ``left``'s candidates keep their prefixes and ``right``'s are
    shifted by ``left``'s size; the union is re-ranked and cut to ``m``;
    ``t_bounds`` spans both; ``q`` and ``r`` are derived from the new
    ``Pi[0]`` as in :func:`build_context_state`.

    Parameters
    ----------
    left, right : ContextState
    m : int, default 10
    strict : bool, default True
        Raise when the precondition fails (some ``right`` event is not
        later than every ``left`` event). With ``strict=False`` the states
        are composed anyway, as the reference does without checking; the
        result is then *not* the state of any concatenation in time order.

    Raises
    ------
    ValueError
        With ``strict=True``, when :func:`composition_precondition` fails.

    Notes
    -----
    Equals ``build_context_state`` of the concatenation whenever the
    precondition holds and both states were built with the same ``m``
    (``VM-E51``; the top-``m`` of a union lies in the union of the top-``m``
    sets).

    Examples
    --------
    >>> from witnesses.exp58 import BLOCK2, exp58_timeline
    >>> from witnesses.state import build_context_state, compose_context_states
    >>> tl = exp58_timeline()
    >>> left = build_context_state(tl.subset(["e01", "e03"]), "actor_0")
    >>> right = build_context_state(tl.subset(BLOCK2), "actor_0")
    >>> s = compose_context_states(left, right)
    >>> s.size, s.q.name, (s.top.event_id, s.top.prefix_count, s.top.j_dev)
    (12, 'RESOLUTION', ('e41', 2, 1))
    >>> compose_context_states(right, left)
    Traceback (most recent call last):
    ...
    ValueError: compose_context_states needs every right event later than every left event: left ends at (0.997, 'e50') but right starts at (0.02, 'e01'); pass strict=False to compose anyway
    """
    for name, value in (("left", left), ("right", right)):
        if not isinstance(value, ContextState):
            msg = f"{name} must be a ContextState, got {type(value).__name__}"
            raise TypeError(msg)
    m = check_m(m)
    if strict and not composition_precondition(left, right):
        msg = (
            "compose_context_states needs every right event later than every left "
            f"event: left ends at {_end(left, 1)} but right starts at {_end(right, 0)}; "
            "pass strict=False to compose anyway"
        )
        raise ValueError(msg)
    shift = left.size
    pivots = [*left.pivots, *(p.shifted(shift) for p in right.pivots)]
    t_bounds, id_bounds = _join_bounds(left, right)
    return derive(pivot_rank(pivots)[:m], left.size + right.size, t_bounds, id_bounds)


def _end(state: ContextState, side: int) -> tuple[float, str] | None:
    if state.t_bounds is None:
        return None
    return (state.t_bounds[side], state.id_bounds[side] if state.id_bounds else "?")


def _join_bounds(
    left: ContextState, right: ContextState
) -> tuple[tuple[float, float] | None, tuple[str, str] | None]:
    if left.t_bounds is None:
        return right.t_bounds, right.id_bounds
    if right.t_bounds is None:
        return left.t_bounds, left.id_bounds
    t_bounds = (
        min(left.t_bounds[0], right.t_bounds[0]),
        max(left.t_bounds[1], right.t_bounds[1]),
    )
    ids = None
    if left.id_bounds is not None and right.id_bounds is not None:
        ids = (left.id_bounds[0], right.id_bounds[1])
    return t_bounds, ids


def context_equivalent(
    a: ContextState, b: ContextState, *, compare_pivots: bool = True
) -> bool:
    """Return whether two states agree (docs/guide/witnesses.md §5).

    Same ``q``, identical ``r``, ``t_bounds`` equal within 1e-12 (None only
    matches None) and, with ``compare_pivots``, equal pivot lists.

    Examples
    --------
    >>> from witnesses import Event
    >>> from witnesses.state import build_context_state, context_equivalent
    >>> a = build_context_state([Event("a", 0.0, 1.0, actors={"x"})], "x")
    >>> b = build_context_state([Event("b", 0.0, 1.0, actors={"x"})], "x")
    >>> context_equivalent(a, b), context_equivalent(a, b, compare_pivots=False)
    (False, True)
    """
    check_instance(a, "a", ContextState)
    check_instance(b, "b", ContextState)
    if a.q != b.q or a.r != b.r:
        return False
    if (a.t_bounds is None) != (b.t_bounds is None):
        return False
    if a.t_bounds is not None and b.t_bounds is not None:
        gaps = (abs(x - y) for x, y in zip(a.t_bounds, b.t_bounds, strict=True))
        if max(gaps) > _TIME_TOL:
            return False
    return not compare_pivots or a.pivots == b.pivots


def no_absorption_invariant(state: ContextState, k: int) -> bool:
    """Return whether every candidate of ``Pi`` has ``j_dev >= k``.

    True when ``k <= 0`` or ``Pi`` is empty. This is the reference's
    absolute, state-level guard (docs/guide/witnesses.md §5-6), stronger than the
    paper's block-level contract ``VM-D2``.

    Examples
    --------
    >>> from witnesses.exp58 import BLOCK1, exp58_timeline
    >>> from witnesses.state import build_context_state, no_absorption_invariant
    >>> s = build_context_state(exp58_timeline().subset(BLOCK1), "actor_0")
    >>> no_absorption_invariant(s, 3), no_absorption_invariant(s, 0)
    (False, True)
    """
    check_instance(state, "state", ContextState)
    k = check_k(k)
    return k == 0 or all(p.j_dev >= k for p in state.pivots)


def is_absorbing(state: ContextState, k: int) -> bool:
    """Return whether ``k > 0`` and *some* candidate of ``Pi`` has ``j_dev < k``.

    The reference predicate (docs/guide/witnesses.md §11, item 4); the paper's
    ``is_absorbed`` looks at the committed pivot only (see
    :func:`detect_class_a`).

    Examples
    --------
    >>> from witnesses.exp58 import BLOCK2, exp58_timeline
    >>> from witnesses.state import build_context_state, is_absorbing
    >>> s = build_context_state(exp58_timeline().subset(BLOCK2), "actor_0")
    >>> is_absorbing(s, 3), is_absorbing(s, 0)
    (True, False)
    """
    check_instance(state, "state", ContextState)
    k = check_k(k)
    return k > 0 and any(p.j_dev < k for p in state.pivots)


def detect_class_a(state: ContextState, k: int) -> bool:
    """Class A: the committed pivot has ``j_dev < k``.

    Examples
    --------
    >>> from witnesses import Event
    >>> from witnesses.state import build_context_state, detect_class_a
    >>> detect_class_a(build_context_state([Event("a", 0.0, 1.0, actors={"x"})], "x"), 1)
    True
    """
    check_instance(state, "state", ContextState)
    k = check_k(k)
    return state.top is not None and state.top.j_dev < k


def detect_class_b(state: ContextState, k: int) -> bool:
    """Class B: prefix of at least ``k`` events, but the setup share leaves ``dev_count < k``.

    Examples
    --------
    >>> from witnesses import Event
    >>> from witnesses.state import build_context_state, detect_class_b
    >>> evs = [Event("a", 0.0, 1.0), Event("b", 1.0, 1.0), Event("c", 2.0, 5.0, actors={"x"})]
    >>> detect_class_b(build_context_state(evs, "x"), 2)
    True
    """
    check_instance(state, "state", ContextState)
    k = check_k(k)
    r = state.r
    return r.prefix_count >= k and r.setup_count > 0 and r.dev_count < k


def detect_class_c(state: ContextState, k: int) -> bool:
    """Class C: the committed pivot has ``j_dev < k`` but a lower candidate has ``j_dev >= k``.

    Examples
    --------
    >>> from witnesses.exp58 import exp58_timeline
    >>> from witnesses.state import build_context_state, detect_class_c
    >>> s = build_context_state(exp58_timeline().subset(["e01", "e03", "e41", "e42", "e43", "e44", "e45"]), "actor_0")
    >>> detect_class_c(s, 3)
    True
    """
    check_instance(state, "state", ContextState)
    k = check_k(k)
    if state.top is None or state.top.j_dev >= k:
        return False
    return any(p.j_dev >= k for p in state.pivots[1:])


def detect_class_d(
    state: ContextState,
    *,
    duration: float,
    min_length: int = 4,
    min_timespan_fraction: float = 0.15,
) -> bool:
    """Class D: long enough (``size >= min_length``) but its span is too short.

    The span fraction is ``(t_last - t_first) / duration``, with
    ``duration`` the whole graph's (0 when ``duration`` is 0).

    Examples
    --------
    >>> from witnesses import Event
    >>> from witnesses.state import build_context_state, detect_class_d
    >>> s = build_context_state([Event(f"e{i}", i / 100, 1.0) for i in range(4)], "x")
    >>> detect_class_d(s, duration=1.0), detect_class_d(s, duration=0.1)
    (True, False)
    """
    check_instance(state, "state", ContextState)
    min_length = check_int(min_length, "min_length", minimum=0)
    if isinstance(duration, bool) or not isinstance(duration, (int, float)):
        msg = f"duration must be a real number, got {duration!r}"
        raise TypeError(msg)
    if not duration >= 0:
        msg = f"duration must be >= 0, got {duration!r}"
        raise ValueError(msg)
    if state.size < min_length or state.t_bounds is None:
        return False
    span = (state.t_bounds[1] - state.t_bounds[0]) / duration if duration else 0.0
    return span < min_timespan_fraction


def reference_block_context(events: Timeline | Iterable[Event], focal: str) -> Context:
    """Return a block's monoid element under the *reference* counting.

    ``w`` is the pivot key ``(weight, -timestamp, id)`` of the committed
    pivot (None without focal events), ``d_total`` is
    ``development_eligible_count(size)`` (every event counts, 20% setup
    share) and ``d_pre`` is the committed pivot's ``j_dev``.

    Notes
    -----
    This is the proxy the reference prints as ``left_d_total_proxy``
    (docs/guide/witnesses.md §9). It is *not* a monoid homomorphism: the setup share is
    superadditive (two single non-focal events give ``d_total`` 0 each, but
    1 together; docs/guide/witnesses.md §11, item 1), so compose states with
    :func:`compose_context_states`, not these elements.

    Examples
    --------
    >>> from witnesses.exp58 import BLOCK1, exp58_timeline
    >>> from witnesses.state import reference_block_context
    >>> reference_block_context(exp58_timeline().subset(BLOCK1), "actor_0")
    Context(w=(5.0, -0.12, 'e03'), d_total=32, d_pre=1)
    """
    state = build_context_state(events, focal, m=1)
    d_total = development_eligible_count(state.size)
    top = state.top
    if top is None:
        return Context(None, d_total, 0)
    return Context((top.weight, -top.timestamp, top.event_id), d_total, top.j_dev)


def paper_block_context(events: Timeline | Iterable[Event], focal: str) -> Context:
    """Return a block's monoid element under the *paper/ECT* counting.

    Focal events are pivot candidates with key ``(weight, -timestamp, id)``;
    every non-focal event is one development event; there is no setup
    share (docs/guide/algebra.md §2 and §6). Folding these elements with
    ``algebra.compose_endo`` gives the element of the concatenation.

    Examples
    --------
    >>> from witnesses import Event
    >>> from witnesses.exp58 import BLOCK1, exp58_timeline
    >>> from witnesses.state import paper_block_context
    >>> paper_block_context(exp58_timeline().subset(BLOCK1), "actor_0")
    Context(w=(5.0, -0.12, 'e03'), d_total=0, d_pre=0)
    >>> paper_block_context([Event("a", 0.0, 1.0), Event("b", 1.0, 2.0, actors={"x"})], "x")
    Context(w=(2.0, -1.0, 'b'), d_total=1, d_pre=1)
    """
    if not isinstance(focal, str):
        msg = f"focal must be a str actor name, got {focal!r}"
        raise TypeError(msg)
    ordered = sorted_events(events)
    return from_events(
        (e.weight, -e.timestamp, e.id) if focal in e.actors else None for e in ordered
    )
