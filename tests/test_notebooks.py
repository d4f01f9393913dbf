"""Notebooks are stripped, headless and import only the public API (DESIGN.md: notebooks).

Executing them is nbmake's job (``--nbmake``), when ``notebooks`` is named on the
command line (``python -m pytest notebooks``; the lone-clone job of ``.ci/run``);
the bare command leaves that to the docs build (tests/conftest.py).
"""

import ast
import importlib
import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
OURS = {"algebra", "theory", "witnesses", "proofs"}


def _code_cells(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [cell for cell in cells if cell["cell_type"] == "code"]


def _source(cell):
    text = "".join(cell["source"])
    return "\n".join(line for line in text.splitlines() if not line.startswith("%"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 4


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_outputs_are_stripped(path):
    for cell in _code_cells(path):
        assert cell["outputs"] == []
        assert cell["execution_count"] is None


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_first_code_cell_selects_a_headless_backend(path):
    first = "".join(_code_cells(path)[0]["source"])
    assert first.splitlines()[0] in {"%matplotlib inline", 'matplotlib.use("Agg")'}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_imports_only_public_names(path):
    for cell in _code_cells(path):
        for node in ast.walk(ast.parse(_source(cell))):
            if isinstance(node, ast.ImportFrom) and node.module.split(".")[0] in OURS:
                assert not any(part.startswith("_") for part in node.module.split("."))
                public = importlib.import_module(node.module).__all__
                for alias in node.names:
                    assert alias.name in public, (
                        f"{node.module}.{alias.name} is not public"
                    )
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not any(p.startswith("_") for p in alias.name.split("."))


def test_mirage_notebook_runs_reduced_by_default():
    cells = _code_cells(Path(NOTEBOOKS[0]).with_name("validity_mirage.ipynb"))
    assert "FULL = False" in "".join(cells[0]["source"])


def _collected(*args: str) -> list[str]:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist",
         "-p", "no:cacheprovider", *args],
        cwd=root, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    return [line for line in out.stdout.splitlines() if ".ipynb::" in line]


def test_notebooks_run_when_named_and_not_in_the_bare_command():
    """A named path executes every notebook; the testpaths of a bare run do not."""
    named = _collected("notebooks")
    assert sorted(named) == sorted(f"notebooks/{p.name}::{p.name}" for p in NOTEBOOKS)
    assert _collected("-o", "testpaths=tests/test_notebooks.py notebooks") == []
