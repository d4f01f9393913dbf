"""The inference toolkit on real BriefBench rows (an earlier run than DL's main tables).

Data: the rows shipped in ``proofs/data/briefbench`` (see its README): one row per
attempt; no task id. Where arms are paired (Friedman blocks, McNemar), pairing is by
row order within a (dataset, depth) block -- an assumption, not a recorded fact.
Assertions are properties that must hold on any data, plus closed forms.
"""

import itertools
import json
import math
from collections import defaultdict
from importlib.resources import files

import numpy as np
import pytest

from theory.inference import (
    conditional_use_factor,
    depth_slope,
    friedman_nemenyi,
    mcnemar,
    posterior_superiority,
    proportion_ci,
    two_proportion_z,
    use_factor,
)

FILES = ("rows_claude.jsonl", "rows_gpt.jsonl")


@pytest.fixture(scope="module")
def rows():
    data = files("proofs") / "data" / "briefbench"
    out = []
    for name in FILES:
        text = (data / name).read_text(encoding="utf-8")
        out += [json.loads(line) for line in text.splitlines() if line.strip()]
    return out


@pytest.fixture(scope="module")
def cells(rows):
    """(model, dataset, depth, arm) -> rows in file order."""
    grouped = defaultdict(list)
    for r in rows:
        grouped[(r["model"], r["dataset"], r["depth"], r["arm"])].append(r)
    return grouped


def test_briefbench_cells_have_intervals_that_contain_estimates(cells):
    for rs in cells.values():
        n = len(rs)
        full = sum(r["compliance_rate"] == 1.0 for r in rs)
        recalled = sum(r["recall"] == 1.0 for r in rs)
        for k in (full, recalled):
            for method in ("wilson", "clopper-pearson", "agresti-coull"):
                ci = proportion_ci(k, n, method=method)
                assert 0.0 <= ci.low <= ci.estimate <= ci.high <= 1.0


def test_briefbench_no_memory_arm_has_zero_recall_and_exact_bound(cells):
    # closed form: Clopper-Pearson upper end at k = 0 is 1 - (alpha/2)^(1/n)
    for (_, _, _, arm), rs in cells.items():
        if arm != "none":
            continue
        n = len(rs)
        assert all(r["recall"] == 0.0 for r in rs)
        ci = proportion_ci(0, n, method="clopper-pearson")
        assert ci.high == pytest.approx(1 - 0.025 ** (1 / n), rel=1e-12)


def _by_arm(rows, model, dataset):
    arms = defaultdict(list)
    for r in rows:
        if r["model"] == model and r["dataset"] == dataset:
            arms[r["arm"]].append(r)
    return arms


def test_briefbench_use_factor_per_arm(rows):
    for model, dataset in {(r["model"], r["dataset"]) for r in rows}:
        for arm, rs in _by_arm(rows, model, dataset).items():
            comply = [r["compliance_rate"] for r in rs]
            recall = [r["recall"] for r in rs]
            if arm == "none":
                with pytest.raises(
                    ValueError, match="recall must have a positive mean"
                ):
                    use_factor(comply, recall)
                continue
            u = use_factor(comply, recall)
            assert u.low <= u.estimate <= u.high
            assert u.standard_error >= 0.0
            assert u.standard_error_no_covariance >= 0.0
            if any(r == 1.0 for r in recall):
                cond = conditional_use_factor(comply, recall)
                assert 0.0 <= cond.estimate <= 1.0
                if not math.isnan(cond.low):
                    assert cond.low <= cond.estimate <= cond.high


def _block_table(cells, model, dataset, metric):
    arms = sorted({a for (m, d, _, a) in cells if m == model and d == dataset})
    blocks = []
    for depth in (1, 2, 3):
        cols = [[r[metric] for r in cells[(model, dataset, depth, a)]] for a in arms]
        assert len({len(c) for c in cols}) == 1  # equal attempts per arm in a block
        blocks += [list(t) for t in zip(*cols, strict=True)]
    return arms, np.array(blocks, dtype=float)


def test_briefbench_friedman_nemenyi_across_arms(cells):
    for model, dataset in {(m, d) for (m, d, _, _) in cells}:
        arms, table = _block_table(cells, model, dataset, "compliance_rate")
        r = friedman_nemenyi(table)
        k = len(arms)
        assert sum(r.mean_ranks) == pytest.approx(k * (k + 1) / 2)
        assert 0.0 <= r.pvalue <= 1.0
        if dataset == "synthetic":
            # the no-memory arm never complies there, so it ranks last (ties averaged)
            none = arms.index("none")
            assert r.mean_ranks[none] == max(r.mean_ranks)
            graph = arms.index("brief_graph_3hop")
            assert tuple(sorted((none, graph))) in r.significant_pairs


def test_briefbench_depth_slopes_per_arm(cells):
    for model, dataset in {(m, d) for (m, d, _, _) in cells}:
        arms = sorted({a for (m, d, _, a) in cells if m == model and d == dataset})
        for arm in arms:
            depth, comply = [], []
            for d in (1, 2, 3):
                rs = cells[(model, dataset, d, arm)]
                depth += [d] * len(rs)
                comply += [r["compliance_rate"] for r in rs]
            s = depth_slope(depth, comply, n_resamples=300, seed=0)
            # balanced design on depths 1..3 with outcomes in [0, 1]: |slope| <= 1/2 (hand)
            assert abs(s.slope) <= 0.5 + 1e-12
            assert s.low <= s.high
            assert s.n_depths == 3


def test_briefbench_z_and_superiority_agree_in_direction(rows):
    for model, dataset in {(r["model"], r["dataset"]) for r in rows}:
        arms = _by_arm(rows, model, dataset)
        counts = {
            a: (sum(r["compliance_rate"] == 1.0 for r in rs), len(rs))
            for a, rs in arms.items()
        }
        for a, b in itertools.combinations(sorted(counts), 2):
            z = two_proportion_z(*counts[a], *counts[b]).statistic
            if math.isnan(z) or abs(z) < 1.0:
                continue
            sup = posterior_superiority(*counts[a], *counts[b]).probability
            assert (sup > 0.5) == (z > 0)


def test_briefbench_mcnemar_paired_by_row_order(cells):
    # pairing by row order within a block is an assumption (no task id in the data)
    for model, dataset in {(m, d) for (m, d, _, _) in cells}:
        arms, table = _block_table(cells, model, dataset, "compliance_rate")
        x = table[:, arms.index("brief_graph_3hop")] == 1.0
        y = table[:, arms.index("none")] == 1.0
        counts = [
            [int(np.sum(x & y)), int(np.sum(x & ~y))],
            [int(np.sum(~x & y)), int(np.sum(~x & ~y))],
        ]
        r = mcnemar(counts)
        assert 0.0 <= r.pvalue <= 1.0
        assert r.statistic == min(counts[0][1], counts[1][0])
