"""Compression: the Exp58 table, the fast loop against a rebuild-per-trial oracle, bad input.

Expected Exp58 numbers come from WITNESS.md 2.1 (the published run of the
reference code, and its "Extra check" for Definition 2).
"""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from algebra import satisfies_contract
from witnesses import (
    STRATEGIES,
    CompressionResult,
    Event,
    Grammar,
    Timeline,
    compress,
    multiburst,
    solve,
)
from witnesses.exp58 import BLOCK1, BLOCK2, exp58_timeline
from witnesses.grammar import development_eligible_count
from witnesses.state import (
    build_context_state,
    compose_context_states,
    context_equivalent,
    no_absorption_invariant,
    paper_block_context,
    reference_block_context,
)
from witnesses.strategies import event_timelines

FOCAL = "actor_0"
# Pinned cases for the fast loop (found by mutating it): a drop before a pivot
# whose prefix is exactly the minimum for k (three tied focal events, the
# committed pivot e02 at prefix 2 = the least prefix with j_dev >= 1), and
# the drop of a top-M pivot that shifts a later pivot below the minimum.
TIED = Timeline([Event(f"e0{i}", 0.0, 0.25, actors={FOCAL}) for i in range(3)])
SHIFT = Timeline(
    [
        Event("x", 0.0, 0.25, actors={FOCAL}),
        Event("y", 0.05, 1.0),
        Event("z", 0.1, 5.0, actors={FOCAL}),
    ]
)
# A light last focal event (naive must skip it) and a light middle event
# whose removal would open a gap 0.2 > 0.15 (the contract's gap guard).
LONE = Timeline([Event("f", 0.0, 0.25, actors={FOCAL}), Event("n", 0.1, 1.0)])
GAPPY = Timeline([Event(f"g{i}", i / 10, 0.25 if i == 1 else 1.0) for i in range(4)])
EXP58_GRAMMAR = Grammar.parametric(3, min_timespan_fraction=0.0)


def _block1() -> Timeline:
    return exp58_timeline().subset(BLOCK1)


def _exp58(strategy: str) -> CompressionResult:
    return compress(_block1(), strategy=strategy, k=3, m=10, target_size=2)


def test_exp58_naive_keeps_e01_e03_with_every_drop_contract_violating() -> None:
    """WITNESS.md 2.1: naive 38 drops accepted, all 38 contract-violating."""
    r = _exp58("naive")
    assert r.kept_ids == ("e01", "e03")
    assert (
        r.drops_attempted,
        r.drops_accepted,
        r.contract_violating_drop_attempts,
    ) == (38, 38, 38)
    assert r.reached_target and not r.invariant_holds
    assert r.dropped[:8] == ("e04", "e05", "e06", "e07", "e08", "e09", "e10", "e11")


def test_exp58_bridge_preserving_equals_naive_without_gap() -> None:
    """WITNESS.md 1.6: bridge_preserving equals naive when max_gap is infinite."""
    assert _exp58("bridge_preserving").kept_ids == _exp58("naive").kept_ids


def test_exp58_contract_guarded_keeps_all_forty() -> None:
    """WITNESS.md 2.1: 0 drops accepted, 40 rejected by the contract, invariant False."""
    r = _exp58("contract_guarded")
    assert r.output_size == 40 and r.timeline == _block1()
    assert (
        r.drops_accepted,
        r.rejected_contract,
        r.contract_violating_drop_attempts,
    ) == (0, 40, 40)
    assert not r.invariant_holds and not r.reached_target
    assert r.notes and "stopped at 40 events" in r.notes[0]


def test_exp58_definition2_stops_at_four_events() -> None:
    """WITNESS.md 2.1 "Extra check": d(4) = 3 >= min(d(40) = 32, 3), d(3) = 2 < 3."""
    r = _exp58("definition2")
    assert r.kept_ids == ("e01", "e02", "e03", "e40")
    assert (development_eligible_count(4), development_eligible_count(3)) == (3, 2)
    assert r.drops_accepted == 36 and r.rejected_definition2 == 4


def test_exp58_definition2_paper_counting_is_naive() -> None:
    """All Exp58 events are focal, so paper d_total(B) = 0 and the contract never binds."""
    r = compress(
        _block1(), strategy="definition2", k=3, m=10, target_size=2, counting="paper"
    )
    assert r.kept_ids == ("e01", "e03")


# (strategy, M) -> (kept block-1 size, free valid, free TP, free score); WITNESS.md 2.1.
EXP58_TABLE = {
    ("naive", 1): (2, False, None, None),
    ("naive", 10): (2, True, "e45", 21.46727272727273),
    ("contract_guarded", 1): (40, True, "e41", 47.08421052631579),
    ("contract_guarded", 10): (40, True, "e41", 47.08421052631579),
    ("definition2", 1): (4, True, "e41", 39.02692307692308),
    ("definition2", 10): (4, True, "e41", 39.02692307692308),
}


@pytest.mark.parametrize(("strategy", "m"), sorted(EXP58_TABLE))
def test_exp58_table_compose_then_solve(strategy: str, m: int) -> None:
    """Compressed block 1 composed with block 2, then solved: the WITNESS.md 2.1 rows."""
    tl = exp58_timeline()
    r = _exp58(strategy)
    joined = tl.subset((*r.kept_ids, *BLOCK2))
    composed = compose_context_states(
        build_context_state(r.timeline, FOCAL, m=10),
        build_context_state(tl.subset(BLOCK2), FOCAL, m=10),
        m=10,
    )
    assert context_equivalent(composed, build_context_state(joined, FOCAL, m=10))
    free = solve(joined, grammar=EXP58_GRAMMAR, m=m)
    assert (
        r.output_size,
        free.valid,
        free.pivot_id,
        free.score,
    ) == EXP58_TABLE[(strategy, m)]
    forced = solve(joined, grammar=EXP58_GRAMMAR, pivot_ids=["e41"])
    assert forced.valid == (strategy != "naive")
    if strategy == "contract_guarded":
        assert free.score is not None and forced.score is not None
        assert free.score - forced.score == 0.0  # regret 0.0
    if strategy == "definition2":
        assert free.sequence is not None and len(free.sequence.events) == 14


def _slow_compress(
    tl: Timeline,
    strategy: str,
    k: int,
    m: int,
    target: int,
    max_gap: float,
    min_length: int,
    counting: str,
) -> tuple[tuple[str, ...], dict[str, int]]:
    """WITNESS.md 1.6 line by line: rebuild the trial state for every candidate."""
    events = list(tl.events)
    c = dict.fromkeys(
        ["attempted", "last_focal", "violating", "contract", "bridge", "gap", "d2"], 0
    )

    def d_total(evs: list) -> int:  # type: ignore[type-arg]
        if counting == "paper":
            return sum(1 for e in evs if FOCAL not in e.actors)
        return development_eligible_count(len(evs))

    floor = min(d_total(events), k)
    finite = math.isfinite(max_gap)
    while len(events) > target:
        accepted = None
        for cand in sorted(events, key=lambda e: (e.weight, e.timestamp, e.id)):
            c["attempted"] += 1
            trial = [e for e in events if e.id != cand.id]
            if FOCAL in cand.actors and sum(FOCAL in e.actors for e in events) == 1:
                c["last_focal"] += 1
                continue
            holds = no_absorption_invariant(build_context_state(trial, FOCAL, m=m), k)
            c["violating"] += not holds
            if strategy == "contract_guarded" and not holds:
                c["contract"] += 1
                continue
            gaps = [b.timestamp - a.timestamp for a, b in itertools.pairwise(trial)]
            bound = sum(math.ceil(g / max_gap) - 1 for g in gaps if g > max_gap)
            guarded = strategy in ("bridge_preserving", "contract_guarded") and finite
            if guarded and bound > max(0, len(trial) - min_length):
                c["bridge"] += 1
                continue
            if (
                strategy == "contract_guarded"
                and finite
                and any(g > max_gap for g in gaps)
            ):
                c["gap"] += 1
                continue
            if strategy == "definition2" and d_total(trial) < floor:
                c["d2"] += 1
                continue
            accepted = cand
            break
        if accepted is None:
            break
        events.remove(accepted)
    return tuple(e.id for e in events), c


@given(
    event_timelines(max_size=12),
    st.sampled_from(STRATEGIES),
    st.integers(0, 3),
    st.integers(1, 4),
    st.integers(1, 12),
    st.sampled_from([math.inf, 0.1, 0.15, 0.3]),
    st.integers(0, 5),
    st.sampled_from(["reference", "paper"]),
)
@example(TIED, "contract_guarded", 1, 1, 1, math.inf, 0, "reference")
@example(TIED, "naive", 1, 1, 1, math.inf, 0, "reference")
@example(SHIFT, "contract_guarded", 1, 2, 1, math.inf, 0, "reference")
@example(LONE, "naive", 1, 1, 1, math.inf, 0, "reference")
@example(GAPPY, "contract_guarded", 0, 1, 1, 0.15, 0, "reference")
@example(GAPPY, "bridge_preserving", 0, 1, 1, 0.15, 2, "reference")
def test_fast_loop_equals_rebuild_per_trial(
    tl: Timeline,
    strategy: str,
    k: int,
    m: int,
    target: int,
    max_gap: float,
    min_length: int,
    counting: str,
) -> None:
    """Kept ids and every counter equal the straightforward implementation."""
    r = compress(
        tl,
        strategy=strategy,
        k=k,
        m=m,
        target_size=target,
        max_gap=max_gap,
        min_length=min_length,
        counting=counting,
    )
    kept, c = _slow_compress(tl, strategy, k, m, target, max_gap, min_length, counting)
    assert r.kept_ids == kept
    assert (
        r.drops_attempted,
        r.rejected_last_focal,
        r.contract_violating_drop_attempts,
        r.rejected_contract,
        r.rejected_bridge,
        r.rejected_gap_guard,
        r.rejected_definition2,
    ) == (
        c["attempted"],
        c["last_focal"],
        c["violating"],
        c["contract"],
        c["bridge"],
        c["gap"],
        c["d2"],
    )
    assert r.drops_accepted == len(tl) - len(kept) == len(r.dropped)
    assert r.invariant_holds == no_absorption_invariant(
        build_context_state(r.timeline, FOCAL, m=m), k
    )


@given(
    event_timelines(max_size=12),
    st.integers(0, 3),
    st.integers(1, 4),
    st.integers(1, 12),
)
def test_contract_guarded_output_keeps_the_invariant_when_the_input_does(
    tl: Timeline, k: int, m: int, target: int
) -> None:
    """Every accepted drop keeps the invariant, so it holds at the end if it held at the start."""
    r = compress(
        tl, strategy="contract_guarded", k=k, m=m, target_size=target, max_gap=0.2
    )
    if no_absorption_invariant(build_context_state(tl, FOCAL, m=m), k):
        assert r.invariant_holds
        assert r.oversized_gaps == 0 or r.drops_accepted == 0


@given(event_timelines(min_size=1, max_size=12), st.integers(1, 12))
def test_naive_never_drops_the_last_focal_event(tl: Timeline, target: int) -> None:
    """A timeline with focal events keeps at least one (WITNESS.md 1.6, rule 1)."""
    r = compress(tl, strategy="naive", k=1, m=1, target_size=target)
    had = any(FOCAL in e.actors for e in tl)
    assert any(FOCAL in e.actors for e in r.timeline) == had
    assert r.output_size == min(
        target, len(tl)
    )  # some event other than the last focal is always droppable


def test_small_input_is_returned_unchanged() -> None:
    """target_size >= size: nothing is tried."""
    r = compress(_block1(), strategy="naive", k=3, m=10, target_size=40)
    assert (r.timeline, r.drops_attempted, r.reached_target) == (_block1(), 0, True)


def test_gap_profile_by_hand() -> None:
    """Kept e01, e03 of Exp58: one gap 0.1 (0.12 - 0.02); with max_gap 0.03, ceil(0.1/0.03) - 1 = 3."""
    tl = exp58_timeline().subset(["e01", "e03"])
    r = compress(tl, strategy="naive", k=0, m=1, target_size=5, max_gap=0.03)
    assert (r.max_adjacent_gap, r.oversized_gaps, r.bridge_lower_bound) == (
        0.09999999999999999,
        1,
        3,
    )


def test_tolerated_input_gives_notes_or_raises_when_strict() -> None:
    """k < 0, m < 1: the reference's reading, with a note; strict raises.

    target_size < 1 is an error either way (issue 33: it was silently raised to 1).
    """
    r = compress(_block1(), strategy="naive", k=-1, m=0, target_size=1)
    assert r.output_size == 1 and r.invariant_holds
    assert [n.split(";")[0] for n in r.notes] == [
        "k must be >= 0, got -1",
        "m must be >= 1, got 0",
    ]
    for strict in (False, True):
        with pytest.raises(
            ValueError,
            match=r"target_size must be in \[1, 10000000\] \(events to keep\), got 0",
        ):
            compress(
                _block1(), strategy="naive", k=3, m=10, target_size=0, strict=strict
            )
    for kwargs, match in [
        ({"k": -1, "m": 10, "target_size": 2}, "k must be >= 0, got -1"),
        ({"k": 3, "m": 0, "target_size": 2}, "m must be >= 1, got 0"),
    ]:
        with pytest.raises(ValueError, match=match):
            compress(_block1(), strategy="naive", strict=True, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stopped at 40 events above target_size=2"):
        compress(
            _block1(),
            strategy="contract_guarded",
            k=3,
            m=10,
            target_size=2,
            strict=True,
        )


GOOD = {"strategy": "naive", "k": 3, "m": 10, "target_size": 2}


@pytest.mark.parametrize(
    ("changes", "error", "match"),
    [
        ({"strategy": "lossy"}, ValueError, "strategy must be one of 'naive'"),
        (
            {"counting": "ect"},
            ValueError,
            "counting must be one of 'reference', 'paper', got 'ect'",
        ),
        ({"k": 1.5}, TypeError, "k must be an int, got 1.5"),
        ({"m": True}, TypeError, "m must be an int, got True"),
        ({"target_size": "2"}, TypeError, "target_size must be an int"),
        (
            {"max_gap": 0.0},
            ValueError,
            r"max_gap must be > 0 \(inf for no limit\), got 0.0",
        ),
        ({"max_gap": -1}, ValueError, "max_gap must be > 0"),
        ({"max_gap": "inf"}, TypeError, "max_gap must be a real number"),
        ({"min_length": -1}, ValueError, "min_length must be >= 0, got -1"),
        ({"strict": 1}, TypeError, "strict must be a bool"),
        ({"focal": 0}, TypeError, "focal must be a str"),
        (
            {"timeline": [1, 2]},
            TypeError,
            r"timeline must be a Timeline, got \[1, 2\] of type list",
        ),
    ],
)
def test_bad_compress_arguments(
    changes: dict[str, object], error: type, match: str
) -> None:
    """Each bad argument is named with its value and the allowed range."""
    kwargs = {"timeline": _block1(), **GOOD, **changes}
    with pytest.raises(error, match=match):
        compress(**kwargs)  # type: ignore[arg-type]


@given(
    event_timelines(max_size=12),
    st.integers(0, 3),
    st.integers(1, 12),
    st.sampled_from(["reference", "paper"]),
)
def test_vm_d2_definition2_output_satisfies_the_algebra_contract(
    tl: Timeline, k: int, target: int, counting: str
) -> None:
    """definition2 keeps d_total(mu(B)) >= min(d_total(B), k), checked by algebra.satisfies_contract."""
    to_context = (
        reference_block_context if counting == "reference" else paper_block_context
    )
    r = compress(
        tl, strategy="definition2", k=k, m=3, target_size=target, counting=counting
    )
    assert satisfies_contract(to_context(tl, FOCAL), to_context(r.timeline, FOCAL), k)


def test_vm_d2_exp58_naive_violates_and_contract_rows_satisfy_definition2() -> None:
    """Reference counting on Exp58 block 1 (k = 3): d(40) = 32; naive keeps d(2) = 1 < 3."""
    block1 = _block1()
    before = reference_block_context(block1, FOCAL)
    verdicts = {
        s: satisfies_contract(
            before, reference_block_context(_exp58(s).timeline, FOCAL), 3
        )
        for s in ("naive", "contract_guarded", "definition2")
    }
    assert verdicts == {"naive": False, "contract_guarded": True, "definition2": True}


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["bridge_preserving", "contract_guarded"])
def test_fast_loop_equals_rebuild_per_trial_on_multiburst_200(strategy: str) -> None:
    """Realistic size (WITNESS.md 1.9: k = 3, M = 10, gap 0.11, min_length 4), 200 -> 60."""
    tl = multiburst(seed=3)
    r = compress(tl, strategy=strategy, k=3, m=10, target_size=60, max_gap=0.11)
    kept, c = _slow_compress(tl, strategy, 3, 10, 60, 0.11, 4, "reference")
    assert r.kept_ids == kept
    assert (
        r.drops_attempted,
        r.rejected_contract,
        r.rejected_bridge,
        r.rejected_gap_guard,
    ) == (
        c["attempted"],
        c["contract"],
        c["bridge"],
        c["gap"],
    )


def test_compress_decodes_the_counting_once_and_its_core_takes_the_rule():
    """Issue 31: compress(counting=) decodes the name; compress_with takes the bool."""
    import sys

    core = sys.modules["witnesses._compress._core"]
    tl = exp58_timeline().subset(BLOCK1)  # all focal: the two countings differ
    kw = {"strategy": "definition2", "k": 3, "m": 10, "target_size": 2}
    for counting, non_focal in (("paper", True), ("reference", False)):
        public = compress(tl, counting=counting, **kw)
        inner = core.compress_with(tl, non_focal=non_focal, **kw)
        (many,) = core.compress_targets(
            tl, non_focal=non_focal, target_sizes=[2],
            **{k: v for k, v in kw.items() if k != "target_size"},
        )  # fmt: skip
        assert public.kept_ids == inner.kept_ids == many.kept_ids
    assert (
        compress(tl, counting="paper", **kw).kept_ids
        != compress(tl, counting="reference", **kw).kept_ids
    )
    with pytest.raises(TypeError, match="non_focal must be a bool, got 'paper'"):
        core.compress_with(tl, non_focal="paper", **kw)
    with pytest.raises(
        ValueError, match="counting must be one of 'reference', 'paper'"
    ):
        compress(tl, counting="Paper", **kw)
