"""Hamming rate–distortion, Blahut–Arimoto bounds and the DL-T5 recall bound."""

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scipy.stats import entropy as scipy_entropy

from theory.rate_distortion import (
    blahut_arimoto,
    distortion_rate,
    gaussian_distortion,
    gaussian_rate,
    hamming_rate,
    hamming_rate_uniform,
    is_lossless_possible,
    rate_distortion,
    recall_bound,
)
from theory.strategies import sources

FAST = settings(max_examples=min(60, settings().max_examples))


def _hb(p):
    """Binary entropy written out (hand formula), independent of the package."""
    if p in (0.0, 1.0):
        return 0.0
    return -p * math.log2(p) - (1 - p) * math.log2(1 - p)


def test_uniform_closed_form_hand_values():
    """R(0) = log2 M; R(D) = 0 at D = 1 - 1/M; binary R(0.11) = 1 - H_b(0.11) = 0.500084."""
    assert hamming_rate_uniform(0.0, 8) == 3.0
    assert hamming_rate_uniform(0.75, 4) == 0.0
    assert hamming_rate_uniform(0.9, 4) == 0.0
    assert hamming_rate_uniform(0.11, 2) == pytest.approx(0.500084, abs=1e-6)


@FAST
@given(st.integers(2, 10), st.floats(0.2, 12.0))
def test_blahut_arimoto_matches_uniform_closed_form(m, beta):
    """DL-T5: BA on the uniform source lands on log2 M - H_b(D) - D log2(M - 1)."""
    point = blahut_arimoto(np.full(m, 1 / m), beta)
    exact = hamming_rate_uniform(point.distortion, m)
    assert point.converged
    assert point.rate_lower - 1e-12 <= exact <= point.rate_upper + 1e-12
    assert point.rate == pytest.approx(exact, abs=1e-8)


@FAST
@given(sources(), st.floats(0.3, 8.0))
def test_blahut_arimoto_bounds_bracket_and_close(p, beta):
    """The certified bounds are ordered, within tol, and the rate is <= H(p)."""
    point = blahut_arimoto(p, beta, tol=1e-9)
    assert point.rate_lower <= point.rate_upper
    assert point.rate_upper - point.rate_lower <= 1e-9
    assert point.rate <= scipy_entropy(p, base=2) + 1e-9


@FAST
@given(st.floats(0.05, 0.5), st.floats(0.0, 1.0))
def test_binary_source_closed_form(p1, fraction):
    """Binary source: R(D) = H_b(p) - H_b(D) for D <= min(p, 1 - p) (Cover & Thomas Thm 10.3.1)."""
    d = fraction * p1 * 0.98 + 1e-4
    point = rate_distortion([1 - p1, p1], d)
    assert point.distortion == pytest.approx(d, abs=1e-6)
    assert point.rate == pytest.approx(_hb(p1) - _hb(point.distortion), abs=1e-7)


@FAST
@given(sources(max_symbols=6), st.floats(0.3, 8.0))
def test_hamming_closed_form_inside_blahut_arimoto_bounds(p, beta):
    """DL-T5: the closed form R(D) lies inside BA's certified bounds at BA's distortion.

    Two independent routes (Blahut 1972 bounds; the fixed-point closed form).
    """
    point = blahut_arimoto(p, beta)
    exact = hamming_rate(p, point.distortion)
    assert point.rate_lower - 1e-9 <= exact <= point.rate_upper + 1e-9


@FAST
@given(st.integers(2, 12), st.floats(0.0, 1.0))
@example(3, 5e-324)  # w = D / (2 (1 - D)) underflows to 0 (issue 22)
@example(2, 1e-300)
def test_hamming_rate_reduces_to_uniform_closed_form(m, d):
    """On the uniform source the general closed form is log2 M - H_b(D) - D log2(M - 1)."""
    assert hamming_rate(np.full(m, 1 / m), d) == pytest.approx(
        hamming_rate_uniform(d, m), abs=1e-10
    )


@pytest.mark.parametrize("d", [5e-324, 1e-300, 1e-17, 0.1, 0.3])
def test_hamming_rate_ignores_zero_mass_symbols(d):
    """A symbol of mass 0 changes nothing: R(D) of (p, 0) equals R(D) of p.

    Regression: with a zero entry the partial sums missed 1 by an ulp and tiny
    D found no active set (ArithmeticError).
    """
    p = np.array([0.2195436258285045, 0.22649638809426995, 0.23162669342922446])
    p = np.append(p, 1.0 - p.sum())
    with_zero = np.insert(p, 2, 0.0)
    assert hamming_rate(with_zero, d) == pytest.approx(hamming_rate(p, d), abs=1e-12)


def test_hamming_rate_at_the_zero_rate_boundary_up_to_rounding():
    """D within an ulp below 1 - max p (p not summing to 1 exactly): R(D) ~ 0."""
    p = [2.3771952266669934e-08, 0.9999999762280476]
    assert hamming_rate(p, 2.3771952306548282e-08) == pytest.approx(0.0, abs=1e-12)


def test_shannon_lower_bound_tight_for_small_distortion():
    """Non-uniform M-ary source: R(D) = H(p) - H_b(D) - D log2(M - 1) for D <= (M - 1) min p.

    The Shannon lower bound for Hamming distortion, tight in that range
    (Berger 1971, Example 4.3.2); here p = (0.5, 0.3, 0.2), D <= 0.4.
    """
    p = np.array([0.5, 0.3, 0.2])
    h = scipy_entropy(p, base=2)
    for d in (0.02, 0.1, 0.25, 0.38):
        expected = h - _hb(d) - d * math.log2(2)
        assert rate_distortion(p, d).rate == pytest.approx(expected, abs=1e-7)
        assert hamming_rate(p, d) == pytest.approx(expected, abs=1e-12)
    # beyond (M - 1) min p = 0.4 the Shannon lower bound is no longer achieved
    assert hamming_rate(p, 0.45) > h - _hb(0.45) - 0.45 + 1e-6


def test_rate_distortion_end_points():
    """R(0) = H(p) and R(D) = 0 for D >= 1 - max p (definitions)."""
    p = [0.5, 0.25, 0.25]
    assert rate_distortion(p, 0.0).rate == pytest.approx(1.5)
    assert rate_distortion(p, 0.5).rate == 0.0
    assert rate_distortion(p, 0.7).rate == 0.0


@FAST
@given(st.integers(2, 6), st.floats(0.05, 0.95))
def test_distortion_rate_inverts_rate_distortion(m, fraction):
    """D(R(D)) = D on the uniform source, checked against the closed form."""
    p = np.full(m, 1 / m)
    d = fraction * (1 - 1 / m)
    r = hamming_rate_uniform(d, m)
    assert distortion_rate(p, r) == pytest.approx(d, abs=1e-6)


def test_dl_t5_recall_bound():
    """DL-T5: recall <= 1 - D(R); lossless (recall 1) only when R >= H(p)."""
    uniform = [0.25] * 4
    assert recall_bound(uniform, 2.0) == 1.0
    assert recall_bound(uniform, 1.0) < 1.0
    assert recall_bound([0.5, 0.5], 1 - _hb(0.11)) == pytest.approx(0.89, abs=1e-6)
    assert recall_bound(uniform, 0.0) == pytest.approx(0.25)
    assert is_lossless_possible(uniform, 2.0)
    assert not is_lossless_possible(uniform, 1.999)


@FAST
@given(sources(max_symbols=5), st.floats(0.0, 1.0))
def test_dl_t5_recall_bound_monotone(p, fraction):
    """More rate never lowers the recall bound; below H(p) recall stays < 1."""
    h = scipy_entropy(p, base=2)
    r = fraction * h
    low, high = recall_bound(p, r * 0.5), recall_bound(p, r)
    assert low <= high + 1e-7
    if h - r > 1e-3:
        assert high < 1.0


def test_general_distortion_matrix_matches_hamming_path():
    """An explicit Hamming matrix gives the same point as the O(M) Hamming kernel."""
    p = np.array([0.4, 0.3, 0.2, 0.1])
    fast = blahut_arimoto(p, 2.5)
    slow = blahut_arimoto(p, 2.5, distortion=1 - np.eye(4))
    assert slow.rate == pytest.approx(fast.rate, abs=1e-10)
    assert slow.distortion == pytest.approx(fast.distortion, abs=1e-10)


def test_max_iter_reports_not_converged():
    """A one-iteration cap returns converged=False with the bounds still ordered."""
    point = blahut_arimoto([0.7, 0.2, 0.1], 1.0, max_iter=1)
    assert not point.converged
    assert point.iterations == 1
    assert point.rate_lower <= point.rate_upper


def test_gaussian_closed_forms():
    """R(D) = 1/2 log2(sigma^2/D): 4 -> 1 bit at D = 1; D(R) = sigma^2 2^(-2R) inverts it."""
    assert gaussian_rate(4.0, 1.0) == 1.0
    assert gaussian_rate(1.0, 1.0) == 0.0
    assert gaussian_rate(1.0, 3.0) == 0.0
    assert gaussian_distortion(4.0, 1.0) == 1.0
    for r in (0.1, 1.0, 3.7):
        assert gaussian_rate(2.0, gaussian_distortion(2.0, r)) == pytest.approx(r)


BAD_CALLS = [
    (hamming_rate_uniform, (1.2, 4), ValueError, r"distortion must be in \[0, 1\]"),
    (hamming_rate_uniform, (0.1, 1), ValueError, "n_symbols must be >= 2"),
    (blahut_arimoto, ([0.5, 0.6], 1.0), ValueError, "source must sum to 1"),
    (blahut_arimoto, ([[0.5, 0.5]], 1.0), ValueError, "source must have 1 axes"),
    (blahut_arimoto, ([0.5, 0.5], 0.0), ValueError, r"beta must be in \(0, inf\)"),
    (blahut_arimoto, ([0.5, 0.5], -1.0), ValueError, "beta must be in"),
    (rate_distortion, ([0.5, 0.5], -0.1), ValueError, "distortion must be in"),
    (hamming_rate, ([0.5, 0.5], 1.1), ValueError, "distortion must be in"),
    (hamming_rate, ([0.5, 0.4], 0.1), ValueError, "source must sum to 1"),
    (distortion_rate, ([0.5, 0.5], -1.0), ValueError, r"rate must be in \[0, inf\)"),
    (recall_bound, ([1.5, -0.5], 1.0), ValueError, "entries >= 0"),
    (gaussian_rate, (0.0, 1.0), ValueError, "variance must be in"),
    (gaussian_rate, (1.0, 0.0), ValueError, "distortion must be in"),
    (gaussian_distortion, (1.0, "a"), TypeError, "rate must be a real number"),
]


@pytest.mark.parametrize(("func", "args", "error", "match"), BAD_CALLS)
def test_bad_input(func, args, error, match):
    """Bad arguments raise errors naming the argument and the allowed range."""
    with pytest.raises(error, match=match):
        func(*args)


def test_bad_keyword_input():
    """Bad tol, max_iter and distortion matrices are rejected."""
    with pytest.raises(ValueError, match="tol must be in"):
        blahut_arimoto([0.5, 0.5], 1.0, tol=0.0)
    with pytest.raises(ValueError, match="max_iter must be >= 1"):
        blahut_arimoto([0.5, 0.5], 1.0, max_iter=0)
    with pytest.raises(
        ValueError, match=r"distortion must have shape \(2, n_outputs\)"
    ):
        blahut_arimoto([0.5, 0.5], 1.0, distortion=np.ones((3, 3)))
    with pytest.raises(ValueError, match="finite entries >= 0"):
        blahut_arimoto([0.5, 0.5], 1.0, distortion=-np.ones((2, 2)))
