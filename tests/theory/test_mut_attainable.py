"""Attainability, GRIM and recomputed intervals: argument bounds and result layout (issue 33, mutants of _attainable.py).

Each case goes through the public functions and pins a documented bound
(``n >= 1``, ``k >= 0``, ``scale >= 1``, the count cap of 10**7 and its
inclusive end) or the order of the two ends in a recomputed interval.
"""

import pytest

from theory.consistency import (
    check_proportion,
    grim,
    percent_attainable,
    proportion_attainable,
    recompute_interval,
)


def test_unbounded_proportion_bounds_on_k_and_n():
    assert check_proportion("1", 1, 1, bounded=False).consistent
    assert check_proportion("0", 0, 5, bounded=False).consistent
    assert check_proportion("120", 6, 5, scale=100, bounded=False).consistent
    with pytest.raises(ValueError, match="n must be >= 1, got 0"):
        check_proportion("1", 1, 0, bounded=False)
    with pytest.raises(ValueError, match="k must be >= 0, got -1"):
        check_proportion("0", -1, 5, bounded=False)


@pytest.mark.parametrize(
    "call",
    [
        lambda: check_proportion("0", 0, 5, scale=0),
        lambda: proportion_attainable("0", 5, scale=0),
        lambda: recompute_interval(1, 5, "0.1", "0.2", scale=0),
    ],
)
def test_scale_zero_is_refused(call):
    with pytest.raises(ValueError, match="scale must be >= 1, got 0"):
        call()


def test_scale_one_is_accepted():
    assert check_proportion("0.2", 1, 5, scale=1).consistent
    assert proportion_attainable("0.2", 5, scale=1).candidates == (1,)
    assert recompute_interval(1, 5, "0.036", "0.624", scale=1).decimals == (3, 3)


def test_grim_bounds_on_n_and_items():
    assert grim("1", 1).candidates == (1,)
    with pytest.raises(ValueError, match="n must be >= 1, got 0"):
        grim("1", 0)
    with pytest.raises(ValueError, match="n \\* items=100000000 must be <= 10000000"):
        grim("1.5", 10**4, items=10**4)
    assert grim("1.5", 10**3, items=10**4).consistent


def test_count_cap_of_unbounded_attainability():
    # value * n / scale = 10**7 exactly: at the cap, accepted
    assert percent_attainable("100", 10**7, bounded=False).consistent
    assert percent_attainable("150", 10**5, bounded=False).consistent
    with pytest.raises(ValueError, match="times n=10000000 is above 10000000 counts"):
        percent_attainable("200", 10**7, bounded=False)
    with pytest.raises(ValueError, match="value='2' times n=10000000 is above"):
        proportion_attainable("2", 10**7, bounded=False)
    # bounded, the value is checked against [0, scale] instead
    with pytest.raises(ValueError, match="must be in \\[0, 1\\]"):
        proportion_attainable("2", 10**7)


def test_counts_never_go_below_zero():
    # "0.0" of 20 accepts [-0.05, 0.05], i.e. k in [-1, 1]: only 0 and 1 count
    assert proportion_attainable("0.0", 20).candidates == (0, 1)
    assert proportion_attainable("0.0", 20, bounded=False).candidates == (0, 1)
    assert percent_attainable("0", 5, bounded=False).candidates == (0,)
    assert percent_attainable("0", 5).candidates == (0,)


def test_recomputed_interval_keeps_low_then_high():
    res = recompute_interval(36, 164, "16.3", "28.89", scale=100)
    assert res.consistent
    assert res.decimals == (1, 2)
    assert res.accepted == ((16.25, 16.35), (28.885, 28.895))
    lo, hi = res.recomputed
    assert res.reachable == ((lo, lo), (hi, hi))
    assert 16.25 < lo < 16.35 and 28.885 < hi < 28.895
    assert res.rounding.startswith(
        "any round-to-nearest, ties either way at 1 decimals;"
    )
    assert res.rounding.endswith("; wilson interval, level 0.95")
