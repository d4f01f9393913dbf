"""More mutation-driven checks of theory.decay's power functions (issue 33, item 5).

The documented defaults of ``decay_power`` (``n_sim = 200``, ``seed = 0``), its
cap of 1000 depths, AIC ties, the noncentrality's floor at 0 and the range of
``alpha`` (the geometric rival's boundary test has size at most 1/2).
"""

from __future__ import annotations

import warnings

import pytest
from scipy.stats import chi2, ncx2

from theory.decay import decay_power, expected_power, tasks_needed


def test_decay_power_defaults_are_200_data_sets_from_seed_0():
    """The signature's defaults reach the result (all tasks succeed at s0 = rho = 1: cheap fits)."""
    r = decay_power("power", [1, 2, 3], 5, s0=1.0, rho=1.0)
    assert (r.n_sim, r.seed, r.method) == (200, 0, "simulation")
    assert r.power == 0.0


def test_aic_ties_do_not_count_as_preferring_the_triangular_law():
    """s0 = rho = 1: every draw is k = n, both two-parameter laws fit it exactly (loglik 0).

    AIC prefers triangular only when strictly lower, so the share is 0, not 1.
    """
    for rival in ("power", "stretched"):
        r = decay_power(rival, [1, 2, 3], 20, s0=1.0, rho=1.0, n_sim=3, seed=4)
        assert r.aic_preference == 0.0
        assert r.power == 0.0  # the rival fits k = n exactly: deviance 0 < crit


def test_exactly_1000_depths_are_simulated_and_1001_refused():
    """The cap is 'at most 1000 depths' (each draw fits two laws on every depth)."""
    r = decay_power(
        "geometric", list(range(1, 1001)), 40, s0=0.99, rho=0.999, n_sim=1, seed=0
    )
    assert len(r.depths) == 1000 and r.n_sim == 1
    with pytest.raises(ValueError, match="at most 1000 depths to simulate, got 1001"):
        decay_power("geometric", list(range(1, 1002)), 40, s0=0.99, rho=0.999, n_sim=1)


@pytest.mark.parametrize(
    ("rival", "depths", "s0"),
    [
        ("geometric", [1, 2, 3], 0.7),
        ("geometric", [1, 2, 3, 4, 5], 0.7),
        ("geometric", [1, 2, 3, 4, 5], 0.3),
        ("stretched", [1, 2, 3], 0.7),
    ],
)
def test_noncentrality_is_zero_when_the_rival_is_the_truth(rival, depths, s0):
    """rho = 1: the triangular law is geometric, which the rival contains.

    The fitted rival's loglik can exceed the truth's by ~1e-13 through
    rounding; the deviance is floored at 0, so the power is alpha exactly.
    """
    r = expected_power(rival, depths, 100, s0=s0, rho=1.0)
    assert r.noncentrality == 0.0
    assert r.power == r.alpha == 0.05000000000000000
    assert tasks_needed(rival, depths, s0=s0, rho=1.0) is None


def test_a_tiny_confidence_level_whose_alpha_rounds_to_one_is_refused():
    """confidence_level = 5e-324: 1 - level in decimal is 1.0 as a float, outside (0, 1)."""
    for call in (
        lambda: expected_power(
            "power", [1, 2, 3], 10, s0=0.7, rho=0.67, confidence_level=5e-324
        ),
        lambda: tasks_needed(
            "stretched", [1, 2, 3], s0=0.7, rho=0.67, confidence_level=5e-324
        ),
    ):
        with pytest.raises(ValueError, match=r"alpha must be in \(0, 1\), got 1.0"):
            call()


@pytest.mark.parametrize("level", [0.4, 0.2, 1e-3])
def test_boundary_test_refuses_alpha_above_one_half(level):
    """alpha > 1/2: the boundary statistic is 0 with probability 1/2 under the null.

    No critical value gives that size: chi2.isf(2 alpha, 1) is NaN, and the
    functions returned power NaN (expected_power), 0.0 (decay_power) or
    brentq's NaN error (tasks_needed).
    """
    msg = r"size at most 0\.5: alpha must be <= 0\.5 \(confidence_level >= 0\.5\)"
    with pytest.raises(ValueError, match=msg):
        expected_power(
            "geometric", [1, 2, 3], 100, s0=0.7, rho=0.67, confidence_level=level
        )
    with pytest.raises(ValueError, match=msg):
        tasks_needed("geometric", [1, 2, 3], s0=0.7, rho=0.67, confidence_level=level)
    with pytest.raises(ValueError, match=msg):
        decay_power(
            "geometric",
            [1, 2, 3],
            40,
            s0=0.7,
            rho=0.67,
            confidence_level=level,
            n_sim=2,
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(ValueError, match=msg):
            expected_power(
                "geometric", [1, 2, 3], 100, s0=0.7, rho=0.67, alpha=1 - level
            )


def test_alpha_of_one_half_is_allowed_for_the_boundary_test():
    """alpha = 1/2: crit = chi2.isf(1, 1) = 0, reject whenever the statistic is positive."""
    r = expected_power(
        "geometric", [1, 2, 3], 100, s0=0.7, rho=0.67, confidence_level=0.5
    )
    assert r.alpha == 0.5
    assert 0.5 < r.power < 1.0
    assert (
        tasks_needed(
            "geometric", [1, 2, 3], s0=0.7, rho=0.67, confidence_level=0.5, power=0.9
        )
        >= 1
    )
    sim = decay_power(
        "geometric", [1, 2, 3], 40, s0=0.7, rho=0.67, confidence_level=0.5, n_sim=5
    )
    assert 0.0 <= sim.power <= 1.0


def test_goodness_of_fit_rivals_accept_alpha_above_one_half():
    """The bound is the boundary test's: a gof rival at alpha = 0.6 uses chi2.isf(0.6, 1)."""
    r = expected_power("power", [1, 2, 3], 100, s0=0.7, rho=0.67, confidence_level=0.4)
    crit = chi2.isf(0.6, 1)
    assert r.power == pytest.approx(float(ncx2.sf(crit, 1, r.noncentrality)), rel=1e-12)
