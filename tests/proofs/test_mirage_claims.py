"""Ledger entries of the validity mirage (VM-E58 under both semantics)."""

import dataclasses

from proofs import check
from proofs import mirage as mirage_module
from witnesses.exp58 import run


def test_vm_e58_reference_is_verified_with_the_published_numbers():
    result = check("VM-E58@reference")
    assert result.verdict.value == "verified"
    assert "21.46727272727273" in result.evidence  # WITNESS.md 2.1
    assert "47.08421052631579" in result.evidence


def test_vm_e58_paper_is_conditional_shortfall_differs():
    result = check("VM-E58@paper")
    assert result.verdict.value == "conditional"
    assert "39.02692307692308" in result.evidence  # WITNESS.md decision 2


def test_vm_e58_is_refuted_when_the_witness_fails(monkeypatch):
    real = run()
    broken = dataclasses.replace(real, witness_triple=False)
    monkeypatch.setattr(mirage_module, "run", lambda **kw: broken)
    assert mirage_module.check_exp58("reference").verdict.value == "refuted"
