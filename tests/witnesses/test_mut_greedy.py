"""The greedy solver's choices between anchors and within a pool (issue 33, mutation survivors).

Two causal pairs ``p -> a`` far apart give the anchors' candidates; their
scores are equal, or the later one is 0.5 higher. The best valid candidate
wins (ties: the earlier anchor); with no valid candidate the best invalid one
is returned (``valid`` False).
"""

from __future__ import annotations

import math

import pytest

from witnesses import Event, Grammar, Timeline, solve


def _pairs(second: float) -> Timeline:
    """``p1 -> a1`` and ``p2 -> a2``; anchors in order a1, a2 (weight 5), then p2, p1."""
    return Timeline(
        [
            Event("p1", 0.0, 1.0),
            Event("a1", 0.1, 5.0, causal_parents=["p1"]),
            Event("p2", 0.5, second),
            Event("a2", 0.6, 5.0, causal_parents=["p2"]),
        ]
    )


def _grammar(min_length: int) -> Grammar:
    return Grammar(
        min_prefix_elements=1,
        min_length=min_length,
        max_length=5,
        min_timespan_fraction=0.0,
        focal_actor_coverage=0.0,
    )


@pytest.mark.parametrize("min_length", [2, 3])  # valid pairs / every candidate invalid
def test_equal_candidates_keep_the_first_anchor(min_length: int) -> None:
    s = solve(_pairs(1.0), focal="x", grammar=_grammar(min_length), solver="greedy")
    assert s.sequence is not None
    assert s.sequence.ids == ("p1", "a1")
    assert s.diagnostics["valid"] is (min_length == 2)
    assert s.diagnostics["candidates"] == ("a1", "a2", "p1", "p2")


@pytest.mark.parametrize("min_length", [2, 3])
def test_a_candidate_half_a_point_better_wins(min_length: int) -> None:
    """``p2`` weighs 1.5: the second pair scores 0.5 more (the position bonus is the same)."""
    s = solve(_pairs(1.5), focal="x", grammar=_grammar(min_length), solver="greedy")
    assert s.sequence is not None
    assert s.sequence.ids == ("p2", "a2")
    first = solve(_pairs(1.0), focal="x", grammar=_grammar(min_length), solver="greedy")
    assert first.sequence is not None  # its score is read even when invalid
    assert s.sequence.score - first.sequence.score == pytest.approx(0.5, abs=1e-12)


def test_focal_events_come_before_heavier_other_events() -> None:
    """A budget of two: anchor ``a`` takes the focal ``f``, not its heavier child ``h``.

    ``f a`` is valid (half focal, coverage 0.5): 1 + 10 + 2 * 10 * 0.8 = 27.
    ``a h`` (anchor ``h``: ``a`` is its ancestor) has no focal event: invalid,
    although it scores 10 + 4 + 2 * 10 * 0.7 = 28.
    """
    tl = Timeline(
        [
            Event("f", 0.4, 1.0, actors={"x"}),
            Event("a", 0.5, 10.0),
            Event("h", 0.6, 4.0, causal_parents=["a"]),
        ]
    )
    grammar = Grammar(
        min_prefix_elements=0,
        min_length=2,
        max_length=5,
        min_timespan_fraction=0.0,
        focal_actor_coverage=0.5,
        max_temporal_gap=math.inf,
    )
    s = solve(tl, focal="x", grammar=grammar, solver="greedy", max_sequence_length=2)
    assert s.valid and s.sequence is not None
    assert s.sequence.ids == ("f", "a")
    assert s.score == pytest.approx(27.0, abs=1e-12)


@pytest.mark.parametrize("min_length", [2, 3])
def test_a_candidate_exactly_1e12_better_is_a_tie(min_length: int) -> None:
    """``p2`` weighs 1.000000000001: the second pair scores 14 + 1e-12 exactly (as floats).

    Better means better by more than 1e-12, so the first anchor's pair stays.
    """
    s = solve(
        _pairs(1.000000000001), focal="x", grammar=_grammar(min_length), solver="greedy"
    )
    assert s.sequence is not None
    assert s.sequence.ids == ("p1", "a1")
    assert s.sequence.score == 14.0
