"""posterior_superiority: prior and draw checks, Monte Carlo error and ties, defaults (issue 33, mutants of _bayes.py).

The Monte Carlo standard error is ``sqrt(p (1 - p) / draws)`` (binomial);
the asymmetric-prior case is checked against Miller's (2015) finite sum,
which holds for integer posterior parameters.
"""

import math

import pytest
from scipy.special import betaln

from theory.inference import posterior_superiority as ps


def _miller(a1, b1, a2, b2):
    total = 0.0
    for i in range(a1):
        total += math.exp(
            betaln(a2 + i, b1 + b2)
            - math.log(b1 + i)
            - betaln(1 + i, b1)
            - betaln(a2, b2)
        )
    return total


def test_monte_carlo_error_is_the_binomial_standard_error():
    for draws in (1000, 4000):
        res = ps(3, 10, 5, 10, method="monte-carlo", draws=draws, seed=2)
        p = res.probability
        assert res.error == math.sqrt(p * (1.0 - p) / draws)
        assert 0.0 < p < 1.0


def test_monte_carlo_error_is_zero_when_every_draw_agrees():
    res = ps(0, 50, 50, 50, method="monte-carlo", draws=500, seed=1)
    assert res.probability == 0.0
    assert res.error == 0.0


def test_monte_carlo_ties_are_an_error_not_a_probability():
    # Beta(1e-4, 5 + 1e-4) draws are exactly 0.0 about 93% of the time; the
    # answer is 0.5 by symmetry (quadrature gets it), counting ties as
    # "not greater" gave 0.068
    assert ps(0, 5, 0, 5, prior=(1e-4, 1e-4)).probability == pytest.approx(
        0.5, abs=1e-9
    )
    with pytest.raises(ValueError, match=r"draw pairs tie .* use method='quad'"):
        ps(0, 5, 0, 5, prior=(1e-4, 1e-4), method="monte-carlo", draws=2000, seed=1)


def test_monte_carlo_defaults_are_200000_draws_and_seed_0():
    default = ps(3, 10, 5, 10, method="monte-carlo")
    assert default == ps(3, 10, 5, 10, method="monte-carlo", draws=200_000, seed=0)
    assert default != ps(3, 10, 5, 10, method="monte-carlo", draws=200_000, seed=1)
    p = default.probability
    assert default.error == math.sqrt(p * (1.0 - p) / 200_000)


def test_draws_and_seed_bounds():
    assert ps(3, 10, 5, 10, method="monte-carlo", draws=1).error == 0.0
    with pytest.raises(ValueError, match="draws"):
        ps(3, 10, 5, 10, method="monte-carlo", draws=0)
    with pytest.raises(ValueError, match="draws"):
        ps(3, 10, 5, 10, method="monte-carlo", draws=10**7 + 1)
    with pytest.raises(ValueError, match="seed"):
        ps(3, 10, 5, 10, method="monte-carlo", seed=-1)


@pytest.mark.parametrize("prior", [[0.5, 0.5], (1.0,), (1.0, 1.0, 1.0), "ab"])
def test_prior_must_be_a_pair_tuple(prior):
    with pytest.raises(TypeError, match="prior must be a tuple"):
        ps(3, 10, 5, 10, prior=prior)


@pytest.mark.parametrize(
    ("prior", "name"), [((0.0, 1.0), "prior a"), ((1.0, 0.0), "prior b")]
)
def test_prior_parameters_must_be_positive(prior, name):
    with pytest.raises(ValueError, match=name):
        ps(3, 10, 5, 10, prior=prior)


def test_asymmetric_prior_keeps_a_and_b_apart():
    res = ps(3, 10, 5, 10, prior=(1.0, 2.0))
    assert (res.prior_a, res.prior_b) == (1.0, 2.0)
    assert res.probability == pytest.approx(_miller(4, 9, 6, 7), abs=1e-12)
    res = ps(3, 10, 5, 10, prior=(2.0, 1.0))
    assert res.probability == pytest.approx(_miller(5, 8, 7, 6), abs=1e-12)


@pytest.mark.parametrize(
    "counts", [(5, 10, 5, 10), (0, 7, 3, 9), (3, 3, 0, 3), (0, 10**6, 3, 10**6)]
)
def test_quadrature_error_counts_the_dropped_tails(counts):
    # the mass beyond the 1e-16 quantile at either end (2e-16) is part of the
    # error estimate; quad's own estimate keeps it far below the 1e-9 the
    # closed-form tests allow
    res = ps(*counts)
    assert 2e-16 <= res.error < 1e-12
