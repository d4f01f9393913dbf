"""Exact (rational) cohomology through CellularSheaf (issue 33, mutants of theory/sheaf/_exact.py).

Oracles: sheaves computed by hand, including the degenerate ones (no edges,
all-zero maps) where the exact kernels take their early returns, and the
exact answers checked against each other (``d0`` times a section is zero, the
harmonic part is orthogonal to every column of ``d0``).
"""

from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from theory.sheaf import CellularSheaf, detect_edge_contradictions


def _zero_exact():
    # rational maps that are all zero: im d0 = 0, every edge datum is harmonic
    return CellularSheaf(
        nx.path_graph(3), {(0, 1): ([[0]], [[0]]), (1, 2): ([[0]], [[0]])}
    )


def test_exact_harmonic_part_of_a_zero_coboundary_is_the_data():
    s = _zero_exact()
    assert s.is_rational
    y = {(0, 1): [Fraction(1, 3)], (1, 2): [-2]}
    assert s.harmonic_part(y) == {(0, 1): (Fraction(1, 3),), (1, 2): (Fraction(-2),)}
    assert s.harmonic_part([0, 0]) == {(0, 1): (Fraction(0),), (1, 2): (Fraction(0),)}
    r = detect_edge_contradictions(s, y)
    assert r.exact
    assert not r.explainable
    assert r.implicated_edges == ((0, 1), (1, 2))
    c = s.cohomology()
    assert (c.h0, c.h1, c.rank) == (3, 2, 0)
    assert s.harmonic_cochains().T.tolist() == [[1, 0], [0, 1]]


def test_exact_on_a_sheaf_without_edges():
    g = nx.Graph()
    g.add_nodes_from(["a", "b"])
    s = CellularSheaf(g, {}, vertex_dims={"a": 2, "b": 1})
    c = s.cohomology(method="exact")
    assert (c.h0, c.h1, c.dim_c0, c.dim_c1, c.rank) == (3, 0, 3, 0, 0)
    basis = s.global_sections(method="exact")
    assert basis.shape == (3, 3)
    assert basis.T.tolist() == [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    assert s.apply_coboundary({"a": [1, 2], "b": [3]}) == {}
    assert s.distance_to_consistency({"a": [1, 2], "b": [3]}) == 0.0
    assert s.harmonic_cochains(method="exact").shape == (0, 0)


def test_exact_path_with_a_twisted_two_dimensional_edge():
    # F(0) = F(1) = R^2, edge map at 1 swaps coordinates: sections f1 = swap(f0)
    swap = [[0, 1], [1, 0]]
    eye = [[1, 0], [0, 1]]
    s = CellularSheaf(nx.path_graph(2), {(0, 1): (eye, swap)})
    c = s.cohomology()
    assert (c.h0, c.h1, c.rank, c.method) == (2, 0, 2, "exact")
    basis = s.global_sections()
    d0 = np.array(s.coboundary_exact().to_Matrix().tolist(), dtype=object)
    assert all(x == 0 for x in (d0 @ basis).ravel())
    assert s.apply_coboundary([1, 2, 3, 5]) == {(0, 1): (Fraction(4), Fraction(1))}
    # distance of f from the sections {(a, b, b, a)}: by hand
    # f = (1, 2, 3, 5): best a = (1 + 5) / 2 = 3, b = (2 + 3) / 2 = 5/2,
    # residual (-2, -1/2, 1/2, 2) with norm sqrt(4 + 1/4 + 1/4 + 4) = sqrt(8.5)
    assert s.distance_to_consistency([1, 2, 3, 5]) == pytest.approx(8.5**0.5, rel=1e-15)


def test_exact_harmonic_part_on_a_triangle_with_two_dimensional_stalks():
    s = CellularSheaf.constant(nx.cycle_graph(3), 2)
    # edges (0, 1), (0, 2), (1, 2); circulation in the first coordinate only
    y = [1, 0, -1, 0, 1, 0]
    part = s.harmonic_part(y)
    assert part == {
        (0, 1): (Fraction(1), Fraction(0)),
        (0, 2): (Fraction(-1), Fraction(0)),
        (1, 2): (Fraction(1), Fraction(0)),
    }
    # a coboundary plus the circulation keeps only the circulation
    f = [0, 0, 1, 1, 3, 1]  # d0 f = (1, 1, 3, 1, 2, 0)
    y2 = [a + b for a, b in zip(y, [1, 1, 3, 1, 2, 0], strict=True)]
    assert s.harmonic_part(y2) == part
    assert s.is_coboundary([1, 1, 3, 1, 2, 0])
    assert s.apply_coboundary(f) == {
        (0, 1): (Fraction(1), Fraction(1)),
        (0, 2): (Fraction(3), Fraction(1)),
        (1, 2): (Fraction(2), Fraction(0)),
    }
