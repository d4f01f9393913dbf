"""Findings of the new-user report (/work notes, 2026-11-27) on check and load_timeline."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from proofs.tool import main as tool_main
from witnesses import Timeline, check_compressor, load_timeline
from witnesses.generators import MultiBurstConfig, multiburst

ROOT = Path(__file__).resolve().parents[2]
MAP = ["--map", "id=eid", "--map", "timestamp=ts", "--map", "actors=who", "--map", "weight=importance"]  # fmt: skip


def _write(path: Path, rows: list[str]) -> Path:
    path.write_text(
        "eid,ts,who,importance\n" + "\n".join(rows) + "\n", encoding="utf-8"
    )
    return path


# -- P2: a policy over its budget ------------------------------------------------


def toomany(timeline: Timeline, *, target_size: int) -> tuple[str, ...]:
    return timeline.ids


def test_keeping_every_event_is_an_error_not_safe() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=60), seed=1)
    with pytest.raises(ValueError, match="returned 60 events") as info:
        check_compressor(toomany, k=3, timelines=[tl], mirage=False)
    text = str(info.value)
    assert "strategy 'toomany' returned 60 events for target_size=30" in text
    assert "keeps at most target_size events" in text


def test_a_budget_breach_during_the_witness_search_is_an_error_too() -> None:
    def over_when_small(timeline: Timeline, *, target_size: int) -> tuple[str, ...]:
        # within budget at the checked targets (>= 8), over it below
        return timeline.ids[-max(target_size, 8) :]

    with pytest.raises(ValueError, match=r"returned \d events for target_size=[1-7] "):
        check_compressor(over_when_small, k=3, seeds=range(3), mirage=False)


def test_check_command_over_budget_exits_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "hfb_pol.py").write_text(
        "def toomany(timeline, *, target_size):\n    return timeline.ids\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    log = _write(tmp_path / "log.csv", [f"e{i},{1764200000 + 10 * i},{'planner' if i % 3 else 'coder'},{i % 7}" for i in range(40)])  # fmt: skip
    argv = ["check", "hfb_pol:toomany", "--timelines", str(log), *MAP, "--focal", "planner", "--no-mirage"]  # fmt: skip
    assert tool_main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "strategy 'toomany' returned 40 events for target_size=20" in captured.err
    sys.modules.pop("hfb_pol", None)


# -- P10: mixed timestamp units ---------------------------------------------------


def test_mixed_seconds_and_milliseconds_are_refused_naming_the_rows(
    tmp_path: Path,
) -> None:
    path = _write(tmp_path / "ms.csv", ["x1,1764200000000,planner,1", "x2,1764200001,coder,2"])  # fmt: skip
    mapping = {"id": "eid", "timestamp": "ts", "actors": "who", "weight": "importance"}
    with pytest.raises(ValueError, match="mixes timestamp units") as info:
        load_timeline(path, mapping=mapping)
    text = str(info.value)
    assert "column 'ts' mixes timestamp units" in text
    assert "milliseconds (row 2: 1764200000000)" in text
    assert "seconds (row 3: 1764200001)" in text
    # one unit per column is fine, and so are small relative times
    for rows in (
        ["x1,1764200000000,planner,1", "x2,1764200001000,coder,2"],
        ["x1,1764200000,planner,1", "x2,1764200001,coder,2"],
        ["x1,0,planner,1", "x2,99999999,coder,2"],
    ):
        tl = load_timeline(_write(tmp_path / "ok.csv", rows), mapping=mapping)
        assert tl.ids == ("x1", "x2")


def test_from_records_refuses_mixed_units_too() -> None:
    records = [
        {"id": "a", "timestamp": 1_764_200_000, "weight": 1.0},
        {"id": "b", "timestamp": 1_764_200_000_000_000, "weight": 1.0},
    ]
    with pytest.raises(
        ValueError, match=r"seconds \(row 1: 1764200000\).*microseconds"
    ):
        Timeline.from_records(records)


# -- P12: wording of check's errors ---------------------------------------------


def test_column_typo_suggests_the_nearest_column(tmp_path: Path) -> None:
    path = _write(tmp_path / "log.csv", ["x1,1764200000,planner,1"])
    mapping = {"id": "eid", "timestamp": "tss", "actors": "who", "weight": "importance"}
    with pytest.raises(ValueError, match="did you mean") as info:
        load_timeline(path, mapping=mapping)
    text = str(info.value)
    assert "column 'tss' (timestamp) is missing or empty; did you mean 'ts'?" in text
    assert "(columns: eid, ts, who, importance;" in text
    with pytest.raises(ValueError, match=r"column 'id' \(id\) .*did you mean 'eid'\?"):
        load_timeline(path)


def test_naive_timestamp_hint_keeps_the_date(tmp_path: Path) -> None:
    path = _write(tmp_path / "naive.csv", ["x1,2025-11-27T10:01:00,planner,1"])
    mapping = {"id": "eid", "timestamp": "ts", "actors": "who", "weight": "importance"}
    with pytest.raises(ValueError, match="no UTC offset") as info:
        load_timeline(path, mapping=mapping)
    assert "write it as 2025-11-27T10:01:00Z if it is UTC" in str(info.value)
    assert "2026-11-26" not in str(info.value)


def test_check_command_speaks_of_options_and_suggests_functions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT / "docs" / "examples")
    assert tool_main(["check", "policies:keep_recnt"]) == 2
    err = capsys.readouterr().err
    assert "has no function 'keep_recnt'; did you mean 'keep_recent'" in err
    assert tool_main(["check", "policies:zzzz"]) == 2
    assert "its functions: " in capsys.readouterr().err
    log = ["--timelines", "agent_log.csv", "--map", "id=step", "--map", "timestamp=unix_time",
           "--map", "weight=salience", "--map", "actors=agents"]  # fmt: skip
    assert tool_main(["check", "policies:keep_recent", *log, "--focal", "agnt"]) == 2
    err = capsys.readouterr().err
    assert "--focal 'agnt' occurs in no timeline" in err
    assert "pass --focal one of them" in err and "focal=" not in err


def test_not_safe_verdict_does_not_say_as_well() -> None:
    sys.path.insert(0, str(ROOT / "docs" / "examples"))
    try:
        from policies import keep_recent
    finally:
        sys.path.remove(str(ROOT / "docs" / "examples"))
    log = load_timeline(
        ROOT / "docs" / "examples" / "agent_log.csv",
        mapping={"id": "step", "timestamp": "unix_time", "weight": "salience", "actors": "agents"},
    )  # fmt: skip
    report = check_compressor(keep_recent, k=3, timelines=[log], focal="agent", mirage=False)  # fmt: skip
    assert report.safe is False
    assert (
        "(minimal witness below), although the paper's block contract" in report.verdict
    )
    assert "as well" not in report.verdict
