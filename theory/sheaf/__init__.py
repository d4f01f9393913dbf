"""Cellular sheaves on graphs: coboundary, Laplacian, cohomology, contradictions (docs/guide/sheaves.md, SLM-S5.4).

A cellular sheaf ``F`` on a graph assigns a vector space ``F(v) = R^{d_v}``
(the *stalk*) to each vertex, ``F(e) = R^{d_e}`` to each edge, and a linear
*restriction map* ``F_{v<e} : F(v) -> F(e)`` to each incidence. Each edge
carries a fixed orientation ``e = (u -> v)`` and the coboundary is

    (d0 f)_e = F_{v<e} f(v) - F_{u<e} f(u).

A graph has no 2-cells, so ``H0 = ker d0`` (global sections) and
``H1 = C1 / im d0``, ``dim H1 = dim C1 - rank d0``.

Orientation convention: the key ``(u, v)`` under which the caller gives an
edge's maps is its orientation (for a ``DiGraph`` it must be the edge's
direction). Edges are listed in ``graph.edges()`` order (insertion order),
vertices in ``graph.nodes`` order. Self-loops and multigraphs are rejected
(subdivide them). Sign conventions change no kernel, image, rank or norm.

Contradiction detection for memory assertions across contexts (vertex data
against ``d0 f = 0``, edge data against ``H1``) is in
:mod:`theory.sheaf.contradiction`, re-exported here; the floating-point
kernels are in :mod:`theory.sheaf.numeric`.
"""

from theory.sheaf._cellular import CellularSheaf, SheafCohomology
from theory.sheaf.contradiction import (
    PAPER_EPSILON,
    PAPER_THRESHOLD,
    ContradictionReport,
    ObstructionReport,
    detect_contradictions,
    detect_edge_contradictions,
    memory_sheaf,
    paper_score,
)

__all__ = [
    "PAPER_EPSILON",
    "PAPER_THRESHOLD",
    "CellularSheaf",
    "ContradictionReport",
    "ObstructionReport",
    "SheafCohomology",
    "detect_contradictions",
    "detect_edge_contradictions",
    "memory_sheaf",
    "paper_score",
]
