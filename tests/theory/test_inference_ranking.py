"""Friedman/Nemenyi against scipy and Demšar's table; single-item ranking metrics."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from theory.inference import (
    friedman_nemenyi,
    mean_average_precision,
    mean_reciprocal_rank,
    ndcg_at_k,
)


@st.composite
def score_tables(draw):
    n = draw(st.integers(2, 12))
    k = draw(st.integers(3, 6))
    # the first block is strictly ordered, so the table is never fully tied
    rows = [list(range(k))]
    rows += [[draw(st.integers(0, 3)) for _ in range(k)] for _ in range(n - 1)]
    return np.array(rows, dtype=float)


@settings(max_examples=50)  # suite budget (common brief)
@given(score_tables())
def test_friedman_matches_scipy_friedmanchisquare(table):
    # scipy.stats.friedmanchisquare(*columns) (tie-corrected)
    ref = stats.friedmanchisquare(*table.T)
    r = friedman_nemenyi(table)
    assert r.statistic == pytest.approx(float(ref.statistic), rel=1e-10, abs=1e-12)
    assert r.pvalue == pytest.approx(float(ref.pvalue), rel=1e-9, abs=1e-15)
    k = table.shape[1]
    assert sum(r.mean_ranks) == pytest.approx(k * (k + 1) / 2)


@pytest.mark.parametrize(
    ("k", "q"),
    [(2, 1.960), (3, 2.343), (4, 2.569), (5, 2.728), (6, 2.850), (10, 3.164)],
)
def test_nemenyi_q_alpha_matches_demsar_table(k, q):
    # Demšar (2006), Table 5(a), alpha = 0.05, printed to 3 decimals (truncated)
    table = (
        np.tile(np.arange(max(k, 3), dtype=float), (4, 1))[:, :k] if k >= 3 else None
    )
    if table is None:
        q_alpha = stats.studentized_range.ppf(0.95, 2, np.inf) / math.sqrt(2)
        assert q_alpha == pytest.approx(q, abs=1e-3)
        return
    r = friedman_nemenyi(table)
    assert r.q_alpha == pytest.approx(q, abs=1e-3)
    # CD = q sqrt(k(k+1)/(6N)), N = 4
    assert r.critical_difference == pytest.approx(
        r.q_alpha * math.sqrt(k * (k + 1) / 24)
    )


def test_friedman_ranks_best_first():
    r = friedman_nemenyi([[0.9, 0.5, 0.1]] * 10)
    assert r.mean_ranks == (1.0, 2.0, 3.0)
    assert r.significant_pairs == ((0, 2),)
    low = friedman_nemenyi([[0.9, 0.5, 0.1]] * 10, higher_is_better=False)
    assert low.mean_ranks == (3.0, 2.0, 1.0)


def test_single_item_metrics_hand_values():
    # hand: ranks 1, 3, none, 10 -> DCG 1, 1/log2(4) = 0.5, 0, 1/log2(11)
    ranks = [1, 3, None, 10]
    assert ndcg_at_k(ranks, 10) == pytest.approx((1 + 0.5 + 1 / math.log2(11)) / 4)
    assert ndcg_at_k(ranks, 5) == pytest.approx(1.5 / 4)
    assert mean_reciprocal_rank(ranks) == pytest.approx((1 + 1 / 3 + 0.1) / 4)


def _average_precision(relevance):
    # general AP: mean over relevant positions of precision@position
    hits, total = 0, 0.0
    for i, rel in enumerate(relevance, start=1):
        if rel:
            hits += 1
            total += hits / i
    return total / max(sum(relevance), 1)


@settings(max_examples=100)  # suite budget (common brief)
@given(st.lists(st.one_of(st.none(), st.integers(1, 20)), min_size=1, max_size=20))
def test_map_equals_general_average_precision_for_one_relevant(ranks):
    ref = np.mean([_average_precision([i == r for i in range(1, 21)]) for r in ranks])
    assert mean_average_precision(ranks) == pytest.approx(ref)
    assert mean_average_precision(ranks) == pytest.approx(mean_reciprocal_rank(ranks))
