"""Laws of the two context products (VM-P1, VM-P2, VM-P3, VM-R1, VM-NF)."""

from hypothesis import example, given
from hypothesis import strategies as st

from algebra import (
    COMMITTED_IDENTITY,
    IDENTITY,
    CommittedContext,
    Context,
    compose_commit,
    compose_endo,
    is_absorbed,
)
from algebra.strategies import committed_contexts, contexts

KS = st.integers(min_value=0, max_value=8)


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
