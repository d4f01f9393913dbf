"""Run the algebra and proof tests against deliberately wrong products.

Usage: ``python tests/mutants/run_algebra_mutants.py``. Each mutant rewrites
one line of ``algebra/compose.py`` in a temporary copy of the repository and
runs ``pytest tests/algebra tests/proofs``; the suite must fail on every
mutant. Prints one line per mutant with the number of failing tests.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MUTANTS = {
    "endo: ties go right (> for >=)": (
        "    if key_ge(a.w, b.w):\n",
        "    if key_ge(a.w, b.w) and not (a.w is not None and b.w is not None and a.w == b.w):\n",
    ),
    "endo: shift branch forgets d_total_a": (
        "    return Context(b.w, a.d_total + b.d_total, a.d_total + b.d_pre)\n",
        "    return Context(b.w, a.d_total + b.d_total, b.d_pre)\n",
    ),
    "endo: min for max (lighter pivot wins)": (
        "    if key_ge(a.w, b.w):\n",
        "    if not key_ge(a.w, b.w) or b.w is None:\n",
    ),
    "commit: committed branch shifts d_pre": (
        "        return CommittedContext(a.w, a.d_total + b.d_total, a.d_pre, True)\n",
        "        return CommittedContext(a.w, a.d_total + b.d_total, min(a.d_pre + b.d_pre, a.d_total + b.d_total), True)\n",
    ),
    "commit: uncommitted branch keeps flag of a": (
        "    return CommittedContext(inner.w, inner.d_total, inner.d_pre, b.committed)\n",
        "    return CommittedContext(inner.w, inner.d_total, inner.d_pre, a.committed)\n",
    ),
    "commit: commitment ignored (always endo)": (
        "    if a.committed:\n",
        "    if False:\n",
    ),
}


def main() -> int:
    """Run every mutant; return 0 if the suite caught all of them."""
    survived = []
    for name, (old, new) in MUTANTS.items():
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / "repo"
            shutil.copytree(
                ROOT,
                copy,
                ignore=shutil.ignore_patterns(".venv", ".git", "*.pyc", ".hypothesis"),
            )
            target = copy / "algebra" / "compose.py"
            source = target.read_text()
            if old not in source:
                print(f"{name}: pattern not found", file=sys.stderr)
                return 2
            target.write_text(source.replace(old, new, 1))
            proc = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pytest",
                    "-q",
                    "-p",
                    "no:cacheprovider",
                    "tests/algebra",
                    "tests/proofs/test_encoding.py",
                    "README.md",
                    "algebra",
                ],
                cwd=copy,
                capture_output=True,
                text=True,
                check=False,
            )
            tail = (
                proc.stdout.strip().splitlines()[-1]
                if proc.stdout.strip()
                else proc.stderr[-200:]
            )
            failed = re.search(r"(\d+) failed", tail)
            print(f"{name}: exit {proc.returncode}; {tail}")
            if proc.returncode == 0 or not failed:
                survived.append(name)
    if survived:
        print("SURVIVED:", survived)
        return 1
    print(f"all {len(MUTANTS)} mutants killed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
