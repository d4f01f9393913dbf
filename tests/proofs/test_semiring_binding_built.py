"""The binding check builds each operation once and substitutes (issue 30).

:class:`proofs.claims.vm.semiring._bind._Built` must give, for every element
pair of the bounded domain, the values the operation built on the encoded
constants gives (the old path, which rebuilt every term for every pair).
"""

from __future__ import annotations

import itertools
import sys
from typing import Any

import pytest

import proofs.claims.vm.semiring
from algebra.tropical import to_matrix

# the binding and the transcription are private: read from sys.modules
bind: Any = sys.modules["proofs.claims.vm.semiring._bind"]
sym: Any = sys.modules["proofs.claims.vm.semiring._smt"]
assert proofs.claims.vm.semiring is not None


def _values(elem: Any) -> tuple[Any, ...]:
    terms = [*elem.w, *([] if elem.d is None else [elem.d]), *elem.ds]
    return tuple(bind._value(t) for t in terms)


def _cases(k: int) -> list[tuple[Any, list[Any]]]:
    trop = [bind._enc_tropical(t) for t in bind._tropicals(k)]
    sets = list(bind._sets(k))
    return [
        (sym.tropical("max", k), trop),
        (sym.hypothesis_sets(k), [bind._enc_set(h, k) for h in sets]),
        (sym.matrices(k + 2), [bind._enc_matrix(to_matrix(h)) for h in sets]),
    ]


@pytest.mark.parametrize("k", bind.KS)
def test_built_operations_equal_the_rebuilt_ones(k: int) -> None:
    step = 1 if k == 0 else 7  # k = 1: every 7th pair (the whole domain is the claim's)
    compared = 0
    for alg, elems in _cases(k):
        for op in (alg.mul, alg.add):
            built = bind._Built(op, alg.fresh)
            pairs = list(itertools.product(elems, repeat=2))[::step]
            for x, y in pairs:
                assert _values(built(x, y)) == _values(op(x, y))
                compared += 1
    assert compared > (100 if k == 0 else 300)


def test_a_swapped_substitution_is_seen() -> None:
    """The comparison above can fail: operands swapped give other values somewhere."""
    alg = sym.tropical("max", 1)
    elems = [bind._enc_tropical(t) for t in bind._tropicals(1)]
    built = bind._Built(alg.mul, alg.fresh)
    assert any(
        _values(built(y, x)) != _values(alg.mul(x, y))
        for x, y in itertools.product(elems, repeat=2)
    )


def test_the_public_substitution_gives_the_same_terms(monkeypatch) -> None:
    """A z3 without its private ``_to_expr_ref`` takes ``z3.substitute``: same values."""
    alg = sym.tropical("max", 1)
    elems = [bind._enc_tropical(t) for t in bind._tropicals(1)]
    built = bind._Built(alg.add, alg.fresh)
    fast = [_values(built(x, y)) for x, y in itertools.product(elems, repeat=2)]
    monkeypatch.setattr("proofs.claims.vm.semiring._bind._to_expr_ref", None)
    slow = [_values(built(x, y)) for x, y in itertools.product(elems, repeat=2)]
    assert slow == fast
    assert slow == [
        _values(alg.add(x, y)) for x, y in itertools.product(elems, repeat=2)
    ]
