"""Tests of theory.sheaf (THEORY.md §3, SLM-S5.4): worked examples, laws, bad input.

Reference values: hand computation (stated per test), numpy.linalg.matrix_rank
and scipy.linalg.null_space / lstsq on the dense coboundary, and the Euler
characteristic h0 - h1 = dim C0 - dim C1 of a graph.
"""

from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
import scipy.linalg as sla
import sympy
from hypothesis import given

import theory.sheaf.numeric as numeric
from theory.sheaf import CellularSheaf
from theory.strategies import rational_sheaves


def mobius(n):
    """Cycle of length n, 1-dim stalks, identity maps except one sign twist."""
    graph = nx.cycle_graph(n)
    maps = {e: ([[1]], [[1]]) for e in graph.edges()}
    maps[(0, n - 1)] = ([[1]], [[-1]])
    return CellularSheaf(graph, maps)


# -- worked examples ---------------------------------------------------------


@pytest.mark.parametrize("method", ["exact", "numeric"])
def test_constant_triangle_h0_1_h1_1(method):
    """Constant R on a triangle: rank d0 = 2 (hand), so h0 = 3 - 2, h1 = 3 - 2."""
    c = CellularSheaf.constant(nx.cycle_graph(3), 1).cohomology(method=method)
    assert (c.h0, c.h1, c.rank, c.method) == (1, 1, 2, method)


@pytest.mark.parametrize("method", ["exact", "numeric"])
def test_mobius_cycle_has_no_cohomology_over_q(method):
    """Twisted cycle: det d0 = 2 for n = 3 (hand, below), so h0 = h1 = 0 (Euler char 0)."""
    for n in (3, 4, 7):
        c = mobius(n).cohomology(method=method)
        assert (c.h0, c.h1) == (0, 0)


def test_mobius_determinant_by_hand():
    """d0 of the twisted triangle is [[-1,1,0],[-1,0,-1],[0,-1,1]]; cofactors: det = 1 + 1 = 2."""
    d0 = mobius(3).coboundary_exact().to_Matrix()
    assert d0 == sympy.Matrix([[-1, 1, 0], [-1, 0, -1], [0, -1, 1]])
    assert d0.det() == 2


@pytest.mark.parametrize("method", ["exact", "numeric"])
def test_tree_has_h1_zero(method):
    """Constant R^2 on a tree with 5 vertices: h0 = 2 (propagate), h1 = 8 - (10 - 2) = 0."""
    tree = nx.balanced_tree(2, 2).subgraph(range(5)).copy()
    c = CellularSheaf.constant(tree, 2).cohomology(method=method)
    assert (c.h0, c.h1) == (2, 0)


@pytest.mark.parametrize("method", ["exact", "numeric"])
def test_disconnected_sums_over_components(method):
    """Two triangles + an isolated vertex of dim 3: h0 = 1 + 1 + 3, h1 = 1 + 1."""
    graph = nx.disjoint_union(nx.cycle_graph(3), nx.cycle_graph(3))
    graph.add_node(99)
    maps = {e: ([[1]], [[1]]) for e in graph.edges()}
    dims = dict.fromkeys(graph.nodes, 1) | {99: 3}
    c = CellularSheaf(graph, maps, vertex_dims=dims).cohomology(method=method)
    assert (c.h0, c.h1, c.dim_c0, c.dim_c1) == (5, 2, 9, 6)


@pytest.mark.parametrize("method", ["exact", "numeric"])
def test_higher_dimensional_stalks(method):
    """R^2 - R^1 - R^2 projections onto different coordinates: rank 1, h0 = 3, h1 = 0."""
    graph = nx.path_graph(2)
    sheaf = CellularSheaf(graph, {(0, 1): ([[1, 0]], [[0, 1]])})
    c = sheaf.cohomology(method=method)
    assert (c.h0, c.h1) == (3, 0)
    # R^2 -> R^3 <- R^2 by (a, b) -> (a, b, 0) and (c, d) -> (0, c, d):
    # d0 f = (-a, c - b, d), kernel {a = d = 0, b = c} (hand): rank 3, h0 1, h1 0.
    wide = CellularSheaf(graph, {(0, 1): (np.eye(3)[:, :2], np.eye(3)[:, 1:])})
    c = wide.cohomology(method=method)
    assert (c.h0, c.h1, c.rank) == (1, 0, 3)


def test_coboundary_sign_convention():
    """(d0 f)_e = F_v f(v) - F_u f(u) for e = (u -> v), whatever the key order."""
    graph = nx.path_graph(2)
    forward = CellularSheaf(graph, {(0, 1): ([[2]], [[3]])})
    backward = CellularSheaf(graph, {(1, 0): ([[3]], [[2]])})
    f = {0: [5], 1: [7]}
    assert forward.apply_coboundary(f) == {(0, 1): (Fraction(3 * 7 - 2 * 5),)}
    assert backward.apply_coboundary(f) == {(1, 0): (Fraction(2 * 5 - 3 * 7),)}
    assert forward.coboundary().toarray().tolist() == [[-2.0, 3.0]]


def test_from_transport_is_the_papers_form_negated():
    """Paper: (d f)(u, v) = rho f(u) - f(v); ours is f(v) - rho f(u)."""
    rho = [[1, 2], [0, 1]]
    sheaf = CellularSheaf.from_transport(nx.path_graph(2), {(0, 1): rho})
    f = {0: [1, 1], 1: [4, 0]}
    paper = [1 * 1 + 2 * 1 - 4, 0 * 1 + 1 * 1 - 0]
    assert sheaf.apply_coboundary(f) == {(0, 1): tuple(Fraction(-x) for x in paper)}


def test_directed_graph_uses_edge_direction():
    """On a DiGraph a key against the edge direction is not an edge."""
    graph = nx.DiGraph([(0, 1)])
    with pytest.raises(ValueError, match="not an edge"):
        CellularSheaf(graph, {(1, 0): ([[1]], [[1]])})
    two_way = nx.DiGraph([(0, 1), (1, 0)])
    sheaf = CellularSheaf(two_way, {(0, 1): ([[1]], [[1]]), (1, 0): ([[1]], [[1]])})
    assert (sheaf.cohomology().h0, sheaf.cohomology().h1) == (1, 1)


def test_contradictory_cycle_distance_and_radius():
    """Triangle, data (0, 1, 2): nearest section is the mean 1 (hand): distance sqrt 2; radius 2."""
    sheaf = CellularSheaf.constant(nx.cycle_graph(3), 1)
    f = {0: [0], 1: [1], 2: [2]}
    assert not sheaf.is_consistent(f)
    assert sheaf.consistency_radius(f) == 2.0
    assert sheaf.distance_to_consistency(f) == pytest.approx(2**0.5, rel=1e-15)
    assert sheaf.distance_to_consistency(f, method="numeric") == pytest.approx(2**0.5)


def test_cycle_edge_data_obstruction():
    """Triangle, y = (1, 1, 1) on (0,1), (0,2), (1,2): im d0 = {y02 = y01 + y12}.

    The harmonic space is spanned by h = (1, -1, 1); y.h / h.h = 1/3, so the
    H1 part is h / 3 (hand).
    """
    sheaf = CellularSheaf.constant(nx.cycle_graph(3), 1)
    y = {(0, 1): [1], (0, 2): [1], (1, 2): [1]}
    third = Fraction(1, 3)
    assert sheaf.harmonic_part(y) == {
        (0, 1): (third,),
        (0, 2): (-third,),
        (1, 2): (third,),
    }
    assert not sheaf.is_coboundary(y)
    num = sheaf.harmonic_part(y, method="numeric")
    assert np.allclose([v[0] for v in num.values()], [1 / 3, -1 / 3, 1 / 3])
    assert sheaf.is_coboundary({(0, 1): [1], (0, 2): [3], (1, 2): [2]})


# -- laws on generated sheaves -----------------------------------------------


@given(rational_sheaves())
def test_exact_rank_matches_numpy_and_euler(sheaf):
    """Exact rank == numpy matrix_rank of the dense d0; h0 - h1 = dim C0 - dim C1."""
    c = sheaf.cohomology()
    assert c.method == "exact"
    dense = sheaf.coboundary().toarray()
    assert c.rank == (np.linalg.matrix_rank(dense) if dense.size else 0)
    assert c.h0 - c.h1 == sheaf.dim_c0 - sheaf.dim_c1
    n = sheaf.cohomology(method="numeric")
    assert (n.h0, n.h1) == (c.h0, c.h1)


@given(rational_sheaves(max_vertices=4))
def test_bases_are_kernels(sheaf):
    """Global sections lie in ker d0, harmonic cochains in ker d0^T, with h0, h1 columns."""
    c = sheaf.cohomology()
    d0 = sheaf.coboundary_exact().to_Matrix()
    h0 = sympy.Matrix(sheaf.global_sections())
    h1 = sympy.Matrix(sheaf.harmonic_cochains())
    assert h0.shape[1] == c.h0 and h1.shape[1] == c.h1
    if c.h0:
        assert (d0 * h0).is_zero_matrix and h0.rank() == c.h0
    if c.h1:
        assert (d0.T * h1).is_zero_matrix and h1.rank() == c.h1
    q = sheaf.global_sections(method="numeric")
    assert q.shape[1] == c.h0
    assert np.allclose(sheaf.coboundary() @ q, 0, atol=1e-9)


@given(rational_sheaves(max_vertices=4))
def test_harmonic_part_is_the_h1_class(sheaf):
    """d0 f has no H1 part; y - harm(y) is in im d0 and harm(y) is orthogonal to it."""
    rng = np.random.default_rng(sheaf.dim_c0 * 31 + sheaf.dim_c1)
    f = [int(x) for x in rng.integers(-3, 4, sheaf.dim_c0)]
    y = [int(x) for x in rng.integers(-3, 4, sheaf.dim_c1)]
    df = sheaf.apply_coboundary(f)
    assert all(x == 0 for vec in sheaf.harmonic_part(df).values() for x in vec)
    if sheaf.dim_c1 == 0:
        return
    harm = np.array([float(x) for v in sheaf.harmonic_part(y).values() for x in v])
    d0 = sheaf.coboundary().toarray()
    assert np.allclose(d0.T @ harm, 0, atol=1e-9)
    x = sla.lstsq(d0, np.array(y, float) - harm)[0]
    assert np.allclose(d0 @ x, np.array(y, float) - harm, atol=1e-9)


@given(rational_sheaves(max_vertices=4))
def test_distance_matches_scipy_projection(sheaf):
    """distance = ||f - Q Q^T f|| with Q = scipy.linalg.null_space(d0)."""
    rng = np.random.default_rng(sheaf.dim_c0)
    f = [int(x) for x in rng.integers(-3, 4, sheaf.dim_c0)]
    d0 = sheaf.coboundary().toarray()
    q = sla.null_space(d0) if d0.size else np.eye(sheaf.dim_c0)
    ref = np.linalg.norm(np.array(f) - q @ (q.T @ np.array(f)))
    assert sheaf.distance_to_consistency(f) == pytest.approx(ref, abs=1e-9)
    assert sheaf.distance_to_consistency(f, method="numeric") == pytest.approx(
        ref, abs=1e-9
    )


def test_numeric_tolerance_is_relative_and_stated():
    """d0 = [-diag(1, 1e-6) | 0]: ||d0||_1 = ||d0||_inf = 1, so tol = rtol (stated rule).

    Singular values 1 and 1e-6 (hand): rank 2 at rtol = 1e-9, rank 1 at rtol = 1e-3.
    """
    maps = {(0, 1): (np.diag([1.0, 1e-6]), np.zeros((2, 2)))}
    sheaf = CellularSheaf(nx.path_graph(2), maps)
    fine = sheaf.cohomology(rtol=1e-9)
    coarse = sheaf.cohomology(rtol=1e-3)
    assert (fine.h0, fine.tolerance) == (2, pytest.approx(1e-9))
    assert (coarse.h0, coarse.tolerance) == (3, pytest.approx(1e-3))
    assert sheaf.cohomology(method="exact").h0 == 2


@pytest.mark.parametrize("factor", [1e-8, 1.0, 1e8])
def test_numeric_rank_is_scale_invariant(factor):
    """Scaling every map by the same factor changes no rank (relative tolerance)."""
    rng = np.random.default_rng(5)
    graph = nx.cycle_graph(5)
    low = np.diag(
        [1.0, 1.0, 0.0]
    )  # rank-deficient maps: h0 = 1 (hand: third coord free)
    maps = dict.fromkeys(graph.edges(), (factor * low, factor * low))
    maps[(0, 1)] = (factor * rng.standard_normal((3, 3)), factor * low)
    c = CellularSheaf(graph, maps).cohomology()
    exact = CellularSheaf(graph, maps).cohomology(method="exact")
    assert (c.h0, c.h1) == (exact.h0, exact.h1)


@given(rational_sheaves(max_vertices=4))
def test_laplacian_kernel_is_h0(sheaf):
    """L0 = d0^T d0 is symmetric PSD with nullity h0 (numpy eigvalsh, tolerance 1e-9)."""
    lap = sheaf.laplacian().toarray()
    d0 = sheaf.coboundary().toarray()
    assert np.array_equal(lap, d0.T @ d0)
    eig = np.linalg.eigvalsh(lap)
    assert eig.min() >= -1e-9
    assert int(np.count_nonzero(eig <= 1e-9)) == sheaf.cohomology().h0


# -- the propagation path (large components) ---------------------------------


@pytest.mark.parametrize("frames", [False, True])
@pytest.mark.parametrize(
    "kind", ["generic", "flat", "constant", "rank_deficient", "zero"]
)
def test_propagation_matches_dense_svd(monkeypatch, kind, frames):
    """Force the vertex-by-vertex path (or frames) and compare h0 with numpy matrix_rank of d0."""
    rng = np.random.default_rng(3)
    graph = nx.random_labeled_tree(30, seed=3)
    for u, v in rng.integers(0, 30, (25, 2)).tolist():
        if u != v:
            graph.add_edge(u, v)
    gauge = {v: rng.standard_normal((3, 3)) + 3 * np.eye(3) for v in graph.nodes}
    maps = {}
    for u, v in graph.edges():
        if kind == "generic":
            maps[(u, v)] = (rng.standard_normal((3, 3)), rng.standard_normal((3, 3)))
        elif kind == "flat":  # sections f(v) = gauge[v]^-1 c: h0 = 3
            maps[(u, v)] = (gauge[u], gauge[v])
        elif kind == "constant":
            maps[(u, v)] = (np.eye(3), np.eye(3))
        elif kind == "rank_deficient":
            maps[(u, v)] = (np.diag([1.0, 1.0, 0.0]), np.diag([1.0, 0.0, 0.0]))
        else:
            maps[(u, v)] = (np.zeros((3, 3)), np.zeros((3, 3)))
    sheaf = CellularSheaf(graph, maps)
    dense = sheaf.cohomology(method="numeric")
    expected = sheaf.dim_c0 - np.linalg.matrix_rank(sheaf.coboundary().toarray())
    assert dense.h0 == expected
    monkeypatch.setattr(numeric, "DENSE_LIMIT", 0)
    monkeypatch.setattr(numeric, "FRAMES", frames)
    prop = sheaf.cohomology(method="numeric")
    # frames regrow the forest around singular maps (several trees per component)
    assert prop.path == ("frames" if frames else "propagation")
    assert prop.h0 == expected
    assert prop.residual <= 1e-8 * max(1.0, prop.tolerance)
    if kind in ("flat", "constant"):
        assert expected == 3


@given(rational_sheaves(max_vertices=6, max_dim=3))
def test_propagation_matches_exact_rank(sheaf):
    """Forced vertex-by-vertex path == exact rank over QQ, on small degenerate sheaves."""
    exact = sheaf.cohomology(method="exact")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(numeric, "DENSE_LIMIT", 0)
        mp.setattr(numeric, "FRAMES", False)
        prop = sheaf.cohomology(method="numeric")
        basis = sheaf.global_sections(method="numeric")
    assert (prop.h0, prop.h1) == (exact.h0, exact.h1)
    assert np.allclose(basis.T @ basis, np.eye(basis.shape[1]), atol=1e-9)
    assert np.allclose(sheaf.coboundary() @ basis, 0, atol=1e-9)


# -- bad input ---------------------------------------------------------------

_PATH = nx.path_graph(2)
_OK = {(0, 1): ([[1]], [[1]])}

BAD = [
    (lambda: CellularSheaf([(0, 1)], _OK), TypeError, "networkx Graph"),
    (lambda: CellularSheaf(nx.MultiGraph([(0, 1)]), _OK), TypeError, "multigraph"),
    (lambda: CellularSheaf(nx.Graph([(0, 0), (0, 1)]), _OK), ValueError, "self-loops"),
    (lambda: CellularSheaf(_PATH, {}), ValueError, "missing for edge"),
    (lambda: CellularSheaf(_PATH, [1]), TypeError, "must be a mapping"),
    (lambda: CellularSheaf(_PATH, {0: 1}), TypeError, r"\(u, v\) pairs"),
    (lambda: CellularSheaf(_PATH, {(0, 2): ([[1]], [[1]])}), ValueError, "not an edge"),
    (
        lambda: CellularSheaf(_PATH, {(0, 1): ([[1]], [[1]]), (1, 0): ([[1]], [[1]])}),
        ValueError,
        "twice",
    ),
    (lambda: CellularSheaf(_PATH, {(0, 1): [[1]]}), TypeError, "pair"),
    (lambda: CellularSheaf(_PATH, {(0, 1): ([[1]], [[1], [2]])}), ValueError, "rows"),
    (lambda: CellularSheaf(_PATH, {(0, 1): ([1], [[1]])}), ValueError, "2-D matrix"),
    (
        lambda: CellularSheaf(_PATH, {(0, 1): ([[1, 2], [3]], [[1]])}),
        ValueError,
        "rectangular|2-D",
    ),
    (lambda: CellularSheaf(_PATH, {(0, 1): ([[np.nan]], [[1]])}), ValueError, "finite"),
    (
        lambda: CellularSheaf(_PATH, {(0, 1): (np.array([[np.inf]]), [[1]])}),
        ValueError,
        "finite",
    ),
    (lambda: CellularSheaf(_PATH, {(0, 1): ([[True]], [[1]])}), TypeError, "bool"),
    (
        lambda: CellularSheaf(_PATH, {(0, 1): ([["a"]], [[1]])}),
        TypeError,
        "real numbers",
    ),
    (
        lambda: CellularSheaf(_PATH, {(0, 1): ([[1j]], [[1]])}),
        TypeError,
        "real numbers",
    ),
    (
        lambda: CellularSheaf(
            nx.path_graph(3), {(0, 1): ([[1]], [[1]]), (1, 2): ([[1, 1]], [[1]])}
        ),
        ValueError,
        "disagree on its stalk dimension",
    ),
    (lambda: CellularSheaf(nx.empty_graph(1), {}), ValueError, "isolated vertex"),
    (lambda: CellularSheaf(_PATH, _OK, vertex_dims={0: 2}), ValueError, "disagrees"),
    (lambda: CellularSheaf(_PATH, _OK, vertex_dims={5: 1}), ValueError, "not a vertex"),
    (
        lambda: CellularSheaf(_PATH, _OK, vertex_dims={0: 0}),
        ValueError,
        r"vertex_dims\[0\] must be >= 1, got 0",
    ),
    (
        lambda: CellularSheaf(_PATH, _OK, vertex_dims={0: 1.5}),
        TypeError,
        r"vertex_dims\[0\] must be an int, got 1.5",
    ),
    (lambda: CellularSheaf.constant(_PATH, 0), ValueError, "dim must be >= 1"),
    (lambda: CellularSheaf.constant(_PATH, True), TypeError, "dim must be an int"),
    (lambda: CellularSheaf(_PATH, _OK).cohomology(method="svd"), ValueError, "method"),
    (lambda: CellularSheaf(_PATH, _OK).cohomology(rtol=0.0), ValueError, "rtol"),
    (lambda: CellularSheaf(_PATH, _OK).cohomology(rtol=2.0), ValueError, "rtol"),
    (lambda: CellularSheaf(_PATH, _OK).apply_coboundary([1]), ValueError, "length 2"),
    (
        lambda: CellularSheaf(_PATH, _OK).apply_coboundary({0: [1]}),
        ValueError,
        "misses vertex 1",
    ),
    (
        lambda: CellularSheaf(_PATH, _OK).apply_coboundary({0: [1], 1: [1], 2: [0]}),
        ValueError,
        "names 2",
    ),
    (
        lambda: CellularSheaf(_PATH, _OK).apply_coboundary({0: [1, 2], 1: [1]}),
        ValueError,
        "length 1",
    ),
    (
        lambda: CellularSheaf(_PATH, _OK).apply_coboundary([1.0, np.nan]),
        ValueError,
        "finite",
    ),
    (
        lambda: CellularSheaf(_PATH, _OK).harmonic_part({(1, 0): [1]}),
        ValueError,
        "oriented edge",
    ),
    (lambda: CellularSheaf(_PATH, _OK).harmonic_part({}), ValueError, "misses edge"),
    (
        lambda: CellularSheaf(_PATH, _OK).is_consistent([1, 1], atol=-1.0),
        ValueError,
        "atol",
    ),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD)
def test_bad_input(call, error, match):
    """Each bad call raises the named error with a message naming the problem."""
    with pytest.raises(error, match=match):
        call()
