"""Table and axis checks of theory.floors (the private _info helpers), issue 33 item 5."""

import numpy as np
import pytest

from theory.floors import conditional_entropy, entropy

UNIFORM = [[0.25, 0.25], [0.25, 0.25]]
SKEWED = [[0.5, 0.25], [0.125, 0.125]]  # H(X) = H_b(0.25), H(Y) = H_b(0.375)


def test_scalar_table_is_rejected():
    """A 0-d table is not a table: ValueError naming the shape."""
    with pytest.raises(
        ValueError, match=r"table must be a non-empty array, got shape \(\)"
    ):
        entropy(1.0)


def test_ragged_table_is_a_type_error():
    """A ragged nested list cannot become a float array: TypeError naming the table."""
    with pytest.raises(TypeError, match="table must be an array of real numbers"):
        entropy([[0.5, 0.25], [0.25]])


def test_most_negative_axis_is_accepted():
    """axes = -ndim names axis 0; -ndim - 1 is out of range."""
    assert entropy(SKEWED, axes=-2) == entropy(SKEWED, axes=0)
    assert entropy(SKEWED, axes=-2) != entropy(SKEWED, axes=1)
    with pytest.raises(ValueError, match=r"axes must name axes in \[0, 2\), got -3"):
        entropy(SKEWED, axes=-3)


def test_repeated_axis_is_rejected():
    """[0, -2] names axis 0 twice."""
    with pytest.raises(ValueError, match="axes must not repeat an axis"):
        entropy(UNIFORM, axes=[0, -2])
    with pytest.raises(ValueError, match="target must not repeat an axis"):
        conditional_entropy(SKEWED, target=[1, 1], given=0)


def test_numpy_integer_axis_and_non_sequence_axes():
    """A numpy integer is one axis; a set is not a sequence of axes (TypeError)."""
    assert entropy(SKEWED, axes=np.int64(1)) == entropy(SKEWED, axes=1)
    with pytest.raises(TypeError, match="axes must be an int"):
        entropy(SKEWED, axes={0})
