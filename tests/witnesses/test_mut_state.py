"""The reference context state at its edges, directly (issue 33).

docs/guide/witnesses.md §5: a block's state ``(q, r, Pi, t_bounds)``, its
composition, its equivalence (``t_bounds`` within 1e-12) and the absorption
predicates and class detectors. Each test sits where a neighbouring rule
(another comparison, another default, another bound) gives another answer.
"""

from __future__ import annotations

import re

import pytest

from algebra import Context
from witnesses import Event, Phase, Timeline
from witnesses.state import (
    ContextPhase,
    ContextState,
    PivotCandidate,
    ResourceCounters,
    build_context_state,
    compose_context_states,
    composition_precondition,
    context_equivalent,
    detect_class_a,
    detect_class_b,
    detect_class_c,
    detect_class_d,
    is_absorbing,
    no_absorption_invariant,
    paper_block_context,
    reference_block_context,
)

F = "x"


def _focal(i: int, t: float, w: float) -> Event:
    return Event(f"f{i}", t, w, actors={F})


def _plain(i: int, t: float) -> Event:
    return Event(f"p{i}", t, 1.0)


# ------------------------------------------------------------ candidates


def test_pivot_candidate_at_and_shifted() -> None:
    c = PivotCandidate.at("e", 2.0, 0.5, 5)
    assert (c.event_id, c.weight, c.timestamp, c.prefix_count, c.j_dev) == (
        "e",
        2.0,
        0.5,
        5,
        4,
    )
    d = c.shifted(3)
    assert (d.event_id, d.weight, d.timestamp, d.prefix_count, d.j_dev) == (
        "e",
        2.0,
        0.5,
        8,
        6,
    )
    assert PivotCandidate.at("e", 2.0, 0.5, 0).j_dev == 0
    with pytest.raises(ValueError, match="prefix_count must be >= 0, got -1"):
        PivotCandidate.at("e", 2.0, 0.5, -1)


def test_pivot_rank_orders_by_weight_then_time_then_larger_id() -> None:
    evs = [
        Event("b", 0.0, 1.0, actors={F}),
        Event("a", 0.5, 3.0, actors={F}),
        Event("z", 0.5, 3.0, actors={F}),
        Event("c", 0.2, 3.0, actors={F}),
        Event("d", 0.9, 2.0, actors={F}),
    ]
    s = build_context_state(evs, F)
    assert [p.event_id for p in s.pivots] == ["c", "z", "a", "d", "b"]
    assert [p.prefix_count for p in s.pivots] == [1, 3, 2, 4, 0]


# ----------------------------------------------------------------- build


def test_build_sorts_an_unsorted_block_by_time_then_id() -> None:
    evs = [
        Event("c", 2.0, 1.0),
        Event("b", 1.0, 1.0),
        _focal(0, 1.0, 5.0),
        Event("a", 1.0, 1.0),
    ]
    s = build_context_state(evs, F)
    assert s.id_bounds == ("a", "c")
    assert s.t_bounds == (1.0, 2.0)
    assert (
        s.top is not None and s.top.prefix_count == 2
    )  # after a and b, ids at t = 1.0
    assert s.q is ContextPhase.RESOLUTION
    assert s.r == ResourceCounters(4, 1, 2, 1, 1)
    tl = Timeline.from_unsorted(evs)
    assert build_context_state(tl, F) == s


def test_build_keeps_m_candidates_by_default_ten() -> None:
    evs = [_focal(i, float(i), float(i)) for i in range(12)]
    assert len(build_context_state(evs, F).pivots) == 10
    assert len(build_context_state(evs, F, m=1).pivots) == 1
    assert len(build_context_state(evs, F, m=11).pivots) == 11


def test_build_states_by_phase() -> None:
    empty = build_context_state([], F)
    assert empty.q is ContextPhase.START and empty.size == 0 and empty.top is None
    assert empty.t_bounds is None and empty.id_bounds is None
    dev = build_context_state([_plain(0, 0.0)], F)
    assert dev.q is ContextPhase.DEVELOPMENT and dev.r == ResourceCounters(
        1, 0, 0, 0, 1
    )
    tp = build_context_state([_plain(0, 0.0), _focal(0, 1.0, 1.0)], F)
    assert tp.q is ContextPhase.TURNING_POINT and tp.r == ResourceCounters(
        2, 0, 1, 1, 0
    )
    res = build_context_state([_focal(0, 0.0, 1.0), _plain(0, 1.0)], F)
    assert res.q is ContextPhase.RESOLUTION and res.r == ResourceCounters(2, 0, 0, 0, 1)
    assert res.size == 2 and res.top is not None and res.top.event_id == "f0"


@pytest.mark.parametrize(
    ("events", "error", "message"),
    [
        ("ab", TypeError, "events must be a Timeline or an iterable of Event, got str"),
        (b"ab", TypeError, "events must be a Timeline or an iterable of Event, got bytes"),
        ([Event("a", 0, 1), 3], TypeError, "events[1] must be an Event, got int"),
        ([Event("a", 0, 1), Event("b", 1, 1), Event("a", 2, 1)], ValueError,
         "events[2] repeats id 'a' (first at events[0])"),
    ],
)  # fmt: skip
def test_build_refuses_bad_blocks(events, error, message) -> None:
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        build_context_state(events, F)
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        paper_block_context(events, F)


def test_build_refuses_a_bad_focal() -> None:
    with pytest.raises(TypeError, match=r"^focal must be a str actor name, got 3$"):
        build_context_state([], 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^focal must be a str actor name, got None$"):
        paper_block_context([], None)  # type: ignore[arg-type]


def test_parents_outside_the_block_are_ignored() -> None:
    s = build_context_state(
        [Event("b", 1.0, 1.0, actors={F}, causal_parents=["gone"])], F
    )
    assert s.size == 1


# ------------------------------------------------------------- compose


def test_precondition_with_an_empty_side_and_without_ids() -> None:
    empty = build_context_state([], F)
    one = build_context_state([_plain(0, 1.0)], F)
    assert composition_precondition(empty, one) and composition_precondition(one, empty)
    assert composition_precondition(empty, empty)
    same = build_context_state([_plain(0, 1.0)], F)
    assert not composition_precondition(one, same)  # the same (t, id): not later
    # a state built by hand without id bounds compares its ids as "?"
    bare = ContextState(
        ContextPhase.DEVELOPMENT, ResourceCounters(1, 0, 0, 0, 1), (), (1.0, 1.0)
    )
    later = build_context_state([_plain(0, 1.0)], F)
    assert composition_precondition(bare, later)  # ("?" < "p0") at equal times
    assert not composition_precondition(later, bare)


def test_compose_message_and_type_checks() -> None:
    late = build_context_state([Event("b", 2.0, 1.0)], F)
    early = build_context_state([Event("a", 1.0, 1.0)], F)
    msg = (
        "compose_context_states needs every right event later than every left event: "
        "left ends at (2.0, 'b') but right starts at (1.0, 'a'); pass strict=False to compose anyway"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(msg)}$"):
        compose_context_states(late, early)
    with pytest.raises(TypeError, match=r"^right must be a ContextState, got int$"):
        compose_context_states(early, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^left must be a ContextState, got NoneType$"):
        compose_context_states(None, early)  # type: ignore[arg-type]


def test_compose_shifts_right_and_joins_bounds() -> None:
    left = build_context_state([_plain(0, 0.0), _focal(0, 0.1, 1.0)], F)
    right = build_context_state(
        [_plain(1, 0.5), _plain(2, 0.6), _focal(1, 0.7, 2.0)], F
    )
    s = compose_context_states(left, right, m=2)
    assert [(p.event_id, p.prefix_count) for p in s.pivots] == [("f1", 4), ("f0", 1)]
    assert s.size == 5 and s.t_bounds == (0.0, 0.7) and s.id_bounds == ("p0", "f1")
    assert s.q is ContextPhase.TURNING_POINT
    assert s.r == ResourceCounters(5, 3, 4, 1, 0)
    assert [p.event_id for p in compose_context_states(left, right, m=1).pivots] == [
        "f1"
    ]
    # m defaults to ten
    many = build_context_state([_focal(i, float(i), 1.0) for i in range(6)], F)
    more = build_context_state([_focal(i, float(i), 1.0) for i in range(6, 12)], F)
    assert len(compose_context_states(many, more).pivots) == 10


def test_compose_with_an_empty_side_keeps_the_other_bounds() -> None:
    empty = build_context_state([], F)
    s = build_context_state([_plain(0, 0.25), _plain(1, 0.5)], F)
    for got in (compose_context_states(empty, s), compose_context_states(s, empty)):
        assert got.t_bounds == (0.25, 0.5) and got.id_bounds == ("p0", "p1")
    bare = ContextState(
        ContextPhase.DEVELOPMENT, ResourceCounters(1, 0, 0, 0, 1), (), (0.9, 0.9)
    )
    joined = compose_context_states(s, bare)
    assert joined.t_bounds == (0.25, 0.9) and joined.id_bounds is None
    joined = compose_context_states(bare, build_context_state([_plain(2, 1.0)], F))
    assert joined.t_bounds == (0.9, 1.0) and joined.id_bounds is None


def test_compose_strict_false_takes_the_extremes_of_the_bounds() -> None:
    a = build_context_state([_plain(0, 0.4), _plain(1, 0.6)], F)
    b = build_context_state([_plain(2, 0.1), _plain(3, 0.5)], F)
    s = compose_context_states(a, b, strict=False)
    assert s.t_bounds == (0.1, 0.6)
    assert s.id_bounds == ("p0", "p3")


# ---------------------------------------------------------- equivalence


def _state(t0: float, t1: float) -> ContextState:
    return build_context_state([Event("a", t0, 1.0), Event("b", t1, 1.0)], F)


def test_equivalence_time_tolerance_is_1e_12() -> None:
    base = _state(0.0, 1.0)
    assert context_equivalent(base, _state(0.0, 1.0 + 5e-13))
    assert context_equivalent(base, _state(0.0 + 5e-13, 1.0))
    assert not context_equivalent(base, _state(0.0, 1.0 + 4e-12))
    assert not context_equivalent(base, _state(4e-12, 1.0))


def test_equivalence_compares_q_r_bounds_and_pivots() -> None:
    empty = build_context_state([], F)
    assert context_equivalent(empty, empty)
    bare = ContextState(
        ContextPhase.START, ResourceCounters(0, 0, 0, 0, 0), (), (0.0, 0.0)
    )
    assert not context_equivalent(empty, bare) and not context_equivalent(bare, empty)
    one = build_context_state([_plain(0, 0.0)], F)
    two = build_context_state([_plain(0, 0.0), _plain(1, 0.0)], F)
    assert not context_equivalent(one, two)  # r differs
    focal = build_context_state([_focal(0, 0.0, 1.0)], F)
    assert not context_equivalent(one, focal)  # q differs
    other = build_context_state([Event("g", 0.0, 1.0, actors={F})], F)
    assert not context_equivalent(focal, other)
    assert context_equivalent(focal, other, compare_pivots=False)
    with pytest.raises(TypeError, match="b"):
        context_equivalent(focal, 3)  # type: ignore[arg-type]


# -------------------------------------------------- predicates, classes


def _two_pivots() -> ContextState:
    """Pivots f5 (prefix 5, j_dev 4) first and f2 (prefix 2, j_dev 1)."""
    evs = [
        _focal(i, float(i), 1.0 + i) if i in (2, 5) else _plain(i, float(i))
        for i in range(6)
    ]
    return build_context_state(evs, F)


def test_absorption_predicates_at_the_edges() -> None:
    s = _two_pivots()
    assert no_absorption_invariant(s, 1) and not is_absorbing(s, 1)
    assert not no_absorption_invariant(s, 2) and is_absorbing(s, 2)
    empty = build_context_state([], F)
    assert no_absorption_invariant(empty, 3) and not is_absorbing(empty, 3)
    with pytest.raises(TypeError, match="state"):
        is_absorbing(3, 1)  # type: ignore[arg-type]


def test_class_a_edges() -> None:
    s = _two_pivots()  # top j_dev 4
    assert not detect_class_a(s, 4) and detect_class_a(s, 5)
    assert not detect_class_a(build_context_state([_plain(0, 0.0)], F), 5)
    with pytest.raises(ValueError, match="k must be >= 0"):
        detect_class_a(s, -1)


def test_class_b_edges() -> None:
    # top prefix 5, j_dev 4, setup 1
    s = _two_pivots()
    assert detect_class_b(s, 5)  # prefix 5 >= 5, setup 1 > 0, dev 4 < 5
    assert not detect_class_b(s, 6)  # prefix 5 < 6
    assert not detect_class_b(s, 4)  # dev 4 >= 4
    # no setup share: prefix 1 has j_dev 0 and setup 1; prefix 0 has setup 0
    first = build_context_state([_focal(0, 0.0, 1.0), _plain(0, 1.0)], F)
    assert first.r.setup_count == 0
    assert not detect_class_b(first, 0)
    with pytest.raises(ValueError, match="k must be >= 0"):
        detect_class_b(s, -1)


def test_class_c_edges() -> None:
    evs = [
        _plain(0, 0.0),
        _plain(1, 0.1),
        _focal(0, 0.2, 9.0),
        _plain(2, 0.3),
        _focal(1, 0.4, 2.0),
    ]
    s = build_context_state(evs, F)  # top j_dev 1, the next j_dev 3
    assert detect_class_c(s, 3) and detect_class_c(s, 2)
    assert not detect_class_c(s, 1)  # the top is fine
    assert not detect_class_c(s, 4)  # no candidate is fine
    assert not detect_class_c(build_context_state([_plain(0, 0.0)], F), 1)
    with pytest.raises(ValueError, match="k must be >= 0"):
        detect_class_c(s, -1)


def test_class_d_edges() -> None:
    s = build_context_state([_plain(i, i / 10) for i in range(4)], F)  # span 0.3
    assert not detect_class_d(s, duration=2.0)  # 0.15 is not < 0.15
    assert detect_class_d(s, duration=2.0, min_timespan_fraction=0.1500001)
    assert detect_class_d(s, duration=2.1)  # default min_length 4 reached
    assert not detect_class_d(s, duration=2.1, min_length=5)
    assert detect_class_d(s, duration=0)  # span fraction 0 when duration is 0
    assert detect_class_d(s, duration=0.0, min_timespan_fraction=1e-9)
    assert not detect_class_d(s, duration=0, min_timespan_fraction=0.0)
    empty = build_context_state([], F)
    assert not detect_class_d(empty, duration=1.0, min_length=0)
    for bad in (True, "1", None):
        with pytest.raises(
            TypeError,
            match=f"^duration must be a real number, got {re.escape(repr(bad))}$",
        ):
            detect_class_d(s, duration=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^duration must be >= 0, got nan$"):
        detect_class_d(s, duration=float("nan"))
    with pytest.raises(ValueError, match="min_length must be >= 0"):
        detect_class_d(s, duration=1.0, min_length=-1)


# ------------------------------------------------------ block elements


def test_block_contexts_without_focal_events() -> None:
    evs = [_plain(i, float(i)) for i in range(7)]
    assert reference_block_context(evs, F) == Context(None, 5, 0)
    assert paper_block_context(evs, F) == Context(None, 7, 0)


def test_reference_block_context_reads_the_committed_pivot() -> None:
    evs = [
        _plain(0, 0.0),
        _plain(1, 0.1),
        _plain(2, 0.2),
        _focal(0, 0.5, 4.0),
        _focal(1, 0.6, 1.0),
    ]
    assert reference_block_context(evs, F) == Context((4.0, -0.5, "f0"), 4, 2)


def test_context_phases_share_the_grammar_phases_values() -> None:
    """DEVELOPMENT, TURNING_POINT and RESOLUTION are the grammar's; START, 0, precedes SETUP."""
    assert [(p.name, int(p)) for p in ContextPhase] == [
        ("START", 0),
        ("DEVELOPMENT", 2),
        ("TURNING_POINT", 3),
        ("RESOLUTION", 4),
    ]
    for name in ("DEVELOPMENT", "TURNING_POINT", "RESOLUTION"):
        assert ContextPhase[name] == Phase[name]
    assert ContextPhase.START < Phase.SETUP


def test_precondition_compares_left_last_with_right_first() -> None:
    """Overlapping blocks: left starts before right but ends after right's start."""
    left = build_context_state([_plain(0, 0.0), _plain(1, 2.0)], F)
    right = build_context_state([_plain(2, 1.0), _plain(3, 3.0)], F)
    assert not composition_precondition(left, right)
    assert not composition_precondition(right, left)
    after = build_context_state([_plain(4, 2.5), _plain(5, 0.5 + 3.0)], F)
    assert composition_precondition(left, after)


def test_predicates_answer_booleans_and_the_tolerance_is_inclusive() -> None:
    """A gap of exactly 1e-12 is still equivalent; every negative answer is False, not None."""
    base = _state(0.0, 1.0)
    assert abs(0.0 - 1e-12) == 1e-12
    assert context_equivalent(base, _state(1e-12, 1.0)) is True
    assert context_equivalent(base, _state(0.0, 1.0 + 4e-12)) is False
    empty = build_context_state([], F)
    bare = ContextState(
        ContextPhase.START, ResourceCounters(0, 0, 0, 0, 0), (), (0.0, 0.0)
    )
    assert context_equivalent(empty, bare) is False
    assert context_equivalent(base, empty) is False
    top_fine = build_context_state(
        [_plain(0, 0.0), _plain(1, 0.1), _focal(0, 0.2, 9.0)], F
    )
    assert detect_class_c(top_fine, 1) is False
    assert detect_class_c(build_context_state([], F), 1) is False


def test_class_d_needs_four_events_by_default() -> None:
    three = build_context_state([_plain(i, i / 100) for i in range(3)], F)
    assert detect_class_d(three, duration=1.0) is False
    assert detect_class_d(three, duration=1.0, min_length=3) is True


def test_class_d_span_is_last_minus_first() -> None:
    late = build_context_state([_plain(i, 0.5 + i / 10) for i in range(4)], F)
    assert late.t_bounds == (0.5, 0.8)
    assert detect_class_d(late, duration=3.0) is True  # 0.3 / 3 = 0.1 < 0.15
    assert detect_class_d(late, duration=1.0) is False  # 0.3 >= 0.15
