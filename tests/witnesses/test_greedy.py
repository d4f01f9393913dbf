"""The greedy anchor solver (WITNESS.md 1.4, last paragraph): hand-computed Exp58 cases."""

from __future__ import annotations

import pytest
from hypothesis import given

from witnesses import Event, Grammar, Phase, Timeline, solve
from witnesses.exp58 import exp58_timeline
from witnesses.strategies import event_timelines, grammars

EXP58_GRAMMAR = Grammar.parametric(3, min_timespan_fraction=0.0)
NAIVE_KEPT = ("e01", "e03", *(f"e{i}" for i in range(41, 51)))


def test_exp58_full_graph_greedy_by_hand() -> None:
    """Anchor e03 wins with TP e41 last: 44.85 points.

    By hand from WITNESS.md 2.2: anchors are the 8 heaviest events (e41 10,
    e03 5, e01 0.9, e02 0.85, then the earliest 0.8 fillers e15 e20 e25
    e30). Anchor e03's set: e03, its ancestors e02 e01, then the heaviest
    focal events of its pool: e41, the six 0.8 fillers (e15 ... e40), the
    six 0.75 (e14 ... e39) and the four earliest 0.7 (e13 e18 e23 e28): 20
    events, weight sum 16.75 + 4.8 + 4.5 + 2.8 = 28.85; e41 is last
    (pos = 1) so the bonus is 2 * 10 * (1 - 0.5 * 0.4) = 16; n_pre = 19,
    ceil(0.2 * 19) = 4 SETUP. Anchor e41's own set (e41 and its 19 nearest
    ancestors e22..e40) scores less (19 fillers + 10 + 16 < 44.85).
    """
    s = solve(exp58_timeline(), grammar=EXP58_GRAMMAR, solver="greedy")
    assert s.valid and s.sequence is not None
    assert s.diagnostics["candidates"] == (
        "e41",
        "e03",
        "e01",
        "e02",
        "e15",
        "e20",
        "e25",
        "e30",
    )
    assert s.sequence.describe() == (
        "e01:S e02:S e03:S e13:S e14:D e15:D e18:D e19:D e20:D e23:D e24:D e25:D "
        "e28:D e29:D e30:D e34:D e35:D e39:D e40:D e41:T"
    )
    assert s.score == pytest.approx(44.85, abs=1e-9)


def test_exp58_naive_graph_greedy_is_committed_and_infeasible() -> None:
    """Naive-compressed Exp58: every anchor's set is all 12 events, TP e41 at index 2 < k = 3.

    The greedy solver commits to the argmax, so it cannot substitute e45 the
    way the free reference solver does (WITNESS.md 4, item 5); it returns
    its best invalid candidate.
    """
    s = solve(
        exp58_timeline().subset(NAIVE_KEPT), grammar=EXP58_GRAMMAR, solver="greedy"
    )
    assert not s.valid and s.score is None and s.pivot_id is None
    assert s.sequence is not None
    assert s.sequence.ids == NAIVE_KEPT
    assert s.sequence.pivot is not None and s.sequence.pivot.id == "e41"
    assert [v.kind for v in s.sequence.violations] == ["insufficient_development"]


@given(event_timelines(max_size=12), grammars())
def test_greedy_turning_point_is_the_argmax_of_its_sequence(
    tl: Timeline, grammar: Grammar
) -> None:
    """Committed semantics: the TP is the heaviest event (earliest on ties) of what is returned."""
    s = solve(tl, grammar=grammar, solver="greedy")
    if not tl.events:
        assert s.sequence is None
        return
    seq = s.sequence
    assert seq is not None
    tp = seq.phases.index(Phase.TURNING_POINT)
    weights = [e.weight for e in seq.events]
    assert weights[tp] == max(weights) and max(weights) not in weights[:tp]
    assert len(seq.events) <= min(20, grammar.max_length)
    assert list(seq.ids) == [i for i in tl.ids if i in set(seq.ids)]
    assert s.valid == seq.valid


def test_greedy_forced_solve_runs_the_reference_solver() -> None:
    """Greedy has no forced mode: a fixed-pivot solve runs the reference solver, and says so."""
    tl = exp58_timeline()
    forced = solve(tl, grammar=EXP58_GRAMMAR, solver="greedy", pivot_ids=["e41"])
    want = solve(tl, grammar=EXP58_GRAMMAR, pivot_ids=["e41"])
    assert forced.sequence == want.sequence and forced.score == 47.08421052631579
    assert forced.diagnostics["solver"] == "reference"
    assert forced.diagnostics["requested_solver"] == "greedy"


def test_causal_ancestors_come_before_heavier_focal_events() -> None:
    """A light non-focal parent of the anchor is kept ahead of heavier focal events.

    By hand: budget 4 events; anchors b, c, ..., i (a, the lightest, is not
    one); anchor b (w 5) keeps its parent a (w 0.1), then
    the heaviest focal c, d: a b c d, TP b at index 1, a DEVELOPMENT (setup
    capped at n_pre - k = 0), score 7.1 + 2 * 5 * (1 - 0.5 * |1/3 - 0.6|) =
    15.7666... Without the ancestor tier the set would be b c d e, with TP b
    first: no development, invalid (as is every other anchor's set: b plus
    weight-1 events, b first).
    """
    f = {"actor_0"}
    tl = Timeline(
        [
            Event("a", 0.0, 0.1),
            Event("b", 1.0, 5.0, actors=f, causal_parents=["a"]),
            *(Event(c, 2.0 + i, 1.0, actors=f) for i, c in enumerate("cdefghij")),
        ]
    )
    grammar = Grammar(
        1, max_length=4, min_timespan_fraction=0.0, focal_actor_coverage=0.0
    )
    s = solve(tl, grammar=grammar, solver="greedy")
    assert s.sequence is not None
    assert s.sequence.describe() == "a:D b:T c:R d:R"
    assert s.score == pytest.approx(7.1 + 10 * (1 - 0.5 * (0.6 - 1 / 3)), abs=1e-12)
