"""theory.scatter's argument checks and edges (issue 33, item 5).

Oracles: the Fréchet lower bound clamped at 0, the exact integer ``math.comb``,
the ratio ``C(N, s + 1) / C(N, s) = (N - s) / (s + 1)`` and ``scipy.special.gammaln``.
"""

from __future__ import annotations

import math

import pytest
import scipy.special

from theory.scatter import (
    assembly_bounds,
    location_bits,
    log_p_assembly,
    log_p_depth_scatter,
    p_depth_scatter,
    probe_count,
)


def test_log_p_assembly_refuses_zero_fragments():
    with pytest.raises(ValueError, match="sigma must be >= 1, got 0"):
        log_p_assembly(0.5, 0)
    assert log_p_assembly(0.5, 1) == pytest.approx(math.log(0.5), rel=1e-15)


@pytest.mark.parametrize(("p", "sigma"), [(0.5, 4), (0.2, 3), (0.0, 2), (0.5, 3)])
def test_frechet_lower_bound_is_clamped_at_zero(p, sigma):
    """1 - sigma (1 - p) <= 0 here: the lower bound is 0, not negative."""
    assert 1 - sigma * (1 - p) <= 0
    bounds = assembly_bounds(p, sigma)
    assert bounds.low == 0.0
    assert bounds.independent == pytest.approx(p**sigma, rel=1e-15)
    assert bounds.high == p


def test_probe_count_overflow_is_an_error():
    with pytest.raises(ValueError, match="sigma / p_bar must be finite"):
        probe_count(10, 5e-324)
    with pytest.raises(ValueError, match="sigma / p_bar must be finite"):
        probe_count(10**400, 0.5)  # was OverflowError from int / float
    assert probe_count(10, 1.0) == 10.0


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((1, 0.9, 0.9, 0), r"sigma must be >= 1, got 0"),
        ((1, 0.9, -0.1, 1), r"p must be in \[0, 1\], got -0.1"),
        ((1, 0.9, 1.5, 1), r"p must be in \[0, 1\], got 1.5"),
        ((1, 0.9, 0.5, 2.0), r"sigma must be an int, got 2.0"),
    ],
)
def test_p_depth_scatter_checks_p_and_sigma(args, match):
    with pytest.raises((ValueError, TypeError), match=match):
        p_depth_scatter(*args)
    with pytest.raises((ValueError, TypeError), match=match):
        log_p_depth_scatter(*args)


def test_p_depth_scatter_edges_of_p():
    assert p_depth_scatter(2, 0.9, 1.0, 3) == pytest.approx(0.81, rel=1e-15)
    assert p_depth_scatter(2, 0.9, 0.0, 3) == 0.0
    assert p_depth_scatter(2, 0.9, 0.5, 1) == pytest.approx(0.405, rel=1e-15)


@pytest.mark.parametrize(
    ("n", "s"),
    [(8, 2), (5, 5), (1, 1), (100, 37), (10**5, 10**4), (10**6, 10**4 + 1), (10**9, 3)],
)
def test_location_bits_equals_the_exact_integer_comb(n, s):
    """log2 of the exact C(N, s) (math.comb), rounded once: the same double."""
    assert location_bits(n, s) == math.log2(math.comb(n, s))


@pytest.mark.parametrize("n", [10**5, 10**6, 10**9])
def test_location_bits_steps_by_the_ratio_of_neighbours(n):
    """log2 C(N, s + 1) - log2 C(N, s) = log2((N - s) / (s + 1)), and C(N, s) = C(N, N - s)."""
    s = 10**4
    step = location_bits(n, s + 1) - location_bits(n, s)
    assert step == pytest.approx(math.log2((n - s) / (s + 1)), abs=1e-8)
    mirrored = location_bits(n, n - s - 1)  # C(N, s + 1) = C(N, N - s - 1)
    assert mirrored == location_bits(n, s + 1)


@pytest.mark.parametrize(("n", "s"), [(10**7, 5 * 10**6), (10**12, 3 * 10**11)])
def test_location_bits_of_huge_halves_match_gammaln(n, s):
    via_gammaln = (
        scipy.special.gammaln(n + 1)
        - scipy.special.gammaln(s + 1)
        - scipy.special.gammaln(n - s + 1)
    ) / math.log(2)
    assert location_bits(n, s) == pytest.approx(via_gammaln, rel=1e-10)


def test_location_bits_beyond_the_float_range_is_an_error():
    with pytest.raises(ValueError, match="exceeds the float range"):
        location_bits(10**400, 10**399)
    assert location_bits(10**400, 1) == pytest.approx(400 * math.log2(10), rel=1e-15)
