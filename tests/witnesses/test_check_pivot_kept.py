"""The pivot rule of check_compressor: a compression that keeps no pivot is never safe.

New-user finding 17: a compressor returning ``[]``, or one dropping every focal
event (raw validity 0/5), was "Safe as far as tested" because both contracts
hold vacuously on a block without a pivot (their pivot terms; the block
contract can still fail by its size term, as for a policy that returns []).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from proofs.tool import main as tool_main
from witnesses import CompressorReport, Event, Timeline, check_compressor
from witnesses.semantics import as_semantics

# white-box: the rule's predicate, reached through the loaded module (as a
# monkeypatch target names it), not by a private import
_shrink: Any = sys.modules["witnesses.check._shrink"]


def drop_everything(timeline: Timeline, *, target_size: int) -> list[str]:
    return []


def drop_focal(timeline: Timeline, *, target_size: int) -> list[str]:
    return [e.id for e in timeline.events if "actor_0" not in e.actors][-target_size:]


def keep_heaviest_then_recent(timeline: Timeline, *, target_size: int) -> list[str]:
    focal = [e for e in timeline.events if "actor_0" in e.actors]
    top = max(focal, key=lambda e: (e.weight, -e.timestamp)).id if focal else None
    rest = (
        [i for i in timeline.ids if i != top][-(target_size - 1) :]
        if target_size > 1
        else []
    )
    return ([top] if top else []) + rest


def test_keeping_nothing_is_not_safe_with_a_one_event_witness() -> None:
    report = check_compressor(drop_everything, k=3, seeds=range(5), mirage=False)
    assert report.safe is False
    assert report.invariant.holds is True  # vacuously: the reason for the rule
    rule = report.pivot_kept
    assert rule is not None
    assert (rule.holds, rule.checked, rule.violations, rule.skipped) == (
        False,
        15,
        15,
        0,
    )
    w = rule.witness
    assert w is not None and len(w.timeline) == 1 and w.kept == ()
    assert w.fewest_possible and w.removed == (w.pivot,) == (w.timeline.ids[0],)
    assert "keeps no event: it has no pivot where its input had one" in w.reason
    assert report.verdict.startswith(
        "Not safe under the reference semantics: 15 of 15 compressions keep no "
        "pivot candidate where their input had one"
    )
    assert "the reference's all-pivot invariant, which the reference semantics judges by, holds (9 of 9)" in report.verdict  # fmt: skip
    assert f"To fix: keep {w.pivot}, the input's pivot" in report.verdict
    with pytest.raises(AssertionError, match=r"^Not safe under the reference"):
        report.assert_holds()
    text = str(report)
    assert (
        "the pivot rule (a compressed block keeps a pivot candidate when its input "
        "has one): VIOLATED in 15 of 15 compressions charged"
    ) in text.splitlines()
    d = report.to_dict()
    assert d["safe"] is False
    assert (
        d["pivot_kept"]["violations"] == 15 and d["pivot_kept"]["contract"] == "pivot"
    )


@pytest.mark.parametrize("semantics", ["reference", "paper"])
def test_dropping_every_focal_event_is_not_safe_and_shows_raw_validity(
    semantics: str,
) -> None:
    report = check_compressor(drop_focal, k=3, seeds=range(2), semantics=semantics)
    assert report.block_contract.holds is True  # Definition 2 counts development only
    assert report.safe is False
    assert report.verdict.startswith(
        f"Not safe under the {semantics} semantics: 6 of 6"
    )
    lines = str(report).splitlines()
    # raw validity stands right beside the verdict
    assert lines[1].startswith("Is it safe? Not safe")
    assert lines[2] == (
        "raw validity of the compressed solves: retention 0.1 0.00 [0.00, 0.66] (0/2); "
        "retention 0.3 0.00 [0.00, 0.66] (0/2); retention 0.5 0.00 [0.00, 0.66] (0/2)"
    )
    w = report.pivot_kept.witness if report.pivot_kept else None
    assert w is not None and "none of them" not in w.reason


def test_a_policy_keeping_the_pivot_passes_the_rule_and_pivotless_inputs_are_not_charged() -> (
    None
):
    plain = Timeline(Event(f"x{i}", 0.01 * i, 1.0, {"actor_1"}) for i in range(30))
    report = check_compressor(
        keep_heaviest_then_recent, k=0, seeds=range(2), mirage=False
    )
    rule = report.pivot_kept
    assert rule is not None and rule.holds is True and rule.checked == 6
    assert "VIOLATED" not in str(report)
    mixed = check_compressor(
        drop_everything,
        k=0,
        timelines=[plain, Timeline([Event("p", 0.0, 2.0, {"actor_0"}), *plain])],
        mirage=False,
    )
    rule = mixed.pivot_kept
    assert rule is not None
    assert (rule.checked, rule.skipped, rule.violations) == (3, 3, 3)
    assert "(3 of 6 not charged: " in str(mixed)


def test_the_rule_reads_summaries_as_the_events_they_replace() -> None:
    def summarise_all(timeline: Timeline, *, target_size: int) -> list[Event]:
        return [
            Event(
                "sum",
                timeline.events[0].timestamp,
                max(e.weight for e in timeline.events),
                metadata={"summary_of": list(timeline.ids)},
            )
        ]

    tl = Timeline([Event("p", 0.0, 2.0, {"actor_0"}), Event("q", 0.5, 1.0, {"b"})])
    report = check_compressor(summarise_all, k=0, timelines=[tl], mirage=False)
    assert report.pivot_kept is not None and report.pivot_kept.holds is True


def test_breaks_pivot_needs_a_pivot_in_the_input() -> None:
    s = _shrink.Setting(drop_everything, 0, 10, "actor_0", as_semantics("reference"))
    none = Timeline([Event("a", 0.0, 1.0, {"b"}), Event("c", 0.1, 1.0, {"b"})])
    some = Timeline([Event("a", 0.0, 1.0, {"actor_0"}), Event("c", 0.1, 1.0, {"b"})])
    assert _shrink.breaks_pivot(s, none, 1) is False
    assert _shrink.breaks_pivot(s, some, 1) is True


def test_a_report_built_without_the_rule_keeps_its_old_verdict() -> None:
    report = check_compressor(drop_everything, k=3, seeds=range(2), mirage=False)
    old = CompressorReport.build(
        report.strategy,
        report.semantics,
        report.k,
        report.m,
        report.block_contract,
        report.invariant,
        (),
        judged_by="invariant",
    )
    assert old.pivot_kept is None and old.safe is report.invariant.holds
    assert "pivot rule" not in str(old)
    assert old.to_dict()["pivot_kept"] is None


def test_check_command_exits_1_for_a_policy_that_keeps_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "h4_pol.py").write_text(
        "def nothing(timeline, *, target_size):\n    return []\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    argv = ["check", "h4_pol:nothing", "--seeds", "2", "--no-mirage", "--json"]
    try:
        assert tool_main(argv) == 1
    finally:
        sys.modules.pop("h4_pol", None)
    out = json.loads(capsys.readouterr().out)
    assert out["safe"] is False and out["pivot_kept"]["holds"] is False
