"""Tests of theory.fisher_rao: the true Fisher–Rao distance and the SLM stand-ins."""

import math

import mpmath
import numpy as np
import pytest
import sympy as sp
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scipy.spatial import distance as scipy_distance

from theory.fisher_rao import (
    blended_score,
    cosine_similarity,
    fisher_rao_distance,
    geodesic_length,
    paper_eq3_distance,
    paper_retrieval_score,
    variance_heuristic,
)
from theory.strategies import diagonal_gaussians


def _arccosh_form(m1, s1, m2, s2):
    """The brief's closed form in 800-digit mpmath (independent of our asinh form)."""
    with mpmath.workdps(800):  # enough for gaps down to the smallest subnormal
        m1, s1, m2, s2 = (mpmath.mpf(float(v)) for v in (m1, s1, m2, s2))
        arg = 1 + ((m1 - m2) ** 2 / 2 + (s1 - s2) ** 2) / (2 * s1 * s2)
        return float(mpmath.sqrt(2) * mpmath.acosh(arg))


# --- the true distance -------------------------------------------------------


@settings(max_examples=12)
@given(diagonal_gaussians(max_dim=1))
@example([(np.array([0.0]), np.array([1.0])), (np.array([1.0]), np.array([1.0]))])
@example([(np.array([-5.0]), np.array([0.2])), (np.array([5.0]), np.array([0.2]))])
def test_slm_t61_fisher_rao_matches_numerical_geodesic(pair):
    """The closed form equals the length of the integrated geodesic (shooting, DOP853)."""
    (m1, s1), (m2, s2) = pair
    numeric = geodesic_length(m1[0], s1[0], m2[0], s2[0])
    assert fisher_rao_distance(m1, s1, m2, s2) == pytest.approx(
        numeric, rel=1e-7, abs=1e-12
    )


@given(diagonal_gaussians(max_dim=1))
def test_slm_t61_fisher_rao_matches_arccosh_form(pair):
    """The asinh evaluation agrees with sqrt(2) arccosh(1 + ...) in 800-digit arithmetic."""
    (m1, s1), (m2, s2) = pair
    expected = _arccosh_form(m1[0], s1[0], m2[0], s2[0])
    assert fisher_rao_distance(m1, s1, m2, s2) == pytest.approx(
        expected, rel=1e-12, abs=1e-300
    )


def test_fisher_rao_stable_for_nearby_points():
    """For Δmu = 1e-9 at sigma = 1 the distance is 1e-9 (the naive arccosh gives 0)."""
    expected = _arccosh_form(0.0, 1.0, 1e-9, 1.0)
    assert expected == pytest.approx(1e-9, rel=1e-9)
    assert fisher_rao_distance(0.0, 1.0, 1e-9, 1.0) == pytest.approx(
        expected, rel=1e-12
    )
    assert math.sqrt(2) * math.acosh(1 + (1e-18 / 2) / 2) == 0.0  # what we avoid


@pytest.mark.parametrize(
    ("args", "expected", "source"),
    [
        ((0.0, 1.0, 0.0, math.e), math.sqrt(2), "pure scale: sqrt(2) |log ratio|"),
        ((0.0, 1.0, 1.0, 1.0), math.sqrt(2) * math.log(2), "sqrt(2) arccosh(5/4)"),
        ((0.0, 2.0, 0.0, 2.0), 0.0, "identity"),
    ],
)
def test_fisher_rao_hand_values(args, expected, source):
    """Closed-form values worked by hand."""
    assert fisher_rao_distance(*args) == pytest.approx(expected, rel=1e-14), source


def test_fisher_rao_local_form_is_fisher_information():
    """d(p, p + h v) / h -> sqrt(v^T I v) with I derived by sympy (-E[Hessian])."""
    x, mu = sp.Symbol("x", real=True), sp.Symbol("mu", real=True)
    sigma = sp.Symbol("sigma", positive=True)
    logp = -sp.log(sigma) - sp.log(2 * sp.pi) / 2 - (x - mu) ** 2 / (2 * sigma**2)
    params = (mu, sigma)
    info = sp.Matrix(
        2,
        2,
        lambda i, j: sp.simplify(
            -sp.integrate(
                sp.diff(logp, params[i], params[j]) * sp.exp(logp), (x, -sp.oo, sp.oo)
            )
        ),
    )
    point, direction, h = (0.3, 1.7), np.array([0.8, -0.6]), 1e-6
    g = np.array(info.subs(sigma, point[1]), dtype=float)
    expected = math.sqrt(direction @ g @ direction)
    got = fisher_rao_distance(
        point[0], point[1], point[0] + h * direction[0], point[1] + h * direction[1]
    )
    assert got / h == pytest.approx(expected, rel=1e-5)


@given(diagonal_gaussians(max_dim=4))
def test_fisher_rao_diagonal_is_root_sum_of_squares(pair):
    """The product metric: the diagonal distance is the l2 norm of per-coordinate ones."""
    (m1, s1), (m2, s2) = pair
    parts = [
        _arccosh_form(a, b, c, e) for a, b, c, e in zip(m1, s1, m2, s2, strict=True)
    ]
    assert fisher_rao_distance(m1, s1, m2, s2) == pytest.approx(
        math.hypot(*parts), rel=1e-10, abs=1e-300
    )


@given(diagonal_gaussians(count=3, max_dim=3))
def test_fisher_rao_metric_axioms(triple):
    """Symmetric, zero on the diagonal, triangle inequality (a Riemannian distance)."""
    (m1, s1), (m2, s2), (m3, s3) = triple
    ab = fisher_rao_distance(m1, s1, m2, s2)
    assert ab == fisher_rao_distance(m2, s2, m1, s1)
    assert fisher_rao_distance(m1, s1, m1, s1) == 0.0
    ac = fisher_rao_distance(m1, s1, m3, s3)
    bc = fisher_rao_distance(m2, s2, m3, s3)
    assert ac <= ab + bc + 1e-9 * (1 + ac)


@settings(max_examples=100)
@given(
    diagonal_gaussians(max_dim=3),
    st.floats(min_value=0.1, max_value=10.0),
    st.floats(min_value=-5.0, max_value=5.0),
)
def test_fisher_rao_invariant_under_affine_maps(pair, a, b):
    """x -> a x + b maps N(mu, s^2) to N(a mu + b, a^2 s^2) and keeps the distance."""
    (m1, s1), (m2, s2) = pair
    before = fisher_rao_distance(m1, s1, m2, s2)
    after = fisher_rao_distance(a * m1 + b, a * s1, a * m2 + b, a * s2)
    assert after == pytest.approx(before, rel=1e-9, abs=1e-12)


# --- the paper's formulas --------------------------------------------------


def _eq3_reference(m1, s1, m2, s2):
    """Eq. 3 transcribed independently, in 60-digit mpmath."""
    with mpmath.workdps(60):
        m1, s1, m2, s2 = (
            [mpmath.mpf(float(v)) for v in arr] for arr in (m1, s1, m2, s2)
        )
        total = sum((2 * mpmath.log(b / a)) ** 2 for a, b in zip(s1, s2, strict=True))
        total += sum(
            (x - y) ** 2 / (a**2 + b**2)
            for x, y, a, b in zip(m1, m2, s1, s2, strict=True)
        )
        return float(mpmath.sqrt(total))


@given(diagonal_gaussians(max_dim=4))
def test_slm_t61_paper_eq3_transcription(pair):
    """paper_eq3_distance is Eq. 3 as printed."""
    (m1, s1), (m2, s2) = pair
    assert paper_eq3_distance(m1, s1, m2, s2) == pytest.approx(
        _eq3_reference(m1, s1, m2, s2), rel=1e-12, abs=1e-300
    )


def test_slm_t61_paper_eq3_is_not_fisher_rao():
    """Hand values: sigma 1 -> e gives 2 (true sqrt 2); mu 0 -> 1 gives sqrt(1/2)."""
    assert paper_eq3_distance(0.0, 1.0, 0.0, math.e) == pytest.approx(2.0)
    assert paper_eq3_distance(0.0, 1.0, 1.0, 1.0) == pytest.approx(math.sqrt(0.5))


def test_slm_t61_paper_eq3_violates_triangle():
    """N(0,1), N(3,4), N(6,1): sqrt(18) > 2 sqrt(4 log(2)^2 + 9/5) (hand arithmetic)."""
    ac = paper_eq3_distance(0.0, 1.0, 6.0, 1.0)
    ab = paper_eq3_distance(0.0, 1.0, 3.0, 2.0)
    bc = paper_eq3_distance(3.0, 2.0, 6.0, 1.0)
    assert ac == pytest.approx(math.sqrt(18))
    assert ab == pytest.approx(math.sqrt(4 * math.log(2) ** 2 + 9 / 5))
    assert ac > ab + bc + 0.3


def test_slm_e16_score_hand_values():
    """exp(-(1/T) sum (dq)^2 / var): 1/1 + 1/0.5 = 3, at T = 2 gives exp(-1.5)."""
    score = paper_retrieval_score([1.0, 1.0], [0.0, 0.0], [1.0, 0.5], temperature=2.0)
    assert score == pytest.approx(math.exp(-1.5))
    assert paper_retrieval_score([0.0], [0.0], [9.0]) == 1.0


def test_slm_e16_variance_heuristic_hand_values():
    """(0, 3, 4)/5: signal (0, 0.75, 1) maps to 2 - 1.95 * signal."""
    assert variance_heuristic([0.0, 3.0, 4.0]).tolist() == pytest.approx(
        [2.0, 0.5375, 0.05]
    )
    assert variance_heuristic([0.0, 30.0, 40.0]).tolist() == pytest.approx(
        [2.0, 0.5375, 0.05]
    )
    assert variance_heuristic(
        [1.0, -1.0], floor=0.1, ceil=0.3
    ).tolist() == pytest.approx([0.1, 0.1])


def test_slm_e16_blend_moves_from_cosine_to_fisher():
    """n = 0: cosine; n >= 10: Fisher score; n = 5: the midpoint."""
    q, m = [1.0, 0.0, 0.0], [0.6, 0.8, 0.0]
    fisher = math.exp(-(0.16 / 0.5375 + 0.64 / 0.05))  # heuristic variances by hand
    assert blended_score(q, m, 0) == pytest.approx(0.6)
    assert blended_score(q, m, 10) == pytest.approx(fisher)
    assert blended_score(q, m, 25) == pytest.approx(fisher)
    assert blended_score(q, m, 5) == pytest.approx((0.6 + fisher) / 2)


@given(diagonal_gaussians(max_dim=4))
def test_cosine_matches_scipy(pair):
    """cosine_similarity = 1 - scipy.spatial.distance.cosine."""
    (u, _), (v, _) = pair
    if np.linalg.norm(u) == 0 or np.linalg.norm(v) == 0:
        u, v = u + 1.0, v + 2.0
    # cosine is scale-invariant; scipy's reference multiplies squared norms,
    # which underflow for tiny vectors, so it gets the max-normalised ones
    expected = 1.0 - scipy_distance.cosine(u / np.abs(u).max(), v / np.abs(v).max())
    assert cosine_similarity(u, v) == pytest.approx(expected, abs=1e-12)


# --- bad input --------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: fisher_rao_distance(0, 0.0, 0, 1), ValueError, "sigma1 must be > 0"),
        (lambda: fisher_rao_distance(0, 1, 0, -1), ValueError, "sigma2 must be > 0"),
        (
            lambda: fisher_rao_distance([0, 1], [1, 1], [0], [1]),
            ValueError,
            "same shape",
        ),
        (
            lambda: fisher_rao_distance(math.nan, 1, 0, 1),
            ValueError,
            "mu1 must be finite",
        ),
        (lambda: fisher_rao_distance("a", 1, 0, 1), TypeError, "mu1 must be an array"),
        (lambda: paper_eq3_distance(0, 1, 0, 0), ValueError, "sigma2 must be > 0"),
        (
            lambda: geodesic_length(0, 1, 0, 0),
            ValueError,
            r"sigma2 must be in \(0, inf\)",
        ),
        (lambda: cosine_similarity([0, 0], [1, 0]), ValueError, "u must be a non-zero"),
        (lambda: cosine_similarity([1, 0], [1, 0, 0]), ValueError, "same shape"),
        (
            lambda: variance_heuristic([0, 0]),
            ValueError,
            "embedding must be a non-zero",
        ),
        (lambda: variance_heuristic([1], floor=0), ValueError, r"floor must be in \(0"),
        (
            lambda: variance_heuristic([1], floor=1, ceil=0.5),
            ValueError,
            "ceil must be in",
        ),
        (
            lambda: paper_retrieval_score([0], [0], [0]),
            ValueError,
            "memory_variance must be > 0",
        ),
        (
            lambda: paper_retrieval_score([0], [0], [1], temperature=0),
            ValueError,
            "temperature",
        ),
        (lambda: paper_retrieval_score([0, 1], [0], [1]), ValueError, "same shape"),
        (lambda: blended_score([1], [1], -1), ValueError, "n_access must be >= 0"),
        (
            lambda: blended_score([1], [1], 1, warmup=0),
            ValueError,
            "warmup must be >= 1",
        ),
        (lambda: blended_score([1], [1], 1.5), TypeError, "n_access must be an int"),
    ],
)
def test_bad_input(call, error, match):
    """Bad arguments raise with a message naming the argument and the rule."""
    with pytest.raises(error, match=match):
        call()
