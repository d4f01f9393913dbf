"""CellularSheaf.from_arrays and the numeric kernel at scale (issue 30, docs/guide/sheaves.md).

References: the networkx constructor on the same sheaf (same coboundary,
same cohomology), exact ranks over QQ (every float map here is an integer or
a dyadic rational, so ``method="exact"`` converts it exactly), the old
component-by-component kernel :func:`theory.sheaf.numeric.kernel`, and sheaves
whose sections are known by construction (gauge-transformed constant sheaves,
a cycle with one twisted edge).
"""

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import theory.sheaf.numeric as numeric
from theory.sheaf import CellularSheaf


@st.composite
def array_sheaves(draw, *, max_vertices=7, max_dim=3, max_entry=2):
    """``(n, edges, maps)``: any simple graph (possibly disconnected, isolated
    vertices), random orientations and edge order, integer-valued float maps
    in ``[-max_entry, max_entry]`` (rank-deficient ones are common), or a
    gauge-flat sheaf (``F_{v<e} = G_v``, ``h0 = d`` per component)."""
    n = draw(st.integers(min_value=1, max_value=max_vertices))
    d = draw(st.integers(min_value=1, max_value=max_dim))
    pairs = [p for p in itertools.combinations(range(n), 2) if draw(st.booleans())]
    pairs = draw(st.permutations(pairs)) if pairs else []
    edges = np.array(
        [(v, u) if draw(st.booleans()) else (u, v) for u, v in pairs], dtype=np.int64
    ).reshape(-1, 2)
    entries = st.integers(min_value=-max_entry, max_value=max_entry)
    kind = draw(st.sampled_from(["integer", "flat", "flat_twisted"]))
    if kind == "integer":
        flat = [draw(entries) for _ in range(edges.shape[0] * 2 * d * d)]
        maps = np.array(flat, dtype=np.float64).reshape(edges.shape[0], 2, d, d)
    else:  # unit upper-triangular integer gauges: invertible, exact inverses
        gauge = np.zeros((n, d, d))
        for v in range(n):
            gauge[v] = np.eye(d) + np.triu(
                np.array([draw(entries) for _ in range(d * d)], dtype=float).reshape(
                    d, d
                ),
                1,
            )
        maps = np.stack([gauge[edges[:, 0]], gauge[edges[:, 1]]], axis=1).reshape(
            -1, 2, d, d
        )
        if kind == "flat_twisted" and edges.shape[0]:
            k = draw(st.integers(min_value=0, max_value=edges.shape[0] - 1))
            maps[k, 1] = maps[k, 1] * draw(st.sampled_from([-1.0, 2.0, 0.0]))
    return n, edges, maps


def _networkx(n, edges, maps):
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges.tolist())
    restr = {
        (int(u), int(v)): (maps[k, 0], maps[k, 1]) for k, (u, v) in enumerate(edges)
    }
    return CellularSheaf(
        graph, restr, vertex_dims=dict.fromkeys(range(n), maps.shape[2])
    )


def _dense_rank(sheaf):
    d0 = sheaf.coboundary().toarray()
    return int(np.linalg.matrix_rank(d0)) if d0.size else 0


# -- the array coboundary by hand ---------------------------------------------


def test_coboundary_blocks_signs_and_orientation_by_hand():
    # edge 0 = 2 -> 0 (reversed: column block of 0 first), edge 1 = 0 -> 1
    edges = np.array([(2, 0), (0, 1)])
    maps = np.array(
        [
            [[[1.0, 2.0], [0.0, 3.0]], [[4.0, 0.0], [5.0, 6.0]]],
            [[[7.0, 0.0], [0.0, 8.0]], [[9.0, 1.0], [2.0, 0.0]]],
        ]
    )
    d0 = CellularSheaf.from_arrays(3, edges, maps).coboundary()
    expected = np.array(
        [
            [4.0, 0.0, 0.0, 0.0, -1.0, -2.0],
            [5.0, 6.0, 0.0, 0.0, 0.0, -3.0],
            [-7.0, 0.0, 9.0, 1.0, 0.0, 0.0],
            [0.0, -8.0, 2.0, 0.0, 0.0, 0.0],
        ]
    )
    np.testing.assert_array_equal(d0.toarray(), expected)
    assert d0.has_canonical_format
    assert d0.nnz == np.count_nonzero(expected)


def test_inputs_are_copied():
    edges = np.array([(0, 1)])
    maps = np.ones((1, 2, 1, 1))
    sheaf = CellularSheaf.from_arrays(2, edges, maps)
    edges[0] = (1, 0)
    maps[:] = 5.0
    assert sheaf.edges == ((0, 1),)
    assert sheaf.coboundary().toarray().tolist() == [[-1.0, 1.0]]


def test_lists_and_narrow_dtypes_are_accepted():
    sheaf = CellularSheaf.from_arrays(
        2, [[0, 1]], np.ones((1, 2, 1, 1), dtype=np.float32)
    )
    assert sheaf.cohomology().h0 == 1
    sheaf = CellularSheaf.from_arrays(
        2, np.array([[0, 1]], dtype=np.uint8), [[[[1.0]], [[2.0]]]]
    )
    assert sheaf.coboundary().toarray().tolist() == [[-1.0, 2.0]]


# -- bad input ------------------------------------------------------------------

GOOD_E = np.array([(0, 1), (1, 2)])
GOOD_M = np.ones((2, 2, 1, 1))


@pytest.mark.parametrize(
    ("n", "edges", "maps", "error", "pattern"),
    [
        (True, GOOD_E, GOOD_M, TypeError, r"n_vertices must be an int"),
        (3.0, GOOD_E, GOOD_M, TypeError, r"n_vertices must be an int"),
        (-1, GOOD_E, GOOD_M, ValueError, r"n_vertices must be >= 0, got -1"),
        (10**7 + 1, GOOD_E, GOOD_M, ValueError, r"n_vertices <= 10000000"),
        (
            3,
            GOOD_E.astype(float),
            GOOD_M,
            TypeError,
            r"edges must have an integer dtype, got float64",
        ),
        (
            3,
            GOOD_E.astype(bool),
            GOOD_M,
            TypeError,
            r"edges must have an integer dtype",
        ),
        (3, None, GOOD_M, TypeError, r"edges must be an array"),
        (
            3,
            [],
            [],
            ValueError,
            r"got \(0,\); with no edges, maps = np.zeros\(\(0, 2, d, d\)\) gives",
        ),
        (3, np.zeros(0, dtype=bool), [], ValueError, r"with no edges, maps"),
        (3, [0.5, 1.0], GOOD_M, TypeError, r"edges must have an integer dtype"),
        (3, "01", GOOD_M, TypeError, r"edges must be an array"),
        (3, [[0, 1], [2]], GOOD_M, ValueError, r"edges must be a rectangular array"),
        (
            3,
            np.array([0, 1]),
            GOOD_M,
            ValueError,
            r"edges must have shape \(m, 2\), got \(2,\)",
        ),
        (
            3,
            np.array([[0, 1, 2]]),
            GOOD_M,
            ValueError,
            r"edges must have shape \(m, 2\), got \(1, 3\)",
        ),
        (
            3,
            np.array([(0, 1), (1, 3)]),
            GOOD_M,
            ValueError,
            r"edges\[1, 1\] = 3 is not a vertex index; need 0 <= edges < n_vertices = 3",
        ),
        (
            3,
            np.array([(0, 1), (-1, 2)]),
            GOOD_M,
            ValueError,
            r"edges\[1, 0\] = -1 is not a vertex index",
        ),
        (
            3,
            np.array([(0, 1), (2**63 - 1, 0)], dtype=np.uint64),
            GOOD_M,
            ValueError,
            r"edges\[1, 0\] = 9223372036854775807 is not",
        ),
        (
            3,
            np.array([(0, 1), (2, 2)]),
            GOOD_M,
            ValueError,
            r"edges\[1\] = \(2, 2\) is a self-loop",
        ),
        (
            3,
            np.array([(0, 1), (0, 1)]),
            GOOD_M,
            ValueError,
            r"edges\[0\] = \(0, 1\) and edges\[1\] = \(0, 1\) join the same two vertices",
        ),
        (
            3,
            np.array([(0, 1), (1, 0)]),
            GOOD_M,
            ValueError,
            r"edges\[0\] = \(0, 1\) and edges\[1\] = \(1, 0\) join the same two vertices",
        ),
        (
            3,
            GOOD_E,
            GOOD_M.astype(int),
            TypeError,
            r"maps must have a float dtype .*, got int64",
        ),
        (3, GOOD_E, GOOD_M.astype(complex), TypeError, r"maps must have a float dtype"),
        (
            3,
            GOOD_E,
            GOOD_M.astype(np.longdouble),
            TypeError,
            r"maps must have a float dtype",
        ),
        (3, GOOD_E, None, TypeError, r"maps must be an array"),
        (
            3,
            GOOD_E,
            np.ones((3, 2, 1, 1)),
            ValueError,
            r"maps must have shape \(m, 2, d, d\) with m = 2 \(the rows of edges\), got \(3, 2, 1, 1\)",
        ),
        (
            3,
            GOOD_E,
            np.ones((2, 3, 1, 1)),
            ValueError,
            r"maps must have shape \(m, 2, d, d\)",
        ),
        (
            3,
            GOOD_E,
            np.ones((2, 2, 1, 2)),
            ValueError,
            r"maps must have shape \(m, 2, d, d\)",
        ),
        (
            3,
            GOOD_E,
            np.ones((2, 2, 1)),
            ValueError,
            r"maps must have shape \(m, 2, d, d\)",
        ),
        (3, GOOD_E, np.ones((2, 2, 0, 0)), ValueError, r"1 <= d <= 256, got d = 0"),
        (
            3,
            GOOD_E,
            np.ones((2, 2, 257, 257), dtype=np.float16),
            ValueError,
            r"1 <= d <= 256, got d = 257",
        ),
    ],
)
def test_bad_input_names_argument_value_and_range(n, edges, maps, error, pattern):
    with pytest.raises(error, match=pattern):
        CellularSheaf.from_arrays(n, edges, maps)


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_maps_are_named_by_index(bad):
    maps = np.ones((2, 2, 2, 2))
    maps[1, 0, 1, 0] = bad
    with pytest.raises(
        ValueError, match=r"maps must be finite, got maps\[1, 0, 1, 0\] = "
    ):
        CellularSheaf.from_arrays(3, GOOD_E, maps)


def test_size_caps_read_shapes_only():
    # the caps are checked on shapes before any entry is read, so read-only
    # broadcast views (no memory behind them) exercise them at full size
    def view(shape, dtype=np.float64):
        return np.broadcast_to(np.zeros((), dtype=dtype), shape)

    one = np.array([(0, 1)])
    with pytest.raises(
        ValueError,
        match=r"dim C0 = n_vertices \* d = 110000000 .* must both be <= 100000000",
    ):
        CellularSheaf.from_arrays(10**7, one, view((1, 2, 11, 11)))
    CellularSheaf.from_arrays(10**7, one, view((1, 2, 10, 10), np.float16))  # 10^8
    with pytest.raises(ValueError, match=r"dim C1 = m \* d = 100000004 must both"):
        CellularSheaf.from_arrays(
            3, view((25_000_001, 2), np.int64), view((25_000_001, 2, 4, 4))
        )
    with pytest.raises(
        ValueError,
        match=r"2 \* m \* d\^2 = 200540160 entries \(m = 1530 edges, d = 256\); the limit is 200000000",
    ):
        CellularSheaf.from_arrays(
            3, view((1530, 2), np.int64), view((1530, 2, 256, 256))
        )
    with pytest.raises(
        ValueError, match=r"edges must have at most 30000000 rows, got 30000001"
    ):
        CellularSheaf.from_arrays(
            3, view((3 * 10**7 + 1, 2), np.int64), view((1, 2, 1, 1))
        )


@pytest.mark.parametrize("bad", [None, [[1.0]], 3])
def test_from_transport_refuses_a_non_mapping(bad):
    # found by the method fuzz (hostile transports): a TypeError naming it
    with pytest.raises(TypeError, match=r"transports must be a mapping edge -> rho"):
        CellularSheaf.from_transport(nx.path_graph(2), bad)


# -- the frames path at a size that takes it by default ----------------------


def _gauge_cycle(n, d, seed, twist=None):
    rng = np.random.default_rng(seed)
    gauge = rng.standard_normal((n, d, d)) + 3 * np.eye(d)
    edges = np.array([(k, (k + 1) % n) for k in range(n)], dtype=np.int64)
    maps = np.stack([gauge[edges[:, 0]], gauge[edges[:, 1]]], axis=1)
    if twist is not None:
        maps[n // 3, 1] = maps[n // 3, 1] @ twist
    return edges, maps


def test_frames_path_on_a_large_flat_cycle_has_d_sections():
    edges, maps = _gauge_cycle(400, 4, 1)  # 1600 coordinates > DENSE_LIMIT
    sheaf = CellularSheaf.from_arrays(400, edges, maps)
    c = sheaf.cohomology(method="numeric")
    assert c.path == "frames"
    assert (c.h0, c.h1, c.rank) == (4, 4, 1596)
    assert c.residual <= 1e-10


@pytest.mark.parametrize(("angle_fixed", "h0"), [(2, 2), (0, 0)])
def test_frames_path_sees_the_holonomy_of_a_twist(angle_fixed, h0):
    # holonomy around the cycle = the twist T; sections = the fixed space of T
    # (up to the gauge): a rotation in one plane fixes a 2-dim subspace of R^4;
    # a rotation in two planes fixes nothing
    c, s = np.cos(0.7), np.sin(0.7)
    twist = np.eye(4)
    twist[2:, 2:] = [[c, -s], [s, c]]
    if angle_fixed == 0:
        twist[:2, :2] = [[c, s], [-s, c]]
    edges, maps = _gauge_cycle(400, 4, 2, twist)
    sheaf = CellularSheaf.from_arrays(400, edges, maps)
    got = sheaf.cohomology(method="numeric")
    assert got.path == "frames"
    assert got.h0 == h0
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(numeric, "FRAMES", False)
        prop = sheaf.cohomology(method="numeric")
    assert prop.path == "propagation"
    assert prop.h0 == h0


@pytest.mark.parametrize("graph", ["cycle", "star"])
@pytest.mark.parametrize(("delta", "h0"), [(0.002, 1), (0.0021, 0)])
def test_frames_tolerance_is_rtol_times_sqrt_k_on_the_normalised_mismatch(
    graph, delta, h0
):
    # d = 1, every map 1 except F_v = 1 + delta on the non-tree edges u -> v,
    # frames all 1: each non-tree block is delta / (2 + delta) (mismatch
    # (1 + delta) - 1 over scale (1 + delta) + 1).
    # cycle 0-1-2-3-4-0: BFS from 0 takes 0-1, 0-4, 1-2, 4-3; k = 1 non-tree
    # edge (2, 3), sigma = delta / (2 + delta), tolerance rtol.
    # star 0-{1..5} plus the path 1-2-3-4-5: k = 4 equal blocks, sigma =
    # 2 delta / (2 + delta), tolerance rtol * sqrt(4): the same threshold.
    # delta / (2 + delta) is 0.000999 <= rtol = 1e-3 (a section) at 0.002
    # and 0.001049 > 1e-3 (none) at 0.0021.
    if graph == "cycle":
        edges = np.array([(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)])
        loose = [2]
    else:
        edges = np.array(
            [(0, k) for k in range(1, 6)] + [(k, k + 1) for k in range(1, 5)]
        )
        loose = [5, 6, 7, 8]
    maps = np.ones((edges.shape[0], 2, 1, 1))
    maps[loose, 1] = 1 + delta
    sheaf = CellularSheaf.from_arrays(6 if graph == "star" else 5, edges, maps)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(numeric, "DENSE_LIMIT", 0)
        got = sheaf.cohomology(method="numeric", rtol=1e-3)
    assert got.path == "frames"
    assert got.h0 == h0


def test_frames_regrow_the_forest_around_a_singular_child_map():
    # a path 0 - 1 - 2 with F_{1<e} = diag(1, 0) singular on the tree edge
    # into 1: sections f1 = f2 = (a, b), f0 = (a, 0), so h0 = 2 (by hand).
    # The edge is dropped from the forest (trees {0} and {1, 2}) and its
    # constraint joins the non-tree ones.
    edges = np.array([(0, 1), (1, 2)])
    maps = np.stack([np.eye(2), np.eye(2)] * 2).reshape(2, 2, 2, 2).copy()
    maps[0, 1] = np.diag([1.0, 0.0])
    sheaf = CellularSheaf.from_arrays(3, edges, maps)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(numeric, "DENSE_LIMIT", 0)
        got = sheaf.cohomology(method="numeric")
    assert got.path == "frames"
    assert got.h0 == sheaf.cohomology(method="exact").h0 == 2
    assert got.residual <= 1e-12


def test_frames_on_a_wide_star_with_ill_conditioned_maps():
    # a star 0 -> 1..600 with d = 2, F_0 = I and the leaves' maps diag(1,
    # 1e-7) (1-norm condition number 1e7, under COND_LIMIT): a tree, so
    # f_i = diag(1, 1e7) f_0 and h0 = 2, h1 = 0 (1202 coordinates: frames)
    k = 600
    edges = np.array([(0, i) for i in range(1, k + 1)])
    maps = np.empty((k, 2, 2, 2))
    maps[:, 0] = np.eye(2)
    maps[:, 1] = np.diag([1.0, 1e-7])
    sheaf = CellularSheaf.from_arrays(k + 1, edges, maps)
    got = sheaf.cohomology(method="numeric")
    assert numeric.COND_LIMIT >= 1e7
    assert got.path == "frames"
    assert (got.h0, got.h1) == (2, 0)


def test_isolated_vertices_and_many_components():
    # 50 isolated vertices and 40 disjoint edges with constant R^2: each edge
    # component has h0 = 2, each isolated vertex 2: h0 = 2 * 90, h1 = 0
    edges = np.array([(50 + 2 * k, 51 + 2 * k) for k in range(40)])
    maps = np.broadcast_to(np.eye(2), (40, 2, 2, 2)).copy()
    sheaf = CellularSheaf.from_arrays(130, edges, maps)
    c = sheaf.cohomology(method="numeric")
    assert (c.h0, c.h1, c.path) == (180, 0, "dense+isolated")
    basis = sheaf.global_sections(method="numeric")
    np.testing.assert_allclose(basis.T @ basis, np.eye(180), atol=1e-12)
    np.testing.assert_allclose(sheaf.coboundary() @ basis, 0.0, atol=1e-12)


def test_no_vertices_and_no_edges():
    sheaf = CellularSheaf.from_arrays(
        0, np.zeros((0, 2), dtype=int), np.zeros((0, 2, 3, 3))
    )
    c = sheaf.cohomology(method="numeric")
    assert (c.h0, c.h1, c.dim_c0, c.dim_c1, c.path) == (0, 0, 0, 0, "empty")
    assert sheaf.coboundary().shape == (0, 0)
    lonely = CellularSheaf.from_arrays(
        3, np.zeros((0, 2), dtype=int), np.zeros((0, 2, 2, 2))
    )
    assert lonely.cohomology(method="numeric").h0 == 6
    assert lonely.cohomology(method="exact").h0 == 6


# -- random sheaves (hypothesis; last: the slowest)


# -- the same sheaf from both constructors ------------------------------------


@given(array_sheaves())
def test_from_arrays_and_networkx_constructor_agree(case):
    n, edges, maps = case
    if edges.shape[0] == 0:
        maps = np.zeros((0, 2, 2, 2))
    a = CellularSheaf.from_arrays(n, edges, maps)
    b = _networkx(n, edges, maps)
    # the networkx sheaf lists edges in graph.edges() order: permute its rows
    pos = {e: k for k, e in enumerate(b.edges)}
    assert set(a.edges) == set(b.edges)
    d = maps.shape[2]
    rows = np.concatenate(
        [np.arange(pos[e] * d, pos[e] * d + d) for e in a.edges] or [np.zeros(0, int)]
    )
    da, db = a.coboundary(), b.coboundary()
    assert da.shape == db.shape == (a.dim_c1, a.dim_c0)
    assert (da != db[rows]).nnz == 0
    assert da.nnz == db.nnz  # stored zeros dropped by both
    # float maps are numeric; with no edges both are (vacuously) rational
    assert a.is_rational is b.is_rational is (edges.shape[0] == 0)
    for method in ("numeric", "exact"):
        ca, cb = a.cohomology(method=method), b.cohomology(method=method)
        assert (ca.h0, ca.h1, ca.rank, ca.dim_c0, ca.dim_c1) == (
            cb.h0,
            cb.h1,
            cb.rank,
            cb.dim_c0,
            cb.dim_c1,
        )
    assert a.vertices == tuple(range(n))
    assert sorted(a.graph.edges()) == sorted(b.graph.edges())


# -- numeric against exact, on every path ------------------------------------


@pytest.mark.parametrize("path", ["dense", "frames", "propagation"])
# suite budget (issue 30): 100 examples per path under the ci profile, the
# profile's own number (25) under dev
@settings(max_examples=min(100, settings().max_examples))
@given(case=array_sheaves())
def test_numeric_rank_equals_exact_rank(path, case):
    """The numeric rank on each path equals the rank over QQ (and a dense SVD)."""
    n, edges, maps = case
    if edges.shape[0] == 0:
        maps = np.zeros((0, 2, 1, 1))
    sheaf = CellularSheaf.from_arrays(n, edges, maps)
    exact = sheaf.cohomology(method="exact")
    with pytest.MonkeyPatch.context() as mp:
        if path != "dense":
            mp.setattr(numeric, "DENSE_LIMIT", 0)
        mp.setattr(numeric, "FRAMES", path == "frames")
        got = sheaf.cohomology(method="numeric")
        basis = sheaf.global_sections(method="numeric")
    assert (got.h0, got.h1, got.rank) == (exact.h0, exact.h1, exact.rank)
    assert got.rank == _dense_rank(sheaf)
    assert got.h0 - got.h1 == sheaf.dim_c0 - sheaf.dim_c1  # Euler characteristic
    assert basis.shape == (sheaf.dim_c0, got.h0)
    np.testing.assert_allclose(basis.T @ basis, np.eye(got.h0), atol=1e-9)
    np.testing.assert_allclose(sheaf.coboundary() @ basis, 0.0, atol=1e-9)
    assert got.residual <= 1e-9
    used = set(got.path.split("+"))
    assert used <= {"isolated", "dense", "frames", "propagation"}
    if path == "propagation":
        assert "frames" not in used


@given(array_sheaves(max_vertices=6))
def test_fast_kernel_matches_the_old_kernel(case):
    """The new kernel (components from csgraph) == numeric.kernel (the old path)."""
    n, edges, maps = case
    if edges.shape[0] == 0:
        maps = np.zeros((0, 2, 2, 2))
    sheaf = _networkx(n, edges, maps)
    d = maps.shape[2]
    index = {v: i for i, v in enumerate(sheaf.vertices)}
    graph = sheaf.graph
    comps = []
    for start in sheaf.vertices:  # BFS order, as the old path wants
        if not any(index[start] in c for c in comps):
            order = [start, *(v for _, v in nx.bfs_edges(graph, start))]
            comps.append([index[v] for v in order])
    nbrs = [[] for _ in range(n)]
    for k, (u, v) in enumerate(edges.tolist()):
        nbrs[u].append((v, maps[k, 0], maps[k, 1]))
        nbrs[v].append((u, maps[k, 1], maps[k, 0]))
    d0 = sheaf.coboundary()
    voff = list(range(0, (n + 1) * d, d))
    old, _ = numeric.kernel(d0, comps, voff, nbrs, 1e-9 * numeric.scale(d0))
    new = sheaf.global_sections(method="numeric")
    assert new.shape == old.shape
    np.testing.assert_allclose(new @ new.T, old @ old.T, atol=1e-9)


def test_the_first_bad_row_is_named():
    # two self-loops / two repeated pairs: the message names the first
    with pytest.raises(ValueError, match=r"edges\[1\] = \(2, 2\) is a self-loop"):
        CellularSheaf.from_arrays(
            4, np.array([(0, 1), (2, 2), (3, 3)]), np.ones((3, 2, 1, 1))
        )
    with pytest.raises(
        ValueError, match=r"edges\[0\] = \(0, 1\) and edges\[2\] = \(1, 0\)"
    ):
        CellularSheaf.from_arrays(
            4, np.array([(0, 1), (2, 3), (1, 0), (3, 2)]), np.ones((4, 2, 1, 1))
        )
    with pytest.raises(ValueError, match=r"edges\[0, 1\] = 7 is not a vertex index"):
        CellularSheaf.from_arrays(4, np.array([(0, 7), (9, 1)]), np.ones((2, 2, 1, 1)))


def test_no_edges_given_as_an_empty_list():
    """``[]`` is no edges (NumPy reads it as float64); the maps still give ``d``."""
    sheaf = CellularSheaf.from_arrays(3, [], np.zeros((0, 2, 2, 2)))
    h = sheaf.cohomology()
    assert (h.h0, h.h1, h.dim_c0, h.dim_c1) == (6, 0, 6, 0)
