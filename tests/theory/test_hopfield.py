"""Tests of theory.hopfield (SLM-T6.6) and theory.concentration (SLM-P7.1, SLM-T6.5)."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scipy import stats

from theory.concentration import (
    cap_probability,
    dimension_for_near_best,
    expected_near_best,
    near_best_monte_carlo,
    progressive_depth,
    progressive_depth_symbolic,
)
from theory.hopfield import (
    count_attractors,
    hopfield_energy,
    hopfield_retrieve,
    hopfield_update,
    log_paper_capacity_bound,
    log_ramsauer_capacity_form,
)
from theory.strategies import hopfield_instances

# --- modern Hopfield -----------------------------------------------------------


def _energy_by_hand(xi, patterns, beta):
    """Ramsauer et al.'s energy written out with plain sums (no logsumexp)."""
    m2 = max(float(x @ x) for x in patterns)
    lse = math.log(sum(math.exp(beta * float(x @ xi)) for x in patterns)) / beta
    return -lse + 0.5 * float(xi @ xi) + math.log(len(patterns)) / beta + 0.5 * m2


@settings(max_examples=100)
@given(hopfield_instances())
def test_hopfield_energy_transcription(instance):
    """hopfield_energy equals the energy written with plain sums."""
    patterns, xi, beta = instance
    assert hopfield_energy(xi, patterns, beta=beta) == pytest.approx(
        _energy_by_hand(xi, patterns, beta), rel=1e-9, abs=1e-9
    )


@settings(max_examples=100)
@given(hopfield_instances())
def test_hopfield_energy_is_nonnegative(instance):
    """E >= (|xi| - M)^2 / 2 >= 0 (lse <= max + log(N)/beta, Cauchy-Schwarz)."""
    patterns, xi, beta = instance
    m = max(float(np.linalg.norm(x)) for x in patterns)
    bound = 0.5 * (float(np.linalg.norm(xi)) - m) ** 2
    assert hopfield_energy(xi, patterns, beta=beta) >= bound - 1e-12


@settings(max_examples=100)
@given(hopfield_instances())
def test_hopfield_update_never_increases_energy(instance):
    """The update is a concave-convex step: E(update(xi)) <= E(xi)."""
    patterns, xi, beta = instance
    new = hopfield_update(xi, patterns, beta=beta)
    assert hopfield_energy(new, patterns, beta=beta) <= hopfield_energy(
        xi, patterns, beta=beta
    ) + 1e-12 * (1 + abs(hopfield_energy(xi, patterns, beta=beta)))


@settings(max_examples=100)
@given(hopfield_instances())
def test_hopfield_update_transcription(instance):
    """update = X softmax(beta X^T xi), with the softmax written out."""
    patterns, xi, beta = instance
    logits = beta * patterns @ xi
    weights = np.exp(logits - logits.max())
    expected = patterns.T @ (weights / weights.sum())
    np.testing.assert_allclose(
        hopfield_update(xi, patterns, beta=beta), expected, atol=1e-12
    )


def test_hopfield_retrieves_the_nearest_separated_pattern():
    """Two orthogonal unit patterns, beta = 50: a state near e1 goes to e1."""
    out = hopfield_retrieve([0.9, 0.1], [[1.0, 0.0], [0.0, 1.0]], beta=50.0)
    np.testing.assert_allclose(out, [1.0, 0.0], atol=1e-12)


@pytest.mark.parametrize("n", [8, 16, 32])
def test_slm_t66_attractors_grow_without_bound_at_d2(n):
    """N equally spaced unit patterns, beta = 30/(1 - cos(2 pi/N)): N fixed points."""
    angle = 2 * np.pi * np.arange(n) / n
    patterns = np.column_stack([np.cos(angle), np.sin(angle)])
    result = count_attractors(patterns, beta=30 / (1 - math.cos(2 * math.pi / n)))
    assert result.count == n
    assert 0.0 <= result.max_energy < 0.05
    assert math.exp(log_paper_capacity_bound(2)) == 2.0  # C d^(d-1) at d = 2, C = 1


def test_slm_t66_paper_beta_blurs_to_one_state():
    """With beta = 1/sqrt(d) (the paper's code) the 8 circle patterns share one attractor."""
    angle = 2 * np.pi * np.arange(8) / 8
    patterns = np.column_stack([np.cos(angle), np.sin(angle)])
    assert count_attractors(patterns, beta=1 / math.sqrt(2)).count == 1


def test_capacity_forms_hand_values():
    """log(C d^(d-1)) and log(sqrt(p) c^((d-1)/4)) by hand."""
    assert log_paper_capacity_bound(3, constant=2.0) == pytest.approx(math.log(18))
    assert log_ramsauer_capacity_form(9, c=math.e, p=0.25) == pytest.approx(
        0.5 * math.log(0.25) + 2.0
    )
    gaps = [
        log_paper_capacity_bound(d) - log_ramsauer_capacity_form(d, c=4.0, p=0.01)
        for d in (10, 100, 1000)
    ]
    assert gaps[0] < gaps[1] < gaps[2]  # super-exponential vs exponential


# --- cosine concentration ------------------------------------------------------


@settings(max_examples=100)
@given(
    st.floats(min_value=-1.0, max_value=1.0),
    st.integers(min_value=2, max_value=2000),
)
@example(0.9999999999999999, 2)  # (1 + t)/2 rounds to 1.0 (hypothesis seed 0)
@example(-0.9999999999999999, 2)
def test_slm_p71_cap_probability_matches_scipy_beta(t, d):
    """P(cos >= t) = scipy.stats.beta((d-1)/2, (d-1)/2).sf((1 + t)/2).

    The reference uses the symmetry sf((1 + t)/2) = cdf((1 - t)/2) for t >= 0,
    so that its argument is exact: (1 + t)/2 rounds to 1.0 for t = 1 - 2**-53
    (seed 0 drew t = 0.9999999999999999, d = 2, where the cap is 4.7e-9).
    """
    beta = stats.beta((d - 1) / 2, (d - 1) / 2)
    expected = beta.cdf((1 - t) / 2) if t >= 0 else beta.sf((1 + t) / 2)
    assert cap_probability(t, d) == pytest.approx(expected, rel=1e-9, abs=1e-15)


@given(st.floats(min_value=-1.0, max_value=1.0))
def test_cap_probability_low_dimensions_closed_form(t):
    """d = 3: (1 - t)/2 (Archimedes); d = 2: arccos(t)/pi."""
    assert cap_probability(t, 3) == pytest.approx((1 - t) / 2, abs=1e-12)
    assert cap_probability(t, 2) == pytest.approx(math.acos(t) / math.pi, abs=1e-12)


def test_cap_probability_monte_carlo():
    """20000 pairs of Gaussian directions in R^10 (seed 3): within 4 standard errors."""
    rng = np.random.default_rng(3)
    u = rng.standard_normal((20000, 10))
    v = rng.standard_normal((20000, 10))
    cos = np.sum(u * v, axis=1) / np.linalg.norm(u, axis=1) / np.linalg.norm(v, axis=1)
    p = cap_probability(0.3, 10)
    assert abs(np.mean(cos >= 0.3) - p) < 4 * math.sqrt(p * (1 - p) / 20000)


@settings(max_examples=40)
@given(
    st.integers(min_value=1, max_value=5000), st.floats(min_value=0.0, max_value=1.9)
)
def test_slm_p71_expected_near_best_d3_closed_form(n, eps):
    """d = 3: E K = 1 - (eps/2)^N + N eps/2 (uniform cosine, integrated by hand)."""
    expected = 1 - (eps / 2) ** n + n * eps / 2
    assert expected_near_best(n, 3, eps) == pytest.approx(expected, rel=1e-6)


def test_slm_p71_expected_near_best_monte_carlo():
    """N = 500, d = 16, eps = 0.05, 300 seeded repetitions: within 4 standard errors."""
    exact = expected_near_best(500, 16, 0.05)
    mc = near_best_monte_carlo(500, 16, 0.05, reps=300, seed=11)
    assert abs(mc.mean - exact) < 4 * mc.standard_error


def test_slm_p71_grows_with_n_and_is_not_monotone_in_d():
    """E K grows with N at d = 384; in d it falls from d = 3 to 32, then rises."""
    growth = [expected_near_best(n, 384, 0.05) for n in (10**3, 10**4, 10**5)]
    assert growth[0] < growth[1] < growth[2]
    by_d = [expected_near_best(10**5, d, 0.05) for d in (3, 32, 768)]
    assert by_d[0] > by_d[1] < by_d[2]


def test_slm_p71_dimension_for_one_hundred():
    """E K = 100 at N = 10^5, eps = 0.05 between d = 512 and 768 (85.0 and 189.6 there)."""
    d = dimension_for_near_best(10**5, 0.05, 100.0, low=384, high=768)
    assert 512 < d < 768
    assert (
        expected_near_best(10**5, 512, 0.05)
        < 100
        < expected_near_best(10**5, 768, 0.05)
    )


# --- progressive depth -----------------------------------------------------------


def test_slm_t65_depth_hand_values():
    """sigma^2/D = 4, r = 2: one level (1 bit gives D = sigma^2/4); d = 3 triples it."""
    assert progressive_depth(4.0, 2) == pytest.approx(1.0)
    assert progressive_depth(4.0, 2, dimension=3) == pytest.approx(3.0)
    assert progressive_depth(1.0, 8) == 0.0


def test_slm_t65_symbolic_laws():
    """L = d log(sigma^2/D)/(2 log r); D(l) = sigma^2 r^(-2l/d); L(N) = log N / log r."""
    laws = progressive_depth_symbolic()
    sigma2, dmin, r, d, n, level = sp.symbols("sigma2 D_min r d N l", positive=True)
    assert sp.simplify(laws["depth"] - d * sp.log(sigma2 / dmin) / (2 * sp.log(r))) == 0
    assert sp.simplify(laws["distortion"] - sigma2 * r ** (-2 * level / d)) == 0
    assert sp.simplify(laws["depth_at_resolution"] - sp.log(n) / sp.log(r)) == 0
    value = laws["depth"].subs({sigma2: 4, dmin: 1, r: 2, d: 1})
    assert float(value) == pytest.approx(progressive_depth(4.0, 2))


# --- bad input ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: hopfield_energy([0.0], [[1.0]], beta=0.0),
            ValueError,
            "beta must be in",
        ),
        (
            lambda: hopfield_energy([0.0, 1.0], [[1.0]], beta=1.0),
            ValueError,
            r"shape \(N, 2\)",
        ),
        (lambda: hopfield_update([0.0], [1.0], beta=1.0), ValueError, "2-d array"),
        (
            lambda: hopfield_update([np.nan], [[1.0]], beta=1.0),
            ValueError,
            "xi must be finite",
        ),
        (
            lambda: hopfield_retrieve([0.0], [[1.0]], beta=1.0, max_iter=0),
            ValueError,
            "max_iter",
        ),
        (
            lambda: count_attractors([[1.0]], beta=1.0, resolution=0.0),
            ValueError,
            "resolution",
        ),
        (
            lambda: count_attractors([1.0, 2.0], beta=1.0),
            ValueError,
            "patterns must be a non-empty 2-d",
        ),
        (lambda: log_paper_capacity_bound(0), ValueError, "d must be >= 1"),
        (
            lambda: log_ramsauer_capacity_form(3, c=1.0, p=0.1),
            ValueError,
            "c must be in",
        ),
        (
            lambda: log_ramsauer_capacity_form(3, c=2.0, p=1.0),
            ValueError,
            "p must be in",
        ),
        (lambda: cap_probability(1.5, 3), ValueError, r"t must be in \[-1, 1\]"),
        (lambda: cap_probability(0.5, 1), ValueError, "d must be >= 2"),
        (lambda: expected_near_best(0, 3, 0.1), ValueError, "n must be >= 1"),
        (lambda: expected_near_best(10, 3, -0.1), ValueError, "eps must be in"),
        (lambda: near_best_monte_carlo(10, 3, 0.1, reps=1, seed=0), ValueError, "reps"),
        (lambda: progressive_depth(0.5, 2), ValueError, "variance_ratio must be in"),
        (lambda: progressive_depth(4.0, 1), ValueError, "branching must be >= 2"),
        (lambda: progressive_depth(4.0, 2.0), TypeError, "branching must be an int"),
    ],
)
def test_bad_input(call, error, match):
    """Bad arguments raise with a message naming the argument and the rule."""
    with pytest.raises(error, match=match):
        call()
