"""The public numeric kernels and their limits (issue 33, mutants of theory/sheaf/numeric.py).

Oracles: hand-computed values (norms, projections, the rank of a path with
one ill-conditioned edge) and the documented limits: a child map whose
1-norm condition number is at most ``COND_LIMIT = 1e8`` is inverted on the
frames path, one above it is refused and its edge checked as a non-tree
edge instead.
"""

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

import theory.sheaf.numeric as numeric
from theory.sheaf import CellularSheaf


def _path_with_one_stiff_edge(c, n=700, k=300):
    # a path of n vertices with R^2 stalks and identity maps, except that the
    # child end of edge k is diag(c, 1): 1-norm condition number exactly c
    edges = np.array([[i, i + 1] for i in range(n - 1)])
    maps = np.zeros((n - 1, 2, 2, 2))
    maps[:, 0] = np.eye(2)
    maps[:, 1] = np.eye(2)
    maps[k, 1] = np.diag([c, 1.0])
    return CellularSheaf.from_arrays(n, edges, maps)


def test_cond_limit_is_inclusive_on_the_frames_path():
    assert numeric.COND_LIMIT == 1e8
    # accepted: one tree, no non-tree edge, h0 = d = 2 whatever the tolerance
    c = _path_with_one_stiff_edge(1e8).cohomology(method="numeric", rtol=1e-7)
    assert (c.h0, c.path) == (2, "frames")
    # refused (condition number 1e8 + 0.5): the edge becomes a non-tree edge
    # between two trees; its normalised block [diag(c, 1), -I] / ~c has the
    # singular value sqrt(2) / c ~ 1.4e-8 <= rtol * sqrt(1) = 1e-7, so the
    # frames path counts it as zero and reports h0 = 4 - 1 = 3 (the stated
    # tolerance at work; at the default rtol it is 2 again)
    c = _path_with_one_stiff_edge(1e8 + 0.5).cohomology(method="numeric", rtol=1e-7)
    assert (c.h0, c.path) == (3, "frames")
    c = _path_with_one_stiff_edge(1e8 + 0.5).cohomology(method="numeric")
    assert (c.h0, c.path) == (2, "frames")


def test_large_components_take_the_frames_path_by_default():
    assert numeric.FRAMES is True
    n = 1300
    edges = np.array([[i, (i + 1) % n] for i in range(n)])
    maps = np.ones((n, 2, 1, 1))
    c = CellularSheaf.from_arrays(n, edges, maps).cohomology(method="numeric")
    assert (c.h0, c.h1, c.path) == (1, 1, "frames")


def test_coboundary_refuses_offsets_of_the_wrong_length():
    one = np.ones((1, 1))
    with pytest.raises(
        ValueError, match=r"^eoff must have len\(edges\) \+ 1 = 2 entries, got 3$"
    ):
        numeric.coboundary([(0, 1)], [(one, one)], [0, 1, 2], [0, 1, 2], (2, 2))


def test_scale_sums_duplicate_entries_first():
    # a CSR array storing 1 and -1 at the same place is the 1 x 1 zero matrix
    dup = sp.csr_array(
        (np.array([1.0, -1.0]), np.array([0, 0]), np.array([0, 2])), shape=(1, 1)
    )
    assert numeric.scale(dup) == 0.0
    dup = sp.csr_array(
        (np.array([3.0, 1.0, 4.0]), np.array([1, 1, 0]), np.array([0, 3])),
        shape=(1, 2),
    )
    # the matrix [[4, 4]]: ||.||_1 = 4, ||.||_inf = 8
    assert numeric.scale(dup) == pytest.approx(32**0.5, rel=1e-15)


def test_harmonic_part_of_a_single_column():
    # im d0 = span (1, 1): the harmonic part of (1, 1) is 0, of (1, -1) itself
    d0 = sp.csr_array(np.array([[1.0], [1.0]]))
    np.testing.assert_allclose(
        numeric.harmonic_part(d0, np.array([1.0, 1.0])), 0.0, atol=1e-15
    )
    np.testing.assert_allclose(
        numeric.harmonic_part(d0, np.array([3.0, 1.0])), [1.0, -1.0], atol=1e-15
    )


def test_kernel_blocks_follow_the_components():
    # two components: the edge 0 - 1 (R^1 stalks) and the isolated vertex 2
    # with an R^2 stalk; each basis column lives on one component
    s = CellularSheaf(nx.path_graph(2), {(0, 1): ([[1.0]], [[1.0]])})
    d0 = sp.csr_array(np.hstack([s.coboundary().toarray(), np.zeros((1, 2))]))
    one = np.eye(1)
    nbrs = [[(1, one, one)], [(0, one, one)], []]
    basis, propagated = numeric.kernel(d0, [[0, 1], [2]], [0, 1, 2, 4], nbrs, 1e-9)
    assert not propagated
    assert basis.shape == (4, 3)
    np.testing.assert_allclose(
        np.abs(basis[:, 0]), [0.5**0.5, 0.5**0.5, 0, 0], atol=1e-15
    )
    np.testing.assert_allclose(np.abs(basis[2:, 1:]), np.eye(2), atol=0)
    np.testing.assert_allclose(basis[:2, 1:], 0.0, atol=0)


def test_kernel_columns_follow_the_order_of_the_components():
    # the same sheaf, the isolated vertex's component given first: its two
    # identity columns come first, then the edge's section (1, 1) / sqrt(2)
    s = CellularSheaf(nx.path_graph(2), {(0, 1): ([[1.0]], [[1.0]])})
    d0 = sp.csr_array(np.hstack([s.coboundary().toarray(), np.zeros((1, 2))]))
    one = np.eye(1)
    nbrs = [[(1, one, one)], [(0, one, one)], []]
    basis, _ = numeric.kernel(d0, [[2], [0, 1]], [0, 1, 2, 4], nbrs, 1e-9)
    assert basis.shape == (4, 3)
    np.testing.assert_allclose(
        np.abs(basis[:, :2]), [[0, 0], [0, 0], [1, 0], [0, 1]], atol=0
    )
    np.testing.assert_allclose(
        np.abs(basis[:, 2]), [0.5**0.5, 0.5**0.5, 0, 0], atol=1e-15
    )
