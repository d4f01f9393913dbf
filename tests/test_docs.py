"""The documentation: its examples run, its generated pages are complete, it builds.

The build itself (``python -m sphinx -W --keep-going -b html docs OUT``, the
command the README names) is the slow test: it executes the five notebooks and
the fast claims of the ledger, which the README's test command already runs,
so it is a ``ci_step`` that ``.ci/run`` runs once on its own.
"""

import doctest
import importlib
import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import context_laws_docs as ext  # noqa: E402

PAGES = sorted(
    p
    for p in DOCS.rglob("*.md")
    if "_build" not in p.parts and "_generated" not in p.parts
)
GUIDES = ("algebra", "witnesses", "rates", "depth", "inference", "sheaves", "ledger")


def _public_names():
    for package in ext.PACKAGES:
        for name in ext.public_modules(package):
            module = importlib.import_module(name)
            for item in getattr(module, "__all__", ()):
                yield name, item


def _home_of(module, item):
    names = [m for p in ext.PACKAGES for m in ext.public_modules(p)]
    modules = ext.home_order(importlib.import_module(n) for n in names)
    return ext._home(item, getattr(importlib.import_module(module), item), modules)


def test_every_guide_exists():
    assert {p.stem for p in (DOCS / "guide").glob("*.md")} >= set(GUIDES)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_page_examples_run(page, monkeypatch):
    monkeypatch.chdir(ROOT)  # the rate guide reads docs/examples/ from the root
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testfile(str(page), module_relative=False, optionflags=flags)
    assert result.failed == 0


def test_no_page_points_to_the_shared_notes():
    for page in PAGES:
        assert "../shared" not in page.read_text(encoding="utf-8"), page


def test_api_pages_list_every_public_name_and_document_it_once(tmp_path):
    pages = ext.api_pages(tmp_path)
    assert set(pages) == {m for p in ext.PACKAGES for m in ext.public_modules(p)}
    text = {p: (tmp_path / f"{p}.rst").read_text(encoding="utf-8") for p in pages}
    documented = []
    for body in text.values():
        documented += re.findall(
            r"^\.\. auto(?:class|function|data):: (\S+)$", body, re.M
        )
    objects = []
    for dotted in documented:
        module, _, item = dotted.rpartition(".")
        objects.append(getattr(importlib.import_module(module), item))
    twice = [
        d
        for d, o in zip(documented, objects, strict=True)
        if sum(x is o for x in objects) > 1
        and not isinstance(o, (str, int, float, tuple))
    ]
    assert twice == []  # no object documented on two pages
    for module, item in _public_names():
        home = _home_of(module, item)
        summary = text[module].split(".. autosummary::")[1].splitlines()
        entry = f"   {item}" if home == f"{module}.{item}" else f"   ~{home}"
        assert entry in summary, (module, item)
        assert home in documented, (module, item)


def test_a_moved_module_is_never_the_home():
    """``theory.contradiction`` (kept for one release) defers to ``theory.sheaf``."""
    names = ("theory.contradiction", "theory.sheaf")
    modules = ext.home_order(importlib.import_module(n) for n in names)
    from theory.sheaf import detect_contradictions

    home = ext._home("detect_contradictions", detect_contradictions, modules)
    assert home == "theory.sheaf.detect_contradictions"


def test_api_home_is_the_shortest_public_path():
    modules = [importlib.import_module(n) for n in ("algebra", "algebra.compose")]
    from algebra import compose_endo

    assert ext._home("compose_endo", compose_endo, modules) == "algebra.compose_endo"
    backwards = ext._home("compose_endo", compose_endo, modules[::-1])
    assert backwards == "algebra.compose.compose_endo"


def test_api_alias_is_documented_once_under_the_package_name():
    import witnesses
    import witnesses.exp58

    modules = [witnesses, witnesses.exp58]
    assert ext._home("run", witnesses.exp58.run, modules) == "witnesses.run_exp58"


def test_reexported_constant_gets_its_own_docstring_not_its_types():
    from witnesses.closure import SCALES

    lines = inspect.getdoc(type(SCALES)).splitlines()
    ext._constant_docstring(
        None, "data", "witnesses.closure.SCALES", SCALES, None, lines
    )
    assert lines and "Sizes of the two presets" in lines[0]
    own = ["An own docstring."]
    ext._constant_docstring(None, "data", "witnesses.closure.SCALES", SCALES, None, own)
    assert own == ["An own docstring."]


def test_ledger_page_lists_every_claim_with_its_command_and_counts():
    from proofs import CLAIMS

    page = ext.ledger_page(execute=False)
    for claim in CLAIMS:
        assert f"\n### {claim.id}\n" in page
        assert f"python -m proofs --claim {claim.id}\n" in page
    for source in {c.source for c in CLAIMS}:
        assert f"\n## {source}: " in page
    total = re.search(r"^\| all \| (\d+) \|", page, re.M)
    assert total is not None and int(total.group(1)) == len(CLAIMS)
    slow = sum(c.slow for c in CLAIMS)
    assert page.count("not run here: a slow, sweep-backed check.") == slow


def test_escape_keeps_markdown_inert():
    text = "a *b* `c` [d](e) <f> | $x$ \\ _g_"
    escaped = ext._escape(text)
    assert all(
        escaped[i - 1] == "\\" for i, c in enumerate(escaped) if c in "*`[]()<>|$_"
    )


def test_notebooks_are_copied_unchanged(tmp_path):
    names = ext.copy_notebooks(ROOT, tmp_path)
    sources = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert names == [p.stem for p in sources]
    for source in sources:
        assert (tmp_path / source.name).read_bytes() == source.read_bytes()


@pytest.mark.slow
@pytest.mark.ci_step
def test_docs_build_with_warnings_as_errors(tmp_path):
    out = tmp_path / "html"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CONTEXT_LAWS_DOCS_EXECUTE": "force"}
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
    done = subprocess.run(
        [*command, "-d", str(tmp_path / "doctrees"), str(DOCS), str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    for page in ("index", "getting-started", "notebooks", "_generated/ledger"):
        assert (out / f"{page}.html").exists(), page
    for guide in GUIDES:
        assert (out / "guide" / f"{guide}.html").exists(), guide
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        html = (out / "_generated" / "notebooks" / f"{notebook.stem}.html").read_text(
            encoding="utf-8"
        )
        assert "<img" in html, f"{notebook.stem} rendered without a figure"
        assert "Traceback" not in html
    ledger = (out / "_generated" / "ledger.html").read_text(encoding="utf-8")
    assert "not run (draft build)" not in ledger
    assert re.search(r"the \d+ fast checks ran", ledger)
    search = json.loads(
        (out / "searchindex.js")
        .read_text(encoding="utf-8")
        .split("(", 1)[1]
        .rsplit(")", 1)[0]
    )
    objects = {  # Sphinx's index: {module: [[doc, type, prio, anchor, name], ...]}
        f"{mod}.{entry[-1]}" if mod else entry[-1]
        for mod, entries in search["objects"].items()
        for entry in entries
    }
    for module, item in _public_names():
        assert _home_of(module, item) in objects, (module, item)


def test_guide_links_point_to_documented_objects():
    """A ``{func}`` link to a name not documented there would render as plain text."""
    documented = {_home_of(m, i) for m, i in _public_names()}
    modules = {m for p in ext.PACKAGES for m in ext.public_modules(p)}
    role = re.compile(r"\{(func|class|mod|data)\}`~?([^`<]+?)`")
    for page in PAGES:
        for kind, target in role.findall(page.read_text(encoding="utf-8")):
            known = modules if kind == "mod" else documented
            assert target.strip() in known, (page.name, kind, target)
