"""The floating-point sheaf kernels with known answers (THEORY.md §3).

Small sheaves whose kernels, harmonic parts and norms are worked by hand, run
through each path of :mod:`theory.sheaf.numeric` (dense SVD, QR before the
SVD, vertex-by-vertex propagation, dense least squares, sparse ``lsqr``) and
through the float branches of ``is_consistent`` and ``is_coboundary``.
"""

import math
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

import theory.sheaf.numeric as numeric
from theory.sheaf import CellularSheaf


def _projector(basis):
    return basis @ basis.T


# ------------------------------------------------------------- coboundary


def test_coboundary_blocks_and_signs_by_hand():
    # e0 = 0 -> 1 with F_0 = [[2, 0]], F_1 = [[3]]; e1 = 1 -> 2 with
    # F_1 = [[1], [4]], F_2 = [[5], [6]]: stalks 2, 1, 1; edges 1, 2
    edges = [(0, 1), (1, 2)]
    maps = [
        (np.array([[2.0, 0.0]]), np.array([[3.0]])),
        (np.array([[1.0], [4.0]]), np.array([[5.0], [6.0]])),
    ]
    d0 = numeric.coboundary(edges, maps, [0, 2, 3, 4], [0, 1, 3], (3, 4))
    expected = np.array(
        [
            [-2.0, 0.0, 3.0, 0.0],
            [0.0, 0.0, -1.0, 5.0],
            [0.0, 0.0, -4.0, 6.0],
        ]
    )
    np.testing.assert_array_equal(d0.toarray(), expected)
    # ||d0||_1 = max column sum 11, ||d0||_inf = max row sum 10
    assert numeric.scale(d0) == math.sqrt(11.0 * 10.0)


def test_coboundary_without_edges_is_zero():
    d0 = numeric.coboundary([], [], [0, 2], [0], (0, 2))
    assert d0.shape == (0, 2)
    assert d0.nnz == 0
    assert numeric.scale(d0) == 0.0


# ------------------------------------------------------------- null space


def test_null_space_of_one_row():
    basis = numeric.null_space(np.array([[1.0, -1.0]]), 1e-9)
    np.testing.assert_allclose(_projector(basis), np.full((2, 2), 0.5), atol=1e-15)


def test_null_space_of_a_tall_matrix_goes_through_qr():
    # three rows, two columns, rank 1: kernel spanned by (1, 1)
    mat = np.array([[1.0, -1.0], [2.0, -2.0], [-3.0, 3.0]])
    basis = numeric.null_space(mat, 1e-9)
    assert basis.shape == (2, 1)
    np.testing.assert_allclose(_projector(basis), np.full((2, 2), 0.5), atol=1e-14)
    # tall and of full column rank: no kernel
    assert numeric.null_space(
        np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]), 1e-9
    ).shape == (2, 0)


def test_null_space_tolerance_is_inclusive():
    # singular values 1 and 0.5: at tol = 0.5 the second counts as zero
    mat = np.diag([1.0, 0.5])
    np.testing.assert_array_equal(numeric.null_space(mat, 0.5).shape, (2, 1))
    assert abs(numeric.null_space(mat, 0.5)[1, 0]) == 1.0
    assert numeric.null_space(mat, 0.5 - 2**-40).shape == (2, 0)
    assert numeric.null_space(mat, 1.0).shape == (2, 2)


def test_null_space_of_empty_matrices():
    np.testing.assert_array_equal(numeric.null_space(np.zeros((0, 3)), 1e-9), np.eye(3))
    assert numeric.null_space(np.zeros((2, 0)), 1e-9).shape == (0, 0)


# ------------------------------------------------------ kernel, both paths


def _sheaves():
    """(name, sheaf, hand-computed projector onto ker d0)."""
    out = []
    # constant R^1 on a path of 4: constants, projector ones / 4
    out.append(
        ("path", CellularSheaf.constant(nx.path_graph(4), 1), np.full((4, 4), 0.25))
    )
    # scaling transport x1 = 2 x0, x2 = 2 x1: section (1, 2, 4) / sqrt(21)
    s = CellularSheaf.from_transport(
        nx.path_graph(3), {(0, 1): [[2.0]], (1, 2): [[2.0]]}
    )
    v = np.array([1.0, 2.0, 4.0]) / math.sqrt(21.0)
    out.append(("scaled", s, np.outer(v, v)))
    # sign-twisted triangle: no section
    s = CellularSheaf(
        nx.cycle_graph(3),
        {
            (0, 1): ([[1.0]], [[1.0]]),
            (1, 2): ([[1.0]], [[1.0]]),
            (2, 0): ([[1.0]], [[-1.0]]),
        },
    )
    out.append(("mobius", s, np.zeros((3, 3))))
    # two components: an edge (constants) and an isolated vertex of dim 2
    g = nx.Graph([(0, 1)])
    g.add_node(2)
    s = CellularSheaf(g, {(0, 1): ([[1.0]], [[1.0]])}, vertex_dims={2: 2})
    p = np.zeros((4, 4))
    p[:2, :2] = 0.5
    p[2:, 2:] = np.eye(2)
    out.append(("components", s, p))
    # projection maps: stalks R^2, the edge sees only the first coordinate
    s = CellularSheaf(nx.path_graph(2), {(0, 1): ([[1.0, 0.0]], [[1.0, 0.0]])})
    p = np.zeros((4, 4))
    p[0, 0] = p[2, 2] = p[0, 2] = p[2, 0] = 0.5
    p[1, 1] = p[3, 3] = 1.0
    out.append(("projection", s, p))
    # a star whose centre has stalk R^2 and leaves R^1: f(leaf_i) = f(centre)_i
    s = CellularSheaf(
        nx.star_graph(2),
        {(0, 1): ([[1.0, 0.0]], [[1.0]]), (0, 2): ([[0.0, 1.0]], [[1.0]])},
    )
    out.append(
        (
            "star",
            s,
            0.5 * np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0, 1.0]]),
        )
    )
    return out


@pytest.mark.parametrize(
    ("name", "sheaf", "projector"),
    _sheaves(),
    ids=lambda x: x if isinstance(x, str) else "",
)
@pytest.mark.parametrize("limit", [numeric.DENSE_LIMIT, 1, 0])
@pytest.mark.parametrize("frames", [True, False])
def test_kernel_hand_values_on_every_path(
    monkeypatch, name, sheaf, projector, limit, frames
):
    monkeypatch.setattr(numeric, "DENSE_LIMIT", limit)
    monkeypatch.setattr(numeric, "FRAMES", frames)
    basis = sheaf.global_sections(method="numeric")
    np.testing.assert_allclose(basis.T @ basis, np.eye(basis.shape[1]), atol=1e-12)
    np.testing.assert_allclose(_projector(basis), projector, atol=1e-12)
    c = sheaf.cohomology(method="numeric")
    assert c.h0 == round(np.trace(projector))
    assert c.residual <= 1e-12


def test_kernel_reports_which_path_it_used(monkeypatch):
    # constant R^2 on the path 0 - 1 - 2: sections are the constants
    sheaf = CellularSheaf.constant(nx.path_graph(3), 2)
    d0 = sheaf.coboundary()
    comps = [[0, 1, 2]]
    voff = [0, 2, 4, 6]
    eye = np.eye(2)
    nbrs = [[(1, eye, eye)], [(0, eye, eye), (2, eye, eye)], [(1, eye, eye)]]
    constants = np.kron(np.full((3, 3), 1 / 3), eye)
    for limit, propagated in [
        (numeric.DENSE_LIMIT, False),
        (6, False),
        (5, True),
        (0, True),
    ]:
        monkeypatch.setattr(numeric, "DENSE_LIMIT", limit)
        basis, used = numeric.kernel(d0, comps, voff, nbrs, 1e-9)
        assert used is propagated
        np.testing.assert_allclose(_projector(basis), constants, atol=1e-12)
    basis, used = numeric.kernel(d0, [], voff, nbrs, 1e-9)
    assert (basis.shape, used) == ((6, 0), False)


def test_update_keeps_old_blocks_when_well_conditioned():
    # old = I (well conditioned, square): blocks unchanged, the new block is new @ I
    blocks = {0: np.array([[1.0, 2.0]])}
    width, out = numeric._update(dict(blocks), 2, np.eye(2), np.array([[3.0, 4.0]]), 1)
    assert width == 2
    np.testing.assert_array_equal(out[0], blocks[0])
    np.testing.assert_allclose(out[1], [[3.0, 4.0]], atol=1e-15)
    # old of rank 1 < width: every block is multiplied by old
    old = np.array([[1.0], [1.0]])
    width, out = numeric._update(dict(blocks), 2, old, np.array([[5.0]]), 1)
    assert width == 1
    np.testing.assert_array_equal(out[0], [[3.0]])
    np.testing.assert_array_equal(out[1], [[5.0]])


def test_update_on_an_ill_conditioned_square_block_multiplies():
    # old square with smallest singular value 1e-4 <= 1e-3: the general branch
    old = np.diag([1.0, 1e-4])
    blocks = {0: np.array([[1.0, 1.0]])}
    width, out = numeric._update(dict(blocks), 2, old, np.array([[7.0, 7.0]]), 1)
    assert width == 2
    np.testing.assert_allclose(out[0], [[1.0, 1e-4]], rtol=1e-15)
    np.testing.assert_array_equal(out[1], [[7.0, 7.0]])


def test_pad_zero_fills_on_the_right():
    np.testing.assert_array_equal(
        numeric._pad(np.array([[1.0], [2.0]]), 3), [[1.0, 0, 0], [2.0, 0, 0]]
    )
    same = np.array([[1.0, 2.0]])
    assert numeric._pad(same, 2) is same


# ------------------------------------------------------- harmonic parts


def _cycle(n):
    """d0 of the constant R^1 sheaf on the n-cycle, edges i -> i + 1 (mod n)."""
    edges = [(i, (i + 1) % n) for i in range(n)]
    one = np.ones((1, 1))
    return numeric.coboundary(
        edges, [(one, one)] * n, list(range(n + 1)), list(range(n + 1)), (n, n)
    )


@pytest.mark.parametrize("n", [3, 7, 2001])  # 2001 * 2001 > 4e6 entries: the lsqr path
def test_harmonic_part_on_a_cycle_is_the_mean_circulation(n):
    # ker d0^T = span(ones): the harmonic part of y is mean(y) * ones
    rng = np.random.default_rng(n)
    y = rng.standard_normal(n)
    got = numeric.harmonic_part(_cycle(n), y)
    np.testing.assert_allclose(got, np.full(n, y.mean()), atol=1e-9)


@pytest.mark.parametrize("n", [4, 2002])  # a path: d0 onto, no harmonic part
def test_harmonic_part_on_a_path_is_zero(n):
    edges = [(i, i + 1) for i in range(n - 1)]
    one = np.ones((1, 1))
    d0 = numeric.coboundary(
        edges, [(one, one)] * (n - 1), list(range(n + 1)), list(range(n)), (n - 1, n)
    )
    y = np.linspace(-1.0, 2.0, n - 1)
    np.testing.assert_allclose(numeric.harmonic_part(d0, y), 0.0, atol=1e-9)


def test_harmonic_part_of_a_zero_coboundary_is_the_data():
    import scipy.sparse as sp

    y = np.array([1.0, -2.0])
    for d0 in (sp.csr_array((2, 3)), sp.csr_array((2, 0))):
        got = numeric.harmonic_part(d0, y)
        np.testing.assert_array_equal(got, y)
        assert got is not y


def test_dense_basis_limit_is_inclusive():
    numeric.dense_basis_limit_check(10, 10, "H0")
    with pytest.raises(
        ValueError, match="H0 has 11 coordinates, above the dense-basis limit 10"
    ):
        numeric.dense_basis_limit_check(11, 10, "H0")


def test_residual_by_hand():
    import scipy.sparse as sp

    d0 = sp.csr_array(np.array([[3.0, 0.0], [0.0, 4.0]]))
    assert numeric.residual(d0, np.zeros((2, 0))) == 0.0
    assert numeric.residual(d0, np.array([[1.0], [0.0]])) == 3.0
    assert numeric.residual(d0, np.eye(2)) == 4.0  # spectral norm, not Frobenius
    assert numeric.residual(sp.csr_array((0, 2)), np.eye(2)) == 0.0


# ---------------------------------------- float branches of the predicates


def test_is_consistent_float_branch_at_atol():
    s = CellularSheaf.constant(nx.path_graph(3), 1)
    f = {0: [0.0], 1: [0.5], 2: [0.5]}  # radius 0.5 on edge (0, 1)
    assert s.consistency_radius(f) == 0.5
    assert s.is_consistent(f, atol=0.5) is True
    assert s.is_consistent(f, atol=0.5 - 2**-40) is False
    assert s.is_consistent({0: [0.25], 1: [0.25], 2: [0.25]}, atol=0.0) is True
    # a float sheaf makes even integer data numeric
    t = CellularSheaf.from_transport(nx.path_graph(2), {(0, 1): [[0.5]]})
    assert t.is_consistent({0: [2], 1: [1]}, atol=0.0) is True
    assert t.is_consistent({0: [2], 1: [1.25]}, atol=0.25) is True
    assert t.is_consistent({0: [2], 1: [1.25]}, atol=0.125) is False


def test_is_consistent_exact_branch_ignores_atol():
    s = CellularSheaf.constant(nx.path_graph(2), 1)
    tiny = Fraction(1, 10**30)
    assert s.is_consistent({0: [tiny], 1: [0]}, atol=1.0) is False
    assert s.is_consistent({0: [tiny], 1: [tiny]}, atol=0.0) is True
    assert s.is_consistent({0: [1], 1: [1]}) is True


def test_is_coboundary_float_branch_at_atol():
    # triangle, edges (0, 1), (0, 2), (1, 2): harmonic space spanned by (1, -1, 1)
    s = CellularSheaf.constant(nx.cycle_graph(3), 1)
    y = {(0, 1): [0.5], (0, 2): [-0.5], (1, 2): [0.5]}  # harmonic, norm sqrt(3) / 2
    norm = math.sqrt(0.75)
    assert s.is_coboundary(y, atol=norm * (1 + 1e-9)) is True
    assert s.is_coboundary(y, atol=norm * (1 - 1e-9)) is False
    # d0 of f = (0, 1, 3) is (1, 3, 2): a coboundary
    assert (
        s.is_coboundary({(0, 1): [1.0], (0, 2): [3.0], (1, 2): [2.0]}, atol=1e-12)
        is True
    )
    assert (
        s.is_coboundary({(0, 1): [1.0], (0, 2): [3.0], (1, 2): [2.5]}, atol=1e-3)
        is False
    )


def test_is_coboundary_exact_branch_ignores_atol():
    s = CellularSheaf.constant(nx.cycle_graph(3), 1)
    tiny = Fraction(1, 10**30)
    assert (
        s.is_coboundary({(0, 1): [tiny], (0, 2): [-tiny], (1, 2): [tiny]}, atol=1.0)
        is False
    )
    assert s.is_coboundary({(0, 1): [1], (0, 2): [3], (1, 2): [2]}, atol=0.0) is True
    # the same rational data forced through the numeric path
    assert (
        s.is_coboundary({(0, 1): [1], (0, 2): [3], (1, 2): [2]}, method="numeric")
        is True
    )


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda s: s.is_consistent({0: [0], 1: [0]}, atol=-1e-300), "atol"),
        (lambda s: s.is_coboundary({(0, 1): [0]}, atol=-1.0), "atol"),
        (lambda s: s.cohomology(rtol=0.0), "rtol"),
        (lambda s: s.cohomology(rtol=1.0), "rtol"),
        (lambda s: s.cohomology(method="dense"), "method"),
    ],
)
def test_tolerances_and_methods_are_checked(call, match):
    s = CellularSheaf.constant(nx.path_graph(2), 1)
    with pytest.raises(ValueError, match=match):
        call(s)


def test_auto_method_follows_the_data():
    s = CellularSheaf.constant(nx.path_graph(2), 1)
    assert s.cohomology().method == "exact"
    assert s.cohomology(method="numeric").method == "numeric"
    f = CellularSheaf.from_transport(nx.path_graph(2), {(0, 1): [[0.3]]})
    assert f.cohomology().method == "numeric"
    assert f.cohomology(method="exact").method == "exact"
    # rational sheaf, float data: numeric; rational data: exact
    part = s.harmonic_part({(0, 1): [0.5]})
    assert isinstance(part[(0, 1)][0], float)
    part = s.harmonic_part({(0, 1): [1]})
    assert isinstance(part[(0, 1)][0], Fraction)
    assert s.distance_to_consistency({0: [0.0], 1: [1.0]}) == pytest.approx(
        math.sqrt(0.5), rel=1e-12
    )
    assert s.distance_to_consistency({0: [0], 1: [1]}) == pytest.approx(
        math.sqrt(0.5), rel=1e-12
    )


def test_default_atol_is_1e_9():
    # radius / harmonic norm 1e-10 passes the default atol = 1e-9, 1e-8 does not
    s = CellularSheaf.constant(nx.path_graph(2), 1)
    assert s.is_consistent({0: [0.0], 1: [1e-10]}) is True
    assert s.is_consistent({0: [0.0], 1: [1e-8]}) is False
    tri = CellularSheaf.constant(nx.cycle_graph(3), 1)
    small = 1e-10 / math.sqrt(3.0)
    big = 1e-8 / math.sqrt(3.0)
    assert (
        tri.is_coboundary({(0, 1): [small], (0, 2): [-small], (1, 2): [small]}) is True
    )
    assert tri.is_coboundary({(0, 1): [big], (0, 2): [-big], (1, 2): [big]}) is False


def test_default_rtol_is_1e_9():
    # d0 = [[-1, 1], [-1, 1 + eps]]: singular values ~2 and ~eps / 2; the
    # scale sqrt(||d0||_1 ||d0||_inf) is ~2, so eps = 1e-10 is rank 1 at the
    # default rtol = 1e-9 and eps = 1e-6 is rank 2
    for eps, h0 in [(1e-10, 1), (1e-6, 0)]:
        s = CellularSheaf(
            nx.path_graph(2),
            {(0, 1): ([[1.0], [1.0]], [[1.0], [1.0 + eps]])},
        )
        assert s.cohomology(method="numeric").h0 == h0
        assert s.global_sections(method="numeric").shape[1] == h0
        # h1 = dim C1 - rank = 2 - (2 - h0) = h0
        assert s.harmonic_cochains(method="numeric").shape[1] == h0


def test_from_transport_with_a_rectangular_map():
    # rho: R^1 -> R^2, (d0 f) = f(1) - rho f(0); rank 2, h0 = 3 - 2, h1 = 2 - 2
    s = CellularSheaf.from_transport(nx.path_graph(2), {(0, 1): [[1], [2]]})
    assert (s.dim_c0, s.dim_c1) == (3, 2)
    c = s.cohomology()
    assert (c.h0, c.h1, c.rank) == (1, 0, 2)
    assert s.is_consistent({0: [1], 1: [1, 2]}) is True
    assert s.is_consistent({0: [1], 1: [2, 1]}) is False


def test_constant_sheaf_dimension_bounds():
    assert CellularSheaf.constant(nx.path_graph(2), 1).dim_c0 == 2
    with pytest.raises(ValueError, match="dim"):
        CellularSheaf.constant(nx.path_graph(2), 0)


@pytest.mark.parametrize(
    ("size", "propagated"),
    [(numeric.DENSE_LIMIT, False), (numeric.DENSE_LIMIT + 1, True)],
)
def test_dense_limit_is_1200_vertex_coordinates(size, propagated):
    # cohomology's docstring: dense SVD up to 1200 vertex coordinates per
    # component, propagation above. One vertex with a stalk of `size` and no
    # edges: both paths give the identity basis.
    assert numeric.DENSE_LIMIT == 1200
    d0 = numeric.coboundary([], [], [0, size], [0], (0, size))
    basis, used = numeric.kernel(d0, [[0]], [0, size], [[]], 1e-9)
    assert used is propagated
    assert basis.shape == (size, size)
    np.testing.assert_allclose(np.abs(basis).sum(axis=0), 1.0, atol=1e-12)


def test_coboundary_refuses_edges_and_maps_of_different_lengths():
    one = np.ones((1, 1))
    with pytest.raises(
        ValueError, match=r"maps must have one pair per edge \(2\), got 1"
    ):
        numeric.coboundary(
            [(0, 1), (1, 2)], [(one, one)], [0, 1, 2, 3], [0, 1, 2], (2, 3)
        )


def test_update_branch_boundaries():
    # docstring of _update: when old has full row rank and is well conditioned
    # (smallest singular value > 1e-3) the existing blocks stay untouched and the
    # new block becomes new @ pinv(old); otherwise every block is multiplied by old
    blocks = {0: np.array([[1.0]])}
    # width 1, k_new 1, s = 0.5 > 1e-3: untouched
    width, out = numeric._update(
        dict(blocks), 1, np.array([[0.5]]), np.array([[3.0]]), 1
    )
    assert width == 1
    np.testing.assert_array_equal(out[0], [[1.0]])
    np.testing.assert_allclose(out[1], [[6.0]], rtol=1e-15)
    # s.min() exactly 1e-3 is not "> 1e-3": the general branch
    old = np.diag([1.0, 1e-3])
    two = {0: np.array([[1.0, 1.0]])}
    width, out = numeric._update(dict(two), 2, old, np.array([[7.0, 7.0]]), 1)
    np.testing.assert_allclose(out[0], [[1.0, 1e-3]], rtol=1e-15)
    np.testing.assert_array_equal(out[1], [[7.0, 7.0]])


def test_update_general_branch_at_width_one():
    # width 1, old = [[1e-4]] is ill conditioned: the block of vertex 0 is multiplied
    width, out = numeric._update(
        {0: np.array([[1.0]])}, 1, np.array([[1e-4]]), np.array([[2.0]]), 1
    )
    assert width == 1
    np.testing.assert_array_equal(out[0], [[1e-4]])
    np.testing.assert_array_equal(out[1], [[2.0]])


def test_harmonic_part_with_a_single_nonzero_entry():
    # e = 0 -> 1 with F_0 = 0, F_1 = 1: d0 = [[0, 1]] is onto R, so no harmonic part
    zero, one = np.zeros((1, 1)), np.ones((1, 1))
    d0 = numeric.coboundary([(0, 1)], [(zero, one)], [0, 1, 2], [0, 1], (1, 2))
    assert d0.nnz == 1
    np.testing.assert_allclose(
        numeric.harmonic_part(d0, np.array([3.0])), [0.0], atol=1e-12
    )


def test_structure_properties():
    g = nx.Graph()
    g.add_nodes_from(["b", "a", "c"])
    g.add_edges_from([("b", "a"), ("a", "c")])
    s = CellularSheaf(
        g,
        {("a", "b"): ([[1, 0]], [[1]]), ("a", "c"): ([[0, 1]], [[1]])},
        vertex_dims={"a": 2},
    )
    assert s.vertices == ("b", "a", "c")
    assert s.edges == (("a", "b"), ("a", "c"))
    assert (s.dim_c0, s.dim_c1) == (4, 2)
    assert s.is_rational is True
    copy = s.graph
    assert sorted(copy.edges()) == sorted(g.edges())
    copy.add_edge("x", "y")
    assert "x" not in s.graph  # a copy: the sheaf's graph is unchanged
    assert (
        CellularSheaf.from_transport(nx.path_graph(2), {(0, 1): [[0.5]]}).is_rational
        is False
    )


def test_is_coboundary_tolerance_is_inclusive():
    # the documented rule is "harmonic norm <= atol": at atol equal to the norm
    # of the harmonic part it holds, one ulp below it does not
    s = CellularSheaf.constant(nx.cycle_graph(3), 1)
    y = {(0, 1): [0.5], (0, 2): [-0.5], (1, 2): [0.5]}
    part = s.harmonic_part(y)
    norm = float(np.linalg.norm([x for vec in part.values() for x in vec]))
    assert norm == pytest.approx(math.sqrt(0.75), rel=1e-12)
    assert s.is_coboundary(y, atol=norm) is True
    assert s.is_coboundary(y, atol=math.nextafter(norm, 0.0)) is False


def test_residual_is_the_spectral_norm():
    import scipy.sparse as sp

    # [[3, 4]]: spectral norm 5, where the 1-norm would be 4 and the inf-norm 7
    d0 = sp.csr_array(np.array([[3.0, 4.0]]))
    assert numeric.residual(d0, np.eye(2)) == pytest.approx(5.0, rel=1e-15)


_EYE = np.eye(1)
_D0 = CellularSheaf.constant(nx.path_graph(2), 1).coboundary()
_NBRS = [[(1, _EYE, _EYE)], [(0, _EYE, _EYE)]]


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: numeric.scale([[1.0]]),
            TypeError,
            "d0 must be a 2-d scipy.sparse array",
        ),
        (lambda: numeric.null_space("ab", 1e-9), TypeError, "mat must be an array"),
        (lambda: numeric.null_space([1.0, 2.0], 1e-9), ValueError, r"mat must be 2-d"),
        (
            lambda: numeric.null_space([[math.nan]], 1e-9),
            ValueError,
            "mat must be finite",
        ),
        (
            lambda: numeric.null_space([[1.0]], -1.0),
            ValueError,
            r"tol must be in \[0, inf\)",
        ),
        (
            lambda: numeric.harmonic_part(_D0, np.ones(2)),
            ValueError,
            r"y must have 1 entries \(rows of d0\), got 2",
        ),
        (
            lambda: numeric.residual(_D0, np.ones((3, 1))),
            ValueError,
            r"basis must have 2 rows \(columns of d0\), got 3",
        ),
        (
            lambda: numeric.kernel(_D0, [[0, 2]], [0, 1, 2], _NBRS, 1e-9),
            ValueError,
            r"components\[0\] must satisfy 0 <= components\[0\] <= 1, got 2",
        ),
        (
            lambda: numeric.kernel(_D0, [[0, 1]], [0, 1, 3], _NBRS, 1e-9),
            ValueError,
            r"voff\[-1\] must equal the columns of d0 \(2\), got 3",
        ),
        (
            lambda: numeric.kernel(_D0, [[0, 1]], [0, 1, 2], _NBRS[:1], 1e-9),
            ValueError,
            r"neighbours must have one entry per vertex \(2\), got 1",
        ),
        (
            lambda: numeric.kernel(
                _D0, [[0, 1]], [0, 1, 2], [[(1, _EYE, np.eye(2))], _NBRS[1]], 1e-9
            ),
            ValueError,
            r"neighbours\[0\]\[0\]\[2\] must have shape \(1, 1\), got \(2, 2\)",
        ),
        (
            lambda: numeric.coboundary(
                [(0, 1)], [(_EYE, _EYE)], [0, 1, 2], [0, 1], (1, 3)
            ),
            ValueError,
            r"shape must be \(eoff\[-1\], voff\[-1\]\) = \(1, 2\)",
        ),
        (
            lambda: numeric.coboundary(
                [(0, 2)], [(_EYE, _EYE)], [0, 1, 2], [0, 1], (1, 2)
            ),
            ValueError,
            r"edges\[0\]\[1\] must satisfy 0 <= edges\[0\]\[1\] <= 1, got 2",
        ),
        (
            lambda: numeric.coboundary(
                [(0, 1)], [(_EYE, np.eye(2))], [0, 1, 2], [0, 1], (1, 2)
            ),
            ValueError,
            r"maps\[0\]\[1\] must have shape \(1, 1\), got \(2, 2\)",
        ),
    ],
)
def test_public_kernels_check_their_arguments(call, error, match):
    """The public kernels name the bad argument instead of failing inside numpy."""
    with pytest.raises(error, match=match):
        call()
