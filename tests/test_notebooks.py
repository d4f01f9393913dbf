"""Notebooks are stripped, headless and import only the public API (DESIGN.md: notebooks).

Executing them is nbmake's job (``--nbmake`` with ``notebooks`` in ``testpaths``).
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
