"""Benchmark: sheaf cohomology at the sizes of issue 7 (part A).

Run ``python tests/bench/bench_sheaf.py``. Prints, measured in one run:

* numeric cohomology of a random connected sheaf with 10^4 vertices,
  3 x 10^4 edges and stalk dimension 4 (Gaussian float maps), target < 10 s;
* exact cohomology (over QQ) of a random connected sheaf with 10^3 edges
  and stalk dimension 2 (maps with entries p/q, |p| <= 9, 1 <= q <= 9),
  target < 30 s;
* for the exact case also the rank from a dense float SVD, as a cross-check.

Also times a flat sheaf of the first size (gauge-transformed constant
sheaf, ``h0 = 4`` by construction) to exercise a nonzero kernel.

Random connected graphs: a uniformly random labelled tree (networkx) plus
uniformly random extra edges (no loops, no repeats) up to the edge count;
everything is seeded.
"""

from __future__ import annotations

import time
from fractions import Fraction

import networkx as nx
import numpy as np

from theory.sheaf import CellularSheaf


def random_graph(n: int, m: int, seed: int) -> nx.Graph:
    """Connected graph: random labelled tree plus random extra edges."""
    rng = np.random.default_rng(seed)
    graph = nx.random_labeled_tree(n, seed=seed)
    count = n - 1
    while count < m:
        u, v = (int(x) for x in rng.integers(0, n, 2))
        if u != v and not graph.has_edge(u, v):
            graph.add_edge(u, v)
            count += 1
    return graph


def float_sheaf(n: int, m: int, d: int, seed: int) -> CellularSheaf:
    """Gaussian restriction maps on a random connected graph."""
    graph = random_graph(n, m, seed)
    rng = np.random.default_rng(seed + 1)
    maps = {
        e: (rng.standard_normal((d, d)), rng.standard_normal((d, d)))
        for e in graph.edges()
    }
    return CellularSheaf(graph, maps)


def flat_sheaf(n: int, m: int, d: int, seed: int) -> CellularSheaf:
    """Gauge-transformed constant sheaf: ``F_{v<e} = G_v``; sections ``G_v^-1 c``, h0 = d."""
    graph = random_graph(n, m, seed)
    rng = np.random.default_rng(seed + 2)
    gauge = rng.standard_normal((n, d, d)) + 3 * np.eye(d)
    return CellularSheaf(
        graph, {(u, v): (gauge[u], gauge[v]) for u, v in graph.edges()}
    )


def rational_sheaf(n: int, m: int, d: int, seed: int) -> CellularSheaf:
    """Rational restriction maps p/q on a random connected graph."""
    graph = random_graph(n, m, seed)
    rng = np.random.default_rng(seed + 1)

    def mat() -> list[list[Fraction]]:
        p = rng.integers(-9, 10, (d, d))
        q = rng.integers(1, 10, (d, d))
        return [
            [Fraction(int(a), int(b)) for a, b in zip(r, s, strict=True)]
            for r, s in zip(p, q, strict=True)
        ]

    return CellularSheaf(graph, {e: (mat(), mat()) for e in graph.edges()})


def _timed(label: str, fn):
    start = time.perf_counter()
    out = fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<48} {elapsed:8.2f} s")
    return out, elapsed


def main() -> None:
    """Run both targets and print times and results."""
    sheaf, _ = _timed(
        "build float sheaf (10^4 V, 3x10^4 E, d=4)",
        lambda: float_sheaf(10**4, 3 * 10**4, 4, 7),
    )
    coh, t_num = _timed(
        "numeric cohomology", lambda: sheaf.cohomology(method="numeric")
    )
    print(
        f"  h0={coh.h0} h1={coh.h1} rank={coh.rank} tol={coh.tolerance:.3g} residual={coh.residual:.3g}"
    )
    print(f"  target < 10 s: {'met' if t_num < 10 else 'MISSED'}")
    flat, _ = _timed(
        "build flat sheaf (same size, h0 = 4 by design)",
        lambda: flat_sheaf(10**4, 3 * 10**4, 4, 7),
    )
    coh, _ = _timed(
        "numeric cohomology (flat)", lambda: flat.cohomology(method="numeric")
    )
    print(
        f"  h0={coh.h0} (expected 4) h1={coh.h1} (expected 80004) residual={coh.residual:.3g}"
    )

    for n in (334, 700):
        exact, _ = _timed(
            f"build rational sheaf ({n} V, 10^3 E, d=2)",
            lambda n=n: rational_sheaf(n, 1000, 2, 11),
        )
        coh, t_ex = _timed(
            "exact cohomology", lambda exact=exact: exact.cohomology(method="exact")
        )
        dense = np.linalg.matrix_rank(exact.coboundary().toarray())
        print(f"  h0={coh.h0} h1={coh.h1} rank={coh.rank} (float SVD rank {dense})")
        print(f"  target < 30 s: {'met' if t_ex < 30 else 'MISSED'}")


if __name__ == "__main__":
    main()
