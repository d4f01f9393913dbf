"""One-proportion intervals: agreement with scipy/statsmodels, laws, bad input."""

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from theory.inference import PROPORTION_METHODS, proportion_ci, rule_of_three
from theory.strategies import binomial_counts

# our method name -> statsmodels 0.14/0.15 proportion_confint method name
STATSMODELS = {
    "wilson": "wilson",
    "clopper-pearson": "beta",
    "jeffreys": "jeffreys",
    "agresti-coull": "agresti_coull",
}
# our method name -> scipy 1.17 binomtest(...).proportion_ci method name
SCIPY = {"wilson": "wilson", "wilson-cc": "wilsoncc", "clopper-pearson": "exact"}

CASES = [
    (0, 1),
    (1, 1),
    (0, 10),
    (1, 10),
    (7, 10),
    (10, 10),
    (3, 50),
    (49, 50),
    (0, 400),
    (137, 400),
    (400, 400),
]


@pytest.mark.parametrize("level", [0.8, 0.95, 0.99])
@pytest.mark.parametrize(("k", "n"), CASES)
@pytest.mark.parametrize("method", sorted(STATSMODELS))
def test_proportion_ci_matches_statsmodels(k, n, method, level):
    # statsmodels.stats.proportion.proportion_confint(k, n, alpha, method=...)
    low, high = proportion_confint(k, n, alpha=1 - level, method=STATSMODELS[method])
    ci = proportion_ci(k, n, method=method, confidence_level=level)
    assert ci.low == pytest.approx(low, abs=1e-12)
    assert ci.high == pytest.approx(high, abs=1e-12)


@pytest.mark.parametrize("level", [0.8, 0.95, 0.99])
@pytest.mark.parametrize(("k", "n"), CASES)
@pytest.mark.parametrize("method", sorted(SCIPY))
def test_proportion_ci_matches_scipy_binomtest(k, n, method, level):
    # scipy.stats.binomtest(k, n).proportion_ci(confidence_level, method=...)
    ref = stats.binomtest(k, n).proportion_ci(level, method=SCIPY[method])
    ci = proportion_ci(k, n, method=method, confidence_level=level)
    assert ci.low == pytest.approx(ref.low, abs=1e-12)
    assert ci.high == pytest.approx(ref.high, abs=1e-12)


def test_proportion_ci_wilson_hand_value():
    # hand computation, Newcombe (1998) closed form with z = 1.959964, k=7, n=10:
    # center = (14 + z^2)/(2(10 + z^2)) = 0.6446, half = z*sqrt(84 + z^2)/(2(10+z^2))
    z = 1.959963984540054
    center = (14 + z * z) / (2 * (10 + z * z))
    half = z * math.sqrt(4 * 10 * 0.7 * 0.3 + z * z) / (2 * (10 + z * z))
    ci = proportion_ci(7, 10)
    assert (ci.low, ci.high) == pytest.approx((center - half, center + half), abs=1e-12)
    assert ci.low == pytest.approx(0.3968, abs=1e-4)


def test_proportion_ci_result_fields_are_builtin():
    ci = proportion_ci(3, 9, method="jeffreys")
    for value in (ci.low, ci.high, ci.estimate, ci.confidence_level):
        assert type(value) is float
    assert type(ci.k) is int
    assert type(ci.n) is int


levels = st.sampled_from([0.5, 0.8, 0.9, 0.95, 0.99])


@settings(max_examples=150)  # suite budget (common brief)
@given(binomial_counts(), st.sampled_from(PROPORTION_METHODS), levels)
@example((0, 5), "wilson", 0.95)
def test_proportion_ci_inside_unit_interval_and_ordered(kn, method, level):
    ci = proportion_ci(*kn, method=method, confidence_level=level)
    assert 0.0 <= ci.low <= ci.high <= 1.0


@settings(max_examples=150)  # suite budget (common brief)
@given(binomial_counts(), st.sampled_from(PROPORTION_METHODS), levels)
def test_proportion_ci_contains_estimate(kn, method, level):
    k, n = kn
    ci = proportion_ci(k, n, method=method, confidence_level=level)
    if method == "jeffreys" and k in (0, n):
        # statsmodels convention: the Jeffreys interval excludes 0 at k = 0
        assert (ci.low > 0.0) if k == 0 else (ci.high < 1.0)
    else:
        assert ci.low <= ci.estimate <= ci.high


@settings(max_examples=150)  # suite budget (common brief)
@given(binomial_counts(), st.sampled_from(PROPORTION_METHODS))
def test_proportion_ci_symmetric_under_complement(kn, method):
    k, n = kn
    a = proportion_ci(k, n, method=method)
    b = proportion_ci(n - k, n, method=method)
    assert a.low == pytest.approx(1 - b.high, abs=1e-9)
    assert a.high == pytest.approx(1 - b.low, abs=1e-9)


@settings(max_examples=150)  # suite budget (common brief)
@given(binomial_counts(), st.sampled_from(PROPORTION_METHODS))
def test_proportion_ci_nested_in_confidence_level(kn, method):
    inner = proportion_ci(*kn, method=method, confidence_level=0.8)
    outer = proportion_ci(*kn, method=method, confidence_level=0.95)
    assert outer.low <= inner.low + 1e-12
    assert inner.high <= outer.high + 1e-12


def test_rule_of_three_is_conservative_one_sided_bound():
    # exact one-sided Clopper-Pearson bound at k = 0: 1 - alpha**(1/n) (closed form)
    for n in (1, 5, 30, 1000):
        exact = 1 - 0.05 ** (1 / n)
        assert rule_of_three(n).high >= exact
    assert rule_of_three(1000).high == pytest.approx(3 / 1000, rel=2e-3)


BAD = [
    ({"k": 5, "n": 4}, ValueError, r"k=5 must satisfy 0 <= k <= n \(n=4\)"),
    ({"k": -1, "n": 4}, ValueError, "k must be >= 0, got -1"),
    ({"k": 0, "n": 0}, ValueError, "n must be >= 1, got 0"),
    ({"k": 1.0, "n": 4}, TypeError, "k must be an int"),
    ({"k": True, "n": 4}, TypeError, "k must be an int"),
    (
        {"k": 1, "n": 4, "confidence_level": 1.0},
        ValueError,
        r"confidence_level must be in \(0, 1\)",
    ),
    (
        {"k": 1, "n": 4, "confidence_level": 0.0},
        ValueError,
        r"confidence_level must be in \(0, 1\)",
    ),
    (
        {"k": 1, "n": 4, "confidence_level": float("nan")},
        ValueError,
        "confidence_level must not be NaN",
    ),
    ({"k": 1, "n": 4, "method": "wald"}, ValueError, "method must be one of"),
]


@pytest.mark.parametrize(("kwargs", "error", "match"), BAD)
def test_proportion_ci_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        proportion_ci(**kwargs)


def test_rule_of_three_bad_input():
    with pytest.raises(ValueError, match="n must be >= 1, got 0"):
        rule_of_three(0)


def _exact_coverage(method, n, ps):
    # coverage(p) = sum_k Binom(k; n, p) 1[low_k <= p <= high_k], by enumeration
    ends = [proportion_ci(k, n, method=method) for k in range(n + 1)]
    pmf = stats.binom.pmf(np.arange(n + 1)[None, :], n, ps[:, None])
    low = np.array([c.low for c in ends])
    high = np.array([c.high for c in ends])
    inside = (low[None, :] <= ps[:, None]) & (ps[:, None] <= high[None, :])
    return (pmf * inside).sum(axis=1)


@pytest.mark.parametrize("n", [1, 5, 17, 40])
def test_clopper_pearson_coverage_never_below_nominal(n):
    # exactness of Clopper-Pearson: coverage >= level at every p (guaranteed property)
    ps = np.linspace(0.001, 0.999, 499)
    assert _exact_coverage("clopper-pearson", n, ps).min() >= 0.95 - 1e-9


@pytest.mark.parametrize("method", ["wilson", "jeffreys", "agresti-coull"])
def test_well_behaved_intervals_average_coverage_near_nominal(method):
    # Brown, Cai and DasGupta (2001): mean coverage over p close to 0.95 at n = 50
    ps = np.linspace(0.01, 0.99, 197)
    mean = float(_exact_coverage(method, 50, ps).mean())
    assert 0.94 <= mean <= 0.965
