"""Effect sizes, Hoeffding and power: thresholds, caps and argument bounds (issue 33, mutants of _effect.py).

The boundary inputs are found by hand: ``p1 = 0.009966711079379185`` gives
``h = 2 asin(sqrt(p1)) = 0.2`` exactly in floats; ``epsilon =
8.325546111576977e-10`` at ``delta = 0.5`` gives exactly 1e18 samples before
rounding up; ``delta = 2 exp(-2)`` at ``epsilon = 0.1`` gives 100 samples up to
one ulp.
"""

import math

import pytest

from theory.inference import (
    cohens_h,
    hoeffding_bound,
    hoeffding_sample_size,
    power_two_proportions,
    sample_size_two_proportions,
)


def test_cohens_h_threshold_belongs_to_the_upper_label():
    res = cohens_h(0.009966711079379185, 0.0)
    assert res.h == 0.2
    assert res.magnitude == "small"


def test_hoeffding_bound_arguments_and_cap():
    assert hoeffding_bound(10, 0.5) == pytest.approx(2 * math.exp(-5.0))
    assert hoeffding_bound(1, 0.01) == 1.0
    with pytest.raises(ValueError, match="n must be >= 1, got 0"):
        hoeffding_bound(0, 0.1)
    with pytest.raises(ValueError, match=r"epsilon must be in \(0, inf\), got 0\.0"):
        hoeffding_bound(10, 0.0)


def test_hoeffding_sample_size_rounding_and_ends():
    # exact = 99.99999999999999: one ulp of noise must not add a sample
    assert hoeffding_sample_size(0.1, 2 * math.exp(-2)) == 100
    # fewer than one sample needed still means one
    assert hoeffding_sample_size(0.99, 0.99) == 1
    # 2 epsilon**2 overflows: exact is 0.0, still one sample
    assert hoeffding_sample_size(1e160, 0.5) == 1
    with pytest.raises(ValueError, match=r"epsilon must be in \(0, inf\), got 0\.0"):
        hoeffding_sample_size(0.0, 0.5)


def test_hoeffding_sample_size_cap_is_inclusive():
    assert hoeffding_sample_size(8.325546111576977e-10, 0.5) == 999_999_999_999_000_064
    with pytest.raises(ValueError, match="need more than 1e\\+18 samples"):
        hoeffding_sample_size(8.3e-10, 0.5)
    # 2 epsilon**2 underflows to 0: an error, not a division by zero
    with pytest.raises(ValueError, match="need more than 1e\\+18 samples"):
        hoeffding_sample_size(1e-170, 0.5)


def test_power_arguments_and_effective_size():
    assert 0.0 < power_two_proportions(0.6, 0.4, 0.5) < 0.1
    with pytest.raises(ValueError, match=r"n1 must be in \(0, inf\), got 0\.0"):
        power_two_proportions(0.6, 0.4, 0.0)
    with pytest.raises(ValueError, match=r"ratio must be in \(0, inf\), got 0\.0"):
        power_two_proportions(0.6, 0.4, 10, ratio=0.0)
    with pytest.raises(ValueError, match="effective size outside"):
        power_two_proportions(0.6, 0.4, 1e308, ratio=1e308)
    with pytest.raises(ValueError, match="effective size outside"):
        power_two_proportions(0.6, 0.4, 1e-200, ratio=1e-200)


def test_sample_size_arguments():
    with pytest.raises(ValueError, match=r"ratio must be in \(0, inf\), got 0\.0"):
        sample_size_two_proportions(0.6, 0.4, ratio=0.0)
    with pytest.raises(ValueError, match="p1 and p2 must differ"):
        sample_size_two_proportions(0.4, 0.4)
    with pytest.raises(ValueError, match=r"power must exceed alpha=0\.05, got 0\.05"):
        sample_size_two_proportions(0.6, 0.4, power=0.05)
    with pytest.raises(ValueError, match="not reachable for alternative='less'"):
        sample_size_two_proportions(0.6, 0.4, power=0.99, alternative="less")


def test_sample_size_below_one_is_found():
    # the largest effect needs fewer than one trial per arm at power 0.2
    n1 = sample_size_two_proportions(1.0, 0.0, power=0.2)
    assert 0.0 < n1 < 1.0
    assert power_two_proportions(1.0, 0.0, n1) == pytest.approx(0.2, rel=1e-9)
