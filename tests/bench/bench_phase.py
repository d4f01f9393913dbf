"""Benchmark: 1000 x 1000 phase diagrams (issue 5; target < 1 s each).

Run ``python tests/bench/bench_phase.py``. Prints the best of several runs
of three grids and of the d* map (no target), measured in one process: the paper's ``(rho, tau)`` plane
(the margin is computed once per column), an ``(s0, rho)`` plane with
``tau`` fixed (the margin per cell: one vectorised Newton solve on 10**6
cells), and the ``(s0, rho)`` plane with a depth cap. A spot check against
a brute-force maximum over depths runs first.
"""

from __future__ import annotations

import os
import time

import numpy as np

from theory.depth import advantage
from theory.phase import crossover_depths, phase_diagram


def _best(fn, repeat):
    """Best wall-clock and best CPU (process) time over ``repeat`` runs."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu


def _spot_check(n: int = 200) -> None:
    s0 = np.linspace(0.05, 1.0, n)
    rho = np.linspace(0.05, 0.99, n)
    pd = phase_diagram(s0=s0, rho=rho, q=0.97, tau=0.8)
    rng = np.random.default_rng(5)
    for i, j in rng.integers(0, n, size=(50, 2)).tolist():
        brute = advantage(np.arange(1, 400), s0[j], rho[i], 0.97).max()
        assert np.isclose(pd.margin[i, j], brute, rtol=1e-12), (i, j)
        assert pd.typed_preferred[i, j] == (brute > 0.8)


def main(n: int = 1000) -> None:
    """Time the three grids at ``n x n`` and print the seconds."""
    _spot_check()
    rho = np.linspace(0.01, 0.99, n)
    tau = np.linspace(0.0, 0.99, n)
    s0 = np.linspace(0.01, 1.0, n)
    t_rho_tau = _best(lambda: phase_diagram(s0=0.7, rho=rho, q=0.97, tau=tau), 5)
    t_s0_rho = _best(lambda: phase_diagram(s0=s0, rho=rho, q=0.97, tau=0.8), 3)
    t_capped = _best(
        lambda: phase_diagram(s0=s0, rho=rho, q=0.97, tau=0.8, d_max=10), 3
    )
    t_dstar = _best(lambda: crossover_depths(0.7, rho[None, :], 0.97, tau[:, None]), 2)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"grid {n} x {n} = {n * n:,} cells (best of runs; target < 1 s wall)")
    print(f"machine: {os.cpu_count()} cpus, 1-min load average {load:.1f}")
    print(f"{'':40s} {'wall':>8s} {'cpu':>8s}")
    for label, (wall, cpu) in (
        ("(rho, tau) plane, s0 = 0.7, q = 0.97", t_rho_tau),
        ("(s0, rho) plane, q = 0.97, tau = 0.8", t_s0_rho),
        ("(s0, rho) plane, d_max = 10", t_capped),
        ("d* map on (rho, tau), crossover_depths", t_dstar),
    ):
        print(f"{label:40s} {wall:7.3f}s {cpu:7.3f}s")


if __name__ == "__main__":
    main()
