"""The rate layer lives in witnesses/rates/; the moved public modules leave thin ones (issue 31).

``witnesses.trials`` and ``witnesses.benchmarks`` moved to
``witnesses.rates.trials`` and ``witnesses.rates.benchmarks``: the old paths
re-export the same names (the same ``__all__``, the same objects), import
without a warning and say in their docstring which path to use.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MOVED = {
    "witnesses.trials": "witnesses.rates.trials",
    "witnesses.benchmarks": "witnesses.rates.benchmarks",
}


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_a_moved_module_leaves_a_thin_one_at_its_old_path(old, new):
    moved = importlib.import_module(new)
    thin = importlib.import_module(old)
    assert thin is not moved
    assert list(thin.__all__) == list(moved.__all__)
    for name in moved.__all__:
        assert getattr(thin, name) is getattr(moved, name), name
    # the docs document the objects at the new path (the first line says so)
    first = (thin.__doc__ or "").split("\n", 1)[0]
    assert "kept for one release" in first and new in first


@pytest.mark.parametrize("old", sorted(MOVED))
def test_the_old_path_imports_without_a_warning(old):
    # a fresh interpreter: the module is imported for the first time there
    code = f"import {old}"
    proc = subprocess.run(
        [sys.executable, "-W", "error", "-c", code],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


def test_the_rate_layer_is_one_folder():
    flat = {p.name for p in (ROOT / "witnesses").glob("*.py")}
    gathered = {
        "_load.py", "_columns.py", "_readers.py", "_presets.py", "_fields.py",
        "_benchmark_files.py", "_bench_cli.py",
    }  # fmt: skip
    assert flat & gathered == set()
    assert gathered <= {p.name for p in (ROOT / "witnesses" / "rates").glob("*.py")}
    # the two public modules at the old paths are thin re-exports only
    for name in ("trials.py", "benchmarks.py"):
        text = (ROOT / "witnesses" / name).read_text()
        assert "def " not in text and "class " not in text, name
