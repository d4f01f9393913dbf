"""Figures of the theory's objects: phase diagram, crossover, depth laws, decay fits.

Every function draws on the ``ax`` it is given (a new figure's axes when
``ax`` is None, built with :class:`matplotlib.figure.Figure`, so no pyplot
state is touched) and returns that :class:`~matplotlib.axes.Axes`; call
``ax.figure`` for the figure. Nothing calls ``plt.show()``. Colours come from
the Okabe–Ito palette (:data:`OKABE_ITO`), which stays distinct under the
common colour-vision deficiencies. Probabilities and margins are unitless;
depth is counted in causal hops.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
from matplotlib.axes import Axes as MplAxes
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from theory.decay import DecayComparison
from theory.depth import (
    advantage,
    crossover_depth,
    crossover_depth_real,
    p_similarity,
    p_structured,
)
from theory.inference import proportion_ci
from theory.phase import PhaseDiagram
from theory.sheaf import CellularSheaf
from theory.validation import MAX_SIZE, check_instance, check_int, check_vector

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "OKABE_ITO",
    "new_axes",
    "plot_crossover",
    "plot_decay_fits",
    "plot_depth_laws",
    "plot_phase_diagram",
    "plot_sheaf",
]

OKABE_ITO: Mapping[str, str] = MappingProxyType(
    {
        "black": "#000000",
        "orange": "#E69F00",
        "sky_blue": "#56B4E9",
        "green": "#009E73",
        "yellow": "#F0E442",
        "blue": "#0072B2",
        "vermillion": "#D55E00",
        "purple": "#CC79A7",
    }
)
"""The Okabe–Ito colour-blind-safe palette (Okabe and Ito 2008), name to hex (read-only)."""

_CYCLE = ("blue", "orange", "green", "vermillion", "purple", "sky_blue", "black")
_LABELS = {
    "s0": "first-hop similarity survival $s_0$ (probability)",
    "rho": r"per-hop retention ratio $\rho$ (unitless)",
    "q": "typed-edge fidelity $q$ (probability)",
    "tau": r"margin $\tau$ (probability)",
}
_LAW_STYLE = {
    "geometric": ("blue", "-"),
    "triangular": ("vermillion", "--"),
    "stretched": ("green", "-."),
    "power": ("purple", ":"),
}


def new_axes(ax: Axes | None, *, figsize: tuple[float, float] = (6.0, 4.0)) -> Axes:
    """Return ``ax``, or the axes of a new constrained-layout figure.

    Parameters
    ----------
    ax : Axes or None
        Axes to reuse; ``None`` makes a new figure.
    figsize : (float, float)
        Size in inches of a new figure.

    Returns
    -------
    Axes

    Examples
    --------
    >>> from theory.plots import new_axes
    >>> ax = new_axes(None, figsize=(3, 2))
    >>> ax.figure.get_size_inches().tolist()
    [3.0, 2.0]
    """
    if ax is not None:
        return check_instance(ax, "ax", MplAxes)  # type: ignore[return-value]
    return Figure(figsize=figsize, layout="constrained").add_subplot()


def plot_phase_diagram(
    diagram: PhaseDiagram,
    *,
    operating_point: Mapping[str, float] | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Draw a :class:`~theory.phase.PhaseDiagram` with its boundary (DL-P1).

    Cells where typed traversal is preferred are shaded green, similarity
    cells orange; when ``tau`` is an axis the boundary ``tau = G(x)`` (the
    locus ``g(d*) = tau``) is drawn as a black line.

    Parameters
    ----------
    diagram : PhaseDiagram
        From :func:`theory.phase.phase_diagram`.
    operating_point : mapping of str to float, optional
        Values of the two grid parameters (for example ``{"rho": 0.67,
        "tau": 0.8}``), marked with a star.
    ax : Axes, optional
        Where to draw.

    Returns
    -------
    Axes

    Raises
    ------
    ValueError
        If ``operating_point`` does not name both grid parameters.

    Examples
    --------
    >>> from theory.phase import phase_diagram
    >>> from theory.plots import plot_phase_diagram
    >>> pd = phase_diagram(s0=0.7, rho=[0.5, 0.67, 0.9], q=0.97, tau=[0.5, 0.85, 0.9])
    >>> ax = plot_phase_diagram(pd, operating_point={"rho": 0.67, "tau": 0.8})
    >>> ax.get_title()
    'Phase diagram (s0 = 0.7, q = 0.97)'
    """
    check_instance(diagram, "diagram", PhaseDiagram)
    ax = new_axes(ax)
    cmap = ListedColormap([OKABE_ITO["orange"], OKABE_ITO["green"]])
    ax.pcolormesh(
        diagram.x,
        diagram.y,
        diagram.typed_preferred.astype(float),
        cmap=cmap,
        vmin=0.0,
        vmax=1.0,
        shading="nearest",
        alpha=0.55,
        rasterized=True,
    )
    handles: list[object] = [
        Patch(color=OKABE_ITO["green"], alpha=0.55, label="typed traversal preferred"),
        Patch(color=OKABE_ITO["orange"], alpha=0.55, label="similarity preferred"),
    ]
    if diagram.boundary_tau is not None:
        (line,) = ax.plot(
            diagram.x,
            diagram.boundary_tau,
            color=OKABE_ITO["black"],
            lw=2,
            label=r"boundary $\tau = \max_d g(d)$",
        )
        handles.append(line)
    if operating_point is not None:
        handles.append(_mark_point(ax, diagram, operating_point))
    ax.set_xlabel(_LABELS[diagram.x_name])
    ax.set_ylabel(_LABELS[diagram.y_name])
    fixed = ", ".join(f"{name} = {value:g}" for name, value in diagram.fixed)
    ax.set_title(f"Phase diagram ({fixed})")
    ax.set_xlim(float(diagram.x[0]), float(diagram.x[-1]))
    ax.set_ylim(float(diagram.y[0]), float(diagram.y[-1]))
    ax.legend(handles=handles, loc="lower left", fontsize="small", framealpha=0.9)
    return ax


def plot_crossover(
    *,
    s0: float,
    q: float,
    rho: Sequence[float],
    taus: Sequence[float],
    d_max: int | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Draw the crossover depth ``d*`` against the retention ratio ``rho`` (DL-P1).

    For each margin in ``taus``, the integer crossover
    (:func:`theory.depth.crossover_depth`) is drawn as steps and the real one
    (:func:`theory.depth.crossover_depth_real`) as a thin line; where no
    depth beats the margin the curve is left out. A smaller ``rho`` means
    faster drift of similarity retention along the chain.

    Parameters
    ----------
    s0, q : float
        Fixed ``s0`` in ``(0, 1]`` and ``q`` in ``(0, 1]``.
    rho : sequence of float
        Grid of ``rho`` in ``(0, 1)``, ascending.
    taus : sequence of float
        Margins in ``[0, 1)``, one curve each.
    d_max : int, optional
        Largest depth for the integer crossover.
    ax : Axes, optional
        Where to draw.

    Returns
    -------
    Axes

    Examples
    --------
    >>> from theory.plots import plot_crossover
    >>> ax = plot_crossover(s0=0.7, q=0.97, rho=[0.5, 0.67, 0.8], taus=[0.5, 0.8])
    >>> len(ax.get_lines())
    4
    """
    ax = new_axes(ax)
    grid = check_vector(rho, "rho")
    if isinstance(taus, str | bytes) or not isinstance(taus, Sequence):
        msg = f"taus must be a sequence of margins, got {taus!r}"
        raise TypeError(msg)
    for i, tau in enumerate(taus):
        colour = OKABE_ITO[_CYCLE[i % len(_CYCLE)]]
        whole = [crossover_depth(s0, float(r), q, tau, d_max=d_max) for r in grid]
        real = [crossover_depth_real(s0, float(r), q, tau) for r in grid]
        ax.step(
            grid,
            [np.nan if d is None else d for d in whole],
            where="mid",
            color=colour,
            lw=2,
            label=rf"$d^*$ at $\tau = {tau:g}$",
        )
        ax.plot(
            grid,
            [np.nan if d is None else d for d in real],
            color=colour,
            lw=0.8,
            ls="--",
        )
    ax.set_xlabel(_LABELS["rho"])
    ax.set_ylabel("crossover depth $d^*$ (hops)")
    ax.set_title(
        f"Crossover against retention (s0 = {s0:g}, q = {q:g}; dashed: real $d$)"
    )
    ax.legend(fontsize="small")
    return ax


def plot_depth_laws(
    *,
    s0: float,
    rho: float,
    q: float,
    d_max: int = 10,
    ax: Axes | None = None,
) -> Axes:
    """Draw ``P_sim(d)``, ``P_struct(d)`` and the advantage ``g(d)`` (DL-T7, DL-T9, DL-P1).

    Markers sit at whole depths ``1..d_max``; the lines are the continuous
    extension of the closed forms.

    Parameters
    ----------
    s0, rho, q : float
        Law parameters (``s0``, ``q`` in ``(0, 1]``, ``rho`` in ``(0, 1)``).
    d_max : int
        Largest depth drawn.
    ax : Axes, optional
        Where to draw.

    Returns
    -------
    Axes

    Examples
    --------
    >>> from theory.plots import plot_depth_laws
    >>> ax = plot_depth_laws(s0=0.7, rho=0.67, q=0.97, d_max=6)
    >>> ax.get_ylabel()
    'recovery probability / advantage'
    """
    d_max = check_int(d_max, "d_max", minimum=1, maximum=MAX_SIZE)
    ax = new_axes(ax)
    whole = np.arange(1, d_max + 1, dtype=float)
    fine = np.linspace(1.0, float(d_max), 200)
    curves = (
        ("typed traversal $q^d$", "blue", (p_structured, (q,))),
        (r"similarity $s_0^d\rho^{d(d+1)/2}$", "orange", (p_similarity, (s0, rho))),
        ("advantage $g(d)$", "black", (advantage, (s0, rho, q))),
    )
    for label, colour, (law, args) in curves:
        ax.plot(fine, law(fine, *args), color=OKABE_ITO[colour], lw=1.5)
        ax.plot(whole, law(whole, *args), "o", color=OKABE_ITO[colour], label=label)
    ax.axhline(0.0, color=OKABE_ITO["black"], lw=0.5, alpha=0.5)
    ax.set_xlabel("causal depth $d$ (hops)")
    ax.set_ylabel("recovery probability / advantage")
    ax.set_title(f"Depth laws (s0 = {s0:g}, rho = {rho:g}, q = {q:g})")
    ax.legend(fontsize="small")
    return ax


def plot_decay_fits(
    comparison: DecayComparison,
    *,
    extrapolate_to: int | None = None,
    confidence_level: float = 0.95,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Draw recall-by-depth counts with Wilson bands and every fitted decay law.

    Parameters
    ----------
    comparison : DecayComparison
        From :func:`theory.decay.compare_decays`.
    extrapolate_to : int, optional
        Draw the fitted laws out to this depth (default: the deepest data
        point plus 3), where laws that agree on the data part ways.
    confidence_level : float
        Level of the Wilson score intervals on the data
        (:func:`theory.inference.proportion_ci`).
    title : str, optional
        Axes title.
    ax : Axes, optional
        Where to draw.

    Returns
    -------
    Axes

    Examples
    --------
    >>> from theory.decay import compare_decays
    >>> from theory.plots import plot_decay_fits
    >>> cmp = compare_decays([1, 2, 3], [30, 15, 5], [40, 40, 40])
    >>> ax = plot_decay_fits(cmp)
    >>> len(ax.get_legend().get_texts())
    5
    """
    check_instance(comparison, "comparison", DecayComparison)
    ax = new_axes(ax)
    first = comparison.fits[0]
    depths, k, n = first.depths, first.k, first.n
    last = max(depths) + 3 if extrapolate_to is None else extrapolate_to
    grid = list(range(1, max(last, max(depths)) + 1))
    delta = dict(comparison.delta_aic)
    for fit in comparison.fits:
        colour, style = _LAW_STYLE.get(fit.law, ("black", "-"))
        ax.plot(
            grid,
            fit.predict(grid),
            color=OKABE_ITO[colour],
            ls=style,
            lw=1.8,
            label=f"{fit.law} (ΔAIC {delta[fit.law]:.1f})",
        )
    cis = [
        proportion_ci(a, b, confidence_level=confidence_level)
        for a, b in zip(k, n, strict=True)
    ]
    rate = np.array([a / b for a, b in zip(k, n, strict=True)])
    err = np.array(
        [
            [r - c.low for r, c in zip(rate, cis, strict=True)],
            [c.high - r for r, c in zip(rate, cis, strict=True)],
        ]
    )
    ax.errorbar(
        depths,
        rate,
        yerr=err,
        fmt="o",
        color=OKABE_ITO["black"],
        capsize=4,
        label=f"data, Wilson {confidence_level:.0%} CI",
    )
    ax.set_xlabel("causal depth $d$ (hops)")
    ax.set_ylabel("chain recovered (proportion of attempts)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xticks(grid)
    if title is not None:
        ax.set_title(title)
    ax.legend(fontsize="small")
    return ax


def plot_sheaf(
    sheaf: CellularSheaf,
    *,
    highlight: Sequence[tuple[Hashable, Hashable]] = (),
    edge_labels: Mapping[tuple[Hashable, Hashable], str] | None = None,
    node_labels: Mapping[Hashable, str] | None = None,
    pos: Mapping[Hashable, Sequence[float]] | None = None,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Draw a sheaf's graph with stalk dimensions, its cohomology, and highlighted edges.

    The title gives ``dim C0``, ``dim C1``, ``dim H0`` and ``dim H1`` (from
    :meth:`theory.sheaf.CellularSheaf.cohomology`). Edges in
    ``highlight`` (for example a detector's offending or implicated edges)
    are drawn thick and vermillion, the others thin and grey-blue.

    Parameters
    ----------
    sheaf : CellularSheaf
        The sheaf.
    highlight : sequence of (u, v)
        Edges to highlight, in either orientation.
    edge_labels : mapping, optional
        Text per edge (for example its discrepancy).
    node_labels : mapping, optional
        Text per vertex (its name by default).
    pos : mapping, optional
        Vertex positions; :func:`networkx.circular_layout` by default
        (deterministic).
    title : str, optional
        Text put before the cohomology in the title.
    ax : Axes, optional
        Where to draw.

    Returns
    -------
    Axes

    Raises
    ------
    ValueError
        If a highlighted edge is not an edge of the sheaf.

    Examples
    --------
    >>> import networkx as nx
    >>> from theory.plots import plot_sheaf
    >>> from theory.sheaf import CellularSheaf
    >>> ax = plot_sheaf(CellularSheaf.constant(nx.cycle_graph(3), 1), highlight=[(1, 0)])
    >>> ax.get_title()
    'dim C0 = 3, dim C1 = 3: dim H0 = 1, dim H1 = 1'
    """
    check_instance(sheaf, "sheaf", CellularSheaf)
    _check_sheaf_labels(sheaf, edge_labels, node_labels, pos)
    ax = new_axes(ax, figsize=(4.5, 4.0))
    edges = sheaf.edges
    lookup = {frozenset(e): e for e in edges}
    marked = set()
    for edge in highlight:
        key = frozenset(edge)
        if key not in lookup:
            msg = f"highlight holds {edge!r}, which is not an edge of the sheaf"
            raise ValueError(msg)
        marked.add(lookup[key])
    graph: nx.Graph[Any] = nx.Graph()
    graph.add_nodes_from(sheaf.vertices)
    graph.add_edges_from(edges)
    where = nx.circular_layout(graph) if pos is None else dict(pos)
    plain = [e for e in edges if e not in marked]
    nx.draw_networkx_edges(
        graph, where, edgelist=plain, ax=ax, width=1.5, edge_color=OKABE_ITO["sky_blue"]
    )
    nx.draw_networkx_edges(
        graph,
        where,
        edgelist=sorted(marked, key=edges.index),
        ax=ax,
        width=4.0,
        edge_color=OKABE_ITO["vermillion"],
    )
    nx.draw_networkx_labels(
        graph,
        where,
        labels=dict(node_labels or {v: str(v) for v in sheaf.vertices}),
        ax=ax,
        font_size=9,
        bbox={"boxstyle": "round", "fc": "white", "ec": OKABE_ITO["black"]},
    )
    if edge_labels:
        labels = {lookup[frozenset(e)]: text for e, text in edge_labels.items()}
        nx.draw_networkx_edge_labels(
            graph, where, edge_labels=labels, ax=ax, font_size=8, rotate=False
        )
    coh = sheaf.cohomology()
    summary = (
        f"dim C0 = {coh.dim_c0}, dim C1 = {coh.dim_c1}: "
        f"dim H0 = {coh.h0}, dim H1 = {coh.h1}"
    )
    ax.set_title(summary if title is None else f"{title}\n{summary}")
    ax.set_axis_off()
    ax.margins(0.15)
    return ax


def _mark_point(ax: Axes, diagram: PhaseDiagram, point: Mapping[str, float]) -> object:
    names = (diagram.x_name, diagram.y_name)
    if set(point) != set(names):
        msg = f"operating_point must name exactly {names}, got {sorted(point)}"
        raise ValueError(msg)
    x, y = float(point[names[0]]), float(point[names[1]])
    (marker,) = ax.plot(
        [x],
        [y],
        marker="*",
        ms=16,
        color=OKABE_ITO["vermillion"],
        mec="black",
        ls="none",
        label=f"operating point ({names[0]} = {x:g}, {names[1]} = {y:g})",
    )
    return marker


def _check_sheaf_labels(
    sheaf: CellularSheaf, edge_labels: object, node_labels: object, pos: object
) -> None:
    edges = {frozenset(e) for e in sheaf.edges}
    for name, given in (("edge_labels", edge_labels), ("node_labels", node_labels)):
        if given is not None:
            check_instance(given, name, Mapping)
    for key in edge_labels or {}:  # type: ignore[attr-defined]
        if not isinstance(key, tuple) or frozenset(key) not in edges:
            msg = f"edge_labels keys must be edges (u, v) of the sheaf, got {key!r}"
            raise ValueError(msg)
    if pos is not None:
        check_instance(pos, "pos", Mapping)
        missing = [v for v in sheaf.vertices if v not in pos]  # type: ignore[operator]
        if missing:
            msg = f"pos must give a position to every vertex, missing {missing!r}"
            raise ValueError(msg)
