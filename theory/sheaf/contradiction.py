"""Contradiction detection for memory assertions across contexts (docs/guide/sheaves.md, SLM-S5.4).

Contexts are the vertices of a cellular sheaf; a shared memory between two
contexts is an edge whose restriction maps read the shared part out of each
context's stalk (:func:`memory_sheaf`). Two kinds of data, two questions:

* **Vertex data** ``f`` (each context asserts values): the assertions are
  consistent iff ``d0 f = 0``. Localisation rule: an edge is *offending* iff
  its discrepancy ``(d0 f)_e`` is nonzero (exactly, for rational data) or has
  Euclidean norm ``> atol`` (numeric). The distance to consistency is
  ``||f - P f||`` with ``P`` the orthogonal projection onto ``H0 = ker d0``
  (the least-squares best global section ``P f``).
* **Edge data** ``y`` (observed pairwise discrepancies or relations): ``y``
  is explainable by re-assigning vertex data iff ``y`` lies in ``im d0``;
  otherwise its class in ``H1 = C1 / im d0`` is a true (irreconcilable)
  obstruction. Its harmonic representative ``h`` (the part of ``y``
  orthogonal to ``im d0``) is implicated edge by edge: ``h_e != 0``. This
  localises to cycles, not to a single culprit edge: any edge of an
  offending cycle could be blamed, and the data cannot say which.

The paper's score ``||d0 f||^2 / (||f||^2 + epsilon)`` with threshold 0.45
is implemented as stated (:func:`paper_score`) for side-by-side comparison;
see the claims ``SLM-S5.4-*`` in ``proofs.claims.slm.sheaf`` for where it fails.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import networkx as nx
import numpy as np

from theory.sheaf._cellular import CellularSheaf
from theory.validation import check_instance, check_real

__all__ = [
    "PAPER_EPSILON",
    "PAPER_THRESHOLD",
    "ContradictionReport",
    "ObstructionReport",
    "detect_contradictions",
    "detect_edge_contradictions",
    "memory_sheaf",
    "paper_score",
]

PAPER_THRESHOLD = 0.45
"""The paper's contradiction-score threshold (SLM §5.4, docs/guide/sheaves.md §2, SLM-S5.4)."""

PAPER_EPSILON = 1e-8
"""Our default for the paper's ``epsilon`` (our restatement of SLM §5.4 gives none)."""

_Edge = tuple[Hashable, Hashable]


@dataclass(frozen=True, slots=True)
class ContradictionReport:
    """Verdict on vertex data, with the paper's score beside it.

    Attributes
    ----------
    consistent : bool
        ``d0 f = 0`` (exactly for rational data, else every edge ``<= atol``).
    exact : bool
        Whether the decision was made in exact rational arithmetic.
    offending_edges : tuple
        Edges with nonzero discrepancy, largest discrepancy first.
    discrepancies : tuple of float
        ``||(d0 f)_e||_2`` for each offending edge, same order.
    consistency_radius : float
        ``max_e ||(d0 f)_e||_2``.
    distance_to_consistency : float
        Distance from ``f`` to the nearest global section.
    paper_score : float
        ``||d0 f||^2 / (||f||^2 + epsilon)``.
    paper_flag : bool
        ``paper_score >= PAPER_THRESHOLD``.

    Examples
    --------
    >>> import networkx as nx
    >>> from theory.sheaf import detect_contradictions
    >>> from theory.sheaf import CellularSheaf
    >>> r = detect_contradictions(CellularSheaf.constant(nx.path_graph(2), 1), [0, 1])
    >>> (r.consistent, r.offending_edges)
    (False, ((0, 1),))
    """

    consistent: bool
    exact: bool
    offending_edges: tuple[_Edge, ...]
    discrepancies: tuple[float, ...]
    consistency_radius: float
    distance_to_consistency: float
    paper_score: float
    paper_flag: bool


@dataclass(frozen=True, slots=True)
class ObstructionReport:
    """Verdict on edge data: is it a coboundary, and where is its ``H1`` class.

    Attributes
    ----------
    explainable : bool
        ``y`` lies in ``im d0`` (some vertex data produces it).
    exact : bool
        Whether decided in exact rational arithmetic.
    obstruction_norm : float
        Norm of the harmonic part (0 iff explainable).
    implicated_edges : tuple
        Edges where the harmonic part is nonzero (``> atol`` numerically).

    Examples
    --------
    >>> import networkx as nx
    >>> from theory.sheaf import detect_edge_contradictions
    >>> from theory.sheaf import CellularSheaf
    >>> s = CellularSheaf.constant(nx.cycle_graph(3), 1)
    >>> detect_edge_contradictions(s, [1, -1, 1]).implicated_edges
    ((0, 1), (0, 2), (1, 2))
    """

    explainable: bool
    exact: bool
    obstruction_norm: float
    implicated_edges: tuple[_Edge, ...]


def detect_contradictions(
    sheaf: CellularSheaf,
    assertions: object,
    *,
    atol: float = 1e-9,
    epsilon: float = PAPER_EPSILON,
) -> ContradictionReport:
    """Decide whether vertex assertions agree on every shared memory, and where not.

    Parameters
    ----------
    sheaf : CellularSheaf
        Contexts as vertices, shared memories as edges.
    assertions : mapping or vector
        ``{context: vector}`` or a flat vector of length ``dim C0``.
    atol : float
        Numeric data only: an edge offends iff its discrepancy norm is ``> atol``.
    epsilon : float
        The paper's ``epsilon`` in its score (reported, not used to decide).

    Returns
    -------
    ContradictionReport

    Notes
    -----
    Correct by construction: consistent iff ``d0 f = 0`` (docs/guide/sheaves.md
    §2, SLM-S5.4). A consistent assignment has paper score exactly 0; an
    inconsistent one can score below 0.45 (large ``||f||``, small disagreement).

    Examples
    --------
    >>> import networkx as nx
    >>> from theory.sheaf import detect_contradictions
    >>> from theory.sheaf import CellularSheaf
    >>> s = CellularSheaf.constant(nx.cycle_graph(3), 1)
    >>> r = detect_contradictions(s, {0: [100], 1: [100], 2: [101]})
    >>> (r.consistent, r.offending_edges, r.paper_flag)
    (False, ((0, 2), (1, 2)), False)
    """
    if not isinstance(sheaf, CellularSheaf):
        msg = f"sheaf must be a CellularSheaf, got {type(sheaf).__name__}"
        raise TypeError(msg)
    atol = check_real(atol, "atol", low=0.0)
    values = sheaf.apply_coboundary(assertions)
    exact = all(isinstance(x, Fraction) for vec in values.values() for x in vec)
    norms = {e: _norm(vec) for e, vec in values.items()}
    if exact:
        bad = [e for e, vec in values.items() if any(x != 0 for x in vec)]
    else:
        bad = [e for e, n in norms.items() if n > atol]
    bad.sort(key=lambda e: -norms[e])
    score = paper_score(sheaf, assertions, epsilon=epsilon)
    return ContradictionReport(
        consistent=not bad,
        exact=exact,
        offending_edges=tuple(bad),
        discrepancies=tuple(norms[e] for e in bad),
        consistency_radius=max(norms.values(), default=0.0),
        distance_to_consistency=sheaf.distance_to_consistency(
            assertions, method="exact" if exact else "numeric"
        ),
        paper_score=score,
        paper_flag=score >= PAPER_THRESHOLD,
    )


def detect_edge_contradictions(
    sheaf: CellularSheaf, edge_data: object, *, atol: float = 1e-9
) -> ObstructionReport:
    """Decide whether edge data is explainable by vertex data; implicate its ``H1`` class.

    Parameters
    ----------
    sheaf : CellularSheaf
    edge_data : mapping or vector
        ``{(u, v): vector}`` keyed by the sheaf's orientation, or flat.
    atol : float
        Numeric data only: tolerance on the harmonic part.

    Returns
    -------
    ObstructionReport

    Examples
    --------
    A bridge never carries an obstruction of the constant sheaf:

    >>> import networkx as nx
    >>> from theory.sheaf import detect_edge_contradictions
    >>> from theory.sheaf import CellularSheaf
    >>> s = CellularSheaf.constant(nx.path_graph(3), 1)
    >>> detect_edge_contradictions(s, [5, -2]).explainable
    True
    """
    if not isinstance(sheaf, CellularSheaf):
        msg = f"sheaf must be a CellularSheaf, got {type(sheaf).__name__}"
        raise TypeError(msg)
    atol = check_real(atol, "atol", low=0.0)
    part = sheaf.harmonic_part(edge_data)
    exact = all(isinstance(x, Fraction) for vec in part.values() for x in vec)
    if exact:
        implicated = [e for e, vec in part.items() if any(x != 0 for x in vec)]
    else:
        implicated = [e for e, vec in part.items() if _norm(vec) > atol]
    total = math.sqrt(sum(_norm(vec) ** 2 for vec in part.values()))
    explainable = not implicated if exact else total <= atol
    return ObstructionReport(explainable, exact, total, tuple(implicated))


def paper_score(
    sheaf: CellularSheaf, f: object, *, epsilon: float = PAPER_EPSILON
) -> float:
    """Return the paper's score ``||d0 f||^2 / (||f||^2 + epsilon)`` (SLM §5.4).

    Implemented as stated in docs/guide/sheaves.md §2 (SLM-S5.4); the paper flags a
    contradiction when the score reaches :data:`PAPER_THRESHOLD`. Exact
    rational arithmetic when the data is rational, rounded once at the end.

    Examples
    --------
    >>> import networkx as nx
    >>> from theory.sheaf import paper_score
    >>> from theory.sheaf import CellularSheaf
    >>> s = CellularSheaf.constant(nx.path_graph(2), 1)
    >>> round(paper_score(s, [0, 1], epsilon=0.0), 12)
    1.0
    """
    check_instance(sheaf, "sheaf", CellularSheaf)
    epsilon = check_real(epsilon, "epsilon", low=0.0)
    disc = [x for vec in sheaf.apply_coboundary(f).values() for x in vec]
    flat = _flat_values(sheaf, f)
    num = _sum_squares(disc)
    den = _sum_squares(flat)
    if isinstance(num, Fraction) and isinstance(den, Fraction):
        total = den + Fraction(epsilon)
        if total == 0:
            msg = "paper_score is 0/0 for f = 0 with epsilon = 0"
            raise ValueError(msg)
        return float(num / total)
    if float(den) + epsilon == 0.0:
        msg = "paper_score is 0/0 for f = 0 with epsilon = 0"
        raise ValueError(msg)
    return float(num) / (float(den) + epsilon)


def memory_sheaf(contexts: Mapping[Hashable, Sequence[Hashable]]) -> CellularSheaf:
    """Build the sheaf of contexts and shared memories.

    Each context ``c`` holds the memories ``contexts[c]`` (its stalk is
    ``R^len``, coordinates in the listed order). Two contexts sharing at least
    one memory are joined by an edge oriented from the earlier to the later
    context (mapping order); its stalk has one coordinate per shared memory
    (in the earlier context's order) and both restriction maps are the 0/1
    coordinate projections, so ``(d0 f)_e`` is the difference of the two
    contexts' values of the shared memories. Exact (integer maps).

    Examples
    --------
    >>> from theory.sheaf import detect_contradictions, memory_sheaf
    >>> s = memory_sheaf({"a": ["x", "y"], "b": ["y", "z"], "c": ["z", "x"]})
    >>> s.edges
    (('a', 'b'), ('a', 'c'), ('b', 'c'))
    >>> r = detect_contradictions(s, {"a": [1, 2], "b": [2, 3], "c": [4, 1]})
    >>> r.offending_edges
    (('b', 'c'),)
    """
    if not isinstance(contexts, Mapping) or not contexts:
        msg = f"contexts must be a non-empty mapping context -> memory keys, got {contexts!r}"
        raise TypeError(msg) if not isinstance(contexts, Mapping) else ValueError(msg)
    keys: dict[Hashable, list[Hashable]] = {}
    for c, mem in contexts.items():
        if isinstance(mem, str) or not isinstance(mem, Sequence) or not mem:
            msg = f"contexts[{c!r}] must be a non-empty sequence of memory keys, got {mem!r}"
            raise ValueError(msg)
        if len(set(mem)) != len(mem):
            msg = f"contexts[{c!r}] lists a memory twice: {list(mem)!r}"
            raise ValueError(msg)
        keys[c] = list(mem)
    graph: nx.Graph[Any] = nx.Graph()
    graph.add_nodes_from(keys)
    maps = {}
    names = list(keys)
    for i, u in enumerate(names):
        for v in names[i + 1 :]:
            shared = [k for k in keys[u] if k in set(keys[v])]
            if shared:
                graph.add_edge(u, v)
                maps[(u, v)] = (
                    _projection(keys[u], shared),
                    _projection(keys[v], shared),
                )
    return CellularSheaf(graph, maps, vertex_dims={c: len(m) for c, m in keys.items()})


def _projection(
    keys: Sequence[Hashable], shared: Sequence[Hashable]
) -> list[list[int]]:
    return [[int(k == s) for k in keys] for s in shared]


def _norm(vec: Sequence[Any]) -> float:
    if all(isinstance(x, Fraction) for x in vec):
        return math.sqrt(sum((x * x for x in vec), Fraction(0)))
    return float(np.linalg.norm(np.array(vec, dtype=np.float64)))


def _sum_squares(values: Sequence[Any]) -> Fraction | float:
    if all(isinstance(x, Fraction) for x in values):
        return sum((x * x for x in values), Fraction(0))
    return float(sum(float(x) ** 2 for x in values))


def _flat_values(sheaf: CellularSheaf, f: object) -> list[Any]:
    """Flatten vertex data as the sheaf reads it (exact when rational)."""
    mat = sheaf._layout.vertex_data(f)  # private access within theory
    if mat.exact is not None:
        return [row[0] for row in mat.exact]
    return [float(x) for x in mat.numeric[:, 0]]
