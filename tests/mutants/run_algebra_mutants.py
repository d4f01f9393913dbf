"""Run the algebra and proof tests against deliberately wrong products.

Usage: ``python tests/mutants/run_algebra_mutants.py``. Each mutant rewrites
one expression of ``algebra/compose.py`` in a temporary copy of the repository and
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
        "ite(key_ge(a_w, b_w), (a_w, a_pre)",
        "ite(key_ge(a_w, b_w) and (a_w is None or b_w is None or a_w != b_w), (a_w, a_pre)",
    ),
    "endo: shift branch forgets d_total_a": (
        "(b_w, a_total + b_pre))",
        "(b_w, b_pre))",
    ),
    "endo: shift branch off by one (issue 20)": (
        "(b_w, a_total + b_pre))",
        "(b_w, a_total + b_pre + 1))",
    ),
    "endo: min for max (lighter pivot wins)": (
        "ite(key_ge(a_w, b_w), (a_w, a_pre)",
        "ite(not key_ge(a_w, b_w) or b_w is None, (a_w, a_pre)",
    ),
    "commit: committed branch shifts d_pre": (
        "ite(a_c, (a_w, a_pre), (w, pre))",
        "ite(a_c, (a_w, min(a_pre + b_pre, a_total + b_total)), (w, pre))",
    ),
    "commit: uncommitted branch keeps flag of a": (
        "either(a_c, b_c)",
        "either(a_c, a_c)",
    ),
    "commit: commitment ignored (always endo)": (
        "ite(a_c, (a_w, a_pre), (w, pre))",
        "ite(False, (a_w, a_pre), (w, pre))",
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
