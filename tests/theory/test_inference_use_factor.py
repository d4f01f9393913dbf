"""Use factor: ratio estimator, delta-method SEs, conditional estimator."""

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from scipy import stats

from theory.inference import conditional_use_factor, proportion_ci, use_factor
from theory.strategies import paired_outcomes


@settings(max_examples=100)  # suite budget (common brief)
@given(paired_outcomes())
@example(([1, 0, 0], [1, 0, 0]))  # se was 1.7e-08 by cancellation, exactly 0 (issue 22)
def test_use_factor_se_equals_linearised_residual_sd(cr):
    # delta method == sd(C_i - kappa R_i) / (R_bar sqrt(n)) (first-order linearisation)
    c, r = (np.asarray(v) for v in cr)
    u = use_factor(c, r)
    resid = c - u.estimate * r
    ref = float(np.std(resid, ddof=1)) / (r.mean() * math.sqrt(c.size))
    assert u.standard_error == pytest.approx(ref, rel=1e-9, abs=1e-12)
    assert u.estimate == pytest.approx(c.mean() / r.mean())


@settings(max_examples=100)  # suite budget (common brief)
@given(paired_outcomes())
def test_use_factor_se_no_covariance_formula(cr):
    # hand form: (Var C / R^2 + C^2 Var R / R^4) / n, sample variances ddof 1
    c, r = (np.asarray(v) for v in cr)
    u = use_factor(c, r)
    cm, rm, n = c.mean(), r.mean(), c.size
    ref = math.sqrt((c.var(ddof=1) / rm**2 + cm**2 * r.var(ddof=1) / rm**4) / n)
    assert u.standard_error_no_covariance == pytest.approx(ref, rel=1e-9, abs=1e-12)
    assert u.low <= u.estimate <= u.high
    assert u.low_no_covariance <= u.estimate <= u.high_no_covariance


def test_use_factor_delta_se_matches_simulated_spread():
    # simulation: R ~ Bern(0.7), C = R * Bern(0.8): kappa = 0.8, C and R positively
    # correlated; the covariance-aware SE tracks the sampling SD, the other overstates it
    rng = np.random.default_rng(11)
    n, reps = 400, 600
    est, se, se0, cover = [], [], [], 0
    for _ in range(reps):
        r = (rng.random(n) < 0.7).astype(float)
        c = r * (rng.random(n) < 0.8)
        u = use_factor(c, r)
        est.append(u.estimate)
        se.append(u.standard_error)
        se0.append(u.standard_error_no_covariance)
        cover += u.low <= 0.8 <= u.high
    sd = float(np.std(est, ddof=1))
    assert np.mean(se) == pytest.approx(sd, rel=0.1)
    assert np.mean(se0) > 1.5 * sd
    assert 0.92 <= cover / reps <= 0.98


def test_conditional_use_factor_binary_is_wilson_on_slice():
    c = [1, 0, 1, 1, 0, 1, 0]
    r = [1, 1, 1, 0, 0, 1, 0.5]
    got = conditional_use_factor(c, r)
    ref = proportion_ci(3, 4)  # slice recall == 1: comply = 1, 0, 1, 1
    assert (got.low, got.high, got.estimate, got.n) == (ref.low, ref.high, 0.75, 4)
    assert got.method == "wilson"


def test_conditional_use_factor_fractional_matches_scipy_t_interval():
    c = [1, 2 / 3, 0, 1 / 3, 1, 0.5]
    r = [1, 1, 1, 1, 0, 1]
    got = conditional_use_factor(c, r, confidence_level=0.9)
    sl = [1, 2 / 3, 0, 1 / 3, 0.5]
    # scipy.stats.ttest_1samp(x, 0).confidence_interval(confidence_level=0.9)
    ref = stats.ttest_1samp(sl, 0.0).confidence_interval(confidence_level=0.9)
    assert got.low == pytest.approx(ref.low, rel=1e-12)
    assert got.high == pytest.approx(ref.high, rel=1e-12)
    assert got.method == "t"


def test_use_factor_se_aliases_read_the_standard_errors():
    """``se`` and ``se_no_covariance`` (kept for one release) are read-only aliases."""
    u = use_factor([1, 1, 0, 1, 0, 1], [1, 1, 1, 1, 0, 1])
    assert u.se == u.standard_error
    assert u.se_no_covariance == u.standard_error_no_covariance
    assert u.standard_error != u.standard_error_no_covariance
    # frozen slots dataclass: a non-field name raises TypeError, a field AttributeError
    with pytest.raises((AttributeError, TypeError)):
        u.se = 0.0  # type: ignore[misc]
