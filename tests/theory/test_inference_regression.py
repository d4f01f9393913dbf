"""Depth slope: OLS against scipy.stats.linregress, stratified bootstrap variance."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from theory.inference import depth_slope


@st.composite
def depth_data(draw):
    per = draw(st.lists(st.integers(1, 8), min_size=2, max_size=4))
    depth = [d + 1 for d, m in enumerate(per) for _ in range(m)]
    comply = [draw(st.sampled_from([0.0, 1.0, 0.5, 1 / 3])) for _ in depth]
    return depth, comply


@settings(max_examples=100)  # suite budget (common brief)
@given(depth_data())
def test_depth_slope_matches_scipy_linregress(dc):
    depth, comply = dc
    # scipy.stats.linregress(depth, comply).slope / .intercept
    ref = stats.linregress(depth, comply)
    r = depth_slope(depth, comply, n_resamples=50)
    assert r.slope == pytest.approx(ref.slope, abs=1e-12)
    assert r.intercept == pytest.approx(ref.intercept, abs=1e-12)
    assert r.low <= r.high


def test_depth_slope_bootstrap_variance_matches_closed_form():
    # stratified bootstrap keeps the design, so beta* = sum_s dc_s sum_i y*_si / S_dd and
    # Var(beta*) = sum_s dc_s^2 m_s sigma_s^2 / S_dd^2 (sigma_s^2 the ddof-0 variance)
    rng = np.random.default_rng(2)
    depth = np.repeat([1, 2, 3], [8, 6, 5])
    comply = (rng.random(depth.size) < 0.9 - 0.15 * depth).astype(float)
    dc = depth - depth.mean()
    sdd = float(dc @ dc)
    var = sum(
        float(dc[depth == d][0]) ** 2 * (depth == d).sum() * comply[depth == d].var()
        for d in (1, 2, 3)
    )
    r = depth_slope(depth, comply, n_resamples=20000, seed=1)
    assert r.standard_error == pytest.approx(np.sqrt(var) / sdd, rel=0.03)
    # the bootstrap distribution is centred on the OLS slope (E beta* = beta_hat)
    assert (r.low + r.high) / 2 == pytest.approx(r.slope, abs=0.5 * r.standard_error)
    assert r.n_depths == 3


def test_depth_slope_balanced_binary_is_bounded_by_half():
    # hand: depths 1..3 with m each, S_dd = 2m, max sum(dc * y) = m -> |slope| <= 1/2
    r = depth_slope([1, 1, 2, 2, 3, 3], [1, 1, 1, 0, 0, 0], n_resamples=100)
    assert r.slope == -0.5
    assert depth_slope([1, 1, 3, 3], [0, 0, 1, 1], n_resamples=10).slope == 0.5
