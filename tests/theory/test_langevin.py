"""Tests of theory.poincare and theory.langevin (SLM-T6.3)."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from theory.langevin import (
    boundary_integral,
    euler_maruyama,
    fokker_planck_residual,
    log_barrier_radial_law,
    paper_drift,
    stationary_drift,
    stationary_exponent,
    zero_flux_coefficient,
)
from theory.poincare import (
    conformal_factor,
    exp_map,
    log_map,
    mobius_add,
    poincare_distance,
)
from theory.strategies import ball_points

# --- Poincaré ball ------------------------------------------------------------


def _distance_arccosh(x, y):
    """The textbook form arccosh(1 + 2|x-y|^2 / ((1-|x|^2)(1-|y|^2)))."""
    x, y = np.asarray(x), np.asarray(y)
    arg = 1 + 2 * np.sum((x - y) ** 2) / ((1 - x @ x) * (1 - y @ y))
    return math.acosh(arg)


@given(ball_points(dim=3, max_norm=0.9))
def test_poincare_distance_matches_arccosh_form(pair):
    """The asinh evaluation equals the arccosh textbook form (away from 0)."""
    x, y = pair
    expected = _distance_arccosh(x, y)
    assert poincare_distance(x, y) == pytest.approx(expected, rel=1e-7, abs=1e-7)


@given(ball_points(dim=2, max_norm=0.9))
def test_poincare_distance_from_origin(pair):
    """d(0, y) = 2 artanh|y| (closed form)."""
    _, y = pair
    expected = 2 * math.atanh(float(np.linalg.norm(y)))
    assert poincare_distance(np.zeros(2), y) == pytest.approx(expected, abs=1e-12)


@settings(max_examples=100)
@given(ball_points(dim=3, count=3, max_norm=0.9))
def test_poincare_distance_is_a_metric(triple):
    """Symmetric, zero on the diagonal, triangle inequality."""
    x, y, z = triple
    assert poincare_distance(x, y) == pytest.approx(poincare_distance(y, x), abs=1e-12)
    assert poincare_distance(x, x) == 0.0
    assert (
        poincare_distance(x, z)
        <= poincare_distance(x, y) + poincare_distance(y, z) + 1e-9
    )


@settings(max_examples=100)
@given(ball_points(dim=3, count=3, max_norm=0.8))
def test_mobius_left_cancellation_and_isometry(triple):
    """(-a) ⊕ (a ⊕ y) = y, and left translation keeps distances (gyro-isometry)."""
    a, x, y = triple
    np.testing.assert_allclose(mobius_add(-a, mobius_add(a, y)), y, atol=1e-9)
    moved = poincare_distance(mobius_add(a, x), mobius_add(a, y))
    assert moved == pytest.approx(poincare_distance(x, y), rel=1e-6, abs=1e-9)


@settings(max_examples=100)
@given(ball_points(dim=3, max_norm=0.8))
def test_exp_log_round_trip_and_length(pair):
    """exp_x(log_x(y)) = y and lambda_x |log_x(y)| = d(x, y)."""
    x, y = pair
    v = log_map(x, y)
    np.testing.assert_allclose(exp_map(x, v), y, atol=1e-9)
    length = conformal_factor(x) * float(np.linalg.norm(v))
    assert length == pytest.approx(poincare_distance(x, y), rel=1e-7, abs=1e-9)


def test_poincare_hand_values():
    """lambda(0) = 2, lambda(0.6) = 3.125; 0.5 ⊕ 0.5 = 0.8; d(0, 0.5) = log 3."""
    assert conformal_factor([0.0, 0.0]) == 2.0
    assert conformal_factor([0.6]) == pytest.approx(3.125)
    assert mobius_add([0.5], [0.5]).tolist() == pytest.approx([0.8])
    assert poincare_distance([0.0], [0.5]) == pytest.approx(math.log(3))


# --- Fokker–Planck: the drift ----------------------------------------------


def test_slm_t63_zero_flux_coefficient():
    """c(k) = T (k - 2): k = d needs T (d - 2); the paper's T (d - 2)/2 gives (d + 2)/2."""
    t, k = sp.Symbol("T", positive=True), sp.Symbol("k", real=True)
    assert sp.simplify(zero_flux_coefficient() - t * (k - 2)) == 0
    assert stationary_exponent("paper", 1) == sp.Rational(3, 2)
    assert stationary_exponent("paper", 2) == 2
    assert stationary_exponent("stationary", 5) == 5


@pytest.mark.parametrize("d", [1, 2])
def test_slm_t63_residual_small_dimensions(d):
    """The corrected drift is stationary for any U; the paper's only at d = 2."""
    assert fokker_planck_residual(d, "stationary") == 0
    assert (fokker_planck_residual(d, "paper") == 0) == (d == 2)


@pytest.mark.slow
def test_slm_t63_residual_dimension_three():
    """d = 3 with an arbitrary U (about 5 s of sympy)."""
    assert fokker_planck_residual(3, "stationary") == 0
    assert fokker_planck_residual(3, "paper") != 0


def test_slm_t63_residual_d1_by_hand():
    """d = 1, U = 0, T = 1: (b p)' - (D p)'' = -1/4 + 1/2 = 1/4 for the paper's drift."""
    x = sp.Symbol("x", real=True)
    p = 1 / (1 - x**2)
    diffusion = (1 - x**2) ** 2 / 4
    b_paper = -x * (1 - x**2) / 4
    b_ours = -x * (1 - x**2) / 2
    res = lambda b: sp.simplify(sp.diff(b * p, x) - sp.diff(diffusion * p, x, 2))  # noqa: E731
    assert res(b_paper) == sp.Rational(1, 4)
    assert res(b_ours) == 0


@settings(max_examples=30)
@given(
    ball_points(dim=3, count=1, max_norm=0.95),
    st.floats(min_value=-3.0, max_value=3.0),
    st.floats(min_value=0.1, max_value=5.0),
)
def test_drifts_match_symbolic_transcription(points, a, t):
    """Numeric drifts equal the sympy drift -lambda^-2 grad U + c lambda^-1 xi, U = a|xi|^2."""
    (xi,) = points
    xs = sp.symbols("x1:4", real=True)
    lam = 2 / (1 - sum(v**2 for v in xs))
    u = a * sum(v**2 for v in xs)
    subs = dict(zip(xs, xi.tolist(), strict=True))
    for factor, fn in ((sp.Rational(1, 2), paper_drift), (1, stationary_drift)):
        expected = [
            float((-sp.diff(u, v) / lam**2 + factor * t * (3 - 2) * v / lam).subs(subs))
            for v in xs
        ]
        got = fn(xi, 2 * a * xi, temperature=t)
        np.testing.assert_allclose(got, expected, atol=1e-12)


# --- normalisability ---------------------------------------------------------


def test_slm_t63_bounded_potential_not_normalisable():
    """int_{1/2}^1 (1 - s)^-k ds = oo for k = 1, 2, 3 and 1/2 for k = 0 (sympy)."""
    assert [boundary_integral(k) for k in (1, 2, 3)] == [sp.oo] * 3
    assert boundary_integral(0) == sp.Rational(1, 2)


def test_log_barrier_law_hand_values():
    """U = -kappa log(1 - |xi|^2): |xi|^2 ~ Beta(d/2, kappa/T - k + 1)."""
    law = log_barrier_radial_law(3, 4.0, 1.0)
    assert (law.a, law.b) == (1.5, 2.0)
    paper = log_barrier_radial_law(3, 4.0, 1.0, form="paper")
    assert (paper.a, paper.b) == (1.5, 2.5)
    with pytest.raises(ValueError, match="normalisable"):
        log_barrier_radial_law(2, 1.0, 1.0)  # kappa/T = 1 = d - 1: the mass diverges


# --- Euler–Maruyama ------------------------------------------------------------


def _grad_log_barrier(kappa):
    return lambda x: 2 * kappa * x / (1 - np.sum(x**2, axis=1, keepdims=True))


@pytest.mark.slow
def test_slm_t63_euler_maruyama_reaches_stationary_law():
    """4000 chains, d = 3, T = 1, kappa = 4, dt = 0.01, t = 10 (seed 1).

    Test: one-sample KS of |xi|^2 against scipy's Beta(1.5, 2) (the corrected
    drift's law), accepted at p > 0.001; and the 10-bin histogram of |xi|
    within 0.02 of the exact bin masses (about 4 standard errors,
    sqrt(0.1 * 0.9 / 4000) = 0.0047). The paper's drift must be rejected
    against the same law (p < 1e-10) and accepted against its own law
    Beta(1.5, 2.5).
    """
    kappa, start = 4.0, np.zeros((4000, 3))
    ours = euler_maruyama(
        start, _grad_log_barrier(kappa), temperature=1.0, dt=0.01, n_steps=1000, seed=1
    )
    s = np.sum(ours.positions**2, axis=1)
    law = stats.beta(1.5, 2.0)
    assert stats.kstest(s, law.cdf).pvalue > 1e-3
    edges = np.linspace(0.0, 1.0, 11)
    observed = np.histogram(np.sqrt(s), bins=edges)[0] / s.size
    expected = np.diff(law.cdf(edges**2))
    assert np.max(np.abs(observed - expected)) < 0.02
    paper = euler_maruyama(
        start,
        _grad_log_barrier(kappa),
        temperature=1.0,
        dt=0.01,
        n_steps=1000,
        seed=1,
        form="paper",
    )
    s_paper = np.sum(paper.positions**2, axis=1)
    assert stats.kstest(s_paper, law.cdf).pvalue < 1e-10
    assert stats.kstest(s_paper, stats.beta(1.5, 2.5).cdf).pvalue > 1e-3


def test_euler_maruyama_is_reproducible():
    """Same seed, same bits."""
    args = {"temperature": 1.0, "dt": 0.01, "n_steps": 50, "seed": 7}
    a = euler_maruyama(np.zeros((20, 2)), _grad_log_barrier(3.0), **args)
    b = euler_maruyama(np.zeros((20, 2)), _grad_log_barrier(3.0), **args)
    assert np.array_equal(a.positions, b.positions)
    assert a.rejected == b.rejected


# --- bad input -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: conformal_factor([1.0, 0.0]),
            ValueError,
            "x must lie in the open unit ball",
        ),
        (lambda: mobius_add([0.1], [0.1, 0.2]), ValueError, "same shape"),
        (lambda: poincare_distance([0.0], [2.0]), ValueError, "y must lie in the open"),
        (lambda: exp_map([0.0], [1.0, 2.0]), ValueError, "same shape"),
        (lambda: log_map([0.0], [np.inf]), ValueError, "y must be finite"),
        (lambda: paper_drift([0.5], [0.0], temperature=0.0), ValueError, "temperature"),
        (
            lambda: stationary_drift([1.5], [0.0], temperature=1.0),
            ValueError,
            "xi must lie",
        ),
        (
            lambda: stationary_drift([0.5], [0.0, 1.0], temperature=1.0),
            ValueError,
            "same shape",
        ),
        (lambda: fokker_planck_residual(5, "paper"), ValueError, "d must be <= 4"),
        (lambda: fokker_planck_residual(1, "ito"), ValueError, "form must be one of"),
        (lambda: stationary_exponent("paper", 0), ValueError, "d must be >= 1"),
        (lambda: boundary_integral(-1), ValueError, "k must be >= 0"),
        (lambda: log_barrier_radial_law(2, -1.0, 1.0), ValueError, "kappa must be in"),
        (
            lambda: euler_maruyama(
                np.ones((2, 2)), lambda x: x, temperature=1.0, dt=0.1, n_steps=1, seed=0
            ),
            ValueError,
            "xi0 must lie in the open unit ball",
        ),
        (
            lambda: euler_maruyama(
                np.zeros(2), lambda x: x, temperature=1.0, dt=0.1, n_steps=1, seed=0
            ),
            ValueError,
            "xi0 must be a non-empty 2-d array",
        ),
        (
            lambda: euler_maruyama(
                np.zeros((1, 2)),
                lambda x: x,
                temperature=1.0,
                dt=0.0,
                n_steps=1,
                seed=0,
            ),
            ValueError,
            "dt must be in",
        ),
        (
            lambda: euler_maruyama(
                np.zeros((1, 2)),
                lambda x: x[:, :1],
                temperature=1.0,
                dt=0.1,
                n_steps=1,
                seed=0,
            ),
            ValueError,
            r"grad_u must return finite values of shape \(1, 2\)",
        ),
    ],
)
def test_bad_input(call, error, match):
    """Bad arguments raise with a message naming the argument and the rule."""
    with pytest.raises(error, match=match):
        call()
