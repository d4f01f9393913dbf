"""algebra.tropical's element: k bounds, feasibility, exact operand types (issue 33).

Written against the survivors of the mutation run of algebra/tropical/_element.py.
The products and the projection are defined (and proven) for the carrier
itself, so an instance of a subclass is a TypeError naming the argument.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from algebra import Context
from algebra.tropical import (
    HypothesisSet,
    TropicalContext,
    compose_tropical,
    oplus,
    oplus_tropical,
    to_monoid,
)

T = TropicalContext


@dataclass(frozen=True, slots=True)
class SubTropical(TropicalContext):
    pass


@dataclass(frozen=True, slots=True)
class SubSet(HypothesisSet):
    pass


@pytest.mark.parametrize(
    "make",
    [
        lambda k: T.candidate(5, k=k),
        lambda k: T.development(k=k),
        lambda k: T.identity(k=k),
    ],
)
def test_k_below_zero_is_refused_by_every_constructor(make):
    with pytest.raises(ValueError, match=r"^k must be >= 0, got -1$"):
        make(-1)
    assert make(0).k == 0


def test_feasible_reads_the_last_slot():
    assert T.candidate(5, k=0).feasible is True
    assert T.identity(k=0).feasible is False
    assert T((None, 5), 1).feasible is True
    assert T((5, None), 1).feasible is False
    assert T((None, 5, None), 2).feasible is False
    assert T((None, None, 5), 2).feasible is True


def test_to_monoid_refuses_a_subclass():
    with pytest.raises(
        TypeError, match=r"^t must be a TropicalContext, got .* of type SubTropical$"
    ):
        to_monoid(SubTropical((None, 5), 1))
    assert to_monoid(T((None, 5), 1)) == Context(5, 1, 1)


@pytest.mark.parametrize(
    ("a", "b", "name"),
    [
        (SubTropical((5,), 0), T((1,), 0), "a"),
        (T((5,), 0), SubTropical((1,), 0), "b"),
    ],
)
def test_tropical_products_refuse_subclasses(a, b, name):
    pattern = rf"^{name} must be a TropicalContext, got .* of type SubTropical$"
    with pytest.raises(TypeError, match=pattern):
        compose_tropical(a, b)
    with pytest.raises(TypeError, match=pattern):
        oplus_tropical(a, b)


@pytest.mark.parametrize("which", ["a", "b"])
def test_hypothesis_set_sum_refuses_subclasses(which):
    plain = HypothesisSet(frozenset({0}), (5,))
    sub = SubSet(frozenset({0}), (5,))
    a, b = (sub, plain) if which == "a" else (plain, sub)
    with pytest.raises(
        TypeError, match=rf"^{which} must be a HypothesisSet, got .* of type SubSet$"
    ):
        oplus(a, b)
