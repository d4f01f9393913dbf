"""Bootstrap intervals: the cluster path against scipy, input checks, NaN statistics (issue 33, mutants of _bootstrap.py).

With one row per cluster and the same seed, the cluster bootstrap draws the
same resamples as ``scipy.stats.bootstrap`` (both take
``default_rng(seed).integers(0, n, n)`` row indices per resample), so its
own BCa (Efron 1987) and percentile ends must equal scipy's to rounding:
skewed data test the acceleration, binary data the ties of the bias
correction, two levels the quantiles.
"""

import numpy as np
import pytest
from scipy import stats

from theory.inference import bootstrap_ci


def mean(x):
    return float(np.mean(x))


def _scipy(x, how, n_res, level, seed):
    ref = stats.bootstrap(
        (x,), mean, n_resamples=n_res, vectorized=False, confidence_level=level,
        method="BCa" if how == "bca" else "percentile", rng=np.random.default_rng(seed),
    )  # fmt: skip
    return ref.confidence_interval.low, ref.confidence_interval.high, ref.standard_error


SKEWED = np.random.default_rng(3).exponential(size=40)
BINARY = np.array([1.0] * 13 + [0.0] * 9)


@pytest.mark.parametrize("x", [SKEWED, BINARY], ids=["skewed", "binary"])
@pytest.mark.parametrize("how", ["bca", "percentile"])
@pytest.mark.parametrize(("level", "seed"), [(0.95, 5), (0.8, 11)])
def test_singleton_clusters_reproduce_scipy(x, how, level, seed):
    got = bootstrap_ci(
        (x,), mean, method=how, n_resamples=999, confidence_level=level,
        seed=seed, clusters=np.arange(x.size),
    )  # fmt: skip
    low, high, se = _scipy(x, how, 999, level, seed)
    assert got.resampling == "cluster"
    assert got.low == pytest.approx(low, rel=1e-12)
    assert got.high == pytest.approx(high, rel=1e-12)
    assert got.standard_error == pytest.approx(se, rel=1e-12)


def test_cluster_bca_of_constant_data_is_a_point():
    # every jackknife value is equal: the acceleration is 0, not 0/0
    got = bootstrap_ci(([2.0] * 6,), mean, n_resamples=50, clusters=[0, 0, 1, 1, 2, 2])
    assert (got.low, got.estimate, got.high) == (2.0, 2.0, 2.0)


@pytest.mark.parametrize("data", [np.array([1.0, 2.0, 3.0]), [], (), {1.0, 2.0}])
def test_data_must_be_a_non_empty_tuple_or_list(data):
    with pytest.raises(TypeError, match="data must be a non-empty tuple or list"):
        bootstrap_ci(data, mean)


def test_nan_statistic_on_the_data_is_an_error():
    with pytest.raises(ValueError, match="statistic returned NaN on the data"):
        bootstrap_ci(([1.0, 2.0, 3.0],), lambda s: float("nan"))


@pytest.mark.parametrize("clusters", [None, [0, 1, 2, 3]])
def test_infinite_statistic_on_resamples_is_an_error(clusters):
    def stat(s):
        return float(np.inf) if np.ptp(s) == 0 else float(s.mean())

    with pytest.raises(ValueError, match=r"NaN or infinite on [0-9]+ of 200 resamples"):
        bootstrap_ci(
            ([0.0, 1.0, 0.0, 1.0],), stat, n_resamples=200, clusters=clusters,
            method="percentile",
        )  # fmt: skip


@pytest.mark.parametrize(
    ("clusters", "match"),
    [
        ([[0, 1], [2, 3]], "clusters must be 1-d with one label per row"),
        ([0, 1, 2], "clusters must be 1-d with one label per row"),
        ([7, 7, 7, 7], "at least 2 distinct labels, got 1"),
    ],
)
def test_cluster_labels_are_checked(clusters, match):
    with pytest.raises(ValueError, match=match):
        bootstrap_ci(([0.0, 1.0, 2.0, 3.0],), mean, clusters=clusters)


def test_two_clusters_are_enough():
    got = bootstrap_ci(
        ([1.0, 2.0, 3.0, 5.0],), mean, n_resamples=20, clusters=[0, 0, 1, 1]
    )
    assert got.estimate == 2.75
    assert (got.low, got.high) == (1.5, 4.0)


def test_undefined_bca_is_an_error():
    # every jackknife maximum is 2: scipy's acceleration is 0/0
    with pytest.raises(
        ValueError, match=r"BCa is undefined .* use method='percentile'"
    ):
        bootstrap_ci(
            ([1.0, 1.0, 2.0, 2.0],), lambda s: float(np.max(s)), n_resamples=200
        )


def test_defaults_are_9999_resamples_and_seed_0():
    x = SKEWED[:12]
    default = bootstrap_ci((x,), mean, method="percentile")
    assert default.n_resamples == 9999
    assert default == bootstrap_ci(
        (x,), mean, method="percentile", n_resamples=9999, seed=0
    )
    assert default != bootstrap_ci(
        (x,), mean, method="percentile", n_resamples=9999, seed=1
    )


def test_argument_checks():
    x = ([1.0, 2.0, 3.0, 5.0],)
    with pytest.raises(TypeError, match="statistic must be callable"):
        bootstrap_ci(x, 3.0)
    assert bootstrap_ci(x, mean, n_resamples=2, method="percentile").n_resamples == 2
    with pytest.raises(ValueError, match="n_resamples"):
        bootstrap_ci(x, mean, n_resamples=1)
    with pytest.raises(ValueError, match="seed"):
        bootstrap_ci(x, mean, seed=-1)


def test_paired_one_sample_and_unequal_lengths():
    assert (
        bootstrap_ci(
            ([1.0, 2.0, 3.0, 5.0],), mean, n_resamples=20, paired=True
        ).resampling
        == "paired"
    )
    with pytest.raises(
        ValueError, match=r"paired samples must have equal length, got \[4, 3\]"
    ):
        bootstrap_ci(
            ([1.0, 2.0, 3.0, 5.0], [1.0, 2.0, 3.0]),
            lambda a, b: float(a.mean() - b.mean()),
            paired=True,
        )


def test_cluster_bca_with_a_constant_jackknife_has_zero_acceleration():
    # max of [1, 1, 2, 2]: every leave-one-out maximum is 2, so the
    # acceleration is 0 (not 0/0, not +-1); the bias correction z0 comes from
    # P(max* < 2) = 1/16, and the lower end is the resampled maximum 1
    res = bootstrap_ci(
        ([1.0, 1.0, 2.0, 2.0],), lambda s: float(np.max(s)), n_resamples=999,
        clusters=[0, 1, 2, 3],
    )  # fmt: skip
    assert (res.low, res.estimate, res.high) == (1.0, 2.0, 2.0)


def test_cluster_bca_with_an_infinite_bias_correction_is_an_error():
    # 30 distinct values: no resample has all 30, so every resampled value
    # -(count of distinct values) is above the estimate -30, z0 = -inf and
    # BCa is undefined
    with pytest.raises(ValueError, match="BCa is undefined"):
        bootstrap_ci(
            (np.arange(30.0),), lambda s: -float(len(np.unique(s))),
            n_resamples=999, clusters=np.arange(30),
        )  # fmt: skip
