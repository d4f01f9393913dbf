"""Figures of the validity mirage: retention sweeps and the Exp58 timeline (VM-C3, VM-E58).

Functions draw on the ``ax`` they are given (new axes from
:func:`theory.plots.new_axes` otherwise, without pyplot) and return it; the
grid helper returns a :class:`~matplotlib.figure.Figure`. Nothing calls
``plt.show()``. Colours are Okabe–Ito (:data:`theory.plots.OKABE_ITO`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from theory.plots import OKABE_ITO, new_axes
from witnesses._validation import check_instance
from witnesses.exp58 import BLOCK1, BLOCK2, Exp58Cell, Exp58Result, exp58_timeline
from witnesses.experiments.sweep import SweepResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "MIRAGE_METRICS",
    "plot_exp58_timeline",
    "plot_mirage",
    "plot_retention_sweep",
]

MIRAGE_METRICS: tuple[tuple[str, str, str], ...] = (
    ("raw_validity", "raw validity", "orange"),
    ("pivot_preservation", "pivot preservation", "blue"),
    ("fixed_pivot_feasibility", "fixed-pivot feasibility", "green"),
)
"""(aggregate key, legend label, Okabe–Ito colour) of the three mirage rates."""


def plot_retention_sweep(
    result: SweepResult, *, strategy: str = "naive", ax: Axes | None = None
) -> Axes:
    """Draw the three mirage rates of one strategy against retention (VM-C3).

    Each rate (:data:`MIRAGE_METRICS`) is drawn with its 95% Wilson interval
    as a band, as computed by :func:`witnesses.experiments.sweep.retention_sweep`. The
    mirage is the gap between raw validity (a valid sequence exists) and the
    two pivot rates (the full timeline's pivot survives, or can still
    be forced).

    Parameters
    ----------
    result : SweepResult
        From :func:`witnesses.experiments.sweep.retention_sweep`.
    strategy : str
        One of the result's strategies.
    ax : Axes, optional
        Where to draw.

    Returns
    -------
    Axes

    Raises
    ------
    ValueError
        If ``strategy`` is not in the result.

    Examples
    --------
    >>> from witnesses.experiments.sweep import retention_sweep
    >>> from witnesses.plots import plot_retention_sweep
    >>> r = retention_sweep(retentions=[0.5, 0.3], seeds=[0, 1], executor=False)
    >>> ax = plot_retention_sweep(r, strategy="naive")
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['raw validity', 'pivot preservation', 'fixed-pivot feasibility']
    """
    check_instance(result, "result", SweepResult)
    ax = new_axes(ax)
    cells = sorted(
        (a for a in result.aggregates if a["strategy"] == strategy),
        key=lambda a: a["retention"],
    )
    if not cells:
        known = sorted({a["strategy"] for a in result.aggregates})
        msg = f"strategy must be one of {known}, got {strategy!r}"
        raise ValueError(msg)
    x = np.array([c["retention"] for c in cells])
    for key, label, colour in MIRAGE_METRICS:
        rate, low, high = (
            np.array([_none_nan(c[key][f]) for c in cells])
            for f in ("estimate", "low", "high")
        )
        ax.fill_between(x, low, high, color=OKABE_ITO[colour], alpha=0.2, lw=0)
        ax.plot(x, rate, "o-", color=OKABE_ITO[colour], label=label)
    ax.set_xlabel("retention (share of the 200 events kept)")
    ax.set_ylabel("rate (share of seeds), 95% Wilson")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(f"{strategy} ({result.semantics} semantics)")
    ax.legend(fontsize="small", loc="lower right")
    return ax


def plot_mirage(results: Sequence[SweepResult], *, width: float = 4.0) -> Figure:
    """Draw a grid of :func:`plot_retention_sweep`: one row per sweep, one column per strategy.

    Parameters
    ----------
    results : sequence of SweepResult
        Typically the ``"reference"`` and ``"paper"`` sweeps.
    width : float
        Width in inches of one panel.

    Returns
    -------
    Figure

    Examples
    --------
    >>> from witnesses.experiments.sweep import retention_sweep
    >>> from witnesses.plots import plot_mirage
    >>> r = retention_sweep(retentions=[0.5, 0.3], seeds=[0], executor=False)
    >>> len(plot_mirage([r]).axes)
    3
    """
    for i, item in enumerate(results):
        check_instance(item, f"results[{i}]", SweepResult)
    columns = [_strategies(r) for r in results]
    n_cols = max(len(c) for c in columns)
    fig = Figure(
        figsize=(width * n_cols, 0.8 * width * len(results)), layout="constrained"
    )
    axes = fig.subplots(len(results), n_cols, sharex=True, sharey=True, squeeze=False)
    for row, (result, strategies) in enumerate(zip(results, columns, strict=True)):
        for col, strategy in enumerate(strategies):
            plot_retention_sweep(result, strategy=strategy, ax=axes[row][col])
            axes[row][col].label_outer()
    return fig


def plot_exp58_timeline(
    result: Exp58Result, *, m: int = 10, ax: Axes | None = None
) -> Axes:
    """Draw the Exp58 witness: blocks, pivots and the events each strategy keeps (VM-E58).

    One row per strategy (full timeline, naive, the contract). Events sit at
    their position in the timeline, sized by weight; filled when kept (block 2
    is always kept: it is composed after compression), hollow when dropped.
    The local pivot e03 and the global pivot e41 are marked by vertical
    lines; a star marks the pivot of each row's free solve at
    ``M = m``, and the row label says whether the full pivot can still be
    forced.

    Parameters
    ----------
    result : Exp58Result
        From :func:`witnesses.exp58.run`.
    m : {1, 10}
        Which solve's pivot to mark.
    ax : Axes, optional
        Where to draw.

    Returns
    -------
    Axes

    Examples
    --------
    >>> from witnesses.exp58 import run
    >>> from witnesses.plots import plot_exp58_timeline
    >>> ax = plot_exp58_timeline(run())
    >>> [t.get_text() for t in ax.get_yticklabels()][1]
    'naive: pivot e45, forced e41 infeasible'
    """
    check_instance(result, "result", Exp58Result)
    ax = new_axes(ax, figsize=(11.0, 3.8))
    if m not in (1, 10):
        msg = f"m must be 1 or 10, got {m!r}"
        raise ValueError(msg)
    timeline = exp58_timeline()
    ids = timeline.ids
    size = np.array([18.0 + 14.0 * e.weight for e in timeline])
    pos = {event_id: i for i, event_id in enumerate(ids)}
    ax.axvspan(0.5, len(BLOCK1) + 0.5, color=OKABE_ITO["sky_blue"], alpha=0.12, lw=0)
    ax.axvspan(
        len(BLOCK1) + 0.5, len(ids) + 0.5, color=OKABE_ITO["yellow"], alpha=0.18, lw=0
    )
    strategies = ("full", "naive", result.contract)
    colours = ("black", "vermillion", "blue")
    labels = [
        _draw_row(
            ax,
            -row,
            result.cell(strategy, m),
            OKABE_ITO[colour],
            size,
            pos,
            result.full_pivot,
        )
        for row, (strategy, colour) in enumerate(zip(strategies, colours, strict=True))
    ]
    _pivot_lines(ax, pos, result.full_pivot)
    ax.set_yticks([-r for r in range(len(strategies))], labels)
    ax.set_ylim(-len(strategies) + 0.4, 0.9)
    ax.set_xlim(0.5, len(ids) + 0.5)
    ticks = [1, 3, 10, 20, 30, 41, 45, 50]
    ax.set_xticks(ticks, [ids[t - 1] for t in ticks])
    ax.set_xlabel(
        "event, in timeline order (marker area ∝ weight; block 1 blue, block 2 yellow)"
    )
    ax.set_title(
        f"Exp58 witness ({result.semantics} semantics, M = {m})\n"
        "filled = kept, hollow = dropped, star = turning point of the free solve"
    )
    return ax


def _draw_row(
    ax: Axes,
    y: float,
    cell: Exp58Cell,
    colour: str,
    size: npt.NDArray[np.float64],
    pos: dict[str, int],
    full_pivot: str | None,
) -> str:
    """Draw one strategy's row of the timeline and return its tick label."""
    x = np.arange(1, len(pos) + 1)
    kept = np.zeros(len(pos), dtype=bool)
    kept[[pos[e] for e in (*cell.kept_block1, *BLOCK2)]] = True
    ys = np.full(len(pos), y)
    ax.scatter(x[kept], ys[kept], s=size[kept], color=colour, zorder=3)
    ax.scatter(
        x[~kept],
        ys[~kept],
        s=size[~kept],
        facecolors="none",
        edgecolors=colour,
        alpha=0.35,
        zorder=2,
    )
    chosen = cell.free.pivot
    if chosen is not None:
        ax.plot(
            x[pos[chosen]], y + 0.32, "*", ms=14, color=colour, mec="black", zorder=4
        )
    tp = "no valid sequence" if chosen is None else f"pivot {chosen}"
    forced = "feasible" if cell.fixed.valid else "infeasible"
    return f"{cell.strategy}: {tp}, forced {full_pivot} {forced}"


def _pivot_lines(ax: Axes, pos: dict[str, int], full_pivot: str | None) -> None:
    marks = [("e03", "local pivot e03", "purple")]
    if full_pivot is not None:
        marks.append((full_pivot, f"global pivot {full_pivot}", "green"))
    handles = []
    for event_id, label, colour in marks:
        ax.axvline(
            pos[event_id] + 1, color=OKABE_ITO[colour], ls="--", lw=1.2, zorder=1
        )
        handles.append(Line2D([], [], color=OKABE_ITO[colour], ls="--", label=label))
    ax.legend(handles=handles, loc="upper left", fontsize="small", ncols=2)


def _strategies(result: SweepResult) -> list[str]:
    seen: dict[str, None] = {}
    for a in result.aggregates:
        seen.setdefault(a["strategy"], None)
    return list(seen)


def _none_nan(value: Any) -> float:
    return float("nan") if value is None else float(value)
