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
