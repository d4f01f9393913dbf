"""Cochains, layouts and paths of CellularSheaf (issue 33, mutants of theory/sheaf/_data.py).

Oracles: hand-computed cochains, projections and harmonic parts; exact
answers against numeric ones on the same sheaf; which numeric path a
component takes (documented in CellularSheaf.cohomology: frames for a large
component whose stalks all have one dimension, propagation otherwise); the
dense-basis limit of harmonic_cochains (20 000 edge coordinates).
"""

import math
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from theory.sheaf import CellularSheaf


def test_networkx_sheaf_with_uniform_stalks_takes_the_frames_path():
    n = 1300
    c = CellularSheaf.constant(nx.cycle_graph(n), 1).cohomology(method="numeric")
    assert (c.h0, c.h1, c.path) == (1, 1, "frames")


def test_networkx_sheaf_with_mixed_stalks_takes_propagation():
    # vertex 0 has R^2 and reads one coordinate into each of its two edges:
    # sections are f0 = (a, a) and a on every other vertex: h0 = 1, and
    # rank = dim C0 - h0 = n, so h1 = n - n = 0
    n = 1300
    g = nx.cycle_graph(n)
    maps = {e: ([[1]], [[1]]) for e in g.edges()}
    maps[(0, 1)] = ([[1, 0]], [[1]])
    maps[(0, n - 1)] = ([[0, 1]], [[1]])
    s = CellularSheaf(g, maps)
    c = s.cohomology(method="numeric")
    assert (c.h0, c.h1, c.rank, c.path) == (1, 0, n, "propagation")
    assert (s.dim_c0, s.dim_c1) == (n + 1, n)


def test_sheaf_without_vertices():
    s = CellularSheaf(nx.Graph(), {})
    for method in ("exact", "numeric"):
        c = s.cohomology(method=method)
        assert (c.h0, c.h1, c.dim_c0, c.dim_c1, c.rank) == (0, 0, 0, 0, 0)
    assert s.cohomology(method="numeric").path == "empty"
    assert s.global_sections(method="numeric").shape == (0, 0)
    assert s.apply_coboundary([]) == {}


def test_numeric_tolerance_is_rtol_times_the_hoelder_scale():
    # d0 of the path 0 -> 1 -> 2 with maps (2, 1) and (1, 3):
    # rows (-2, 1, 0) and (0, -1, 3); ||d0||_1 = 3 (column 3), ||d0||_inf = 4
    s = CellularSheaf(
        nx.path_graph(3), {(0, 1): ([[2]], [[1]]), (1, 2): ([[1]], [[3]])}
    )
    c = s.cohomology(method="numeric", rtol=1e-6)
    assert c.tolerance == pytest.approx(1e-6 * 12**0.5, rel=1e-15)
    assert (c.h0, c.h1, c.rank) == (1, 0, 2)
    assert c.residual < 1e-15
    exact = s.cohomology()
    assert (exact.tolerance, exact.residual, exact.path) == (0.0, 0.0, "exact")


def test_exact_distance_of_float_data_converts_each_float_exactly():
    s = CellularSheaf.constant(nx.path_graph(2), 1)
    # the nearest section to (0, 0.5) is (0.25, 0.25): distance 0.5 / sqrt(2)
    assert s.distance_to_consistency([0.0, 0.5], method="exact") == pytest.approx(
        0.5 / 2**0.5, rel=1e-15
    )
    assert s.distance_to_consistency([0.0, 0.5], method="numeric") == pytest.approx(
        0.5 / 2**0.5, rel=1e-15
    )
    assert s.distance_to_consistency([0, Fraction(1, 2)]) == pytest.approx(
        0.5 / 2**0.5, rel=1e-15
    )


def test_exact_harmonic_part_of_float_data_is_exact():
    s = CellularSheaf.constant(nx.cycle_graph(3), 1)
    # circulation (0.5, -0.5, 0.5) over edges (0,1), (0,2), (1,2) is harmonic
    part = s.harmonic_part([0.5, -0.5, 0.5], method="exact")
    assert part == {
        (0, 1): (Fraction(1, 2),),
        (0, 2): (Fraction(-1, 2),),
        (1, 2): (Fraction(1, 2),),
    }
    # a coboundary d0 (0, 0.25, 1) = (0.25, 1, 0.75) has no harmonic part
    part = s.harmonic_part([0.25, 1.0, 0.75], method="exact")
    assert all(x == 0 for vec in part.values() for x in vec)
    num = s.harmonic_part([0.5, -0.5, 0.5], method="numeric")
    np.testing.assert_allclose([x for v in num.values() for x in v], [0.5, -0.5, 0.5])


def test_rational_maps_with_float_data_give_floats():
    s = CellularSheaf.constant(nx.path_graph(3), 1)
    out = s.apply_coboundary([0.5, 2.0, 2.0])
    assert out == {(0, 1): (1.5,), (1, 2): (0.0,)}
    assert all(type(x) is float for v in out.values() for x in v)
    out = s.apply_coboundary([Fraction(1, 2), 2, 2])
    assert out == {(0, 1): (Fraction(3, 2),), (1, 2): (Fraction(0),)}


def test_mapping_data_with_numpy_vectors():
    s = CellularSheaf.constant(nx.path_graph(2), 2)
    f = {0: np.array([1, 2]), 1: np.array([4, 6])}
    assert s.apply_coboundary(f) == {(0, 1): (Fraction(3), Fraction(4))}
    assert s.consistency_radius(f) == 5.0
    y = {(0, 1): np.array([1.0, 0.0])}
    part = s.harmonic_part(y)
    assert list(part) == [(0, 1)]
    np.testing.assert_allclose(part[(0, 1)], [0.0, 0.0], atol=1e-15)
    assert s.apply_coboundary(np.array([1, 2, 4, 6], dtype=object)) == {
        (0, 1): (Fraction(3), Fraction(4))
    }


def test_consistency_radius_is_the_largest_edge_norm():
    s = CellularSheaf.constant(nx.path_graph(3), 2)
    # edges: (3, 4) -> 5 and (1, 0) -> 1
    assert s.consistency_radius([0, 0, 3, 4, 4, 4]) == 5.0
    assert s.consistency_radius([0.0, 0.0, 3.0, 4.0, 4.0, 4.0]) == 5.0
    assert s.consistency_radius([0, 0, 0, 0, 0, 0]) == 0.0


@pytest.mark.parametrize(
    ("y", "match"),
    [
        ({(0, 1): [1], (5, 6): [1]}, r"edge data key \(5, 6\) is not an oriented edge"),
        ({(0, 1): [1]}, r"^edge data misses edge \(1, 2\)$"),
        ({(0, 1): [1, 2], (1, 2): [1]}, r"y\[\(0, 1\)\] must be a vector of length 1"),
        ({(0, 1): "a", (1, 2): [1]}, r"y\[\(0, 1\)\] must be a vector of length 1"),
        ({(0, 1): 3, (1, 2): [1]}, r"y\[\(0, 1\)\] must be a vector of length 1"),
    ],
)
def test_bad_edge_data_is_named(y, match):
    s = CellularSheaf.constant(nx.path_graph(3), 1)
    with pytest.raises(ValueError, match=match):
        s.harmonic_part(y)


@pytest.mark.parametrize(
    ("f", "match"),
    [
        (
            {0: [1]},
            r"^vertex data misses vertex 1; it needs exactly the vertices of the sheaf$",
        ),
        ({0: [1], 1: [1], "x": [1]}, r"^vertex data names 'x'; it needs exactly"),
        ({0: [1], 1: "a"}, r"f\[1\] must be a vector of length 1, got 'a'"),
    ],
)
def test_bad_vertex_data_is_named(f, match):
    s = CellularSheaf.constant(nx.path_graph(2), 1)
    with pytest.raises(ValueError, match=match):
        s.apply_coboundary(f)


def _long_path(n_edges):
    n = n_edges + 1
    edges = np.stack([np.arange(n - 1), np.arange(1, n)], axis=1)
    return CellularSheaf.from_arrays(n, edges, np.ones((n - 1, 2, 1, 1)))


def test_harmonic_cochains_refuse_above_the_dense_limit():
    # method="exact": were the check to let this through, the sparse exact
    # null space of a path is cheap, where the numeric one would allocate
    # a dense 20 001 x 20 002 matrix
    for method in ("exact", "numeric"):
        with pytest.raises(
            ValueError,
            match=r"^C1 has 20001 coordinates, above the dense-basis limit 20000$",
        ):
            _long_path(20_001).harmonic_cochains(method=method)


def test_harmonic_cochains_limit_is_inclusive():
    # a tree: no harmonic cochain (exact, sparse: a few seconds at most)
    assert _long_path(20_000).harmonic_cochains(method="exact").shape == (20_000, 0)


def test_harmonic_cochains_numeric_and_exact_agree_on_a_square():
    s = CellularSheaf.constant(nx.cycle_graph(4), 1)
    exact = s.harmonic_cochains()
    num = s.harmonic_cochains(method="numeric")
    assert exact.shape == num.shape == (4, 1)
    e = np.array(exact[:, 0], dtype=float)
    e /= np.linalg.norm(e)
    assert abs(float(e @ num[:, 0])) == pytest.approx(1.0, rel=1e-12)
    np.testing.assert_allclose(s.coboundary().T @ num, 0.0, atol=1e-12)


def test_from_arrays_is_rational_only_without_edges():
    # float maps are not rational-typed; with no edges the sheaf is vacuously
    # rational (as in the networkx constructor), so "auto" is exact
    empty = CellularSheaf.from_arrays(
        3, np.zeros((0, 2), dtype=np.int64), np.zeros((0, 2, 2, 2))
    )
    assert empty.is_rational
    c = empty.cohomology()
    assert (c.h0, c.h1, c.method) == (6, 0, "exact")
    one = CellularSheaf.from_arrays(2, np.array([[0, 1]]), np.ones((1, 2, 1, 1)))
    assert not one.is_rational
    c = one.cohomology()
    assert (c.h0, c.h1, c.method) == (1, 0, "numeric")
    two = CellularSheaf.from_arrays(
        3, np.array([[0, 1], [1, 2]]), np.ones((2, 2, 1, 1))
    )
    assert not two.is_rational
    assert two.cohomology().method == "numeric"


def _arrays_and_networkx():
    # the same sheaf twice: R^2 stalks on the path 0 -> 1 <- 2 plus the
    # isolated vertex 3; edge (0, 1) maps by (I, swap), edge (2, 1) by (I, I)
    swap = np.array([[0.0, 1.0], [1.0, 0.0]])
    eye = np.eye(2)
    arr = CellularSheaf.from_arrays(
        4,
        np.array([[0, 1], [2, 1]]),
        np.stack([np.stack([eye, swap]), np.stack([eye, eye])]),
    )
    g = nx.Graph()
    g.add_nodes_from(range(4))
    g.add_edges_from([(0, 1), (2, 1)])
    nxs = CellularSheaf(
        g, {(0, 1): (eye, swap), (2, 1): (eye, eye)}, vertex_dims={3: 2}
    )
    return arr, nxs


def test_array_sheaf_cochains_match_the_networkx_constructor():
    arr, nxs = _arrays_and_networkx()
    assert arr.vertices == nxs.vertices == (0, 1, 2, 3)
    assert arr.edges == nxs.edges == ((0, 1), (2, 1))
    assert (arr.dim_c0, arr.dim_c1) == (nxs.dim_c0, nxs.dim_c1) == (8, 4)
    assert sorted(arr.graph.edges()) == [(0, 1), (1, 2)]
    assert sorted(arr.graph.nodes()) == [0, 1, 2, 3]
    # f = (1, 2 | 3, 5 | 4, 4 | 7, 7): d0 f on (0, 1) = swap(3, 5) - (1, 2) = (4, 1);
    # on (2, 1) = (3, 5) - (4, 4) = (-1, 1)
    flat = [1.0, 2.0, 3.0, 5.0, 4.0, 4.0, 7.0, 7.0]
    mapping = {0: [1.0, 2.0], 1: [3.0, 5.0], 2: [4.0, 4.0], 3: [7.0, 7.0]}
    expected = {(0, 1): (4.0, 1.0), (2, 1): (-1.0, 1.0)}
    for s in (arr, nxs):
        assert s.apply_coboundary(flat) == expected
        assert s.apply_coboundary(mapping) == expected
        assert s.consistency_radius(mapping) == pytest.approx(17**0.5, rel=1e-15)
        assert not s.is_consistent(flat)
    with pytest.raises(ValueError, match=r"^vertex data names 9; it needs exactly"):
        arr.apply_coboundary({**mapping, 9: [0.0, 0.0]})
    with pytest.raises(ValueError, match=r"^vertex data misses vertex 3;"):
        arr.apply_coboundary({0: [1.0, 2.0], 1: [3.0, 5.0], 2: [4.0, 4.0]})
    with pytest.raises(
        ValueError, match=r"^f must be a vector of length 8, got shape \(6,\)$"
    ):
        arr.apply_coboundary(flat[:6])


def test_array_sheaf_sections_distances_and_harmonic_parts():
    arr, nxs = _arrays_and_networkx()
    # sections: f1 = swap f0 = f2, f3 free: h0 = 2 + 2 = 4; rank 4, h1 = 0
    for s in (arr, nxs):
        for method in ("exact", "numeric"):
            c = s.cohomology(method=method)
            assert (c.h0, c.h1, c.rank) == (4, 0, 4)
        exact = s.global_sections(method="exact")
        assert exact.shape == (8, 4)
        num = s.global_sections(method="numeric")
        assert num.shape == (8, 4)
        np.testing.assert_allclose(s.coboundary() @ num, 0.0, atol=1e-12)
        assert s.harmonic_cochains(method="exact").shape == (4, 0)
        assert s.harmonic_cochains(method="numeric").shape == (4, 0)
        # (1, 0 | 0, 0 | 0, 0 | 5, 5): nearest section (a, b, b, a, b, a, 5, 5)
        # minimises (a-1)^2 + b^2 + b^2 + a^2 + b^2 + a^2: a = 1/3, b = 0,
        # distance^2 = (2/3)^2 + 2 (1/3)^2 = 2/3
        f = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 5.0, 5.0]
        for method in ("exact", "numeric"):
            assert s.distance_to_consistency(f, method=method) == pytest.approx(
                (2 / 3) ** 0.5, rel=1e-12
            )
        y = {(0, 1): [1.0, -1.0], (2, 1): [0.5, 0.25]}
        part = s.harmonic_part(y)
        assert list(part) == [(0, 1), (2, 1)]
        np.testing.assert_allclose(
            [x for v in part.values() for x in v], 0.0, atol=1e-12
        )
        assert s.is_coboundary([1.0, -1.0, 0.5, 0.25])


def test_harmonic_cochains_use_the_relative_tolerance():
    # a triangle of maps 100 with holonomy 1 + 1e-4: exactly h0 = h1 = 0, and
    # d0 has singular values ~173.2, ~173.2 and ~3.3e-3; the scale
    # sqrt(||d0||_1 ||d0||_inf) is ~200.01, so at rtol = 1e-4 the tolerance
    # ~0.02 counts the smallest as zero (one harmonic cochain, as the numeric
    # cohomology says), at rtol = 1e-6 (~2e-4) it does not
    g = nx.cycle_graph(3)
    maps = {
        (0, 1): ([[100.0]], [[100.0]]),
        (1, 2): ([[100.0]], [[100.0]]),
        (0, 2): ([[100.0]], [[100.0 * (1 + 1e-4)]]),
    }
    s = CellularSheaf(g, maps)
    assert s.cohomology().h1 == 0
    c = s.cohomology(method="numeric", rtol=1e-4)
    assert c.tolerance == pytest.approx(0.020001, rel=1e-12)
    assert (c.h0, c.h1) == (1, 1)
    assert s.harmonic_cochains(method="numeric", rtol=1e-4).shape == (3, 1)
    c = s.cohomology(method="numeric", rtol=1e-6)
    assert (c.h0, c.h1) == (0, 0)
    assert s.harmonic_cochains(method="numeric", rtol=1e-6).shape == (3, 0)


@pytest.mark.parametrize(
    "f", [[0, 0, 1], [0.0, 0.0, 1.0], [Fraction(0), 0, Fraction(1)]]
)
def test_exact_distance_is_rounded_once_from_the_exact_square(f):
    # nearest section to (0, 0, 1) on the constant path: (1/3, 1/3, 1/3);
    # squared distance exactly 2/3, so the exact method returns sqrt(2/3)
    # to the last bit (the SVD-based numeric one is within a few ulps)
    s = CellularSheaf.constant(nx.path_graph(3), 1)
    assert s.distance_to_consistency(f, method="exact") == math.sqrt(2 / 3)
    assert s.distance_to_consistency(f, method="numeric") == pytest.approx(
        math.sqrt(2 / 3), rel=1e-14
    )


def test_consistency_radius_without_edges_is_zero():
    g = nx.Graph()
    g.add_nodes_from([0, 1])
    s = CellularSheaf(g, {}, vertex_dims={0: 1, 1: 1})
    assert s.consistency_radius([3, -4]) == 0.0
    assert s.consistency_radius([3.5, -4.0]) == 0.0
    arr = CellularSheaf.from_arrays(
        2, np.zeros((0, 2), dtype=np.int64), np.zeros((0, 2, 1, 1))
    )
    assert arr.consistency_radius([3.5, -4.0]) == 0.0


def test_a_zero_dimensional_array_is_not_a_vector():
    s = CellularSheaf.constant(nx.path_graph(2), 1)
    with pytest.raises(
        ValueError, match=r"^f must be a vector of length 2, got shape \(\)$"
    ):
        s.apply_coboundary(np.array(5))
    with pytest.raises(
        ValueError, match=r"^y must be a vector of length 1, got shape \(\)$"
    ):
        s.harmonic_part(np.array(5.0))
    # NumPy vectors of any dtype read like lists
    assert s.apply_coboundary(np.array([1, 4])) == {(0, 1): (Fraction(3),)}
    assert s.apply_coboundary(np.array([1.0, 4.0])) == {(0, 1): (3.0,)}
    assert s.apply_coboundary(np.array([Fraction(1, 2), 4], dtype=object)) == {
        (0, 1): (Fraction(7, 2),)
    }
