"""The numeric kernel's bookkeeping per component (issue 33, mutants of theory/sheaf/_fast.py).

Oracles: sheaves whose sections are known by hand (isolated vertices, a path,
a triangle) and the documented report: the residual ``||d0 Q||_2`` of the basis
found is 0 when no component needs a numeric basis, and the path names every
kind of component met.
"""

import networkx as nx
import numpy as np

from theory.sheaf import CellularSheaf


def test_only_isolated_vertices_report_a_zero_residual():
    s = CellularSheaf.from_arrays(3, [], np.zeros((0, 2, 2, 2)))
    c = s.cohomology(method="numeric")
    assert (c.h0, c.h1, c.path, c.residual) == (6, 0, "isolated", 0.0)
    np.testing.assert_array_equal(s.global_sections(method="numeric"), np.eye(6))


def test_columns_follow_the_components_by_smallest_vertex():
    # vertex 0 isolated, the edge 1 - 3, vertex 2 isolated (R^1 stalks):
    # components by smallest vertex: {0}, {1, 3}, {2}
    s = CellularSheaf.from_arrays(4, np.array([[3, 1]]), np.ones((1, 2, 1, 1)))
    c = s.cohomology(method="numeric")
    assert (c.h0, c.h1, c.path) == (3, 0, "dense+isolated")
    assert c.residual < 1e-15
    basis = s.global_sections(method="numeric")
    np.testing.assert_allclose(
        np.abs(basis),
        [[1, 0, 0], [0, 0.5**0.5, 0], [0, 0, 1], [0, 0.5**0.5, 0]],
        atol=1e-15,
    )


def test_mixed_paths_on_one_sheaf():
    # a 1300-vertex cycle (frames), a triangle (dense) and an isolated vertex
    n = 1300
    g = nx.cycle_graph(n)
    g.add_edges_from([(n, n + 1), (n + 1, n + 2), (n, n + 2)])
    g.add_node(n + 3)
    s = CellularSheaf.constant(g, 1)
    c = s.cohomology(method="numeric")
    assert (c.h0, c.h1, c.path) == (3, 2, "dense+frames+isolated")
    assert c.residual < 1e-9


def test_dense_limit_is_1200_coordinates_per_component():
    # a path with exactly 1200 vertex coordinates is dense; one more is large
    # (frames, its stalks all R^1); either way one section and no H1
    for n, path in ((1200, "dense"), (1201, "frames")):
        edges = np.stack([np.arange(n - 1), np.arange(1, n)], axis=1)
        s = CellularSheaf.from_arrays(n, edges, np.ones((n - 1, 2, 1, 1)))
        c = s.cohomology(method="numeric")
        assert (c.h0, c.h1, c.path) == (1, 0, path)
        q = s.global_sections(method="numeric")
        np.testing.assert_allclose(np.abs(q[:, 0]), n**-0.5, rtol=1e-9)
