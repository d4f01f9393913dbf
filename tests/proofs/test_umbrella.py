"""A claim stated in parts is only as strong as its weakest part."""

import pytest

from proofs import ClaimCheck, Verdict, check
from proofs._umbrella import combine


def _part(name, verdict, cx=None):
    return ClaimCheck(name, verdict, f"{name} evidence", cx)


@pytest.mark.parametrize(
    ("verdicts", "expected"),
    [
        ([Verdict.PROVEN, Verdict.PROVEN], Verdict.PROVEN),
        ([Verdict.PROVEN, Verdict.VERIFIED], Verdict.VERIFIED),
        ([Verdict.VERIFIED, Verdict.CONDITIONAL, Verdict.PROVEN], Verdict.CONDITIONAL),
        ([Verdict.OPEN, Verdict.CONDITIONAL], Verdict.OPEN),
        ([Verdict.PROVEN, Verdict.REFUTED, Verdict.OPEN], Verdict.REFUTED),
    ],
)
def test_weakest_part_decides(verdicts, expected):
    parts = [_part(f"X-{i}", v) for i, v in enumerate(verdicts)]
    assert combine("X", parts).verdict is expected


def test_refuted_part_carries_its_counterexample():
    parts = [_part("X-A", Verdict.PROVEN), _part("X-B", Verdict.REFUTED, {"n": 3})]
    result = combine("X", parts)
    assert result.claim_id == "X"
    assert result.counterexample == {"n": 3}
    assert "X-A proven; X-B refuted" in result.evidence


def test_empty_parts_are_rejected():
    with pytest.raises(ValueError, match="needs at least one part"):
        combine("X", [])


@pytest.mark.parametrize("claim_id", ["DL-T1", "DL-T2"])
def test_dl_t1_t2_are_no_stronger_than_their_parts(claim_id):
    whole = check(claim_id)
    parts = ("BAYES", "FANO", "EX", "ID", "DPI", "EQ", "CX")
    order = ["proven", "verified", "calibrated", "conditional", "open", "refuted"]
    for suffix in parts:
        try:
            part = check(f"{claim_id}-{suffix}")
        except ValueError:
            continue
        assert order.index(whole.verdict.value) >= order.index(part.verdict.value)
