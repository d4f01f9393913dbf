"""theory.decay's power functions against scipy and hand fits (issue 33, item 5).

Oracles: the noncentral chi-square of the goodness-of-fit tests and the
one-sided normal of the boundary test (``scipy.stats``), the rival's deviance on
expected counts fitted here with ``scipy.optimize`` (independent of the
package's multi-start SLSQP), and a seeded simulation replayed with
:func:`theory.decay.fit_decay`.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import brentq, minimize, minimize_scalar
from scipy.stats import chi2, ncx2, norm

from theory.decay import decay_power, expected_power, fit_decay, tasks_needed

PARAMS = {"s0": 0.7, "rho": 0.9}


def _truth(depths, s0, rho):
    d = np.asarray(depths, dtype=float)
    return s0**d * rho ** (d * (d + 1) / 2)


def _kernel(p, k, n):
    return float(np.sum(k * np.log(p) + (n - k) * np.log1p(-p)))


def _deviance_per_task(rival, depths, s0, rho):
    """2 (loglik at the truth - rival's best loglik) on 1000 expected tasks, / 1000."""
    d = np.asarray(depths, dtype=float)
    p = _truth(depths, s0, rho)
    k, n = 1000 * p, np.full(d.size, 1000.0)
    if rival == "geometric":
        res = minimize_scalar(
            lambda a: -_kernel(np.exp(-a * d), k, n),
            bounds=(1e-9, 30.0),
            method="bounded",
            options={"xatol": 1e-12},
        )
        best = -float(res.fun)
    else:

        def nll(t):
            c, alpha = math.exp(-t[0]), t[1]
            q = np.clip(c * d ** (-alpha), 1e-300, 1 - 1e-12)
            return -_kernel(q, k, n)

        res = minimize(
            nll,
            [0.3, 1.0],
            method="Nelder-Mead",
            options={"xatol": 1e-12, "fatol": 1e-13, "maxiter": 20000},
        )
        best = -float(res.fun)
    return max(0.0, 2 * (_kernel(p, k, n) - best)) / 1000


@pytest.mark.parametrize("rival", ["geometric", "power"])
def test_noncentrality_is_the_rival_deviance_on_expected_counts(rival):
    depths = [1, 2, 3, 4, 5]
    per_task = _deviance_per_task(rival, depths, **PARAMS)
    result = expected_power(rival, depths, 40, **PARAMS)
    assert result.noncentrality == pytest.approx(40 * per_task, rel=1e-5)
    twice = expected_power(rival, depths, 80, **PARAMS)
    assert twice.noncentrality == pytest.approx(2 * result.noncentrality, rel=1e-12)


@pytest.mark.parametrize("level", [0.9, 0.95, 0.99])
@pytest.mark.parametrize(
    ("rival", "depths"), [("power", [1, 2, 3, 4]), ("stretched", [1, 2, 3, 4, 6])]
)
def test_gof_power_is_the_noncentral_chi_square(rival, depths, level):
    result = expected_power(rival, depths, 60, confidence_level=level, **PARAMS)
    df = len(depths) - 2
    crit = chi2.isf(1 - level, df)
    assert result.test == "gof"
    assert result.power == pytest.approx(
        ncx2.sf(crit, df, result.noncentrality), rel=1e-12
    )


@pytest.mark.parametrize("level", [0.9, 0.95, 0.99])
@pytest.mark.parametrize("n", [1, 20, 150])
def test_boundary_power_is_one_sided(level, n):
    """Geometric within triangular: power = P(Z > z), Z ~ N(sqrt(lambda), 1).

    ``ncx2.sf(z**2, 1, lambda)`` also counts ``Z < -z`` and gave ``2 alpha``
    as ``lambda -> 0`` (0.1005 at n = 1 here, for a test of size 0.05).
    """
    result = expected_power(
        "geometric", [1, 2, 3, 4], n, confidence_level=level, s0=0.7, rho=0.97
    )
    z = norm.isf(1 - level)
    assert result.test == "lrt-boundary"
    assert result.power == pytest.approx(
        norm.sf(z - math.sqrt(result.noncentrality)), rel=1e-12
    )
    assert result.power >= 1 - level


def test_boundary_power_tends_to_alpha():
    """A nearly geometric truth: power is alpha plus a little, not 2 alpha."""
    result = expected_power("geometric", [1, 2, 3, 4], 1, s0=0.7, rho=0.97)
    assert 0.05 < result.power < 0.06
    exact = expected_power("geometric", [1, 2, 3], 100, s0=0.8, rho=1.0)
    assert exact.noncentrality == 0.0
    assert exact.power == exact.alpha  # the level itself, not a tail rounded near it


def test_zero_noncentrality_gives_alpha_for_gof():
    exact = expected_power(
        "stretched", [1, 2, 3], 100, s0=0.8, rho=1.0, confidence_level=0.9
    )
    assert exact.noncentrality == 0.0
    assert exact.power == exact.alpha  # 0.1 exactly, not ncx2.sf(crit, df, 0)


def test_expected_power_fields():
    r = expected_power("power", [3, 1, 2], 25, **PARAMS)
    assert (r.rival, r.test, r.method) == ("power", "gof", "asymptotic")
    assert r.depths == (3, 1, 2)  # as given
    assert all(type(x) is int for x in r.depths)
    assert (r.n_per_depth, r.s0, r.rho, r.confidence_level) == (25, 0.7, 0.9, 0.95)
    assert r.aic_preference is None
    assert (r.n_sim, r.seed) == (0, None)
    assert r.alpha == pytest.approx(0.05)


@pytest.mark.parametrize(("target", "level"), [(0.8, 0.95), (0.9, 0.99), (0.5, 0.9)])
def test_tasks_needed_geometric_closed_form(target, level):
    """lambda* = (z_alpha - z_(1 - power))^2; n* = ceil(lambda* / lambda per task)."""
    depths = [1, 2, 3]
    per_task = expected_power(
        "geometric", depths, 1, confidence_level=level, **PARAMS
    ).noncentrality
    lam = (norm.isf(1 - level) - norm.isf(target)) ** 2
    n_star = tasks_needed(
        "geometric", depths, confidence_level=level, power=target, **PARAMS
    )
    assert n_star == math.ceil(lam / per_task)
    assert (
        expected_power(
            "geometric", depths, n_star, confidence_level=level, **PARAMS
        ).power
        >= target
    )
    below = expected_power(
        "geometric", depths, n_star - 1, confidence_level=level, **PARAMS
    )
    assert below.power < target


def test_tasks_needed_gof_matches_scipy():
    depths = [1, 2, 3, 4, 5]
    per_task = expected_power("power", depths, 1, **PARAMS).noncentrality
    crit = chi2.isf(0.05, 3)
    lam = brentq(lambda x: ncx2.sf(crit, 3, x) - 0.9, 1e-9, 1e6)
    n_star = tasks_needed("power", depths, power=0.9, **PARAMS)
    assert n_star == math.ceil(lam / per_task)


def test_tasks_needed_power_just_above_alpha_is_allowed():
    """Any power in (alpha, 1) has an answer (the two-sided ncx2 started at
    2 alpha, so a power in (alpha, 2 alpha) raised brentq's sign error)."""
    n_star = tasks_needed("geometric", [1, 2, 3], power=0.051, **PARAMS)
    assert n_star is not None and n_star >= 1
    with pytest.raises(ValueError, match=r"power must exceed alpha=0\.05, got 0\.05"):
        tasks_needed("geometric", [1, 2, 3], power=0.05, **PARAMS)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"s0": 0.0, "rho": 0.9}, r"s0 must be in \(0, 1\]"),
        ({"s0": 0.7, "rho": 0.0}, r"rho must be in \(0, 1\]"),
        ({"s0": 1.5, "rho": 0.9}, r"s0 must be in \(0, 1\]"),
    ],
)
def test_parameter_ranges_are_named(kwargs, match):
    with pytest.raises(ValueError, match=match):
        expected_power("power", [1, 2, 3], 10, **kwargs)


def test_edges_of_the_parameter_ranges_are_allowed():
    r = expected_power("power", [1, 2, 3], 10, s0=1.0, rho=1.0)
    assert r.noncentrality >= 0.0
    assert expected_power("power", [1, 2, 3], 1, **PARAMS).n_per_depth == 1


def test_n_per_depth_checks():
    with pytest.raises(ValueError, match="n_per_depth must be >= 1, got 0"):
        expected_power("power", [1, 2, 3], 0, **PARAMS)


def test_depth_count_needed_for_a_gof_test():
    with pytest.raises(
        ValueError, match="depths must have more than 2 points to test stretched, got 2"
    ):
        expected_power("stretched", [1, 2], 10, **PARAMS)
    assert expected_power("geometric", [1, 2], 10, **PARAMS).test == "lrt-boundary"


def _replay(rival, depths, n, s0, rho, n_sim, seed, level=0.95):
    """decay_power by hand: the same seeded draws, fits by fit_decay."""
    p = _truth(depths, s0, rho)
    draws = np.random.default_rng(seed).binomial(n, p, size=(n_sim, len(depths)))
    alpha = 1 - level
    rejects = prefers = 0
    for k in draws:
        tri = fit_decay(depths, k.tolist(), [n] * len(depths), "triangular")
        riv = fit_decay(depths, k.tolist(), [n] * len(depths), rival)
        if rival == "geometric":
            stat = 2 * max(0.0, tri.loglik - riv.loglik)
            crit = chi2.isf(2 * alpha, 1)
        else:
            stat = riv.deviance
            crit = chi2.isf(alpha, len(depths) - 2)
        rejects += stat > crit
        prefers += tri.aic < riv.aic
    return rejects / n_sim, prefers / n_sim


@pytest.mark.parametrize(
    ("rival", "depths", "n", "seed"),
    [("geometric", [1, 2, 3], 40, 7), ("power", [1, 2, 3, 4], 30, 2)],
)
def test_decay_power_replayed_by_hand(rival, depths, n, seed):
    sim = decay_power(rival, depths, n, s0=0.7, rho=0.8, n_sim=12, seed=seed)
    power, aic = _replay(rival, depths, n, 0.7, 0.8, 12, seed)
    assert (sim.power, sim.aic_preference) == (power, aic)
    assert 0 < sim.power < 1  # the draws straddle the critical value
    assert (sim.method, sim.n_sim, sim.seed) == ("simulation", 12, seed)
    assert sim.noncentrality == pytest.approx(
        expected_power(rival, depths, n, s0=0.7, rho=0.8).noncentrality, rel=1e-12
    )


def test_decay_power_argument_checks():
    with pytest.raises(ValueError, match="seed must be >= 0"):
        decay_power("power", [1, 2, 3], 10, s0=0.7, rho=0.8, n_sim=2, seed=-1)
    with pytest.raises(
        ValueError, match=r"n_sim must satisfy 1 <= n_sim <= 100000, got 100001"
    ):
        decay_power("power", [1, 2, 3], 10, s0=0.7, rho=0.8, n_sim=100_001)
    one = decay_power("power", [1, 2, 3], 10, s0=0.7, rho=0.8, n_sim=1, seed=0)
    assert one.n_sim == 1 and one.power in (0.0, 1.0)


@pytest.mark.parametrize("power", [0.0, 1.0, -0.1, 1.5])
def test_tasks_needed_power_must_be_inside_zero_one(power):
    with pytest.raises(ValueError, match=r"power must be in \(0, 1\)"):
        tasks_needed("geometric", [1, 2, 3], power=power, **PARAMS)
