"""Phase diagram (DL-P1 boundary tau = G, DL-P1-PHASE orientation), against brute force."""

import dataclasses
import itertools
import math

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from theory.depth import (
    advantage,
    advantage_peak,
    crossover_depth,
    crossover_depth_real,
)
from theory.phase import crossover_depths, peak_margin, phase_diagram
from theory.strategies import depth_params, margins

NAMES = ("s0", "rho", "q", "tau")
AXES = {
    "s0": np.array([0.05, 0.4, 0.7, 1.0]),
    "rho": np.array([0.1, 0.5, 0.67, 0.93]),
    "q": np.array([0.6, 0.9, 0.97, 0.995]),
    "tau": np.array([0.0, 0.3, 0.8, 0.9]),
}
FIXED = {"s0": 0.7, "rho": 0.67, "q": 0.97, "tau": 0.5}


def _brute_margin(s0, rho, q, top=3000, d_max=None):
    """max g(d) over d = 1..top (or d_max), by direct evaluation of every depth."""
    depths = np.arange(1, (d_max or top) + 1)
    return float(advantage(depths, s0, rho, q).max())


@pytest.mark.parametrize(("x_name", "y_name"), list(itertools.combinations(NAMES, 2)))
def test_phase_labels_match_brute_force_every_axis_pair(x_name, y_name):
    """Each cell is typed iff some d >= 1 has g(d) > tau (brute force over depths)."""
    kwargs = {n: (AXES[n] if n in (x_name, y_name) else FIXED[n]) for n in NAMES}
    pd = phase_diagram(**kwargs)
    assert (pd.x_name, pd.y_name) == (x_name, y_name)
    assert pd.typed_preferred.shape == (4, 4)
    for i, j in itertools.product(range(4), range(4)):
        cell = {
            n: (AXES[n][j] if n == x_name else AXES[n][i] if n == y_name else FIXED[n])
            for n in NAMES
        }
        brute = _brute_margin(cell["s0"], cell["rho"], cell["q"])
        assert pd.margin[i, j] == pytest.approx(brute, rel=1e-12)
        assert pd.typed_preferred[i, j] == (brute > cell["tau"])
    assert dict(pd.fixed) == {n: FIXED[n] for n in NAMES if n not in (x_name, y_name)}


def test_rho_tau_boundary_is_peak_of_g():
    """On the paper's (rho, tau) plane the boundary tau = G(rho) is g at the integer peak."""
    rho = np.linspace(0.05, 0.98, 15)
    pd = phase_diagram(s0=0.7, rho=rho, q=0.97, tau=[0.2, 0.5])
    expected = [advantage_peak(0.7, r, 0.97).g_int for r in rho]
    np.testing.assert_allclose(pd.boundary_tau, expected, rtol=1e-12)
    # paper's point: G(0.67) = g(3) = 0.8816457749... (exact rationals, DL-P1-VALUES)
    assert peak_margin(0.7, 0.67, 0.97) == pytest.approx(0.881645774916033, rel=1e-13)


def test_phase_typed_region_is_below_left():
    """DL-P1-PHASE: typed wins below the curve and to the left (G non-increasing in rho)."""
    rho = np.linspace(0.05, 0.98, 40)
    tau = np.linspace(0.0, 0.99, 40)
    pd = phase_diagram(s0=0.7, rho=rho, q=0.97, tau=tau)
    typed = pd.typed_preferred
    assert np.all(np.diff(pd.boundary_tau) <= 1e-15)
    assert np.all(typed[:-1] >= typed[1:])  # going up in tau only loses typed cells
    assert np.all(typed[:, :-1] >= typed[:, 1:])  # going right in rho only loses


def test_phase_with_cap_and_single_depth():
    """d_max caps the depths; depth= compares at one depth only (brute force)."""
    rho = np.array([0.3, 0.67, 0.95])
    capped = phase_diagram(s0=0.7, rho=rho, q=0.97, tau=[0.5, 0.85], d_max=2)
    assert capped.d_max == 2
    expected = [_brute_margin(0.7, r, 0.97, d_max=2) for r in rho]
    np.testing.assert_allclose(capped.boundary_tau, expected, rtol=1e-12)
    single = phase_diagram(s0=0.7, rho=rho, q=0.97, tau=[0.5, 0.85], depth=5)
    np.testing.assert_allclose(single.boundary_tau, advantage(5, 0.7, rho, 0.97))
    assert single.typed_preferred.tolist() == [
        list(advantage(5, 0.7, rho, 0.97) > 0.5),
        list(advantage(5, 0.7, rho, 0.97) > 0.85),
    ]


def test_q_one_without_cap_beats_every_margin():
    """q = 1: g rises to 1 without reaching it, so every tau < 1 is beaten."""
    pd = phase_diagram(s0=0.7, rho=[0.5, 0.9], q=1.0, tau=[0.0, 0.999])
    assert pd.typed_preferred.all()
    assert pd.boundary_tau.tolist() == [1.0, 1.0]


def test_tau_zero_uses_the_sign():
    """tau = 0: typed iff G > 0, decided in log space even where G underflows."""
    # s0 = 1, rho = 0.9999, q = 0.01: g > 0 only from d = 2 ln 100 / 1e-4 ~ 92102,
    # where both terms are ~1e-184206: G underflows to 0.0 but is positive.
    pd = phase_diagram(s0=1.0, rho=[0.9999], q=[0.01], tau=0.0)
    assert pd.margin[0, 0] == 0.0
    assert pd.typed_preferred[0, 0]


def test_result_is_frozen_and_read_only():
    """The result cannot be rebound and its arrays cannot be written."""
    pd = phase_diagram(s0=0.7, rho=[0.5, 0.6], q=0.97, tau=[0.1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        pd.x_name = "q"
    with pytest.raises(ValueError, match="read-only"):
        pd.typed_preferred[0, 0] = False
    with pytest.raises(ValueError, match="read-only"):
        pd.x[0] = 0.1


@given(depth_params(min_q=0.3, max_rho=0.99))
@example((0.7, 0.67, 0.97))
@example((1.0, 0.9, 0.5))
def test_peak_margin_equals_brute_force_max(params):
    """G = max_d g(d) from the vectorised Newton equals the brute-force maximum."""
    s0, rho, q = params
    q = min(q, 0.999)
    horizon = max(200, 3 * math.ceil(advantage_peak(s0, rho, q).d_real) + 10)
    assert peak_margin(s0, rho, q) == pytest.approx(
        _brute_margin(s0, rho, q, top=horizon), rel=1e-12
    )


@given(depth_params(min_q=0.3), depth_params(min_q=0.3))
def test_peak_margin_non_increasing_in_rho(first, second):
    """DL-P1-PHASE: G(rho) is non-increasing (dg/drho < 0 at every depth)."""
    s0, _, q = first
    lo, hi = sorted((first[1], second[1]))
    assert peak_margin(s0, lo, q) >= peak_margin(s0, hi, q) - 1e-15


@given(depth_params(min_q=0.3), margins(), st.sampled_from([None, 1, 3, 40]))
@example((0.7, 0.67, 0.97), 0.5005, None)
@example((0.7, 0.67, 1.0), 0.99, None)
@example((1.0, 0.9, 0.5), 0.0, 12)
def test_crossover_depths_match_scalar(params, tau, d_max):
    """The vectorised d* equals theory.depth.crossover_depth cell by cell (0 for None)."""
    s0, rho, q = params
    taus = np.array([0.0, tau, 0.5 * tau, min(0.99, tau + 0.05)])
    got = crossover_depths(s0, rho, q, taus, d_max=d_max)
    expected = [crossover_depth(s0, rho, q, float(t), d_max=d_max) or 0 for t in taus]
    assert got.tolist() == expected


def test_crossover_depths_paper_grid():
    """Paper's point: d* = 1, 2, 3, none across the bands of DL-P1-DSTAR."""
    taus = [0.0, 0.5005, 0.501 + 1e-9, 0.79, 0.7936, 0.8816, 0.8817]
    assert crossover_depths(0.7, 0.67, 0.97, taus).tolist() == [1, 1, 2, 2, 3, 3, 0]


BAD_CALLS = [
    (
        lambda: phase_diagram(s0=0.7, rho=[0.5], q=0.97, tau=0.5),
        ValueError,
        r"exactly two of s0, rho, q, tau as 1-d arrays .* got 1: rho",
    ),
    (
        lambda: phase_diagram(s0=[0.7], rho=[0.5], q=[0.9], tau=0.5),
        ValueError,
        r"got 3: s0, rho, q",
    ),
    (
        lambda: phase_diagram(s0=0.7, rho=[0.5, 1.0], q=0.97, tau=[0.5]),
        ValueError,
        r"rho must be in \(0, 1\), got 1.0",
    ),
    (
        lambda: phase_diagram(s0=0.7, rho=[0.5], q=0.97, tau=[1.0]),
        ValueError,
        r"tau must be in \[0, 1\), got 1.0",
    ),
    (
        lambda: phase_diagram(s0=0.7, rho=[[0.5]], q=0.97, tau=[0.5]),
        ValueError,
        r"rho must be a scalar or a 1-d array, got shape \(1, 1\)",
    ),
    (
        lambda: phase_diagram(s0=0.7, rho=[], q=0.97, tau=[0.5]),
        ValueError,
        r"rho must not be empty",
    ),
    (
        lambda: phase_diagram(s0=0.0, rho=[0.5], q=0.97, tau=[0.5]),
        ValueError,
        r"s0 must be in \(0, 1\], got 0.0",
    ),
    (
        lambda: phase_diagram(s0=0.7, rho=[0.5], q=0.97, tau=[0.5], d_max=3, depth=2),
        ValueError,
        r"give d_max or depth, not both",
    ),
    (
        lambda: phase_diagram(s0=0.7, rho=[0.5], q=0.97, tau=[0.5], depth=0),
        ValueError,
        r"depth must be >= 1, got 0",
    ),
    (
        lambda: phase_diagram(s0=0.7, rho=[0.5], q=0.97, tau=[0.5], d_max=1.5),
        TypeError,
        r"d_max must be an int, got 1.5",
    ),
    (
        lambda: phase_diagram(s0=0.7, rho=["a"], q=0.97, tau=[0.5]),
        TypeError,
        r"rho must be a real number",
    ),
    (lambda: peak_margin(0.7, 0.5, 1.5), ValueError, r"q must be in \(0, 1\], got 1.5"),
    (
        lambda: crossover_depths(0.7, 0.5, 0.9, [0.5, -0.1]),
        ValueError,
        r"tau must be in \[0, 1\), got -0.1",
    ),
    (
        lambda: crossover_depths(0.7, [0.5, 0.6], 0.9, [0.5, 0.1, 0.2]),
        ValueError,
        r"broadcast",
    ),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD_CALLS)
def test_bad_input(call, error, match):
    """Each bad call raises the stated error, naming the argument and the range."""
    with pytest.raises(error, match=match):
        call()


def test_extreme_parameters_run_without_warnings():
    """Corners of the cube (1e-300, 1 - 1e-16) raise no numpy warnings (filterwarnings=error)."""
    edge = [1e-300, 1e-10, 0.5, 1 - 1e-16]
    pd = phase_diagram(s0=[*edge, 1.0], rho=edge, q=0.97, tau=0.5)
    assert pd.typed_preferred.shape == (4, 5)
    pd = phase_diagram(s0=0.7, rho=edge, q=[*edge, 1.0], tau=0.0, d_max=3)
    assert np.isfinite(pd.margin).all()
    # g(1) = 1e-10 - 1e-10 = 0, g(2) = 1e-20 - 1e-30 (hand), g(3) smaller
    assert peak_margin(1.0, 1e-10, 1e-10) == pytest.approx(1e-20 - 1e-30, rel=1e-12)


def test_real_crossover_tiny_margin_converges():
    """g(1) = 0 exactly at s0 = 1, rho = q = 1 - 1e-12; tau = 1e-300 is crossed just after 1."""
    real = crossover_depth_real(1.0, 1 - 1e-12, 1 - 1e-12, 1e-300)
    assert 1.0 < real < 1.001
