"""The drop loop's running counts, on timelines followed by hand (issue 33, item 5).

The loop keeps the number of oversized gaps and of non-focal events as it
drops; these cases need the running values, not the initial ones.
"""

from __future__ import annotations

import math
import random

import pytest

from tests.witnesses.test_compress import FOCAL, _slow_compress
from witnesses import Event, Timeline, compress


def test_a_gap_present_from_the_start_blocks_every_drop() -> None:
    # contract_guarded, max_gap 0.15: the gap b -> c (0.55) is oversized from
    # the start; dropping b leaves a -> c (0.6), dropping d or an end event
    # leaves b -> c: every drop keeps an oversized gap, all 5 are refused
    tl = Timeline([Event("a", 0.0, 1.0), Event("b", 0.05, 0.2), Event("c", 0.6, 1.0),
                   Event("d", 0.65, 0.3), Event("e", 0.7, 1.0)])  # fmt: skip
    r = compress(tl, strategy="contract_guarded", k=0, m=1, target_size=3,
                 max_gap=0.15, min_length=0)  # fmt: skip
    assert r.kept_ids == ("a", "b", "c", "d", "e")
    assert (r.drops_attempted, r.rejected_gap_guard, r.oversized_gaps) == (5, 5, 1)


def test_dropping_the_end_of_an_oversized_gap_clears_it_for_later_drops() -> None:
    # the first gap a -> b (0.5) is oversized; a is the lightest: dropping it
    # removes that gap (oversized 1 -> 0), so c can go next (b -> d is 0.1):
    # target 3 reached with two drops and no refusal
    tl = Timeline([Event("a", 0.0, 0.1), Event("b", 0.5, 1.0), Event("c", 0.55, 0.2),
                   Event("d", 0.6, 1.0), Event("e", 0.65, 1.0)])  # fmt: skip
    r = compress(tl, strategy="contract_guarded", k=0, m=1, target_size=3,
                 max_gap=0.15, min_length=0)  # fmt: skip
    assert r.kept_ids == ("b", "d", "e")
    assert (r.drops_attempted, r.rejected_gap_guard, r.dropped) == (2, 0, ("a", "c"))


def test_definition2_paper_counting_follows_the_non_focal_events_left() -> None:
    # counting "paper": the non-focal events are the development; k = 2, so
    # the floor is min(4, 2) = 2. n1 and n2 go (4 -> 3 -> 2 left); n3 would
    # leave 1 < 2 and n4 likewise: refused; f is the last focal event
    tl = Timeline([Event(f"n{i}", i / 10, float(i)) for i in range(1, 5)]
                  + [Event("f", 0.9, 5.0, actors=frozenset({"actor_0"}))])  # fmt: skip
    r = compress(tl, strategy="definition2", k=2, m=1, target_size=1, counting="paper")
    assert r.kept_ids == ("n3", "n4", "f")
    assert (r.rejected_definition2, r.rejected_last_focal, r.drops_attempted) == (
        2,
        1,
        5,
    )


def _grid_timeline(rng: random.Random) -> Timeline:
    """5 to 9 events on a 0.05 grid (ties in time), weights in tenths, some focal."""
    n = rng.randint(5, 9)
    times = sorted(rng.randrange(0, 21) * 0.05 for _ in range(n))
    events = [
        Event(f"e{i}", t, rng.randrange(1, 11) / 10,
              frozenset({FOCAL}) if rng.random() < 0.3 else frozenset())
        for i, t in enumerate(times)
    ]  # fmt: skip
    return Timeline.from_unsorted(events)


@pytest.mark.parametrize("strategy", ["bridge_preserving", "contract_guarded"])
def test_gap_bookkeeping_equals_a_rebuild_on_fixed_grids(strategy: str) -> None:
    # 120 fixed timelines whose gaps straddle max_gap (0.1 or 0.15, on a 0.05
    # grid: gaps equal to max_gap occur), first and last events dropped
    # often: every kept set and counter equals the rebuild-per-trial oracle
    rng = random.Random(20261127)
    for _ in range(120):
        tl = _grid_timeline(rng)
        max_gap = rng.choice([0.1, 0.15])
        min_length = rng.randint(0, 4)
        target = rng.randint(1, len(tl) - 1)
        r = compress(tl, strategy=strategy, k=0, m=1, target_size=target,
                     max_gap=max_gap, min_length=min_length)  # fmt: skip
        kept, c = _slow_compress(tl, strategy, 0, 1, target, max_gap, min_length,
                                 "reference")  # fmt: skip
        assert r.kept_ids == kept
        assert (r.drops_attempted, r.rejected_bridge, r.rejected_gap_guard) == (
            c["attempted"], c["bridge"], c["gap"],
        )  # fmt: skip


def test_a_bridge_bound_above_one_hundred_is_counted_exactly() -> None:
    # 110 events 0.0005 apart, then one more 0.1195 later: with max_gap 0.001
    # that gap needs ceil(119.5) - 1 = 119 bridging events. Target 110: a
    # trial keeps 110 events, allowance 110 - 0 = 110 < 119, so every drop
    # that keeps the gap is refused and the heavy last event goes
    dense = [Event(f"d{i:03d}", i * 0.0005, 1.0) for i in range(110)]
    last = Event("z", 109 * 0.0005 + 0.1195, 2.0)
    tl = Timeline([*dense, last])
    r = compress(tl, strategy="bridge_preserving", k=0, m=1, target_size=110,
                 max_gap=0.001, min_length=0)  # fmt: skip
    assert r.dropped == ("z",)
    assert (r.rejected_bridge, r.drops_attempted) == (110, 111)


@pytest.mark.parametrize("strategy", ["naive", "contract_guarded", "definition2"])
def test_invariant_bookkeeping_equals_a_rebuild_on_fixed_grids(strategy: str) -> None:
    # as above with k in 1..3 and M in 1..4, so that the incremental
    # invariant oracle decides (contract refusals and violating drops)
    rng = random.Random(271127)
    for _ in range(80):
        tl = _grid_timeline(rng)
        k, m = rng.randint(1, 3), rng.randint(1, 4)
        target = rng.randint(1, len(tl) - 1)
        counting = rng.choice(["reference", "paper"])
        r = compress(tl, strategy=strategy, k=k, m=m, target_size=target,
                     counting=counting)  # fmt: skip
        kept, c = _slow_compress(tl, strategy, k, m, target, math.inf, 4, counting)
        assert r.kept_ids == kept
        assert (
            r.drops_attempted, r.rejected_last_focal, r.contract_violating_drop_attempts,
            r.rejected_contract, r.rejected_definition2,
        ) == (c["attempted"], c["last_focal"], c["violating"], c["contract"], c["d2"])  # fmt: skip
