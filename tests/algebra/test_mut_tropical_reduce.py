"""algebra.tropical's reductions: k bounds, ties, long arrays, exact totals, shapes (issue 33).

Written against the survivors of the mutation run of algebra/tropical/_reduce.py.
The array fold is checked against ``fold_tropical`` over the same rows, the
definition it must agree with.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from algebra.tropical import (
    FeasiblePivot,
    TropicalContext,
    best_feasible_pivot,
    fold_tropical,
    reduce_tropical_arrays,
    tropical_from_events,
)

T = TropicalContext
NINF = -np.inf


@dataclass(frozen=True, slots=True)
class SubTropical(TropicalContext):
    pass


def _reference(slots: np.ndarray, totals: np.ndarray) -> TropicalContext:
    rows = [
        T(tuple(None if v == NINF else float(v) for v in row), int(t))
        for row, t in zip(slots.tolist(), totals.tolist(), strict=True)
    ]
    return fold_tropical(rows, k=slots.shape[1] - 1)


# --- k and the first element ----------------------------------------------------------


def test_k_below_zero_is_refused():
    with pytest.raises(ValueError, match=r"^k must be >= 0, got -1$"):
        tropical_from_events([1, None], k=-1)
    with pytest.raises(ValueError, match=r"^k must be >= 0, got -1$"):
        best_feasible_pivot([1, None], -1)


def test_fold_checks_its_first_element_exactly():
    with pytest.raises(
        TypeError, match=r"^elements\[0\] must be a TropicalContext, got 'x'"
    ):
        fold_tropical(["x", T((1,), 0)])
    with pytest.raises(
        TypeError,
        match=r"^elements\[0\] must be a TropicalContext, got .* of type SubTropical$",
    ):
        fold_tropical([SubTropical((1,), 0)])


# --- ties ------------------------------------------------------------------------


def test_equal_keys_rank_by_position():
    # the first 5 ranks first; with top_m=1 only it is considered, and it is infeasible
    assert best_feasible_pivot([5, None, 5], 1, top_m=1) is None
    assert best_feasible_pivot([5, None, 5], 1, top_m=2) == FeasiblePivot(5, 2, 1)
    assert best_feasible_pivot([None, 5, 5], 1, top_m=1) == FeasiblePivot(5, 1, 1)


# --- long arrays (the head is scanned in doubling chunks of 1024 rows) ---------------


def test_exactly_one_chunk_of_rows_all_in_the_head():
    n = 1024
    slots = np.full((n, 2), NINF)
    slots[n - 1, 0] = 7.0
    totals = np.zeros(n, dtype=np.int64)
    got = reduce_tropical_arrays(slots, totals)
    assert got == T((7.0, None), 0) == _reference(slots, totals)


def test_offsets_carry_over_from_one_chunk_to_the_next():
    n, k = 3000, 5
    slots = np.full((n, k + 1), NINF)
    totals = np.zeros(n, dtype=np.int64)
    totals[10] = 1
    totals[1023] = 1  # the last row of the first chunk: the next one starts at offset 2
    slots[1024, 0] = 9.0  # lands in slot 2
    slots[1500, 1] = 8.0  # offset 2, one development event before it: slot 3
    totals[1500] = 1
    totals[2000] = 1
    slots[2999, 0] = 4.0  # offset 4: slot 4
    got = reduce_tropical_arrays(slots, totals)
    assert got == T((None, None, 9.0, 8.0, 4.0, None), 4)
    assert got == _reference(slots, totals)


def test_a_head_row_keeps_its_last_slot():
    slots = np.array([[NINF, 5.0], [NINF, NINF]])
    totals = np.array([1, 0])
    assert reduce_tropical_arrays(slots, totals) == T((None, 5.0), 1)


# --- exact totals -----------------------------------------------------------------


def test_totals_beyond_int64_are_summed_exactly():
    slots = np.array([[1.0], [2.0]])
    got = reduce_tropical_arrays(slots, np.array([2**62, 2**62], dtype=np.int64))
    assert got == T((2.0,), 2**63)
    one = reduce_tropical_arrays(np.array([[1.0]]), np.array([2**63], dtype=np.uint64))
    assert one == T((1.0,), 2**63)
    assert reduce_tropical_arrays(slots, np.array([3, 4], dtype=np.int32)).d_total == 7


# --- shapes -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slots", "totals", "message"),
    [
        (
            np.zeros((3, 0)),
            np.zeros(3, dtype=np.int64),
            r"^slots must have shape \(n, k \+ 1\) with k >= 0, got shape \(3, 0\)$",
        ),
        (
            np.zeros((2, 2)),
            np.zeros((2, 1), dtype=np.int64),
            r"^d_total must be one-dimensional, got shape \(2, 1\)$",
        ),
        (
            np.array([[0.0, np.nan], [np.nan, 1.0]]),
            np.array([1, 1]),
            r"^slots must not contain NaN, got NaN at \[0, 1\]$",
        ),
    ],
)
def test_bad_arrays(slots, totals, message):
    with pytest.raises(ValueError, match=message):
        reduce_tropical_arrays(slots, totals)
