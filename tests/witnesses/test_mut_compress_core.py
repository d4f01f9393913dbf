"""compress's result fields at their boundaries (issue 33, item 5).

Hand-sized timelines: a gap equal to ``max_gap`` is not oversized, the bridge
bound saturates at ``2**53 - 1`` per gap, one kept event has no gap, ``k`` and
``m`` at their least accepted values give no note, and the tolerated
``k < 0`` and ``m < 1`` read as ``0`` (the reference's reading). Expected
values are worked out in the comments.
"""

from __future__ import annotations

import pytest

from witnesses import Event, Timeline, compress
from witnesses.exp58 import BLOCK1, exp58_timeline
from witnesses.experiments.sweep import sweep_cell

# three events 0.5 apart (exact in binary), equal weights
EVEN = Timeline([Event("a", 0.0, 1.0), Event("b", 0.5, 1.0), Event("c", 1.0, 1.0)])


def _block1() -> Timeline:
    return exp58_timeline().subset(BLOCK1)


@pytest.mark.parametrize(
    ("max_gap", "oversized", "bound"),
    [
        (0.5, 0, 0),  # a gap equal to max_gap is allowed
        (0.25, 2, 2),  # each 0.5 gap: ceil(0.5 / 0.25) - 1 = 1 event to bridge
        (0.3, 2, 2),  # ceil(0.5 / 0.3) - 1 = 1
        (0.2, 2, 4),  # ceil(2.5) - 1 = 2 per gap
        # 0.5 / 1e-300 = 5e299 saturates at 2**53: 2**53 - 1 per gap
        (1e-300, 2, 2 * (2**53 - 1)),
    ],
)
def test_gap_profile_of_the_kept_timeline(
    max_gap: float, oversized: int, bound: int
) -> None:
    r = compress(EVEN, strategy="naive", k=0, m=1, target_size=5, max_gap=max_gap)
    assert (r.max_adjacent_gap, r.oversized_gaps, r.bridge_lower_bound) == (
        0.5,
        oversized,
        bound,
    )
    assert (r.output_size, r.reached_target, r.notes) == (3, True, ())


def test_one_kept_event_has_no_gap() -> None:
    r = compress(EVEN, strategy="naive", k=0, m=1, target_size=1, max_gap=0.1)
    assert r.kept_ids == ("c",)
    assert (r.max_adjacent_gap, r.oversized_gaps, r.bridge_lower_bound) == (0.0, 0, 0)
    assert (r.reached_target, r.notes) == (True, ())


def test_ties_in_weight_drop_the_earliest_first() -> None:
    # equal weights: candidates in (weight, timestamp, id) order, so a goes first
    r = compress(EVEN, strategy="naive", k=0, m=1, target_size=2)
    assert (r.kept_ids, r.dropped) == (("b", "c"), ("a",))
    same_time = Timeline.from_unsorted([Event("y", 0.0, 1.0), Event("x", 0.0, 1.0)])
    assert compress(same_time, strategy="naive", k=0, m=1, target_size=1).dropped == (
        "x",
    )


def test_reaching_the_target_exactly_is_no_early_stop() -> None:
    # Exp58 block 1, naive, target 2: two events kept, no note
    r = compress(_block1(), strategy="naive", k=3, m=10, target_size=2)
    assert (r.output_size, r.reached_target, r.notes) == (2, True, ())
    # contract_guarded stops at 40 > 2: a note, and the target is not reached
    r = compress(_block1(), strategy="contract_guarded", k=3, m=10, target_size=2)
    assert r.reached_target is False
    assert r.notes == (
        "stopped at 40 events above target_size=2: no candidate was accepted by "
        "strategy 'contract_guarded'",
    )
    # asked for 40 of 40: nothing to do, no note either
    r = compress(_block1(), strategy="contract_guarded", k=3, m=10, target_size=40)
    assert (r.output_size, r.reached_target, r.notes) == (40, True, ())


def test_least_accepted_k_and_m_give_no_note() -> None:
    for strict in (False, True):
        r = compress(
            _block1(), strategy="naive", k=0, m=1, target_size=2, strict=strict
        )
        assert r.notes == ()


def test_one_watched_pivot_is_judged() -> None:
    # definition2 keeps e01 e02 e03 e40 on block 1; with M = 1 the heaviest
    # pivot still lacks k = 3 development events: the invariant fails
    r = compress(_block1(), strategy="definition2", k=3, m=1, target_size=2)
    assert r.kept_ids == ("e01", "e02", "e03", "e40")
    assert r.invariant_holds is False
    # with M = 0 (tolerated) no pivot is watched: it holds
    r = compress(_block1(), strategy="definition2", k=3, m=0, target_size=2)
    assert r.invariant_holds is True


@pytest.mark.parametrize(
    ("tolerated", "same_as", "unlike"),
    [
        ({"k": -1, "m": 10}, {"k": 0, "m": 10}, {"k": 1, "m": 10}),
        ({"k": 3, "m": -1}, {"k": 3, "m": 0}, {"k": 3, "m": 1}),
    ],
)
def test_tolerated_k_and_m_read_as_zero(
    tolerated: dict[str, int], same_as: dict[str, int], unlike: dict[str, int]
) -> None:
    # contract_guarded on block 1: k = 0 (or M = 0) lets it drop to 2 events,
    # k = 1 (or M = 1) refuses every drop and keeps 40
    def run(kwargs: dict[str, int]) -> tuple[object, ...]:
        r = compress(
            _block1(),
            strategy="contract_guarded",
            target_size=2,
            k=kwargs["k"],
            m=kwargs["m"],
        )
        return (r.kept_ids, r.invariant_holds, r.drops_attempted, r.rejected_contract)

    assert run(tolerated) == run(same_as)
    assert run(same_as) != run(unlike)
    assert len(run(unlike)[0]) == 40  # type: ignore[arg-type]


def test_the_default_grammar_minimum_length_is_4() -> None:
    # bridge_preserving with max_gap 0.15 on eight events 0.1 apart: its bridge
    # allowance is (trial size - min_length), so min_length decides how far
    # it drops; the default must be the grammar's 4
    weights = [1.0, 0.5, 0.1, 0.6, 1.0, 0.3, 0.7, 0.2]
    tl = Timeline([Event(f"g{i}", i / 10, w) for i, w in enumerate(weights)])

    def kept(*min_length: int) -> tuple[str, ...]:
        if not min_length:  # the default
            return compress(
                tl, strategy="bridge_preserving", k=0, m=1, target_size=1, max_gap=0.15
            ).kept_ids
        return compress(
            tl, strategy="bridge_preserving", k=0, m=1, target_size=1, max_gap=0.15,
            min_length=min_length[0],
        ).kept_ids  # fmt: skip

    assert kept() == kept(4) == ("g4",)
    assert kept(3) == ("g0", "g1", "g3", "g4")
    assert kept(5) == ("g0", "g1", "g3", "g4", "g5", "g6")


def test_a_user_strategy_gets_the_tolerated_k_and_m_as_zero() -> None:
    seen: list[tuple[int, int]] = []

    def last(
        timeline: Timeline, *, target_size: int, k: int, m: int
    ) -> tuple[str, ...]:
        seen.append((k, m))
        return timeline.ids[-target_size:]

    r = compress(EVEN, strategy=last, k=-1, m=-1, target_size=2)
    assert seen == [(0, 0)]  # "treated as k = 0", "treated as 0"
    assert r.kept_ids == ("b", "c")
    assert [n.split(";")[0] for n in r.notes] == [
        "k must be >= 0, got -1",
        "m must be >= 1, got -1",
    ]


def test_a_non_str_focal_is_refused_before_the_strategy_runs() -> None:
    def never(timeline: Timeline, *, target_size: int, focal: str) -> tuple[str, ...]:
        raise AssertionError("called")

    with pytest.raises(TypeError, match="focal must be a str actor name, got 0"):
        compress(EVEN, strategy=never, focal=0, k=0, m=1, target_size=2)  # type: ignore[arg-type]


def test_a_sweep_cell_without_retentions_has_no_rows() -> None:
    # the shared drop loop of the sweep (one run for every target) with no
    # target at all
    cell = {"retentions": [], "seed": 0, "semantics": "reference",
            "timeline": [["a", 0.0, 1.0, ["actor_0"], []], ["b", 0.5, 2.0, [], []]],
            "focal": "actor_0"}  # fmt: skip
    assert sweep_cell(cell) == []
