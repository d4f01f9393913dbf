"""Scatter laws: DL-T6 (location bits, probes, AM-GM bound) and DL-T11 (p^sigma, q^d p^sigma)."""

import math

import numpy as np
import pytest
import scipy.special
import scipy.stats
from hypothesis import example, given
from hypothesis import strategies as st

from theory.depth import p_structured
from theory.scatter import (
    assembly_bounds,
    location_bits,
    location_bits_lower,
    log_p_assembly,
    log_p_depth_scatter,
    p_assembly,
    p_assembly_fragments,
    p_depth_scatter,
    probe_count,
)
from theory.strategies import fragment_probabilities, items_and_fragments

UNIT = st.floats(min_value=0.0, max_value=1.0)
SIGMA = st.integers(min_value=1, max_value=30)


def test_pinned_values():
    """Hand values: 0.92**5, log2 C(8, 2) = log2 28, 2 log2(8/2) = 4, 4 / 0.8 = 5."""
    assert p_assembly(0.92, 5) == pytest.approx(0.6590815232, rel=1e-10)
    assert location_bits(8, 2) == pytest.approx(math.log2(28), rel=1e-15)
    assert location_bits_lower(8, 2) == 4.0
    assert location_bits(5, 5) == 0.0 == location_bits_lower(5, 5)
    assert probe_count(4, 0.8) == pytest.approx(5.0)
    assert p_assembly_fragments([0.9, 0.5]) == pytest.approx(0.45)
    assert assembly_bounds(0.9, 3).low == pytest.approx(0.7)  # 1 - 3 * 0.1


def test_location_bits_huge_exact():
    """N = 10**6, sigma = 1000: exact big-integer comb agrees with scipy gammaln."""
    n, s = 10**6, 1000
    via_gammaln = (
        scipy.special.gammaln(n + 1)
        - scipy.special.gammaln(s + 1)
        - scipy.special.gammaln(n - s + 1)
    ) / math.log(2)
    assert location_bits(n, s) == pytest.approx(via_gammaln, rel=1e-10)


@given(items_and_fragments())
@example((8, 2))
@example((1, 1))
def test_dl_t6_location_bits_at_least_sigma_log_ratio(case):
    """sigma log2(N/sigma) <= log2 C(N, sigma) <= sigma log2(e N / sigma)."""
    n, s = case
    bits = location_bits(n, s)
    assert location_bits_lower(n, s) <= bits + 1e-9 * max(1.0, bits)
    assert bits <= s * math.log2(math.e * n / s) + 1e-9
    assert bits == pytest.approx(math.log2(scipy.special.comb(n, s, exact=True)))


@given(SIGMA, st.floats(min_value=0.01, max_value=1.0))
def test_dl_t6_probe_count_matches_scipy_nbinom(sigma, p_bar):
    """sigma / p_bar = mean failures (scipy.stats.nbinom) + sigma successes."""
    expected = scipy.stats.nbinom(sigma, p_bar).mean() + sigma
    assert probe_count(sigma, p_bar) == pytest.approx(expected, rel=1e-12)


@given(fragment_probabilities())
@example([0.9, 0.5])
def test_dl_t6_independent_assembly_at_most_mean_power(ps):
    """prod p_i <= p_bar**sigma (AM-GM), with equality for equal p_i."""
    mean = float(np.mean(ps))
    assert p_assembly_fragments(ps) <= mean ** len(ps) * (1 + 1e-12) + 1e-300
    assert p_assembly_fragments([mean] * len(ps)) == pytest.approx(
        p_assembly(mean, len(ps)), rel=1e-12
    )


@given(UNIT, SIGMA)
def test_dl_t11_assembly_is_power_and_log(p, sigma):
    """p**sigma equals the product of sigma equal fragments; the log is sigma log p."""
    assert p_assembly(p, sigma) == pytest.approx(
        p_assembly_fragments([p] * sigma), rel=1e-12, abs=1e-300
    )
    if p > 0:
        assert log_p_assembly(p, sigma) == pytest.approx(sigma * math.log(p))
    else:
        assert log_p_assembly(p, sigma) == -math.inf


@given(SIGMA, UNIT, UNIT, UNIT)
def test_dl_t11_cosurfacing_mixture_within_bounds(sigma, w, x, y):
    """A shared latent rate (co-surfacing) gives E[P**sigma] in [p**sigma, p] (Jensen)."""
    p = w * x + (1 - w) * y
    p = min(max(p, 0.0), 1.0)
    joint = w * x**sigma + (1 - w) * y**sigma
    bounds = assembly_bounds(p, sigma)
    assert bounds.low <= bounds.independent <= bounds.high
    assert bounds.independent <= joint * (1 + 1e-9) + 1e-12
    assert joint <= bounds.high + 1e-12


def test_dl_t11_negative_dependence_breaks_lower_bound():
    """Exactly one of two fair fragments surfaces: P(both) = 0 < 1/4 (Fréchet low)."""
    bounds = assembly_bounds(0.5, 2)
    assert bounds.low == 0.0
    assert bounds.independent == 0.25


@given(st.floats(0.0, 50.0), st.floats(0.01, 1.0), UNIT, SIGMA)
def test_dl_t11_depth_and_scatter_compose(d, q, p, sigma):
    """q**d p**sigma = P_struct(d) p_assembly(p, sigma); the log twin agrees."""
    expected = p_structured(d, q) * p_assembly(p, sigma)
    assert p_depth_scatter(d, q, p, sigma) == pytest.approx(expected, rel=1e-12)
    if expected > 1e-300:
        assert log_p_depth_scatter(d, q, p, sigma) == pytest.approx(
            math.log(expected), rel=1e-9, abs=1e-12
        )


BAD_CALLS = [
    (lambda: p_assembly(1.2, 2), ValueError, r"p must be in \[0, 1\], got 1.2"),
    (lambda: p_assembly(0.5, 0), ValueError, r"sigma must be >= 1, got 0"),
    (lambda: p_assembly(0.5, 2.0), TypeError, r"sigma must be an int, got 2.0"),
    (lambda: p_assembly(0.5, True), TypeError, r"sigma must be an int, got True"),
    (lambda: log_p_assembly(-0.1, 2), ValueError, r"p must be in \[0, 1\], got -0.1"),
    (lambda: p_assembly_fragments([]), ValueError, r"at least one fragment"),
    (lambda: p_assembly_fragments(0.5), TypeError, r"probabilities must be a sequence"),
    (
        lambda: p_assembly_fragments([0.5, 2.0]),
        ValueError,
        r"probabilities\[1\] must be in \[0, 1\], got 2.0",
    ),
    (lambda: assembly_bounds(0.5, -1), ValueError, r"sigma must be >= 1, got -1"),
    (
        lambda: location_bits(3, 4),
        ValueError,
        r"sigma=4 must satisfy 1 <= sigma <= n_items",
    ),
    (lambda: location_bits(0, 1), ValueError, r"n_items must be >= 1, got 0"),
    (lambda: location_bits_lower(5, 0), ValueError, r"sigma must be >= 1, got 0"),
    (lambda: location_bits(5.0, 1), TypeError, r"n_items must be an int, got 5.0"),
    (lambda: probe_count(2, 0.0), ValueError, r"p_bar must be in \(0, 1\], got 0.0"),
    (lambda: probe_count(0, 0.5), ValueError, r"sigma must be >= 1, got 0"),
    (lambda: p_depth_scatter(-1, 0.9, 0.9, 1), ValueError, r"d must be in \[0, inf\)"),
    (lambda: p_depth_scatter(1, 0.0, 0.9, 1), ValueError, r"q must be in \(0, 1\]"),
    (lambda: log_p_depth_scatter(1, 0.9, 1.5, 1), ValueError, r"p must be in \[0, 1\]"),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD_CALLS)
def test_bad_input(call, error, match):
    """Each bad call raises the stated error, naming the argument and the range."""
    with pytest.raises(error, match=match):
        call()
