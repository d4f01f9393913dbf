"""``check_monoid(method="smt")``: arguments, counterexamples, open laws, details (issue 33).

Written against the survivors of the mutation run of algebra/laws/_smt.py.
Each refuted law below has one cheapest counterexample (counts first, then
the absolute value of the keys, as the module documents), worked out by hand.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

import pytest
import z3

from algebra import COMMITTED_IDENTITY, IDENTITY, CommittedContext, Context
from algebra.arith import either, ite, key_ge, negate
from algebra.compose import commit_fields, endo_fields
from algebra.laws import check_monoid


def _smt(op: Any, identity: Any, carrier: str, **kw: Any) -> Any:
    return check_monoid(op, identity, carrier, method="smt", **kw)


# --- arguments ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("domain", "error", "message"),
    [
        (
            {3: lambda n: n >= 0},
            TypeError,
            r"^domain keys must be non-empty constraint names, got 3$",
        ),
        (
            {"": lambda n: n >= 0},
            TypeError,
            r"^domain keys must be non-empty constraint names, got ''$",
        ),
        (
            {"x": lambda n: (_ for _ in ()).throw(KeyError("boom"))},
            ValueError,
            r"^domain constraint 'x' could not run on z3 terms \(KeyError: 'boom'\); it takes",
        ),
        (
            {"x": lambda n: n + 1},
            ValueError,
            r"^domain constraint 'x' must return a condition \(a z3 Bool\), got 1$",
        ),
        (
            {"x": lambda n: "n >= 0"},
            ValueError,
            r"^domain constraint 'x' must return a condition \(a z3 Bool\), got 'n >= 0'$",
        ),
    ],
)
def test_bad_domains(domain, error, message):
    with pytest.raises(error, match=message):
        _smt(lambda a, b: a + b, 0, "int", domain=domain)


def test_a_constant_condition_is_accepted():
    assert _smt(lambda a, b: a + b, 0, "int", domain={"always": lambda n: True}).holds


def test_a_named_function_names_its_constraint():
    def non_negative(n: Any) -> Any:
        return n >= 0

    report = _smt(lambda a, b: a + b, 0, "int", domain=non_negative)
    assert report.holds
    assert (
        report["closure"].detail
        == "proven by z3 for every integer satisfying 'non_negative'"
    )


def test_exhaustive_cannot_be_combined_with_smt():
    with pytest.raises(
        TypeError, match=r"^exhaustive= cannot be combined with method='smt'"
    ):
        _smt(lambda a, b: a + b, 0, "int", exhaustive=range(3))


def test_a_wrong_number_of_fields_is_reported_as_it_is():
    with pytest.raises(
        ValueError,
        match=r"^op must return the 3 field\(s\) of the 'context' carrier for method='smt', got ",
    ):
        _smt(lambda aw, at, ap, bw, bt, bp: (aw, at + bt), IDENTITY, "context")


def test_an_identity_outside_the_domain_is_reported_as_it_is():
    with pytest.raises(
        ValueError,
        match=r"^the identity 5 is outside the domain: it breaks the constraint 'small'$",
    ):
        _smt(lambda a, b: a + b, 5, "int", domain={"small": lambda n: n <= 1})


@pytest.mark.parametrize(
    ("exc", "shown"),
    [
        (ValueError("no luck"), "ValueError: no luck"),
        (TypeError("fields of a domain"), "TypeError: fields of a domain"),
        (KeyError("k"), "KeyError: 'k'"),
    ],
)
def test_other_errors_of_op_are_wrapped(exc, shown):
    def op(a: Any, b: Any) -> Any:
        raise exc

    with pytest.raises(
        ValueError,
        match=rf"^op could not run on z3 terms \({shown}\); for method='smt'",
    ):
        _smt(op, 0, "int")


# --- refutations: the cheapest counterexample and both sides ---------------------


def _plus_one_if_b_has_a_key(aw, at, ap, bw, bt, bp):
    w, t, p = endo_fields(aw, at, ap, bw, bt, bp)
    return w, t + ite(negate(key_ge(None, bw)), 1, 0), p


def _plus_one_if_b_is_at_least_half(aw, at, ap, bw, bt, bp):
    w, t, p = endo_fields(aw, at, ap, bw, bt, bp)
    return w, t + ite(key_ge(bw, 0.5), 1, 0), p


def _plus_one_if_b_committed(aw, at, ap, ac, bw, bt, bp, bc):
    w, t, p, c = commit_fields(aw, at, ap, ac, bw, bt, bp, bc)
    return w, t + ite(bc, 1, 0), p, c


def test_the_cheapest_key_is_zero_and_an_int():
    law = _smt(_plus_one_if_b_has_a_key, IDENTITY, "context")["left identity"]
    assert law.holds is False and law.examples_tried == 0
    a = law.counterexample["a"]
    assert a == Context(0, 0, 0) and type(a.w) is int
    assert law.detail == "z3 found a model of the negation; op(identity, a) = (0, 1, 0)"


def test_a_fractional_key_is_a_fraction():
    law = _smt(_plus_one_if_b_is_at_least_half, IDENTITY, "context")["left identity"]
    assert law.counterexample == {"a": Context(Fraction(1, 2), 0, 0)}
    assert type(law.counterexample["a"].w) is Fraction


def test_a_committed_counterexample():
    law = _smt(_plus_one_if_b_committed, COMMITTED_IDENTITY, "committed")[
        "left identity"
    ]
    assert law.counterexample == {"a": CommittedContext(0, 0, 0, True)}
    assert (
        law.detail
        == "z3 found a model of the negation; op(identity, a) = (0, 1, 0, True)"
    )


def test_an_int_counterexample_prefers_zero_to_minus_one():
    # left identity fails for every a <= 0: the smallest |a| is a = 0
    def op(a: Any, b: Any) -> Any:
        return ite(b <= 0, b - 1, b)

    law = _smt(op, 0, "int")["left identity"]
    assert law.counterexample == {"a": 0}
    assert law.detail == "z3 found a model of the negation; op(identity, a) = -1"


def test_an_unconstrained_refutation_has_no_domain_note():
    law = _smt(lambda a, b: a - b, 0, "int")["associativity"]
    assert law.holds is False
    assert law.detail.startswith("z3 found a model of the negation; op(op(a, b), c) = ")
    assert "domain" not in law.detail


def test_a_product_outside_the_carrier_names_every_broken_rule():
    law = _smt(
        lambda aw, at, ap, bw, bt, bp: (None, at - at - 1, ap - ap), IDENTITY, "context"
    )["closure"]
    assert law.holds is False
    assert law.detail.endswith(
        "op(a, b) = (None, -1, 0); op(a, b) breaks the constraints 'd_total >= 0', 'd_pre <= d_total'"
    )


def test_constant_counts_are_a_fields_function_too():
    # A Python constant for a count (d_total = -1, d_pre = 0) is a legitimate
    # fields function: it used to be refused as "could not run on z3 terms".
    law = _smt(lambda aw, at, ap, bw, bt, bp: (None, -1, 0), IDENTITY, "context")[
        "closure"
    ]
    assert law.holds is False
    assert law.detail.endswith(
        "op(a, b) = (None, -1, 0); op(a, b) breaks the constraints 'd_total >= 0', 'd_pre <= d_total'"
    )


def test_a_constant_committed_flag_is_a_fields_function_too():
    report = _smt(
        lambda aw, at, ap, ac, bw, bt, bp, bc: (None, 0, 0, False),
        COMMITTED_IDENTITY,
        "committed",
    )
    assert report["closure"].holds is True
    assert report["associativity"].holds is True


# --- proofs with constant keys and flags -------------------------------------------


FIVE = {"w = 5, d_pre = 0": lambda w, t, p: z3.And(key_ge(w, 5), key_ge(5, w), p == 0)}


def test_a_constant_key_is_compared_as_a_key():
    def keeps_five(aw, at, ap, bw, bt, bp):
        return 5, at + bt, 0

    report = _smt(keeps_five, (5, 0, 0), "context", domain=FIVE)
    assert [law.holds for law in report.laws] == [True] * 4
    assert report["left identity"].examples_tried == 0


def test_a_constant_flag_is_compared_as_a_flag():
    def never_commits(aw, at, ap, ac, bw, bt, bp, bc):
        return (*endo_fields(aw, at, ap, bw, bt, bp), False)

    uncommitted = {"uncommitted": lambda w, t, p, c: z3.Not(c)}
    report = _smt(never_commits, COMMITTED_IDENTITY, "committed", domain=uncommitted)
    assert report.holds


def test_a_constant_missing_key_is_compared_as_a_key():
    def forgets_the_key(aw, at, ap, bw, bt, bp):
        return None, at + bt, 0

    law = _smt(forgets_the_key, IDENTITY, "context")["left identity"]
    # only an element with a key breaks it; the cheapest key is 0
    assert law.counterexample == {"a": Context(0, 0, 0)}


# --- open laws ------------------------------------------------------------------


class _Recording(z3.Solver):
    limits: ClassVar[list[Any]] = []

    def set(self, *args: Any, **kw: Any) -> None:
        _Recording.limits.append(args)
        super().set(*args, **kw)


class _Unknown(z3.Solver):
    def check(self, *args: Any) -> Any:
        return z3.unknown

    def reason_unknown(self) -> str:
        return "canceled"


def test_each_law_gets_a_twenty_second_limit(monkeypatch):
    _Recording.limits = []
    monkeypatch.setattr(z3, "Solver", _Recording)
    assert _smt(lambda a, b: a + b, 0, "int").holds
    assert _Recording.limits == [("timeout", 20_000)] * 4


def test_an_unknown_answer_leaves_the_law_open(monkeypatch):
    monkeypatch.setattr(z3, "Solver", _Unknown)
    report = _smt(lambda a, b: a + b, 0, "int")
    for law in report.laws:
        assert (law.holds, law.method, law.examples_tried) == (None, "smt", 0)
        assert law.counterexample is None
        assert law.detail == "open: z3 answered unknown (canceled)"
    assert report.holds is False


def test_proven_laws_tried_no_examples():
    report = _smt(endo_fields, IDENTITY, "context")
    assert [(law.holds, law.examples_tried) for law in report.laws] == [(True, 0)] * 4


def test_a_constraint_that_returns_a_number_term_is_refused():
    with pytest.raises(
        ValueError,
        match=r"^domain constraint 'x' must return a condition \(a z3 Bool\), got 0 \+ 1$",
    ):
        _smt(lambda a, b: a + b, 0, "int", domain={"x": lambda n: z3.IntVal(n) + 1})


def _plus_one_without_key_or_from_half(aw, at, ap, bw, bt, bp):
    w, t, p = endo_fields(aw, at, ap, bw, bt, bp)
    return w, t + ite(either(key_ge(None, bw), key_ge(bw, 0.5)), 1, 0), p


def test_no_key_is_cheaper_than_any_key():
    # broken without a key (cost 0) and from a key of 1/2 (cost 1/2): no key wins
    law = _smt(_plus_one_without_key_or_from_half, IDENTITY, "context")["left identity"]
    assert law.counterexample == {"a": Context(None, 0, 0)}
