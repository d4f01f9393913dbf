"""theory.concentration: argument ranges, tail accuracy and the Monte Carlo recipe (issue 33)."""

import math

import numpy as np
import pytest
from scipy import integrate, stats
from scipy.optimize import brentq

from theory.concentration import (
    cap_probability,
    dimension_for_near_best,
    expected_near_best,
    near_best_monte_carlo,
    progressive_depth,
)


@pytest.mark.parametrize("t", [0.75, 0.9, 0.99, -0.75, -0.9])
@pytest.mark.parametrize("d", [50, 200, 1000])
def test_cap_probability_tails_keep_relative_accuracy(t, d):
    """Far tails (1e-300 and below 1e-15) to rel 1e-9 against scipy's Beta law."""
    law = stats.beta((d - 1) / 2, (d - 1) / 2)
    expected = law.cdf((1 - t) / 2) if t >= 0 else law.sf((1 + t) / 2)
    assert cap_probability(t, d) == pytest.approx(expected, rel=1e-9, abs=0.0)


@pytest.mark.parametrize("n", [1, 2, 10, 1000])
@pytest.mark.parametrize("eps", [0.0, 0.01, 0.5, 1.5, 2.0])
def test_expected_near_best_d3_to_rounding(n, eps):
    """d = 3, E K = 1 - (eps/2)^N + N eps/2, to rel 1e-12 (quadrature split at the kink)."""
    exact = 1 - (eps / 2) ** n + n * eps / 2
    assert expected_near_best(n, 3, eps) == pytest.approx(exact, rel=1e-12)


def test_expected_near_best_d2_and_range_ends():
    """d = 2 (cosine arcsine-distributed) is allowed; eps = 2 counts everything."""
    value = expected_near_best(5, 2, 0.5)
    assert 1.0 < value < 5.0
    assert expected_near_best(7, 2, 2.0) == pytest.approx(7.0, rel=1e-12)
    with pytest.raises(ValueError, match="d must be >= 2"):
        expected_near_best(5, 1, 0.5)
    with pytest.raises(ValueError, match=r"eps must be in \[0(\.0)?, 2(\.0)?\]"):
        expected_near_best(5, 3, 2.0 + 1e-9)


def _near_best_by_x(n, d, eps):
    """E K = N int f(x) F(x + eps)^(N - 1) dx over the cosine x (scipy quad in x)."""
    law = stats.beta((d - 1) / 2, (d - 1) / 2)

    def integrand(x):
        inner = 1.0 if x + eps >= 1.0 else law.cdf((x + eps + 1) / 2)
        return law.pdf((x + 1) / 2) / 2 * inner ** (n - 1)

    split = [1.0 - eps] if eps > 0 else None
    value, _ = integrate.quad(integrand, -1, 1, points=split, limit=200, epsrel=1e-12)
    return n * value


def test_dimension_for_near_best_against_an_independent_root():
    """N = 1000, eps = 0.1, E K = 10 (22.4 at d = 4, 5.7 at d = 10): to 1e-5."""
    d = dimension_for_near_best(1000, 0.1, 10.0, low=4, high=10)
    reference = brentq(
        lambda x: _near_best_by_x(1000, x, 0.1) - 10.0, 4, 10, xtol=1e-10
    )
    assert d == pytest.approx(reference, abs=1e-5)


def test_dimension_for_near_best_arguments():
    """n >= 1, target >= 1, low >= 2, high >= low + 1, each named in the error."""
    with pytest.raises(ValueError, match="n must be >= 1"):
        dimension_for_near_best(0, 0.1, 3.0, low=2, high=30)
    with pytest.raises(ValueError, match="target must be in"):
        dimension_for_near_best(10, 0.1, 0.999, low=2, high=30)
    with pytest.raises(ValueError, match="low must be >= 2"):
        dimension_for_near_best(10, 0.1, 3.0, low=1, high=30)
    with pytest.raises(ValueError, match="high must be >= 3"):
        dimension_for_near_best(10, 0.1, 3.0, low=2, high=2)


def _reference_counts(n, d, eps, reps, seed):
    """The documented recipe: normalised normals, query e_1, count cos >= max - eps."""
    rng = np.random.default_rng(seed)
    counts = []
    for _ in range(reps):
        z = rng.standard_normal((n, d))
        cos = z[:, 0] / np.sqrt((z * z).sum(axis=1))
        counts.append(int(np.sum(cos >= cos.max() - eps)))
    return counts


@pytest.mark.parametrize(
    ("n", "d", "eps", "reps", "seed"),
    [(50, 4, 0.1, 7, 0), (20, 10, 0.3, 2, 5), (1, 3, 0.5, 3, 1), (200, 3, 0.02, 5, 9)],
)
def test_monte_carlo_is_the_documented_recipe(n, d, eps, reps, seed):
    """Mean and standard error (ddof 1, over sqrt(reps)) of the seeded counts."""
    counts = _reference_counts(n, d, eps, reps, seed)
    out = near_best_monte_carlo(n, d, eps, reps=reps, seed=seed)
    assert out.reps == reps
    assert out.mean == pytest.approx(float(np.mean(counts)), abs=1e-12)
    expected_se = float(np.std(counts, ddof=1)) / math.sqrt(reps)
    assert out.standard_error == pytest.approx(expected_se, abs=1e-12)


def test_monte_carlo_eps_zero_counts_only_the_best():
    """eps = 0: exactly one memory (the maximiser) in every repetition."""
    out = near_best_monte_carlo(30, 5, 0.0, reps=4, seed=2)
    assert (out.mean, out.standard_error) == (1.0, 0.0)
    one = near_best_monte_carlo(1, 2, 0.3, reps=2, seed=0)
    assert (one.mean, one.standard_error) == (1.0, 0.0)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n": 0}, "n must be >= 1"),
        ({"d": 1}, "d must be >= 2"),
        ({"eps": -0.01}, "eps must be in"),
        ({"eps": 2.01}, "eps must be in"),
        ({"reps": 1}, "reps must be"),
        ({"seed": -1}, "seed must be >= 0"),
    ],
)
def test_monte_carlo_arguments(kwargs, match):
    """Each argument's range, named in the error."""
    args = {"n": 5, "d": 3, "eps": 0.1, "reps": 2, "seed": 0} | kwargs
    with pytest.raises(ValueError, match=match):
        near_best_monte_carlo(
            args["n"], args["d"], args["eps"], reps=args["reps"], seed=args["seed"]
        )


def test_monte_carlo_smallest_valid_arguments():
    """n = 1, d = 2, reps = 2, eps = 2, seed = 0 are all accepted."""
    out = near_best_monte_carlo(1, 2, 2.0, reps=2, seed=0)
    assert (out.mean, out.reps) == (1.0, 2)


def test_progressive_depth_ranges():
    """variance_ratio in [1, inf), dimension >= 1; ratio 1 needs depth 0."""
    assert progressive_depth(1.0, 2) == 0.0
    assert progressive_depth(4.0, 2, dimension=1) == 1.0
    with pytest.raises(ValueError, match="variance_ratio must be in"):
        progressive_depth(math.inf, 2)
    with pytest.raises(ValueError, match="dimension must be >= 1"):
        progressive_depth(4.0, 2, dimension=0)


def test_expected_near_best_one_with_no_window_at_large_n():
    """eps = 0: exactly one memory is the best, E K = 1 to 1e-12 even at N = 10^5."""
    assert expected_near_best(10**5, 3, 0.0) == pytest.approx(1.0, rel=1e-12)
    assert expected_near_best(10**5, 50, 0.0) == pytest.approx(1.0, rel=1e-12)


def test_dimension_for_a_target_below_two():
    """Targets in [1, 2) are allowed: N = 2, eps = 0.1 gives E K 1.0975 at d = 3, 1.68 near 200."""
    d = dimension_for_near_best(2, 0.1, 1.5, low=3, high=200)
    assert 3.0 < d < 200.0
    reference = brentq(lambda x: _near_best_by_x(2, x, 0.1) - 1.5, 3, 200, xtol=1e-10)
    assert d == pytest.approx(reference, abs=1e-5)
