"""Finite input whose scores overflow float64 is an error, never NaN (h-findings).

``hopfield_update([10, 1], I, beta=1e308)`` returned ``[nan, nan]``, as did
patterns of size 1e160 at ``beta = 1``; ``hopfield_energy`` returned NaN.
"""

from __future__ import annotations

import pytest

from theory.hopfield import hopfield_energy, hopfield_retrieve, hopfield_update

CASES = [
    ([10.0, 1.0], [[1.0, 0.0], [0.0, 1.0]], 1e308),
    ([1e160, 1.0], [[1e160, 0.0], [0.0, 1.0]], 1.0),
    ([1e200, 1e200], [[1e200, 1e200], [1e200, -1e200]], 1.0),
]


@pytest.mark.parametrize(("xi", "patterns", "beta"), CASES)
@pytest.mark.parametrize("fn", [hopfield_update, hopfield_energy, hopfield_retrieve])
def test_an_overflow_is_a_value_error_naming_beta(fn, xi, patterns, beta) -> None:
    with pytest.raises(ValueError, match=r"overflow float64 \(beta="):
        fn(xi, patterns, beta=beta)


def test_the_largest_finite_case_still_answers() -> None:
    xi, patterns = [10.0, 1.0], [[1.0, 0.0], [0.0, 1.0]]
    assert hopfield_update(xi, patterns, beta=1e307).tolist() == [1.0, 0.0]
    assert hopfield_energy(xi, patterns, beta=1e307) == pytest.approx(41.0)
    assert hopfield_retrieve(xi, patterns, beta=1e307).tolist() == [1.0, 0.0]


def test_an_energy_whose_norm_term_overflows_is_refused() -> None:
    # the scores are finite (1e-200 * 1e200 = 1), but xi @ xi is not
    with pytest.raises(ValueError, match=r"overflow float64 \(beta=1.0"):
        hopfield_energy([1e200, 0.0], [[1e-200, 0.0]], beta=1.0)
    assert hopfield_update([1e200, 0.0], [[1e-200, 0.0]], beta=1.0).tolist() == [
        1e-200,
        0.0,
    ]
