"""Benchmark: load_trials on a 50 MB harness CSV (issue 22, item 3), and on 10^6 short rows (issue 30).

Issue 30: ``python tests/bench/bench_loaders.py --rows 1000000 [--format jsonl]``
writes a CSV (or JSONL) file of short rows in three columns (``task_id,condition,raw_validity``: the least
``context-laws rates`` reads), then runs, each in a fresh subprocess,
``load_trials`` + ``rates`` and the command line ``python -m witnesses.rates``,
and prints each one's CPU-seconds (user + system) and peak resident memory
(``ru_maxrss``) against the target: at most 5 CPU-s and 1 GB.

Issue 22: ``python tests/bench/bench_loaders.py [--mb 50] [--shape ntsb|narrow]``. Writes a seeded CSV in
the NTSB harness schema (``mirage-ntsb`` preset, multi-line quoted model
answers; ``--shape narrow``: short rows of eight columns) of about ``--mb`` megabytes to a temporary directory, then loads it
with the preset in a fresh subprocess and prints the wall time, the trials
read and the subprocess's peak resident memory. Before issue 22 a 50 MB CSV
took 43 s and 1.2 GB (text split into lines before parsing).
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

# The published NTSB schema, as the preset tests define it (one list).
from tests.witnesses.test_presets import NTSB_COLUMNS as COLUMNS

_CHILD = """
import resource, sys, time
from witnesses import load_trials
start = time.perf_counter()
trials = load_trials(sys.argv[1], preset="mirage-ntsb")
wall = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{len(trials)} {wall:.2f} {peak:.0f}")
"""


def write_csv(path: Path, megabytes: float, seed: int = 2026) -> int:
    """Write a harness CSV of about ``megabytes`` MB; return its rows."""
    rng = random.Random(seed)
    target = int(megabytes * 1_000_000)
    rows = 0
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(COLUMNS)
        while fh.tell() < target:
            pivot = f"e{rng.randrange(60)}"
            answer = (
                f'PIVOT_ID={pivot}\nThe crew reported "{pivot}", then\n'
                + "x" * rng.randrange(40, 200)
            )
            b = rng.choice((True, False))
            writer.writerow([
                f"inc-{rows % 12}", rng.choice(("naive", "contract")),
                rng.choice((0.7, 0.5, 0.3)), rows % 5, 120, 80, rng.random(), 3, 2,
                rng.random(), "e1", pivot, "e1", pivot, b, not b, b, b, False, False,
                b, False, False, b, False, b, answer, answer, "xai", "grok",
            ])  # fmt: skip
            rows += 1
    return rows


def write_narrow(path: Path, megabytes: float, seed: int = 2026) -> int:
    """Write a CSV of short rows (eight plain columns) of about ``megabytes`` MB."""
    rng = random.Random(seed)
    target = int(megabytes * 1_000_000)
    rows = 0
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(
            ["incident_id", "method", "budget", "seed", "oracle_full_pivot",
             "predicted_pivot", "oracle_degraded", "achieved_retention"]
        )  # fmt: skip
        while fh.tell() < target:
            writer.writerow([
                f"inc-{rows % 97}", rng.choice(("naive", "contract")), 0.5, rows % 5,
                "e1", f"e{rng.randrange(60)}", rng.choice((True, False)),
                round(rng.random(), 6),
            ])  # fmt: skip
            rows += 1
    return rows


_RATES_CHILD = """
import resource, sys, time
from witnesses import load_trials
from witnesses.rates import rates
start = time.process_time()
trials = load_trials(sys.argv[1])
cells = rates(trials)
work = time.process_time() - start
use = resource.getrusage(resource.RUSAGE_SELF)
print(len(trials), len(cells), work, use.ru_utime + use.ru_stime, use.ru_maxrss / 1024)
"""

_CPU_TARGET = 5.0  # CPU-seconds, issue 30
_RSS_TARGET = 1024.0  # MB, issue 30


def write_three(
    path: Path, rows: int, seed: int = 2026, *, jsonl: bool = False
) -> None:
    """Write ``rows`` short rows: task_id, condition (one of four), raw_validity 0/1.

    ``jsonl``: the same rows as JSON lines, ``{"task_id": "t0", "condition":
    "a", "raw_validity": 1}`` (the bits drawn are the same as the CSV's).
    """
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8", newline="") as fh:
        if jsonl:
            fh.writelines(
                f'{{"task_id": "t{i // 4}", "condition": "{"abcd"[i % 4]}", '
                f'"raw_validity": {rng.getrandbits(1)}}}\n'
                for i in range(rows)
            )
            return
        fh.write("task_id,condition,raw_validity\n")
        fh.writelines(
            f"t{i // 4},{'abcd'[i % 4]},{rng.getrandbits(1)}\n" for i in range(rows)
        )


def _child(argv: list[str]) -> tuple[str, float, float]:
    """Run ``argv`` in a subprocess; return its stdout, CPU-s and peak RSS (MB)."""
    with subprocess.Popen(argv, stdout=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None
        out = proc.stdout.read()
        _, status, use = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    assert proc.returncode == 0, (argv, proc.returncode)
    return out, use.ru_utime + use.ru_stime, use.ru_maxrss / 1024


def rows_bench(rows: int, fmt: str = "csv") -> None:
    """Issue 30: 10^6 short rows through load_trials + rates, and the CLI."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"harness.{fmt}"
        write_three(path, rows, jsonl=fmt == "jsonl")
        size = path.stat().st_size / 1e6
        print(
            f"file: {size:.1f} MB {fmt.upper()}, {rows} rows, 3 columns "
            "(task_id,condition,raw_validity)"
        )
        out, _, _ = _child([sys.executable, "-c", _RATES_CHILD, str(path)])
        n, cells, work, cpu, peak = out.split()
        assert int(n) == rows, (n, rows)
        ok = float(work) <= _CPU_TARGET and float(peak) <= _RSS_TARGET
        print(
            f"load_trials + rates: {float(work):.2f} CPU-s ({float(cpu):.2f} with "
            f"start-up and imports), peak RSS {float(peak):.0f} MB, {cells} cells "
            f"(target <= {_CPU_TARGET:.0f} CPU-s and <= {_RSS_TARGET:.0f} MB: "
            f"{'met' if ok else 'NOT met'})"
        )
        report = Path(tmp) / "rates.txt"
        _, cpu_cli, peak_cli = _child(
            [sys.executable, "-m", "witnesses.rates", str(path), "--out", str(report)]
        )
        ok = cpu_cli <= _CPU_TARGET and peak_cli <= _RSS_TARGET
        print(
            f"python -m witnesses.rates FILE: {cpu_cli:.2f} CPU-s, peak RSS "
            f"{peak_cli:.0f} MB (whole process, start-up included; "
            f"{'met' if ok else 'NOT met'})"
        )


def main(argv: list[str] | None = None) -> None:
    """Write the file, load it in a subprocess, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=50.0)
    parser.add_argument("--shape", choices=("ntsb", "narrow"), default="ntsb")
    parser.add_argument(
        "--rows", type=int, default=None,
        help="issue 30: this many short rows through load_trials + rates and the CLI",
    )  # fmt: skip
    parser.add_argument(
        "--format", choices=("csv", "jsonl"), default="csv", dest="fmt",
        help="with --rows: write the rows as CSV (default) or as JSON lines",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.rows is not None:
        rows_bench(args.rows, args.fmt)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ntsb.csv"
        writer = write_csv if args.shape == "ntsb" else write_narrow
        rows = writer(path, args.mb)
        size = path.stat().st_size / 1e6
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, str(path)],
            check=True, capture_output=True, text=True,
        ).stdout.split()  # fmt: skip
    n, wall, peak = int(out[0]), float(out[1]), float(out[2])
    assert n == rows, (n, rows)
    shape = "NTSB schema, multi-line answers" if args.shape == "ntsb" else "short rows"
    print(f"file: {size:.1f} MB, {rows} rows ({shape})")
    print(f"load_trials(preset='mirage-ntsb'): {wall:.2f} s, peak RSS {peak:.0f} MB")
    print(f"throughput: {size / wall:.1f} MB/s, {rows / wall:,.0f} rows/s")


if __name__ == "__main__":
    main()
