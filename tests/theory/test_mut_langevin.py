"""theory.langevin: the Euler-Maruyama step against a transcription, boundaries, errors (issue 33, item 5)."""

import math

import numpy as np
import pytest
import sympy as sp

from theory.errors import UserCallableError
from theory.langevin import (
    boundary_integral,
    euler_maruyama,
    fokker_planck_residual,
    log_barrier_radial_law,
    paper_drift,
    stationary_drift,
    stationary_exponent,
)


def _reference(x0, grad, temperature, dt, n_steps, seed, factor):
    """The documented scheme written out: xi <- xi + b dt + sqrt(2 T dt) lambda^-1 Z,
    b = -lambda^-2 grad U + factor T (d - 2) lambda^-1 xi, lambda = 2 / (1 - |xi|^2);
    a proposal outside the open ball is rejected for its chain."""
    rng = np.random.default_rng(seed)
    x = np.array(x0, dtype=float)
    n, d = x.shape
    rejected = 0
    for _ in range(n_steps):
        z = rng.standard_normal((n, d))
        for i in range(n):
            inv_lam = (1.0 - float(x[i] @ x[i])) / 2.0
            b = (
                -(inv_lam**2) * grad(x[i])
                + factor * temperature * (d - 2) * inv_lam * x[i]
            )
            proposal = (
                x[i] + b * dt + math.sqrt(2.0 * temperature * dt) * inv_lam * z[i]
            )
            if float(proposal @ proposal) < 1.0:
                x[i] = proposal
            else:
                rejected += 1
    return x, rejected


_KAPPA = 1.5


def _grad(x):
    """grad U for U = -kappa log(1 - |xi|^2), on an (n, d) array or one point."""
    x = np.asarray(x, dtype=float)
    return 2.0 * _KAPPA * x / (1.0 - np.sum(x**2, axis=-1, keepdims=True))


@pytest.mark.parametrize("form", ["stationary", "paper"])
@pytest.mark.parametrize(
    ("x0", "temperature", "dt", "n_steps", "seed"),
    [
        (
            np.array([[0.1, -0.2, 0.3], [0.0, 0.0, 0.0], [-0.5, 0.4, 0.1]]),
            0.7,
            0.05,
            6,
            11,
        ),
        (np.array([[0.3], [-0.6], [0.9]]), 1.3, 0.02, 5, 3),  # d = 1: d - 2 = -1
        (np.array([[0.2, 0.1], [-0.3, 0.5]]), 2.0, 0.1, 4, 5),  # d = 2: no xi term
        (np.array([[0.95, 0.0, 0.2], [0.0, 0.97, 0.0]]), 1.0, 0.3, 8, 2),  # rejections
    ],
)
def test_euler_maruyama_matches_the_written_out_scheme(
    x0, temperature, dt, n_steps, seed, form
):
    """Positions (to 1e-13) and the rejection count equal a point-by-point transcription."""
    factor = 0.5 if form == "paper" else 1.0
    expected, rejected = _reference(x0, _grad, temperature, dt, n_steps, seed, factor)
    run = euler_maruyama(
        x0, _grad, temperature=temperature, dt=dt, n_steps=n_steps, seed=seed, form=form
    )
    np.testing.assert_allclose(run.positions, expected, rtol=1e-13, atol=1e-15)
    assert run.rejected == rejected
    assert run.positions.shape == x0.shape


def test_rejections_are_counted_per_chain_and_step():
    """Chains at |xi| = 0.999 with a large step: some proposals leave the ball and are counted."""
    x0 = np.array([[0.999, 0.0], [0.0, -0.999], [0.1, 0.1]])
    expected, rejected = _reference(x0, _grad, 1.0, 0.5, 10, 4, 1.0)
    run = euler_maruyama(x0, _grad, temperature=1.0, dt=0.5, n_steps=10, seed=4)
    assert rejected > 0
    assert run.rejected == rejected
    np.testing.assert_allclose(run.positions, expected, rtol=1e-13, atol=1e-15)
    assert np.all(np.sum(run.positions**2, axis=1) < 1.0)


def test_zero_steps_return_the_start():
    """n_steps = 0: the start, unchanged, and nothing rejected; grad_u is not called."""
    x0 = np.array([[0.1, 0.2], [0.3, -0.4]])

    def never(x):
        raise AssertionError("called")

    run = euler_maruyama(x0, never, temperature=1.0, dt=0.1, n_steps=0, seed=0)
    assert np.array_equal(run.positions, x0)
    assert run.rejected == 0


def test_grad_u_errors_are_wrapped():
    """An error raised by grad_u becomes UserCallableError (a ValueError) naming grad_u."""

    def broken(x):
        raise KeyError("boom")

    with pytest.raises(UserCallableError, match="grad_u") as info:
        euler_maruyama(
            np.zeros((2, 2)), broken, temperature=1.0, dt=0.1, n_steps=1, seed=0
        )
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value.__cause__, KeyError)


@pytest.mark.parametrize(
    ("grad", "match"),
    [
        (
            lambda x: np.full(x.shape, np.nan),
            r"grad_u must return finite values of shape \(2, 2\)",
        ),
        (lambda x: np.full(x.shape, np.inf), r"grad_u must return finite values"),
        (lambda x: np.zeros((2, 3)), r"got shape \(2, 3\)"),
        (lambda x: np.zeros(4), r"got shape \(4,\)"),
    ],
)
def test_grad_u_bad_values(grad, match):
    """A gradient of the wrong shape or not finite is an error naming grad_u and the shapes."""
    with pytest.raises(ValueError, match=match):
        euler_maruyama(
            np.zeros((2, 2)), grad, temperature=1.0, dt=0.1, n_steps=1, seed=0
        )


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"dt": math.inf}, r"dt must be in \(0, inf\)"),
        ({"dt": -0.1}, r"dt must be in \(0"),
        ({"temperature": math.inf}, r"temperature must be in \(0, inf\)"),
        ({"temperature": 0.0}, r"temperature must be in \(0, inf\)"),
        ({"n_steps": -1}, "n_steps must be >= 0"),
        ({"n_steps": 10**7 + 1}, "n_steps must satisfy"),
        ({"seed": -1}, "seed must be >= 0"),
        ({"form": "ito"}, "form must be one of"),
    ],
)
def test_euler_maruyama_bad_arguments(kwargs, match):
    """Each argument outside its range is named, with the range."""
    args = {"temperature": 1.0, "dt": 0.1, "n_steps": 1, "seed": 0} | kwargs
    with pytest.raises(ValueError, match=match):
        euler_maruyama(np.zeros((2, 2)), _grad, **args)


def test_euler_maruyama_refuses_non_callable_and_boundary_starts():
    """grad_u must be callable (TypeError); a start on the unit sphere is outside the open ball."""
    with pytest.raises(TypeError, match="grad_u must be callable"):
        euler_maruyama(
            np.zeros((1, 2)), 3.0, temperature=1.0, dt=0.1, n_steps=1, seed=0
        )
    with pytest.raises(ValueError, match="xi0 must lie in the open unit ball"):
        euler_maruyama(
            np.array([[0.6, 0.8]]), _grad, temperature=1.0, dt=0.1, n_steps=1, seed=0
        )
    near = np.array([[0.6, 0.8 - 1e-12]])
    run = euler_maruyama(near, _grad, temperature=1.0, dt=1e-12, n_steps=1, seed=0)
    assert run.positions.shape == (1, 2)


@pytest.mark.parametrize("fn", [paper_drift, stationary_drift])
def test_drifts_on_arrays_of_points(fn):
    """(n, d) input gives each row's drift, equal to the 1-d call on that row (hand formula)."""
    factor = 0.5 if fn is paper_drift else 1.0
    xi = np.array([[0.1, 0.2, -0.3], [0.5, 0.0, 0.4], [0.0, 0.0, 0.0]])
    g = _grad(xi)
    out = fn(xi, g, temperature=0.8)
    assert out.shape == xi.shape
    for row, grow, orow in zip(xi, g, out, strict=True):
        inv_lam = (1.0 - float(row @ row)) / 2.0
        expected = -(inv_lam**2) * grow + factor * 0.8 * (3 - 2) * inv_lam * row
        np.testing.assert_allclose(orow, expected, rtol=1e-14, atol=1e-16)
        np.testing.assert_allclose(fn(row, grow, temperature=0.8), orow, rtol=1e-15)


@pytest.mark.parametrize("fn", [paper_drift, stationary_drift])
def test_drift_bad_input(fn):
    """A point on the sphere, infinite T, or mismatched shapes: errors naming the argument."""
    with pytest.raises(ValueError, match="xi must lie in the open unit ball"):
        fn([0.6, 0.8], [0.0, 0.0], temperature=1.0)
    with pytest.raises(ValueError, match="xi must lie in the open unit ball"):
        fn([[0.0, 0.0], [0.6, 0.8]], [[0.0, 0.0], [0.0, 0.0]], temperature=1.0)
    with pytest.raises(ValueError, match=r"temperature must be in \(0, inf\)"):
        fn([0.1], [0.0], temperature=math.inf)
    with pytest.raises(ValueError, match="same shape"):
        fn([[0.1, 0.2]], [[0.1, 0.2, 0.3]], temperature=1.0)


@pytest.mark.parametrize(
    ("d", "kappa", "temperature", "form", "expected"),
    [
        (1, 1.0, 1.0, "stationary", (0.5, 1.0)),  # k = 1: b = kappa/T
        (1, 2.0, 1.0, "paper", (0.5, 1.5)),  # k = 3/2
        (4, 12.0, 3.0, "stationary", (2.0, 4.0 - 4.0 + 1.0)),
        (2, 3.0, 2.0, "paper", (1.0, 1.5 - 2.0 + 1.0)),
    ],
)
def test_log_barrier_law_values(d, kappa, temperature, form, expected):
    """Beta(d/2, kappa/T - k + 1), with k = d (stationary) or (d + 2)/2 (paper)."""
    law = log_barrier_radial_law(d, kappa, temperature, form=form)
    assert (law.a, law.b) == pytest.approx(expected, abs=1e-15)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (
            (3, 2.0, 1.0),
            r"kappa/temperature must be > 2 for a normalisable density, got 2.0",
        ),
        ((3, 1.0, 1.0), r"must be > 2"),
        ((1, 1e300, 1e-300), "kappa/temperature must be finite"),
        ((1, 1.0, 0.0), r"temperature must be in \(0"),
        ((0, 1.0, 1.0), "d must be >= 1"),
    ],
)
def test_log_barrier_law_refuses(args, match):
    """kappa/T <= k - 1 (not normalisable), an infinite ratio, or bad arguments: named errors."""
    with pytest.raises(ValueError, match=match):
        log_barrier_radial_law(*args)


def test_stationary_exponents():
    """k = d for the stationary drift and (d + 2)/2 for the paper's, as exact rationals."""
    for d in range(1, 7):
        assert stationary_exponent("stationary", d) == d
        assert stationary_exponent("paper", d) == sp.Rational(d + 2, 2)
        assert isinstance(stationary_exponent("paper", d), sp.Rational)


def test_boundary_integral_values_and_cap():
    """k = 0 gives 1/2, k >= 1 diverges; k is capped at 64, which is accepted
    (integrated in u = 1 - s it takes milliseconds; in s it took about 170 s)."""
    assert boundary_integral(0) == sp.Rational(1, 2)
    assert boundary_integral(2) == sp.oo
    assert boundary_integral(64) == sp.oo
    with pytest.raises(ValueError, match="k must satisfy 0 <= k <= 64"):
        boundary_integral(65)


def test_fokker_planck_residual_paper_d1_and_bounds():
    """The paper's d = 1 residual is (x^2 - 1)(x U' - T)/4; d = 0 is refused."""
    x1, t = sp.Symbol("x1", real=True), sp.Symbol("T", positive=True)
    u = sp.Function("U")(x1)
    expected = (x1**2 - 1) * (x1 * sp.diff(u, x1) - t) / 4
    assert sp.simplify(fokker_planck_residual(1, "paper") - expected) == 0
    with pytest.raises(ValueError, match="d must be >= 1"):
        fokker_planck_residual(0, "stationary")


@pytest.mark.parametrize("seed", [0, 3, 8])
def test_a_step_landing_on_the_unit_sphere_is_rejected(seed):
    """The ball is open: a proposal with |xi|^2 = 1 exactly is rejected, the chain stays put.

    From xi = 0 (lambda^-1 = 1/2) with T = 2, dt = 1/4 (noise 0.5 Z) and d = 2 (no xi
    term), grad U = -16 (e1 - 0.5 Z) makes the proposal e1 = (1, 0) exactly."""
    z = np.random.default_rng(seed).standard_normal((1, 2))[0]
    grad = -16.0 * (np.array([1.0, 0.0]) - 0.5 * z)
    proposal = -(1.0 / 4.0) * grad * 0.25 + 0.5 * z
    assert float(np.sum(proposal**2)) == 1.0  # the construction is exact
    run = euler_maruyama(
        np.zeros((1, 2)),
        lambda x: grad[None, :],
        temperature=2.0,
        dt=0.25,
        n_steps=1,
        seed=seed,
    )
    assert run.rejected == 1
    assert np.array_equal(run.positions, np.zeros((1, 2)))


@pytest.mark.parametrize("kappa", [0.0, -0.5, -2.0])
def test_log_barrier_law_names_a_non_positive_kappa(kappa):
    """kappa <= 0 is refused by name (not by the normalisability rule)."""
    with pytest.raises(ValueError, match=r"kappa must be in \(0, "):
        log_barrier_radial_law(3, kappa, 1.0)


def test_log_barrier_law_checks_d_before_form():
    """d = 0 with a bad form: the error names d (checked first)."""
    with pytest.raises(ValueError, match="d must be >= 1, got 0"):
        log_barrier_radial_law(0, 1.0, 1.0, form="ito")
