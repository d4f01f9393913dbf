"""Tests of theory.sheaf.contradiction (SLM-S5.4): detector vs the paper's score, side by side.

Every expected number is a hand computation written next to it.
"""

import math
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from theory.sheaf import (
    PAPER_THRESHOLD,
    CellularSheaf,
    detect_contradictions,
    detect_edge_contradictions,
    memory_sheaf,
    paper_score,
)
from theory.strategies import rational_sheaves

TRIANGLE = CellularSheaf.constant(nx.cycle_graph(3), 1)  # edges (0,1), (0,2), (1,2)


def test_paper_threshold_is_the_papers_value():
    """SLM §5.4 states 0.45."""
    assert PAPER_THRESHOLD == 0.45


# Side by side on the worked examples: (sheaf, data, consistent?, offending edges,
# paper score with epsilon = 0 by hand).
WORKED = [
    # consistent triangle: d0 f = 0, score 0
    (TRIANGLE, [1, 1, 1], True, (), Fraction(0)),
    # contradictory triangle (0, 1, 2): d0 f = (1, 2, 1), |d0 f|^2 = 6, |f|^2 = 5
    (TRIANGLE, [0, 1, 2], False, ((0, 2), (0, 1), (1, 2)), Fraction(6, 5)),
    # large values, small disagreement (100, 100, 101): d0 f = (0, 1, 1): 2 / 30201
    (TRIANGLE, [100, 100, 101], False, ((0, 2), (1, 2)), Fraction(2, 30201)),
    # single edge, identity maps, (0, 1): H1 = 0 yet inconsistent; score 1/1
    (
        CellularSheaf.constant(nx.path_graph(2), 1),
        [0, 1],
        False,
        ((0, 1),),
        Fraction(1),
    ),
]


@pytest.mark.parametrize(("sheaf", "f", "consistent", "edges", "score"), WORKED)
def test_worked_examples_side_by_side(sheaf, f, consistent, edges, score):
    """The detector's verdict and the paper's score on the worked examples."""
    report = detect_contradictions(sheaf, f, epsilon=0.0)
    assert report.consistent is consistent
    assert report.exact
    assert report.offending_edges == edges
    assert report.paper_score == pytest.approx(float(score), rel=1e-15)
    assert report.paper_flag is (score >= Fraction(45, 100))


def test_paper_score_misses_a_real_contradiction():
    """(100, 100, 101): inconsistent, but 2/30201 ~ 6.6e-5 < 0.45."""
    report = detect_contradictions(TRIANGLE, [100, 100, 101])
    assert not report.consistent and not report.paper_flag
    assert report.consistency_radius == 1.0  # max(|0|, |1|, |1|)
    # nearest constant section is the mean 301/3; distance^2 = 2(1/3)^2 + (2/3)^2 = 2/3
    assert report.distance_to_consistency == pytest.approx(math.sqrt(2 / 3), rel=1e-15)


def test_paper_score_depends_on_scale_and_offset():
    """t (0, 0, 1): score 2 t^2 / (t^2 + eps); adding a section c (1,1,1) changes it too."""
    eps = 1e-8
    for t in (1.0, 1e-3, 1e-5):
        expected = 2 * t**2 / (t**2 + eps)
        got = paper_score(TRIANGLE, [0.0, 0.0, t], epsilon=eps)
        assert got == pytest.approx(expected, rel=1e-12)
        assert not detect_contradictions(TRIANGLE, [0.0, 0.0, t]).consistent
    assert paper_score(TRIANGLE, [0.0, 0.0, 1e-5], epsilon=eps) < PAPER_THRESHOLD
    # offset by the global section 10 (1, 1, 1): |f|^2 = 100 + 100 + 121 = 321
    assert paper_score(TRIANGLE, [10, 10, 11], epsilon=0.0) == pytest.approx(2 / 321)


def test_mobius_constant_data_is_inconsistent():
    """Twisted triangle, f = (1, 1, 1): the twisted edge sees -1 - 1 = -2 (hand)."""
    graph = nx.cycle_graph(3)
    maps = {e: ([[1]], [[1]]) for e in graph.edges()}
    maps[(0, 2)] = ([[1]], [[-1]])
    report = detect_contradictions(CellularSheaf(graph, maps), [1, 1, 1])
    assert report.offending_edges == ((0, 2),)
    assert report.discrepancies == (2.0,)


def test_numeric_data_uses_atol():
    """Float data: an edge offends iff its discrepancy norm exceeds atol."""
    report = detect_contradictions(TRIANGLE, [0.0, 0.0, 1e-6], atol=1e-9)
    assert not report.consistent and not report.exact
    assert detect_contradictions(TRIANGLE, [0.0, 0.0, 1e-12], atol=1e-9).consistent


def test_edge_data_cycle_obstruction_and_bridge():
    """Triangle with a pendant vertex 3 on 2: the cycle is implicated, the bridge never."""
    graph = nx.cycle_graph(3)
    graph.add_edge(2, 3)
    sheaf = CellularSheaf.constant(graph, 1)
    assert sheaf.edges == ((0, 1), (0, 2), (1, 2), (2, 3))
    # y = (1, 1, 1, 7): the cycle part is (1, -1, 1)/3 (hand, as in test_sheaf)
    report = detect_edge_contradictions(sheaf, [1, 1, 1, 7])
    assert not report.explainable and report.exact
    assert report.implicated_edges == ((0, 1), (0, 2), (1, 2))
    assert report.obstruction_norm == pytest.approx(math.sqrt(3) / 3, rel=1e-15)
    # y02 = y01 + y12: a coboundary, whatever the bridge value
    assert detect_edge_contradictions(sheaf, [1, 3, 2, -5]).explainable
    numeric = detect_edge_contradictions(sheaf, [1.0, 1.0, 1.0, 7.0])
    assert numeric.implicated_edges == report.implicated_edges and not numeric.exact


def test_memory_sheaf_projections():
    """Contexts a{x,y}, b{y,z}, c{z,x}: edges read the shared memory out of each side."""
    s = memory_sheaf({"a": ["x", "y"], "b": ["y", "z"], "c": ["z", "x"]})
    assert s.edges == (("a", "b"), ("a", "c"), ("b", "c"))
    # a says y = 2, b says y = 2: agree; b says z = 3, c says z = 4: disagree by 1
    report = detect_contradictions(s, {"a": [1, 2], "b": [2, 3], "c": [4, 1]})
    assert report.offending_edges == (("b", "c"),)
    assert report.discrepancies == (1.0,)
    assert detect_contradictions(s, {"a": [1, 2], "b": [2, 3], "c": [3, 1]}).consistent
    # three contexts sharing {x, y}: edge stalk of dimension 2
    t = memory_sheaf({"p": ["x", "y"], "q": ["y", "x"], "r": ["x", "y", "w"]})
    assert t.cohomology().h0 == 3  # x, y and w free (hand)


@given(rational_sheaves(max_vertices=4), st.integers(min_value=-3, max_value=3))
def test_sections_pass_and_perturbations_are_caught(sheaf, shift):
    """A global section is consistent with score 0; adding a non-section is caught."""
    basis = sheaf.global_sections()
    f = [sum((c * (j + 1) for j, c in enumerate(row)), Fraction(0)) for row in basis]
    report = detect_contradictions(sheaf, f)
    assert report.consistent and report.paper_score == 0.0
    assert report.distance_to_consistency == 0.0
    d0 = sheaf.coboundary().toarray()
    if not d0.any():
        return
    col = int(np.flatnonzero(np.abs(d0).sum(axis=0))[0])
    g = list(f)
    g[col] += shift or 1
    bad = detect_contradictions(sheaf, g)
    assert not bad.consistent
    assert set(bad.offending_edges) <= set(sheaf.edges)
    assert bad.distance_to_consistency > 0


BAD = [
    (lambda: detect_contradictions("sheaf", [1]), TypeError, "CellularSheaf"),
    (lambda: detect_contradictions(TRIANGLE, [1, 1, 1], atol=-1.0), ValueError, "atol"),
    (lambda: detect_contradictions(TRIANGLE, [1, 1]), ValueError, "length 3"),
    (lambda: detect_edge_contradictions(None, [1]), TypeError, "CellularSheaf"),
    (lambda: detect_edge_contradictions(TRIANGLE, [1, 1]), ValueError, "length 3"),
    (lambda: paper_score(TRIANGLE, [0, 0, 0], epsilon=0.0), ValueError, "0/0"),
    (lambda: paper_score(TRIANGLE, [1, 1, 1], epsilon=-1.0), ValueError, "epsilon"),
    (lambda: memory_sheaf([("a", ["x"])]), TypeError, "mapping"),
    (lambda: memory_sheaf({}), ValueError, "non-empty mapping"),
    (lambda: memory_sheaf({"a": "xy"}), ValueError, "sequence of memory keys"),
    (lambda: memory_sheaf({"a": []}), ValueError, "non-empty sequence"),
    (lambda: memory_sheaf({"a": ["x", "x"]}), ValueError, "twice"),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD)
def test_bad_input(call, error, match):
    """Each bad call raises the named error."""
    with pytest.raises(error, match=match):
        call()


def test_old_path_theory_contradiction_reexports_the_detectors():
    """``theory.contradiction`` (kept for one release) re-exports ``theory.sheaf.contradiction``."""
    import theory.contradiction
    import theory.sheaf
    import theory.sheaf.contradiction

    assert theory.contradiction.__all__ == theory.sheaf.contradiction.__all__
    for name in theory.contradiction.__all__:
        assert getattr(theory.contradiction, name) is getattr(theory.sheaf, name)
