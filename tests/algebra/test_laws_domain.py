"""``check_monoid(method="smt", domain=...)``: laws over a constrained carrier (issue 35, item 6)."""

from __future__ import annotations

from typing import Any

import pytest

from algebra import IDENTITY, arith
from algebra.compose import endo_fields
from algebra.laws import check_monoid

NONNEG = {"non-negative": lambda n: n >= 0}


def test_a_max_counter_is_refuted_on_int_and_proven_on_the_non_negative_domain() -> (
    None
):
    plain = check_monoid(arith.maximum, 0, "int", method="smt")
    assert plain["left identity"].holds is False
    assert plain["left identity"].counterexample == {"a": -1}
    proven = check_monoid(arith.maximum, 0, "int", method="smt", domain=NONNEG)
    assert proven.holds
    assert (
        proven["associativity"].detail
        == "proven by z3 for every integer satisfying 'non-negative'"
    )
    assert "on the domain 'non-negative'" in str(proven)


def test_a_closure_refutation_names_the_broken_constraint() -> None:
    r = check_monoid(lambda a, b: a - b, 0, "int", method="smt", domain=NONNEG)
    assert r["closure"].holds is False
    assert r["closure"].detail.endswith("op(a, b) breaks the constraint 'non-negative'")
    assert r["closure"].counterexample == {"a": 0, "b": 1}
    # associativity fails too, with inputs inside the domain, and says so
    assert r["associativity"].holds is False
    assert r["associativity"].detail.endswith(
        "(a, b, c satisfy every domain constraint)"
    )


def _pre_overflows(w1: Any, t1: Any, p1: Any, w2: Any, t2: Any, p2: Any) -> Any:
    # d_pre grows past d_total: the carrier's own constraint breaks
    w, t, p = endo_fields(w1, t1, p1, w2, t2, p2)
    return w, t, p + t2 + 1


def test_the_carriers_own_constraints_are_named() -> None:
    r = check_monoid(_pre_overflows, IDENTITY, "context", method="smt")
    assert r["closure"].holds is False
    assert "op(a, b) breaks the constraint" in r["closure"].detail
    assert "'d_pre <= d_total'" in r["closure"].detail


def test_a_context_domain_is_proven_under_its_constraint() -> None:
    bounded = {"d_total <= 5": lambda w, t, p: t <= 5}
    r = check_monoid(endo_fields, IDENTITY, "context", method="smt", domain=bounded)
    assert r["associativity"].holds is True
    # the product of two blocks of 5 has 10 development events
    assert r["closure"].holds is False
    assert r["closure"].detail.endswith("op(a, b) breaks the constraint 'd_total <= 5'")


def test_domain_arguments_are_checked() -> None:
    with pytest.raises(
        ValueError,
        match="the identity -1 is outside the domain: it breaks the constraint 'non-negative'",
    ):
        check_monoid(arith.maximum, -1, "int", method="smt", domain=NONNEG)
    with pytest.raises(TypeError, match="domain= applies to method='smt'"):
        check_monoid(max, 0, range(3), domain=NONNEG)
    with pytest.raises(TypeError, match="domain must be a callable or a mapping"):
        check_monoid(arith.maximum, 0, "int", method="smt", domain=3)
    with pytest.raises(TypeError, match=r"domain\['x'\] must be callable"):
        check_monoid(arith.maximum, 0, "int", method="smt", domain={"x": 3})
    with pytest.raises(ValueError, match="must return a condition"):
        check_monoid(
            arith.maximum, 0, "int", method="smt", domain={"x": lambda n: "yes"}
        )
    with pytest.raises(ValueError, match="could not run on z3 terms"):
        check_monoid(
            arith.maximum, 0, "int", method="smt", domain={"x": lambda n, m: n}
        )
    with pytest.raises(ValueError, match="at least one constraint"):
        check_monoid(arith.maximum, 0, "int", method="smt", domain={})
    named = check_monoid(arith.maximum, 0, "int", method="smt", domain=lambda n: n >= 0)
    assert named.holds and "'domain'" in named["closure"].detail
