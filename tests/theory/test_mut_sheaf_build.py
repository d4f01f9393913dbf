"""Input checks of CellularSheaf and the public numeric kernels (issue 33, mutants of theory/sheaf/_build.py).

Oracles: the documented input rules (rational-typed entries keep a sheaf
exact, any float makes it numeric; finite entries; shapes; offsets start at
0 and never decrease; vertex indices in range) and error messages that name
the argument, the value and the allowed range.
"""

import math
from collections.abc import Sequence
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
import sympy

import theory.sheaf.numeric as numeric
from theory.sheaf import CellularSheaf

_P2 = nx.path_graph(2)
_ONE = np.ones((1, 1))
_NBRS = [[(1, _ONE, _ONE)], [(0, _ONE, _ONE)]]
_D0 = sp.csr_array(np.array([[-1.0, 1.0]]))


# -- entries: exact or numeric ---------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [2, np.int64(2), np.int8(2), Fraction(2), sympy.Rational(2), sympy.Integer(2)],
)
def test_rational_typed_entries_keep_the_sheaf_exact(entry):
    s = CellularSheaf(_P2, {(0, 1): ([[entry]], [[1]])})
    assert s.is_rational
    assert s.coboundary_exact().to_Matrix().tolist() == [[-2, 1]]
    assert s.coboundary().toarray().tolist() == [[-2.0, 1.0]]
    assert s.apply_coboundary([1, 2]) == {(0, 1): (Fraction(0),)}


def test_sympy_rational_keeps_numerator_and_denominator():
    s = CellularSheaf(_P2, {(0, 1): ([[sympy.Rational(2, 3)]], [[1]])})
    assert s.is_rational
    assert s.apply_coboundary([3, 5]) == {(0, 1): (Fraction(3),)}


@pytest.mark.parametrize(
    "entry",
    [2.0, np.float64(2.0), np.float32(2.0), sympy.Float(2.0), np.array([[2.0]])],
)
def test_any_float_entry_makes_the_sheaf_numeric(entry):
    fu = entry if isinstance(entry, np.ndarray) else [[entry]]
    s = CellularSheaf(_P2, {(0, 1): (fu, [[1]])})
    assert not s.is_rational
    assert s.coboundary().toarray().tolist() == [[-2.0, 1.0]]
    assert s.apply_coboundary([1, 2]) == {(0, 1): (0.0,)}
    assert s.cohomology().method == "numeric"


def test_mixed_matrix_is_numeric():
    s = CellularSheaf(nx.path_graph(2), {(0, 1): ([[1, 0.5]], [[1]])})
    assert not s.is_rational
    assert s.coboundary().toarray().tolist() == [[-1.0, -0.5, 1.0]]


def test_sympy_matrix_maps():
    s = CellularSheaf(_P2, {(0, 1): (sympy.Matrix([[3]]), sympy.Matrix([[1]]))})
    assert s.is_rational
    assert s.coboundary().toarray().tolist() == [[-3.0, 1.0]]
    assert s.apply_coboundary(sympy.Matrix([1, 3])) == {(0, 1): (Fraction(0),)}


@pytest.mark.parametrize(
    ("entry", "error", "match"),
    [
        (
            True,
            TypeError,
            r"restrictions\[\(0, 1\)\]\[0\] must hold numbers, got the bool True",
        ),
        (
            np.bool_(False),
            TypeError,
            r"must hold numbers, got the bool (np\.)?False_?$",
        ),
        (
            math.inf,
            ValueError,
            r"restrictions\[\(0, 1\)\]\[0\] must have finite entries, got inf",
        ),
        (-math.inf, ValueError, r"must have finite entries, got -inf"),
        (np.float64(math.nan), ValueError, r"must have finite entries, got nan"),
        (sympy.oo, TypeError, r"must hold real numbers, got oo of type"),
        ("1", TypeError, r"must hold real numbers, got '1' of type str"),
        (None, TypeError, r"must hold real numbers, got None of type NoneType"),
    ],
)
def test_bad_entries_are_named(entry, error, match):
    with pytest.raises(error, match=match):
        CellularSheaf(_P2, {(0, 1): ([[entry]], [[1]])})


@pytest.mark.parametrize(
    ("mat", "match"),
    [
        (
            np.zeros((0, 1)),
            r"\[0\] must be a 2-D matrix with at least one row and column, got shape \(0, 1\)",
        ),
        (np.zeros((1, 0)), r"got shape \(1, 0\)"),
        (
            np.array([[1.0, np.inf]]),
            r"\[0\] must have finite entries, got np.float64\(inf\)|got inf",
        ),
        (np.array([[np.nan]]), r"must have finite entries"),
        ([[]], r"at least one row and column, got shape \(1, 0\)"),
        ([], r"at least one row and column, got shape \(0,\)"),
        ([[[1]]], r"got shape \(1, 1, 1\)"),
        ([[1, 2], [3]], r"rectangular 2-D matrix|2-D matrix"),
    ],
)
def test_bad_matrices_are_named(mat, match):
    with pytest.raises(ValueError, match=r"restrictions\[\(0, 1\)\]"):
        CellularSheaf(_P2, {(0, 1): (mat, [[1]])})
    with pytest.raises(ValueError, match=match):
        CellularSheaf(_P2, {(0, 1): (mat, [[1]])})


def test_float_arrays_are_copied():
    fu = np.array([[2.0]])
    s = CellularSheaf(_P2, {(0, 1): (fu, np.array([[1.0]]))})
    fu[0, 0] = 7.0
    assert s.coboundary().toarray().tolist() == [[-2.0, 1.0]]


def test_vertex_data_vectors():
    s = CellularSheaf.constant(nx.path_graph(2), 1)
    with pytest.raises(
        ValueError, match=r"^f must be a vector of length 2, got shape \(3,\)$"
    ):
        s.apply_coboundary([1, 2, 3])
    with pytest.raises(
        ValueError, match=r"^f must be a vector of length 2, got shape \(1, 2\)$"
    ):
        s.apply_coboundary([[1, 2]])
    with pytest.raises(
        ValueError, match=r"^y must be a vector of length 1, got shape \(2,\)$"
    ):
        s.harmonic_part([1, 2])


# -- graph, keys and dimensions ------------------------------------------


def test_graph_errors_name_the_problem():
    with pytest.raises(
        TypeError, match=r"^graph must be a networkx Graph or DiGraph, got list$"
    ):
        CellularSheaf([(0, 1)], {})
    with pytest.raises(
        TypeError, match=r"^graph must not be a multigraph, got MultiDiGraph; subdivide"
    ):
        CellularSheaf(nx.MultiDiGraph([(0, 1)]), {})
    with pytest.raises(
        ValueError, match=r"^graph must have no self-loops, got \(1, 1\); subdivide"
    ):
        CellularSheaf(nx.Graph([(0, 1), (1, 1)]), {})


def test_restriction_keys():
    with pytest.raises(
        TypeError, match=r"^restrictions keys must be \(u, v\) pairs, got \(0, 1, 2\)$"
    ):
        CellularSheaf(_P2, {(0, 1, 2): ([[1]], [[1]])})
    with pytest.raises(
        TypeError, match=r"^restrictions keys must be \(u, v\) pairs, got \[0, 1\]$"
    ):
        CellularSheaf(_P2, _ListKey())
    with pytest.raises(
        ValueError,
        match=r"^restrictions give edge \(1, 0\) twice \(both orientations\)$",
    ):
        CellularSheaf(_P2, {(0, 1): ([[1]], [[1]]), (1, 0): ([[1]], [[1]])})
    with pytest.raises(
        ValueError, match=r"^restrictions are missing for edge \(1, 2\)$"
    ):
        CellularSheaf(nx.path_graph(3), {(0, 1): ([[1]], [[1]])})
    with pytest.raises(
        TypeError,
        match=r"^restrictions\[\(0, 1\)\] must be a pair \(F_u, F_v\) of matrices$",
    ):
        CellularSheaf(_P2, {(0, 1): "ab"})
    with pytest.raises(TypeError, match=r"must be a pair \(F_u, F_v\) of matrices$"):
        CellularSheaf(_P2, {(0, 1): ([[1]], [[1]], [[1]])})


class _ListKey(dict):
    """A mapping whose only key is reported as the list [0, 1]."""

    def items(self):
        return [([0, 1], ([[1]], [[1]]))]


def test_digraph_keys_follow_the_direction():
    g = nx.DiGraph([(0, 1)])
    with pytest.raises(
        ValueError, match=r"^restrictions key \(1, 0\) is not an edge of graph$"
    ):
        CellularSheaf(g, {(1, 0): ([[1]], [[1]])})
    # undirected: either orientation, and the key's order is the orientation
    s = CellularSheaf(_P2, {(1, 0): ([[2]], [[1]])})
    assert s.edges == ((1, 0),)
    assert s.coboundary().toarray().tolist() == [[1.0, -2.0]]


def test_vertex_dims_messages():
    ok = {(0, 1): ([[1]], [[1]])}
    with pytest.raises(
        ValueError, match=r"^vertex_dims\[0\]=2 disagrees with its maps \(1 columns\)$"
    ):
        CellularSheaf(_P2, ok, vertex_dims={0: 2})
    with pytest.raises(
        ValueError, match=r"^vertex_dims names 9, which is not a vertex of graph$"
    ):
        CellularSheaf(_P2, ok, vertex_dims={9: 1})
    with pytest.raises(
        ValueError,
        match=r"^stalk dimension of isolated vertex 2 unknown; pass vertex_dims$",
    ):
        CellularSheaf(_with_isolated(), ok)
    with pytest.raises(
        ValueError,
        match=r"^restrictions\[\(0, 1\)\]: F_u has 1 rows and F_v 2; both must equal",
    ):
        CellularSheaf(_P2, {(0, 1): ([[1]], [[1], [1]])})
    with pytest.raises(
        ValueError,
        match=r"^restriction maps at vertex 1 disagree on its stalk dimension \(1 vs 2 columns, edge \(1, 2\)\)$",
    ):
        CellularSheaf(
            nx.path_graph(3), {(0, 1): ([[1]], [[1]]), (1, 2): ([[1, 1]], [[1]])}
        )
    s = CellularSheaf(_with_isolated(), ok, vertex_dims={2: 3, 0: 1})
    assert (s.dim_c0, s.cohomology().h0) == (5, 4)


def _with_isolated():
    g = nx.Graph()
    g.add_nodes_from([0, 1, 2])
    g.add_edge(0, 1)
    return g


# -- the public kernels' checks ----------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: numeric.scale(sp.csr_array(np.array([[1 + 1j]]))),
            TypeError,
            r"^d0 must have a real dtype, got complex128$",
        ),
        (
            lambda: numeric.scale(sp.csr_array(np.array([[np.inf]]))),
            ValueError,
            r"^d0 must be finite$",
        ),
        (
            lambda: numeric.scale(np.ones((1, 1))),
            TypeError,
            r"^d0 must be a 2-d scipy.sparse array",
        ),
        (
            lambda: numeric.null_space(None, 1.0),
            TypeError,
            r"^mat must be an array of real numbers, got None$",
        ),
        (
            lambda: numeric.null_space(b"ab", 1.0),
            TypeError,
            r"^mat must be an array of real numbers",
        ),
        (
            lambda: numeric.null_space(True, 1.0),
            TypeError,
            r"^mat must be an array of real numbers, got True$",
        ),
        (
            lambda: numeric.null_space(np.array([["a"]]), 1.0),
            TypeError,
            r"^mat must have a real dtype, got <U1$",
        ),
        (
            lambda: numeric.null_space([["a"]], 1.0),
            TypeError,
            r"^mat must be an array of real numbers",
        ),
        (
            lambda: numeric.null_space([[np.inf]], 1.0),
            ValueError,
            r"^mat must be finite$",
        ),
        (
            lambda: numeric.null_space([[1.0]], math.inf),
            ValueError,
            r"tol must be in \[0, inf\)",
        ),
        (
            lambda: numeric.null_space([[1.0]], -1e-300),
            ValueError,
            r"tol must be in \[0, inf\)",
        ),
        (
            lambda: numeric.coboundary("ab", [], [0, 1], [0], (0, 1)),
            TypeError,
            r"^edges must be a sequence of \(int, int\), got 'ab'$",
        ),
        (
            lambda: numeric.coboundary(None, [], [0, 1], [0], (0, 1)),
            TypeError,
            r"^edges must be a sequence of \(int, int\), got None$",
        ),
        (
            lambda: numeric.coboundary([(0, 1, 2)], [], [0, 1, 2], [0, 1], (1, 2)),
            TypeError,
            r"^edges\[0\] must be a pair of vertex indices, got \(0, 1, 2\)$",
        ),
        (
            lambda: numeric.coboundary([3], [], [0, 1, 2], [0, 1], (1, 2)),
            TypeError,
            r"^edges\[0\] must be a pair of vertex indices, got 3$",
        ),
        (
            lambda: numeric.coboundary([(-1, 1)], [], [0, 1, 2], [0, 1], (1, 2)),
            ValueError,
            r"^edges\[0\]\[0\] must be >= 0, got -1$",
        ),
        (
            lambda: numeric.coboundary([], [], [1, 2], [0], (0, 2)),
            ValueError,
            r"^voff must be nondecreasing offsets starting at 0, got \[1, 2\]$",
        ),
        (
            lambda: numeric.coboundary([], [], [0, 2, 1], [0], (0, 1)),
            ValueError,
            r"^voff must be nondecreasing offsets starting at 0",
        ),
        (
            lambda: numeric.coboundary([], [], [], [0], (0, 0)),
            ValueError,
            r"^voff must be nondecreasing offsets starting at 0, got \[\]$",
        ),
        (
            lambda: numeric.coboundary([], [], "01", [0], (0, 0)),
            TypeError,
            r"^voff must be a sequence of ints, got '01'$",
        ),
        (
            lambda: numeric.coboundary([], [], 5, [0], (0, 0)),
            TypeError,
            r"^voff must be a sequence of ints, got 5$",
        ),
        (
            lambda: numeric.coboundary([], [], [0, 1.5], [0], (0, 0)),
            TypeError,
            r"voff\[1\] must be an int",
        ),
        (
            lambda: numeric.coboundary([], [], [0, 1], [0, 0], (0, 1)),
            ValueError,
            r"^eoff must have len\(edges\) \+ 1 = 1 entries, got 2$",
        ),
        (
            lambda: numeric.coboundary([], [], [0, 1], [0], [0, 1]),
            ValueError,
            r"^shape must be \(eoff\[-1\], voff\[-1\]\) = \(0, 1\), got \[0, 1\]$",
        ),
        (
            lambda: numeric.coboundary([(0, 1)], "ab", [0, 1, 2], [0, 1], (1, 2)),
            TypeError,
            r"^maps must be a sequence of \(F_u, F_v\) pairs, got 'ab'$",
        ),
        (
            lambda: numeric.coboundary([(0, 1)], [_ONE], [0, 1, 2], [0, 1], (1, 2)),
            TypeError,
            r"^maps\[0\] must be a pair \(F_u, F_v\), got",
        ),
        (
            lambda: numeric.coboundary(
                [(0, 1)], [(_ONE, _ONE, _ONE)], [0, 1, 2], [0, 1], (1, 2)
            ),
            TypeError,
            r"^maps\[0\] must be a pair \(F_u, F_v\)",
        ),
        (
            lambda: numeric.coboundary(
                [(0, 1)], [(np.ones((1, 2)), _ONE)], [0, 1, 2], [0, 1], (1, 2)
            ),
            ValueError,
            r"^maps\[0\]\[0\] must have shape \(1, 1\), got \(1, 2\)$",
        ),
        (
            lambda: numeric.kernel(_D0, "ab", [0, 1, 2], _NBRS, 1.0),
            TypeError,
            r"^components must be a sequence of vertex lists, got 'ab'$",
        ),
        (
            lambda: numeric.kernel(_D0, [[0, 1], []], [0, 1, 2], _NBRS, 1.0),
            ValueError,
            r"^components\[1\] must not be empty$",
        ),
        (
            lambda: numeric.kernel(_D0, [[0, -1]], [0, 1, 2], _NBRS, 1.0),
            ValueError,
            r"^components\[0\] must be >= 0, got -1$",
        ),
        (
            lambda: numeric.kernel(_D0, [[0, 1]], [0, 1, 2], "ab", 1.0),
            TypeError,
            r"^neighbours must be a sequence per vertex, got 'ab'$",
        ),
        (
            lambda: numeric.kernel(_D0, [[0, 1]], [0, 1, 2], [_NBRS[0], "ab"], 1.0),
            TypeError,
            r"^neighbours\[1\] must be a sequence of \(u, F_v, F_u\), got 'ab'$",
        ),
        (
            lambda: numeric.kernel(
                _D0, [[0, 1]], [0, 1, 2], [_NBRS[0], [(0, _ONE)]], 1.0
            ),
            TypeError,
            r"^neighbours\[1\]\[0\] must be a triple \(u, F_v, F_u\)",
        ),
        (
            lambda: numeric.kernel(
                _D0, [[0, 1]], [0, 1, 2], [_NBRS[0], [(2, _ONE, _ONE)]], 1.0
            ),
            ValueError,
            r"neighbours\[1\]\[0\]\[0\] must satisfy 0 <= neighbours\[1\]\[0\]\[0\] <= 1, got 2",
        ),
        (
            lambda: numeric.kernel(
                _D0, [[0, 1]], [0, 1, 2], [_NBRS[0], [(0, np.ones((1, 2)), _ONE)]], 1.0
            ),
            ValueError,
            r"^neighbours\[1\]\[0\]\[1\] must have 1 columns, got 2$",
        ),
        (
            lambda: numeric.harmonic_part(_D0, np.ones((1, 1))),
            ValueError,
            r"^y must be 1-d, got shape \(1, 1\)$",
        ),
        (
            lambda: numeric.residual(_D0, np.ones(2)),
            ValueError,
            r"^basis must be 2-d, got shape \(2,\)$",
        ),
    ],
)
def test_public_kernels_name_the_bad_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_public_kernels_accept_integer_and_list_inputs():
    d0 = sp.csr_array(np.array([[-1, 1]], dtype=np.int64))
    assert numeric.scale(d0) == pytest.approx(2**0.5, rel=1e-15)
    assert numeric.null_space([[1, -1]], 0).shape == (2, 1)
    np.testing.assert_allclose(numeric.harmonic_part(d0, [2]), [0.0], atol=1e-15)
    assert numeric.residual(d0, [[1], [1]]) == 0.0
    # edges and pairs as lists, offsets as a NumPy array, the tolerance 0 allowed
    got = numeric.coboundary(
        [[0, 1]], [[_ONE, _ONE]], np.array([0, 1, 2]), [0, 1], (1, 2)
    )
    assert got.toarray().tolist() == [[-1.0, 1.0]]
    basis, _ = numeric.kernel(_D0, [[0, 1]], [0, 1, 2], _NBRS, 0.0)
    assert basis.shape == (2, 1)
    # offsets may repeat (a vertex of dimension 0 is allowed by the kernel)
    assert numeric.coboundary([], [], [0, 0, 1], [0], (0, 1)).shape == (0, 1)


class _Unreadable:
    """An object NumPy cannot turn into an array."""

    def __array__(self, *args, **kwargs):
        raise ValueError("no array here")

    def __repr__(self):
        return "<unreadable>"


@pytest.mark.parametrize(
    ("mat", "match"),
    [
        (
            np.array([1.0]),
            r"2-D matrix with at least one row and column, got shape \(1,\)$",
        ),
        (
            np.ones((1, 1, 1)),
            r"2-D matrix with at least one row and column, got shape \(1, 1, 1\)$",
        ),
        (
            np.zeros((0, 1), dtype=np.int64),
            r"at least one row and column, got shape \(0, 1\)$",
        ),
        (
            np.zeros((1, 0), dtype=np.int64),
            r"at least one row and column, got shape \(1, 0\)$",
        ),
        (
            np.zeros((0, 1), dtype=object),
            r"at least one row and column, got shape \(0, 1\)$",
        ),
        (
            _Unreadable(),
            r"^restrictions\[\(0, 1\)\]\[0\] must be a rectangular 2-D matrix, got <unreadable>$",
        ),
    ],
)
def test_matrices_of_the_wrong_shape_are_refused_whatever_their_dtype(mat, match):
    with pytest.raises(ValueError, match=match):
        CellularSheaf(
            _P2, {(0, 1): (mat, mat if not isinstance(mat, _Unreadable) else [[1]])}
        )


def test_data_with_one_coordinate():
    # one edge with R^1: edge data has one coordinate
    s = CellularSheaf.constant(nx.path_graph(2), 1)
    assert s.harmonic_part([3]) == {(0, 1): (Fraction(0),)}
    assert s.is_coboundary([3])
    # one vertex with R^1 and no edges: vertex data has one coordinate
    g = nx.Graph()
    g.add_node("v")
    one = CellularSheaf(g, {}, vertex_dims={"v": 1})
    assert one.distance_to_consistency([5]) == 0.0
    assert one.distance_to_consistency([5.0], method="numeric") == 0.0
    assert one.is_consistent({"v": [5]})


def test_data_on_a_sheaf_without_vertices():
    s = CellularSheaf(nx.Graph(), {})
    for method in ("exact", "numeric"):
        assert s.distance_to_consistency([], method=method) == 0.0
        assert s.harmonic_part([], method=method) == {}
    assert s.is_consistent([])
    assert s.consistency_radius([]) == 0.0


class _LongSequence(Sequence):
    """A sequence of ``n`` copies of ``item`` that stores nothing."""

    def __init__(self, n, item):
        self.n, self.item = n, item

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self.item] * len(range(*i.indices(self.n)))
        if not -self.n <= i < self.n:
            raise IndexError(i)
        return self.item


def test_integer_lists_are_capped_at_max_size_inclusive():
    # 10**7 entries are allowed: the first entry is then checked (0.5 is no int)
    with pytest.raises(TypeError, match=r"^voff\[0\] must be an int, got 0.5"):
        numeric.coboundary([], [], _LongSequence(10**7, 0.5), [0], (0, 0))
    with pytest.raises(
        ValueError, match=r"^voff must have at most 10000000 entries, got 10000001$"
    ):
        numeric.coboundary([], [], _LongSequence(10**7 + 1, 0), [0], (0, 0))


def test_neighbour_blocks_take_their_rows_from_the_edge_stalk():
    # vertices with R^1, one edge with R^2: F_u = (1, 1)^T, F_v = (1, 2)^T;
    # d0 = [[-1, 1], [-1, 2]] is invertible, so ker d0 = 0
    fu = np.array([[1.0], [1.0]])
    fv = np.array([[1.0], [2.0]])
    d0 = sp.csr_array(np.array([[-1.0, 1.0], [-1.0, 2.0]]))
    nbrs = [[(1, fu, fv)], [(0, fv, fu)]]
    basis, propagated = numeric.kernel(d0, [[0, 1]], [0, 1, 2], nbrs, 1e-9)
    assert basis.shape == (2, 0)
    assert not propagated
    with pytest.raises(
        ValueError,
        match=r"^neighbours\[0\]\[0\]\[2\] must have shape \(2, 1\), got \(1, 1\)$",
    ):
        numeric.kernel(d0, [[0, 1]], [0, 1, 2], [[(1, fu, _ONE)], [(0, fv, fu)]], 1e-9)
