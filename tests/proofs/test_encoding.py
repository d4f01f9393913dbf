"""The z3 transcription used by the proofs agrees with the Python implementation."""

from hypothesis import given

from algebra import IDENTITY, compose_commit, compose_endo, is_absorbed
from algebra.strategies import committed_contexts, contexts
from proofs import _encoding as enc


@given(contexts(), contexts())
def test_symbolic_endo_matches_python(a, b):
    """enc.endo evaluated on constants equals compose_endo."""
    assert enc.decode(enc.endo(enc.concrete(a), enc.concrete(b))) == compose_endo(a, b)


@given(committed_contexts(), committed_contexts())
def test_symbolic_commit_matches_python(a, b):
    """enc.commit evaluated on constants equals compose_commit."""
    assert enc.decode(enc.commit(enc.concrete(a), enc.concrete(b))) == compose_commit(
        a, b
    )


@given(contexts())
def test_symbolic_identity_and_absorption_match(a):
    """The symbolic identity and absorbed predicate match the Python ones."""
    import z3

    assert enc.decode(enc.endo(enc.identity(), enc.concrete(a))) == compose_endo(
        IDENTITY, a
    )
    for k in range(4):
        assert z3.is_true(z3.simplify(enc.absorbed(enc.concrete(a), k))) == is_absorbed(
            a, k
        )


def test_vm_p1_proof_fails_on_a_wrong_encoding(monkeypatch):
    """The z3 proof is not vacuous: an off-by-one shift branch is not associative.

    (Forgetting d_total_a would not do: "d_pre of the winning block" is still
    associative, and the Python-side mutant runner catches that one.)
    """
    import z3

    from proofs import _encoding as enc
    from proofs.monoid import CLAIMS

    def wrong(a, b):
        left = enc.key_ge(a, b)
        return enc.Sym(
            z3.Or(a.has, b.has),
            z3.If(left, a.w, b.w),
            a.t + b.t,
            z3.If(left, a.p, a.t + b.p + 1),  # off by one when the pivot moves right
        )

    monkeypatch.setattr(enc, "endo", wrong)
    vm_p1 = next(c for c in CLAIMS if c.id == "VM-P1")
    assert vm_p1.run().verdict.value != "proven"
