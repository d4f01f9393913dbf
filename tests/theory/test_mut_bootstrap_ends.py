"""bootstrap_ci (cluster BCa): an adjusted quantile of exactly 1.0 is the bootstrap maximum (issue 33, mutants of _bootstrap.py).

Statistic: the number of distinct values, 7 clusters of one value each. A
cluster resample holds all 7 with probability 7!/7**7 = 0.0061, so the
bias correction is z0 = ndtri(0.997) = 2.74; every jackknife value is 6
(acceleration 0), and at level 0.999 the upper BCa quantile is
ndtr(2 z0 + 3.29) = ndtr(8.8), exactly 1.0 in floats: a valid end (the
largest bootstrap value), not "BCa undefined".
"""

import numpy as np

from theory.inference import bootstrap_ci


def _distinct(x):
    return float(len(np.unique(x)))


def test_upper_bca_quantile_of_one_is_the_bootstrap_maximum():
    res = bootstrap_ci(
        [np.arange(7.0)],
        _distinct,
        clusters=np.arange(7),
        method="bca",
        confidence_level=0.999,
        n_resamples=2000,
        seed=0,
    )
    assert res.resampling == "cluster"
    assert res.estimate == 7.0
    assert res.high == 7.0
    assert res.low == 6.0


def test_lower_bca_quantile_of_zero_is_the_bootstrap_minimum():
    # 100 singleton clusters, one value -1 and 99 zeros: the jackknife
    # acceleration is about -0.164 (negative skew), z0 is about -0.13, and at
    # level 1 - 2e-8 (z = -5.6) the lower end's denominator
    # 1 - acc (z0 + z) is about 0.06: ndtr(about -90), exactly 0.0 in floats,
    # the smallest bootstrap mean (-0.06 here), not "BCa undefined"
    x = np.zeros(100)
    x[0] = -1.0
    res = bootstrap_ci(
        [x],
        lambda v: float(np.mean(v)),
        clusters=np.arange(100),
        method="bca",
        confidence_level=1.0 - 2e-8,
        n_resamples=2000,
        seed=0,
    )
    assert res.estimate == -0.01
    assert res.low == -0.06
    assert res.high == 0.0
