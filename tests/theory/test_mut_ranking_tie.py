"""friedman_nemenyi: a pair exactly at the critical difference is not significant (issue 33, mutants of _ranking.py).

The docstring: pairs "whose mean ranks differ by more than CD". The level
0.9347401961694148 (found by bisection on scipy's studentized range) makes
CD = q sqrt(k (k + 1) / (6 n)) exactly 1.0 for k = 3, n = 10, the gap of the
adjacent mean ranks 1, 2, 3.
"""

import pytest

from theory.inference import friedman_nemenyi


def test_a_gap_equal_to_the_critical_difference_is_not_significant():
    res = friedman_nemenyi([[0.9, 0.5, 0.1]] * 10, confidence_level=0.9347401961694148)
    if res.critical_difference != 1.0:
        pytest.skip(f"this scipy's CD is {res.critical_difference!r}, not exactly 1.0")
    assert res.mean_ranks == (1.0, 2.0, 3.0)
    assert res.significant_pairs == ((0, 2),)
    # one ulp lower in level, CD drops below 1.0 and the adjacent pairs count
    lower = friedman_nemenyi(
        [[0.9, 0.5, 0.1]] * 10, confidence_level=0.9347401961694147
    )
    assert lower.critical_difference < 1.0
    assert lower.significant_pairs == ((0, 1), (0, 2), (1, 2))
