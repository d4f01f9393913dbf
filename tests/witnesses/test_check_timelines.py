"""Bring your own timeline (issue 35): no "safe" on nothing, real logs, summaries,
bounded witnesses, verdicts that say what to change, and the ``check`` command."""

from __future__ import annotations

import json
import os
import pickle
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from algebra import compose_endo, fold
from proofs.tool import main as tool_main
from theory.errors import UserCallableError
from witnesses import (
    Event,
    MultiBurstConfig,
    Timeline,
    check_compressor,
    compress,
    load_timeline,
    multiburst,
)
from witnesses.experiments.sweep import retention_sweep
from witnesses.state import (
    build_context_state,
    no_absorption_invariant,
    paper_block_context,
)

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "docs" / "examples" / "agent_log.csv"
MAPPING = {
    "id": "step",
    "timestamp": "unix_time",
    "weight": "salience",
    "actors": "agents",
}


def sliding_window(timeline: Timeline, *, target_size: int) -> tuple[str, ...]:
    return timeline.ids[-target_size:]


def _log(**kwargs: Any) -> Timeline:
    return load_timeline(LOG, mapping=MAPPING, **kwargs)


# -- 1. no "safe" on nothing ---------------------------------------------------


def test_focal_absent_from_every_timeline_is_an_error_listing_the_actors() -> None:
    with pytest.raises(ValueError, match="occurs in no timeline") as info:
        check_compressor(sliding_window, k=3, timelines=[_log()], mirage=False)
    text = str(info.value)
    assert "focal='actor_0' occurs in no timeline" in text
    assert "'agent', 'reviewer', 'search_tool', 'shell_tool', 'user'" in text
    # the same policy with the log's own actor is judged, and is not safe
    report = check_compressor(
        sliding_window, k=3, timelines=[_log()], focal="agent", mirage=False
    )
    assert report.safe is False


def test_unix_seconds_are_refused_with_the_gap_bound_the_gaps_and_the_fix() -> None:
    raw = _log(time_scale=None)
    with pytest.raises(ValueError, match="cannot be met") as info:
        check_compressor(sliding_window, k=3, timelines=[raw], focal="agent")
    text = str(info.value)
    assert "max_temporal_gap=0.11 cannot be met" in text
    assert "(adjacent gaps: smallest 9, median 53, largest 90)" in text
    assert "time_scale='unit'" in text
    # the contracts alone do not use the grammar
    assert (
        check_compressor(
            sliding_window, k=3, timelines=[raw], focal="agent", mirage=False
        ).safe
        is False
    )


def test_time_scale_unit_rescales_and_the_report_says_so() -> None:
    raw = _log(time_scale=None)
    report = check_compressor(
        sliding_window, k=3, timelines=[raw], focal="agent", time_scale="unit"
    )
    assert report.notes == (
        "timestamps rescaled to [0, 1] per timeline: t' = (t - t_first) / (t_last - t_first)",
    )
    assert "note: timestamps rescaled to [0, 1]" in str(report)
    assert any(c.rates["raw_validity"].denominator for c in report.rates)
    same = check_compressor(sliding_window, k=3, timelines=[_log()], focal="agent")
    assert same.to_dict()["invariant"] == report.to_dict()["invariant"]
    with pytest.raises(ValueError, match="time_scale must be None or 'unit'"):
        check_compressor(
            sliding_window, k=3, timelines=[raw], focal="agent", time_scale="unix"
        )


def _broken_at_start() -> Timeline:
    # the heaviest pivot is the first event: the input already breaks the invariant
    events = [Event("p", 0.0, 9.0, {"f"})] + [
        Event(f"e{i}", 0.1 * i, 1.0, {"x"}) for i in range(1, 9)
    ]
    return Timeline(events)


def _first_and_recent(timeline: Timeline, *, target_size: int) -> list[str]:
    # keeps the pivot (the first event), so the pivot rule holds
    return [timeline.ids[0], *timeline.ids[1:][-(target_size - 1) :]][:target_size]


def test_zero_compressions_charged_is_not_checked_and_safe_is_none() -> None:
    report = check_compressor(
        _first_and_recent, k=3, timelines=[_broken_at_start()], focal="f", mirage=False
    )
    assert report.invariant.checked == 0 and report.invariant.skipped == 3
    assert report.invariant.holds is None and report.safe is None
    assert report.verdict.startswith("Not checked under the reference semantics")
    assert "0 of 3: every input already broke it" in report.verdict
    assert "NOT CHECKED: 0 of 3 compressions charged (3 of 3 not charged" in str(report)
    with pytest.raises(AssertionError, match=r"^Not checked"):
        report.assert_holds()
    assert report.to_dict()["safe"] is None


def test_every_count_names_its_denominator() -> None:
    report = check_compressor(sliding_window, k=3, seeds=range(10), mirage=False)
    text = str(report)
    assert "VIOLATED in 7 of 15 compressions charged (15 of 30 not charged" in text
    assert "holds in 30 of 30 compressions charged" in text


# -- 2. real agent logs in -----------------------------------------------------


def test_load_timeline_reads_unix_seconds_and_rescales_by_the_stated_rule() -> None:
    tl = _log()
    raw = _log(time_scale=None)
    assert len(tl) == len(raw) == 40
    low, high = raw[0].timestamp, raw[-1].timestamp
    for a, b in zip(tl, raw, strict=True):
        assert a.id == b.id and a.metadata["raw_timestamp"] == b.timestamp
        assert a.timestamp == (b.timestamp - low) / (high - low)
    assert tl[0].actors == frozenset({"agent"})
    assert tl.event("s02").metadata["note"] == "user message"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_iso_datetime_and_numeric_timestamps_agree(tmp_path: Path) -> None:
    base = datetime(2026, 11, 26, 10, 0, tzinfo=UTC)
    offsets = [0, 30, 90]
    records = [
        {"id": f"e{i}", "timestamp": base + timedelta(seconds=s), "weight": 1.0}
        for i, s in enumerate(offsets)
    ]
    by_datetime = Timeline.from_records(records)
    iso = [dict(r, timestamp=r["timestamp"].isoformat()) for r in records]
    numbers = [dict(r, timestamp=r["timestamp"].timestamp()) for r in records]
    assert Timeline.from_records(iso) == by_datetime == Timeline.from_records(numbers)
    assert [e.timestamp for e in by_datetime] == [0.0, 1 / 3, 1.0]
    raw = Timeline.from_records(iso, time_scale=None)
    assert [e.timestamp for e in raw] == [base.timestamp() + s for s in offsets]
    path = _write(
        tmp_path,
        "log.jsonl",
        "".join(json.dumps(r) + "\n" for r in iso),
    )
    assert load_timeline(path) == by_datetime
    doc = _write(tmp_path, "log.json", json.dumps({"events": iso}))
    assert load_timeline(doc) == by_datetime


@pytest.mark.parametrize(
    ("records", "match"),
    [
        (
            [{"id": "a", "timestamp": "2026-11-26T10:00:00", "weight": 1}],
            "has no UTC offset",
        ),
        (
            [
                {"id": "a", "timestamp": 5, "weight": 1},
                {"id": "b", "timestamp": "2026-11-26T10:00:00Z", "weight": 1},
            ],
            r"mixes timestamp kinds: ISO-8601 \(row 2\), number \(row 1\)",
        ),
        (
            [{"id": "a", "timestamp": "soon", "weight": 1}],
            "neither a number nor an ISO-8601",
        ),
        ([{"id": "a", "timestamp": float("nan"), "weight": 1}], "must be finite"),
        (
            [{"id": "a", "weight": 1}],
            r"row 1: column 'timestamp' \(timestamp\) is missing",
        ),
        ([{"id": "a", "timestamp": 1, "weight": ""}], "column 'weight'"),
        ([{"id": "a", "timestamp": 1, "weight": "heavy"}], "'heavy' is not a number"),
        (
            [
                {"id": "a", "timestamp": 1, "weight": 1},
                {"id": "a", "timestamp": 2, "weight": 1},
            ],
            "row 2: id 'a' repeats row 1",
        ),
        ([], "no events"),
    ],
)
def test_from_records_refuses_bad_records_naming_row_and_column(
    records: list[dict[str, Any]], match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        Timeline.from_records(records)


def test_mapping_errors_name_the_field_and_column() -> None:
    rec = [{"id": "a", "ts": 1, "weight": 1, "who": "x"}]
    assert Timeline.from_records(rec, mapping={"timestamp": "ts", "actors": "who"})[
        0
    ].actors == {"x"}
    with pytest.raises(ValueError, match="mapping key 'time' is not a field"):
        Timeline.from_records(rec, mapping={"time": "ts"})
    with pytest.raises(
        ValueError, match="names the column 'nobody', which no record has"
    ):
        Timeline.from_records(rec, mapping={"timestamp": "ts", "actors": "nobody"})
    with pytest.raises(ValueError, match="two fields to the column 'ts'"):
        Timeline.from_records(rec, mapping={"timestamp": "ts", "id": "ts"})
    with pytest.raises(TypeError, match="records must be an iterable of dicts"):
        Timeline.from_records({"id": "a"})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="time_scale must be 'unit' or None"):
        Timeline.from_records(rec, mapping={"timestamp": "ts"}, time_scale="seconds")


def test_load_timeline_refuses_unknown_formats_and_non_files(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot tell the format"):
        load_timeline(_write(tmp_path, "log.txt", "x"))
    with pytest.raises(ValueError, match="format must be"):
        load_timeline(LOG, format="xml")
    with pytest.raises(ValueError, match="directory"):
        load_timeline(tmp_path, format="csv")
    with pytest.raises(ValueError, match=r"row 3: more cells"):
        load_timeline(
            _write(tmp_path, "bad.csv", "id,timestamp,weight\na,1,1\nb,2,1,4\n")
        )
    fifo = tmp_path / "pipe.csv"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        with pytest.raises(ValueError, match="FIFO"):
            load_timeline(fifo)


def test_retention_sweep_takes_the_users_timelines() -> None:
    tl = _log()
    with pytest.raises(ValueError, match="focal='actor_0' occurs in no timeline"):
        retention_sweep(timelines=[tl], retentions=[0.5], executor=False)
    result = retention_sweep(
        timelines=[tl], retentions=[0.5, 0.2], executor=False, focal="agent"
    )
    assert [(r["retention"], r["target"]) for r in result.rows][::3] == [
        (0.5, 20),
        (0.2, 8),
    ]
    assert all(r["full_valid"] for r in result.rows)
    with pytest.raises(TypeError, match="wrap a single one"):
        retention_sweep(timelines=tl, retentions=[0.5], executor=False)  # type: ignore[arg-type]
    with pytest.raises(
        ValueError,
        match=r"timelines\[0\]: the grammar's gap bound max_temporal_gap=0.11 cannot be met",
    ):
        retention_sweep(
            timelines=[_log(time_scale=None)],
            retentions=[0.5],
            executor=False,
            focal="agent",
        )


def test_repeated_seeds_and_unpicklable_strategies_are_refused() -> None:
    with pytest.raises(ValueError, match=r"seeds\[2\] = 0 repeats seeds\[0\]"):
        retention_sweep(seeds=[0, 1, 0], retentions=[0.5], executor=False)
    with pytest.raises(ValueError, match="pass executor=False") as info:
        retention_sweep(
            seeds=[0],
            retentions=[0.5],
            strategies={"mine": lambda t, *, target_size: t.ids[-target_size:]},
        )
    assert isinstance(info.value.__cause__, (pickle.PicklingError, AttributeError))
    rows = retention_sweep(
        seeds=[0],
        retentions=[0.5],
        strategies={"mine": lambda t, *, target_size: t.ids[-target_size:]},
        executor=False,
    ).rows
    assert [r["strategy"] for r in rows] == ["mine"]


# -- 3. summaries and edits ------------------------------------------------------


def summarise_old(timeline: Timeline, *, target_size: int) -> Any:
    if target_size < 2 or len(timeline) <= target_size:
        return timeline.ids[-target_size:]
    old, recent = (
        timeline.events[: -(target_size - 1)],
        timeline.ids[-(target_size - 1) :],
    )
    summary = Event(
        "summary", old[-1].timestamp, 1.0, metadata={"summary_of": [e.id for e in old]}
    )
    return [summary, *recent]


def summarise_and_drop(timeline: Timeline, *, target_size: int) -> Any:
    # summarises only the oldest half of the old events; the rest is dropped
    if target_size < 2 or len(timeline) <= target_size:
        return timeline.ids[-target_size:]
    old = timeline.events[: -(target_size - 1)]
    half = old[: max(1, len(old) // 2)]
    summary = Event(
        "summary",
        half[-1].timestamp,
        1.0,
        metadata={"summary_of": [e.id for e in half]},
    )
    return [summary, *timeline.ids[-(target_size - 1) :]]


def test_a_summary_counts_as_the_fold_of_what_it_replaces() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=60), seed=1)
    r = compress(tl, strategy=summarise_old, k=3, m=10, target_size=10)
    assert r.output_size == 10 and r.kept_ids[0] == "summary"
    ((sid, replaced),) = r.summaries
    assert sid == "summary" and replaced == tl.ids[:51]
    # by the monoid: the summary's element is the fold of the replaced events'
    parts = [paper_block_context(tl.subset(replaced), "actor_0")] + [
        paper_block_context([tl.event(i)], "actor_0") for i in r.kept_ids[1:]
    ]
    assert fold(parts) == paper_block_context(tl, "actor_0")
    assert compose_endo(parts[0], fold(parts[1:])) == paper_block_context(tl, "actor_0")
    whole = no_absorption_invariant(build_context_state(tl, "actor_0", m=10), 3)
    assert r.invariant_holds is whole and r.dropped == ()


def test_summarising_policies_are_judged_not_rejected() -> None:
    keeps_all = check_compressor(
        summarise_old, k=3, seeds=range(6), retentions=(0.3, 0.1), mirage=False
    )
    assert keeps_all.safe is True and keeps_all.block_contract.holds is True
    drops = check_compressor(
        summarise_and_drop, k=3, seeds=range(6), retentions=(0.3, 0.1), mirage=False
    )
    assert drops.safe is False
    assert (
        drops.invariant.witness is not None
        and drops.invariant.witness.pivot is not None
    )


def test_edited_repeated_and_misplaced_outputs_are_errors() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=30), seed=0)

    def heavier(t: Timeline, *, target_size: int) -> list[Event]:
        e = t.events[-1]
        return [Event(e.id, e.timestamp, e.weight + 1, e.actors)]

    with pytest.raises(
        ValueError,
        match=r"returned event 'e0029' with weight .* a strategy keeps events as they are",
    ):
        compress(tl, strategy=heavier, k=3, m=10, target_size=5)
    with pytest.raises(ValueError, match=r"returned 'e0029' twice \(items 0 and 1\)"):
        compress(
            tl,
            strategy=lambda t, *, target_size: ["e0029", "e0029"],
            k=3,
            m=10,
            target_size=5,
        )

    def gappy(t: Timeline, *, target_size: int) -> list[Any]:
        s = Event(
            "s", t[0].timestamp, 1.0, metadata={"summary_of": [t.ids[0], t.ids[2]]}
        )
        return [s, t.ids[1]]

    with pytest.raises(ValueError, match="not consecutive: 'e0001' lies between them"):
        compress(tl, strategy=gappy, k=3, m=10, target_size=5)

    def late(t: Timeline, *, target_size: int) -> list[Any]:
        return [Event("s", t[-1].timestamp, 1.0, metadata={"summary_of": [t.ids[0]]})]

    with pytest.raises(ValueError, match="outside the events it replaces"):
        compress(tl, strategy=late, k=3, m=10, target_size=5)

    def stranger(t: Timeline, *, target_size: int) -> list[Any]:
        return [Event("new", 0.5, 1.0)]

    with pytest.raises(
        ValueError, match="not in the input timeline and is not a summary"
    ):
        compress(tl, strategy=stranger, k=3, m=10, target_size=5)


def test_summary_rules_each_refuse_with_their_reason() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=30), seed=0)
    ids = tl.ids

    def summary(replaced: list[str], at: float, parents: tuple[str, ...] = ()) -> Event:
        return Event(
            "s", at, 1.0, causal_parents=parents, metadata={"summary_of": replaced}
        )

    def run(out: list[Any]) -> Any:
        return compress(
            tl, strategy=lambda t, *, target_size: out, k=3, m=10, target_size=5
        )

    with pytest.raises(
        ValueError, match="summary 's' replaces 'e0000', which it also kept"
    ):
        run([summary([ids[0]], tl[0].timestamp), ids[0]])
    other = Event("s2", tl[1].timestamp, 1.0, metadata={"summary_of": [ids[1]]})
    with pytest.raises(
        ValueError, match="'e0001' is replaced by two summaries, 's' and 's2'"
    ):
        run([summary([ids[0], ids[1]], tl[0].timestamp), other])
    # at the first replaced timestamp is inside; parents are kept only when kept
    r = run([ids[2], summary([ids[3], ids[4]], tl[3].timestamp, (ids[2], ids[1]))])
    assert r.kept_ids == (ids[2], "s") and r.summaries == (("s", (ids[3], ids[4])),)
    assert r.timeline.event("s").causal_parents == (ids[2],)
    with pytest.raises(
        ValueError,
        match=r"its output is not a timeline: .*causal parent 'e0002', which is a later event",
    ):
        run([summary([ids[0], ids[1]], tl[0].timestamp, (ids[2],)), ids[2]])
    with pytest.raises(ValueError, match="replaces no event"):
        run([summary([], tl[0].timestamp)])
    with pytest.raises(ValueError, match="replaces 'nope', which is not in the input"):
        run([summary(["nope"], tl[0].timestamp)])
    with pytest.raises(ValueError, match="lists an id twice"):
        run([summary([ids[0], ids[0]], tl[0].timestamp)])
    with pytest.raises(TypeError, match="must list the ids it replaces"):
        run([summary(ids[0], tl[0].timestamp)])  # type: ignore[arg-type]


def test_a_raising_strategy_is_wrapped_and_keywords_reach_it() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=30), seed=0)

    def broken(timeline: Timeline, *, target_size: int) -> Any:
        raise KeyError("boom")

    with pytest.raises(
        ValueError,
        match="strategy 'broken' raised KeyError: 'boom' on a timeline of 30 events",
    ) as info:
        compress(tl, strategy=broken, k=3, m=10, target_size=5)
    assert isinstance(info.value.__cause__, KeyError)
    assert isinstance(info.value, UserCallableError)  # the one documented type
    assert (info.value.argument, info.value.callable_name) == ("strategy", "broken")
    seen: dict[str, Any] = {}

    def greedy(timeline: Timeline, **kwargs: Any) -> Any:
        seen.update(kwargs)
        return timeline.ids[-kwargs["target_size"] :]

    compress(tl, strategy=greedy, k=3, m=10, target_size=5)
    assert sorted(seen) == ["focal", "k", "m", "max_gap", "min_length", "target_size"]

    class Opaque:
        __signature__ = "not a signature"

        def __call__(self, timeline: Timeline, **kwargs: Any) -> Any:
            seen["opaque"] = sorted(kwargs)
            return timeline.ids[-5:]

    assert compress(tl, strategy=Opaque(), k=3, m=10, target_size=5).output_size == 5
    assert seen["opaque"] == ["focal", "k", "m", "max_gap", "min_length", "target_size"]


def test_returned_events_and_timelines_are_kept_as_selections() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=30), seed=0)
    as_timeline = compress(
        tl,
        strategy=lambda t, *, target_size: t.subset(t.ids[-3:]),
        k=3,
        m=10,
        target_size=3,
    )
    as_events = compress(
        tl,
        strategy=lambda t, *, target_size: list(t.events[-3:]),
        k=3,
        m=10,
        target_size=3,
    )
    assert as_timeline.kept_ids == as_events.kept_ids == tl.ids[-3:]
    for out, error, match in [
        (5, TypeError, "must return a Timeline or an iterable of event ids"),
        ("e0001", TypeError, "must return a Timeline or an iterable"),
        ([3], TypeError, r"returned item 0 = 3, not an event id \(str\) or an Event"),
        (["nope"], ValueError, "kept 'nope', which is not in the input timeline"),
    ]:
        with pytest.raises(error, match=match):
            compress(
                tl,
                strategy=lambda t, *, target_size, out=out: out,
                k=3,
                m=10,
                target_size=3,
            )


def test_target_size_zero_is_an_error_naming_the_range() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=30), seed=0)
    with pytest.raises(
        ValueError,
        match=r"target_size must be in \[1, 10000000\] \(events to keep\), got 0",
    ):
        compress(tl, strategy=sliding_window, k=3, m=10, target_size=0)


# -- 4. bounded witnesses ----------------------------------------------------------


def _long() -> Timeline:
    return multiburst(config=MultiBurstConfig(n_events=1000), seed=3)


RETAIN = (0.5, 0.3, 0.1, 0.05, 0.02, 0.01)


def test_bisection_reaches_the_five_event_minimum_in_few_calls() -> None:
    report = check_compressor(
        sliding_window, k=3, timelines=[_long()], retentions=RETAIN, mirage=False
    )
    w = report.invariant.witness
    assert w is not None and len(w.timeline) == 5 and w.minimal and w.fewest_possible
    assert w.shrunk_from == 1000 and w.calls <= 200


def test_shrink_false_and_a_small_budget_say_the_witness_is_not_minimal() -> None:
    off = check_compressor(
        sliding_window,
        k=3,
        timelines=[_long()],
        retentions=RETAIN,
        mirage=False,
        shrink=False,
    )
    w = off.invariant.witness
    assert w is not None and not w.minimal and len(w.timeline) == 1000 and w.calls == 0
    assert "not fully shrunk, shrunk from 1000 events in 0 calls" in str(off)
    tight = check_compressor(
        sliding_window,
        k=3,
        timelines=[_long()],
        retentions=RETAIN,
        mirage=False,
        shrink=3,
    )
    w = tight.invariant.witness
    assert w is not None and not w.minimal and w.calls == 3
    with pytest.raises(ValueError, match="shrink must be"):
        check_compressor(sliding_window, k=3, seeds=[0], shrink=0)
    with pytest.raises(TypeError, match="shrink must be True, False or an int"):
        check_compressor(sliding_window, k=3, seeds=[0], shrink=2.5)  # type: ignore[arg-type]


def test_the_budget_bounds_and_the_default_budget() -> None:
    with pytest.raises(
        ValueError, match=r"shrink must satisfy 1 <= shrink <= 100000, got 100001"
    ):
        check_compressor(sliding_window, k=3, seeds=[0], shrink=100_001)
    ok = check_compressor(
        sliding_window, k=3, seeds=[0], retentions=(0.1,), mirage=False, shrink=100_000
    )
    assert ok.invariant.checked + ok.invariant.skipped == 1


def test_a_budget_spent_in_the_window_cut_keeps_what_it_found() -> None:
    # one call: the first window (the pivot and the 4 events before it) breaks,
    # so the witness is that window, reported as not minimal
    one = check_compressor(
        sliding_window,
        k=3,
        timelines=[_long()],
        retentions=(0.02,),
        mirage=False,
        shrink=1,
    )
    w = one.invariant.witness
    assert w is not None and len(w.timeline) == 5 and not w.minimal and w.calls == 1
    # on the agent log the first window does not break: one call finds nothing,
    # and the input is reported as it is
    log_one = check_compressor(
        sliding_window, k=3, timelines=[_log()], focal="agent", mirage=False, shrink=1
    )
    w = log_one.invariant.witness
    assert w is not None and len(w.timeline) == 40 and not w.minimal and w.calls == 1
    full = check_compressor(
        sliding_window, k=3, timelines=[_log()], focal="agent", mirage=False
    )
    w = full.invariant.witness
    assert (
        w is not None and len(w.timeline) == 14 and w.minimal and not w.fewest_possible
    )
    assert w.calls == 212  # the search is deterministic: its cost is pinned


def test_an_output_of_summaries_only_is_judged_by_what_they_replace() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=60), seed=1)
    whole = no_absorption_invariant(build_context_state(tl, "actor_0", m=10), 3)
    assert whole is False  # the input already breaks the invariant

    def one_summary(timeline: Timeline, *, target_size: int) -> Any:
        last = timeline.events[-1]
        return [
            Event(
                "all", last.timestamp, 1.0, metadata={"summary_of": list(timeline.ids)}
            )
        ]

    r = compress(tl, strategy=one_summary, k=3, m=10, target_size=1)
    assert r.kept_ids == ("all",) and r.invariant_holds is False


# -- 5. verdicts that say what to change --------------------------------------------


def test_violation_names_the_pivot_the_removed_events_and_the_change() -> None:
    report = check_compressor(sliding_window, k=3, seeds=range(4), mirage=False)
    w = report.invariant.witness
    assert w is not None
    assert (w.pivot, w.removed) == ("e0183", ("e0175", "e0176", "e0177", "e0178"))
    assert (w.calls, w.shrunk_from, len(w.timeline)) == (25, 200, 5)
    assert w.suggestion.startswith(
        "keep the 4 dropped events just before e0183 (e0175, e0176, e0177, e0178)"
    )
    assert (
        "pin the 4 events before each of the 10 heaviest 'actor_0' events"
        in w.suggestion
    )
    assert report.verdict.endswith(f"To fix: {w.suggestion}.")
    assert "20% setup share" in w.reason
    with pytest.raises(AssertionError) as info:
        report.assert_holds()
    assert str(info.value).startswith("Not safe under the reference semantics")
    assert w.to_dict()["removed"] == list(w.removed)


def test_a_safe_report_passes_assert_holds() -> None:
    def everything(timeline: Timeline, *, target_size: int) -> tuple[str, ...]:
        return timeline.ids

    report = check_compressor(
        everything, k=3, seeds=range(3), retentions=(1.0,), mirage=False
    )
    assert report.safe is True
    report.assert_holds()


def test_definition2_violation_names_the_dropped_development() -> None:
    def focal_only(timeline: Timeline, *, target_size: int) -> list[str]:
        return [e.id for e in timeline.focal("actor_0")][-target_size:]

    report = check_compressor(
        focal_only, k=3, seeds=range(3), semantics="paper", mirage=False
    )
    w = report.block_contract.witness
    assert report.safe is False and w is not None
    assert w.removed and all(
        "actor_0" not in w.timeline.event(i).actors for i in w.removed
    )
    assert "never go below min(d_total, k) = " in w.suggestion
    assert (w.calls, w.shrunk_from, len(w.timeline), w.minimal) == (10, 200, 1, True)


# -- 7. the command line ---------------------------------------------------------------


def check_main(argv: list[str]) -> int:
    return tool_main(["check", *argv])


def test_check_command_exit_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT / "docs" / "examples")
    assert check_main(["policies:sliding_window", "--no-mirage"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("check_compressor(sliding_window, k=3, m=10")
    assert check_main(["policies:pin_heaviest", "--no-mirage", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["safe"] is False
    log = ["--timelines", "agent_log.csv", "--map", "id=step", "--map", "timestamp=unix_time",
           "--map", "weight=salience", "--map", "actors=agents", "--focal", "agent"]  # fmt: skip
    assert check_main(["policies:keep_recent", *log, "--no-mirage"]) == 1
    capsys.readouterr()
    assert check_main(["policies:summarise_old", *log, "--no-mirage", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["safe"] is True
    capsys.readouterr()
    for bad in (
        ["policies:nope"],
        ["policies"],
        ["no_such_module_xyz:f"],
        ["policies:keep_recent", "--timelines", "agent_log.csv"],
        ["policies:keep_recent", *log[:-2]],
        ["policies:keep_recent", "--retentions", "half"],
        ["policies:keep_recent", "--shrink", "lots"],
        ["policies:keep_recent", "--law", "groupoid"],
    ):
        assert check_main(bad) == 2, bad
        assert capsys.readouterr().out == ""
    assert check_main(["algebra:compose_endo", "--law", "monoid"]) == 0
    assert check_main(["algebra:compose_endo", "--law", "ideal"]) == 1
    assert check_main(["algebra.compose:endo_fields", "--law", "monoid", "--smt"]) == 0


def test_a_suggestion_says_how_it_fits_the_target_size() -> None:
    """Keeping more events is advice only if it fits the target the witness ran at."""
    report = check_compressor(sliding_window, k=3, seeds=range(4), mirage=False)
    w = report.invariant.witness
    assert w is not None and w.target_size == 1 and len(w.removed) == 4
    assert w.suggestion.endswith(
        "; the witness ran at target_size=1, so on this witness it needs a target_size of at least 5"
    )

    # unshrunk witnesses: a compression that keeps a third of its target has
    # room for the missing events; one that fills its target has to trade
    def third(timeline: Timeline, *, target_size: int) -> tuple[str, ...]:
        return timeline.ids[-max(1, target_size // 3) :]

    def unshrunk(fn: Any, retention: float) -> Any:
        report = check_compressor(
            fn, k=3, seeds=range(4), retentions=(retention,), mirage=False, shrink=False
        )
        assert report.invariant.witness is not None
        return report.invariant.witness

    w = unshrunk(third, 0.5)
    assert (w.target_size, len(w.removed)) == (100, 1)
    assert w.suggestion.endswith("heaviest 'actor_0' events")  # 33 + 1 <= 100
    w = unshrunk(sliding_window, 0.1)
    n = len(w.removed)
    assert w.target_size == 20 and n >= 1
    assert w.suggestion.endswith(
        f"; the witness ran at target_size=20, so on this witness it needs a target_size of at "
        f"least {20 + n} or {n} fewer other kept event{'' if n == 1 else 's'}"
    )


def test_a_pivot_without_history_in_the_input_is_not_told_to_keep_nothing() -> None:
    """No dropped event precedes the pivot: the fix is to drop it or restore its rivals."""

    def first(timeline: Timeline, *, target_size: int) -> tuple[str, ...]:
        return timeline.ids[:target_size]

    report = check_compressor(first, k=3, seeds=range(4), mirage=False)
    w = report.invariant.witness
    assert w is not None and w.pivot is not None
    assert "keep the 0 dropped" not in w.suggestion and "()" not in w.suggestion
    assert w.suggestion.startswith(
        f"{w.pivot} has 0 events before it in the input too, so it must not become "
        f"a top-10 pivot: drop {w.pivot}, or keep {len(w.removed)} more"
    )
    # the named rivals are the input's top-10 pivots the compression dropped
    whole = build_context_state(w.timeline, "actor_0", m=10)
    kept = first(w.timeline, target_size=w.target_size)
    rivals = [p.event_id for p in whole.pivots if p.event_id not in kept]
    assert list(w.removed) == rivals[: len(w.removed)] and w.removed
    # following the first advice (dropping the pivot) keeps the invariant
    rest = w.timeline.subset([i for i in kept if i != w.pivot])
    assert no_absorption_invariant(build_context_state(rest, "actor_0", m=10), 3)


def test_the_suggested_rivals_are_just_enough_to_push_the_pivot_out() -> None:
    def first(timeline: Timeline, *, target_size: int) -> tuple[str, ...]:
        return timeline.ids[:target_size]

    report = check_compressor(
        first, k=3, seeds=range(4), retentions=(0.1,), mirage=False, shrink=False
    )
    w = report.invariant.witness
    assert w is not None and w.pivot is not None
    kept = first(w.timeline, target_size=w.target_size)
    state = build_context_state(w.timeline.subset(kept), "actor_0", m=10)
    above = [p.event_id for p in state.pivots].index(w.pivot)
    assert (above, len(w.removed)) == (4, 6)  # 4 kept rivals + 6 restored = 10
    restored = w.timeline.subset(
        [i for i in w.timeline.ids if i in {*kept, *w.removed}]
    )
    top = build_context_state(restored, "actor_0", m=10).pivots
    assert w.pivot not in [p.event_id for p in top]


@pytest.mark.parametrize(("short", "clause"), [(3, True), (4, False)])
def test_a_suggestion_that_exactly_fills_the_target_needs_no_clause(
    short: int, clause: bool
) -> None:
    """16 kept + 4 restored = 20 fits target_size=20; 17 + 4 does not."""

    def fewer(timeline: Timeline, *, target_size: int) -> tuple[str, ...]:
        return timeline.ids[-(target_size - short) :]

    report = check_compressor(
        fewer, k=3, seeds=range(4), retentions=(0.1,), mirage=False, shrink=False
    )
    w = report.invariant.witness
    assert w is not None and (w.target_size, len(w.removed)) == (20, 4)
    assert ("the witness ran at target_size=20" in w.suggestion) is clause
