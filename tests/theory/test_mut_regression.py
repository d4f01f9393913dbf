"""depth_slope: defaults, bounds, shift invariance, the stratified bootstrap replayed (issue 33, mutants of _regression.py).

The bootstrap test replays the documented algorithm independently: strata in
increasing depth, each resampled with replacement by
``numpy.random.default_rng(seed).integers`` (m draws from the stratum's m
trials, per resample), the slope of each resample ``sum(dc_i y*_i) / S_dd``,
the percentile interval by numpy's linear rule and the ddof-1 standard
deviation. Continuous outcomes keep the resampled slopes distinct, so every
quantile is pinned.
"""

import math

import numpy as np
import pytest

from theory.inference import depth_slope


def _data():
    rng = np.random.default_rng(7)
    depth = np.repeat([1.0, 2.0, 4.0], [5, 7, 4])
    comply = rng.random(depth.size)
    return depth, comply


def _replay(depth, comply, n_res, level, seed):
    rng = np.random.default_rng(seed)
    dc = depth - depth.mean()
    sdd = float(dc @ dc)
    boot = np.zeros(n_res)
    for value in np.unique(depth):
        idx = np.flatnonzero(depth == value)
        picks = rng.integers(0, idx.size, size=(n_res, idx.size))
        boot += comply[idx][picks].sum(axis=1) * (value - depth.mean())
    boot /= sdd
    tail = 100.0 * (1.0 - level) / 2.0
    low, high = np.percentile(boot, [tail, 100.0 - tail])
    return float(low), float(high), float(np.std(boot, ddof=1))


@pytest.mark.parametrize(("n_res", "level", "seed"), [(999, 0.9, 3), (400, 0.95, 0)])
def test_stratified_bootstrap_replayed(n_res, level, seed):
    depth, comply = _data()
    res = depth_slope(
        depth, comply, n_resamples=n_res, confidence_level=level, seed=seed
    )
    low, high, se = _replay(depth, comply, n_res, level, seed)
    assert res.low == pytest.approx(low, rel=1e-12)
    assert res.high == pytest.approx(high, rel=1e-12)
    assert res.standard_error == pytest.approx(se, rel=1e-12)
    assert (res.n, res.n_depths, res.n_resamples) == (16, 3, n_res)


def test_defaults_are_2000_resamples_and_seed_0():
    depth, comply = _data()
    default = depth_slope(depth, comply)
    assert default.n_resamples == 2000
    assert default == depth_slope(depth, comply, n_resamples=2000, seed=0)
    assert default != depth_slope(depth, comply, n_resamples=2000, seed=1)
    assert default.low == pytest.approx(
        _replay(depth, comply, 2000, 0.95, 0)[0], rel=1e-12
    )


def test_resample_and_seed_bounds():
    depth, comply = _data()
    assert depth_slope(depth, comply, n_resamples=2).n_resamples == 2
    with pytest.raises(ValueError, match="n_resamples"):
        depth_slope(depth, comply, n_resamples=1)
    assert depth_slope(depth, comply, n_resamples=2, seed=0).n == 16
    with pytest.raises(ValueError, match="seed"):
        depth_slope(depth, comply, seed=-1)


def test_one_pair_and_one_depth_are_refused():
    with pytest.raises(ValueError, match="depth must have at least 2 value"):
        depth_slope([1], [1])
    with pytest.raises(ValueError, match=r"at least 2 distinct values, got \[1\.0\]"):
        depth_slope([1, 1], [0, 1])


def test_slope_is_invariant_under_a_shift_of_depth():
    # the OLS slope does not depend on where depth starts; at an offset of
    # 1e8 the mean of [1, 1, 2] + 1e8 is not a float, and the slope must
    # still be -1 to within 1e-12
    for offset in (0.0, 1e8):
        res = depth_slope(np.array([1.0, 1.0, 2.0]) + offset, [1, 1, 0], n_resamples=10)
        assert res.slope == pytest.approx(-1.0, rel=1e-12)
        assert res.intercept == pytest.approx(2.0 + offset, rel=1e-12)


@pytest.mark.parametrize("big", [1e308, 1e300])
def test_overflowing_outcomes_are_an_error_not_nan(big):
    with pytest.raises(ValueError, match="comply"):
        depth_slope([1, 1, 2, 2], [big, big, 0, big], n_resamples=10)


def test_results_are_finite_for_ordinary_data():
    depth, comply = _data()
    res = depth_slope(depth, comply, n_resamples=50)
    assert all(math.isfinite(v) for v in (res.slope, res.intercept, res.low, res.high))
    assert res.standard_error > 0
