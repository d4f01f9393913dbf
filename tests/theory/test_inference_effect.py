"""Cohen's h, Hoeffding's bound and normal-approximation power."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import proportion_effectsize

from theory.inference import (
    cohens_h,
    hoeffding_bound,
    hoeffding_sample_size,
    power_two_proportions,
    sample_size_two_proportions,
)

unit = st.floats(min_value=0.0, max_value=1.0)
SM_ALT = {"two-sided": "two-sided", "greater": "larger", "less": "smaller"}


@settings(max_examples=150)  # suite budget (common brief)
@given(unit, unit)
def test_cohens_h_matches_statsmodels_proportion_effectsize(p1, p2):
    # statsmodels.stats.proportion.proportion_effectsize(p1, p2)
    assert cohens_h(p1, p2).h == pytest.approx(
        float(proportion_effectsize(p1, p2)), abs=1e-12
    )


@given(unit, unit)
def test_cohens_h_antisymmetric(p1, p2):
    assert cohens_h(p1, p2).h == pytest.approx(-cohens_h(p2, p1).h, abs=1e-12)
    assert cohens_h(p1, p2).magnitude == cohens_h(p2, p1).magnitude


def _p_with_h(h):
    # p1 with 2 asin sqrt(p1) - 2 asin sqrt(0.5) = h  (closed form inverse)
    return math.sin(h / 2 + math.asin(math.sqrt(0.5))) ** 2


@pytest.mark.parametrize(
    ("h", "label"),
    [(0.0, "negligible"), (0.19, "negligible"), (0.21, "small"), (0.49, "small"),
     (0.51, "medium"), (0.79, "medium"), (0.81, "large"), (-0.81, "large")],
)  # fmt: skip
def test_cohens_h_thresholds(h, label):
    # Cohen (1988): 0.2 small, 0.5 medium, 0.8 large
    r = cohens_h(_p_with_h(h), 0.5)
    assert r.h == pytest.approx(h, abs=1e-9)
    assert r.magnitude == label


def test_cohens_h_extremes_hand_value():
    # hand: 2 asin(1) - 2 asin(0) = pi
    assert cohens_h(1.0, 0.0).h == pytest.approx(math.pi)


@pytest.mark.parametrize("n", [5, 20, 100])
@pytest.mark.parametrize("eps", [0.05, 0.1, 0.3])
def test_hoeffding_bound_dominates_exact_binomial_tail(n, eps):
    # exact P(|K/n - p| >= eps) by enumerating scipy.stats.binom.pmf
    k = np.arange(n + 1)
    for p in np.linspace(0.01, 0.99, 25):
        far = np.abs(k / n - p) >= eps - 1e-12
        tail = float(stats.binom.pmf(k[far], n, p).sum())
        assert tail <= hoeffding_bound(n, eps) + 1e-12


def test_hoeffding_sample_size_hand_value():
    # hand: ln(2/0.05) / (2 * 0.05^2) = 3.688879 / 0.005 = 737.78 -> 738
    assert hoeffding_sample_size(0.05, 0.05) == 738
    assert hoeffding_bound(738, 0.05) <= 0.05 < hoeffding_bound(737, 0.05)


@given(st.floats(0.01, 0.5), st.floats(0.001, 0.5))
def test_hoeffding_sample_size_is_smallest(eps, delta):
    n = hoeffding_sample_size(eps, delta)
    assert 2 * math.exp(-2 * n * eps * eps) <= delta * (1 + 1e-9)
    if n > 1:
        assert 2 * math.exp(-2 * (n - 1) * eps * eps) > delta * (1 - 1e-9)


@pytest.mark.parametrize("alt", sorted(SM_ALT))
@pytest.mark.parametrize(("p1", "p2", "n1", "ratio"),
                         [(0.6, 0.4, 100, 1.0), (0.3, 0.2, 250, 2.0), (0.05, 0.5, 12, 0.5)])  # fmt: skip
def test_power_matches_statsmodels_normal_ind_power(p1, p2, n1, ratio, alt):
    # NormalIndPower().power(proportion_effectsize(p1, p2), nobs1, alpha, ratio, alternative)
    ref = NormalIndPower().power(
        proportion_effectsize(p1, p2), nobs1=n1, alpha=0.05, ratio=ratio,
        alternative=SM_ALT[alt],
    )  # fmt: skip
    got = power_two_proportions(p1, p2, n1, ratio=ratio, alternative=alt)
    assert got == pytest.approx(float(ref), rel=1e-10)


@pytest.mark.parametrize(("p1", "p2", "power", "ratio"),
                         [(0.6, 0.4, 0.8, 1.0), (0.3, 0.2, 0.9, 2.0), (0.9, 0.7, 0.5, 1.0)])  # fmt: skip
def test_sample_size_matches_statsmodels_solve_power(p1, p2, power, ratio):
    # NormalIndPower().solve_power(proportion_effectsize(p1, p2), alpha, power, ratio)
    ref = NormalIndPower().solve_power(
        proportion_effectsize(p1, p2), alpha=0.05, power=power, ratio=ratio
    )
    n = sample_size_two_proportions(p1, p2, power=power, ratio=ratio)
    assert n == pytest.approx(float(ref), rel=1e-6)
    assert power_two_proportions(p1, p2, n, ratio=ratio) == pytest.approx(
        power, abs=1e-9
    )


def test_sample_size_hand_value():
    # hand (one-sided, negligible other tail): n = ((z_.975 + z_.8) / h)^2 with equal arms
    # needs n/2 * h^2 = (1.959964 + 0.841621)^2 -> for h = 2asin(sqrt .6) - 2asin(sqrt .4)
    h = 2 * math.asin(math.sqrt(0.6)) - 2 * math.asin(math.sqrt(0.4))
    approx = 2 * ((1.959964 + 0.841621) / h) ** 2
    assert sample_size_two_proportions(0.6, 0.4) == pytest.approx(approx, rel=1e-3)


def test_power_increases_with_n():
    powers = [power_two_proportions(0.55, 0.45, n) for n in (10, 50, 200, 1000)]
    assert powers == sorted(powers)
    assert powers[0] > 0.05
