"""Shared comparisons of theory.consistency: caps, candidate lists, open ends (issue 33, mutants of _core.py).

Each case goes through the public checks and pins a documented bound (``n``
up to 10**7 inclusive, ``decimals`` in [-20, 20]), the candidate list (at most
1000 counts, the 10 nearest shown in ``recomputed``), the neighbours shown
when no count works, or an open end of a rounding interval.
"""

from fractions import Fraction

import pytest

from theory.consistency import (
    check_sum,
    grim,
    percent_attainable,
    proportion_attainable,
)


@pytest.mark.parametrize("d", [-20, 20])
def test_decimals_range_is_inclusive(d):
    assert check_sum("0", [0], decimals=d).decimals == (d,)


@pytest.mark.parametrize("d", [-21, 21])
def test_decimals_outside_the_range_are_refused(d):
    with pytest.raises(ValueError, match=f"decimals={d} must be in \\[-20, 20\\]"):
        check_sum("0", [0], decimals=d)


def test_n_cap_is_inclusive():
    assert proportion_attainable("0.5", 10**7).consistent
    with pytest.raises(ValueError, match="n=10000001 must be <= 10000000"):
        proportion_attainable("0.5", 10**7 + 1)


def test_candidates_are_capped_at_1000_consecutive_counts():
    # 100% printed with 0 decimals accepts k in [9_950_000, 10_050_000]
    res = percent_attainable("100", 10**7, bounded=False)
    assert res.candidates == tuple(range(9_950_000, 9_951_000))
    # recomputed and reachable show the first 10 of them
    shown = [100 * k / 10**7 for k in range(9_950_000, 9_950_010)]
    assert res.recomputed == tuple(shown)
    assert res.reachable == tuple((v, v) for v in shown)


def test_open_lower_end_skips_exactly_one_count():
    # half-even, odd last digit: "0.3" accepts (0.25, 0.35); 20 * 0.25 = 5 is excluded, 6 is in
    assert proportion_attainable("0.3", 20, rounding="half-even").candidates == (6,)
    assert proportion_attainable("0.3", 20).candidates == (5, 6, 7)


def test_neighbours_shown_at_the_bounds():
    # "0.1" of 3: no k works; the neighbours are 0/3 and 1/3, 0 being the lower bound
    res = proportion_attainable("0.1", 3)
    assert not res.consistent
    assert res.recomputed == (0.0, 1 / 3)
    assert res.reachable == ((0.0, 0.0), (1 / 3, 1 / 3))
    # "0.9" of 3: the neighbours 2/3 and 3/3, 3 being the upper bound
    res = proportion_attainable("0.9", 3)
    assert res.recomputed == (2 / 3, 1.0)


def test_reachable_of_grim_is_the_candidate_mean_twice():
    res = grim("5.18", 28)
    value = float(Fraction(145, 28))
    assert res.candidates == (145,)
    assert res.recomputed == (value,)
    assert res.reachable == ((value, value),)
