"""The imported packages are this checkout's, not same-named PyPI distributions."""

import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", ["algebra", "theory", "witnesses", "proofs"])
def test_package_comes_from_this_checkout(name):
    """Each top-level package resolves inside the repository and ships py.typed."""
    module = importlib.import_module(name)
    path = Path(module.__file__).resolve()
    assert path.is_relative_to(ROOT), f"{name} imported from {path}, outside {ROOT}"
    assert (path.parent / "py.typed").exists()


def test_layering_algebra_and_theory_import_no_sibling():
    """algebra and theory import none of the other packages (DESIGN.md layering)."""
    import ast

    for package, banned in (
        ("algebra", {"theory", "witnesses", "proofs"}),
        ("theory", {"algebra", "witnesses", "proofs"}),
        ("witnesses", {"proofs"}),
    ):
        for file in (ROOT / package).rglob("*.py"):
            tree = ast.parse(file.read_text())
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif (
                    isinstance(node, ast.ImportFrom) and node.module and node.level == 0
                ):
                    names = [node.module]
                for name in names:
                    assert name.split(".")[0] not in banned, f"{file} imports {name}"


def test_briefbench_rows_ship_as_package_data():
    """pyproject's package data takes the BriefBench rows with their licence,
    notice and README, so a wheel (no checkout, no ../shared) holds them."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["proofs"]
    base = ROOT / "proofs"
    shipped = {p for pattern in patterns for p in base.glob(pattern) if p.is_file()}
    folder = base / "data" / "briefbench"
    for name in (
        "rows_claude.jsonl",
        "rows_gpt.jsonl",
        "LICENSE",
        "NOTICE",
        "README.md",
    ):
        assert folder / name in shipped, name
    assert {p for p in folder.iterdir() if p.is_file()} <= shipped
