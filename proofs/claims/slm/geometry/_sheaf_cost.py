"""SLM §5.4's complexity claims for the sheaf layer.

The paper prices the coboundary at ``O(|E| d)`` and ``H1`` (a rank of the
coboundary matrix) at ``O(|E|^2 d)`` in the worst case. Its restriction maps
``rho_{u->v}`` are arbitrary linear maps ``R^d -> R^d``. The checks are
adversary (sensitivity) arguments run on :class:`theory.sheaf.CellularSheaf`:
if the answer changes when any one of the ``d^2`` entries of a map changes,
every algorithm must read all of them, ``Omega(d^2)`` work on a fixed graph.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import networkx as nx
import numpy as np

from proofs.records import Kind, Outcome, Verdict, claim_check
from theory.sheaf import CellularSheaf

__all__ = ["check_coboundary_cost", "check_h1_cost", "entries_that_matter"]

_D = 4


@lru_cache(maxsize=4)
def entries_that_matter(d: int) -> tuple[int, int]:
    """Return how many of a map's ``d^2`` entries change ``d0 f`` and ``h1``.

    ``d0 f``: one edge, ``rho`` the all-ones matrix, ``f(u)`` all ones.
    ``h1``: the triangle with ``rho = I`` on two edges and ``I`` or
    ``I + e_i e_j^T`` on the third (then ``h1 = dim ker(rho - I)``, ``d`` vs
    ``d - 1``). Exact rational arithmetic throughout.

    Examples
    --------
    >>> from proofs.claims.slm.geometry._sheaf_cost import entries_that_matter
    >>> entries_that_matter(2)
    (4, 4)
    """
    ones = np.ones((d, d), dtype=np.int64)
    edge = nx.path_graph(2)
    f = {0: [1] * d, 1: [0] * d}
    base = CellularSheaf.from_transport(edge, {(0, 1): ones}).apply_coboundary(f)
    touched = 0
    for i, j in itertools.product(range(d), repeat=2):
        bumped = ones.copy()
        bumped[i, j] += 1
        moved = CellularSheaf.from_transport(edge, {(0, 1): bumped})
        touched += moved.apply_coboundary(f) != base
    tri = nx.cycle_graph(3)
    eye = np.eye(d, dtype=np.int64)

    def h1(first: np.ndarray) -> int:
        maps = {(0, 1): first, (1, 2): eye, (2, 0): eye}
        return CellularSheaf.from_transport(tri, maps).cohomology(method="exact").h1

    h1_base = h1(eye)
    changed = 0
    for i, j in itertools.product(range(d), repeat=2):
        bumped = eye.copy()
        bumped[i, j] += 1
        changed += h1(bumped) != h1_base
    return touched, changed


@claim_check(
    "SLM-S5.4-COST",
    "(SLM §5.4 Complexity; §7.6) the coboundary is a sparse matrix-vector product "
    "costing O(|E| d)",
    Kind.EXHAUSTIVE,
    where="§5.4, Complexity; §7.6 consistency paragraph",
)
def check_coboundary_cost() -> Outcome:
    """SLM-S5.4-COST: the coboundary costs ``O(|E| d)``."""
    touched, _ = entries_that_matter(_D)
    evidence = (
        f"one edge, d = {_D}, rho the all-ones matrix, f(u) all ones: each of the "
        f"d^2 = {_D * _D} entries of rho changes (d0 f)(u, v) [{touched} of "
        f"{_D * _D}], and the same holds for every d (the i-th output gains f_j = 1 "
        "when entry (i, j) moves), so any algorithm reads d^2 entries: Omega(|E| d^2) "
        "for dense restriction maps, not O(|E| d). It holds when every map has O(d) "
        "nonzeros (diagonal or coordinate projections), which the paper does not "
        "require"
    )
    if touched != _D * _D:
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    cx: dict[str, object] = {"graph": "one edge", "rho": "all-ones d x d"}
    cx["f(u)"] = "all ones"
    cx.update(d=_D, entries_that_change_the_output=touched)
    return Outcome(Verdict.REFUTED, evidence, cx)


@claim_check(
    "SLM-S5.4-COST-H1",
    "(SLM §5.4 Complexity) computing H1 via the rank of the coboundary matrix "
    "costs O(|E|^2 d) in the worst case",
    Kind.EXHAUSTIVE,
    where="§5.4, Complexity",
)
def check_h1_cost() -> Outcome:
    """SLM-S5.4-COST-H1: ``H1`` by rank costs ``O(|E|^2 d)`` in the worst case."""
    _, changed = entries_that_matter(_D)
    evidence = (
        f"triangle (|E| = 3), d = {_D}, rho = I on two edges and I or I + e_i e_j^T on "
        f"the third: h1 = dim ker(rho - I) is d for rho = I and d - 1 after moving any "
        f"one of the d^2 entries [{changed} of {_D * _D} change h1, theory.sheaf exact "
        "cohomology]. For every d an algorithm must read all d^2 entries, so the worst "
        "case is Omega(d^2) at fixed |E|, above O(|E|^2 d) = O(9 d) once d > 9"
    )
    if changed != _D * _D:
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    cx: dict[str, object] = {"graph": "triangle"}
    cx["rho"] = "I + e_i e_j^T on one edge, I elsewhere"
    cx.update(d=_D, entries_that_change_h1=changed)
    return Outcome(Verdict.REFUTED, evidence, cx)
