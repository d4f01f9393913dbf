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
    python tests/bench/bench_ledger.py --claims t.tsv # cold, one process, per claim

With ``--claims FILE`` the cold run is made in one process (``--workers 0``)
with every ``Claim.run`` timed: its CPU-s in this process, the CPU-s of the
processes it started (the retention sweeps' pools) and its wall time go to
FILE as a TSV, and the fifteen most expensive claims are printed. An
umbrella claim's row includes its parts, which follow with their own rows
(cheap then: the parts' work is shared). No warm run is made then.

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

_PER_CLAIM = r"""
import resource, sys, time
def children():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime
import proofs.records as ledger
rows = []
plain = ledger.Claim.run
def timed(self):
    wall, cpu, kids = time.perf_counter(), time.process_time(), children()
    try:
        return plain(self)
    finally:
        rows.append((self.id, self.slow, time.process_time() - cpu,
                     children() - kids, time.perf_counter() - wall))
ledger.Claim.run = timed
from proofs.cli import main
status = main(sys.argv[2:])
rows.sort(key=lambda r: -(r[2] + r[3]))
with open(sys.argv[1], "w", encoding="utf-8") as out:
    out.write("claim\tslow\tcpu_s\tchildren_cpu_s\twall_s\n")
    for r in rows:
        out.write(f"{r[0]}\t{r[1]}\t{r[2]:.3f}\t{r[3]:.3f}\t{r[4]:.3f}\n")
sys.exit(status)
"""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(
    argv: list[str], cache: Path, *, claims: Path | None = None
) -> tuple[float, float, str]:
    env = {**os.environ, "CONTEXT_LAWS_CACHE": str(cache)}
    cpu0, wall0 = _children_cpu(), time.perf_counter()
    command = (
        [sys.executable, "-m", "proofs"]
        if claims is None
        else [sys.executable, "-c", _PER_CLAIM, str(claims)]
    )
    done = subprocess.run(
        [*command, "--json", *argv],
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
    parser.add_argument(
        "--claims",
        type=Path,
        default=None,
        help="cold run in one process, each claim's CPU and wall time to this TSV",
    )
    args = parser.parse_args()
    if args.claims is not None:
        return _per_claim(args.claims, args.save)
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


def _per_claim(tsv: Path, save: Path | None) -> int:
    print(f"load average before {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="ledger-bench-") as tmp:
        wall, cpu, out = _run(["--workers", "0"], Path(tmp), claims=tsv)
    if save is not None:
        save.write_text(out, encoding="utf-8")
    print(f"cold, one process: {wall:7.1f} s wall  {cpu:7.1f} CPU-s")
    lines = tsv.read_text(encoding="utf-8").splitlines()
    print("top claims (CPU-s here + in started processes, wall s):")
    for line in lines[1:16]:
        ident, slow, here, kids, secs = line.split("\t")
        print(f"  {ident:28s} {'slow' if slow == 'True' else '    '} "
              f"{float(here):7.2f} + {float(kids):6.2f}  {float(secs):7.1f}")  # fmt: skip
    print(f"load average after {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
