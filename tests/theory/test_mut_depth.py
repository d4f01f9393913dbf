"""theory.depth edges that the law tests leave open (issue 33, item 5).

The survival product of zero hops from a callable (the empty product, 1), and
the refusal of a negative hop count.
"""

from __future__ import annotations

import pytest

from theory.depth import log_survival_product, survival_product


def test_zero_hops_from_a_callable_is_the_empty_product():
    calls: list[int] = []

    def f(k: int) -> float:
        calls.append(k)
        return 0.5

    assert survival_product(f, d=0) == 1.0
    assert log_survival_product(f, d=0) == 0.0
    assert calls == []
    assert survival_product(f, d=1) == 0.5
    assert calls == [1]


@pytest.mark.parametrize("func", [survival_product, log_survival_product])
def test_negative_hops_from_a_callable_are_refused(func):
    with pytest.raises(ValueError, match="d must be >= 0, got -1"):
        func(lambda k: 0.5, d=-1)
