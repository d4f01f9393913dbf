"""algebra.tropical's matrices over the (max, min) semiring: TOP, key entries, bad shapes (issue 33).

Written against the survivors of the mutation run of algebra/tropical/_matrix.py.
Expected products are worked out by hand: ``(A B)[i][j] = max_m min(A[i][m], B[m][j])``
with ``None`` the bottom and ``TOP`` the top.
"""

from __future__ import annotations

import pytest

from algebra.tropical import TOP, matrix_oplus, matrix_otimes


def test_oplus_with_top_against_keys_and_bottom():
    a = ((TOP, 3), (None, 1))
    b = ((3, TOP), (TOP, None))
    assert matrix_oplus(a, b) == ((TOP, TOP), (TOP, 1))
    assert matrix_oplus(b, a) == ((TOP, TOP), (TOP, 1))


def test_otimes_takes_the_smaller_key_of_each_pair():
    assert matrix_otimes(((1,),), ((2,),)) == ((1,),)
    assert matrix_otimes(((2,),), ((1,),)) == ((1,),)
    assert matrix_otimes(((TOP,),), ((4,),)) == ((4,),)
    assert matrix_otimes(((4,),), ((TOP,),)) == ((4,),)
    assert matrix_otimes(((None,),), ((TOP,),)) == ((None,),)
    # row (1, 7) times column (5, 2): max(min(1, 5), min(7, 2)) = 2
    got = matrix_otimes(((1, 7), (None, TOP)), ((5, None), (2, TOP)))
    assert got == ((2, 7), (2, TOP))


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        ([(1,)], ((1,),), r"^a must be a tuple of tuples, got list$"),
        (((1,),), ([1],), r"^b must be a tuple of tuples, got tuple$"),
        (((1,), [2]), ((1,), (2,)), r"^a must be a tuple of tuples, got tuple$"),
    ],
)
def test_not_a_tuple_of_tuples_is_a_type_error(a, b, message):
    for op in (matrix_otimes, matrix_oplus):
        with pytest.raises(TypeError, match=message):
            op(a, b)


def test_matrices_of_two_sizes_are_refused():
    small = ((1,),)
    big = ((1, 2), (3, 4))
    for op in (matrix_otimes, matrix_oplus):
        with pytest.raises(
            ValueError, match=r"^a and b must have one size, got 1 and 2$"
        ):
            op(small, big)
        with pytest.raises(
            ValueError, match=r"^a and b must have one size, got 2 and 1$"
        ):
            op(big, small)
