"""Laws of the two context products (VM-P1, VM-P2, VM-P3, VM-R1, VM-NF)."""

import pytest
import z3
from hypothesis import example, given
from hypothesis import strategies as st

from algebra import (
    COMMITTED_IDENTITY,
    IDENTITY,
    CommittedContext,
    Context,
    arith,
    compose_commit,
    compose_endo,
    is_absorbed,
)
from algebra.absorb import absorbed_fields
from algebra.compose import commit_fields, endo_fields
from algebra.contract import contract_fields
from algebra.strategies import committed_contexts, contexts

KS = st.integers(min_value=0, max_value=8)


def _sym(key):
    """A concrete key as a symbolic one: ``None`` is ``has = False``."""
    if key is None:
        return arith.SymbolicKey(z3.BoolVal(False), z3.RealVal(0))
    return arith.SymbolicKey(z3.BoolVal(True), z3.RealVal(key))


@given(contexts(), contexts(), contexts())
@example(
    Context(1, 0, 0), Context(1, 1, 0), Context(2, 0, 0)
)  # tie then a heavier pivot
@example(Context(2, 3, 1), Context(2, 1, 1), Context(None, 2, 0))
def test_vm_p1_compose_endo_associative(a, b, c):
    """(a ⊗ b) ⊗ c == a ⊗ (b ⊗ c)."""
    assert compose_endo(compose_endo(a, b), c) == compose_endo(a, compose_endo(b, c))


@given(contexts())
def test_vm_p2_compose_endo_identity(a):
    """IDENTITY is a two-sided identity."""
    assert compose_endo(IDENTITY, a) == a == compose_endo(a, IDENTITY)


@given(committed_contexts(), committed_contexts(), committed_contexts())
@example(
    CommittedContext(None, 1, 0, False),
    CommittedContext(1, 0, 0, True),
    CommittedContext(2, 1, 1, False),
)
def test_vm_p1_commit_compose_commit_associative(a, b, c):
    """Committed composition is associative."""
    assert compose_commit(compose_commit(a, b), c) == compose_commit(
        a, compose_commit(b, c)
    )


@given(committed_contexts())
def test_vm_p2_commit_compose_commit_identity(a):
    """COMMITTED_IDENTITY is a two-sided identity."""
    assert (
        compose_commit(COMMITTED_IDENTITY, a)
        == a
        == compose_commit(a, COMMITTED_IDENTITY)
    )


def test_compose_endo_pinned_values():
    """Hand-computed products of THEORY.md §1.2 (left wins ties; shift branch adds d_total_A)."""
    assert compose_endo(Context(5, 3, 1), Context(2, 4, 2)) == Context(5, 7, 1)
    assert compose_endo(Context(5, 3, 1), Context(9, 4, 2)) == Context(9, 7, 5)
    assert compose_endo(Context(5, 3, 1), Context(5, 4, 2)) == Context(5, 7, 1)
    assert compose_endo(Context(None, 3, 0), Context(1, 4, 2)) == Context(1, 7, 5)
    assert compose_endo(Context(1, 3, 2), Context(None, 4, 0)) == Context(1, 7, 2)


def test_compose_commit_pinned_values():
    """Hand-computed committed products of THEORY.md §1.3."""
    assert compose_commit(
        CommittedContext(3, 2, 1, True), CommittedContext(9, 4, 4, True)
    ) == (CommittedContext(3, 6, 1, True))
    assert compose_commit(
        CommittedContext(3, 2, 1, False), CommittedContext(9, 4, 4, False)
    ) == CommittedContext(9, 6, 6, False)
    assert compose_commit(
        CommittedContext(9, 2, 1, False), CommittedContext(3, 4, 4, True)
    ) == CommittedContext(9, 6, 1, True)


@given(contexts(), contexts())
def test_vm_nf_compose_endo_closed(a, b):
    """The product of normal-form contexts is in normal form (the constructor re-validates)."""
    out = compose_endo(a, b)
    assert 0 <= out.d_pre <= out.d_total == a.d_total + b.d_total
    assert out.w == max((x.w for x in (a, b) if x.w is not None), default=None)


@given(committed_contexts(), committed_contexts(), KS)
def test_vm_p3_committed_absorbed_stays_absorbed(a, d, k):
    """c_A = 1 and A absorbed => A ⊗commit D absorbed, for every suffix D."""
    if a.committed and is_absorbed(a, k):
        out = compose_commit(a, d)
        assert out.committed
        assert is_absorbed(out, k)


@given(contexts(), contexts())
def test_vm_r1_endo_shift_formula(a, d):
    """A strictly heavier suffix pivot gives d_pre = d_total_A + d_pre_D."""
    if d.w is not None and (a.w is None or d.w > a.w):
        assert compose_endo(a, d).d_pre == a.d_total + d.d_pre


def test_vm_r1_escape_example():
    """An absorbed block escapes under compose_endo but not under compose_commit."""
    a, d, k = Context(1, 3, 0), Context(2, 0, 0), 3
    assert is_absorbed(a, k)
    assert not is_absorbed(compose_endo(a, d), k)
    committed = compose_commit(
        CommittedContext.lift(a, committed=True), CommittedContext.lift(d)
    )
    assert is_absorbed(committed, k)


@given(
    contexts(
        keys=st.tuples(st.integers(0, 2), st.integers(-2, 0), st.sampled_from("ab"))
    )
)
def test_tuple_keys_identity(a):
    """Tuple pivot keys (w, -t, id) work like numbers."""
    assert compose_endo(IDENTITY, a) == a


# --- one definition for ints and z3 terms (issue 20) -----------------------------


@pytest.mark.parametrize(
    ("a", "b", "want"),
    [  # hand-computed: (w, d_total, d_pre) of a ⊗endo b
        ((5, 3, 1), (2, 4, 2), (5, 7, 1)),  # left pivot heavier: keeps d_pre_a
        ((5, 3, 1), (9, 4, 2), (9, 7, 5)),  # pivot moves right: d_total_a + d_pre_b
        ((5, 3, 1), (5, 4, 2), (5, 7, 1)),  # tie: the left pivot wins
        ((None, 2, 0), (3, 1, 1), (3, 3, 3)),  # no left pivot
        ((4, 2, 2), (None, 6, 0), (4, 8, 2)),  # no right pivot
        ((None, 1, 0), (None, 2, 0), (None, 3, 0)),
        ((1, 0, 0), (2, 2, 0), (2, 2, 0)),  # the non-associativity probe
    ],
)
def test_endo_fields_table(a, b, want):
    """endo_fields on hand-computed cases, and compose_endo returns the same."""
    assert endo_fields(*a, *b) == want
    assert compose_endo(Context(*a), Context(*b)) == Context(*want)


@pytest.mark.parametrize(
    ("a", "b", "want"),
    [
        ((3, 2, 1, True), (9, 4, 4, False), (3, 6, 1, True)),  # committed: a kept
        ((3, 2, 1, True), (9, 4, 4, True), (3, 6, 1, True)),
        ((3, 2, 1, False), (9, 4, 4, True), (9, 6, 6, True)),  # shift, flag of b
        ((3, 2, 1, False), (1, 4, 4, False), (3, 6, 1, False)),
        ((None, 2, 0, False), (1, 0, 0, False), (1, 2, 2, False)),
    ],
)
def test_commit_fields_table(a, b, want):
    """commit_fields on hand-computed cases, and compose_commit returns the same."""
    assert commit_fields(*a, *b) == want
    out = compose_commit(CommittedContext(*a), CommittedContext(*b))
    assert out == CommittedContext(*want)


def test_predicates_table():
    """contract_fields and absorbed_fields at their boundaries."""
    assert contract_fields(10, 3, 3) and not contract_fields(10, 2, 3)
    assert contract_fields(2, 2, 3) and not contract_fields(2, 1, 3)
    assert contract_fields(0, 0, 0)
    assert absorbed_fields(2, 3) and not absorbed_fields(3, 3)
    assert not absorbed_fields(0, 0)


def test_arith_concrete():
    """The numeric interface on Python values."""
    assert arith.ite(True, 1, 2) == 1 and arith.ite(False, 1, 2) == 2
    assert arith.maximum(3, 3) == 3 and arith.maximum(2, 7) == 7
    assert arith.minimum(2, 7) == 2 and arith.minimum(9, 4) == 4
    assert arith.both(True, True) and not arith.both(True, False)
    assert arith.either(False, True) and not arith.either(False, False)
    assert arith.negate(False) and not arith.negate(True)
    assert arith.key_ge(None, None) and arith.key_ge(1, None)
    assert not arith.key_ge(None, 0) and not arith.key_ge(1, 2)
    assert not arith.is_symbolic(1) and arith.is_symbolic(z3.Int("x"))


def test_arith_symbolic_matches_concrete():
    """On z3 constants every operation simplifies to the Python answer."""
    values = (-1, 0, 2)
    for x in values:
        for y in values:
            zx, zy = z3.IntVal(x), z3.IntVal(y)
            assert z3.simplify(arith.maximum(zx, zy)).as_long() == max(x, y)
            assert z3.simplify(arith.minimum(zx, zy)).as_long() == min(x, y)
            got = z3.simplify(arith.ite(zx > zy, zx, zy)).as_long()
            assert got == (x if x > y else y)
            for p in (False, True):
                for q in (False, True):
                    bp, bq = z3.BoolVal(p), z3.BoolVal(q)
                    assert z3.is_true(z3.simplify(arith.both(bp, bq))) == (p and q)
                    assert z3.is_true(z3.simplify(arith.either(bp, bq))) == (p or q)
                    assert z3.is_true(z3.simplify(arith.negate(bp))) == (not p)
    keys = (None, 0, 1)
    for a in keys:
        for b in keys:
            sa, sb = _sym(a), _sym(b)
            got = z3.is_true(z3.simplify(arith.key_ge(sa, sb)))
            assert got == arith.key_ge(a, b), (a, b)


@given(contexts(), contexts())
def test_endo_fields_on_z3_constants_equals_compose_endo(a, b):
    """The very same function on z3 constants evaluates to compose_endo's answer."""
    if not all(x.w is None or isinstance(x.w, int) for x in (a, b)):
        return

    key, n = _sym, z3.IntVal
    w, t, p = endo_fields(
        key(a.w), n(a.d_total), n(a.d_pre), key(b.w), n(b.d_total), n(b.d_pre)
    )
    want = compose_endo(a, b)
    assert z3.is_true(z3.simplify(w.has)) == (want.w is not None)
    if want.w is not None:
        assert z3.simplify(w.value).as_fraction() == want.w
    assert z3.simplify(t).as_long() == want.d_total
    assert z3.simplify(p).as_long() == want.d_pre


def test_incomparable_keys_still_name_both():
    """The TypeError for keys of different types names both keys (behaviour kept)."""
    with pytest.raises(TypeError, match=r"a\.w='x' and b\.w=1"):
        compose_endo(Context("x", 0, 0), Context(1, 0, 0))


def test_ite_rejects_a_non_key_mixed_with_a_symbolic_key():
    """A symbolic key cannot be mixed with an arbitrary Python object."""
    with pytest.raises(TypeError, match="key must be None, a number or a SymbolicKey"):
        arith.ite(z3.Bool("c"), _sym(1), "text")
