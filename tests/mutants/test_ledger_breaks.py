"""Every claim about a core operator stops settling when that operator is broken (issue 20)."""

import importlib.util
import sys
import tempfile
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location(
    "ledger_breaks", Path(__file__).with_name("ledger_breaks.py")
)
assert _SPEC is not None and _SPEC.loader is not None
lb = importlib.util.module_from_spec(_SPEC)
sys.modules["ledger_breaks"] = lb
_SPEC.loader.exec_module(lb)


def test_break_patterns_occur_once_in_the_package():
    """Each break names an expression that exists, once, in today's code."""
    for name, brk in lb.BREAKS.items():
        source = (lb.ROOT / brk.path).read_text(encoding="utf-8")
        assert source.count(brk.old) == 1, name
        assert brk.claims, name


def test_apply_rejects_a_missing_pattern(tmp_path):
    """A break whose pattern is gone is an error, not a silently intact copy."""
    copy = lb.copy_package(tmp_path / "repo")
    with pytest.raises(ValueError, match="occurs 0 times"):
        lb.apply(
            copy, lb.Break("algebra/compose.py", "no such code", "x", ("VM-P1",), "")
        )


def test_survivors_lists_settled_claims_only():
    """The verdict filter counts proven and verified, nothing else."""
    results = {"b": {"A": "proven", "B": "open", "C": "verified", "D": "error: x"}}
    assert lb.survivors(results) == [("b", "A", "proven"), ("b", "C", "verified")]


@pytest.mark.slow
@pytest.mark.ci_step
def test_every_named_claim_settles_on_the_intact_code():
    """The named claims exist and are proven/verified on the intact package."""
    claims = tuple(sorted({c for brk in lb.BREAKS.values() for c in brk.claims}))
    with tempfile.TemporaryDirectory() as tmp:
        copy = lb.copy_package(Path(tmp) / "repo")
        verdicts = lb.verdicts(copy, claims)
    assert {c: v for c, v in verdicts.items() if v not in lb.SETTLED} == {}


@pytest.mark.slow
@pytest.mark.ci_step
def test_every_break_unsettles_its_claims():
    """With each operator broken, no claim about it says proven or verified."""
    assert lb.survivors(lb.run_claims()) == []
