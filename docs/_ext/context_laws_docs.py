"""Build-time pages of the context-laws documentation (a small Sphinx extension).

At ``builder-inited`` it writes, under ``docs/_generated/``:

- ``notebooks/*.ipynb``: the notebooks of ``notebooks/``, copied unchanged (with
  their outputs stripped, as committed) so that myst-nb executes and renders
  them; nothing under ``notebooks/`` is modified;
- ``api/*.rst``: one page per public package and module, an autosummary table
  of every name in its ``__all__`` and the autodoc entries; an object is
  documented once, at the shortest public path that exports it;
- ``ledger.md``: the claims ledger with ``--quick`` semantics (every fast claim
  checked now; the slow, sweep-backed ones listed with their command), opening
  with one compact table of every claim (id linking to its details, location,
  verdict in colour, a one-line statement);
- ``cli.md``: the command line, with each command's ``--help`` as it prints it
  (so the page cannot disagree with the tool).

It also makes the site work offline: the MathJax of the ``sphinx-mathjax-offline``
package is copied into ``_static/mathjax`` at the end of the build (``conf.py``
points ``mathjax_path`` there), and docutils' automatic ``mailto:`` links (it
reads ``nDCG@10`` as an e-mail address) are turned back into text.

A file is rewritten only when its content changes, so an unchanged page is not
re-read by an incremental build.
"""

from __future__ import annotations

import contextlib
import html
import importlib
import importlib.util
import inspect
import io
import json
import os
import pkgutil
import shutil
import time
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGES = ("algebra", "theory", "witnesses", "proofs")

SOURCES = {
    "VM": "The Validity Mirage: context algebra for endogenous semantics under memory compression",
    "DL": "Depth, Not Length: memory, retrieval and decision compliance in coding agents",
    "SLM": "SuperLocalMemory V3: information-geometric foundations of agent memory",
    "KO": "Facts as First-Class Objects: knowledge objects for persistent memory",
    "PJ": "Project Journal: what LLMs forget",
}

VERDICTS = ("proven", "verified", "calibrated", "conditional", "open", "refuted")


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` unless it already holds exactly that."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


# --------------------------------------------------------------------- notebooks


def copy_notebooks(root: Path, out: Path) -> list[str]:
    """Copy ``root/notebooks/*.ipynb`` into ``out``; return their stems."""
    names = []
    for source in sorted((root / "notebooks").glob("*.ipynb")):
        target = out / source.name
        out.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_bytes() != source.read_bytes():
            shutil.copyfile(source, target)
        names.append(source.stem)
    for stale in out.glob("*.ipynb"):
        if stale.stem not in names:
            stale.unlink()
    return names


# --------------------------------------------------------------------------- api


def public_modules(package: str) -> list[str]:
    """Return ``package`` and its public submodules, depth first, sorted."""
    found = [package]
    module = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(module.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        name = f"{package}.{info.name}"
        if info.ispkg:
            found.extend(public_modules(name))
        else:
            found.append(name)
    return found


def home_order(modules: Any) -> list[ModuleType]:
    """Order ``modules`` for :func:`_home`: packages first, moved modules last.

    A module kept at an old path for one release (its docstring's first line
    says "kept for one release") re-exports its new home's objects; those are
    documented at the new home, never at the old path.
    """

    def moved(m: ModuleType) -> bool:
        return "kept for one release" in (m.__doc__ or "").split("\n", 1)[0]

    return sorted(modules, key=lambda m: (moved(m), m.__name__.count("."), m.__name__))


def _home(name: str, obj: Any, modules: list[ModuleType]) -> str:
    """Return the dotted path where ``obj``, exported as ``name``, is documented.

    That is the first of ``modules`` (ordered packages first) that exports the
    object: under the same name, or under another one for a function or class
    re-exported as an alias (``witnesses.run_exp58`` is ``witnesses.exp58.run``).
    """
    for module in modules:
        for exported in getattr(module, "__all__", ()):
            if getattr(module, exported) is not obj:
                continue
            if exported == name or inspect.isfunction(obj) or inspect.isclass(obj):
                return f"{module.__name__}.{exported}"
    msg = f"{name} is exported by no public module"
    raise LookupError(msg)


def _directive(obj: Any) -> str:
    if inspect.isclass(obj):
        return "autoclass"
    if inspect.isfunction(obj) or inspect.isbuiltin(obj) or callable(obj):
        return "autofunction"
    return "autodata"


def api_pages(out: Path) -> list[str]:
    """Write one reST page per public module; return the page names in order."""
    pages = []
    for package in PACKAGES:
        names = public_modules(package)
        modules = home_order(importlib.import_module(n) for n in names)
        for module in (importlib.import_module(n) for n in names):
            _write(out / f"{module.__name__}.rst", _api_page(module, modules))
            pages.append(module.__name__)
    index = [
        "API reference",
        "=============",
        "",
        "Generated from the docstrings. Each page lists every name in its",
        "module's ``__all__``; an object re-exported by a package is documented",
        "once, on the package's page, and linked from its module's table.",
        "",
    ]
    for package in PACKAGES:
        title = f"``{package}``"
        index += [title, "-" * len(title), "", ".. toctree::", "   :maxdepth: 1", ""]
        index += [
            f"   {p}" for p in pages if p == package or p.startswith(package + ".")
        ]
        index.append("")
    _write(out / "index.rst", "\n".join(index))
    return pages


def _api_page(module: ModuleType, modules: list[ModuleType]) -> str:
    name = module.__name__
    exported = list(getattr(module, "__all__", ()))
    title = f"``{name}``"
    lines = [title, "=" * len(title), "", f".. automodule:: {name}"]
    parent, _, leaf = name.rpartition(".")
    if parent and leaf in getattr(importlib.import_module(parent), "__all__", ()):
        # the module shares its name with a function its package exports
        # (``witnesses.rates``): the function keeps the index entry
        lines.append("   :no-index:")
    lines.append("")
    if not exported:
        return "\n".join(lines)
    lines += [".. currentmodule:: " + name, "", ".. autosummary::", ""]
    own = []
    for item in exported:
        obj = getattr(module, item)
        home = _home(item, obj, modules)
        lines.append(f"   {item}" if home == f"{name}.{item}" else f"   ~{home}")
        if home == f"{name}.{item}":
            own.append((item, obj))
    lines.append("")
    for item, obj in own:
        directive = _directive(obj)
        lines.append(f".. {directive}:: {name}.{item}")
        if directive == "autoclass":
            lines.append("   :members:")
        elif directive == "autodata":
            lines.append("   :no-value:")
        lines.append("")
    return "\n".join(lines)


def _all_modules(package: str) -> list[str]:
    """Return every module of ``package``, private ones included."""
    module = importlib.import_module(package)
    found = [package]
    for info in pkgutil.walk_packages(module.__path__, prefix=package + "."):
        found.append(info.name)
    return found


def _attribute_doc(name: str, obj: Any) -> list[str] | None:
    """Return the attribute docstring of the module constant ``name``.

    A constant re-exported from a private module has its docstring (the string
    literal after the assignment) in that module, where autodoc does not look;
    without this it would show the docstring of the value's type.
    """
    from sphinx.pycode import ModuleAnalyzer

    leaf = name.rpartition(".")[2]
    for modname in _all_modules(name.split(".")[0]):
        module = importlib.import_module(modname)
        if getattr(module, leaf, None) is not obj:
            continue
        docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
        if ("", leaf) in docs:
            return [line for line in docs[("", leaf)] if line is not None]
    return None


def _constant_docstring(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Replace a constant's borrowed type docstring by its own attribute docstring."""
    if what != "data" or not name.startswith(PACKAGES):
        return
    borrowed = inspect.getdoc(type(obj)) or ""
    if lines and "\n".join(lines).strip() != borrowed.strip():
        return
    lines[:] = _attribute_doc(name, obj) or []


# ------------------------------------------------------------------------ ledger


def _escape(text: str) -> str:
    """Escape every ASCII punctuation character for MyST (one line)."""
    text = " ".join(str(text).split())
    return "".join(
        "\\" + c if (c.isascii() and not c.isalnum() and c != " ") else c for c in text
    )


def _fence(text: str, lang: str = "text") -> list[str]:
    body = str(text).rstrip()
    ticks = "```"
    while ticks in body:
        ticks += "`"
    return [ticks + lang, body, ticks]


def ledger_page(*, execute: bool = True) -> str:
    """Return the Markdown of the claims ledger (quick semantics).

    With ``execute=False`` no check runs and every claim is listed as not run
    (for a quick draft build, ``CONTEXT_LAWS_DOCS_EXECUTE=off``).
    """
    from proofs import CLAIMS, ledger

    start = time.perf_counter()
    fast = [c.id for c in CLAIMS if not c.slow]
    rows = {row.claim.id: row for row in ledger(ids=fast)} if execute else {}
    seconds = time.perf_counter() - start
    counts: dict[str, Counter[str]] = {}
    for c in CLAIMS:
        row = rows.get(c.id)
        if row is not None:
            verdict = str(row.to_dict()["verdict"])
        else:
            verdict = "not run (slow)" if c.slow else "not run (draft build)"
        counts.setdefault(c.source, Counter())[str(verdict)] += 1
    lines = [
        "# The claims ledger",
        "",
        "Every claim of the five source papers that the package checks, with its",
        "verdict and the evidence behind it. This page was generated when the",
        "documentation was built, by running the ledger with `--quick` semantics:",
        f"the {len(fast)} fast checks ran (in {seconds:.0f} s); the",
        f"{len(CLAIMS) - len(fast)} slow claims, backed by the retention sweeps,",
        "are listed with the command that runs them. The verdicts are explained in",
        "[the claims ledger guide](../guide/ledger.md).",
        "",
        "Re-run any claim with `context-laws ledger --claim ID` (an id, or a pattern",
        "such as `'VM-C*'`); the whole ledger with `context-laws ledger` (`--quick`",
        "skips the slow claims, `--json` prints one JSON document, `--report FILE`",
        "writes a Markdown report); see [the command line](cli.md).",
        "",
        "## Counts",
        "",
    ]
    columns = [*VERDICTS, "not run (slow)", "not run (draft build)", "error"]
    used = [v for v in columns if any(c[v] for c in counts.values())]
    lines.append("| source | claims | " + " | ".join(used) + " |")
    lines.append("|---|---:|" + "---:|" * len(used))
    total: Counter[str] = Counter()
    for source in sorted(counts, key=_source_order):
        total.update(counts[source])
        cells = [str(counts[source][v]) for v in used]
        lines.append(
            f"| {source} | {sum(counts[source].values())} | " + " | ".join(cells) + " |"
        )
    lines.append(
        f"| all | {sum(total.values())} | "
        + " | ".join(str(total[v]) for v in used)
        + " |"
    )
    lines += ["", "## Every claim at a glance", ""]
    lines.append(
        "One row per claim: its id (a link to its details below), where the paper "
        "makes it, the verdict and the claim in one line."
    )
    lines += ["", _summary_table(CLAIMS, rows), ""]
    for source in sorted(counts, key=_source_order):
        lines += ["", f"## {source}: {SOURCES.get(source, source)}", ""]
        for c in (c for c in CLAIMS if c.source == source):
            lines += _claim_section(c, rows.get(c.id))
    return "\n".join(lines) + "\n"


def claim_anchor(claim_id: str) -> str:
    """Return the HTML id of a claim's section on the ledger page."""
    from docutils.nodes import make_id

    return make_id(f"claim-{claim_id}")


def _one_line(text: str, width: int = 140) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "\u2026"


def _verdict_span(verdict: str) -> str:
    kind = verdict if verdict in VERDICTS else "not-run"
    return f'<span class="verdict verdict-{kind}">{html.escape(verdict)}</span>'


def _summary_table(claims: Any, rows: dict[str, Any]) -> str:
    """Return one raw HTML table of every claim (no blank line: one HTML block)."""
    out = [
        '<table class="cl-table ledger-summary">',
        "<thead><tr><th>claim</th><th>where</th><th>verdict</th>"
        "<th>statement</th></tr></thead>",
        "<tbody>",
    ]
    for c in claims:
        row = rows.get(c.id)
        if row is not None:
            verdict = str(row.to_dict()["verdict"])
        else:
            verdict = "not run (slow)" if c.slow else "not run (draft build)"
        out.append(
            f'<tr><td class="id"><a href="#{claim_anchor(c.id)}">'
            f"{html.escape(c.id)}</a></td>"
            f"<td>{html.escape(_one_line(c.where or '', 60))}</td>"
            f"<td>{_verdict_span(verdict)}</td>"
            f"<td>{html.escape(_one_line(c.statement))}</td></tr>"
        )
    out += ["</tbody>", "</table>"]
    return "\n".join(out)


def _source_order(tag: str) -> tuple[int, str]:
    order = list(SOURCES)
    return (order.index(tag) if tag in order else len(order), tag)


def _claim_section(c: Any, row: Any) -> list[str]:
    command = f"context-laws ledger --claim {c.id}"
    lines = [f"({claim_anchor(c.id)})=", f"### {c.id}", ""]
    lines.append(f"**Statement.** {_escape(c.statement)}")
    lines.append("")
    where = _escape(c.where) if c.where else "not yet located"
    lines.append(f"**Where.** {where} · **Kind.** {c.kind.value}")
    lines.append("")
    from proofs import decided_rows

    decided = decided_rows(c.id)
    if decided:
        names = "; ".join(
            f"{d.id} ({d.where}{', weaker' if d.status == 'weaker' else ''})"
            for d in decided
        )
        lines += [f"**Also decides.** {_escape(names)}", ""]
    if row is None:
        why = "a slow, sweep-backed check" if c.slow else "a draft build"
        lines.append(f"**Verdict.** not run here: {why}.")
        lines += ["", "Run it with:", "", *_fence(command, "console"), ""]
        return lines
    data = row.to_dict()
    lines.append(f"**Verdict.** {_verdict_span(str(data['verdict']))}")
    lines += ["", "**Evidence.**", "", *_fence(data["evidence"] or ""), ""]
    if data["counterexample"] is not None:
        text = json.dumps(
            data["counterexample"], indent=2, ensure_ascii=False, default=str
        )
        lines += ["**Counterexample.**", "", *_fence(text, "json"), ""]
    lines += ["**Re-run.**", "", *_fence(command, "console"), ""]
    return lines


# -------------------------------------------------------------------- cli page


def _help_text(argv: list[str]) -> str:
    """Return what ``context-laws ARGV`` prints (``--help``), at 88 columns."""
    from proofs import tool

    buffer = io.StringIO()
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "88"
    try:
        with contextlib.redirect_stdout(buffer), contextlib.suppress(SystemExit):
            tool.main(argv)
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old
    return buffer.getvalue()


def cli_page() -> str:
    """Return the Markdown page of the command line, with every ``--help``."""
    from proofs import tool

    lines = [
        "# The command line",
        "",
        "`pip install` puts one program on the path, `context-laws`, with one",
        "subcommand per job. The `python -m` entry points (`python -m proofs`,",
        "`python -m witnesses.exp58`, `python -m witnesses.rates`,",
        "`python -m witnesses.sweep`) run the same code; every message names",
        "`context-laws`. Each section below is the command's own `--help`, captured",
        "when this page was built, exit statuses included.",
        "",
        "- `context-laws --version` (or `-V`) prints the installed version.",
        "- `context-laws --help`, `--version` and `context-laws ledger --help` answer at once:\n  the claim registry is imported only when claims run.",
        "- A ledger run longer than about a second shows a progress bar on standard",
        "  error when standard error is a terminal, and nothing otherwise (pipes,",
        "  CI logs); the sweep does the same (`--progress` forces it).",
        "- `context-laws ledger --claim` takes an id in any case, an id without its",
        "  `@semantics` suffix (every semantics), or a shell pattern (`'VM-C*'`,",
        "  quoted for the shell); a miss suggests the nearest ids.",
        "- `context-laws ledger --quick` skips the slow, sweep-backed claims and",
        '  lists them as "not run (slow)" in the text, `--json` and `--report`.',
        "",
        "## `context-laws`",
        "",
        *_fence(_help_text(["--help"])),
        "",
    ]
    for name in tool._COMMANDS:
        lines += [f"## `context-laws {name}`", ""]
        lines += [*_fence(_help_text([name, "--help"])), ""]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- offline site


def mathjax_source() -> Path:
    """Return the MathJax directory of the ``sphinx-mathjax-offline`` package."""
    spec = importlib.util.find_spec("sphinx-mathjax-offline")
    if spec is None or spec.origin is None:
        msg = (
            "the docs need the package sphinx-mathjax-offline (MathJax served with "
            "the site): pip install -e '.[docs]'"
        )
        raise RuntimeError(msg)
    return Path(spec.origin).parent / "static" / "mathjax"


def _copy_mathjax(app: Any, exc: BaseException | None) -> None:
    if exc is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static" / "mathjax"
    if not (target / "tex-svg.js").exists():
        shutil.copytree(mathjax_source(), target, dirs_exist_ok=True)


def _no_mailto(app: Any, doctree: Any, docname: str) -> None:
    """Turn docutils' automatic ``mailto:`` links (``nDCG@10``) back into text."""
    from docutils import nodes

    for ref in list(doctree.findall(nodes.reference)):
        if str(ref.get("refuri", "")).startswith("mailto:"):
            ref.replace_self(nodes.Text(ref.astext()))


# ------------------------------------------------------------------------- hook


def _generate(app: Any) -> None:
    docs = Path(app.srcdir)
    out = docs / "_generated"
    if app.builder.format == "html":
        mathjax_source()  # fail early, with the fix, when the package is absent
    copy_notebooks(docs.parent, out / "notebooks")
    api_pages(out / "api")
    execute = app.config.nb_execution_mode != "off"
    _write(out / "ledger.md", ledger_page(execute=execute))
    _write(out / "cli.md", cli_page())


def setup(app: Any) -> dict[str, Any]:
    """Register the generator with Sphinx."""
    app.connect("builder-inited", _generate)
    app.connect("build-finished", _copy_mathjax)
    app.connect("doctree-resolved", _no_mailto)
    # before napoleon (priority 500), which would rewrite the borrowed text
    app.connect("autodoc-process-docstring", _constant_docstring, priority=100)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
