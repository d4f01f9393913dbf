"""Benchmark: sheaf cohomology at the sizes of issue 30 (and of issue 7, part A).

Issue 30 (the default): ``python tests/bench/bench_sheaf.py [--sizes 100000,1000000]
[--kind flat|gaussian|singular] [--old] [--profile]``. For each size ``n``: a
random connected graph with ``n`` vertices and ``3n`` edges (a random recursive
tree plus random extra pairs, vectorised, seeded), stalk 4, and

* ``flat`` maps: a gauge-transformed constant sheaf (``F_{v<e} = G_v``), so
  ``h0 = 4`` and ``h1 = 3n*4 - (4n - 4)`` by construction;
* ``gaussian``: i.i.d. normal maps (invertible, not flat: ``h0 = 0``);
* ``singular``: normal maps with the last row zeroed (every map singular,
  the propagation fallback).

It prints the CPU-seconds (``resource.getrusage``: the machine is shared, so
wall time is not the measure) of the build (``from_arrays``; with ``--old`` the
networkx constructor) and of ``cohomology(method="numeric")``, the peak RSS,
the load average, and the target (< 60 s including the build, < 8 GB).
``--profile`` adds cProfile's top entries (CPU time).

Issue 7: ``python tests/bench/bench_sheaf.py --issue7`` prints, measured in one run:

* numeric cohomology of a random connected sheaf with 10^4 vertices,
  3 x 10^4 edges and stalk dimension 4 (Gaussian float maps), target < 10 s;
* exact cohomology (over QQ) of a random connected sheaf with 10^3 edges
  and stalk dimension 2 (maps with entries p/q, |p| <= 9, 1 <= q <= 9),
  target < 30 s;
* for the exact case also the rank from a dense float SVD, as a cross-check;
* a flat sheaf of the first size (``h0 = 4`` by construction).
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


def issue7() -> None:
    """Issue 7: run both targets and print times and results."""
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


# ----------------------------------------------------------------- issue 30

SCALE_TARGET_S = 60.0
SCALE_TARGET_RSS_GB = 8.0


def random_edges(n: int, m: int, seed: int) -> np.ndarray:
    """``m`` distinct edges on ``n`` vertices, connected: a random recursive tree plus random extra pairs.

    Vectorised (no per-edge Python objects); orientation random.
    """
    rng = np.random.default_rng(seed)
    child = np.arange(1, n, dtype=np.int64)
    parent = (rng.random(n - 1) * child).astype(np.int64)
    edges = np.stack([parent, child], axis=1)
    keys = np.minimum(edges[:, 0], edges[:, 1]) * n + np.maximum(
        edges[:, 0], edges[:, 1]
    )
    while edges.shape[0] < m:
        want = m - edges.shape[0]
        extra = rng.integers(0, n, size=(2 * want + 16, 2), dtype=np.int64)
        extra = extra[extra[:, 0] != extra[:, 1]]
        ek = np.minimum(extra[:, 0], extra[:, 1]) * n + np.maximum(
            extra[:, 0], extra[:, 1]
        )
        ek, first = np.unique(ek, return_index=True)
        keep = ~np.isin(ek, keys)
        extra = extra[first[keep]][:want]
        edges = np.concatenate([edges, extra])
        keys = np.concatenate([keys, ek[keep][:want]])
    flip = rng.random(m) < 0.5
    edges[flip] = edges[flip][:, ::-1]
    return edges[rng.permutation(m)]


def flat_arrays(n: int, m: int, d: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Edges and maps of a gauge-transformed constant sheaf (``F_{v<e} = G_v``): h0 = d."""
    edges = random_edges(n, m, seed)
    rng = np.random.default_rng(seed + 2)
    gauge = rng.standard_normal((n, d, d)) + 3 * np.eye(d)
    maps = np.empty((m, 2, d, d))
    maps[:, 0] = gauge[edges[:, 0]]
    maps[:, 1] = gauge[edges[:, 1]]
    return edges, maps


def _cpu() -> float:
    import resource

    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _peak_rss_gb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # KiB on Linux


def gaussian_arrays(n: int, m: int, d: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Edges and i.i.d. Gaussian maps (invertible, not flat): h0 = 0 almost surely."""
    edges = random_edges(n, m, seed)
    return edges, np.random.default_rng(seed + 3).standard_normal((m, 2, d, d))


def singular_arrays(n: int, m: int, d: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Gaussian maps with their last row zeroed (rank d - 1): every map singular."""
    edges, maps = gaussian_arrays(n, m, d, seed)
    maps[:, :, -1, :] = 0.0
    return edges, maps


KINDS = {"flat": flat_arrays, "gaussian": gaussian_arrays, "singular": singular_arrays}


def scale(n: int, *, old: bool, profile: bool, kind: str = "flat") -> None:
    """Build and take the cohomology of a sheaf with n vertices, 3n edges, stalk 4."""
    import cProfile
    import os
    import pstats

    d, m = 4, 3 * n
    edges, maps = KINDS[kind](n, m, d, 30)
    print(f"load average before: {os.getloadavg()}")
    prof = cProfile.Profile(time.process_time) if profile else None
    if prof is not None:
        prof.enable()
    c0 = _cpu()
    if old:
        graph = nx.Graph()
        graph.add_nodes_from(range(n))
        graph.add_edges_from(edges.tolist())
        sheaf = CellularSheaf(
            graph,
            {
                (int(u), int(v)): (maps[k, 0], maps[k, 1])
                for k, (u, v) in enumerate(edges)
            },
        )
    else:
        sheaf = CellularSheaf.from_arrays(n, edges, maps)
    c1 = _cpu()
    coh = sheaf.cohomology(method="numeric")
    c2 = _cpu()
    if prof is not None:
        prof.disable()
    path = "old (networkx constructor)" if old else "from_arrays"
    print(f"n={n} m={m} d={d} maps={kind} [{path}] path={coh.path}")
    print(f"  build       {c1 - c0:8.2f} CPU-s")
    print(f"  cohomology  {c2 - c1:8.2f} CPU-s")
    print(
        f"  total       {c2 - c0:8.2f} CPU-s   target < {SCALE_TARGET_S:.0f} s: "
        f"{'met' if c2 - c0 < SCALE_TARGET_S else 'MISSED'}"
    )
    print(
        f"  peak RSS    {_peak_rss_gb():8.2f} GB      target < {SCALE_TARGET_RSS_GB:.0f} GB: "
        f"{'met' if _peak_rss_gb() < SCALE_TARGET_RSS_GB else 'MISSED'}"
    )
    if kind == "flat":
        print(
            f"  h0={coh.h0} (expected {d}) h1={coh.h1} (expected {m * d - (n * d - d)}) "
            f"rank={coh.rank} residual={coh.residual:.3g}"
        )
    else:
        print(f"  h0={coh.h0} h1={coh.h1} rank={coh.rank} residual={coh.residual:.3g}")
    print(f"load average after: {os.getloadavg()}")
    if prof is not None:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        default="100000,1000000",
        help="comma-separated vertex counts (3 edges per vertex, stalk 4)",
    )
    parser.add_argument(
        "--old", action="store_true", help="networkx constructor (the old path)"
    )
    parser.add_argument(
        "--profile", action="store_true", help="print cProfile's top entries"
    )
    parser.add_argument(
        "--issue7", action="store_true", help="run the issue-7 benchmark instead"
    )
    parser.add_argument(
        "--kind", choices=sorted(KINDS), default="flat", help="restriction maps"
    )
    args = parser.parse_args()
    if args.issue7:
        issue7()
        return
    for n in (int(s) for s in args.sizes.split(",")):
        scale(n, old=args.old, profile=args.profile, kind=args.kind)


if __name__ == "__main__":
    main()
