"""Solvers: the published Exp58 sequences, the fast reference against its oracle,
the exact solver against brute force, and bad input (WITNESS.md 1.4, 2.1)."""

from __future__ import annotations

import itertools
import math
import re
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.witnesses.oracle_reference import oracle_solve
from witnesses import (
    Event,
    ExtractedSequence,
    Grammar,
    Timeline,
    label_phases,
    multiburst,
    pivot_candidates,
    solve,
)
from witnesses.exp58 import exp58_timeline
from witnesses.strategies import event_timelines, grammars

EXP58_GRAMMAR = Grammar.parametric(3, min_timespan_fraction=0.0)
NAIVE_KEPT = ("e01", "e03", *(f"e{i}" for i in range(41, 51)))

# WITNESS.md 2.1, "Solved sequences" (id:phase), transcribed from the spec.
FULL_SEQUENCE = (
    "e01:S e02:S e03:S e14:D e15:D e19:D e20:D e24:D e25:D e30:D e35:D e40:D "
    "e41:T e42:R e43:R e44:R e45:R e47:R e48:R e49:R"
)
NAIVE_M10_SEQUENCE = (
    "e01:S e03:S e41:D e42:D e43:D e44:D e45:T e46:R e47:R e48:R e49:R e50:R"
)


def test_exp58_timeline_is_bit_exact_with_the_published_list() -> None:
    """Spot values from WITNESS.md 2.2 (the full table is checked when ../shared exists)."""
    tl = exp58_timeline()
    spots = {
        "e05": (0.2, 0.21000000000000002),
        "e13": (0.5396000000000001, 0.7),
        "e40": (0.939200000000001, 0.8),
        "e43": (0.969, 0.4666666666666667),
        "e49": (0.993, 0.6000000000000001),
        "e50": (0.997, 0.4),
    }
    for event_id, (t, w) in spots.items():
        assert (tl.event(event_id).timestamp, tl.event(event_id).weight) == (t, w)
    assert tl.duration == 0.977


def test_exp58_timeline_matches_the_whole_table_in_witness_md(shared_dir) -> None:
    """Every row of the WITNESS.md 2.2 table, parsed from the spec itself."""
    spec = shared_dir / "WITNESS.md"
    if not spec.exists():
        pytest.skip(f"{spec} not present (the spec lives beside the checkout)")
    rows = re.findall(
        r"^\| (e\d\d) \| ([\d.]+) \| ([\d.]+) \| (\d) \|", spec.read_text(), re.M
    )
    assert len(rows) == 50
    tl = exp58_timeline()
    for event_id, t, w, block in rows:
        e = tl.event(event_id)
        assert (repr(e.timestamp), repr(e.weight)) == (t, w), event_id
        assert e.metadata["block"] == int(block)


@pytest.mark.parametrize("solver", ["reference", "exact"])
@pytest.mark.parametrize("m", [1, 10])
def test_exp58_full_timeline_solves_to_the_published_sequence(
    solver: str, m: int
) -> None:
    """Full graph, M = 1 and 10: TP e41, score 47.08421052631579 (WITNESS.md 2.1)."""
    s = solve(exp58_timeline(), grammar=EXP58_GRAMMAR, m=m, solver=solver)
    assert s.sequence is not None
    assert s.sequence.describe() == FULL_SEQUENCE
    assert s.score == 47.08421052631579


def test_exp58_naive_reference_reproduces_the_mirage() -> None:
    """Naive block 1 {e01, e03}: M = 1 infeasible, M = 10 substitutes e45, forced e41 fails."""
    tl = exp58_timeline().subset(NAIVE_KEPT)
    assert not solve(tl, grammar=EXP58_GRAMMAR, m=1).valid
    free = solve(tl, grammar=EXP58_GRAMMAR, m=10)
    assert free.sequence is not None
    assert free.sequence.describe() == NAIVE_M10_SEQUENCE
    assert free.score == 21.46727272727273
    assert free.diagnostics["candidates"] == (
        "e41", "e03", "e01", "e45", "e49", "e44", "e48", "e43", "e47", "e42",
    )  # fmt: skip
    assert not solve(tl, grammar=EXP58_GRAMMAR, pivot_ids=["e41"]).valid


def test_exp58_forced_pivot_on_full_timeline() -> None:
    """Forced e41 on the full graph gives the same 20-event sequence."""
    s = solve(exp58_timeline(), grammar=EXP58_GRAMMAR, pivot_ids=["e41"])
    assert s.sequence is not None
    assert s.sequence.describe() == FULL_SEQUENCE


def test_exact_with_endogenous_pivot_removes_the_substitution() -> None:
    """With the paper's endogenous pivot, e45 can no longer follow the heavier e41.

    Expected by hand: e41 (w 10) cannot be the TP (only 2 earlier events,
    k = 3), and any sequence with TP e45 must exclude e41 and e03 (heavier
    focal events); the best is e42 e43 e44 (D, k = 3 needs all three) e45 (T)
    then e46..e50 (R): 0.4 + 0.4667 + 0.5333 + 0.6 + (0.4 + 0.4667 + 0.5333 +
    0.6 + 0.4) + 2 * 0.6 * (1 - 0.5 * |3/8 - 0.6|) = 4.4 + 1.065 = 5.465.
    """
    tl = exp58_timeline().subset(NAIVE_KEPT)
    s = solve(tl, grammar=EXP58_GRAMMAR, m=10, solver="exact", endogenous=True)
    assert s.sequence is not None
    assert (
        s.sequence.describe() == "e42:D e43:D e44:D e45:T e46:R e47:R e48:R e49:R e50:R"
    )
    assert s.score == pytest.approx(5.465, abs=1e-12)


@given(
    event_timelines(max_size=12),
    grammars(),
    st.integers(1, 4),
    st.booleans(),
    st.sampled_from([1, 2, 3, 40]),
)
def test_reference_solver_equals_straightforward_oracle(
    tl: Timeline, grammar: Grammar, m: int, force: bool, top_n: int
) -> None:
    """The organised solver returns exactly the oracle's sequence (ids, phases, score)."""
    forced = tuple(e.id for e in tl.events[::3]) if force else None
    got = solve(
        tl, grammar=grammar, m=m, pivot_ids=forced, injection_top_n=top_n
    ).sequence
    want = oracle_solve(
        tl, "actor_0", grammar, m=m, pivot_ids=forced, injection_top_n=top_n
    )
    assert (got is None) == (want is None)
    if got is not None and want is not None:
        assert (got.ids, got.phases, got.score) == (want.ids, want.phases, want.score)


def _brute_force(
    tl: Timeline, grammar: Grammar, candidates: list[str], *, endogenous: bool
) -> float | None:
    """Max score over every strictly time-increasing subsequence (the definition)."""
    best = None
    events = tl.events
    length = min(20, grammar.max_length)
    for n in range(1, min(length, len(events)) + 1):
        for combo in itertools.combinations(events, n):
            if any(b.timestamp <= a.timestamp for a, b in itertools.pairwise(combo)):
                continue
            for i, tau in enumerate(combo):
                if tau.id not in candidates:
                    continue
                if endogenous and any(
                    "actor_0" in e.actors
                    and (e.weight, -e.timestamp, e.id)
                    > (tau.weight, -tau.timestamp, tau.id)
                    for e in combo
                ):
                    continue
                phases = label_phases(i, n - 1 - i, grammar.min_prefix_elements)
                seq = ExtractedSequence.build(combo, phases, grammar, tl, "actor_0")
                if seq.valid and (best is None or seq.score > best):
                    best = seq.score
    return best


@given(event_timelines(max_size=9), grammars(), st.integers(1, 3), st.booleans())
def test_exact_solver_equals_brute_force(
    tl: Timeline, grammar: Grammar, m: int, endogenous: bool
) -> None:
    """The exact optimum equals exhaustive enumeration (scores within 1e-9)."""
    candidates = [e.id for e in pivot_candidates(tl, "actor_0", m=m)[0]]
    want = _brute_force(tl, grammar, candidates, endogenous=endogenous)
    got = solve(tl, grammar=grammar, m=m, solver="exact", endogenous=endogenous)
    assert (
        got.score is None
        if want is None
        else got.score == pytest.approx(want, abs=1e-9)
    )
    if got.sequence is not None:
        assert got.sequence.valid
        assert got.pivot_id in candidates


@given(event_timelines(max_size=12), grammars(), st.integers(1, 4))
def test_exact_never_scores_below_reference(
    tl: Timeline, grammar: Grammar, m: int
) -> None:
    """The reference searches a subset of the exact solver's space."""
    ref = solve(tl, grammar=grammar, m=m)
    exact = solve(tl, grammar=grammar, m=m, solver="exact")
    if ref.score is not None:
        assert exact.score is not None
        assert exact.score >= ref.score - 1e-9


def test_forced_ids_are_reported_or_raise_when_strict() -> None:
    """The reference drops absent/non-focal forced ids silently; we report them."""
    tl = exp58_timeline().subset(NAIVE_KEPT)
    s = solve(tl, grammar=EXP58_GRAMMAR, pivot_ids=["e20", "e41"])
    assert s.diagnostics["dropped_candidates"] == {"e20": "not in the timeline"}
    assert s.diagnostics["candidates"] == ("e41",)
    with pytest.raises(
        ValueError,
        match=r"pivot_ids contains 'e20', which is not in the timeline",
    ):
        solve(tl, grammar=EXP58_GRAMMAR, pivot_ids=["e20"], strict=True)
    with pytest.raises(ValueError, match="which is not a focal event"):
        solve(tl, focal="actor_9", pivot_ids=["e41"], strict=True)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"m": 0}, ValueError, "m must be >= 1, got 0"),
        ({"m": True}, TypeError, "m must be an int"),
        ({"solver": "fast"}, ValueError, "solver must be one of"),
        ({"endogenous": True}, ValueError, "endogenous=True needs solver='exact'"),
        ({"max_sequence_length": 0}, ValueError, "max_sequence_length must be >= 1"),
        ({"grammar": "strict"}, TypeError, "grammar must be a Grammar"),
        (
            {"pivot_ids": "e41"},
            TypeError,
            "pivot_ids must be an iterable of ids",
        ),
        (
            {"pivot_ids": ["e41"], "tp_candidate_ids": ["e41"]},
            TypeError,
            "pass pivot_ids or its old name tp_candidate_ids, not both",
        ),
    ],
)
def test_bad_solver_arguments(
    kwargs: dict[str, object], error: type, match: str
) -> None:
    """Each bad argument is named with its value and the allowed range."""
    with pytest.raises(error, match=match):
        solve(exp58_timeline(), **kwargs)  # type: ignore[arg-type]


def test_old_names_stay_readable_for_one_release() -> None:
    """``tp_candidate_ids``, ``turning_point_id`` and ``turning_point`` are aliases."""
    tl = exp58_timeline()
    new = solve(tl, grammar=EXP58_GRAMMAR, pivot_ids=["e45"])
    old = solve(tl, grammar=EXP58_GRAMMAR, tp_candidate_ids=["e45"])
    assert old == new and old.diagnostics == new.diagnostics
    assert new.pivot_id == new.turning_point_id == "e45"
    assert new.sequence is not None
    assert new.sequence.turning_point is new.sequence.pivot


def test_no_focal_events_gives_no_sequence() -> None:
    """A timeline without the focal actor has no candidate."""
    s = solve(exp58_timeline(), focal="nobody")
    assert (s.valid, s.diagnostics["candidates"]) == (False, ())
    assert math.isinf(Grammar().max_temporal_gap)


def test_second_candidate_that_beats_the_first_narrowly_is_found() -> None:
    """A later candidate whose best score is exactly its upper bound still wins.

    By hand: six focal events at t = 0..5, weights 1, 1, 2.0, 1.83, 1, 1
    (sum 7.83). Candidate e2 (heaviest, index 2, pos 0.4): 7.83 + 2 * 2.0 *
    (1 - 0.5 * 0.2) = 11.43. Candidate e3 (index 3, pos 3/5 = 0.6, full
    bonus): 7.83 + 2 * 1.83 = 11.49, better by 0.06. Dropping events only
    lowers either score. A solver that skips a candidate on a bound looser
    than 0.06 would return e2.
    """
    tl = Timeline(
        Event(
            f"e{i}",
            float(i),
            w,
            actors={"actor_0"},
            causal_parents=[f"e{i - 1}"] if i else [],
        )
        for i, w in enumerate([1.0, 1.0, 2.0, 1.83, 1.0, 1.0])
    )
    grammar = Grammar(1, max_length=6, min_timespan_fraction=0.0)
    s = solve(tl, grammar=grammar, m=2)
    assert s.sequence is not None
    assert s.sequence.describe() == "e0:S e1:D e2:D e3:T e4:R e5:R"
    assert s.score == pytest.approx(11.49, abs=1e-12)
    assert solve(tl, grammar=grammar, m=1).score == pytest.approx(11.43, abs=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("gap", [0.11, math.inf])
def test_reference_solver_equals_oracle_on_multiburst_200(
    seed: int, gap: float
) -> None:
    """Realistic size (WITNESS.md 1.9 grammar, M = 10): identical sequence and score."""
    tl = multiburst(seed=seed)
    grammar = Grammar.parametric(3, max_temporal_gap=gap)
    got = solve(tl, grammar=grammar, m=10).sequence
    want = oracle_solve(tl, "actor_0", grammar, m=10)
    assert got is not None and want is not None
    assert (got.ids, got.phases, got.score) == (want.ids, want.phases, want.score)


def test_exp58_mirage_survives_the_exact_solver() -> None:
    """Decision 4 of WITNESS.md: the true optimum on the naive graph is the published mirage.

    Expected values are WITNESS.md 2.1's (M = 1 infeasible; M = 10: TP e45,
    21.46727272727273); the exact solver is checked against brute force
    above, so the reference heuristic is optimal on this cell.
    """
    tl = exp58_timeline().subset(NAIVE_KEPT)
    assert not solve(tl, grammar=EXP58_GRAMMAR, m=1, solver="exact").valid
    free = solve(tl, grammar=EXP58_GRAMMAR, m=10, solver="exact")
    assert (free.pivot_id, free.score) == ("e45", 21.46727272727273)
    assert free.sequence is not None
    assert free.sequence.describe() == NAIVE_M10_SEQUENCE


def test_solve_and_compress_are_functions_not_callable_modules():
    """Issue 31 (SciPy's rule): the function keeps the public name; the package is private."""
    import importlib
    import inspect
    from types import ModuleType

    import witnesses

    for name in ("solve", "compress"):
        assert inspect.isfunction(getattr(witnesses, name))
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"witnesses.{name}")
        package = sys.modules[f"witnesses._{name}"]
        assert type(package) is ModuleType  # no module class swapped for a callable
        assert not callable(package)
    # the names the old modules made public are the package's
    assert {"SOLVERS", "STRATEGIES", "CompressionResult", "pivot_candidates",
            "injection_pool", "rank_pivots"} <= set(witnesses.__all__)  # fmt: skip


def test_the_solver_table_dispatches_each_name_and_says_who_takes_endogenous():
    """Issue 31: one table (name -> solver); greedy's forced mode is the reference's."""
    core = sys.modules["witnesses._solve._core"]
    tl = exp58_timeline()
    g = Grammar.parametric(3, min_timespan_fraction=0.0)
    assert [core.takes_endogenous(s) for s in ("reference", "exact", "greedy")] == [
        False, True, False,
    ]  # fmt: skip
    free = solve(tl, grammar=g, solver="greedy")
    assert free.diagnostics["solver"] == "greedy"
    assert "requested_solver" not in free.diagnostics
    assert free.diagnostics["valid"] is free.valid is True
    forced = solve(tl, grammar=g, solver="greedy", pivot_ids=["e41"])
    reference = solve(tl, grammar=g, solver="reference", pivot_ids=["e41"])
    assert forced.diagnostics["solver"] == "reference"
    assert forced.diagnostics["requested_solver"] == "greedy"
    assert "requested_solver" not in reference.diagnostics
    assert (forced.pivot_id, forced.score) == (reference.pivot_id, reference.score)
    assert forced.pivot_id == "e41"
    # greedy may return its best invalid candidate: diagnostics say so
    tight = Grammar.parametric(6, max_temporal_gap=0.01)
    invalid = solve(multiburst(seed=0), grammar=tight, solver="greedy")
    assert invalid.sequence is not None
    assert invalid.diagnostics["valid"] is invalid.valid is False
    exact = solve(tl, grammar=g, solver="exact", endogenous=True)
    assert exact.diagnostics["solver"] == "exact" and exact.valid
    for name in ("reference", "greedy"):
        with pytest.raises(ValueError, match="endogenous=True needs solver='exact'"):
            solve(tl, grammar=g, solver=name, endogenous=True)
