"""Edges of the reductions: the 2**53 key guard, int64 overflow, bad arrays, trees.

Every expected value is worked by hand from the definition of the endogenous
product (VM §3): the winner is the last heaviest key, ``d_pre`` counts the
development events of all earlier blocks plus the winner's own ``d_pre``.
"""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from algebra import (
    COMMITTED_IDENTITY,
    IDENTITY,
    CommittedContext,
    Context,
    fold,
    reduce_arrays,
    reduce_tree,
    tree_depth,
)

ONES = np.array([1, 1])
ZEROS = np.array([0, 0])


@pytest.mark.parametrize("key", [2**53, -(2**53), 2**53 - 1, 0])
def test_integer_keys_up_to_2_53_are_exact_in_float64(key):
    ctx = reduce_arrays(np.array([key, -(2**53)]), ONES, ZEROS)
    assert ctx.w == float(max(key, -(2**53)))
    assert ctx.d_total == 2


@pytest.mark.parametrize(
    ("keys", "big"),
    [
        ([2**53 + 1, 0], 2**53 + 1),
        ([0, -(2**53) - 1], 2**53 + 1),
        ([2**62, 1], 2**62),
    ],
)
def test_integer_keys_beyond_2_53_are_refused(keys, big):
    with pytest.raises(ValueError, match=rf"integer keys up to {big}, beyond 2\*\*53"):
        reduce_arrays(np.array(keys, dtype=np.int64), ONES, ZEROS)


def test_float_keys_are_not_subject_to_the_integer_guard():
    # 2**60 as a float is already the float it is; nothing is lost
    ctx = reduce_arrays(np.array([2.0**60, 1.0]), ONES, np.array([1, 0]))
    assert ctx == Context(2.0**60, 2, 1)


def test_empty_arrays_give_the_identity():
    empty_i = np.array([], dtype=np.int64)
    assert reduce_arrays(np.array([], dtype=np.int64), empty_i, empty_i) is IDENTITY
    assert reduce_arrays(np.array([]), empty_i, empty_i) is IDENTITY


@pytest.mark.parametrize(
    ("w", "d_total", "d_pre", "expected"),
    [
        # one block
        ([5.0], [3], [2], Context(5.0, 3, 2)),
        # no pivot anywhere: key None, d_pre 0
        ([-np.inf, -np.inf], [2, 3], [0, 0], Context(None, 5, 0)),
        # the heaviest is last: all earlier development counts
        ([1.0, 2.0, 3.0], [1, 2, 4], [0, 1, 3], Context(3.0, 7, 1 + 2 + 3)),
        # the heaviest is first: nothing before it
        ([3.0, 2.0, 1.0], [1, 2, 4], [1, 1, 3], Context(3.0, 7, 1)),
        # a tie: the first of the heaviest (argmax) wins, as compose_endo's >=
        ([2.0, 2.0, 1.0], [1, 2, 4], [1, 1, 3], Context(2.0, 7, 1)),
        # a pivot after blocks without one
        ([-np.inf, 4.0], [6, 1], [0, 1], Context(4.0, 7, 7)),
    ],
)
def test_reduce_arrays_hand_values(w, d_total, d_pre, expected):
    got = reduce_arrays(np.array(w), np.array(d_total), np.array(d_pre))
    assert got == expected
    blocks = [
        Context(None if k == -np.inf else k, t, p)
        for k, t, p in zip(w, d_total, d_pre, strict=True)
    ]
    assert fold(blocks) == expected
    assert reduce_tree(blocks) == expected


def test_totals_near_int64_overflow_are_summed_exactly():
    big = 2**62
    got = reduce_arrays(
        np.array([1.0, 2.0, 0.5]), np.array([big, big, big]), np.array([0, 5, 0])
    )
    assert got == Context(2.0, 3 * big, big + 5)
    assert got.d_total > np.iinfo(np.int64).max
    # at the edge: max * n fits in int64 exactly
    edge = np.iinfo(np.int64).max // 2
    got = reduce_arrays(np.array([1.0, 2.0]), np.array([edge, edge]), np.array([0, 0]))
    assert got == Context(2.0, 2 * edge, edge)


@pytest.mark.parametrize(
    ("w", "d_total", "d_pre", "error", "match"),
    [
        ([1.0, np.nan], [1, 1], [0, 0], ValueError, r"NaN at index 1"),
        ([np.nan, 1.0], [1, 1], [0, 0], ValueError, r"NaN at index 0"),
        ([1.0, 2.0], [1, 1], [0, -1], ValueError, r"d_pre\[1\] must be >= 0, got -1"),
        ([1.0, 2.0], [1, 1], [2, 0], ValueError, r"d_pre\[0\] must satisfy 0 <= d_pre <= d_total\[0\]=1, got 2"),
        ([1.0, -np.inf], [1, 1], [0, 1], ValueError, r"d_pre\[1\] must be 0 where w\[1\] is -inf"),
        ([[1.0]], [[1]], [[0]], ValueError, r"w must be one-dimensional, got shape \(1, 1\)"),
        ([1.0], [[1]], [0], ValueError, r"d_total must be one-dimensional"),
        ([1.0], [1], [[0]], ValueError, r"d_pre must be one-dimensional"),
        ([1.0], [1.0], [0], TypeError, r"d_total must have an integer dtype, got float64"),
        ([1.0], [1], [0.0], TypeError, r"d_pre must have an integer dtype, got float64"),
        ([1.0], [True], [0], TypeError, r"d_total must have an integer dtype, got bool"),
        ([1.0, 2.0], [1], [0], ValueError, r"one shape, got \(2,\), \(1,\) and \(1,\)"),
        ([1.0], [1], [0, 0], ValueError, r"one shape, got \(1,\), \(1,\) and \(2,\)"),
    ],
)  # fmt: skip
def test_reduce_arrays_bad_input(w, d_total, d_pre, error, match):
    with pytest.raises(error, match=match):
        reduce_arrays(np.array(w), np.array(d_total), np.array(d_pre))


def test_validate_false_skips_the_carrier_checks_only():
    # a stray d_pre on a block without pivot: refused, or summed when unchecked
    w, t, p = np.array([-np.inf, 2.0]), np.array([1, 1]), np.array([1, 0])
    assert reduce_arrays(w, t, p, validate=False) == Context(2.0, 2, 1)
    with pytest.raises(ValueError, match=r"must be 0 where w\[0\] is -inf"):
        reduce_arrays(w, t, p)
    with pytest.raises(ValueError, match="NaN"):
        reduce_arrays(np.array([np.nan]), np.array([1]), np.array([0]), validate=False)


@pytest.mark.parametrize(
    ("n", "depth"),
    [(1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (1024, 10), (1025, 11)],
)
def test_tree_depth_table(n, depth):
    # ceil(log2 n), by hand
    assert tree_depth(n) == depth


@pytest.mark.parametrize(
    ("n", "error", "match"),
    [
        (0, ValueError, r"n must be >= 1, got 0"),
        (-1, ValueError, r"n must be >= 1, got -1"),
        (True, TypeError, r"n must be an int, got True of type bool"),
        (2.0, TypeError, r"n must be an int, got 2.0 of type float"),
    ],
)
def test_tree_depth_bad_input(n, error, match):
    # a wrong type is a TypeError, a value out of range a ValueError
    with pytest.raises(error, match=match):
        tree_depth(n)


def _blocks(n):
    # keys cycle 0..4: the last key-4 block wins; d_pre counts everything before it
    return [Context(i % 5, 1, 0) for i in range(n)]


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7])
def test_reduce_tree_equals_fold_on_odd_and_even_lengths(n):
    blocks = _blocks(n)
    assert reduce_tree(blocks) == fold(blocks)
    assert reduce_tree(blocks).d_total == n


@pytest.mark.parametrize(
    ("n", "chunks"), [(7, 1), (7, 2), (7, 3), (7, 7), (7, 10), (1, 4)]
)
def test_reduce_tree_on_an_executor(n, chunks):
    blocks = _blocks(n)
    with ThreadPoolExecutor(2) as pool:
        assert reduce_tree(blocks, executor=pool, chunks=chunks) == fold(blocks)
        assert reduce_tree(blocks, executor=pool) == fold(blocks)


@pytest.mark.parametrize(
    ("chunks", "error", "match"),
    [
        (0, ValueError, "chunks must be >= 1, got 0"),
        (-1, ValueError, "chunks must be >= 1, got -1"),
        (True, TypeError, "chunks must be an int, got True"),
        (1.5, TypeError, "chunks must be an int, got 1.5"),
    ],
)
def test_reduce_tree_bad_chunks(chunks, error, match):
    with (
        ThreadPoolExecutor(1) as pool,
        pytest.raises(error, match=match),
    ):
        reduce_tree(_blocks(3), executor=pool, chunks=chunks)


def test_empty_reductions_return_the_given_identity():
    assert fold([]) is IDENTITY
    assert reduce_tree([]) is IDENTITY
    assert fold([], identity=COMMITTED_IDENTITY) is COMMITTED_IDENTITY
    assert reduce_tree([], identity=COMMITTED_IDENTITY) is COMMITTED_IDENTITY


def test_committed_blocks_use_the_committed_product():
    # a committed pivot keeps its d_pre against a heavier later key
    blocks = [CommittedContext(5, 2, 1, True), CommittedContext(9, 3, 0, False)]
    expected = CommittedContext(5, 5, 1, True)
    assert fold(blocks) == expected
    assert reduce_tree(blocks) == expected


@pytest.mark.parametrize(
    ("items", "identity", "match"),
    [
        ([1, 2], None, "contexts must hold Context or CommittedContext, got int"),
        ([Context(1, 0, 0), CommittedContext(1, 0, 0, False)], None, r"contexts\[1\] is a CommittedContext but contexts\[0\] is a Context"),
        ([Context(1, 0, 0)], COMMITTED_IDENTITY, "identity must be a Context, got CommittedContext"),
    ],
)  # fmt: skip
def test_reductions_reject_mixed_types(items, identity, match):
    for reduce in (fold, reduce_tree):
        with pytest.raises(TypeError, match=match):
            reduce(items, identity=identity)


def test_two_totals_of_2_62_are_summed_exactly():
    # 2 * 2**62 = 2**63 is one past the int64 range: the overflow guard must
    # compare against INT64_MAX // 2 in integers (as a float, it rounds to 2**62)
    big = 2**62
    got = reduce_arrays(np.array([1.0, 2.0]), np.array([big, big]), np.array([0, 0]))
    assert got == Context(2.0, 2**63, big)


class _CountingExecutor(ThreadPoolExecutor):
    def __init__(self):
        super().__init__(1)
        self.submitted = 0

    def submit(self, fn, /, *args, **kwargs):
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


@pytest.mark.parametrize(("cpus", "runs"), [(2, 8), (1, 4), (None, 4)])
def test_default_chunks_are_four_per_cpu(monkeypatch, cpus, runs):
    # docstring: chunks defaults to 4 * os.cpu_count() (1 cpu when unknown)
    import os

    monkeypatch.setattr(os, "cpu_count", lambda: cpus)
    blocks = _blocks(80)
    with _CountingExecutor() as pool:
        assert reduce_tree(blocks, executor=pool) == fold(blocks)
    assert pool.submitted == runs
