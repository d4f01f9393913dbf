"""The drop loop's guards on timelines small enough to follow by hand (issue 33).

The property test of ``test_compress.py`` compares the loop with a rebuild per
trial, but its draws rarely make the bridge guard refuse a drop; these cases
do, and the expected outcomes are derived in the comments.
"""

import pytest

from witnesses import Event, Timeline, compress

FOCAL = frozenset({"actor_0"})

# g0..g4 at 0.0, 0.1, ..., 0.4; the lighter events are tried first: g2, g1, g3.
W = [1.0, 0.5, 0.1, 0.6, 1.0]
FIVE = Timeline([Event(f"g{i}", i / 10, W[i]) for i in range(5)])


def test_bridge_guard_refuses_a_gap_the_trial_cannot_bridge():
    # max_gap 0.15, min_length 3. Size 5 -> trial 4: allowance 4 - 3 = 1;
    # dropping g2 leaves the gap 0.1 -> 0.3 (0.2: ceil(0.2/0.15) - 1 = 1
    # bridging event), 1 <= 1: accepted. Size 4 -> trial 3: allowance 0; g1
    # (gap 0.3: 1), g3 (gap 0.3: 1), g0 and g4 (the 0.2 gap stays: 1) are
    # refused: 4 refusals, and the loop stops at g0 g1 g3 g4.
    r = compress(FIVE, strategy="bridge_preserving", k=0, m=1, target_size=1,
                 max_gap=0.15, min_length=3)  # fmt: skip
    assert r.kept_ids == ("g0", "g1", "g3", "g4")
    assert (r.drops_attempted, r.drops_accepted, r.rejected_bridge) == (5, 1, 4)
    assert (r.bridge_lower_bound, r.oversized_gaps) == (1, 1)
    assert r.dropped == ("g2",)


def test_bridge_guard_with_no_allowance_drops_only_the_ends():
    # min_length 4: allowance 0 from the start; an interior drop always opens
    # a 0.2 gap (1 bridging event), so only the first event goes, each round.
    r = compress(FIVE, strategy="bridge_preserving", k=0, m=1, target_size=1,
                 max_gap=0.15, min_length=4)  # fmt: skip
    assert r.kept_ids == ("g4",)
    assert r.dropped == ("g0", "g1", "g2", "g3")
    assert r.rejected_bridge == 4  # g2, g1, g3 refused once; then g2 once more


def test_without_a_gap_limit_the_bridge_guard_is_off():
    for strategy in ("naive", "bridge_preserving", "contract_guarded"):
        r = compress(FIVE, strategy=strategy, k=0, m=1, target_size=1, min_length=5)
        assert (r.kept_ids, r.rejected_bridge, r.rejected_gap_guard) == (("g4",), 0, 0)


def test_naive_ignores_the_bridge():
    r = compress(FIVE, strategy="naive", k=0, m=1, target_size=1, max_gap=0.15,
                 min_length=3)  # fmt: skip
    assert (r.kept_ids, r.rejected_bridge) == (("g4",), 0)


def test_contract_guarded_checks_the_bridge_before_the_gaps():
    # min_length 3, as above: g2 passes the bridge (1 <= 1) and is refused
    # by the gap guard (a 0.2 gap > 0.15); g1, g3 likewise; g0 goes. Size 4
    # (g1..g4) -> trial 3, allowance 0: g2 refused by the bridge, then g1 goes
    # (no gap opens)...
    r = compress(FIVE, strategy="contract_guarded", k=0, m=1, target_size=1,
                 max_gap=0.15, min_length=3)  # fmt: skip
    assert r.kept_ids == ("g4",)
    assert (r.rejected_bridge, r.rejected_gap_guard) == (1, 3)


@pytest.mark.parametrize("strategy", ["bridge_preserving", "contract_guarded"])
def test_a_gap_equal_to_max_gap_is_neither_oversized_nor_bridged(strategy):
    # exact binary times 0, 0.25, ..., 1.0 and max_gap 0.5: dropping an
    # interior event opens a gap of exactly 0.5, which needs no bridge and is
    # not oversized; min_length 5 leaves no allowance. The first interior
    # drop (g2, the lightest) is accepted; the next ones open 0.75 gaps.
    tl = Timeline([Event(f"g{i}", i / 4, W[i]) for i in range(5)])
    r = compress(tl, strategy=strategy, k=0, m=1, target_size=4, max_gap=0.5,
                 min_length=5)  # fmt: skip
    assert r.kept_ids == ("g0", "g1", "g3", "g4")
    assert (r.drops_attempted, r.rejected_bridge, r.rejected_gap_guard) == (1, 0, 0)
    assert (r.oversized_gaps, r.bridge_lower_bound, r.max_adjacent_gap) == (0, 0, 0.5)


def test_the_prefix_a_pivot_needs_is_the_smallest_with_k_development_events():
    # development_eligible_count: 0, 0, 1, 2, 3, ... so k = 1 needs a prefix of
    # 2 events before the pivot (not 3). The focal pivot e2 has exactly 2:
    # dropping e0 or e1 breaks the contract, dropping e3 does not.
    tl = Timeline([
        Event("e0", 0.0, 0.1), Event("e1", 0.1, 0.2), Event("e2", 0.2, 1.0, FOCAL),
        Event("e3", 0.3, 0.3),
    ])  # fmt: skip
    r = compress(tl, strategy="contract_guarded", k=1, m=1, target_size=1)
    assert r.kept_ids == ("e0", "e1", "e2")
    assert r.invariant_holds
    assert (r.drops_attempted, r.rejected_contract, r.rejected_last_focal) == (6, 4, 1)
    # k = 2 needs 3 events before the pivot: the input already breaks it
    r = compress(tl, strategy="contract_guarded", k=2, m=1, target_size=1)
    assert r.kept_ids == ("e0", "e1", "e2", "e3")
    assert not r.invariant_holds


# exact binary times: the gap 0.5 -> 1.25 (0.75) is over max_gap 0.5 from the
# start and needs ceil(0.75 / 0.5) - 1 = 1 bridging event; no drop removes it
# without opening another gap over 0.5 (g3) or keeps it (all others).
WIDE = Timeline(
    [Event(f"g{i}", t, W[i]) for i, t in enumerate([0, 0.25, 0.5, 1.25, 1.5])]
)


def test_a_gap_over_max_gap_in_the_input_counts_for_the_bridge_guard():
    # min_length 4: allowance 4 - 4 = 0 and the bridge bound stays 1 whatever
    # is dropped: all 5 candidates are refused, nothing is dropped.
    r = compress(WIDE, strategy="bridge_preserving", k=0, m=1, target_size=1,
                 max_gap=0.5, min_length=4)  # fmt: skip
    assert r.kept_ids == ("g0", "g1", "g2", "g3", "g4")
    assert (r.drops_attempted, r.rejected_bridge) == (5, 5)
    assert (r.bridge_lower_bound, r.oversized_gaps) == (1, 1)


def test_a_gap_over_max_gap_in_the_input_counts_for_the_gap_guard():
    # contract_guarded, min_length 0: the bridge allows 4; the input already
    # has one oversized gap and no drop removes it: the gap guard refuses all.
    r = compress(WIDE, strategy="contract_guarded", k=0, m=1, target_size=1,
                 max_gap=0.5, min_length=0)  # fmt: skip
    assert r.kept_ids == ("g0", "g1", "g2", "g3", "g4")
    assert (r.drops_attempted, r.rejected_bridge, r.rejected_gap_guard) == (5, 0, 5)
