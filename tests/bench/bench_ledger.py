"""Benchmark the whole ledger, ``python -m proofs``, cold and warm (issue 30).

Cold: an empty ``CONTEXT_LAWS_CACHE`` directory, so every verdict is computed.
Warm: the same command again, reading the cache the cold run wrote. Each run
is a fresh process; the script prints its wall time and its CPU time (the
process and every worker it started, from ``resource.getrusage``), the
targets of issue 30, and the load average, since this machine is shared and
the wall time of a busy machine says little. The two JSON outputs must be
identical (a warm run serves exactly what the cold run computed).

    python tests/bench/bench_ledger.py                # the default worker count
    python tests/bench/bench_ledger.py --workers 2    # as in the issue's table
    python tests/bench/bench_ledger.py --repeat 3     # three warm runs

Not a test: nothing here fails on time. Exit status 1 only when the cold and
warm outputs differ or a run fails.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COLD_WALL, COLD_CPU, WARM_WALL = 30.0, 60.0, 3.0


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(argv: list[str], cache: Path) -> tuple[float, float, str]:
    env = {**os.environ, "CONTEXT_LAWS_CACHE": str(cache)}
    cpu0, wall0 = _children_cpu(), time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "proofs", "--json", *argv],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    wall, cpu = time.perf_counter() - wall0, _children_cpu() - cpu0
    if done.returncode not in (0, 1):
        sys.exit(f"python -m proofs exited {done.returncode}: {done.stderr[-2000:]}")
    return wall, cpu, done.stdout


def _without_timings(text: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = json.loads(text)["claims"]
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=1, help="warm runs")
    parser.add_argument(
        "--save", type=Path, default=None, help="write the cold run's JSON here"
    )
    args = parser.parse_args()
    extra = [] if args.workers is None else ["--workers", str(args.workers)]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    print(f"usable cores {cores}; load average before {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="ledger-bench-") as tmp:
        cache = Path(tmp)
        wall, cpu, cold_out = _run(extra, cache)
        if args.save is not None:
            args.save.write_text(cold_out, encoding="utf-8")
        print(
            f"cold: {wall:7.1f} s wall  {cpu:7.1f} CPU-s   "
            f"(target <= {COLD_WALL:.0f} s wall, <= {COLD_CPU:.0f} CPU-s)"
        )
        same = True
        for _ in range(max(1, args.repeat)):
            wall, cpu, warm_out = _run(extra, cache)
            print(
                f"warm: {wall:7.2f} s wall  {cpu:7.2f} CPU-s   "
                f"(target <= {WARM_WALL:.0f} s wall)"
            )
            same = same and _without_timings(warm_out) == _without_timings(cold_out)
    n = len(_without_timings(cold_out))
    print(f"{n} claims; warm output identical to cold: {same}")
    print(f"load average after {os.getloadavg()}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
