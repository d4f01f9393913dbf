"""Benchmark: the full retention sweep (9 retentions x 100 seeds), issues 4 and 30.

Run ``python tests/bench/bench_sweep.py [--semantics reference] [--workers 2]``.
Prints wall time, CPU time (this process plus its worker processes, from
``resource.getrusage``, so the figure does not depend on how busy a shared
machine is), the SHA-256 of the rows as CSV and the headline aggregates.
Target (issue 30): at most 10 CPU-s under the reference semantics with the
rows byte-identical to the previous solver's; ``--previous`` runs the
solver as it was before issue 30 (tests/witnesses/reference_solver_v1.py)
for the comparison; the digest of both must agree.
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from unittest import mock

from witnesses.experiments.sweep import retention_sweep


def _cpu() -> float:
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def _use_previous_solver() -> None:
    """Swap in the previous solver, as a patch target (forked workers inherit it)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.witnesses import reference_solver_v1

    mock.patch("witnesses._solve._core._reference", reference_solver_v1).start()


def main() -> None:
    """Run the sweep once and print its cost, digest and headline aggregates."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--semantics", default="reference")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--previous", action="store_true")
    args = parser.parse_args()
    if args.previous:
        _use_previous_solver()
    cpu0, wall0 = _cpu(), time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        result = retention_sweep(
            seeds=range(args.seeds),
            semantics=args.semantics,
            executor=pool,
            progress=False,
        )
    wall, cpu = time.perf_counter() - wall0, _cpu() - cpu0
    digest = hashlib.sha256(result.rows_csv().encode()).hexdigest()
    solver = "previous" if args.previous else "current"
    print(
        f"semantics={args.semantics} seeds={args.seeds} rows={len(result.rows)} solver={solver}"
    )
    print(f"wall {wall:.1f} s, CPU {cpu:.1f} s (target <= 10 CPU-s)")
    print(f"rows sha256 {digest}")
    print("retention strategy          valid  preserved  fixed  mean_regret")
    for agg in result.aggregates:
        pres = agg["pivot_preservation"]["estimate"]
        print(
            f"{agg['retention']:<9} {agg['strategy']:<18} "
            f"{agg['raw_validity']['estimate']:.3f}  "
            f"{'-' if pres is None else f'{pres:.3f}':>9}  "
            f"{agg['fixed_pivot_feasibility']['estimate']:.3f}  {agg['fixed_pivot_regret']}"
        )
    print("crossover:", result.crossover)


if __name__ == "__main__":
    main()
