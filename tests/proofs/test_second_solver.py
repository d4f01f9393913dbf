"""The second solver: cvc5 confirms every proven verdict on the same SMT-LIB query (issue 28)."""

from __future__ import annotations

from typing import Any

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from proofs import check
from proofs._method import smt
from proofs._method.second import SecondAnswer, second_opinion

_TARGET = "proofs._method.second.second_opinion"


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


def test_every_check_sat_must_be_unsat():
    """Queries joined by (reset): one sat answer is enough to withhold confirmation."""
    unsat = "(declare-fun x () Int)(assert (> x x))(check-sat)"
    sat = "(declare-fun x () Int)(assert (> x 2))(check-sat)"
    assert (
        second_opinion(unsat + "\n(reset)\n(set-logic ALL)\n" + unsat).status == "unsat"
    )
    assert second_opinion(unsat + "\n(reset)\n(set-logic ALL)\n" + sat).status == "sat"


def test_prove_records_each_z3_proof_for_the_second_solver():
    """Every z3 unsat made inside recording() is logged with its SMT-LIB text."""
    x = z3.Int("x")
    with smt.recording() as made:
        result = smt.prove([x > 2], x > 1)
        smt.prove([x > 2], x > 3)  # sat: not a proof, not recorded
    assert result.proved and result.status == "unsat"
    assert [r.query for r in made] == [result.query]
    assert second_opinion(made[0].query).status == "unsat"


def test_disagreement_makes_the_claim_open(monkeypatch):
    """If cvc5 answers otherwise, the proven verdict becomes open with both answers."""
    monkeypatch.setattr(_TARGET, lambda *_a, **_k: SecondAnswer("sat", 0.0))
    row = check("VM-P2")
    assert row.verdict.value == "open"
    assert "z3 unsat, cvc5" in row.evidence and " sat" in row.evidence


def test_solver_error_makes_the_claim_open(monkeypatch):
    """A failing second solver is not a confirmation."""
    monkeypatch.setattr(_TARGET, lambda *_a, **_k: SecondAnswer("error: boom", 0.0))
    row = check("VM-P1")
    assert row.verdict.value == "open"
    assert "error: boom" in row.evidence


def test_proven_claims_say_the_second_solver_agreed_and_print_the_query():
    """A proven SMT claim names cvc5 and its artifact holds the queries cvc5 decided."""
    for claim_id in ("VM-P1", "DL-C2"):
        row = check(claim_id)
        assert row.verdict.value == "proven"
        assert "Second solver: cvc5" in row.evidence
        assert row.artifact is not None and "(check-sat)" in row.artifact
        assert second_opinion(row.artifact).status == "unsat"


def test_non_proven_verdicts_do_not_wait_for_the_second_solver(monkeypatch):
    """cvc5 runs only for proven verdicts: a refuted claim never calls it."""
    calls: list[int] = []

    def fake(*_a: object, **_k: object) -> SecondAnswer:
        calls.append(1)
        return SecondAnswer("unsat", 0.0)

    monkeypatch.setattr(_TARGET, fake)
    assert check("VM-P3-IDEAL").verdict.value == "refuted"
    assert calls == []
    assert check("VM-P1").verdict.value == "proven"
    assert calls


def test_the_limit_is_in_resource_units_and_survives_reset():
    """cvc5's budget is deterministic (rlimit-per) and holds after every (reset)."""
    hard = "(declare-fun x () Int)(assert (> (* x x) (- 1)))(check-sat)"  # ~90 units
    easy = "(declare-fun x () Int)(assert (> x x))(check-sat)"
    assert second_opinion(hard, rlimit=5).status.startswith("unknown")
    again = second_opinion(easy + "\n(reset)\n(set-logic ALL)\n" + hard, rlimit=5)
    assert again.status.startswith("unknown")
    first = second_opinion(easy)
    assert first.status == "unsat" and first.units == second_opinion(easy).units > 0


def test_a_negated_conjunction_is_decided_case_by_case() -> None:
    """(not (and c1 .. cn)) is split in cases: unsat only if every case is, sat if one is."""
    head = "(declare-fun x () Int)(declare-fun y () Int)(assert (> x 2))"
    all_unsat = head + "(assert (not (and (> x 1) (> x 0) (>= x 3))))(check-sat)"
    one_sat = head + "(assert (not (and (> x 1) (> y x) (>= x 3))))(check-sat)"
    assert second_opinion(all_unsat).status == "unsat"
    assert second_opinion(one_sat).status == "sat"
    # a case cvc5 cannot settle within its budget leaves the query undecided
    hard = head + "(assert (not (and (> x 1) (> (* x x) (- 1)))))(check-sat)"
    assert second_opinion(hard, rlimit=5).status.startswith("unknown")
    # after a (reset) the split sees only the new assertions
    again = all_unsat + "\n(reset)\n(set-logic ALL)\n" + one_sat
    assert second_opinion(again).status == "sat"


_OPS = ("<", "<=", "=", ">=", ">")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(_OPS),
            st.sampled_from(("x", "y", "(+ x y)", "(- x y)")),
            st.integers(-3, 3),
        ),
        min_size=1,
        max_size=4,
    ),
    st.lists(
        st.tuples(
            st.sampled_from(_OPS), st.sampled_from(("x", "y")), st.integers(-3, 3)
        ),
        max_size=3,
    ),
)
def test_the_case_split_answers_as_the_whole_query(
    conjuncts: list[tuple[str, str, int]], hypotheses: list[tuple[str, str, int]]
) -> None:
    """Split or not, cvc5's answer is the same, and it is z3's (random linear queries)."""
    import proofs._method.second as second

    def atom(op: str, lhs: str, k: int) -> str:
        return f"({op} {lhs} {k})"

    text = "(declare-fun x () Int)(declare-fun y () Int)"
    text += "".join(f"(assert {atom(*h)})" for h in hypotheses)
    goal = " ".join(atom(*c) for c in conjuncts)
    text += f"(assert (not (and {goal} (> (+ x 100) x))))(check-sat)"
    split = second.second_opinion(text).status
    whole = _without_split(second, text)
    z3_solver = z3.Solver()
    z3_solver.from_string(text)
    assert split == whole == str(z3_solver.check())


def _without_split(module: Any, text: str) -> str:
    saved = module._cases
    module._cases = lambda *_a: None
    try:
        status: str = module.second_opinion(text).status
        return status
    finally:
        module._cases = saved
