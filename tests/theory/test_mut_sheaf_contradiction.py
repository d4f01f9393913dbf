"""The contradiction detectors at their boundaries (issue 33, mutants of theory/sheaf/contradiction.py).

Oracles: scores and verdicts computed by hand on tiny sheaves (a path of two
vertices, a triangle, a sheaf whose maps are all zero so that every edge
datum is its own harmonic part, bit for bit), and the documented
conventions: an edge offends iff its discrepancy is ``> atol``, edge data is
explainable iff its harmonic norm is ``<= atol``, the paper flags iff its
score is ``>= 0.45``.
"""

from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from theory.sheaf import (
    PAPER_EPSILON,
    PAPER_THRESHOLD,
    CellularSheaf,
    detect_contradictions,
    detect_edge_contradictions,
    paper_score,
)


def _path2():
    return CellularSheaf.constant(nx.path_graph(2), 1)


def _zero_maps():
    # d0 = 0 (float): the harmonic part of any edge data is the data itself
    z = np.zeros((1, 1))
    return CellularSheaf(nx.path_graph(2), {(0, 1): (z, z)})


def _score_nine_twentieths():
    # edge 0 - 1 (R^1) plus an isolated vertex with stalk R^3:
    # ||d0 f||^2 = 3^2 = 9 and ||f||^2 = 0 + 9 + (9 + 1 + 1) = 20
    g = nx.Graph()
    g.add_nodes_from([0, 1, 2])
    g.add_edge(0, 1)
    s = CellularSheaf(g, {(0, 1): ([[1]], [[1]])}, vertex_dims={2: 3})
    return s, {0: [0], 1: [3], 2: [3, 1, 1]}


def test_paper_epsilon_default_is_1e_8():
    assert PAPER_EPSILON == 1e-8
    # ||d0 f||^2 = ||f||^2 = 1e-8: the default epsilon doubles the denominator
    f = [0.0, 1e-4]
    assert paper_score(_path2(), f) == pytest.approx(0.5, rel=1e-12)
    assert paper_score(_path2(), f, epsilon=0.0) == pytest.approx(1.0, rel=1e-12)
    r = detect_contradictions(_path2(), f)
    assert r.paper_score == pytest.approx(0.5, rel=1e-12)
    assert r.paper_flag


def test_paper_flag_is_inclusive_at_the_threshold():
    s, f = _score_nine_twentieths()
    assert paper_score(s, f, epsilon=0.0) == 0.45 == PAPER_THRESHOLD
    r = detect_contradictions(s, f, epsilon=0.0)
    assert r.paper_score == 0.45
    assert r.paper_flag
    assert not r.consistent
    assert r.exact
    # the default epsilon lowers the score just below the threshold
    r = detect_contradictions(s, f)
    assert r.paper_score < 0.45
    assert not r.paper_flag


def test_exact_paper_score_adds_epsilon_to_the_denominator():
    # num = 1, den = 1: 1 / (1 + epsilon)
    assert paper_score(_path2(), [0, 1], epsilon=1.0) == 0.5
    assert paper_score(_path2(), [0, 1], epsilon=3.0) == 0.25
    # (1/2)^2 / (1/4 + 1 + 1/4) = 1/6, rounded once
    assert paper_score(_path2(), [Fraction(1, 2), 1], epsilon=0.25) == 1 / 6


def test_float_paper_score_adds_epsilon_to_the_denominator():
    assert paper_score(_path2(), [0.0, 1.0], epsilon=1.0) == 0.5
    assert paper_score(_path2(), [0.0, 1.0], epsilon=0.0) == 1.0
    assert paper_score(_path2(), [0.0, 2.0], epsilon=1.0) == 0.8


@pytest.mark.parametrize("f", [[0, 0], [0.0, 0.0], [Fraction(0), 0.0]])
def test_paper_score_refuses_zero_over_zero(f):
    with pytest.raises(
        ValueError, match=r"^paper_score is 0/0 for f = 0 with epsilon = 0$"
    ):
        paper_score(_path2(), f, epsilon=0.0)
    # any positive epsilon makes it 0 / epsilon = 0
    assert paper_score(_path2(), f, epsilon=1e-300) == 0.0


def test_offending_edge_is_strictly_above_atol():
    # a float discrepancy of exactly 0.5 on the only edge
    r = detect_contradictions(_path2(), [0.0, 0.5], atol=0.5)
    assert r.consistent
    assert not r.exact
    assert r.offending_edges == ()
    assert r.consistency_radius == 0.5
    r = detect_contradictions(_path2(), [0.0, 0.5], atol=0.25)
    assert not r.consistent
    assert r.offending_edges == ((0, 1),)
    assert r.discrepancies == (0.5,)


def test_a_sheaf_without_edges_has_radius_zero():
    g = nx.Graph()
    g.add_nodes_from(["a", "b"])
    s = CellularSheaf(g, {}, vertex_dims={"a": 1, "b": 2})
    for f in ({"a": [1], "b": [2, 3]}, {"a": [1.5], "b": [2.0, 3.0]}):
        r = detect_contradictions(s, f)
        assert r.consistent
        assert r.offending_edges == ()
        assert r.consistency_radius == 0.0
        assert r.distance_to_consistency == 0.0
        assert r.paper_score == 0.0


def test_edge_data_explainable_iff_harmonic_norm_at_most_atol():
    s = _zero_maps()
    r = detect_edge_contradictions(s, [0.5], atol=0.5)
    assert r.explainable
    assert not r.exact
    assert r.obstruction_norm == 0.5
    assert r.implicated_edges == ()
    r = detect_edge_contradictions(s, [0.5], atol=0.25)
    assert not r.explainable
    assert r.implicated_edges == ((0, 1),)
    r = detect_edge_contradictions(s, [0.0])
    assert r.explainable
    assert r.obstruction_norm == 0.0
    assert r.implicated_edges == ()


def test_numeric_edge_data_on_a_triangle():
    s = CellularSheaf.constant(nx.cycle_graph(3), 1)
    # a coboundary (1, 2, 1) = d0 (0, 1, 2) over edges (0,1), (0,2), (1,2)
    r = detect_edge_contradictions(s, [1.0, 2.0, 1.0])
    assert r.explainable
    assert r.obstruction_norm < 1e-12
    # the circulation (1, -1, 1) is entirely harmonic: norm sqrt(3)
    r = detect_edge_contradictions(s, [1.0, -1.0, 1.0])
    assert not r.explainable
    assert r.obstruction_norm == pytest.approx(3**0.5, rel=1e-12)
    assert r.implicated_edges == ((0, 1), (0, 2), (1, 2))


@pytest.mark.parametrize("atol", [-1e-12, -1.0])
def test_negative_atol_is_refused(atol):
    with pytest.raises(ValueError, match="atol"):
        detect_edge_contradictions(_zero_maps(), [0.0], atol=atol)
    with pytest.raises(ValueError, match="atol"):
        detect_contradictions(_path2(), [0.0, 0.0], atol=atol)


@pytest.mark.parametrize("bad", [None, "sheaf", nx.path_graph(2)])
def test_detectors_name_a_non_sheaf(bad):
    kind = type(bad).__name__
    with pytest.raises(
        TypeError, match=rf"^sheaf must be a CellularSheaf, got {kind}$"
    ):
        detect_contradictions(bad, [0, 0])
    with pytest.raises(
        TypeError, match=rf"^sheaf must be a CellularSheaf, got {kind}$"
    ):
        detect_edge_contradictions(bad, [0])
