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
import site_check  # noqa: E402

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
    from witnesses.experiments.closure import SCALES

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
        assert f"context-laws ledger --claim {claim.id}\n" in page
        assert f'<a href="#{ext.claim_anchor(claim.id)}">{claim.id}</a>' in page
        assert f"({ext.claim_anchor(claim.id)})=\n### {claim.id}\n" in page
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
    assert site_check.check_offline(out) == []
    chromium = site_check.find_chromium()
    if chromium is not None:  # Debian's chromium: typeset maths, screenshots
        assert site_check.check_math(out, chromium) == []
        keep = os.environ.get("CONTEXT_LAWS_SCREENSHOTS")  # CI keeps them
        dest = Path(keep) if keep else tmp_path / "shots"
        shots = site_check.screenshots(out, dest, chromium)
        assert len(shots) == len(site_check.SCREENSHOTS)
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


def test_ledger_page_opens_with_a_compact_table_of_every_claim():
    from proofs import CLAIMS

    page = ext.ledger_page(execute=False)
    _, _, rest = page.partition("## Every claim at a glance")
    assert rest, "no summary table"
    table = rest.split("\n## ", 1)[0]
    rows = re.findall(r"^<tr><td class=\"id\">", table, re.M)
    assert len(rows) == len(CLAIMS)
    assert "\n\n" not in table.split("<table", 1)[1].split("</table>", 1)[0]
    assert 'class="verdict verdict-not-run"' in table
    assert ext._verdict_span("refuted") == (
        '<span class="verdict verdict-refuted">refuted</span>'
    )
    assert ext.claim_anchor("VM-E58@reference") == "claim-vm-e58-reference"


def test_cli_page_has_every_command_help_with_exit_statuses():
    from proofs import tool

    page = ext.cli_page()
    for name in tool._COMMANDS:
        section = page.split(f"## `context-laws {name}`", 1)[1].split("\n## ", 1)[0]
        assert f"usage: context-laws {name}" in section
        assert "exit status" in section
    assert "-V, --version" in page
    assert "python -m proofs --" not in page


def test_index_points_to_the_guides_for_users_own_data_and_the_cli():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    own = index.split("## Your own data", 1)[1].split("\n## ", 1)[0]
    for target in ("guide/rates.md", "guide/inference.md", "guide/algebra.md",
                   "bring_your_own_compressor", "_generated/cli.md"):  # fmt: skip
        assert target in own, target
    assert "_generated/cli" in index.split("{toctree}", 1)[1]


@pytest.mark.parametrize(
    "path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.name
)
def test_notebook_tables_are_html_not_markdown_paragraphs(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "Markdown(" not in code, f"{path.name}: use an HTML table (show_table)"


def test_docs_extra_is_complete():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    docs = " ".join(project["project"]["optional-dependencies"]["docs"])
    for needed in ("sphinx", "myst-nb", "ipykernel", "hypothesis",
                   "sphinx-mathjax-offline"):  # fmt: skip
        assert needed in docs, needed
    assert (DOCS / "_static" / "context-laws.css").is_file()
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert 'mathjax_path = "mathjax/tex-svg.js"' in conf
    assert (ext.mathjax_source() / "tex-svg.js").is_file()


def test_mailto_autolinks_become_text():
    from docutils import nodes
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser
    from docutils.utils import new_document

    document = new_document("<test>", get_default_settings(Parser))
    Parser().parse("ranked by nDCG@10 and MRR; see https://example.org\n", document)
    refs = list(document.findall(nodes.reference))
    assert any(r["refuri"].startswith("mailto:") for r in refs)  # docutils' doing
    ext._no_mailto(None, document, "page")
    refs = [r["refuri"] for r in document.findall(nodes.reference)]
    assert refs == ["https://example.org"]
    assert "nDCG@10" in document.astext()


def test_site_check_finds_remote_loads_and_raw_tex(tmp_path):
    (tmp_path / "index.html").write_text(
        '<link rel="stylesheet" href="https://cdn.example/a.css">'
        '<a href="https://example.org">a link loads nothing</a>'
        '<script src="_static/mathjax/tex-svg.js"></script>',
        encoding="utf-8",
    )
    (tmp_path / "a.css").write_text("@import url(//fonts.example/f.css);")
    problems = site_check.check_offline(tmp_path)
    assert len(problems) == 2
    assert "index.html: loads <link href='https://cdn.example/a.css'>" in problems
    assert site_check.raw_tex('<div class="math">\\[x\\]</div>') == ["\\[x\\]"]
    assert site_check.raw_tex('<span class="math"><mjx-container/></span>') == []
    assert site_check.main([str(tmp_path)]) == 1
