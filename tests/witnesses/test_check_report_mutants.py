"""witnesses.check's report: its verdict sentence and text, from hand-made results.

Written against the survivors of the mutation run (issue 33): each case builds
the two contracts' results by hand and pins the sentence and lines a user reads.
"""

from __future__ import annotations

import pytest

from witnesses.check import CompressorReport, ContractResult, Witness
from witnesses.events import Event, Timeline

WHY = (
    "the two can disagree because Definition 2 only asks the compressed block to "
    "keep min(d_total, k) development events, which protects a later, heavier "
    "pivot, while the invariant asks each of the block's own top-M pivots to keep "
    "k development events before it."
)
BLOCK = "the paper's block contract (VM Definition 2)"
INVARIANT = "the reference's all-pivot invariant"


def _result(contract, holds, checked=5, violations=0, skipped=0, witness=None):
    return ContractResult(contract, holds, checked, violations, skipped, witness)


def _report(block, invariant, judged_by="invariant"):
    return CompressorReport.build(
        "last_n", "reference", 3, 2, block, invariant, (), judged_by=judged_by,
        notes=("n1",),
    )  # fmt: skip


def test_safe_judge_and_other_holding_as_well():
    r = _report(_result("block", True, 4), _result("invariant", True, 6, skipped=1))
    assert r.safe is True and r.judged_by == "invariant"
    assert r.verdict == (
        "Safe as far as tested under the reference semantics, which judges by "
        f"{INVARIANT}: no violation in 6 of 6 compressions charged; {BLOCK} "
        f"holds as well (4 of 4); {WHY}"
    )
    r.assert_holds()


def test_not_safe_although_the_other_holds():
    r = _report(_result("block", True, 4), _result("invariant", False, 6, 2, 1))
    assert r.safe is False
    assert r.verdict == (
        "Not safe under the reference semantics, which judges by "
        f"{INVARIANT}: violated in 2 of 6 compressions charged (minimal witness "
        f"below), although {BLOCK} holds (4 of 4); {WHY}"
    )
    with pytest.raises(AssertionError, match=r"^Not safe under"):
        r.assert_holds()


def test_both_violated_judged_by_the_block():
    r = _report(
        _result("block", False, 7, 3), _result("invariant", False, 6, 1),
        judged_by="block",
    )  # fmt: skip
    assert (r.safe, r.judged_by) == (False, "block")
    assert r.verdict == (
        f"Not safe under the reference semantics, which judges by {BLOCK}: "
        "violated in 3 of 7 compressions charged (minimal witness below); "
        f"{INVARIANT} is violated in 1 of 6; {WHY}"
    )


def test_not_checked_is_neither_safe_nor_a_pass():
    r = _report(
        _result("block", None, 0, skipped=4), _result("invariant", None, 0, skipped=3)
    )
    assert r.safe is None
    assert r.verdict == (
        "Not checked under the reference semantics, which judges by "
        f"{INVARIANT}: no compression was charged (0 of 3: every input already "
        f"broke it), so there is no evidence either way; {BLOCK} was not "
        f"checked (0 of 4 charged); {WHY}"
    )
    with pytest.raises(AssertionError, match=r"^Not checked"):
        r.assert_holds()


def _witness(**changes):
    timeline = Timeline(
        [
            Event("e1", 1.0, 2.5, actors=("b", "a")),
            Event("e2", 2.25, 0.5),
        ]
    )
    base = {
        "timeline": timeline, "target_size": 1, "kept": ("e2",),
        "reason": "j_dev 0 < k 3", "minimal": True, "shrunk_from": 40,
        "pivot": "e1", "removed": ("e1",), "suggestion": "keep e1", "calls": 12,
    }  # fmt: skip
    return Witness(**{**base, **changes})


def test_the_text_of_a_violation_with_its_witness():
    inv = _result("invariant", False, 6, 2, 1, _witness())
    r = _report(_result("block", True, 4), inv)
    assert r.verdict.endswith(f"{WHY} To fix: keep e1.")
    lines = str(r).splitlines()
    assert lines[0] == "check_compressor(last_n, k=3, m=2, semantics='reference')"
    assert lines[1] == f"Is it safe? {r.verdict}"
    assert lines[2] == "note: n1"
    assert lines[3] == f"{BLOCK}: holds in 4 of 4 compressions charged"
    assert lines[4:] == [
        f"{INVARIANT}: VIOLATED in 2 of 6 compressions charged (1 of 7 not "
        "charged: their input already broke it)",
        "  witness (1-minimal, shrunk from 40 events in 12 calls): 2 events, "
        "target_size=1, kept ['e2']",
        "          e1  t=1.0000  weight=2.5000  actors=['a', 'b']",
        "          e2  t=2.2500  weight=0.5000  actors=[]",
        "  why: j_dev 0 < k 3",
        "  to fix: keep e1",
    ]


@pytest.mark.parametrize(
    ("changes", "how", "events"),
    [
        ({"minimal": False}, "not fully shrunk", "2 events"),
        (
            {"fewest_possible": True, "minimal": False},
            "as small as any violation can be",
            "2 events",
        ),
        (
            {"timeline": Timeline([Event("e9", 0.0, 1.0)]), "suggestion": ""},
            "1-minimal",
            "1 event,",
        ),
    ],
)
def test_how_a_witness_is_described(changes, how, events):
    r = _report(
        _result("block", True, 4),
        _result("invariant", False, 6, 2, 0, _witness(**changes)),
    )
    text = str(r)
    assert f"  witness ({how}, shrunk from 40 events in 12 calls): {events}" in text
    assert ("  to fix: " in text) is bool(_witness(**changes).suggestion)
    assert ("To fix:" in r.verdict) is bool(_witness(**changes).suggestion)


def test_not_checked_text_and_dicts():
    r = _report(_result("block", None, 0, skipped=4), _result("invariant", True, 2))
    lines = str(r).splitlines()
    assert (
        f"{BLOCK}: NOT CHECKED: 0 of 4 compressions charged (4 of 4 not charged: "
        "their input already broke it)"
    ) in lines
    d = r.to_dict()
    assert list(d) == [
        "strategy", "semantics", "k", "m", "safe", "judged_by", "verdict", "notes",
        "block_contract", "invariant", "pivot_kept", "rates",
    ]  # fmt: skip
    assert d["block_contract"] == {
        "contract": "block", "holds": None, "checked": 0, "violations": 0,
        "skipped": 4, "witness": None,
    }  # fmt: skip
    w = _witness().to_dict()
    assert w["events"][0] == {
        "id": "e1",
        "timestamp": 1.0,
        "weight": 2.5,
        "actors": ["a", "b"],
    }
    assert (w["kept"], w["removed"], w["pivot"], w["calls"]) == (
        ["e2"],
        ["e1"],
        "e1",
        12,
    )
    assert _result("block", True).title == BLOCK


def test_witness_defaults():
    w = Witness(Timeline([Event("e1", 0.0, 1.0)]), 1, (), "r", True, 5)
    assert (w.fewest_possible, w.pivot, w.removed, w.suggestion, w.calls) == (
        False,
        None,
        (),
        "",
        0,
    )


def test_the_mirage_lines_by_retention():
    from witnesses import Trial
    from witnesses.rates import rates

    trials = [
        Trial("t1", "c", budget=0.5, raw_validity=True, fixed_feasible=True),
        Trial("t2", "c", budget=0.25, raw_validity=False),
    ]
    cells = tuple(rates(trials, by=("budget",)))
    ok = _result("block", True, 1)
    r = CompressorReport.build(
        "s", "reference", 3, 2, ok, _result("invariant", True, 1), cells,
        judged_by="invariant",
    )  # fmt: skip
    assert str(r).splitlines()[-3:] == [
        "mirage diagnostics by retention (Wilson 95% intervals; the contracts "
        "promise feasibility, not that the solver keeps the full pivot):",
        "  retention 0.25: raw validity 0.00 [0.00, 0.79] (0/1); pivot preservation "
        "n/a (0 trials); fixed pivot feasibility n/a (0 trials)",
        "  retention 0.5: raw validity 1.00 [0.21, 1.00] (1/1); pivot preservation "
        "n/a (0 trials); fixed pivot feasibility 1.00 [0.21, 1.00] (1/1)",
    ]
    assert "mirage diagnostics" not in str(_report(ok, _result("invariant", True, 1)))
