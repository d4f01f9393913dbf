"""check_compressor's defaults, targets and progress bar, observed from outside (issue 33)."""

from __future__ import annotations

import math
from typing import Any, ClassVar

import pytest

from witnesses import Event, Timeline, check_compressor

FOCAL = "actor_0"


def _pinned(timeline: Timeline, *, target_size: int, k: int, m: int, focal: str) -> Any:
    """Pin the opening 2k events and the m heaviest focal events; fill with the latest."""
    heavy = sorted(
        (e for e in timeline if focal in e.actors),
        key=lambda e: (-e.weight, e.timestamp, e.id),
    )
    pins = {e.id for e in heavy[:m]} | set(timeline.ids[: 2 * k])
    recent = [i for i in reversed(timeline.ids) if i not in pins]
    return pins | set(recent[: max(0, target_size - len(pins))])


def test_the_defaults_are_fifty_multiburst_seeds_at_three_retentions() -> None:
    seen: list[tuple[int, int]] = []

    def spy(timeline: Timeline, *, target_size: int, k: int, m: int, focal: str) -> Any:
        seen.append((len(timeline), target_size))
        return _pinned(timeline, target_size=target_size, k=k, m=m, focal=focal)

    report = check_compressor(spy, k=3, mirage=False, shrink=False)
    block = report.block_contract
    assert (block.checked, block.skipped) == (150, 0)  # Definition 2 skips nothing
    assert len(seen) == 150
    # each MultiBurst timeline has 200 events: targets round(200 r) = 100, 60, 20
    assert seen[:3] == [(200, 100), (200, 60), (200, 20)]
    assert {t for _, t in seen} == {100, 60, 20}


@pytest.mark.parametrize(
    ("n", "retention", "target"),
    [(10, 0.1, 8), (10, 0.75, 8), (12, 0.7, 8), (20, 0.45, 9), (20, 1.0, 20)],
)
def test_the_target_is_the_rounded_share_but_at_least_eight(
    n: int, retention: float, target: int
) -> None:
    events = [Event(f"d{i:02d}", i / n, 1.0) for i in range(n - 1)]
    timeline = Timeline([*events, Event("p", 1.0, 5.0, actors=frozenset({FOCAL}))])
    seen: list[int] = []

    def spy(tl: Timeline, *, target_size: int) -> Any:
        seen.append(target_size)
        return tl.ids[-target_size:]

    check_compressor(
        spy,
        k=3,
        timelines=[timeline],
        retentions=(retention,),
        mirage=False,
        shrink=False,
    )
    assert seen[0] == target


class _Bar:
    """Records how check_compressor builds its progress bar."""

    made: ClassVar[list[dict[str, Any]]] = []

    def __init__(self, **kwargs: Any) -> None:
        _Bar.made.append(kwargs)

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        return None


def _last_n(timeline: Timeline, *, target_size: int) -> Any:
    return timeline.ids[-target_size:]


@pytest.mark.parametrize(
    ("progress", "tty", "shown"),
    [
        (True, False, True),
        (False, True, False),
        (None, True, True),
        (None, False, False),
    ],
)
def test_the_progress_bar_is_asked_for_as_documented(
    monkeypatch: pytest.MonkeyPatch, progress: bool | None, tty: bool, shown: bool
) -> None:
    _Bar.made = []
    monkeypatch.setattr("witnesses.check._core.tqdm", _Bar)
    monkeypatch.setattr("sys.stderr.isatty", lambda: tty)
    check_compressor(
        _last_n, k=3, seeds=range(1), mirage=False, shrink=7, progress=progress
    )
    (bar,) = _Bar.made
    assert bar["disable"] is (not shown)
    # one budget of calls per contract searched: block, invariant, pivot
    assert bar["total"] == 3 * 7
    assert bar["delay"] == 1.0 and bar["leave"] is False
    _Bar.made = []
    check_compressor(_last_n, k=3, seeds=range(1), mirage=False, progress=progress)
    assert _Bar.made[0]["total"] == 3 * 1000  # shrink=True: 1,000 calls each


def _safe_below_six(timeline: Timeline, *, target_size: int) -> Any:
    """The first events of an input of at most 5 (no pivot kept), else the latest."""
    if len(timeline) <= 5:
        return timeline.ids[:target_size]
    return timeline.ids[-target_size:]


def test_a_witness_larger_than_any_violation_needs_is_not_fewest_possible() -> None:
    """k = 3 needs 4 events before a pivot: 5 events can break the invariant.

    This policy breaks it only on 6 events or more, so its 1-minimal witness
    has 6 events and is not as small as any violation can be.
    """
    report = check_compressor(_safe_below_six, k=3, seeds=range(2), mirage=False)
    w = report.invariant.witness
    assert w is not None
    assert (len(w.timeline), w.minimal, w.fewest_possible) == (6, True, False)
    text = str(report)
    assert "witness (1-minimal, shrunk from 200 events" in text
    assert "as small as any violation can be" not in text
    # the same search on the plain window reaches 5 events, the fewest possible
    plain = check_compressor(_last_n, k=3, seeds=range(2), mirage=False)
    assert plain.invariant.witness is not None
    w5 = plain.invariant.witness
    assert (len(w5.timeline), w5.minimal, w5.fewest_possible) == (5, True, True)


def _drop_focal(timeline: Timeline, *, target_size: int) -> Any:
    """Keep a one-event input whole; otherwise only the latest non-focal events."""
    if len(timeline) <= 1:
        return timeline.ids
    return [e.id for e in timeline if FOCAL not in e.actors][-target_size:]


def test_a_lost_pivot_needing_two_events_is_not_fewest_possible() -> None:
    """A pivot can be lost on one event; this policy loses it only from two on."""
    report = check_compressor(_drop_focal, k=3, seeds=range(2), mirage=False)
    assert report.pivot_kept is not None
    w = report.pivot_kept.witness
    assert w is not None
    assert (len(w.timeline), w.target_size, w.minimal, w.fewest_possible) == (
        2,
        1,
        True,
        False,
    )


def _late_pivot() -> Timeline:
    before = [Event(f"a{i:02d}", i / 30, 1.0) for i in range(15)]
    after = [Event(f"z{i:02d}", (16 + i) / 30, 1.0) for i in range(10)]
    return Timeline([*before, Event("p", 15 / 30, 9.0, frozenset({FOCAL})), *after])


def test_without_shrinking_the_witness_is_the_first_smallest_failing_input() -> None:
    timeline = _late_pivot()
    # targets round(26 * 0.47) = 12 and round(26 * 0.42) = 11: the window keeps
    # the pivot with at most 1 event before it, so both compressions break it
    report = check_compressor(
        _last_n,
        k=3,
        timelines=[timeline],
        retentions=(0.47, 0.42),
        mirage=False,
        shrink=False,
    )
    inv = report.invariant
    assert (inv.checked, inv.violations) == (2, 2)
    w = inv.witness
    assert w is not None
    assert (len(w.timeline), w.target_size, w.minimal, w.calls) == (26, 12, False, 0)
    flipped = check_compressor(
        _last_n,
        k=3,
        timelines=[timeline],
        retentions=(0.42, 0.47),
        mirage=False,
        shrink=False,
    )
    assert flipped.invariant.witness is not None
    assert flipped.invariant.witness.target_size == 11


def test_of_equally_small_witnesses_the_first_input_s_is_kept() -> None:
    a = _late_pivot()
    b = Timeline(Event(f"b{e.id}", e.timestamp, e.weight, e.actors) for e in a.events)
    # neither shrinks below 6 events (5 would be the fewest possible), so the
    # search shrinks both and keeps the first of two equally small witnesses
    report = check_compressor(
        _safe_below_six, k=3, timelines=[a, b], retentions=(0.42,), mirage=False
    )
    w = report.invariant.witness
    assert w is not None and report.invariant.violations == 2
    assert len(w.timeline) == 6 and not w.fewest_possible
    assert set(w.timeline.ids) <= set(a.ids)
    swapped = check_compressor(
        _safe_below_six, k=3, timelines=[b, a], retentions=(0.42,), mirage=False
    )
    assert swapped.invariant.witness is not None
    assert set(swapped.invariant.witness.timeline.ids) <= set(b.ids)
    assert swapped.invariant.witness.target_size == w.target_size


def test_unit_scale_maps_a_timeline_without_duration_to_zero() -> None:
    """(t - t_first) / (t_last - t_first) has no span to divide by: every t is 0."""
    events = [
        *(Event(f"d{i}", 5.0, 1.0) for i in range(3)),
        Event("p", 5.0, 9.0, frozenset({FOCAL})),
        *(Event(f"z{i}", 5.0, 1.0) for i in range(8)),
    ]
    flat = Timeline(events)
    report = check_compressor(
        _last_n,
        k=3,
        timelines=[flat],
        retentions=(0.5,),
        mirage=False,
        time_scale="unit",
    )
    assert report.pivot_kept is not None and report.pivot_kept.violations == 1
    w = report.pivot_kept.witness
    assert w is not None
    assert "p" in w.timeline.ids
    assert {e.timestamp for e in w.timeline} == {0.0}
    # one event, and an empty timeline beside it, are read as they are
    one = Timeline([Event("p", 7.0, 1.0, frozenset({FOCAL}))])
    both = check_compressor(
        _last_n,
        k=3,
        timelines=[Timeline([]), one],
        retentions=(0.5,),
        mirage=False,
        time_scale="unit",
    )
    assert (both.block_contract.checked, both.block_contract.holds) == (2, True)


def test_unit_scale_is_measured_from_the_first_to_the_last_event() -> None:
    times = [100.0, 101.0, 102.0, 103.0, *(104.0 + i for i in range(7)), 122.0]
    events = [
        Event(
            f"e{i:02d}",
            t,
            9.0 if i == 3 else 1.0,
            frozenset({FOCAL}) if i == 3 else frozenset(),
        )
        for i, t in enumerate(times)
    ]
    raw = Timeline(events)
    report = check_compressor(
        _last_n,
        k=3,
        timelines=[raw],
        retentions=(0.5,),
        mirage=False,
        time_scale="unit",
    )
    assert report.pivot_kept is not None
    w = report.pivot_kept.witness
    assert w is not None and "e03" in w.timeline.ids
    at = dict(zip(raw.ids, times, strict=True))
    for e in w.timeline:
        assert e.timestamp == (at[e.id] - 100.0) / 22.0
    # a span below 1 is divided by as well
    short = Timeline(
        Event(e.id, (e.timestamp - 100.0) / 44.0 + 0.25, e.weight, e.actors)
        for e in events
    )
    half = check_compressor(
        _last_n,
        k=3,
        timelines=[short],
        retentions=(0.5,),
        mirage=False,
        time_scale="unit",
    )
    assert half.pivot_kept is not None and half.pivot_kept.witness is not None
    got = [e.timestamp for e in half.pivot_kept.witness.timeline]
    assert got == pytest.approx([e.timestamp for e in w.timeline], rel=1e-12)


def _actors(n: int) -> Timeline:
    return Timeline(
        Event(f"e{i}", i / n, 1.0, frozenset({f"a{i:02d}"})) for i in range(n)
    )


@pytest.mark.parametrize(
    ("n", "more"), [(19, False), (20, False), (21, True), (22, True)]
)
def test_an_absent_focal_lists_at_most_twenty_actors(n: int, more: bool) -> None:
    with pytest.raises(ValueError, match="occurs in no timeline") as info:
        check_compressor(_last_n, k=3, timelines=[_actors(n)], mirage=False)
    text = str(info.value)
    shown = ", ".join(repr(f"a{i:02d}") for i in range(min(n, 20)))
    tail = ", ..." if more else ""
    assert f"actors present: {shown}{tail}; pass focal=" in text


def _times(times: list[float]) -> Timeline:
    return Timeline(
        Event(f"e{i:02d}", t, 2.0 if i % 2 else 1.0, frozenset({FOCAL}))
        for i, t in enumerate(times)
    )


def _scale_check(times: list[float], min_length: int = 4) -> None:
    from witnesses import Grammar

    grammar = Grammar(min_length=min_length, max_temporal_gap=0.25)
    check_compressor(
        _last_n,
        k=1,
        timelines=[_times(times)],
        retentions=(1.0,),
        grammar=grammar,
        shrink=False,
    )


FAR = [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0]


@pytest.mark.parametrize(
    ("times", "min_length", "ok"),
    [
        ([0.0, 0.25, 0.5, 0.75, *FAR], 4, True),  # 4 events, gaps exactly the bound
        ([0.0, 0.25, 0.5, *FAR], 4, False),  # only 3 close events, at the start
        ([*FAR, 90.0, 90.25, 90.5, 90.75], 4, True),  # 4 close events at the end
        ([*FAR, 90.0, 90.25, 90.5], 4, False),
        ([0.0, 0.25, *FAR], 2, True),  # min_length 2: one close pair suffices
        ([0.0, 1.0, 2.0], 4, True),  # fewer events than min_length: not refused
        ([0.0, 1.0, 2.0, 3.0], 4, False),  # as many: refused
    ],
)
def test_the_gap_bound_needs_min_length_consecutive_close_events(
    times: list[float], min_length: int, ok: bool
) -> None:
    if ok:
        _scale_check(times, min_length)
    else:
        with pytest.raises(
            ValueError, match=r"max_temporal_gap=0.25 cannot be met: no 4"
        ):
            _scale_check(times, min_length)


def test_the_refusal_names_the_smallest_median_and_largest_gap() -> None:
    # gaps 0.1, 0.2, 1, 2, 4: the close run has 3 events, 4 are needed
    with pytest.raises(ValueError, match="cannot be met") as info:
        _scale_check([0.0, 0.1, 0.3, 1.3, 3.3, 7.3])
    assert (
        "timelines[0]: the grammar's gap bound max_temporal_gap=0.25 cannot be met: "
        "no 4 consecutive events are that close (adjacent gaps: smallest 0.1, "
        "median 1, largest 4), so every solve would be invalid"
    ) in str(info.value)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"focal": 3}, TypeError, r"^focal must be a str actor name, got 3$"),
        ({"grammar": "strict"}, TypeError, r"^grammar must be a Grammar, got str$"),
        ({"seeds": [-1]}, ValueError, r"seeds must be >= 0, got -1"),
        (
            {"retentions": (True,)},
            TypeError,
            r"^retentions must hold real numbers, got True$",
        ),
        (
            {"retentions": ("0.5",)},
            TypeError,
            r"^retentions must hold real numbers, got '0.5'$",
        ),
        (
            {"retentions": (1.5,)},
            ValueError,
            r"^retention must be in \(0, 1\], got 1.5$",
        ),
        (
            {"retentions": (math.inf,)},
            ValueError,
            r"^retention must be in \(0, 1\], got inf$",
        ),
    ],
)
def test_bad_arguments_are_refused_by_name(
    kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    args: dict[str, Any] = {"k": 3, "seeds": range(1), "mirage": False} | kwargs
    with pytest.raises(error, match=match):
        check_compressor(_last_n, **args)
    assert check_compressor(_last_n, k=3, seeds=[0], retentions=(1,), mirage=False)


def test_a_timeline_among_the_timelines_must_be_one() -> None:
    with pytest.raises(
        TypeError, match=r"^timelines\[1\] must be a Timeline, got list$"
    ):
        check_compressor(_last_n, k=3, timelines=[_late_pivot(), []], mirage=False)  # type: ignore[list-item]
