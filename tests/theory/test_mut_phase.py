"""theory.phase's range flags, cell cap and vectorised searches (issue 33, item 5).

Oracles: brute force over integer depths with :func:`theory.depth.advantage`,
and the scalar :func:`theory.depth.crossover_depth`.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from theory.depth import advantage, crossover_depth
from theory.phase import crossover_depths, peak_margin, phase_diagram

GRID = [
    (s0, rho, q)
    for s0, rho, q in itertools.product(
        (0.3, 0.7, 1.0), (0.2, 0.67, 0.95), (0.4, 0.97, 1.0)
    )
]


def _brute_margin(s0, rho, q, top):
    return float(advantage(np.arange(1, top + 1), s0, rho, q).max())


@pytest.mark.parametrize("cap", [1, 2, 5, 40])
def test_peak_margin_with_a_cap_is_the_brute_force_max(cap):
    s0, rho, q = (np.array(v) for v in zip(*GRID, strict=True))
    got = peak_margin(s0, rho, q, d_max=cap)
    want = [_brute_margin(a, b, c, cap) for a, b, c in GRID]
    np.testing.assert_allclose(got, want, rtol=1e-13, atol=1e-300)


@pytest.mark.parametrize("cap", [None, 3, 30])
@pytest.mark.parametrize("tau", [0.0, 0.2, 0.6, 0.9, 0.99])
def test_crossover_depths_equal_the_scalar_crossover(cap, tau):
    s0, rho, q = (np.array(v) for v in zip(*GRID, strict=True))
    got = crossover_depths(s0, rho, q, tau, d_max=cap)
    want = [crossover_depth(a, b, c, tau, d_max=cap) or 0 for a, b, c in GRID]
    assert got.tolist() == want
    assert got.dtype == np.int64


def test_perfect_fidelity_crossovers_far_out():
    """q = 1 uncapped: g rises to 1, so the doubling search must go far (d* in the hundreds)."""
    taus = np.array([0.9, 0.99, 0.999, 0.9999])
    got = crossover_depths(0.999, 0.9999, 1.0, taus)
    want = [crossover_depth(0.999, 0.9999, 1.0, t) for t in taus]
    assert got.tolist() == want
    assert want[-1] > 100


def test_phase_diagram_with_single_depth_and_cap_by_brute_force():
    rho = np.array([0.3, 0.67, 0.9])
    tau = np.array([0.0, 0.5, 0.85, 0.9])
    single = phase_diagram(s0=0.7, rho=rho, q=0.97, tau=tau, depth=4)
    capped = phase_diagram(s0=0.7, rho=rho, q=0.97, tau=tau, d_max=2)
    for j, r in enumerate(rho):
        g4 = float(advantage(4, 0.7, r, 0.97))
        g12 = _brute_margin(0.7, r, 0.97, 2)
        assert single.margin[:, j] == pytest.approx(g4, rel=1e-13)
        assert capped.margin[:, j] == pytest.approx(g12, rel=1e-13)
        assert single.typed_preferred[:, j].tolist() == [g4 > t for t in tau]
        assert capped.typed_preferred[:, j].tolist() == [g12 > t for t in tau]
    assert (single.depth, single.d_max, capped.depth, capped.d_max) == (
        4,
        None,
        None,
        2,
    )


def test_phase_diagram_without_tau_axis():
    """Axes (rho, q): tau fixed; G per cell, no boundary curve."""
    rho, q = np.array([0.5, 0.9]), np.array([0.6, 0.97, 1.0])
    pd = phase_diagram(s0=0.8, rho=rho, q=q, tau=0.7, d_max=50)
    assert (pd.x_name, pd.y_name) == ("rho", "q")
    assert pd.boundary_tau is None
    assert pd.fixed == (("s0", 0.8), ("tau", 0.7))
    for i, qq in enumerate(q):
        for j, r in enumerate(rho):
            g = _brute_margin(0.8, r, qq, 50)
            assert pd.margin[i, j] == pytest.approx(g, rel=1e-13)
            assert pd.typed_preferred[i, j] == (g > 0.7)


def test_cell_cap_is_ten_to_the_six():
    rho = np.linspace(0.1, 0.9, 1000)
    tau = np.linspace(0.0, 0.99, 1000)
    pd = phase_diagram(s0=0.7, rho=rho, q=0.97, tau=tau)
    assert pd.typed_preferred.shape == (1000, 1000)
    with pytest.raises(
        ValueError, match=r"1000 x 1001 = 1001000 cells, more than the cap"
    ):
        phase_diagram(s0=0.7, rho=rho, q=0.97, tau=np.linspace(0.0, 0.99, 1001))


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        (
            {"s0": 0.7, "rho": [0.0, 0.5], "q": 0.97, "tau": [0.5]},
            r"rho must be in \(0, 1\), got 0.0",
        ),
        (
            {"s0": 0.7, "rho": [0.5], "q": 0.0, "tau": [0.5]},
            r"q must be in \(0, 1\], got 0.0",
        ),
        (
            {"s0": 1.5, "rho": [0.5], "q": 0.9, "tau": [0.5]},
            r"s0 must be in \(0, 1\], got 1.5",
        ),
        (
            {"s0": 0.7, "rho": [0.5], "q": 0.9, "tau": [-0.5]},
            r"tau must be in \[0, 1\), got -0.5",
        ),
        (
            {"s0": 0.7, "rho": [0.5], "q": 0.9, "tau": [0.5], "d_max": 0},
            r"d_max must be >= 1, got 0",
        ),
    ],
)
def test_range_checks_name_the_parameter(kwargs, match):
    with pytest.raises(ValueError, match=match):
        phase_diagram(**kwargs)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: peak_margin(0.7, 0.0, 0.9), r"rho must be in \(0, 1\), got 0.0"),
        (lambda: peak_margin(0.0, 0.5, 0.9), r"s0 must be in \(0, 1\], got 0.0"),
        (lambda: peak_margin(0.7, 0.5, 0.9, d_max=0), r"d_max must be >= 1, got 0"),
        (
            lambda: crossover_depths(0.7, 0.5, 0.0, 0.5),
            r"q must be in \(0, 1\], got 0.0",
        ),
        (
            lambda: crossover_depths(0.7, 0.5, 0.9, 1.0),
            r"tau must be in \[0, 1\), got 1.0",
        ),
        (
            lambda: crossover_depths(0.7, 0.5, 0.9, 0.5, d_max=0),
            r"d_max must be >= 1, got 0",
        ),
    ],
)
def test_vectorised_range_checks(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_any_shape_is_allowed_for_the_vectorised_functions():
    s0 = np.full((2, 3), 0.7)
    out = peak_margin(s0, 0.67, 0.97)
    assert out.shape == (2, 3)
    assert crossover_depths(s0, 0.67, 0.97, 0.5).shape == (2, 3)
    assert peak_margin(0.7, 0.67, 1.0) == 1.0  # q = 1 uncapped: the supremum
    assert peak_margin(1.0, 0.5, 1.0) == 1.0


def test_every_argument_of_the_vectorised_functions_may_be_2d():
    """Broadcasting in any shape for each argument, not only the first."""
    grid = np.full((2, 2), 0.67)
    qs = np.full((2, 2), 0.97)
    taus = np.full((2, 2), 0.5)
    expected_margin = peak_margin(0.7, 0.67, 0.97)
    np.testing.assert_array_equal(
        peak_margin(0.7, grid, 0.97), np.full((2, 2), expected_margin)
    )
    np.testing.assert_array_equal(
        peak_margin(0.7, 0.67, qs), np.full((2, 2), expected_margin)
    )
    d = crossover_depth(0.7, 0.67, 0.97, 0.5)
    assert crossover_depths(0.7, grid, 0.97, 0.5).tolist() == [[d, d], [d, d]]
    assert crossover_depths(0.7, 0.67, qs, 0.5).tolist() == [[d, d], [d, d]]
    assert crossover_depths(0.7, 0.67, 0.97, taus).tolist() == [[d, d], [d, d]]


@pytest.mark.parametrize(
    ("s0", "rho", "q"), [(0.7, 0.67, 0.97), (0.5, 0.3, 0.9), (0.8, 0.6, 0.95)]
)
def test_a_margin_equal_to_the_boundary_goes_to_similarity(s0, rho, q):
    """tau = G exactly: not beaten (ties go to similarity), one ulp below: beaten.

    The labels were compared in log space, where log(G) rounded below the
    internal log-margin at these points: tau = G was labelled typed, and
    crossover_depths(..., tau=G) found a depth although no g(d) exceeds G.
    """
    g = float(peak_margin(s0, rho, q))
    below = np.nextafter(g, 0.0)
    pd = phase_diagram(s0=s0, rho=[rho], q=q, tau=[below, g])
    assert pd.margin[:, 0].tolist() == [g, g]
    assert pd.typed_preferred[:, 0].tolist() == [True, False]
    assert crossover_depths(s0, rho, q, [below, g]).tolist()[1] == 0
    assert crossover_depths(s0, rho, q, below) >= 1


def test_labels_are_tau_below_the_reported_margin_in_every_cell():
    """typed_preferred == (tau < margin), cell by cell, with taus placed on the margins."""
    rho = np.linspace(0.05, 0.99, 25)
    margins = peak_margin(0.7, rho, 0.97)
    taus = np.unique(
        np.clip(np.concatenate([margins, np.nextafter(margins, 0.0)]), 0.0, 0.999)
    )
    pd = phase_diagram(s0=0.7, rho=rho, q=0.97, tau=taus)
    assert np.array_equal(pd.typed_preferred, taus[:, None] < pd.margin)


def test_an_underflowing_positive_margin_still_beats_tau_zero():
    """g(2) = 1e-400 - 1e-600 > 0 underflows: the margin reads 0, the label comes from log space."""
    pd = phase_diagram(s0=1.0, rho=[1e-200, 0.5], q=1e-200, tau=[0.0, 1e-300])
    assert pd.margin[:, 0].tolist() == [0.0, 0.0]
    assert pd.typed_preferred[:, 0].tolist() == [True, False]
    assert crossover_depths(1.0, 1e-200, 1e-200, [0.0, 1e-300]).tolist() == [2, 0]
