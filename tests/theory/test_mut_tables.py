"""Table checks of theory.consistency: widening defaults, face values, size cap (issue 33, mutants of _tables.py).

Each case goes through the public checks and pins what a reader sees: the
default widening of printed inputs, the face-value recomputation in
``recomputed`` (the printed inputs taken as exact, never an end of their
rounding intervals) and the inclusive cap on the number of values.
"""

from fractions import Fraction

import pytest

from theory.consistency import (
    check_arithmetic,
    check_difference,
    check_mean,
    check_ratio,
    check_sum,
)


def test_check_mean_widens_printed_values_by_default():
    # "0.5" stands for [0.45, 0.55]; the mean of two such values reaches 0.51
    assert check_mean("0.51", ["0.5", "0.5"]).consistent
    assert not check_mean("0.51", ["0.5", "0.5"], exact_inputs=True).consistent


def test_check_mean_recomputes_the_mean_at_face_value():
    res = check_mean("0.500", ["0.25", "0.75"])
    assert res.recomputed == (0.5,)
    res = check_mean("2", [1, 2, 3, 4])
    assert res.recomputed == (2.5,)


def test_check_sum_recomputes_the_face_value_total():
    # widened, the total spans [99.75, 100.05]; at face value it is 99.9
    res = check_sum("100.2", ["33.3", "33.3", "33.3"])
    assert res.recomputed == (float(Fraction(999, 10)),)
    assert res.reachable == ((99.75, 100.05),)
    assert check_sum("7", [3, 4]).recomputed == (7.0,)


def test_check_difference_and_ratio_recompute_at_face_value():
    res = check_difference("0.10", "0.990", "0.890")
    assert res.recomputed == (float(Fraction(1, 10)),)
    assert res.reachable == ((0.099, 0.101),)
    res = check_ratio("252", "0.252", "0.001")
    assert res.recomputed == (252.0,)


def test_check_arithmetic_recomputes_at_face_value():
    res = check_arithmetic("0.544", "1 - 21.467/47.084")
    assert res.recomputed == (float(1 - Fraction(21467, 47084)),)
    assert res.reachable[0][0] < res.recomputed[0] < res.reachable[0][1]


def test_values_cap_is_inclusive():
    assert check_sum("10000", [1] * 10_000).consistent
    assert check_mean("1", [1] * 10_000).recomputed == (1.0,)
    with pytest.raises(ValueError, match="1 to 10000 numbers, got 10001"):
        check_sum("10001", [1] * 10_001)
    with pytest.raises(ValueError, match="got 0"):
        check_mean("1", [])
