"""Mirage figures draw the sweep's rates and the Exp58 witness (witnesses.plots)."""

import numpy as np
import pytest
from statsmodels.stats.proportion import proportion_confint

from witnesses.exp58 import run
from witnesses.experiments.sweep import retention_sweep
from witnesses.plots import (
    MIRAGE_METRICS,
    plot_exp58_timeline,
    plot_mirage,
    plot_retention_sweep,
)


@pytest.fixture(scope="module")
def sweep():
    return retention_sweep(retentions=[0.5, 0.3], seeds=[0, 1, 2], executor=False)


@pytest.fixture(scope="module")
def exp58():
    return run()


def test_retention_sweep_lines_are_the_rates_and_bands_are_wilson(sweep):
    ax = plot_retention_sweep(sweep, strategy="naive")
    cells = sorted(
        (a for a in sweep.aggregates if a["strategy"] == "naive"),
        key=lambda a: a["retention"],
    )
    lines = ax.get_lines()
    assert len(lines) == len(MIRAGE_METRICS)
    for line, band, (key, label, _) in zip(
        lines, ax.collections, MIRAGE_METRICS, strict=True
    ):
        assert line.get_label() == label
        assert list(line.get_xdata()) == [0.3, 0.5]
        k = [c[key]["numerator"] for c in cells]
        n = [c[key]["denominator"] for c in cells]
        np.testing.assert_allclose(line.get_ydata(), np.divide(k, n))
        low, high = proportion_confint(k, n, method="wilson")  # statsmodels reference
        ys = band.get_paths()[0].vertices[:, 1]
        assert min(ys) == pytest.approx(min(low))
        assert max(ys) == pytest.approx(max(high))


def test_mirage_grid_has_a_panel_per_semantics_and_strategy(sweep):
    fig = plot_mirage([sweep, sweep])
    titles = [ax.get_title() for ax in fig.axes]
    assert len(titles) == 6
    assert titles[:3] == [
        "naive (reference semantics)",
        "bridge_preserving (reference semantics)",
        "contract_guarded (reference semantics)",
    ]


def _rows(ax):
    """(filled x positions, star x) per row of the timeline, top row first."""
    filled = [
        c for c in ax.collections if c.get_facecolors().size and c.get_alpha() is None
    ]
    stars = {
        round(line.get_ydata()[0] - 0.32): line.get_xdata()[0]
        for line in ax.get_lines()
        if line.get_marker() == "*"
    }
    return [
        (sorted(c.get_offsets()[:, 0].tolist()), stars.get(-row))
        for row, c in enumerate(filled)
    ]


def test_exp58_timeline_marks_kept_events_and_substituted_pivot(exp58):
    # WITNESS.md 2.1: naive keeps e01 and e03 of block 1; at M = 10 it substitutes e45
    rows = _rows(plot_exp58_timeline(exp58, m=10))
    (full_x, full_star), (naive_x, naive_star), (guard_x, guard_star) = rows
    assert full_x == list(range(1, 51))
    assert naive_x == [1, 3, *range(41, 51)]
    assert (full_star, naive_star, guard_star) == (41, 45, 41)
    assert guard_x == list(range(1, 51))


def test_exp58_timeline_at_m1_has_no_turning_point_for_naive(exp58):
    ax = plot_exp58_timeline(exp58, m=1)
    (_, full_star), (_, naive_star), _ = _rows(ax)
    assert (full_star, naive_star) == (41, None)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[1] == "naive: no valid sequence, forced e41 infeasible"


def test_exp58_timeline_paper_semantics_keeps_definition2_events():
    rows = _rows(plot_exp58_timeline(run(semantics="paper-eligible")))
    # run(semantics="paper-eligible") docstring: definition2 keeps e01, e02, e03, e40
    assert rows[2][0] == [1, 2, 3, 40, *range(41, 51)]


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda s, e: plot_retention_sweep(s, strategy="definition2"),
            ValueError,
            r"strategy must be one of \['bridge_preserving', 'contract_guarded', 'naive'\], got 'definition2'",
        ),
        (
            lambda s, e: plot_exp58_timeline(e, m=5),
            ValueError,
            "m must be 1 or 10, got 5",
        ),
    ],
)
def test_bad_input(sweep, exp58, call, error, match):
    with pytest.raises(error, match=match):
        call(sweep, exp58)
