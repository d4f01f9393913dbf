"""Friedman-Nemenyi and the ranking metrics: shapes, ties, pairs, rank checks (issue 33, mutants of _ranking.py)."""

import math

import pytest

from theory.inference import (
    friedman_nemenyi,
    mean_average_precision,
    mean_reciprocal_rank,
    ndcg_at_k,
)

SHAPE = "scores must be 2-d with >= 2 blocks and >= 3 treatments"


@pytest.mark.parametrize(
    "scores",
    [
        [0.1, 0.2, 0.3],
        [[0.1, 0.2, 0.3]],
        [[1, 2], [3, 4]],
        [[[1, 2, 3], [1, 2, 3]]],
    ],
)
def test_friedman_shape_is_checked(scores):
    with pytest.raises(ValueError, match=SHAPE):
        friedman_nemenyi(scores)


def test_friedman_smallest_table_is_accepted():
    res = friedman_nemenyi([[1, 2, 3], [3, 1, 2]])
    assert (res.n_blocks, res.n_treatments) == (2, 3)
    assert res.mean_ranks == (2.0, 2.5, 1.5)
    assert res.statistic == 1.0


def test_friedman_nan_and_full_ties_are_refused():
    with pytest.raises(ValueError, match="NaN"):
        friedman_nemenyi([[1, 2, math.nan], [3, 4, 5]])
    with pytest.raises(ValueError, match="fully tied in every block"):
        friedman_nemenyi([[1, 1, 1], [2, 2, 2]])


def test_friedman_alpha_is_the_complement_of_the_level():
    assert friedman_nemenyi([[0.9, 0.5, 0.1]] * 10).alpha == 0.05
    assert friedman_nemenyi([[0.9, 0.5, 0.1]] * 10, confidence_level=0.9).alpha == 0.1


def test_friedman_adjacent_pairs_can_be_significant():
    res = friedman_nemenyi([[0.9, 0.5, 0.1]] * 50)
    assert res.significant_pairs == ((0, 1), (0, 2), (1, 2))
    res = friedman_nemenyi([[0.9, 0.5, 0.1, 0.0]] * 50)
    assert res.significant_pairs == ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


@pytest.mark.parametrize("metric", [mean_reciprocal_rank, mean_average_precision])
@pytest.mark.parametrize("ranks", ["12", b"12", []])
def test_ranks_must_be_a_non_empty_sequence(metric, ranks):
    with pytest.raises(ValueError, match="non-empty sequence"):
        metric(ranks)
    with pytest.raises(ValueError, match="non-empty sequence"):
        ndcg_at_k(ranks, 3)


def test_rank_and_cut_off_start_at_one():
    with pytest.raises(ValueError, match=r"ranks\[0\] must be >= 1, got 0"):
        ndcg_at_k([0], 1)
    with pytest.raises(ValueError, match=r"ranks\[1\] must be >= 1, got 0"):
        mean_reciprocal_rank([1, 0])
    with pytest.raises(ValueError, match="k must be >= 1, got 0"):
        ndcg_at_k([1], 0)
    assert ndcg_at_k([1, 2], 1) == 0.5
    assert ndcg_at_k([1, 2], 2) == pytest.approx((1 + 1 / math.log2(3)) / 2)
    assert mean_reciprocal_rank([1]) == 1.0
