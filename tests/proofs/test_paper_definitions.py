"""VM-TP, VM-SOLVER, VM-ABSORB: the paper's own definitions, and that each check can fail."""

from __future__ import annotations

from proofs import check
from proofs.claims.vm.witness import (
    check_vm_absorb_def,
    check_vm_solver_def,
    check_vm_tp_def,
)
from witnesses import solve


def test_the_paper_definitions_hold_on_their_domains():
    for claim_id in ("VM-TP", "VM-SOLVER", "VM-ABSORB"):
        assert check(claim_id).verdict.value == "verified", claim_id


def _reference(timeline, **kwargs):
    return solve(timeline, **{**kwargs, "solver": "reference", "endogenous": False})


def test_tp_and_solver_checks_catch_the_reference_solver(monkeypatch):
    """The reference solver's pivot and optimum differ from the paper's definitions."""
    monkeypatch.setattr("proofs.claims.vm.witness._paper.solve", _reference)
    assert check_vm_tp_def(max_events=4).verdict.value == "refuted"
    assert check_vm_solver_def(max_events=4).verdict.value == "refuted"


def test_absorb_check_catches_an_off_by_one(monkeypatch):
    monkeypatch.setattr(
        "proofs.claims.vm.witness._paper.is_absorbed", lambda ctx, k: ctx.d_pre <= k
    )
    result = check_vm_absorb_def(bound=2)
    assert result.verdict.value == "refuted"
    assert result.counterexample is not None
