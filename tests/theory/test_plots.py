"""Figures of theory objects draw what the objects hold (theory.plots)."""

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.collections import QuadMesh
from matplotlib.colors import to_hex
from statsmodels.stats.proportion import proportion_confint

from theory.decay import LAWS, compare_decays
from theory.phase import phase_diagram
from theory.plots import (
    OKABE_ITO,
    new_axes,
    plot_crossover,
    plot_decay_fits,
    plot_depth_laws,
    plot_phase_diagram,
    plot_sheaf,
)

# DL-P1 worked values at s0 = 0.70, rho = 0.67, q = 0.97 (hand computation, THEORY.md):
# g(2) = 0.97**2 - 0.7**2 * 0.67**3 = 0.7935..., g(3) = 0.97**3 - 0.7**3 * 0.67**6 = 0.8816...
S0, RHO, Q = 0.7, 0.67, 0.97
PALETTE = {v.lower() for v in OKABE_ITO.values()}


def _diagram():
    return phase_diagram(
        s0=S0, rho=[0.3, 0.5, 0.67, 0.9], q=Q, tau=[0.5, 0.8, 0.85, 0.9]
    )


def test_mpl_backend_is_headless():
    assert mpl.get_backend().lower() in {
        "agg",
        "module://matplotlib_inline.backend_inline",
    }


def test_new_axes_reuses_given_axes_and_makes_no_pyplot_figure():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    ax = new_axes(None)
    assert new_axes(ax) is ax
    assert plt.get_fignums() == before


def test_phase_diagram_shades_the_labels_and_draws_the_boundary():
    pd = _diagram()
    ax = plot_phase_diagram(pd, operating_point={"rho": RHO, "tau": 0.79})
    (mesh,) = [c for c in ax.collections if isinstance(c, QuadMesh)]
    shaded = np.asarray(mesh.get_array()).reshape(pd.typed_preferred.shape)
    assert shaded.tolist() == pd.typed_preferred.astype(float).tolist()
    # typed is preferred below the boundary: at rho = 0.67, tau = 0.85 < g(3) = 0.8816
    assert shaded[2, 2] == 1.0
    assert shaded[3, 2] == 0.0
    boundary, star = ax.get_lines()
    assert boundary.get_ydata()[2] == pytest.approx(0.8816, abs=1e-4)
    assert (star.get_xdata()[0], star.get_ydata()[0]) == (RHO, 0.79)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[:2] == ["typed traversal preferred", "similarity preferred"]


def test_phase_diagram_without_tau_axis_has_no_boundary_line():
    pd = phase_diagram(s0=[0.5, 1.0], rho=[0.3, 0.95], q=Q, tau=0.8)
    ax = plot_phase_diagram(pd)
    assert ax.get_lines() == []
    assert ax.get_xlabel().startswith("first-hop similarity survival")


def test_crossover_steps_follow_dl_p1_worked_values():
    ax = plot_crossover(s0=S0, q=Q, rho=[0.5, RHO], taus=[0.79, 0.8, 0.9])
    steps = ax.get_lines()[0::2]
    # tau = 0.79 < g(2): d* = 2; g(2) <= 0.8 < g(3): d* = 3; 0.9 > G: no crossover
    assert steps[0].get_ydata()[1] == 2
    assert steps[1].get_ydata()[1] == 3
    assert np.isnan(steps[2].get_ydata()[1])
    assert ax.get_ylabel() == "crossover depth $d^*$ (hops)"


def test_depth_laws_markers_are_the_closed_forms():
    ax = plot_depth_laws(s0=S0, rho=RHO, q=Q, d_max=4)
    markers = [line for line in ax.get_lines() if line.get_marker() == "o"]
    struct, sim, adv = (m.get_ydata() for m in markers)
    # q**3 = 0.912673; s0**3 * rho**6 = 0.343 * 0.090458... = 0.031027 (hand)
    assert struct[2] == pytest.approx(0.912673, rel=1e-6)
    assert sim[2] == pytest.approx(0.343 * 0.67**6, rel=1e-12)
    assert adv[1] == pytest.approx(0.7935, abs=1e-4)
    colours = {to_hex(line.get_color()) for line in ax.get_lines()}
    assert colours <= PALETTE


def test_decay_fits_draw_data_with_wilson_bands_and_every_law():
    k, n = [30, 15, 5], [40, 40, 40]
    ax = plot_decay_fits(compare_decays([1, 2, 3], k, n), extrapolate_to=6)
    law_lines = ax.get_lines()[: len(LAWS)]
    assert [line.get_label().split()[0] for line in law_lines] == list(LAWS)
    assert all(list(line.get_xdata()) == [1, 2, 3, 4, 5, 6] for line in law_lines)
    bars = ax.containers[0]
    data_line, _caps, (segments,) = bars
    assert list(data_line.get_ydata()) == [0.75, 0.375, 0.125]
    low, high = proportion_confint(k, n, method="wilson")  # statsmodels reference
    ends = np.array([seg[:, 1] for seg in segments.get_segments()])
    np.testing.assert_allclose(ends[:, 0], low, rtol=1e-12)
    np.testing.assert_allclose(ends[:, 1], high, rtol=1e-12)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: plot_phase_diagram(_diagram(), operating_point={"rho": 0.5}),
            ValueError,
            r"operating_point must name exactly \('rho', 'tau'\)",
        ),
        (
            lambda: plot_phase_diagram(
                _diagram(), operating_point={"q": 0.5, "tau": 0.1}
            ),
            ValueError,
            "operating_point must name exactly",
        ),
        (
            lambda: plot_crossover(s0=S0, q=Q, rho=[1.3], taus=[0.5]),
            ValueError,
            "rho must be in",
        ),
        (
            lambda: plot_depth_laws(s0=1.5, rho=RHO, q=Q),
            ValueError,
            "s0 must be in",
        ),
    ],
)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


def _edge_widths(ax):
    """(segments, width) of each drawn edge collection, plain first."""
    from matplotlib.collections import LineCollection

    return [
        (
            {frozenset(map(tuple, seg.round(6).tolist())) for seg in c.get_segments()},
            c.get_linewidth()[0],
        )
        for c in ax.collections
        if isinstance(c, LineCollection)
    ]


def test_sheaf_highlights_the_given_edges_and_reports_cohomology():
    import networkx as nx

    from theory.sheaf import CellularSheaf

    graph = nx.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    pos = {"a": (0.0, 1.0), "b": (1.0, 1.0), "c": (0.5, 0.0), "d": (0.5, -1.0)}
    ax = plot_sheaf(
        CellularSheaf.constant(graph, 1), highlight=[("b", "a"), ("c", "b")], pos=pos
    )
    (plain, thin), (marked, thick) = _edge_widths(ax)
    seg = {
        e: frozenset({pos[e[0]], pos[e[1]]})
        for e in [("a", "b"), ("b", "c"), ("a", "c"), ("c", "d")]
    }
    assert marked == {
        seg["a", "b"],
        seg["b", "c"],
    }  # highlight accepts either orientation
    assert plain == {seg["a", "c"], seg["c", "d"]}
    assert thick > thin
    # triangle + pendant, constant R: rank d0 = |V| - 1 = 3, so h0 = 4 - 3 = 1, h1 = 4 - 3 = 1
    assert ax.get_title() == "dim C0 = 4, dim C1 = 4: dim H0 = 1, dim H1 = 1"
    assert sorted(t.get_text() for t in ax.texts) == ["a", "b", "c", "d"]


def test_sheaf_rejects_a_highlight_that_is_not_an_edge():
    import networkx as nx

    from theory.sheaf import CellularSheaf

    with pytest.raises(
        ValueError, match=r"highlight holds \(0, 2\), which is not an edge"
    ):
        plot_sheaf(CellularSheaf.constant(nx.path_graph(3), 1), highlight=[(0, 2)])
