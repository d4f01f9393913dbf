"""Tests of the scatter simulator (DL-T11)."""

import math

import pytest
from scipy import stats
from scipy.special import comb

from theory.scatter import assembly_bounds, p_assembly
from witnesses.simulators import LAYOUTS, ScatterSimulator, run_simulation


def _count(sim, seed, layout):
    trials = [t for t in sim.simulate(seed) if t.condition == layout]
    return sum(t.assembled for t in trials), len(trials)


def _within(k, n, expected, level=0.999):
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    return ci.low <= expected <= ci.high


def test_scatter_reproducible():
    """The same seed gives the same trials; another seed others."""
    sim = ScatterSimulator(n_decisions=50)
    assert list(sim.simulate(3)) == list(sim.simulate(3))
    assert list(sim.simulate(3)) != list(sim.simulate(4))


def test_expected_closed_forms_by_hand():
    """Independent p^sigma; budget C(N-s, b-s)/C(N, b); colocated Beta moment."""
    sim = ScatterSimulator(sigma=3, p=0.5, pool=10, kappa=2.0)
    assert sim.expected("independent") == pytest.approx(0.125)
    assert sim.expected("budget") == pytest.approx(comb(7, 2) / comb(10, 5))  # 21/252
    # Beta(1, 1) is uniform: E[P^3] = 1/4 (hand integral)
    assert sim.expected("colocated") == pytest.approx(0.25)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_dl_t11_assembly_matches_closed_form(layout):
    """Measured assembly lies in the 99.9% Wilson band of each layout's closed form."""
    sim = ScatterSimulator(sigma=4, p=0.8, n_decisions=4000, pool=20, kappa=3.0)
    k, n = _count(sim, 1, layout)
    assert _within(k, n, sim.expected(layout))


def test_dl_t11_direction_of_the_bound():
    """Colocated >= p^sigma >= budget, all inside the Frechet bounds."""
    sim = ScatterSimulator(sigma=5, p=0.9, pool=50, kappa=4.0)
    ind = p_assembly(0.9, 5)
    bounds = assembly_bounds(0.9, 5)
    assert sim.expected("colocated") > ind > sim.expected("budget")
    for layout in LAYOUTS:
        assert bounds.low <= sim.expected(layout) <= bounds.high


def test_marginal_surfacing_is_p_in_every_layout():
    """Every layout surfaces fragments with marginal probability p."""
    sim = ScatterSimulator(sigma=3, p=0.6, n_decisions=3000, pool=10)
    for layout in LAYOUTS:
        trials = [t for t in sim.simulate(2) if t.condition == layout]
        hits = sum(t.surfaced for t in trials)
        assert _within(hits, 3 * len(trials), 0.6), layout


def test_typed_unit_sigma_one_is_p():
    """sigma = 1: every layout assembles with probability p."""
    sim = ScatterSimulator(sigma=1, p=0.7, pool=10)
    for layout in LAYOUTS:
        assert sim.expected(layout) == pytest.approx(0.7)


def test_scatter_runs_through_run_simulation():
    """run_simulation returns the sequential records."""
    sim = ScatterSimulator(n_decisions=5, layouts=("budget",))
    assert run_simulation(sim, [0, 1], executor=False) == [
        *sim.simulate(0),
        *sim.simulate(1),
    ]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"sigma": 0}, ValueError, "sigma must be >= 1, got 0"),
        ({"p": 1.0}, ValueError, r"p must be in \(0, 1\), got 1.0"),
        ({"p": 0.0}, ValueError, r"p must be in \(0, 1\)"),
        ({"n_decisions": 0}, ValueError, "n_decisions must be >= 1"),
        ({"layouts": ()}, ValueError, "layouts must be a non-empty tuple"),
        ({"layouts": ("shared",)}, ValueError, "layout must be one of"),
        ({"kappa": 0.0}, ValueError, r"kappa must be in \(0, inf\)"),
        ({"pool": 2, "sigma": 3}, ValueError, "pool must be >= 3"),
        ({"p": 0.33, "pool": 10}, ValueError, "p \\* pool must be a whole budget"),
        ({"sigma": 2.5}, TypeError, "sigma must be an int"),
    ],
)
def test_scatter_bad_input(kwargs, error, match):
    """Bad parameters raise errors naming the argument and the range."""
    with pytest.raises(error, match=match):
        ScatterSimulator(**kwargs)


def test_scatter_bad_calls():
    """A negative seed and an unknown layout are rejected."""
    with pytest.raises(ValueError, match="seed must be >= 0"):
        list(ScatterSimulator().simulate(-1))
    with pytest.raises(ValueError, match="layout must be one of"):
        ScatterSimulator().expected("none")
    assert math.isfinite(ScatterSimulator().expected("budget"))
