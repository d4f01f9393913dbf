"""algebra.laws: our own operators pass, broken ones fail with minimal counterexamples.

Expected counterexamples are worked out by hand from the definitions (THEORY.md
§1.2-1.4) and re-checked here by brute force, not copied from a run.
"""

import json
import subprocess
import sys
from itertools import product

import pytest

from algebra import (
    COMMITTED_IDENTITY,
    IDENTITY,
    CommittedContext,
    Context,
    compose_commit,
    compose_endo,
    from_events,
    is_absorbed,
)
from algebra.arith import ite, key_ge
from algebra.compose import commit_fields, endo_fields
from algebra.laws import (
    LawReport,
    check_homomorphism,
    check_ideal,
    check_monoid,
)
from algebra.strategies import (
    committed_contexts,
    contexts,
    timelines,
    tropical_contexts,
)
from algebra.tropical import TropicalContext, compose_tropical, tropical_from_events

DOMAIN = [
    Context(w, d, p)
    for w in (None, 0, 1)
    for d in range(3)
    for p in range(d + 1)
    if w is not None or p == 0
]
COMMITTED = [
    CommittedContext(c.w, c.d_total, c.d_pre, flag)
    for c in DOMAIN
    for flag in (False, True)
    if c.w is not None or not flag
]
SEGMENTS = [list(s) for n in range(4) for s in product([None, 0, 1], repeat=n)]


# --- the five operators of the issue (and one that is not associative) ---


def ties_right(a, b):
    if b.w is not None and (a.w is None or b.w >= a.w):
        return Context(b.w, a.d_total + b.d_total, a.d_total + b.d_pre)
    return Context(a.w, a.d_total + b.d_total, a.d_pre)


def forgets_shift(a, b):
    if b.w is not None and (a.w is None or b.w > a.w):
        return Context(b.w, a.d_total + b.d_total, b.d_pre)
    return Context(a.w, a.d_total + b.d_total, a.d_pre)


def sums_prefix(a, b):
    keys = [k for k in (a.w, b.w) if k is not None]
    return Context(
        max(keys) if keys else None, a.d_total + b.d_total, a.d_pre + b.d_pre
    )


def shifts_by_total(a, b):
    if b.w is not None and (a.w is None or b.w > a.w):
        return Context(b.w, a.d_total + b.d_total, a.d_total + b.d_total)
    return Context(a.w, a.d_total + b.d_total, a.d_pre)


def shifts_by_total_fields(aw, at, ap, bw, bt, bp):
    left = key_ge(aw, bw)
    return ite(left, aw, bw), at + bt, ite(left, ap, at + bt)


# --- eat our own cooking ---


def test_compose_endo_monoid_exhaustive():
    report = check_monoid(compose_endo, IDENTITY, DOMAIN)
    report.assert_holds()
    assert report["associativity"].examples_tried == len(DOMAIN) ** 3
    assert report["associativity"].method == "exhaustive"


def test_compose_endo_monoid_sampled_and_exhaustive():
    report = check_monoid(compose_endo, IDENTITY, contexts(), exhaustive=DOMAIN)
    report.assert_holds()
    assert report["associativity"].method == "exhaustive+hypothesis"
    assert report["associativity"].examples_tried > len(DOMAIN) ** 3


def test_from_events_homomorphism_onto_compose_endo():
    check_homomorphism(from_events, compose_endo, SEGMENTS).assert_holds()
    check_homomorphism(from_events, compose_endo, timelines()).assert_holds()


def test_compose_commit_monoid():
    check_monoid(compose_commit, COMMITTED_IDENTITY, COMMITTED).assert_holds()
    check_monoid(
        compose_commit, COMMITTED_IDENTITY, committed_contexts()
    ).assert_holds()


def test_tropical_product_monoid_and_homomorphism():
    e = TropicalContext.identity(k=2)
    check_monoid(compose_tropical, e, tropical_contexts(k=2)).assert_holds()
    lift = lambda events: tropical_from_events(events, k=2)  # noqa: E731
    check_homomorphism(lift, compose_tropical, SEGMENTS).assert_holds()


def test_vm_p3_committed_absorbed_is_right_ideal_not_left():
    """VM-P3 holds on the right; the set is not a left (so not two-sided) ideal."""
    absorbed = lambda c: c.committed and is_absorbed(c, 2)  # noqa: E731
    report = check_ideal(compose_commit, absorbed, COMMITTED, side="two-sided")
    assert report["right absorption"].holds is True
    left = report["left absorption"]
    assert left.holds is False
    a, s = left.counterexample["a"], left.counterexample["s"]
    assert absorbed(a) and not absorbed(compose_commit(s, a))


def test_vm_r1_endo_absorption_escapes():
    report = check_ideal(compose_endo, lambda c: is_absorbed(c, 1), DOMAIN)
    assert report["right absorption"].counterexample == {
        "a": Context(None, 1, 0),
        "s": Context(0, 0, 0),
    }


def test_ideal_with_empty_premise_is_open():
    report = check_ideal(compose_endo, lambda c: False, DOMAIN)
    assert report["right absorption"].holds is None
    assert not report.holds
    with pytest.raises(AssertionError, match="OPEN"):
        report.assert_holds()


# --- the broken operators: minimal counterexamples, exhaustive and shrunk ---


@pytest.mark.parametrize(
    ("op", "expected"),
    [
        (ties_right, {"a": [0], "b": [None, 0]}),
        (forgets_shift, {"a": [None], "b": [0]}),
        (sums_prefix, {"a": [None], "b": [0]}),
    ],
)
def test_broken_operators_are_monoids_but_not_homomorphisms(op, expected):
    check_monoid(op, IDENTITY, DOMAIN).assert_holds()
    exhaustive = check_homomorphism(from_events, op, SEGMENTS)["homomorphism"]
    assert exhaustive.holds is False
    assert exhaustive.counterexample == expected
    sampled = check_homomorphism(from_events, op, timelines())["homomorphism"]
    assert sampled.method == "hypothesis"
    assert sampled.counterexample == expected


def test_identity_that_adds_one_fails_both_identity_laws():
    report = check_monoid(compose_endo, Context(None, 1, 0), DOMAIN)
    assert report["associativity"].holds is True
    for name in ("left identity", "right identity"):
        assert report[name].counterexample == {"a": IDENTITY}
        assert report[name].examples_tried == 1


def test_non_associative_operator_counterexample_is_minimal():
    found = check_monoid(shifts_by_total, IDENTITY, DOMAIN)["associativity"]
    a, b, c = (found.counterexample[x] for x in "abc")
    ab_c = shifts_by_total(shifts_by_total(a, b), c)
    assert ab_c != shifts_by_total(a, shifts_by_total(b, c))
    order = sorted(DOMAIN, key=lambda x: x.d_total + x.d_pre + (x.w or 0))
    rank = {x: i for i, x in enumerate(order)}
    failing = [
        t
        for t in product(order, repeat=3)
        if shifts_by_total(shifts_by_total(*t[:2]), t[2])
        != shifts_by_total(t[0], shifts_by_total(*t[1:]))
    ]
    smallest = min(max(rank[x] for x in t) for t in failing)
    assert max(rank[x] for x in (a, b, c)) == smallest


def test_exhaustive_minimal_against_brute_force():
    op = lambda a, b: (a * b + a) % 7  # noqa: E731
    found = check_monoid(op, 0, range(7))["associativity"].counterexample
    failing = [
        t
        for t in product(range(7), repeat=3)
        if op(op(t[0], t[1]), t[2]) != op(t[0], op(t[1], t[2]))
    ]
    best = min(failing, key=lambda t: (max(t), sum(t), t))
    assert tuple(found.values()) == best


def test_sampled_is_deterministic():
    runs = [
        check_homomorphism(from_events, ties_right, timelines()).to_dict()
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


# --- method="smt" on the code itself ---


def test_smt_proves_our_products():
    for op, e, carrier in (
        (endo_fields, IDENTITY, "context"),
        (commit_fields, COMMITTED_IDENTITY, "committed"),
        (lambda a, b: a + b, 0, "int"),
    ):
        report = check_monoid(op, e, carrier, method="smt")
        report.assert_holds()
        assert {law.method for law in report.laws} == {"smt"}


def test_smt_refutes_with_a_real_counterexample():
    law = check_monoid(shifts_by_total_fields, IDENTITY, "context", method="smt")[
        "associativity"
    ]
    assert law.holds is False
    a, b, c = (law.counterexample[x] for x in "abc")
    assert shifts_by_total(shifts_by_total(a, b), c) != shifts_by_total(
        a, shifts_by_total(b, c)
    )
    ident = check_monoid(endo_fields, (None, 1, 0), "context", method="smt")
    assert ident["left identity"].counterexample["a"].d_total == 0
    minus = check_monoid(lambda a, b: a - b, 0, "int", method="smt")
    x, y, z = minus["associativity"].counterexample.values()
    assert (x - y) - z != x - (y - z)


def test_smt_closure_catches_a_product_that_leaves_the_carrier():
    def careless_ties_right(aw, at, ap, bw, bt, bp):
        right = key_ge(bw, aw)  # true when neither block has a pivot
        return ite(right, bw, aw), at + bt, ite(right, at + bp, ap)

    law = check_monoid(careless_ties_right, IDENTITY, "context", method="smt")[
        "closure"
    ]
    assert law.holds is False
    a, b = law.counterexample["a"], law.counterexample["b"]
    fields = careless_ties_right(a.w, a.d_total, a.d_pre, b.w, b.d_total, b.d_pre)
    with pytest.raises(ValueError, match="must be 0 when the block has no pivot"):
        Context(*fields)


# --- the report ---


def test_report_str_dict_and_assert():
    report = check_homomorphism(from_events, forgets_shift, SEGMENTS)
    text = str(report)
    assert "VIOLATED" in text and "a = [None], b = [0]" in text
    assert json.loads(json.dumps(report.to_dict()))["laws"][0]["counterexample"] == {
        "a": "[None]",
        "b": "[0]",
    }
    with pytest.raises(AssertionError, match="counterexample: a = \\[None\\]"):
        report.assert_holds()
    with pytest.raises(KeyError, match="no law named"):
        report["commutativity"]
    assert isinstance(report, LawReport)


def test_algebra_does_not_import_hypothesis():
    code = (
        "import sys, algebra, algebra.laws\n"
        "from algebra.laws import check_monoid\n"
        "check_monoid(max, 0, range(3)).assert_holds()\n"
        "assert 'hypothesis' not in sys.modules, 'hypothesis imported'\n"
        "assert 'z3' not in sys.modules, 'z3 imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- bad input ---


def _raises_on_zero(a, b):
    return a // b


BAD = [
    (lambda: check_monoid(3, 0, range(3)), TypeError, "op must be callable, got 3"),
    (lambda: check_monoid(max, 0, []), ValueError, "elements is empty"),
    (lambda: check_monoid(max, 0, 5), TypeError, "elements must be a finite iterable or a hypothesis strategy, got 5"),
    (lambda: check_monoid(max, 0, range(3), eq="=="), TypeError, "eq must be callable"),
    (lambda: check_monoid(max, 0, range(3), max_examples=0), ValueError, "max_examples must be >= 1, got 0"),
    (lambda: check_monoid(max, 0, range(3), max_examples=True), TypeError, "max_examples must be an int"),
    (lambda: check_monoid(max, 0, range(200)), ValueError, "8,000,000 tuples"),
    (lambda: check_monoid(max, 0, range(3), exhaustive=range(3)), TypeError, "exhaustive= needs a hypothesis strategy"),
    (lambda: check_monoid(_raises_on_zero, 1, range(3)), ValueError, r"op raised ZeroDivisionError: integer division or modulo by zero on \(a=0, b=0\)"),
    (lambda: check_monoid(max, 0, range(3), eq=lambda x, y: 1 / 0), ValueError, "eq raised ZeroDivisionError"),
    (lambda: check_monoid(max, 0, range(3), method="z3"), ValueError, "method must be one of 'auto', 'smt', got 'z3'"),
    (lambda: check_monoid(endo_fields, IDENTITY, "contexts", method="smt"), ValueError, "must name a carrier"),
    (lambda: check_monoid(forgets_shift, IDENTITY, "context", method="smt"), ValueError, "could not run on z3 terms"),
    (lambda: check_homomorphism(len, max, SEGMENTS, concat=1), TypeError, "concat must be callable"),
    (lambda: check_homomorphism(None, max, SEGMENTS), TypeError, "summarize must be callable"),
    (lambda: check_ideal(max, None, range(3)), TypeError, "predicate must be callable"),
    (lambda: check_ideal(max, bool, range(3), side="middle"), ValueError, "side must be one of 'right', 'left', 'two-sided', got 'middle'"),
]  # fmt: skip


@pytest.mark.parametrize(("call", "error", "match"), BAD)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_operator_that_raises_in_hypothesis_is_shrunk():
    with pytest.raises(ValueError, match=r"op raised ZeroDivisionError.*\(a=0, b=0\)"):
        check_monoid(_raises_on_zero, 1, __import__("hypothesis").strategies.integers())
