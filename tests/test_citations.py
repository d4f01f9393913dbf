"""Shipped text cites only files a user has: the repository's own.

The package, its data, the notebooks, the docs and the README are what a user
reads. A citation of a design note that lives beside the checkout (``THEORY.md``,
``WITNESS.md``, ``DESIGN.md``, ``STYLE.md``, anything under ``../shared``) points
to nothing for them: cite the docs guides (``docs/guide/*.md``) and the papers by
section instead. This test fails on any new citation of a file that is not in
the repository.
"""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHIPPED_DIRS = ("algebra", "theory", "witnesses", "proofs", "notebooks", "docs")
SHIPPED_FILES = ("README.md", "pyproject.toml")
SUFFIXES = {".py", ".md", ".ipynb", ".csv", ".toml", ".txt", ".rst", ".json"}
# The design notes by name, however they are written (with or without ".md").
NOTES = re.compile(
    r"(?<![\w-])(?:(?:THEORY|WITNESS|DESIGN|STYLE)(?:\.md|'s)|THEORY(?![\w-]))"
)
# A document a citation would name (Markdown or a notebook), with any directories.
FILE = re.compile(r"(?<![\w/.@-])((?:\.\./|\./)*(?:[\w-]+/)*[\w-]+\.(?:md|ipynb))\b")
# Pages the docs build writes (links to them are resolved at build time).
GENERATED = ROOT / "docs" / "_generated"
OUTSIDE = re.compile(r"\.\./shared\b")


def _tracked() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files", *SHIPPED_DIRS, *SHIPPED_FILES],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        files = [ROOT / f for f in out]
    except (OSError, subprocess.CalledProcessError):  # an sdist: no git
        files = [ROOT / f for f in SHIPPED_FILES]
        for d in SHIPPED_DIRS:
            files += [p for p in (ROOT / d).rglob("*") if p.is_file()]
    return sorted(
        p
        for p in files
        if p.suffix in SUFFIXES
        and p.is_file()
        and "_build" not in p.parts
        and "_generated" not in p.parts
    )


FILES = _tracked()
NAMES = {  # files of the repository (not the build's output)
    p.name
    for p in ROOT.rglob("*")
    if not {".venv", "_build", "_generated", ".git"} & set(p.parts)
}


def _problems(text: str, base: Path = ROOT) -> list[str]:
    """Citations in ``text`` (of a file in ``base``) of files outside the repository."""
    found = [m.group(0) for m in NOTES.finditer(text)]
    found += [m.group(0) for m in OUTSIDE.finditer(text)]
    for m in FILE.finditer(text):
        cited = m.group(1)
        target = (base / cited).resolve()
        if target.is_relative_to(GENERATED):  # written by the docs build
            continue
        if cited.startswith("../"):  # a relative link: it must stay inside
            if not (target.is_relative_to(ROOT) and target.exists()):
                found.append(cited)
        elif not (ROOT / cited).exists() and Path(cited).name not in NAMES:
            found.append(cited)
    return found


def test_the_scan_sees_the_shipped_files():
    names = {p.relative_to(ROOT).as_posix() for p in FILES}
    assert {"README.md", "proofs/records.py", "docs/guide/ledger.md"} <= names
    assert any(n.endswith(".ipynb") for n in names)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("see THEORY.md §2.3", True),
        ("(WITNESS.md 2.1)", True),
        ("THEORY's one-map form", True),
        ("in the order of DESIGN.md", True),
        ("rows in ../shared/data/briefbench", True),
        ("notes in ../elsewhere/x.md", True),
        ("a link to ../README.md from the root", True),
        ("docs/_generated/cli.md, written by the docs build", False),
        ("see docs/guide/ledger.md §2", False),
        ("the README.md and CHANGELOG.md", False),
        ("THEORY_ID = 3; nDCG@10; VM-TROP-WITNESS; T15-DESIGN", False),
        ("as DESIGN's table says", True),
        ("missing_guide.md", True),
    ],
)
def test_the_scan_tells_outside_citations_apart(text, bad):
    assert bool(_problems(text)) is bad, _problems(text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_citation_of_a_file_outside_the_repository(path):
    # the docs extension writes pages into docs/_generated: its links start there
    base = GENERATED if path.parent == ROOT / "docs" / "_ext" else path.parent
    problems = _problems(path.read_text(encoding="utf-8", errors="replace"), base)
    assert problems == [], (
        f"{path.relative_to(ROOT)} cites files a user does not have: "
        f"{sorted(set(problems))}; cite docs/guide/*.md or the papers' sections"
    )
