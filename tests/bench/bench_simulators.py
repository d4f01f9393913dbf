"""Benchmark: the simulators' throughput and run_simulation on a process pool (issue 9).

Run ``python tests/bench/bench_simulators.py``. Prints, measured in one
process: chains per second of the depth simulator at several corpus sizes,
decisions per second of the scatter simulator, queries per second of the
density-adaptive simulator, facts per second of the compaction simulator,
the time of the whole simulation ledger, and the speed-up of
``run_simulation`` on a local process pool over this process (same records).
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor

from witnesses.simulators import (
    AdaptiveRetrievalSimulator,
    CompactionSimulator,
    DepthSimulator,
    ScatterSimulator,
    run_simulation,
)


def _time(fn):
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def main() -> None:
    """Print the measurements."""
    for size in (0, 2_000, 20_000):
        sim = DepthSimulator(max_depth=5, n_chains=200, corpus_size=size)
        seconds, _ = _time(lambda sim=sim: list(sim.simulate(0)))
        print(f"depth, corpus {size:>6}: {200 / seconds:8.0f} chains/s")
    sim_s = ScatterSimulator(n_decisions=100_000)
    seconds, _ = _time(lambda: list(sim_s.simulate(0)))
    print(f"scatter: {3 * 100_000 / seconds:10.0f} decisions/s (3 layouts)")
    sim_a = AdaptiveRetrievalSimulator(n_queries=500)
    seconds, _ = _time(lambda: list(sim_a.simulate(0)))
    print(f"adaptive retrieval: {1000 / seconds:8.0f} queries/s (3 methods each)")
    sim_c = CompactionSimulator(n_facts=100_000, pinned=("date",))
    seconds, _ = _time(lambda: list(sim_c.simulate(0)))
    print(f"compaction: {100_000 / seconds:10.0f} facts/s (2 arms)")

    from proofs.claims.dl import simulation as dl_sim
    from proofs.claims.ko import printed as ko_printed
    from proofs.claims.ko import simulation as ko_sim
    from proofs.claims.pj import printed as pj_printed
    from proofs.claims.pj import simulation as pj_sim

    claims = [
        *dl_sim.CLAIMS,
        *ko_sim.CLAIMS,
        *ko_printed.CLAIMS,
        *pj_sim.CLAIMS,
        *pj_printed.CLAIMS,
    ]
    seconds, _ = _time(lambda: [c.run() for c in claims])
    print(f"simulation ledger ({len(claims)} claims): {seconds:.2f} s")

    sim = DepthSimulator(max_depth=5, n_chains=300, corpus_size=2_000)
    seeds = list(range(8))
    local, expected = _time(lambda: run_simulation(sim, seeds, executor=False))
    workers = os.cpu_count() or 1
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pooled, got = _time(lambda: run_simulation(sim, seeds, executor=pool))
    assert got == expected
    print(
        f"run_simulation, 8 seeds: in-process {local:.2f} s, process pool "
        f"({workers} workers) {pooled:.2f} s, speed-up {local / pooled:.2f}x"
    )


if __name__ == "__main__":
    main()
