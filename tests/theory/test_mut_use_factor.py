"""Use factor: covariance, Wald ends, input bounds, the recall = 1 slice (issue 33, mutants of _use_factor.py).

Reference values: the covariance is the ddof-1 sample covariance written
out; the Wald ends use scipy's normal quantile; the t interval of the slice
is ``scipy.stats.ttest_1samp(x, 0).confidence_interval(level)``.
"""

import math

import numpy as np
import pytest
from scipy import stats

from theory.inference import conditional_use_factor, use_factor

C = [1, 0, 1, 1, 0, 1, 0.5]
R = [1, 1, 0.5, 1, 0, 1, 1]


def test_covariance_is_the_ddof1_sample_covariance():
    res = use_factor(C, R)
    c, r = np.array(C, float), np.array(R, float)
    cov = float(((c - c.mean()) * (r - r.mean())).sum() / (c.size - 1))
    assert res.covariance == pytest.approx(cov, rel=1e-12)
    assert res.covariance != pytest.approx(float(np.var(c, ddof=1)), rel=1e-3)
    assert res.covariance != pytest.approx(float(np.var(r, ddof=1)), rel=1e-3)


@pytest.mark.parametrize("level", [0.95, 0.8])
def test_wald_ends_use_the_two_sided_normal_quantile(level):
    res = use_factor(C, R, confidence_level=level)
    z = stats.norm.ppf(0.5 + level / 2)
    se, se0 = res.standard_error, res.standard_error_no_covariance
    assert res.low == pytest.approx(res.estimate - z * se, rel=1e-12)
    assert res.high == pytest.approx(res.estimate + z * se, rel=1e-12)
    assert res.low_no_covariance == pytest.approx(res.estimate - z * se0, rel=1e-12)
    assert res.high_no_covariance == pytest.approx(res.estimate + z * se0, rel=1e-12)


def test_use_factor_input_bounds():
    with pytest.raises(ValueError, match="comply"):
        use_factor([1.5, 0.0], [1, 1])
    with pytest.raises(ValueError, match="recall"):
        use_factor([1, 0], [1, 2])
    with pytest.raises(ValueError, match="at least 2"):
        use_factor([1], [1])
    assert use_factor([1, 0], [1, 1]).estimate == 0.5
    with pytest.raises(ValueError, match="positive mean"):
        use_factor([1, 0], [0, 0])
    # a tiny positive mean is still a mean
    assert use_factor([0, 0], [1e-300, 0]).estimate == 0.0


def test_conditional_use_factor_input_bounds():
    with pytest.raises(ValueError, match="comply"):
        conditional_use_factor([1.5, 0.0], [1, 1])
    with pytest.raises(ValueError, match="no trial equal to 1"):
        conditional_use_factor([1, 0], [0.5, 0.9])


def test_conditional_single_fractional_trial_has_nan_ends():
    res = conditional_use_factor([0.5, 1.0], [1, 0])
    assert res.estimate == 0.5 and res.n == 1 and res.method == "t"
    assert math.isnan(res.low) and math.isnan(res.high)


def test_conditional_two_fractional_trials_use_t():
    res = conditional_use_factor([0.5, 0.7, 0.1], [1, 1, 0])
    ref = stats.ttest_1samp([0.5, 0.7], 0).confidence_interval(0.95)
    assert (res.n, res.method) == (2, "t")
    assert res.low == pytest.approx(ref.low, rel=1e-12)
    assert res.high == pytest.approx(ref.high, rel=1e-12)


def test_tiny_recall_mean_is_a_value_or_a_value_error():
    # R**4 underflows to 0 at R = 5e-301 (it was a ZeroDivisionError)
    res = use_factor([0, 0], [1e-300, 0])
    assert (res.estimate, res.standard_error, res.standard_error_no_covariance) == (
        0.0,
        0.0,
        0.0,
    )
    # C / R overflows: an error naming recall, never inf or NaN
    with pytest.raises(ValueError, match=r"recall.s mean .* is too small"):
        use_factor([1, 0], [1e-310, 0])


def test_standard_errors_match_the_delta_method_formula():
    res = use_factor(C, R)
    c, r = np.array(C, float), np.array(R, float)
    n, cm, rm = c.size, c.mean(), r.mean()
    var_c, var_r = np.var(c, ddof=1), np.var(r, ddof=1)
    cov = res.covariance
    base = var_c / rm**2 + cm**2 * var_r / rm**4
    assert res.standard_error_no_covariance == pytest.approx(
        math.sqrt(base / n), rel=1e-12
    )
    assert res.standard_error == pytest.approx(
        math.sqrt((base - 2 * cm * cov / rm**3) / n), rel=1e-9
    )


def test_only_the_no_covariance_error_overflowing_is_an_error_too():
    # recall proportional to compliance: the linearised residuals vanish, so
    # the paired SE stays finite while sd(C) / R overflows in the other one
    comply = np.zeros(10_000)
    comply[0] = 1.0
    with pytest.raises(ValueError, match=r"recall.s mean .* is too small"):
        use_factor(comply, comply * 1e-307)
