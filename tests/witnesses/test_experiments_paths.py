"""witnesses.experiments (issue 31): the moved modules and their old paths."""

import ast
import importlib
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MOVED = [
    ("witnesses.sweep", "witnesses.experiments.sweep", {"main"}),
    ("witnesses.closure", "witnesses.experiments.closure", set()),
    ("witnesses.exp52", "witnesses.experiments.exp52", set()),
]


@pytest.mark.parametrize(("old", "new", "extra"), MOVED, ids=[m[0] for m in MOVED])
def test_the_old_path_re_exports_the_new_modules_names(old, new, extra):
    sys.modules.pop(old, None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # imports without a warning
        before = importlib.import_module(old)
    after = importlib.import_module(new)
    assert set(before.__all__) == set(after.__all__) | extra
    for name in after.__all__:
        assert getattr(before, name) is getattr(after, name), name
    first = (before.__doc__ or "").split("\n", 1)[0]
    assert "kept for one release" in first and new in first


def test_the_sweep_engine_never_imports_its_command_line():
    source = (ROOT / "witnesses" / "experiments" / "sweep.py").read_text("utf-8")
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom)
    } | {
        a.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import)
        for a in node.names
    }
    assert not any("_sweep_cli" in m or m == "witnesses.sweep" for m in imported)
    code = (
        "import sys, witnesses.experiments.sweep\n"
        "print(sorted(m for m in sys.modules if 'sweep' in m))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "['witnesses.experiments.sweep']"


def test_python_m_witnesses_sweep_still_runs_the_sweep():
    done = subprocess.run(
        [sys.executable, "-W", "error", "-m", "witnesses.sweep", "--seeds", "1",
         "--retentions", "0.5", "--workers", "0"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("retention sweep: semantics reference")
