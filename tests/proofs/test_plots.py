"""The ledger chart stacks verdict counts by source (proofs.plots)."""

from types import SimpleNamespace

import pytest

from proofs import Claim, ClaimCheck, Kind, LedgerEntry, Verdict
from proofs.plots import VERDICT_ORDER, plot_verdicts_by_source, verdict_counts
from proofs.records import SOURCES


def _entry(name, source, verdict):
    claim_id = f"{source}-{name}"
    if source in SOURCES:
        claim = Claim(claim_id, "s", Kind.ARITHMETIC, lambda: None)
    else:  # no Claim takes an unknown tag; a stand-in row with one
        claim = SimpleNamespace(id=claim_id, source=source)
    if verdict is None:
        return LedgerEntry(claim, None, "Traceback: boom")
    return LedgerEntry(claim, ClaimCheck(claim_id, verdict, "e"))


# hand-made ledger: VM 2 proven + 1 refuted, DL 1 verified + 1 crash, ZZ (unknown tag) 1 open
ENTRIES = [
    _entry("A", "DL", Verdict.VERIFIED),
    _entry("B", "VM", Verdict.PROVEN),
    _entry("C", "VM", Verdict.REFUTED),
    _entry("D", "ZZ", Verdict.OPEN),
    _entry("E", "VM", Verdict.PROVEN),
    _entry("F", "DL", None),
]


def test_verdict_counts_by_source_in_theory_order():
    counts = verdict_counts(ENTRIES)
    assert list(counts) == ["VM", "DL", "ZZ"]
    assert counts["VM"] == {
        **dict.fromkeys(VERDICT_ORDER, 0),
        "proven": 2,
        "refuted": 1,
    }
    assert counts["DL"]["verified"] == 1
    assert counts["DL"]["error"] == 1
    assert sum(sum(v.values()) for v in counts.values()) == len(ENTRIES)


def test_bars_stack_counts_in_verdict_order():
    ax = plot_verdicts_by_source(ENTRIES)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["VM", "DL", "ZZ"]
    stacks = {c.get_label(): c for c in ax.containers}
    assert list(stacks) == ["proven", "verified", "open", "refuted", "error"]
    heights = {v: [p.get_height() for p in c.patches] for v, c in stacks.items()}
    assert heights["proven"] == [2, 0, 0]
    assert heights["refuted"] == [1, 0, 0]
    bottoms = [p.get_y() for p in stacks["refuted"].patches]
    assert bottoms == [
        2,
        1,
        1,
    ]  # VM: above 2 proven; DL: above 1 verified; ZZ: above 1 open
    assert [t.get_text() for t in ax.get_legend().get_texts()] == list(stacks)


def test_bad_input():
    with pytest.raises(
        ValueError, match="entries must hold at least one ledger row, got 0"
    ):
        plot_verdicts_by_source([])
