"""Baron-Kenny mediation: the paired bootstrap replayed, bounds, exact shifts (issue 33, mutants of _mediation.py).

The bootstrap test replays the documented algorithm independently: rows
resampled with replacement by ``numpy.random.default_rng(seed).integers``
(one (n_resamples, n) draw), the three OLS fits of every resample by
``numpy.linalg.lstsq``, percentile intervals by numpy's linear rule.
Continuous data keep the resampled effects distinct, so each quantile is
pinned.
"""

import numpy as np
import pytest

from theory.inference import baron_kenny


def _data(n=12):
    rng = np.random.default_rng(5)
    x = rng.random(n)
    m = 0.6 * x + 0.3 * rng.random(n)
    y = 0.4 * x + 0.5 * m + 0.3 * rng.random(n)
    return x, m, y


def _fit(x, m, y):
    one = np.ones_like(x)
    c = np.linalg.lstsq(np.column_stack([one, x]), y, rcond=None)[0][1]
    a = np.linalg.lstsq(np.column_stack([one, x]), m, rcond=None)[0][1]
    _, direct, b = np.linalg.lstsq(np.column_stack([one, x, m]), y, rcond=None)[0]
    return c, direct, a, b


def _replay(x, m, y, n_res, level, seed):
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, x.size, size=(n_res, x.size))
    ind, prop = [], []
    for row in idx:
        c, _, a, b = _fit(x[row], m[row], y[row])
        ind.append(a * b)
        prop.append(a * b / c)
    tail = 100.0 * (1.0 - level) / 2.0
    qs = [tail, 100.0 - tail]
    return np.percentile(ind, qs), np.percentile(prop, qs)


@pytest.mark.parametrize(("n_res", "level", "seed"), [(300, 0.9, 4), (200, 0.95, 0)])
def test_paired_bootstrap_replayed(n_res, level, seed):
    x, m, y = _data()
    res = baron_kenny(x, m, y, n_resamples=n_res, confidence_level=level, seed=seed)
    (lo, hi), (plo, phi) = _replay(x, m, y, n_res, level, seed)
    assert res.n_resamples == n_res
    assert res.indirect_low == pytest.approx(lo, rel=1e-9)
    assert res.indirect_high == pytest.approx(hi, rel=1e-9)
    assert res.proportion_low == pytest.approx(plo, rel=1e-9)
    assert res.proportion_high == pytest.approx(phi, rel=1e-9)


def test_point_estimates_and_proportion_mediated():
    x, m, y = _data()
    res = baron_kenny(x, m, y, n_resamples=10)
    c, direct, a, b = _fit(x, m, y)
    assert res.total == pytest.approx(c, rel=1e-12)
    assert res.direct == pytest.approx(direct, rel=1e-12)
    assert res.a == pytest.approx(a, rel=1e-12)
    assert res.b == pytest.approx(b, rel=1e-12)
    assert res.indirect == pytest.approx(a * b, rel=1e-12)
    assert res.proportion_mediated == pytest.approx(a * b / c, rel=1e-12)


def test_defaults_are_2000_resamples_and_seed_0():
    x, m, y = _data()
    default = baron_kenny(x, m, y)
    assert default.n_resamples == 2000
    assert default == baron_kenny(x, m, y, n_resamples=2000, seed=0)
    assert default != baron_kenny(x, m, y, n_resamples=2000, seed=1)


def test_bounds_on_rows_resamples_and_seed():
    x, m, y = _data(4)
    assert baron_kenny(x, m, y, n_resamples=2).confidence_level == 0.95
    with pytest.raises(ValueError, match="x must have at least 4 value"):
        baron_kenny(x[:3], m[:3], y[:3])
    with pytest.raises(ValueError, match="y must have at least 4 value"):
        baron_kenny(x, m, y[:3])
    with pytest.raises(ValueError, match="n_resamples"):
        baron_kenny(x, m, y, n_resamples=1)
    with pytest.raises(ValueError, match="seed"):
        baron_kenny(x, m, y, seed=-1)


def test_mediator_collinear_with_x_is_refused():
    # y ~ x is defined (c finite), y ~ x + m is not (b undefined)
    x, _, y = _data()
    with pytest.raises(ValueError, match="collinear"):
        baron_kenny(x, 2 * x, y, n_resamples=10)
    with pytest.raises(ValueError, match="x must vary"):
        baron_kenny(np.ones(6), [0, 1, 0, 1, 0, 1], [1, 2, 3, 4, 5, 6], n_resamples=10)


def test_effects_are_invariant_under_an_exact_shift_of_y():
    # multiples of 1/8 shifted by 2**20 stay exact floats; the means of 11
    # values are not, and the slopes must still agree to 1e-12
    x = np.array([0, 1, 3, 2, 5, 4, 7, 6, 9, 8, 10]) / 8
    m = np.array([1, 1, 2, 4, 3, 5, 5, 8, 6, 9, 9]) / 8
    y = np.array([2, 1, 4, 3, 6, 6, 7, 9, 8, 12, 11]) / 8
    base = baron_kenny(x, m, y, n_resamples=10)
    for shift in (2.0**20, 2.0**30):
        moved = baron_kenny(x, m, y + shift, n_resamples=10)
        for field in ("total", "direct", "a", "b"):
            assert getattr(moved, field) == pytest.approx(
                getattr(base, field), rel=1e-12
            )
