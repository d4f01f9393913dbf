"""The numeric rank tolerance neither overflows nor underflows (h-fast).

``scale`` multiplied the largest column and row sums of ``|d0|``: with
entries near 1e154 the product was inf, the tolerance infinite, and every
rank 0 (a flat triangle of maps 1e200 had numeric h0 = 3; exactly it is 1,
exit 0); with entries near 1e-170 it was 0.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp

from theory.sheaf import CellularSheaf
from theory.sheaf.numeric import scale

TRIANGLE = np.array([[0, 1], [1, 2], [0, 2]])


@pytest.mark.parametrize("value", [1e200, 1e300, 1e-170, 1e-300])
def test_a_flat_triangle_has_one_section_at_any_magnitude(value: float) -> None:
    sheaf = CellularSheaf.from_arrays(3, TRIANGLE, np.full((3, 2, 1, 1), value))
    numeric = sheaf.cohomology(method="numeric")
    assert (numeric.h0, numeric.h1, numeric.rank) == (1, 1, 2)
    assert 0.0 < numeric.tolerance < math.inf


@pytest.mark.parametrize("value", [1e200, 1e-170, 3.0])
def test_scale_is_sqrt_of_the_two_norms(value: float) -> None:
    d0 = sp.csr_array([[value, value], [0.0, value]])
    # ||d0||_1 = 2 value (column 2), ||d0||_inf = 2 value (row 1)
    assert scale(d0) == pytest.approx(2.0 * value, rel=1e-15)


def test_a_scale_beyond_the_float_range_is_an_error() -> None:
    d0 = sp.csr_array([[1.5e308, 1.5e308], [0.0, 1.5e308]])
    with pytest.raises(ValueError, match="exceeds the float range"):
        scale(d0)


def test_explicit_zeros_have_scale_zero() -> None:
    d0 = sp.csr_array(
        (np.array([0.0, 0.0]), np.array([0, 1]), np.array([0, 2])), shape=(1, 2)
    )
    assert d0.nnz == 2
    assert scale(d0) == 0.0
