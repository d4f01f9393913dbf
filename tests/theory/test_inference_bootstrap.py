"""Bootstrap intervals: agreement with scipy.stats.bootstrap, cluster and paired."""

import numpy as np
import pytest
from scipy import stats

from theory.inference import bootstrap_ci


def mean(x):
    return float(np.mean(x))


def diff_means(x, y):
    return float(np.mean(x) - np.mean(y))


@pytest.fixture(scope="module")
def skewed():
    return np.random.default_rng(3).exponential(size=40)


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_bootstrap_ci_matches_scipy_bootstrap(skewed, method):
    # scipy.stats.bootstrap((x,), mean, method=..., rng=default_rng(5))
    ref = stats.bootstrap(
        (skewed,), mean, n_resamples=2000, vectorized=False,
        method="BCa" if method == "bca" else "percentile", rng=np.random.default_rng(5),
    )  # fmt: skip
    got = bootstrap_ci((skewed,), mean, method=method, n_resamples=2000, seed=5)
    assert got.low == pytest.approx(float(ref.confidence_interval.low), rel=1e-12)
    assert got.high == pytest.approx(float(ref.confidence_interval.high), rel=1e-12)
    assert got.standard_error == pytest.approx(float(ref.standard_error), rel=1e-12)


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_cluster_bootstrap_with_singleton_clusters_agrees_with_scipy(skewed, method):
    # singleton clusters = ordinary bootstrap; our own BCa (Efron 1987) vs scipy's,
    # different resampling code, so agreement within Monte Carlo error
    ref = bootstrap_ci((skewed,), mean, method=method, n_resamples=4000, seed=1)
    got = bootstrap_ci(
        (skewed,), mean, method=method, n_resamples=4000, seed=2,
        clusters=np.arange(skewed.size),
    )  # fmt: skip
    assert got.resampling == "cluster"
    assert got.low == pytest.approx(ref.low, abs=0.1 * ref.standard_error)
    assert got.high == pytest.approx(ref.high, abs=0.1 * ref.standard_error)


def test_bootstrap_mean_close_to_t_interval():
    # for a near-normal sample the bootstrap interval of the mean is close to
    # scipy.stats.ttest_1samp(x).confidence_interval()
    x = np.random.default_rng(8).normal(size=200)
    t = stats.ttest_1samp(x, 0.0).confidence_interval()
    got = bootstrap_ci((x,), mean, method="percentile", n_resamples=4000, seed=0)
    width = t.high - t.low
    assert got.low == pytest.approx(t.low, abs=0.05 * width)
    assert got.high == pytest.approx(t.high, abs=0.05 * width)


def test_cluster_bootstrap_widens_for_correlated_clusters():
    # 30 tasks x 4 identical attempts: the effective sample is 30, not 120, so the
    # cluster SE is about sqrt(4) = 2 times the iid one (design effect, hand)
    rng = np.random.default_rng(4)
    x = np.repeat(rng.normal(size=30), 4)
    tasks = np.repeat(np.arange(30), 4)
    iid = bootstrap_ci((x,), mean, method="percentile", n_resamples=2000, seed=0)
    clu = bootstrap_ci(
        (x,), mean, method="percentile", n_resamples=2000, seed=0, clusters=tasks
    )
    assert 1.6 < clu.standard_error / iid.standard_error < 2.4


def test_paired_bootstrap_matches_scipy_paired():
    rng = np.random.default_rng(6)
    x = rng.random(30)
    y = x - 0.1 + 0.05 * rng.normal(size=30)
    # scipy.stats.bootstrap((x, y), stat, paired=True, rng=default_rng(2))
    ref = stats.bootstrap(
        (x, y), diff_means, paired=True, n_resamples=1000, vectorized=False,
        rng=np.random.default_rng(2),
    )  # fmt: skip
    got = bootstrap_ci((x, y), diff_means, paired=True, n_resamples=1000, seed=2)
    assert got.low == pytest.approx(float(ref.confidence_interval.low), rel=1e-12)
    assert got.resampling == "paired"
    unpaired = bootstrap_ci((x, y), diff_means, n_resamples=1000, seed=2)
    assert got.high - got.low < 0.5 * (unpaired.high - unpaired.low)


def test_bootstrap_is_seeded_and_constant_data_is_a_point():
    x = [0.0, 1.0, 1.0, 0.0, 1.0]
    a = bootstrap_ci((x,), mean, n_resamples=200, seed=9)
    b = bootstrap_ci((x,), mean, n_resamples=200, seed=9)
    c = bootstrap_ci((x,), mean, n_resamples=200, seed=10)
    assert a == b
    assert a != c
    flat = bootstrap_ci(([2.0, 2.0, 2.0],), mean)
    assert (flat.low, flat.high, flat.standard_error) == (2.0, 2.0, 0.0)
