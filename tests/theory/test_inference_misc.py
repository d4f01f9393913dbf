"""ECE, retention ratio and Baron-Kenny mediation."""

import numpy as np
import pytest
import statsmodels.api as sm
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.proportion import confint_proportions_2indep

from theory.inference import baron_kenny, expected_calibration_error, retention_ratio
from theory.strategies import binomial_counts


def test_ece_hand_values():
    # hand: bin (0.8, 0.9]: acc 0.5 conf 0.9; bin (0.1, 0.2]: acc 0 conf 0.2
    # ECE = 2/4 * 0.4 + 2/4 * 0.2 = 0.3
    assert expected_calibration_error(
        [0.9, 0.9, 0.2, 0.2], [1, 0, 0, 0]
    ) == pytest.approx(0.3)
    # perfectly calibrated within each bin -> 0
    assert expected_calibration_error([0.5, 0.5, 1.0], [1, 0, 1]) == pytest.approx(0.0)


def test_ece_right_closed_bins_exact_edges():
    # n_bins = 4: edges 0, 0.25, 0.5, 0.75, 1 are exact in binary. Right-closed bins put
    # 0.4 and 0.5 together in (0.25, 0.5]: ECE = |0.5 - 0.45| = 0.05 (hand); left-closed
    # bins would split them: (|1 - 0.5| + |0 - 0.4|) / 2 = 0.45
    assert expected_calibration_error([0.5, 0.4], [1, 0], n_bins=4) == pytest.approx(
        0.05
    )
    # 1.0 shares the last bin (0.75, 1] with 0.8: |0.5 - 0.9| = 0.4
    assert expected_calibration_error([1.0, 0.8], [1, 0], n_bins=4) == pytest.approx(
        0.4
    )


def test_ece_right_closed_bins():
    # 0.3 belongs to (0.2, 0.3], 0.31 to (0.3, 0.4]: separate bins, so no averaging
    assert expected_calibration_error([0.3, 0.31], [0, 1]) == pytest.approx(
        (0.3 + 0.69) / 2
    )
    assert expected_calibration_error([0.0, 0.05], [0, 1]) == pytest.approx(
        abs(0.5 - 0.025)
    )


@settings(max_examples=100)  # suite budget (common brief)
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 1)), min_size=1, max_size=40))
def test_ece_one_bin_is_gap_of_means(pairs):
    conf = [c for c, _ in pairs]
    hit = [h for _, h in pairs]
    one = expected_calibration_error(conf, hit, n_bins=1)
    assert one == pytest.approx(abs(np.mean(hit) - np.mean(conf)), abs=1e-12)
    assert expected_calibration_error(conf, hit, n_bins=10) >= one - 1e-12


@settings(max_examples=100)  # suite budget (common brief)
@given(binomial_counts(max_n=200), binomial_counts(max_n=200))
def test_retention_ratio_matches_statsmodels_log_adjusted(a, b):
    k0, n0 = b
    if k0 == 0:
        k0 = 1
    # confint_proportions_2indep(k1, n1, k0, n0, compare="ratio", method="log-adjusted")
    low, high = confint_proportions_2indep(
        *a, k0, n0, compare="ratio", method="log-adjusted"
    )
    r = retention_ratio(*a, k0, n0)
    assert r.low == pytest.approx(float(low), rel=1e-10)
    assert r.high == pytest.approx(float(high), rel=1e-10)
    assert r.estimate == pytest.approx((a[0] / a[1]) / (k0 / n0))


def test_baron_kenny_matches_statsmodels_ols_and_decomposes():
    rng = np.random.default_rng(5)
    n = 300
    x = rng.normal(size=n)
    m = 0.5 * x + rng.normal(size=n)
    y = 0.2 * x + 0.6 * m + rng.normal(size=n)
    r = baron_kenny(x, m, y, n_resamples=1500, seed=1)
    # statsmodels.api.OLS(y, [1, x, m]).fit().params, OLS(m, [1, x]), OLS(y, [1, x])
    full = sm.OLS(y, sm.add_constant(np.column_stack([x, m]))).fit().params
    a = sm.OLS(m, sm.add_constant(x)).fit().params[1]
    c = sm.OLS(y, sm.add_constant(x)).fit().params[1]
    assert (r.direct, r.b, r.a, r.total) == pytest.approx(
        (full[1], full[2], a, c), rel=1e-10
    )
    assert r.total == pytest.approx(r.direct + r.indirect, rel=1e-10)
    # true indirect effect 0.5 * 0.6 = 0.3 (simulation design)
    assert r.indirect_low < 0.3 < r.indirect_high
    assert r.proportion_low < r.proportion_mediated < r.proportion_high


def test_baron_kenny_no_mediation_interval_covers_zero():
    rng = np.random.default_rng(6)
    x = rng.normal(size=200)
    m = rng.normal(size=200)
    y = 0.5 * x + rng.normal(size=200)
    r = baron_kenny(x, m, y, n_resamples=1500, seed=2)
    assert r.indirect_low < 0.0 < r.indirect_high
