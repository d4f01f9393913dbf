"""CellularSheaf.from_arrays' checks and caps at their boundaries (issue 33, mutants of theory/sheaf/_arrays.py).

Oracles: the documented caps (``m * d`` at most ``10**8``, ``2 m d^2`` at
most ``2 * 10**8``, both inclusive; shapes and caps are checked before any
entry is read) and the messages naming argument, value and range. Read-only
broadcast views stand for arrays at full size without memory behind them.
"""

import numpy as np
import pytest

from theory.sheaf import CellularSheaf


def _view(shape, dtype=np.float64):
    return np.broadcast_to(np.zeros((), dtype=dtype), shape)


def test_entries_cap_is_inclusive():
    # 2 m d^2 = 2 * 10_000 * 100^2 = 2 * 10**8 exactly: the caps pass, and the
    # first entry check then finds the all-zero edges' self-loop
    with pytest.raises(ValueError, match=r"^edges\[0\] = \(0, 0\) is a self-loop"):
        CellularSheaf.from_arrays(
            3, _view((10_000, 2), np.int64), _view((10_000, 2, 100, 100))
        )
    with pytest.raises(
        ValueError,
        match=r"^the coboundary would store 2 \* m \* d\^2 = 200020000 entries \(m = 10001 edges, d = 100\); the limit is 200000000$",
    ):
        CellularSheaf.from_arrays(
            3, _view((10_001, 2), np.int64), _view((10_001, 2, 100, 100))
        )


def test_entries_cap_counts_two_blocks_per_edge():
    # 2 m d^2 = 2 * 1200 * 256^2 = 157 286 400 <= 2e8 (three blocks would not be)
    with pytest.raises(ValueError, match=r"^edges\[0\] = \(0, 0\) is a self-loop"):
        CellularSheaf.from_arrays(
            3, _view((1200, 2), np.int64), _view((1200, 2, 256, 256))
        )


def test_edge_coordinates_at_the_cap_reach_the_entries_cap():
    # m d = 25e6 * 4 = 10**8 is allowed by the coordinate cap (inclusive), so
    # the entries cap (2 m d^2 = 8e8) is the one that refuses
    with pytest.raises(
        ValueError,
        match=r"^the coboundary would store 2 \* m \* d\^2 = 800000000 entries",
    ):
        CellularSheaf.from_arrays(
            3, _view((25_000_000, 2), np.int64), _view((25_000_000, 2, 4, 4))
        )


@pytest.mark.parametrize(
    ("edges", "shape"),
    [
        (np.zeros((0, 3), dtype=np.int64), r"\(0, 3\)"),
        (np.zeros((0,), dtype=np.int64), r"\(0,\)"),
        (np.zeros((0, 2, 1), dtype=np.int64), r"\(0, 2, 1\)"),
    ],
)
def test_empty_edges_of_the_wrong_shape_are_refused(edges, shape):
    with pytest.raises(
        ValueError, match=rf"^edges must have shape \(m, 2\), got {shape}$"
    ):
        CellularSheaf.from_arrays(3, edges, np.zeros((0, 2, 1, 1)))


@pytest.mark.parametrize(
    "edges", [np.zeros((0, 2)), np.zeros((0,)), [], np.zeros((0, 2), dtype=bool)]
)
def test_no_edges_in_any_empty_float_or_bool_form(edges):
    s = CellularSheaf.from_arrays(3, edges, np.zeros((0, 2, 2, 2)))
    assert s.edges == ()
    assert (s.dim_c0, s.dim_c1) == (6, 0)
    c = s.cohomology(method="numeric")
    assert (c.h0, c.h1, c.path) == (6, 0, "isolated")


def test_float_edges_that_are_not_empty_are_refused():
    with pytest.raises(
        TypeError, match=r"^edges must have an integer dtype, got float64$"
    ):
        CellularSheaf.from_arrays(3, np.zeros((1, 2)), np.ones((1, 2, 1, 1)))
    with pytest.raises(
        TypeError, match=r"^edges must have an integer dtype, got float64$"
    ):
        CellularSheaf.from_arrays(3, np.zeros((0, 3)), np.zeros((0, 2, 1, 1)))


def test_edge_count_cap_is_inclusive():
    # 3 * 10**7 edges pass the edge cap: the maps' shape is checked next
    # (here deliberately wrong, so nothing is read or allocated)
    with pytest.raises(
        ValueError,
        match=r"^maps must have shape \(m, 2, d, d\) with m = 30000000 \(the rows of edges\)",
    ):
        CellularSheaf.from_arrays(
            3, _view((3 * 10**7, 2), np.int64), _view((3 * 10**7, 2, 1, 2))
        )
    with pytest.raises(
        ValueError, match=r"^edges must have at most 30000000 rows, got 30000001$"
    ):
        CellularSheaf.from_arrays(
            3, _view((3 * 10**7 + 1, 2), np.int64), _view((1, 2, 1, 1))
        )


@pytest.mark.parametrize(
    ("edges", "named"),
    [
        # the first row that repeats an earlier pair, and that earlier row,
        # whichever pair of vertices is smaller
        (
            [(2, 3), (0, 1), (3, 2), (1, 0)],
            r"edges\[0\] = \(2, 3\) and edges\[2\] = \(3, 2\)",
        ),
        (
            [(0, 1), (2, 3), (1, 0), (3, 2)],
            r"edges\[0\] = \(0, 1\) and edges\[2\] = \(1, 0\)",
        ),
        (
            [(1, 2), (0, 3), (0, 3), (2, 1)],
            r"edges\[1\] = \(0, 3\) and edges\[2\] = \(0, 3\)",
        ),
        ([(0, 1), (1, 0), (0, 1)], r"edges\[0\] = \(0, 1\) and edges\[1\] = \(1, 0\)"),
    ],
)
def test_the_first_repeated_row_is_named(edges, named):
    with pytest.raises(ValueError, match=rf"^{named} join the same two vertices"):
        CellularSheaf.from_arrays(4, np.array(edges), np.ones((len(edges), 2, 1, 1)))


def test_the_first_non_finite_map_entry_is_named():
    maps = np.ones((2, 2, 2, 2))
    maps[1, 1, 0, 1] = np.inf
    maps[0, 1, 1, 0] = np.nan
    with pytest.raises(
        ValueError, match=r"^maps must be finite, got maps\[0, 1, 1, 0\] = "
    ):
        CellularSheaf.from_arrays(3, np.array([(0, 1), (1, 2)]), maps)


def test_coboundary_without_edges_is_an_empty_csr_array():
    s = CellularSheaf.from_arrays(3, [], np.zeros((0, 2, 2, 2)))
    d0 = s.coboundary()
    assert d0.shape == (0, 6)
    assert d0.nnz == 0
    assert d0.dtype == np.float64
    assert s.laplacian().toarray().tolist() == np.zeros((6, 6)).tolist()
    assert s.cohomology(method="numeric").h0 == 6


def test_coboundary_indices_are_32_bit_below_the_caps():
    # every size the caps allow fits 32-bit indices (12 bytes per stored entry)
    n = 100
    edges = np.stack([np.arange(n - 1), np.arange(1, n)], axis=1)
    d0 = CellularSheaf.from_arrays(n, edges, np.ones((n - 1, 2, 2, 2))).coboundary()
    assert d0.shape == (2 * (n - 1), 2 * n)
    assert d0.indices.dtype == np.int32
    assert d0.indptr.dtype == np.int32
    assert d0.nnz == 8 * (n - 1)
