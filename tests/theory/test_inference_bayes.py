"""Beta-Binomial posterior superiority by quadrature and Monte Carlo."""

import math

import pytest
from hypothesis import given, settings
from scipy.special import betaln

from theory.inference import posterior_superiority
from theory.strategies import binomial_counts


def _miller(a1, b1, a2, b2):
    # Miller (2015), closed form for integer a1: P(X1 > X2), X_i ~ Beta(a_i, b_i)
    # = sum_{i=0}^{a1-1} B(a2+i, b1+b2) / ((b1+i) B(1+i, b1) B(a2, b2))
    total = 0.0
    for i in range(a1):
        total += math.exp(
            betaln(a2 + i, b1 + b2)
            - math.log(b1 + i)
            - betaln(1 + i, b1)
            - betaln(a2, b2)
        )
    return total


CASES = [(5, 10, 5, 10), (18, 20, 10, 20), (0, 7, 3, 9), (12, 40, 2, 30), (3, 3, 0, 3)]


@pytest.mark.parametrize(("k1", "n1", "k2", "n2"), CASES)
def test_posterior_superiority_matches_closed_form_uniform_prior(k1, n1, k2, n2):
    got = posterior_superiority(k1, n1, k2, n2, prior=(1.0, 1.0)).probability
    ref = _miller(1 + k1, 1 + n1 - k1, 1 + k2, 1 + n2 - k2)
    assert got == pytest.approx(ref, abs=1e-9)


@pytest.mark.parametrize(("k1", "n1", "k2", "n2"), CASES)
def test_posterior_superiority_quad_agrees_with_monte_carlo(k1, n1, k2, n2):
    quad = posterior_superiority(k1, n1, k2, n2)
    mc = posterior_superiority(
        k1, n1, k2, n2, method="monte-carlo", draws=100_000, seed=7
    )
    assert abs(quad.probability - mc.probability) <= 5 * mc.error + 1e-9
    assert quad.prior_a == quad.prior_b == 0.5


@settings(max_examples=30)  # ~70 ms per example (two quadratures)
@given(binomial_counts(max_n=60), binomial_counts(max_n=60))
def test_posterior_superiority_complements(a, b):
    # continuous posteriors: P(T1 > T2) + P(T2 > T1) = 1
    p = posterior_superiority(*a, *b).probability
    q = posterior_superiority(*b, *a).probability
    assert 0.0 <= p <= 1.0
    assert p + q == pytest.approx(1.0, abs=1e-8)


def test_posterior_superiority_equal_data_is_half():
    assert posterior_superiority(4, 9, 4, 9).probability == pytest.approx(
        0.5, abs=1e-10
    )


def test_posterior_superiority_monte_carlo_seeded():
    a = posterior_superiority(3, 10, 5, 10, method="monte-carlo", seed=3, draws=1000)
    b = posterior_superiority(3, 10, 5, 10, method="monte-carlo", seed=3, draws=1000)
    assert a == b


EXTREME = [
    ((0.5, 0.5), (0, 10**6, 3, 10**6)),
    ((0.5, 0.5), (99999, 100000, 100000, 100000)),
    ((1.0, 1.0), (0, 100000, 1, 100000)),
    ((0.01, 0.01), (0, 5, 5, 5)),
    ((0.001, 0.001), (0, 1, 1, 1)),
    ((50.0, 50.0), (50000, 100000, 50300, 100000)),
]


@pytest.mark.parametrize(("prior", "counts"), EXTREME)
def test_posterior_superiority_extreme_inputs_complement(prior, counts):
    # posteriors concentrated near 0 or 1, or with power-law ends far below 1e-300
    k1, n1, k2, n2 = counts
    p = posterior_superiority(k1, n1, k2, n2, prior=prior).probability
    q = posterior_superiority(k2, n2, k1, n1, prior=prior).probability
    assert p + q == pytest.approx(1.0, abs=1e-8)


def test_posterior_superiority_equal_data_tiny_prior_is_half():
    # symmetry; the posterior Beta(0.001, 5.001) puts most mass below 1e-300
    got = posterior_superiority(0, 5, 0, 5, prior=(0.001, 0.001)).probability
    assert got == pytest.approx(0.5, abs=1e-9)
