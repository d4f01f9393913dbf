"""Benchmark: the full retention sweep (9 retentions x 100 seeds), issue 4.

Run ``python tests/bench/bench_sweep.py [--semantics reference] [--workers 2]``.
Prints wall time and CPU time (this process plus its worker processes, from
``resource.getrusage``); the target is at most 6 CPU-minutes under the
reference semantics (the original implementation needs about 60).
"""

from __future__ import annotations

import argparse
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from witnesses.sweep import retention_sweep


def _cpu() -> float:
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def main() -> None:
    """Run the sweep once and print its cost and headline aggregates."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--semantics", default="reference")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=100)
    args = parser.parse_args()
    cpu0, wall0 = _cpu(), time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        result = retention_sweep(
            seeds=range(args.seeds), semantics=args.semantics, executor=pool
        )
    wall, cpu = time.perf_counter() - wall0, _cpu() - cpu0
    print(f"semantics={args.semantics} seeds={args.seeds} rows={len(result.rows)}")
    print(f"wall {wall:.1f} s, CPU {cpu:.1f} s = {cpu / 60:.2f} CPU-min (target <= 6)")
    print("retention strategy          valid  preserved  fixed  mean_regret")
    for agg in result.aggregates:
        pres = agg["pivot_preservation"]["rate"]
        print(
            f"{agg['retention']:<9} {agg['strategy']:<18} "
            f"{agg['raw_validity']['rate']:.3f}  "
            f"{'-' if pres is None else f'{pres:.3f}':>9}  "
            f"{agg['fixed_pivot_feasibility']['rate']:.3f}  {agg['fixed_pivot_regret']}"
        )
    print("crossover:", result.crossover)


if __name__ == "__main__":
    main()
