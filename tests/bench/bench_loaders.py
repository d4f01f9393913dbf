"""Benchmark: load_trials on a 50 MB harness CSV (issue 22, item 3).

Run ``python tests/bench/bench_loaders.py [--mb 50] [--shape ntsb|narrow]``. Writes a seeded CSV in
the NTSB harness schema (``mirage-ntsb`` preset, multi-line quoted model
answers; ``--shape narrow``: short rows of eight columns) of about ``--mb`` megabytes to a temporary directory, then loads it
with the preset in a fresh subprocess and prints the wall time, the trials
read and the subprocess's peak resident memory. Before issue 22 a 50 MB CSV
took 43 s and 1.2 GB (text split into lines before parsing).
"""

from __future__ import annotations

import argparse
import csv
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


def main(argv: list[str] | None = None) -> None:
    """Write the file, load it in a subprocess, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=50.0)
    parser.add_argument("--shape", choices=("ntsb", "narrow"), default="ntsb")
    args = parser.parse_args(argv)
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
