"""Context states: Exp58 diagnostics, composition law, predicates, bridges, bad input.

WITNESS.md 1.5 and 2.1; claim VM-E51 (composition equals the state of the
concatenation, and is associative).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from algebra import Context, compose_endo, fold
from witnesses import Event, Timeline
from witnesses.exp58 import BLOCK1, BLOCK2, exp58_timeline
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
from witnesses.strategies import event_timelines, timeline_splits

FOCAL = "actor_0"


def _pivots(state: ContextState) -> list[tuple[str, int, int]]:
    return [(p.event_id, p.prefix_count, p.j_dev) for p in state.pivots]


def test_exp58_naive_composition_diagnostics() -> None:
    """WITNESS.md 2.1 "Composition diagnostics", naive left block {e01, e03}, M = 10."""
    tl = exp58_timeline()
    left = build_context_state(tl.subset(["e01", "e03"]), FOCAL, m=10)
    assert _pivots(left) == [("e03", 1, 0), ("e01", 0, 0)]
    assert left.q is ContextPhase.TURNING_POINT
    right = build_context_state(tl.subset(BLOCK2), FOCAL, m=10)
    assert right.q is ContextPhase.RESOLUTION
    assert _pivots(right)[:1] == [("e41", 0, 0)]
    assert ("e45", 4, 3) in _pivots(right)
    assert ("e49", 8, 6) in _pivots(right)
    composed = compose_context_states(left, right, m=10)
    truth = build_context_state(tl.subset(["e01", "e03", *BLOCK2]), FOCAL, m=10)
    assert context_equivalent(composed, truth)
    assert (composed.size, composed.q) == (12, ContextPhase.RESOLUTION)
    assert _pivots(composed)[0] == ("e41", 2, 1)
    assert is_absorbing(composed, 3)
    assert detect_class_a(composed, 3)
    # left_d_total_proxy (WITNESS.md 2.1): naive 1 = d(2), contract 32 = d(40).
    assert reference_block_context(tl.subset(["e01", "e03"]), FOCAL).d_total == 1


def test_exp58_contract_composition_diagnostics() -> None:
    """WITNESS.md 2.1: uncompressed block 1 then block 2: e41 at prefix 40, j_dev 32."""
    tl = exp58_timeline()
    left = build_context_state(tl.subset(BLOCK1), FOCAL, m=10)
    assert _pivots(left)[0] == ("e03", 2, 1)
    composed = compose_context_states(
        left, build_context_state(tl.subset(BLOCK2), FOCAL, m=10), m=10
    )
    assert _pivots(composed)[0] == ("e41", 40, 32)
    assert composed.r == ResourceCounters(50, 32, 40, 8, 9)
    assert context_equivalent(composed, build_context_state(tl, FOCAL, m=10))
    assert reference_block_context(tl.subset(BLOCK1), FOCAL).d_total == 32


@given(timeline_splits(max_size=12), st.integers(1, 4))
def test_vm_e51_composition_equals_state_of_concatenation(
    split: tuple[Timeline, tuple[int, ...]], m: int
) -> None:
    """compose(state(A), state(B)) == state(A + B) when B is later than A."""
    tl, (cut,) = split
    left, right = tl.events[:cut], tl.events[cut:]
    composed = compose_context_states(
        build_context_state(left, FOCAL, m=m),
        build_context_state(right, FOCAL, m=m),
        m=m,
    )
    truth = build_context_state(tl, FOCAL, m=m)
    assert context_equivalent(composed, truth)
    assert composed == truth


@given(timeline_splits(max_size=12, parts=3), st.integers(1, 4))
def test_vm_e51_composition_associative(
    split: tuple[Timeline, tuple[int, ...]], m: int
) -> None:
    """((AB)C) == (A(BC)) for consecutive blocks."""
    tl, (i, j) = split
    a, b, c = (
        build_context_state(part, FOCAL, m=m)
        for part in (tl.events[:i], tl.events[i:j], tl.events[j:])
    )
    ab_c = compose_context_states(compose_context_states(a, b, m=m), c, m=m)
    a_bc = compose_context_states(a, compose_context_states(b, c, m=m), m=m)
    assert ab_c == a_bc


def test_composition_precondition_is_checked() -> None:
    """Out-of-order blocks raise; strict=False composes anyway and is wrong.

    By hand: left = {b (t 1, focal, w 1)}, right = {a (t 0, non-focal)}.
    Composition shifts nothing in left, so b keeps prefix 0; in the real
    time order a comes first and b has prefix 1.
    """
    left = build_context_state([Event("b", 1.0, 1.0, actors={FOCAL})], FOCAL)
    right = build_context_state([Event("a", 0.0, 1.0)], FOCAL)
    assert not composition_precondition(left, right)
    with pytest.raises(ValueError, match="needs every right event later"):
        compose_context_states(left, right)
    wrong = compose_context_states(left, right, strict=False)
    truth = build_context_state(
        [Event("a", 0.0, 1.0), Event("b", 1.0, 1.0, actors={FOCAL})], FOCAL
    )
    assert wrong.top is not None and truth.top is not None
    assert (wrong.top.prefix_count, truth.top.prefix_count) == (0, 1)
    # Equal timestamps are ordered by id, as in Timeline.
    x = build_context_state([Event("x", 1.0, 1.0)], FOCAL)
    y = build_context_state([Event("y", 1.0, 1.0)], FOCAL)
    assert composition_precondition(x, y)
    assert not composition_precondition(y, x)


def test_empty_blocks_are_identities() -> None:
    """The empty state is START with zero counters and composes neutrally."""
    empty = build_context_state([], FOCAL)
    assert (empty.q, empty.r, empty.pivots, empty.t_bounds) == (
        ContextPhase.START,
        ResourceCounters(0, 0, 0, 0, 0),
        (),
        None,
    )
    s = build_context_state(exp58_timeline().subset(BLOCK2), FOCAL, m=3)
    assert compose_context_states(empty, s, m=3) == s
    assert compose_context_states(s, empty, m=3) == s


def test_pivotless_block_is_development() -> None:
    """No focal event: q DEVELOPMENT, post_count = size (WITNESS.md 1.5)."""
    s = build_context_state([Event("a", 0.0, 1.0), Event("b", 1.0, 1.0)], FOCAL)
    assert s.q is ContextPhase.DEVELOPMENT
    assert s.r == ResourceCounters(2, 0, 0, 0, 2)
    assert not is_absorbing(s, 3)
    assert no_absorption_invariant(s, 3)


def test_pivot_order_breaks_ties_by_earlier_then_larger_id() -> None:
    """Reference order: weight desc, earlier timestamp, then the larger id first."""
    evs = [
        Event("a", 0.0, 2.0, actors={FOCAL}),
        Event("b", 1.0, 2.0, actors={FOCAL}),
        Event("c", 1.0, 2.0, actors={FOCAL}),
        Event("d", 2.0, 3.0, actors={FOCAL}),
    ]
    assert [p.event_id for p in build_context_state(evs, FOCAL).pivots] == [
        "d",
        "a",
        "c",
        "b",
    ]


def test_invariant_and_absorbing_predicates_by_hand() -> None:
    """Prefixes 0..5 give j_dev 0, 0, 1, 2, 3, 4 (WITNESS.md 1.2)."""
    evs = [
        Event(f"e{i}", float(i), 1.0 + i, actors={FOCAL} if i in (2, 5) else set())
        for i in range(6)
    ]
    s = build_context_state(evs, FOCAL, m=2)
    assert _pivots(s) == [("e5", 5, 4), ("e2", 2, 1)]
    assert no_absorption_invariant(s, 1) and not is_absorbing(s, 1)
    assert not no_absorption_invariant(s, 2) and is_absorbing(s, 2)
    assert no_absorption_invariant(s, 0) and not is_absorbing(s, 0)
    assert not detect_class_a(s, 2)  # the committed pivot has j_dev 4 >= 2
    top_only = build_context_state(evs, FOCAL, m=1)
    assert no_absorption_invariant(top_only, 2)  # the cut M = 1 hides e2


def test_class_detectors_by_hand() -> None:
    """A: top j_dev < k; B: prefix >= k with setup eating development; C: a lower one is fine; D: short span."""
    evs = [
        Event("a", 0.0, 1.0),
        Event("b", 0.1, 1.0),
        Event("c", 0.2, 9.0, actors={FOCAL}),
    ]
    s = build_context_state(evs, FOCAL)
    assert s.r == ResourceCounters(3, 1, 2, 1, 0)
    assert detect_class_a(s, 2) and detect_class_b(s, 2)
    assert not detect_class_a(s, 1) and not detect_class_b(s, 1)
    assert not detect_class_c(s, 2)
    evs_c = [*evs, Event("d", 0.3, 1.0), Event("e", 0.4, 2.0, actors={FOCAL})]
    sc = build_context_state(evs_c, FOCAL)
    assert _pivots(sc) == [("c", 2, 1), ("e", 4, 3)]
    assert detect_class_c(sc, 2) and not detect_class_c(sc, 4)
    assert detect_class_d(sc, duration=4.0, min_length=4, min_timespan_fraction=0.15)
    assert not detect_class_d(
        sc, duration=1.0, min_length=4, min_timespan_fraction=0.15
    )
    assert not detect_class_d(sc, duration=4.0, min_length=6)


@given(timeline_splits(max_size=10, parts=3))
def test_paper_block_context_is_a_homomorphism(
    split: tuple[Timeline, tuple[int, ...]],
) -> None:
    """Paper counting: folding block elements with compose_endo = element of the concatenation."""
    tl, (i, j) = split
    parts = [
        paper_block_context(p, FOCAL)
        for p in (tl.events[:i], tl.events[i:j], tl.events[j:])
    ]
    assert fold(parts) == paper_block_context(tl, FOCAL)


def test_reference_block_context_is_not_a_homomorphism() -> None:
    """Reference counting is superadditive: d(1) + d(1) = 0 but d(2) = 1 (WITNESS.md 4, item 1)."""
    a, b = Event("a", 0.0, 1.0), Event("b", 1.0, 1.0)
    ca, cb = reference_block_context([a], FOCAL), reference_block_context([b], FOCAL)
    assert compose_endo(ca, cb) == Context(None, 0, 0)
    assert reference_block_context([a, b], FOCAL) == Context(None, 1, 0)


def test_exp58_counting_conventions_differ() -> None:
    """All Exp58 events are focal: paper d_total of block 1 is 0, reference 32 (WITNESS.md 4, item 1)."""
    block1 = exp58_timeline().subset(BLOCK1)
    assert paper_block_context(block1, FOCAL) == Context((5.0, -0.12, "e03"), 0, 0)
    assert reference_block_context(block1, FOCAL) == Context((5.0, -0.12, "e03"), 32, 1)


@given(event_timelines(max_size=10), st.integers(1, 4))
def test_state_of_timeline_matches_definition(tl: Timeline, m: int) -> None:
    """Pi lists the top-m focal events with their position in time order as prefix."""
    s = build_context_state(tl, FOCAL, m=m)
    focal = [e for e in tl.events if FOCAL in e.actors]
    ranked = sorted(focal, key=lambda e: (e.weight, -e.timestamp, e.id), reverse=True)
    assert [p.event_id for p in s.pivots] == [e.id for e in ranked[:m]]
    for p in s.pivots:
        assert p.prefix_count == tl.position(p.event_id)
    assert s.size == len(tl)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: build_context_state([], FOCAL, m=0),
            ValueError,
            "m must be >= 1, got 0",
        ),
        (lambda: build_context_state([], FOCAL, m=True), TypeError, "m must be an int"),
        (lambda: build_context_state([], 3), TypeError, "focal must be a str"),
        (
            lambda: build_context_state("abc", FOCAL),
            TypeError,
            "events must be a Timeline",
        ),
        (
            lambda: build_context_state([1], FOCAL),
            TypeError,
            r"events\[0\] must be an Event",
        ),
        (
            lambda: build_context_state([Event("a", 0, 1), Event("a", 1, 1)], FOCAL),
            ValueError,
            "repeats id 'a'",
        ),
        (
            lambda: is_absorbing(build_context_state([], FOCAL), -1),
            ValueError,
            "k must be >= 0, got -1",
        ),
        (
            lambda: no_absorption_invariant(build_context_state([], FOCAL), 1.5),
            TypeError,
            "k must be an int",
        ),
        (
            lambda: compose_context_states(None, None),
            TypeError,
            "left must be a ContextState",
        ),
        (
            lambda: compose_context_states(
                build_context_state([], FOCAL), build_context_state([], FOCAL), m=0
            ),
            ValueError,
            "m must be >= 1",
        ),
        (
            lambda: detect_class_d(build_context_state([], FOCAL), duration=-1.0),
            ValueError,
            "duration must be >= 0",
        ),
        (
            lambda: PivotCandidate.at("a", 1.0, 0.0, -1),
            ValueError,
            "prefix_count must be >= 0",
        ),
        (lambda: paper_block_context([], None), TypeError, "focal must be a str"),
    ],
)
def test_bad_state_arguments(call, error: type, match: str) -> None:  # type: ignore[no-untyped-def]
    """Each bad argument is named with its value and the allowed range."""
    with pytest.raises(error, match=match):
        call()
