"""algebra.tropical's hypothesis sets: k bounds, best weight, lift's exact type (issue 33).

Written against the survivors of the mutation run of algebra/tropical/_semiring.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from algebra.tropical import HypothesisSet, TropicalContext, lift


@dataclass(frozen=True, slots=True)
class SubTropical(TropicalContext):
    pass


@pytest.mark.parametrize("make", [HypothesisSet.zero, HypothesisSet.one])
def test_k_below_zero_is_refused(make):
    with pytest.raises(ValueError, match=r"^k must be >= 0, got -1$"):
        make(-1)
    assert make(0).k == 0


def test_best_weight_is_the_largest_slot():
    assert HypothesisSet(frozenset({0, 2}), (3, None, 9)).best_weight == 9
    assert HypothesisSet(frozenset({1}), (4, 2)).best_weight == 4
    assert HypothesisSet.zero(2).best_weight is None


def test_lift_refuses_a_subclass():
    with pytest.raises(
        TypeError, match=r"^t must be a TropicalContext, got .* of type SubTropical$"
    ):
        lift(SubTropical((None, 5), 1))
    assert lift(TropicalContext((None, 5), 1)) == HypothesisSet(
        frozenset({1}), (None, 5)
    )


def test_the_zero_element_has_no_finite_slot():
    with pytest.raises(
        ValueError,
        match=r"^slots\[0\] must be None \(bottom\) because 0 > max\(totals\)=None",
    ):
        HypothesisSet(frozenset(), (5, None))
