"""A claim stated in parts is only as strong as its weakest part."""

import pytest

from proofs import ClaimCheck, Verdict, check
from proofs.records import Claim, Kind, combine, umbrella


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
    assert combine(parts).verdict is expected


def test_refuted_part_carries_its_counterexample():
    parts = [_part("X-A", Verdict.PROVEN), _part("X-B", Verdict.REFUTED, {"n": 3})]
    result = combine(parts)
    assert result.counterexample == {"n": 3}
    assert "X-A proven; X-B refuted" in result.evidence


def test_empty_parts_are_rejected():
    with pytest.raises(
        ValueError, match="parts must hold at least one part check, got 0"
    ):
        combine([])


def test_umbrella_claim_gets_its_id_from_the_registration():
    """The umbrella check types no id: Claim.run binds the registered one."""
    parts = [lambda: _part("VM-A", Verdict.PROVEN), lambda: _part("VM-B", Verdict.OPEN)]
    whole = Claim("VM-AB", "s", Kind.ARITHMETIC, umbrella(parts)).run()
    assert (whole.claim_id, whole.verdict) == ("VM-AB", Verdict.OPEN)
    assert "VM-A proven; VM-B open" in whole.evidence


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


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: combine("VM-A"), TypeError, "parts must be a sequence of ClaimCheck"),
        (lambda: combine([1]), TypeError, "parts must hold ClaimCheck items, got 1"),
        (lambda: umbrella(3), TypeError, "checks must be a sequence"),
        (lambda: umbrella([1]), TypeError, "checks must hold callables"),
        (lambda: umbrella([]), ValueError, "checks must hold at least one part check"),
    ],
)
def test_bad_parts_are_rejected(call, error, match):
    with pytest.raises(error, match=match):
        call()
