"""The drop loop's running counts, on timelines followed by hand (issue 33, item 5).

The loop keeps the number of oversized gaps and of non-focal events as it
drops; these cases need the running values, not the initial ones.
"""

from __future__ import annotations

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
