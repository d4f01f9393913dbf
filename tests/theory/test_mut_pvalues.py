"""Printed p-values: bounds, strictness, negative statistics, reachable ranges (issue 33, mutants of _pvalues.py).

Each case goes through :func:`theory.consistency.recompute_pvalue`; the
reachable ranges are compared with scipy's own tails at the ends of the
statistic's rounding interval.
"""

import pytest
from scipy import stats

from theory.consistency import recompute_pvalue as rp


@pytest.mark.parametrize("alpha", [0, 0.0, 1, 1.0])
def test_significance_level_is_an_open_interval(alpha):
    with pytest.raises(ValueError, match="significance_level"):
        rp("2.00", "0.046", test="z", significance_level=alpha)


def test_strict_and_non_strict_bounds_at_an_exact_p():
    # z = 0 exactly: the two-sided p is exactly 1
    assert not rp(0, "<1", test="z").consistent
    assert rp(0, "<=1", test="z").consistent
    assert rp(0, ">=1", test="z").consistent
    assert rp(0, "1", test="z").consistent
    assert rp(0, "1.000", test="z").consistent
    # chi2 = 2000: the upper tail underflows to exactly 0
    assert rp(2000, ">0", test="chi2", df=1).reachable == ((0.0, 0.0),)
    assert not rp(2000, ">0", test="chi2", df=1).consistent
    assert rp(2000, ">=0", test="chi2", df=1).consistent


def test_a_bound_at_or_below_zero_is_never_consistent():
    assert rp("50", "<=0", test="z").reachable == ((0.0, 0.0),)
    assert not rp("50", "<=0", test="z").consistent
    assert not rp("50", "<0", test="z").consistent
    assert rp("50", "<=0.001", test="z").consistent


def test_accepted_range_of_a_bound():
    assert rp("2.00", "<0.05", test="z").accepted == ((0.0, 0.05),)
    assert rp("1.00", ">0.05", test="z").accepted == ((0.05, 1.0),)
    assert rp("1.00", "ns", test="z").accepted == ((0.05, 1.0),)


def test_printed_p_as_read():
    assert rp("2.00", "0.046", test="z").printed == "0.046"
    assert rp("2.00", "=0.046", test="z").printed == "0.046"
    assert rp("2.00", "<0.05", test="z").printed == "<0.05"
    assert rp("1.00", "ns", test="z").printed == "ns"


def test_float_and_decimal_free_pvalues():
    res = rp(2.0, 0.0455, test="z")
    assert res.consistent
    assert res.printed == "0.0455"
    assert res.decimals == (4,)
    assert not rp(2.0, 0.0465, test="z").consistent


def test_chi2_at_zero_is_p_one():
    assert rp("0", "1", test="chi2", df=1).consistent
    assert rp(0, "1.00", test="chi2", df=1).consistent
    with pytest.raises(ValueError, match="must be >= 0 for test='chi2'"):
        rp("-0.1", "1", test="chi2", df=1)


def test_chi2_reachable_is_the_tail_over_the_interval():
    res = rp("0.50", "0.480", test="chi2", df=1)
    lo, hi = res.reachable[0]
    assert lo == pytest.approx(stats.chi2.sf(0.505, 1), rel=1e-12)
    assert hi == pytest.approx(stats.chi2.sf(0.495, 1), rel=1e-12)
    assert res.consistent


def test_negative_statistics_mirror_positive_ones():
    assert rp("-2.00", "0.046", test="z").consistent
    assert not rp("-2.00", "0.30", test="z").consistent
    assert (
        rp("-2.00", "0.046", test="z").reachable
        == rp("2.00", "0.046", test="z").reachable
    )
    assert rp("-.22", ".24", test="r", df=28).consistent
    assert not rp("-.22", ".50", test="r", df=28).consistent
    assert (
        rp("-.22", ".24", test="r", df=28).reachable
        == rp(".22", ".24", test="r", df=28).reachable
    )


def test_interval_around_zero_reaches_p_one():
    lo, hi = rp("0.00", "1.00", test="z").reachable[0]
    assert lo == pytest.approx(2 * stats.norm.sf(0.005), rel=1e-12)
    assert hi == 1.0
    lo, hi = rp("0.00", "0.50", test="z", alternative="one-tailed").reachable[0]
    assert lo == pytest.approx(stats.norm.sf(0.005), rel=1e-12)
    assert hi == 0.5


def test_interval_away_from_zero_stays_away():
    lo, hi = rp("1.0", "0.32", test="z").reachable[0]
    assert lo == pytest.approx(2 * stats.norm.sf(1.05), rel=1e-12)
    assert hi == pytest.approx(2 * stats.norm.sf(0.95), rel=1e-12)


def test_bounded_statistic_reaches_the_end_of_the_p_range():
    lo, hi = rp("<1.0", "0.5", test="z").reachable[0]
    assert lo == pytest.approx(2 * stats.norm.sf(1.05), rel=1e-12)
    assert hi == 1.0
    lo, hi = rp("<1.0", "0.4", test="z", alternative="one-tailed").reachable[0]
    assert hi == 0.5
    lo, hi = rp(">2.0", "0.01", test="z").reachable[0]
    assert lo == 0.0
    assert hi == pytest.approx(2 * stats.norm.sf(1.95), rel=1e-12)


@pytest.mark.parametrize("df", [(0, 10), (10, 0), (0.0, 10.0), (10.0, 0.0)])
def test_f_degrees_of_freedom_must_be_positive(df):
    with pytest.raises(ValueError, match="df\\["):
        rp("2.0", "0.2", test="F", df=df)


def test_f_fractional_degrees_of_freedom():
    p = stats.f.sf(2.0, 3, 0.5)
    res = rp(2.0, f"{p:.4f}", test="F", df=(3, 0.5))
    assert res.consistent
    assert res.recomputed == (pytest.approx(p, rel=1e-12),)
