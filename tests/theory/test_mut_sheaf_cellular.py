"""CellularSheaf's constructors through the public API (issue 33, mutants of theory/sheaf/_cellular.py).

Oracles: sheaves computed by hand (a path, a cycle with a sign twist) and the
error messages, which name the argument and the value received.
"""

from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from theory.sheaf import CellularSheaf


@pytest.mark.parametrize(
    ("bad", "kind"), [(None, "NoneType"), ([[1.0]], "list"), (3, "int"), ("ab", "str")]
)
def test_from_transport_names_a_non_mapping(bad, kind):
    with pytest.raises(
        TypeError, match=rf"^transports must be a mapping edge -> rho, got {kind}$"
    ):
        CellularSheaf.from_transport(nx.path_graph(2), bad)


def test_from_transport_on_a_twisted_triangle_by_hand():
    # f(v) - rho f(u) on 0 -> 1 -> 2 -> 0 with rho = 1, 1, -1: the product of
    # the transports around the cycle is -1, so no nonzero section (h0 = 0)
    # and, by Euler, h1 = |E| - |V| + h0 = 0.
    g = nx.DiGraph([(0, 1), (1, 2), (2, 0)])
    s = CellularSheaf.from_transport(g, {(0, 1): [[1]], (1, 2): [[1]], (2, 0): [[-1]]})
    assert s.is_rational
    c = s.cohomology()
    assert (c.h0, c.h1, c.rank, c.method) == (0, 0, 3, "exact")
    n = s.cohomology(method="numeric")
    assert (n.h0, n.h1, n.rank) == (0, 0, 3)
    # d0 f on f = (1, 2, 3): edge (u, v) gives f(v) - rho f(u)
    assert s.apply_coboundary([1, 2, 3]) == {
        (0, 1): (Fraction(1),),
        (1, 2): (Fraction(1),),
        (2, 0): (Fraction(4),),
    }
    assert s.coboundary().toarray().tolist() == [
        [-1.0, 1.0, 0.0],
        [0.0, -1.0, 1.0],
        [1.0, 0.0, 1.0],
    ]


def test_from_transport_untwisted_cycle_has_a_section():
    g = nx.DiGraph([(0, 1), (1, 2), (2, 0)])
    s = CellularSheaf.from_transport(
        g, {(0, 1): [[2]], (1, 2): [[3]], (2, 0): [[Fraction(1, 6)]]}
    )
    c = s.cohomology()
    assert (c.h0, c.h1) == (1, 1)
    basis = s.global_sections()
    # f(1) = 2 f(0), f(2) = 3 f(1) = 6 f(0)
    col = basis[:, 0]
    assert [x / col[0] for x in col] == [1, 2, 6]


def test_from_transport_vertex_dims_pass_through_for_isolated_vertices():
    g = nx.Graph()
    g.add_nodes_from([0, 1, 2])
    g.add_edge(0, 1)
    s = CellularSheaf.from_transport(g, {(0, 1): [[1, 0]]}, vertex_dims={2: 3})
    # F(0) = R^2, F(1) = R^1, isolated F(2) = R^3
    assert (s.dim_c0, s.dim_c1) == (6, 1)
    c = s.cohomology()
    assert (c.h0, c.h1, c.rank) == (5, 0, 1)


def test_path_from_arrays_agrees_with_constructor_by_hand():
    s = CellularSheaf.from_arrays(
        3,
        np.array([[0, 1], [2, 1]]),
        np.array([[[[2.0]], [[1.0]]], [[[1.0]], [[1.0]]]]),
    )
    # rows: f1 - 2 f0, f1 - f2; sections (1, 2, 2)
    assert s.coboundary().toarray().tolist() == [[-2.0, 1.0, 0.0], [0.0, 1.0, -1.0]]
    assert s.vertices == (0, 1, 2)
    assert sorted(s.graph.edges()) == [(0, 1), (1, 2)]
    basis = s.global_sections(method="numeric")
    v = basis[:, 0] / basis[0, 0]
    assert np.allclose(v, [1.0, 2.0, 2.0])
    assert s.cohomology(method="exact").h0 == 1
