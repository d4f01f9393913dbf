"""The decay laws' parameter boxes and the saturated log-likelihood, through fit_decay (issue 33).

The module docstring of ``theory.decay`` states each law's reported range:
``0 < s0, rho <= 1``, ``c >= 0`` and ``0.05 <= beta <= 10`` (stretched),
``0 < c <= 1`` and ``alpha >= 0`` (power). Each test below gives counts whose
unconstrained maximum lies outside the range, so the fit must stop on the
edge and say so (``on_boundary``). The deviance is checked against the
saturated log-likelihood written out by hand (``0 log 0 = 0``), on counts
where ``n - k = 1`` and ``k = 0``, ``k = n`` occur.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy.stats import binom

from theory.decay import compare_decays, fit_decay


def test_triangular_s0_stops_at_one() -> None:
    """A curve that falls faster and faster wants s0 > 1 (a negative rate) unconstrained."""
    fit = fit_decay([1, 2, 3, 4], [99, 90, 60, 30], [100] * 4, "triangular")
    assert fit.param("s0") == 1.0
    assert 0.0 < fit.param("rho") < 1.0
    assert fit.on_boundary


def test_triangular_rho_stops_at_one() -> None:
    """Rising counts want rho > 1 unconstrained."""
    fit = fit_decay([1, 2, 3], [30, 50, 70], [100] * 3, "triangular")
    assert fit.param("rho") == 1.0
    assert fit.on_boundary


def test_stretched_rate_stops_at_zero() -> None:
    """k = n everywhere: p = 1 is best, i.e. c = 0 (the gradient keeps pushing c down)."""
    fit = fit_decay([1, 2, 3], [10, 10, 10], [10, 10, 10], "stretched")
    assert fit.param("c") == 0.0
    assert fit.on_boundary


def test_stretched_beta_stops_at_ten() -> None:
    """A cliff (p = 1, 1, 0) wants an ever steeper stretch: beta = 10, the upper edge."""
    fit = fit_decay([1, 2, 3], [10, 10, 0], [10, 10, 10], "stretched")
    assert fit.param("beta") == 10.0
    assert fit.on_boundary


def test_stretched_beta_stops_at_five_hundredths() -> None:
    """A fast drop then a plateau wants beta -> 0: beta = 0.05, the lower edge."""
    fit = fit_decay([1, 2, 3, 4], [20, 50, 55, 57], [100] * 4, "stretched")
    assert fit.param("beta") == 0.05
    assert fit.on_boundary


def test_power_c_stops_at_one() -> None:
    """Depths from 2: p = 1.8 d^-1 fits best unconstrained, so c stops at 1."""
    fit = fit_decay([2, 4, 8], [90, 45, 22], [100] * 3, "power")
    assert fit.param("c") == 1.0
    assert fit.param("alpha") > 0.0
    assert fit.on_boundary


def test_power_alpha_stops_at_zero() -> None:
    """Rising counts want a negative exponent: alpha = 0, a flat curve at the pooled rate."""
    fit = fit_decay([1, 2, 3], [30, 50, 70], [100] * 3, "power")
    assert fit.param("alpha") == 0.0
    assert fit.param("c") == pytest.approx(0.5, abs=1e-6)
    assert fit.on_boundary


def test_interior_fits_are_not_on_the_boundary() -> None:
    fit = fit_decay([2, 4, 8], [90, 45, 22], [100] * 3, "stretched")
    assert 0.0 < fit.param("c") < 30.0
    assert 0.05 < fit.param("beta") < 10.0
    assert not fit.on_boundary


def _saturated(k: list[int], n: list[int]) -> float:
    """``sum k log(k/n) + (n-k) log(1 - k/n)`` with ``0 log 0 = 0``, term by term."""
    total = 0.0
    for kk, nn in zip(k, n, strict=True):
        if kk > 0:
            total += kk * math.log(kk / nn)
        if nn - kk > 0:
            total += (nn - kk) * math.log(1.0 - kk / nn)
    return total


def _kernel(
    law: str, fit_params: list[float], d: list[int], k: list[int], n: list[int]
) -> float:
    """The fit's log-likelihood less the binomial coefficients (scipy's logpmf sum)."""
    dd = np.asarray(d, dtype=float)
    if law == "geometric":
        p = fit_params[0] ** dd
    else:
        p = fit_params[0] * dd ** (-fit_params[1])
    p = np.minimum(p, 1.0 - 1e-12)
    full = float(np.sum(binom.logpmf(k, n, p)))
    const = sum(math.log(math.comb(nn, kk)) for kk, nn in zip(k, n, strict=True))
    return full - const


@pytest.mark.parametrize(
    ("d", "k", "n"),
    [
        (
            [1, 2, 3, 4],
            [9, 5, 1, 0],
            [10, 6, 2, 3],
        ),  # n - k = 1 at every depth but the last
        ([1, 2, 3], [3, 3, 0], [3, 4, 5]),  # k = n, n - k = 1, k = 0
        ([1, 2, 3, 5], [1, 1, 2, 1], [2, 2, 3, 2]),
    ],
)
@pytest.mark.parametrize("law", ["geometric", "power"])
def test_deviance_against_the_saturated_curve_by_hand(
    law: str, d: list[int], k: list[int], n: list[int]
) -> None:
    fit = fit_decay(d, k, n, law)
    params = [v for _, v in fit.params]
    kernel = _kernel(law, params, d, k, n)
    assert fit.deviance == pytest.approx(
        2.0 * (_saturated(k, n) - kernel), rel=1e-9, abs=1e-9
    )
    const = sum(math.log(math.comb(nn, kk)) for kk, nn in zip(k, n, strict=True))
    assert fit.loglik == pytest.approx(kernel + const, rel=1e-12, abs=1e-10)


def test_saturated_loglik_by_hand_on_a_pure_point() -> None:
    """One depth with n - k = 1: the geometric law fits the point, deviance 0."""
    fit = fit_decay([2], [3], [4], "geometric")
    assert fit.param("s0") == pytest.approx(math.sqrt(0.75), rel=1e-7)
    assert fit.deviance == pytest.approx(0.0, abs=1e-9)
    # two depths where the geometric law cannot fit both points
    fit = fit_decay([1, 2], [3, 3], [4, 4], "geometric")
    assert fit.deviance > 0.1
    saturated = _saturated([3, 3], [4, 4])
    assert saturated == pytest.approx(2 * (3 * math.log(0.75) + math.log(0.25)))
    assert fit.deviance == pytest.approx(
        2.0
        * (saturated - _kernel("geometric", [fit.param("s0")], [1, 2], [3, 3], [4, 4])),
        rel=1e-9,
    )


@pytest.mark.parametrize("law", ["geometric", "triangular", "stretched", "power"])
def test_no_runtime_warning_on_zero_and_full_counts(law: str) -> None:
    """k = 0 and k = n points give 0 log 0 terms: no 'invalid value' warning, no NaN."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fit = fit_decay([1, 2, 3, 4], [10, 6, 0, 3], [10, 10, 10, 10], law)
        cmp = compare_decays([1, 2, 3], [5, 0, 5], [5, 5, 5])
    assert math.isfinite(fit.deviance) and math.isfinite(fit.loglik)
    assert all(math.isfinite(f.deviance) for f in cmp.fits)
