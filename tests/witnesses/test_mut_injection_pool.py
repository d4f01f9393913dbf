"""``injection_pool``: its default and its argument checks (issue 33, mutation survivors)."""

from __future__ import annotations

import pytest

from witnesses import Event, Timeline, injection_pool


def _focal_run(n: int) -> Timeline:
    """``n`` focal events without causal links, weights n, n - 1, ..., 1."""
    return Timeline(
        [Event(f"e{i:02d}", float(i), float(n - i), actors={"x"}) for i in range(n)]
    )


def test_the_pool_holds_forty_heavy_focal_events_by_default() -> None:
    """42 focal events, ``tau`` the lightest: the 40 heaviest and ``tau`` itself."""
    tl = _focal_run(42)
    tau = tl.event("e41")
    got = [e.id for e in injection_pool(tl, tau, "x")]
    assert got == [f"e{i:02d}" for i in range(40)] + ["e41"]
    assert len(injection_pool(tl, tau, "x", top_n=41)) == 42


def test_zero_hops_and_zero_heavy_events_leave_tau_alone() -> None:
    tl = Timeline(
        [Event("a", 0.0, 1.0, actors={"x"}), Event("b", 1.0, 5.0, causal_parents=["a"])]
    )
    assert [e.id for e in injection_pool(tl, tl.event("b"), "x", hops=0, top_n=0)] == [
        "b"
    ]
    assert [e.id for e in injection_pool(tl, tl.event("b"), "x", hops=1, top_n=0)] == [
        "a",
        "b",
    ]


@pytest.mark.parametrize("name", ["hops", "top_n"])
def test_negative_counts_are_refused(name: str) -> None:
    tl = _focal_run(3)
    with pytest.raises(ValueError, match=name):
        injection_pool(tl, tl.event("e00"), "x", **{name: -1})


def test_tau_must_be_an_event_of_the_timeline() -> None:
    """An id the timeline lacks, or the id of another event (a different weight)."""
    tl = _focal_run(3)
    with pytest.raises(ValueError, match="tau must be an event of timeline"):
        injection_pool(tl, Event("zz", 0.0, 1.0), "x")
    with pytest.raises(ValueError, match="tau must be an event of timeline"):
        injection_pool(tl, Event("e00", 0.0, 2.5, actors={"x"}), "x")
    assert injection_pool(tl, Event("e00", 0.0, 3.0, actors={"x"}), "x")[0].id == "e00"
