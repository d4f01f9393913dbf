"""The second solver: cvc5 confirms every z3 proof on the same SMT-LIB query (issue 28)."""

from __future__ import annotations

import z3

from proofs import check
from proofs._method import smt
from proofs._method.second import SecondAnswer, second_opinion


def test_cvc5_decides_smtlib_text():
    """unsat, sat, and errors as answers (never exceptions)."""
    assert (
        second_opinion("(declare-fun x () Int)(assert (> x x))(check-sat)").status
        == "unsat"
    )
    assert (
        second_opinion("(declare-fun x () Int)(assert (> x 2))(check-sat)").status
        == "sat"
    )
    assert second_opinion("(assert (> x").status.startswith("error")
    assert second_opinion("(assert true)").status.startswith("error: the query has no")


def test_prove_needs_both_solvers():
    """A z3 unsat that cvc5 confirms is proved, with cvc5 named."""
    x = z3.Int("x")
    result = smt.prove([x > 2], x > 1)
    assert result.proved and result.status == "unsat"
    assert result.second.startswith("cvc5")


def test_disagreement_makes_the_claim_open(monkeypatch):
    """If cvc5 answers otherwise, the proof fails and the verdict is open with both answers."""
    monkeypatch.setattr(
        smt, "second_opinion", lambda *_a, **_k: SecondAnswer("sat", 0.0)
    )
    x = z3.Int("x")
    result = smt.prove([x > 2], x > 1)
    assert not result.proved and result.status.startswith("z3 unsat, cvc5")
    row = check("VM-P2")
    assert row.verdict.value == "open"
    assert "z3 unsat" in row.evidence and "sat" in row.evidence


def test_solver_error_makes_the_claim_open(monkeypatch):
    """A failing second solver is not a confirmation."""
    monkeypatch.setattr(
        smt, "second_opinion", lambda *_a, **_k: SecondAnswer("error: boom", 0.0)
    )
    row = check("VM-P1")
    assert row.verdict.value == "open"
    assert "error: boom" in row.evidence


def test_proven_claims_say_the_second_solver_agreed_and_print_the_query():
    """A proven SMT claim names cvc5 and its artifact holds the query cvc5 decided."""
    for claim_id in ("VM-P1", "DL-C2"):
        row = check(claim_id)
        assert row.verdict.value == "proven"
        assert "Second solver: cvc5" in row.evidence
        assert row.artifact is not None and "(check-sat)" in row.artifact
        assert second_opinion(row.artifact).status == "unsat"
