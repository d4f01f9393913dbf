"""theory.poincare against the closed forms written out by hand (issue 33, item 5).

Oracles: Ganea, Bécigneul and Hofmann (2018) at curvature -1 term by term, the
``arccosh`` form of the distance, and the identities ``exp_x(log_x(y)) = y`` and
``d(x, exp_x(v)) = lambda_x |v|`` at base points off the origin, in directions
that are not parallel (so every term of Möbius addition matters).
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

from theory.poincare import (
    conformal_factor,
    exp_map,
    log_map,
    mobius_add,
    poincare_distance,
)

X = np.array([0.3, -0.2, 0.1])
Y = np.array([-0.1, 0.4, 0.25])


def _mobius_by_hand(x, y):
    xy = sum(a * b for a, b in zip(x, y, strict=True))
    xx = sum(a * a for a in x)
    yy = sum(b * b for b in y)
    den = 1 + 2 * xy + xx * yy
    return [
        ((1 + 2 * xy + yy) * a + (1 - xx) * b) / den for a, b in zip(x, y, strict=True)
    ]


def _dist_by_hand(x, y):
    """The arccosh form in 50-digit mpmath (it cancels in doubles for nearby points)."""
    with mpmath.workdps(50):
        xs, ys = [mpmath.mpf(a) for a in x], [mpmath.mpf(b) for b in y]
        diff = sum((a - b) ** 2 for a, b in zip(xs, ys, strict=True))
        xx = sum(a * a for a in xs)
        yy = sum(b * b for b in ys)
        return float(mpmath.acosh(1 + 2 * diff / ((1 - xx) * (1 - yy))))


@pytest.mark.parametrize(
    ("x", "y"),
    [(X, Y), (Y, X), ([0.5, 0.1], [0.2, -0.6]), ([0.0, 0.7], [0.7, 0.0])],
)
def test_mobius_add_matches_the_formula(x, y):
    np.testing.assert_allclose(mobius_add(x, y), _mobius_by_hand(x, y), rtol=1e-13)


def test_mobius_left_cancellation_and_identity():
    np.testing.assert_allclose(mobius_add(-X, mobius_add(X, Y)), Y, atol=1e-14)
    np.testing.assert_allclose(mobius_add([0.0, 0.0, 0.0], Y), Y, atol=0)
    np.testing.assert_allclose(mobius_add(X, [0.0, 0.0, 0.0]), X, atol=0)


@pytest.mark.parametrize(
    ("x", "y"),
    [
        (X, Y),
        ([0.5, 0.1], [0.2, -0.6]),
        ([0.9, 0.0], [-0.9, 0.0]),
        ([0.1], [0.1000001]),
    ],
)
def test_distance_matches_arccosh(x, y):
    assert poincare_distance(x, y) == pytest.approx(_dist_by_hand(x, y), rel=1e-9)


def test_distance_is_symmetric_and_zero_on_the_diagonal():
    assert poincare_distance(X, Y) == pytest.approx(poincare_distance(Y, X), rel=1e-15)
    assert poincare_distance(X, X) == 0.0


def test_conformal_factor_off_axis():
    assert conformal_factor(X) == pytest.approx(2 / (1 - 0.14), rel=1e-15)


@pytest.mark.parametrize("v", [[0.4, 0.3, -0.2], [-1.5, 0.2, 0.7], [0.01, 0.0, 0.0]])
def test_exp_map_moves_by_lambda_times_the_speed(v):
    """exp_x(v) = x ⊕ tanh(lambda |v| / 2) v/|v|, at distance lambda |v| from x."""
    v = np.asarray(v)
    lam = 2 / (1 - float(X @ X))
    norm = float(np.linalg.norm(v))
    expected = _mobius_by_hand(X, math.tanh(lam * norm / 2) * v / norm)
    out = exp_map(X, v)
    np.testing.assert_allclose(out, expected, rtol=1e-12)
    assert poincare_distance(X, out) == pytest.approx(lam * norm, rel=1e-9)


def test_exp_of_zero_is_a_copy_of_the_base():
    base = np.array([0.3, -0.2, 0.1])
    out = exp_map(base, [0.0, 0.0, 0.0])
    assert out.tolist() == base.tolist()
    out[0] = 0.9
    assert base[0] == 0.3


@pytest.mark.parametrize(
    ("x", "y"), [(X, Y), (Y, X), ([0.5, 0.1, 0.0], [0.2, -0.6, 0.3])]
)
def test_log_map_matches_the_formula_and_inverts_exp(x, y):
    x, y = np.asarray(x), np.asarray(y)
    w = np.asarray(_mobius_by_hand(-x, y))
    lam = 2 / (1 - float(x @ x))
    norm = float(np.linalg.norm(w))
    expected = (2 / lam) * math.atanh(norm) * w / norm
    out = log_map(x, y)
    np.testing.assert_allclose(out, expected, rtol=1e-12)
    np.testing.assert_allclose(exp_map(x, out), y, atol=1e-13)
    assert lam * float(np.linalg.norm(out)) == pytest.approx(
        poincare_distance(x, y), rel=1e-9
    )


def test_log_of_the_base_is_zero():
    assert log_map(X, X).tolist() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (
            lambda: conformal_factor([1.0, 0.0]),
            r"x must lie in the open unit ball .*= 1\.0",
        ),
        (lambda: conformal_factor([0.6, 0.8]), r"x must lie in the open unit ball"),
        (
            lambda: mobius_add([0.1], [1.5]),
            r"y must lie in the open unit ball .*\|y\| = 1\.5",
        ),
        (
            lambda: poincare_distance([0.1, 0.0], [0.1]),
            r"x and y must have the same shape",
        ),
        (lambda: log_map([0.1], [0.1, 0.0]), r"x and y must have the same shape"),
        (lambda: exp_map([0.1, 0.0], [0.1]), r"x and v must have the same shape"),
        (lambda: exp_map([0.99, 0.2], [0.1, 0.0]), r"x must lie in the open unit ball"),
        (lambda: exp_map([0.1], [math.nan]), r"v must be finite"),
    ],
)
def test_bad_points_are_refused_by_name(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_points_just_inside_the_ball_are_accepted():
    inside = math.nextafter(1.0, 0.0)
    assert conformal_factor([inside]) > 1e15
    assert poincare_distance([0.0], [inside]) > 30
