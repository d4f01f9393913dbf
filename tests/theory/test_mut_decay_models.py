"""The four decay laws' likelihood and fit through theory.decay.fit_decay (issue 33, item 5).

Oracles: the binomial log-likelihood summed with ``scipy.stats.binom.logpmf`` at
the reported parameters, the G^2 deviance against the saturated ``k / n`` curve,
and each law's maximum likelihood found here by a dense grid refined with
``scipy.optimize`` (Nelder-Mead in the reported parameters, independent of the
package's multi-start SLSQP on its internal ones).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import minimize
from scipy.stats import binom

from theory.decay import fit_decay

DEPTHS = [1, 2, 3, 4, 5, 6]
N = [40, 40, 40, 40, 40, 40]
# counts from the triangular law at s0 = 0.8, rho = 0.85 (rounded expectations)
K_TRI = [29, 18, 10, 5, 2, 1]
# counts from a power law c d^-alpha, c = 0.9, alpha = 1.2
K_POW = [36, 16, 10, 7, 5, 4]


def _curve(law, params, d):
    d = np.asarray(d, dtype=float)
    if law == "geometric":
        (s0,) = params
        return s0**d
    if law == "triangular":
        s0, rho = params
        return s0**d * rho ** (d * (d + 1) / 2)
    if law == "stretched":
        c, beta = params
        return np.exp(-c * d**beta)
    c, alpha = params
    return c * d ** (-alpha)


def _loglik(law, params, k, n, d=DEPTHS):
    p = np.clip(_curve(law, params, d), 1e-300, 1.0 - 1e-12)
    return float(np.sum(binom.logpmf(k, n, p)))


# reported-parameter boxes equivalent to the package's internal boxes
BOXES = {
    "geometric": [(math.exp(-30), 1.0)],
    "triangular": [(math.exp(-30), 1.0), (math.exp(-30), 1.0)],
    "stretched": [(0.0, 30.0), (0.05, 10.0)],
    "power": [(math.exp(-30), 1.0), (0.0, 30.0)],
}


def _best(law, k, n):
    """Grid search, then Nelder-Mead from the best grid points, clipped to the box."""
    box = BOXES[law]
    axes = [np.linspace(lo + 1e-9, hi, 60) for lo, hi in box]
    grid = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, len(box))
    values = np.array([_loglik(law, g, k, n) for g in grid])
    best = -math.inf
    for idx in np.argsort(values)[-4:]:

        def nll(x):
            x = np.clip(x, [b[0] for b in box], [b[1] for b in box])
            return -_loglik(law, x, k, n)

        res = minimize(
            nll,
            grid[idx],
            method="Nelder-Mead",
            options={"xatol": 1e-12, "fatol": 1e-13, "maxiter": 40000, "maxfev": 40000},
        )
        best = max(best, -float(res.fun))
    return best


@pytest.mark.parametrize("law", ["geometric", "triangular", "stretched", "power"])
@pytest.mark.parametrize("k", [K_TRI, K_POW])
def test_loglik_is_the_binomial_log_pmf_at_the_reported_parameters(law, k):
    fit = fit_decay(DEPTHS, k, N, law)
    params = [v for _, v in fit.params]
    assert fit.loglik == pytest.approx(_loglik(law, params, k, N), rel=1e-12, abs=1e-10)
    saturated = float(np.sum(binom.logpmf(k, N, np.asarray(k) / np.asarray(N))))
    assert fit.deviance == pytest.approx(
        2 * (saturated - fit.loglik), rel=1e-9, abs=1e-9
    )


@pytest.mark.parametrize("law", ["geometric", "triangular", "stretched", "power"])
@pytest.mark.parametrize("k", [K_TRI, K_POW])
def test_fit_reaches_the_maximum_likelihood(law, k):
    fit = fit_decay(DEPTHS, k, N, law)
    assert fit.converged
    best = _best(law, k, N)
    assert fit.loglik >= best - 1e-7
    assert fit.loglik <= best + 1e-6  # the oracle is not worse than the fit by much


def test_saturated_terms_with_zero_and_full_counts():
    """k = 0 and k = n points add 0 log 0 = 0 to the saturated log-likelihood."""
    k, n = [10, 6, 0, 3], [10, 10, 10, 10]
    fit = fit_decay([1, 2, 3, 4], k, n, "geometric")
    saturated = float(np.sum(binom.logpmf(k, n, np.asarray(k) / np.asarray(n))))
    assert fit.deviance == pytest.approx(2 * (saturated - fit.loglik), rel=1e-9)
    params = [v for _, v in fit.params]
    assert fit.loglik == pytest.approx(
        _loglik("geometric", params, k, n, [1, 2, 3, 4]), rel=1e-12
    )


def test_single_depth_geometric_has_the_closed_form():
    """One depth d: p = k / n, so s0 = (k / n)^(1/d)."""
    fit = fit_decay([3], [12], [50], "geometric")
    assert fit.param("s0") == pytest.approx((12 / 50) ** (1 / 3), rel=1e-6)


@pytest.mark.parametrize("law", ["triangular", "stretched", "power"])
def test_single_depth_two_parameter_laws_fit_the_point(law):
    """One depth (no least-squares start): any curve through k / n is a maximum."""
    fit = fit_decay([2], [12], [50], law)
    params = [v for _, v in fit.params]
    assert float(_curve(law, params, [2])[0]) == pytest.approx(12 / 50, rel=1e-5)


def test_no_success_drives_the_stretched_rate_to_its_bound():
    """k = 0 everywhere: the likelihood rises with c up to the box edge c = 30."""
    fit = fit_decay([1, 2, 3], [0, 0, 0], [10, 10, 10], "stretched")
    assert fit.param("c") == 30.0
    assert fit.on_boundary


def test_full_success_fits_s0_one():
    """k = n everywhere: p = 1 is the maximum (capped at 1 - 1e-12 inside)."""
    fit = fit_decay([1, 2, 3], [10, 10, 10], [10, 10, 10], "geometric")
    assert fit.param("s0") == pytest.approx(1.0, abs=1e-9)
    assert fit.loglik == pytest.approx(0.0, abs=1e-6)
