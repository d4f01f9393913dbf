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
