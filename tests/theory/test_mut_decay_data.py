"""Argument checks of the decay-law counts (theory.decay), pinned (issue 33, mutation).

The full mutation run found survivors in ``counts_by_depth``'s depth and
outcome checks and in the count checks behind ``fit_decay``.
"""

from __future__ import annotations

import re

import pytest

from theory.decay import DepthCounts, counts_by_depth, fit_decay


def _row(depth, value, field="chain_recovered"):
    return {"arm": "a", "depth": depth, field: value}


@pytest.mark.parametrize("depth", [0, -1, True, 1.0, "1"])
def test_a_depth_below_one_or_not_an_int_is_refused(depth) -> None:
    with pytest.raises(
        ValueError, match=re.escape(f"depth must be an int >= 1, got {depth!r}")
    ):
        counts_by_depth([_row(depth, True)], group_by=("arm",))


@pytest.mark.parametrize("value", [1, 0, None, "true"])
def test_chain_recovered_must_be_a_bool(value) -> None:
    with pytest.raises(
        ValueError,
        match=re.escape(f"row 0: chain_recovered must be a bool, got {value!r}"),
    ):
        counts_by_depth([_row(1, value)], group_by=("arm",))


@pytest.mark.parametrize("value", [True, False, -0.5, 1.5, "1", None])
def test_recall_must_be_a_number_in_the_unit_interval(value) -> None:
    with pytest.raises(
        ValueError,
        match=re.escape(f"row 0: recall must be a number in [0, 1], got {value!r}"),
    ):
        counts_by_depth([_row(1, value, "recall")], outcome="recall", group_by=("arm",))


def test_recall_counts_only_a_whole_chain_and_zero_is_a_failure() -> None:
    rows = [_row(1, v, "recall") for v in (0, 0.0, 0.5, 1, 1.0)]
    got = counts_by_depth(rows, outcome="recall", group_by=("arm",))
    assert got == {("a",): DepthCounts((1,), (2,), (5,))}


def test_fit_decay_refuses_nested_depths() -> None:
    with pytest.raises(
        TypeError,
        match=re.escape("depths must be a flat sequence of ints, got [[1], [2], [3]]"),
    ):
        fit_decay([[1], [2], [3]], [1, 1, 1], [2, 2, 2], "geometric")


def test_fit_decay_names_a_negative_success_count() -> None:
    with pytest.raises(ValueError, match=re.escape("k[0] must be >= 0, got -1")):
        fit_decay([1, 2, 3], [-1, 1, 1], [2, 2, 2], "geometric")


def test_fit_decay_names_an_empty_trial_count() -> None:
    with pytest.raises(ValueError, match=re.escape("n[0] must be >= 1, got 0")):
        fit_decay([1, 2, 3], [0, 1, 1], [0, 2, 2], "geometric")


def test_a_bad_count_is_named_before_the_other_checks() -> None:
    # each sequence is checked on its own first: k's sign before n, n before lengths
    with pytest.raises(ValueError, match=re.escape("k[0] must be >= 0, got -1")):
        fit_decay([1, 2, 3], [-1, 1, 1], [0, 2, 2], "geometric")
    with pytest.raises(ValueError, match=re.escape("n[0] must be >= 1, got 0")):
        fit_decay([1, 2], [0, 1, 1], [0, 2, 2], "geometric")
