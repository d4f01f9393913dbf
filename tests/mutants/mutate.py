"""A small AST mutation runner: which operator changes does the test suite catch?

Usage (from the repository root)::

    python tests/mutants/mutate.py                        # every configured module
    python tests/mutants/mutate.py --module witnesses/grammar.py
    python tests/mutants/mutate.py --module algebra/reduce.py --list   # no tests run
    python tests/mutants/mutate.py --json survivors.json --markdown table.md
    python tests/mutants/mutate.py --module theory/errors.py --mode subprocess

Each module of ``tests/mutants/modules.toml`` is parsed, and one mutant is made
per site and operator, in source order:

``compare``  ``<`` <-> ``<=``, ``>`` <-> ``>=`` (the off-by-one) and the negation of
             every comparison (``<`` -> ``>=``, ``==`` <-> ``!=``, ``in`` <-> ``not in``,
             ``is`` <-> ``is not``);
``arith``    ``+`` <-> ``-``, ``*`` <-> ``/``, ``//`` -> ``/``, ``%`` -> ``//``,
             ``**`` -> ``*``, also in augmented assignments;
``constant`` an int or float ``n`` -> ``n + 1`` and ``n - 1``; ``True`` <-> ``False``;
``boolean``  ``and`` <-> ``or``; ``not x`` -> ``x``;
``return``   ``return x`` -> ``return None``, and ``return not (x)`` in a
             function annotated ``-> bool``;
``raise``    ``raise ...`` -> ``pass``.

Not mutated: docstrings and other strings, f-strings, annotations, ``__all__``,
lines marked ``# pragma: no mutate``. The text of the module is edited at the
operator's token, so comments, docstrings and doctests stay as written.

Each mutant is written into a private copy of the repository (one copy per
job; the file is restored after each mutant) and the module's test files and
its own doctests run with ``pytest -x -q --hypothesis-seed=0``, with
``PYTHONDONTWRITEBYTECODE=1`` and no hypothesis example database, so a run is
deterministic. ``--mode warm`` forks each run from a process that imported
the libraries once; ``--mode subprocess`` starts a fresh interpreter per run;
``--mode coverage`` (default) starts as the warm mode, but first records under
coverage.py which tests (node ids, doctests included) execute each line of the
module in the unmutated run, then runs each mutant on those tests only: every
listed test for code that runs at import or outside a single test (module
level, class bodies, decorators, default values, wide fixtures, cached
functions) and always the tests that start a process. A mutant whose lines no
test executes survives without a run (``judged: "not_covered"`` in the JSON).
The three give the same verdicts (tests/mutants/README.md). A mutant is
*killed* when pytest fails (a failing test, or an
import or collection error) and *survives* when it passes. A mutant still
running after ``--timeout`` seconds (default: 3 x the unmutated run + 10 s)
is stopped and counted as killed, in a separate ``timeout`` column.

Survivors argued equivalent in ``tests/mutants/equivalent.toml`` (keyed by the
mutant id printed in the JSON) are excluded from the score:
``score = killed / (generated - equivalent)``. A listed mutant that is killed
is reported as stale.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import contextlib
import importlib.util
import io
import json
import os
import py_compile
import shutil
import signal
import sys
import tempfile
import time
import tokenize
import tomllib
from collections import Counter
from collections.abc import Generator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CONFIG = HERE / "modules.toml"
EQUIVALENT = HERE / "equivalent.toml"
NO_MUTATE = "pragma: no mutate"

_CMP_SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
_CMP_NEG = {
    "<": ">=",
    "<=": ">",
    ">": "<=",
    ">=": "<",
    "==": "!=",
    "!=": "==",
    "in": "not in",
    "not in": "in",
    "is": "is not",
    "is not": "is",
}
_ARITH = {"+": "-", "-": "+", "*": "/", "/": "*", "//": "/", "%": "//", "**": "*"}
_AST_CMP = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}
_AST_ARITH = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
}


@dataclass(frozen=True)
class Mutant:
    """One edit of a module's text: replace ``[start, end)`` by ``after``."""

    module: str
    id: str
    operator: str
    line: int
    start: int
    end: int
    before: str
    after: str
    snippet: str

    def apply(self, source: str) -> str:
        """Return ``source`` with this mutant's edit."""
        return source[: self.start] + self.after + source[self.end :]


# --------------------------------------------------------------------------
# generation


class _Offsets:
    """Map (line, column) pairs of the AST and tokenize to string offsets."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.starts = [0]
        for line in source.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))
        self.lines = source.splitlines()
        # ast columns are UTF-8 byte offsets; tokenize columns are characters.
        self.tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))

    def char(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def byte(self, line: int, col: int) -> int:
        text = self.lines[line - 1].encode()[:col].decode()
        return self.starts[line - 1] + len(text)

    def node_span(self, node: ast.AST) -> tuple[int, int]:
        return (
            self.byte(node.lineno, node.col_offset),  # type: ignore[attr-defined]
            self.byte(node.end_lineno, node.end_col_offset),  # type: ignore[attr-defined]
        )

    def op_tokens(self, lo: int, hi: int) -> list[tuple[int, int, str]]:
        """Operator and keyword tokens lying in ``[lo, hi)``, with their spans."""
        out = []
        for tok in self.tokens:
            if tok.type not in (tokenize.OP, tokenize.NAME):
                continue
            start = self.char(*tok.start)
            end = self.char(*tok.end)
            if lo <= start and end <= hi:
                out.append((start, end, tok.string))
        return out


class _Collector(ast.NodeVisitor):
    """Walk a module in source order and record each mutation site."""

    def __init__(self, module: str, source: str) -> None:
        self.module = module
        self.off = _Offsets(source)
        self.scope: list[str] = []
        self.bool_fn: list[bool] = []
        self.raw: list[tuple[str, str, int, int, int, str, str]] = []

    # scopes --------------------------------------------------------------
    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scope.append(node.name)
        returns = node.returns
        self.bool_fn.append(isinstance(returns, ast.Name) and returns.id == "bool")
        for default in node.args.defaults + node.args.kw_defaults:
            if default is not None:
                self.visit(default)
        self._body(node.body)
        self.bool_fn.pop()
        self.scope.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.append(node.name)
        self._body(node.body)
        self.scope.pop()

    def visit_Module(self, node: ast.Module) -> None:
        self._body(node.body)

    def _body(self, body: Sequence[ast.stmt]) -> None:
        for i, stmt in enumerate(body):
            if i == 0 and _is_docstring(stmt):
                continue
            self.visit(stmt)

    # skipped -------------------------------------------------------------
    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        return

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_Assign(self, node: ast.Assign) -> None:
        names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        if "__all__" in names:
            return
        self.generic_visit(node)

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
            return
        if (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == "__name__"
        ):
            return
        self.visit(node.test)
        self._body(node.body)
        self._body(node.orelse)

    # sites ---------------------------------------------------------------
    def _add(self, op: str, lo: int, hi: int, line: int, after: str) -> None:
        if NO_MUTATE in self.off.lines[line - 1]:
            return
        before = self.off.source[lo:hi]
        if before == after:
            return
        self.raw.append(
            (".".join(self.scope) or "<module>", op, line, lo, hi, before, after)
        )

    def _token_between(
        self, left: ast.AST, right: ast.AST, words: str
    ) -> tuple[int, int] | None:
        lo = self.off.node_span(left)[1]
        hi = self.off.node_span(right)[0]
        toks = [t for t in self.off.op_tokens(lo, hi) if t[2] != "(" and t[2] != ")"]
        parts = words.split()
        for i in range(len(toks) - len(parts) + 1):
            if [t[2] for t in toks[i : i + len(parts)]] == parts:
                return toks[i][0], toks[i + len(parts) - 1][1]
        return None

    def visit_Compare(self, node: ast.Compare) -> None:
        left = node.left
        for op, right in zip(node.ops, node.comparators, strict=True):
            text = _AST_CMP[type(op)]
            span = self._token_between(left, right, text)
            if span is not None:
                for after in (_CMP_SWAP.get(text), _CMP_NEG[text]):
                    if after is not None:
                        self._add("compare", *span, node.lineno, after)
            left = right
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        text = _AST_ARITH.get(type(node.op))
        if text is not None:
            span = self._token_between(node.left, node.right, text)
            if span is not None:
                self._add("arith", *span, node.lineno, _ARITH[text])
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        text = _AST_ARITH.get(type(node.op))
        if text is not None:
            span = self._token_between(node.target, node.value, text + "=")
            if span is not None:
                self._add("arith", *span, node.lineno, _ARITH[text] + "=")
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        text = "and" if isinstance(node.op, ast.And) else "or"
        other = "or" if text == "and" else "and"
        for left, right in zip(node.values, node.values[1:], strict=False):
            span = self._token_between(left, right, text)
            if span is not None:
                self._add("boolean", *span, node.lineno, other)
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            lo, hi = self.off.node_span(node)
            olo, ohi = self.off.node_span(node.operand)
            self._add(
                "boolean", lo, hi, node.lineno, "(" + self.off.source[olo:ohi] + ")"
            )
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        lo, hi = self.off.node_span(node)
        if isinstance(value, bool):
            self._add("constant", lo, hi, node.lineno, str(not value))
        elif isinstance(value, int | float) and not isinstance(value, complex):
            for delta in (1, -1):
                new = value + delta
                text = repr(new) if isinstance(new, int) else repr(float(new))
                self._add("constant", lo, hi, node.lineno, f"({text})")

    def visit_Return(self, node: ast.Return) -> None:
        if node.value is None:
            return
        lo, hi = self.off.node_span(node)
        vlo, vhi = self.off.node_span(node.value)
        if not (isinstance(node.value, ast.Constant) and node.value.value is None):
            self._add("return", lo, hi, node.lineno, "return None")
        if self.bool_fn and self.bool_fn[-1]:
            self._add(
                "return",
                lo,
                hi,
                node.lineno,
                f"return not ({self.off.source[vlo:vhi]})",
            )
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        lo, hi = self.off.node_span(node)
        self._add("raise", lo, hi, node.lineno, "pass")


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def generate(module: str, source: str) -> list[Mutant]:
    """Return every mutant of ``source`` in source order, with stable ids.

    An id is ``module:scope:operator:before->after#k``, where ``k`` counts the
    earlier sites in the same scope with the same edit: it does not move when
    lines are added elsewhere in the module.

    Examples
    --------
    >>> src = "def f(x: int) -> bool:\\n    return x < 2\\n"
    >>> [m.id for m in generate("m.py", src)]  # doctest: +NORMALIZE_WHITESPACE
    ['m.py:f:return:return x < 2->return None#0',
     'm.py:f:return:return x < 2->return not (x < 2)#0',
     'm.py:f:compare:<-><=#0', 'm.py:f:compare:<->>=#0',
     'm.py:f:constant:2->(3)#0', 'm.py:f:constant:2->(1)#0']
    >>> generate("m.py", src)[2].apply(src).splitlines()[1]
    '    return x <= 2'
    """
    collector = _Collector(module, source)
    collector.visit(ast.parse(source))
    seen: Counter[tuple[str, str, str, str]] = Counter()
    out = []
    lines = source.splitlines()
    for scope, op, line, lo, hi, before, after in collector.raw:
        key = (scope, op, before, after)
        k = seen[key]
        seen[key] += 1
        one_line = " ".join(before.split())
        out.append(
            Mutant(
                module=module,
                id=f"{module}:{scope}:{op}:{one_line}->{after}#{k}",
                operator=op,
                line=line,
                start=lo,
                end=hi,
                before=before,
                after=after,
                snippet=lines[line - 1].strip(),
            )
        )
    return out


# --------------------------------------------------------------------------
# running


@dataclass(frozen=True)
class Outcome:
    """What pytest said about one mutant."""

    id: str
    status: str  # "killed", "timeout", "survived"
    seconds: float
    killed_by: str = ""  # the first failing test (pytest node id)
    #: how the verdict was reached: "tests_run" (pytest ran on the mutant) or
    #: "not_covered" (coverage mode: no test executes the mutated lines, so the
    #: mutant survives without a run)
    judged: str = "tests_run"
    #: coverage mode: how many tests (node ids) the run selected; 0 when every
    #: listed file ran (the warm and subprocess modes, and the fallback)
    selected: int = 0


def _copy_repo(dest: Path, root: Path = ROOT) -> Path:
    copy = dest / "repo"
    shutil.copytree(
        root,
        copy,
        ignore=shutil.ignore_patterns(
            ".git",
            ".venv",
            "__pycache__",
            "*.pyc",
            ".hypothesis",
            ".mypy_cache",
            ".ruff_cache",
            ".pytest_cache",
            "notebooks",
            "*.egg-info",
        ),
    )
    # Byte code for the unmutated copy, checked against each source's hash on
    # every import: a mutant's module (whose hash differs) is compiled afresh,
    # every other module loads its byte code instead of being compiled again
    # in every run (the runs themselves write none).
    compileall.compile_dir(
        copy,
        quiet=2,
        invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
    )
    return copy


#: Third-party modules imported once by the warm runner, before it forks one
#: child per mutant: their import time is paid once. The warm runner also
#: imports every module outside the copy that the unmutated run imported (see
#: ``_warm_up``). The project's own packages are never imported in the parent.
PREIMPORT = (
    "numpy", "scipy", "scipy.stats", "scipy.sparse", "scipy.sparse.linalg",
    "scipy.linalg", "scipy.special", "scipy.optimize", "sympy", "networkx",
    "hypothesis", "hypothesis.strategies", "hypothesis.extra.numpy", "pytest",
    "statsmodels.stats.proportion",
    "statsmodels.stats.contingency_tables",
)  # fmt: skip

_ENV = {
    "PYTHONDONTWRITEBYTECODE": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "PYTHONHASHSEED": "0",
}

#: How each mutant's pytest run starts. ``warm``: a child forked from this
#: process, which has imported pytest and the third-party libraries once.
#: ``subprocess``: a fresh interpreter per mutant (``mutate.py --child``), which
#: imports everything itself (about 2-3 s more per mutant). Both run the same
#: ``_child_main`` with the same arguments; only the start differs.
#: ``coverage``: the warm start, but the unmutated run records which tests
#: execute each line of the module (see ``CoverageMap``), and each mutant runs
#: only the tests that execute its lines (all listed files for code run at
#: import); a mutant no test executes survives without a run ("not_covered").
MODES = ("coverage", "warm", "subprocess")


def _preimport(names: Sequence[str] = PREIMPORT) -> None:
    import gc
    import importlib
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in names:
            # a module that cannot be imported here is imported (or fails) in
            # the child, as in a cold start
            with contextlib.suppress(Exception):
                importlib.import_module(name)
    # what is imported stays alive: the children's garbage collections (pytest
    # runs several at its end) skip it instead of scanning it (~1 s a run)
    gc.freeze()


FIRST_FAILURE = ".mutate-first-failure"
#: the warm runner's list of modules (outside the copy) the unmutated run imported
IMPORTED = ".mutate-imported"
#: per-run directories under the copy, removed before every run
_SCRATCH = (".hypothesis", ".mutate-basetemp", ".mutate-cache")


class _FirstFailure:
    """pytest plugin: remember the first failing test or collection error."""

    def __init__(self, copy: Path) -> None:
        self.nodeid = ""
        self.copy = copy

    def pytest_runtest_logreport(self, report: object) -> None:
        if getattr(report, "failed", False) and not self.nodeid:
            self.nodeid = str(getattr(report, "nodeid", "?"))

    def pytest_collectreport(self, report: object) -> None:
        if getattr(report, "failed", False) and not self.nodeid:
            self.nodeid = "collect:" + str(getattr(report, "nodeid", "?"))

    def write(self) -> None:
        (self.copy / FIRST_FAILURE).write_text(self.nodeid)


def _first_failure(copy: Path) -> str:
    path = copy / FIRST_FAILURE
    if not path.exists():
        return ""
    text = path.read_text()
    path.unlink()
    return text


#: the coverage mode's record of the unmutated run (written by the child)
COVERAGE = ".mutate-coverage.json"
#: the context of lines run outside any single test: collection (imports of the
#: module and of the test files), fixtures wider than a function, the teardown
#: that ends a module, class or session, and the session's end
OUTSIDE = "<outside>"


class _Trace:
    """pytest plugin: record which test executes each line of one file.

    Lines are recorded by coverage.py (its C tracer, this file only, threads
    included) under a dynamic context: the node id of the test being set up,
    run or torn down (doctests included), or ``OUTSIDE``. Tests that start a
    process (subprocess, fork, multiprocessing, a process pool) are listed
    apart: the module's code may run in that process, out of sight.
    """

    def __init__(self, copy: Path, filename: Path) -> None:
        import coverage

        self.copy = copy
        self.filename = os.path.realpath(filename)
        self.cov = coverage.Coverage(
            data_file=None, include=[self.filename], config_file=False, branch=False
        )
        self.current = ""
        self.depth = 0
        self.order: list[str] = []
        self.spawners: set[str] = set()
        self.spawned_outside = False
        self.armed = False
        self.started = 0.0
        self.seconds: dict[str, float] = {}

    def start(self) -> None:
        self._watch_spawns()
        self.cov.start()
        self.cov.switch_context(OUTSIDE)

    def pytest_sessionstart(self) -> None:
        # from here on: processes started by plugins as pytest starts
        # (pytest-benchmark asks git and file about the machine) run no test
        self.armed = True

    def _spawned(self) -> None:
        if not self.armed:
            return
        if self.current and not self.depth:
            self.spawners.add(self.current)
        else:
            self.spawned_outside = True

    def _watch_spawns(self) -> None:
        import _posixsubprocess
        import concurrent.futures.process
        import multiprocessing.process
        import subprocess

        def wrap(owner: object, name: str) -> None:
            original = getattr(owner, name, None)
            if original is None:
                return

            def spy(*args: object, **kwargs: object) -> object:
                self._spawned()
                return original(*args, **kwargs)

            setattr(owner, name, spy)

        for owner, name in (
            (os, "fork"), (os, "posix_spawn"), (os, "posix_spawnp"), (os, "system"),
            (_posixsubprocess, "fork_exec"), (subprocess, "_fork_exec"),
            (multiprocessing.process.BaseProcess, "start"),
            (concurrent.futures.process.ProcessPoolExecutor, "submit"),
        ):  # fmt: skip
            wrap(owner, name)

    def _switch(self, context: str) -> None:
        self.cov.switch_context(context)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: object, nextitem: object) -> None:
        nodeid = str(getattr(item, "nodeid", ""))
        self.current = nodeid
        self.order.append(nodeid)
        self.started = time.monotonic()
        self._switch(nodeid)

    def pytest_runtest_logfinish(self, nodeid: str, location: object) -> None:
        self.seconds[nodeid] = round(time.monotonic() - self.started, 4)
        self.current = ""
        self._switch(OUTSIDE)

    @staticmethod
    def _scope_ends(item: object, nextitem: object) -> bool:
        if nextitem is None:
            return True
        return bool(
            getattr(item, "module", None) is not getattr(nextitem, "module", None)
            or getattr(item, "cls", None) is not getattr(nextitem, "cls", None)
        )

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_teardown(self, item: object, nextitem: object) -> None:
        # wider fixtures are finalised in the teardown of the last test of
        # their scope: the lines they run belong to no single test
        if self._scope_ends(item, nextitem):
            self.depth += 1
            self._switch(OUTSIDE)

    def pytest_runtest_logreport(self, report: object) -> None:
        if getattr(report, "when", "") == "teardown" and self.depth:
            self.depth = 0

    @pytest.hookimpl(wrapper=True)
    def pytest_fixture_setup(
        self, fixturedef: object, request: object
    ) -> Generator[None, object, object]:
        broad = getattr(fixturedef, "scope", "function") != "function"
        if broad:
            self.depth += 1
            self._switch(OUTSIDE)
        try:
            return (yield)
        finally:
            if broad:
                self.depth -= 1
                if not self.depth and self.current:
                    self._switch(self.current)

    def write(self) -> None:
        self.cov.stop()
        data = self.cov.get_data()
        lines: dict[str, list[str]] = {}
        for name in data.measured_files():
            if os.path.realpath(name) == self.filename:
                for line, contexts in data.contexts_by_lineno(name).items():
                    lines[str(line)] = sorted(contexts)
        record = {
            "lines": lines,
            "order": self.order,
            "seconds": self.seconds,
            "spawners": sorted(self.spawners),
            "spawned_outside": self.spawned_outside,
        }
        (self.copy / COVERAGE).write_text(json.dumps(record))


class _Quick:
    """pytest plugin of the coverage mode's mutant runs: hypothesis does not
    shrink or explain a failure (see ``pytest_sessionstart``)."""

    def pytest_sessionstart(self) -> None:
        # hypothesis: no shrinking and no explanation of a failure. Both run
        # only after a test has failed (the mutant is killed either way) and
        # cost seconds; examples are generated as before. Loaded after the
        # project's conftest chose its profile, before any test file makes
        # its own settings from it.
        from hypothesis import Phase, settings

        current = settings.default or settings()
        keep = [p for p in current.phases if p not in (Phase.shrink, Phase.explain)]
        settings.register_profile("mutate-no-shrink", current, phases=keep)
        settings.load_profile("mutate-no-shrink")


class _Select:
    """pytest plugin: run only the given node ids, in the given order.

    The files given to pytest are collected whole (an import or collection
    error still fails the run); the other tests are deselected. If a given id
    is not collected (ids changed under the mutant), nothing is deselected.
    """

    def __init__(self, nodeids: Sequence[str]) -> None:
        self.rank = {n: i for i, n in enumerate(nodeids)}

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        keep = [item for item in items if item.nodeid in self.rank]
        if len(keep) != len(self.rank):
            return
        drop = [item for item in items if item.nodeid not in self.rank]
        if drop:
            config.hook.pytest_deselected(items=drop)
        items[:] = sorted(keep, key=lambda item: self.rank[item.nodeid])


def pytest_args(copy: Path) -> list[str]:
    """The pytest options of every run (both modes), before the targets."""
    # the project's addopts minus --nbmake (its jupyter imports cost ~1 s a
    # run) and minus xdist: tests/conftest.py spreads an undecided run over the
    # cores, which started two fresh worker interpreters per mutant (each
    # importing numpy, scipy, ... again) and used both cores of the machine.
    return [
        "-x", "-q", "--no-header", "-p", "no:cacheprovider", "-p", "no:nbmake",
        "-p", "no:xdist", "-o", "addopts=", "--doctest-modules",
        "--import-mode=importlib", "--strict-markers", "--benchmark-skip",
        "--hypothesis-seed=0",
        # no assertion rewriting: pass/fail is unchanged, and it would rewrite
        # (and refuse) the pre-imported hypothesis on every run
        "--assert=plain",
        # temporary paths under the copy: pytest's clean-up of the shared
        # /tmp/pytest-of-USER (other users' runs) cost ~0.8 s a run
        f"--basetemp={copy / '.mutate-basetemp'}",
    ]  # fmt: skip


def _project_names(copy: Path) -> set[str]:
    return {p.name.removesuffix(".py") for p in copy.iterdir()}


def _child_main(
    copy: Path,
    targets: Sequence[str],
    root: Path,
    *,
    record: bool = False,
    trace: str | None = None,
    select: Sequence[str] | None = None,
    quick: bool = False,
) -> int:
    """Run pytest on ``targets`` in ``copy`` in this process; return its code.

    The same code runs in a forked child (warm mode) and in a fresh interpreter
    (``--child``, subprocess mode). With ``record`` it writes the names of the
    modules outside the copy that the run imported (for ``_warm_up``). With
    ``trace`` (a module path) it records which test executes each of its lines
    (``_Trace``, coverage mode); with ``select`` it runs only these node ids;
    with ``quick`` (the coverage mode's mutant runs) a failure is not shrunk
    by hypothesis and its traceback is formatted cheaply.
    """
    if not os.environ.get("MUTATE_VERBOSE"):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
    os.chdir(copy)
    # Ctrl-C behaves as in a terminal even when the runner was started in the
    # background of a shell (which ignores SIGINT, and the ignore is inherited):
    # tests that interrupt a command must not depend on how the runner started
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # the copy, not the checkout, is under test: drop the checkout from the
    # path (not a virtualenv kept inside it), and any module of the project
    # that this process holds (the warm parent never imports one)
    sys.path[:] = [str(copy)] + [
        p
        for p in sys.path
        if p and not (p.startswith(str(root)) and not p.startswith(sys.prefix))
    ]
    project = _project_names(copy)
    for name in [m for m in sys.modules if m.split(".")[0] in project]:
        del sys.modules[name]
    # subprocesses started by the tests (command lines) import the copy too
    os.environ["PYTHONPATH"] = str(copy)
    # the ledger's cache: a fresh directory per run (tests/conftest.py)
    os.environ["CONTEXT_LAWS_CACHE"] = str(copy / ".mutate-cache")
    sys.dont_write_bytecode = True
    before = set(sys.modules)
    import pytest

    first = _FirstFailure(copy)
    plugins: list[object] = [first]
    tracer = _Trace(copy, copy / trace) if trace is not None else None
    if tracer is not None:
        plugins.append(tracer)
        tracer.start()
    if select is not None:
        plugins.append(_Select(select))
    args = pytest_args(copy)
    if quick:
        plugins.append(_Quick())
        if not os.environ.get("MUTATE_VERBOSE"):
            # nobody reads the traceback: format it cheaply (pytest's long
            # format parses the source of every frame)
            args.append("--tb=native")
    code = int(pytest.main([*args, *targets], plugins=plugins))
    if tracer is not None:
        tracer.write()
    first.write()
    if record:
        names = []
        for name in sorted(set(sys.modules) - before):
            file = str(getattr(sys.modules.get(name), "__file__", None) or "")
            top = name.split(".")[0]
            if top in project or file.startswith(str(copy)) or name.startswith("__"):
                continue
            names.append(name)
        (copy / IMPORTED).write_text("\n".join(names))
    return code


def _fork(
    copy: Path,
    targets: Sequence[str],
    root: Path,
    record: bool,
    trace: str | None = None,
    select: Sequence[str] | None = None,
    quick: bool = False,
) -> int:
    pid = os.fork()
    if pid:
        return pid
    code = 98  # child from here on: never returns
    try:
        os.setsid()
        code = _child_main(
            copy, targets, root, record=record, trace=trace, select=select,
            quick=quick,
        )  # fmt: skip
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        os._exit(code)


def _exec(copy: Path, targets: Sequence[str], root: Path) -> int:
    argv = [
        sys.executable, str(Path(__file__).resolve()), "--child", str(copy),
        "--root", str(root), "--", *targets,
    ]  # fmt: skip
    actions = []
    if not os.environ.get("MUTATE_VERBOSE"):
        actions = [
            (os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_WRONLY, 0) for fd in (1, 2)
        ]
    env = {**os.environ, **_ENV}
    return os.posix_spawn(sys.executable, argv, env, file_actions=actions, setsid=True)


def _spawn(
    copy: Path,
    targets: Sequence[str],
    *,
    mode: str = "warm",
    root: Path = ROOT,
    record: bool = False,
    trace: str | None = None,
    select: Sequence[str] | None = None,
    quick: bool = False,
) -> int:
    """Start one pytest run on ``targets`` in ``copy``; return the child's pid."""
    for name in _SCRATCH:
        shutil.rmtree(copy / name, ignore_errors=True)
    if mode in ("warm", "coverage"):
        return _fork(copy, targets, root, record, trace, select, quick)
    if mode == "subprocess":
        return _exec(copy, targets, root)
    raise ValueError(f"mode must be one of {MODES}, got {mode!r}")


#: never imported by ``_warm_up``: with asyncio's modules imported by name in
#: the parent, a forked child's dask client failed ("Timeout should be used
#: inside a task", tests/test_output_files.py's unreachable-address test):
#: the unmutated run failed for every module run after one that warmed them
_NO_WARM_UP = ("asyncio", "_asyncio")


def _warm_up(copy: Path) -> int:
    """Import in this process what the unmutated run imported; return the count."""
    path = copy / IMPORTED
    if not path.exists():
        return 0
    names = [
        n
        for n in path.read_text().splitlines()
        if n and n not in sys.modules and n.split(".")[0] not in _NO_WARM_UP
    ]
    path.unlink()
    _preimport(names)
    return len(names)


def _prime_inspect() -> None:
    """Fill ``inspect``'s map of files to modules for what this process holds.

    ``inspect.getmodule`` (doctest collection calls it) scans every module in
    ``sys.modules`` for the first object it cannot place, with a ``realpath``
    per module: ~1 s per run with the pre-imported libraries. Done once here,
    the forked children only scan the project's modules.
    """
    import inspect

    inspect.getmodule(compile("", "<mutate: prime inspect>", "exec"))


def _prime_hypothesis() -> None:
    """Mark this process's non-local modules as read by hypothesis.

    Hypothesis draws constants from the source of local modules (not in
    site-packages or the standard library, not tests), found by scanning
    ``sys.modules`` once per run: ~0.2 s with the pre-imported libraries. The
    modules held here are marked as already scanned when they are not local
    (they give no constants), so a forked child scans only what it imports
    itself: the same constants as a fresh run. Nothing happens when this
    version of hypothesis keeps no such record.
    """
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.constants_ast import is_local_module_file
    except ImportError:
        return
    seen = getattr(providers, "_seen_modules", None)
    if not isinstance(seen, set):
        return
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if file is None or not is_local_module_file(file):
            seen.add(id(module))


def _poll(pid: int) -> int | None:
    """Exit code of a finished child, or None while it runs."""
    done, status = os.waitpid(pid, os.WNOHANG)
    return os.waitstatus_to_exitcode(status) if done else None


def _stop(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:  # not yet its own group leader
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def _pytest(
    copy: Path,
    targets: Sequence[str],
    timeout: float,
    *,
    mode: str = "warm",
    root: Path = ROOT,
    record: bool = False,
    trace: str | None = None,
) -> tuple[int | None, float]:
    """Run pytest once; return (exit code, or None after ``timeout``; seconds)."""
    t0 = time.monotonic()
    pid = _spawn(copy, targets, mode=mode, root=root, record=record, trace=trace)
    while (code := _poll(pid)) is None:
        if time.monotonic() - t0 > timeout:
            _stop(pid)
            break
        time.sleep(0.02)
    return code, time.monotonic() - t0


# --------------------------------------------------------------------------
# coverage mode: which tests can see a mutant


@dataclass(frozen=True)
class CoverageMap:
    """Which tests executed each line of one module in the unmutated run.

    ``lines`` maps a line to the node ids of the tests (doctests included)
    that executed it, as a union over the whole run (every hypothesis example).
    ``outside`` holds the lines run outside any single test (``OUTSIDE``:
    collection, where the module and the test files are imported; fixtures
    wider than a function; the teardown that ends a module, class or session)
    and every line run by a test that also ran module-level code (a test that
    imported the module itself). ``spawners`` started a process, where the
    module may run out of sight; ``spawned_outside``: a process was started
    outside any test.
    """

    lines: dict[int, frozenset[str]]
    outside: frozenset[int]
    order: tuple[str, ...]
    spawners: frozenset[str]
    spawned_outside: bool
    #: each test's seconds in the recorded run (setup, call and teardown)
    seconds: dict[str, float] = field(default_factory=dict)

    @classmethod
    def from_record(cls, record: dict[str, Any], body: frozenset[int]) -> CoverageMap:
        """Build the map from ``_Trace``'s record and the module's body lines."""
        raw = {int(k): frozenset(v) for k, v in record["lines"].items()}
        outside = {line for line, ctx in raw.items() if OUTSIDE in ctx}
        importers = {c for line, ctx in raw.items() if line not in body for c in ctx}
        outside |= {line for line, ctx in raw.items() if ctx & importers}
        return cls(
            lines={line: ctx - {OUTSIDE} for line, ctx in raw.items()},
            outside=frozenset(outside),
            order=tuple(record["order"]),
            spawners=frozenset(record["spawners"]),
            spawned_outside=bool(record["spawned_outside"]),
            seconds={str(k): float(v) for k, v in record.get("seconds", {}).items()},
        )


def body_lines(source: str) -> frozenset[int]:
    r"""Lines that run only when a function of ``source`` is called.

    The lines of every function body, without its header (decorators, default
    values and annotations run where the ``def`` runs). Module-level code, class
    bodies and the bodies of cached functions (a decorator naming a cache: a
    result computed in one test is seen by later tests that run none of its
    lines) are left out: their mutants are judged on every listed test.

    Examples
    --------
    >>> src = "X = 1\ndef f(a=2):\n    return a + X\n"
    >>> sorted(body_lines(src))
    [3]
    """
    body: set[int] = set()
    cached: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = node.body[0].lineno
        last = node.body[-1].end_lineno or first
        lines = set(range(first + (first == node.lineno), last + 1))
        if any("cache" in ast.unparse(d).lower() for d in node.decorator_list):
            cached |= lines
        else:
            body |= lines
    return frozenset(body - cached)


def mutant_lines(mutant: Mutant, source: str) -> frozenset[int]:
    """The lines the mutant's edit touches (and the line of its AST node)."""
    first = source.count("\n", 0, mutant.start) + 1
    last = first + source.count("\n", mutant.start, max(mutant.end - 1, mutant.start))
    return frozenset({mutant.line, *range(first, last + 1)})


def select_tests(
    mutant: Mutant, source: str, cmap: CoverageMap, body: frozenset[int]
) -> tuple[str, ...] | None:
    """The tests that can tell ``mutant`` apart, in run order; None: all of them.

    None (run every listed file) when the mutant touches code that runs at
    import or outside a single test (see ``body_lines`` and ``CoverageMap``),
    or when a process was started outside any test. Otherwise the tests that
    executed one of its lines, and every test that started a process; an
    empty tuple when there is none: no test executes the mutated code, and
    the mutant survives ("not_covered").
    """
    if cmap.spawned_outside:
        return None
    lines = mutant_lines(mutant, source)
    if not lines <= body or lines & cmap.outside:
        return None
    tests = set(cmap.spawners)
    for line in lines:
        tests |= cmap.lines.get(line, frozenset())
    ordered = [n for n in cmap.order if n in tests]
    return (*ordered, *sorted(tests - set(ordered)))


def _run_order(
    tests: Sequence[str], killers: Sequence[str], seconds: dict[str, float]
) -> list[str]:
    """``tests`` in the order to run them: with ``pytest -x`` the first failure ends
    the run, so the tests that killed earlier mutants of the module come first
    (the latest first), then the others, fastest first (their seconds in the
    recorded run; pytest's order among equals)."""
    chosen = set(tests)
    first = [k for k in killers if k in chosen]
    done = set(first)
    rest = sorted(
        (t for t in tests if t not in done), key=lambda t: seconds.get(t, 0.0)
    )
    return [*first, *rest]


def _files_of(nodeids: Sequence[str], targets: Sequence[str]) -> list[str]:
    """The listed targets that hold one of ``nodeids``, in the listed order.

    Only these are collected: code a mutant changes that runs when another
    file is collected ran outside any test, and is judged on every file."""
    files = {n.split("::")[0] for n in nodeids}
    if not files <= set(targets):
        return list(targets)
    return [t for t in targets if t in files]


def _targets(module: str, tests: Sequence[str]) -> list[str]:
    # the test files in the configured order, the module's doctests last unless
    # the module is listed among them (doctests first can import the module
    # twice under --import-mode=importlib). With -x, killed_by names the first
    # target that catches the mutant.
    return list(tests) if module in tests else [*tests, module]


def run_module(
    module: str,
    tests: Sequence[str],
    mutants: Sequence[Mutant],
    *,
    jobs: int,
    timeout: float | None,
    log: bool,
    mode: str = "warm",
    root: Path = ROOT,
    order: str = "killers",
    workdir: Path | None = None,
) -> tuple[list[Outcome], float, float]:
    """Run every mutant of one module; return outcomes, baseline and wall seconds.

    In the coverage mode, ``order`` is the order of a mutant's selected tests:
    ``"killers"`` puts the tests that killed earlier mutants of the module
    first (the latest first), then the fastest; ``"collection"`` keeps
    pytest's order, so that ``killed_by`` is the test the warm mode names.
    The copies of the repository are made in ``workdir`` (a temporary
    directory when None), or reused from there: ``main`` copies once for
    every module it runs (each mutated file is restored after its run).
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    if order not in ("killers", "collection"):
        raise ValueError(f"order must be 'killers' or 'collection', got {order!r}")
    covered = mode == "coverage"
    if covered and importlib.util.find_spec("coverage") is None:
        msg = (
            "--mode coverage needs coverage.py (pip install -e '.[test]'); "
            "--mode warm runs every listed test without it"
        )
        raise SystemExit(msg)
    t_start = time.monotonic()
    with contextlib.ExitStack() as stack:
        if workdir is None:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="mutants-"))
            workdir = Path(tmp)
        copies = [
            workdir / str(j) / "repo"
            if (workdir / str(j) / "repo").is_dir()
            else _copy_repo(workdir / str(j), root)
            for j in range(jobs)
        ]
        targets = _targets(module, tests)
        # the unmutated run; in the coverage mode it also records which test
        # executes each line of the module (and it is slower for that)
        code, base = _pytest(
            copies[0], targets, 3600, mode=mode, root=root,
            record=mode != "subprocess", trace=module if covered else None,
        )  # fmt: skip
        first = _first_failure(copies[0])
        traced = covered and code == 0
        if covered and code != 0:
            # a test may fail only under the tracer (slower, a timeout): run
            # untraced; if that passes, every mutant runs every listed test
            code, base = _pytest(
                copies[0], targets, 3600, mode=mode, root=root, record=True
            )  # fmt: skip
            if log and code == 0:
                print(f"# {module}: the tests fail under coverage only (first "
                      f"failure {first!r}): every mutant runs every listed test",
                      file=sys.stderr, flush=True)  # fmt: skip
            first = _first_failure(copies[0])
            (copies[0] / COVERAGE).unlink(missing_ok=True)
        if code != 0:
            msg = (
                f"{module}: the unmutated tests fail (pytest exit {code}, first "
                f"failure {first!r}; MUTATE_VERBOSE=1 shows pytest's output): {targets}"
            )
            raise SystemExit(msg)
        warmed = _warm_up(copies[0]) if mode != "subprocess" else 0
        if covered:
            _prime_inspect()
            _prime_hypothesis()
        source = (root / module).read_text()
        plans: dict[str, tuple[str, ...] | None] = {}
        cmap = CoverageMap({}, frozenset(), (), frozenset(), False)
        if traced:
            record = json.loads((copies[0] / COVERAGE).read_text())
            (copies[0] / COVERAGE).unlink()
            body = body_lines(source)
            cmap = CoverageMap.from_record(record, body)
            plans = {m.id: select_tests(m, source, cmap, body) for m in mutants}
        killers: list[str] = []
        # canary: a module that cannot be imported must fail the run, or the
        # tests are not reading the copy
        (copies[0] / module).write_text(
            'raise RuntimeError("mutate canary")\n' + source
        )
        code, _ = _pytest(copies[0], targets, 3600, mode=mode, root=root)
        (copies[0] / module).write_text(source)
        _first_failure(copies[0])
        if code == 0:
            msg = f"{module}: the tests pass on an unimportable module: wrong copy?"
            raise SystemExit(msg)
        limit = timeout if timeout is not None else 3 * base + 10
        if log:
            print(f"# {module}: {len(mutants)} mutants, baseline {base:.1f} s, "
                  f"timeout {limit:.0f} s, mode {mode} ({warmed} modules warmed)",
                  file=sys.stderr, flush=True)  # fmt: skip

        outcomes: dict[str, Outcome] = {}
        pending = list(mutants)
        free = list(range(jobs))
        running: dict[int, tuple[int, Mutant, float]] = {}
        try:
            while pending or running:
                while pending and free:
                    mutant = pending.pop(0)
                    chosen = plans.get(mutant.id)
                    if chosen is not None and not chosen:
                        outcomes[mutant.id] = Outcome(
                            mutant.id, "survived", 0.0, judged="not_covered"
                        )
                        if log:
                            print(f"survived    0.0s {mutant.id} (not covered)",
                                  file=sys.stderr, flush=True)  # fmt: skip
                        continue
                    run_targets = targets
                    if chosen is not None:
                        run_targets = _files_of(chosen, targets)
                        if order == "killers":
                            chosen = tuple(_run_order(chosen, killers, cmap.seconds))
                    job = free.pop()
                    (copies[job] / module).write_text(mutant.apply(source))
                    pid = _spawn(
                        copies[job], run_targets, mode=mode, root=root,
                        select=chosen, quick=covered,
                    )  # fmt: skip
                    running[pid] = (job, mutant, time.monotonic())
                for pid, (job, mutant, t0) in list(running.items()):
                    code = _poll(pid)
                    secs = time.monotonic() - t0
                    if code is None and secs <= limit:
                        continue
                    if code is None:
                        _stop(pid)
                        status = "timeout"
                    else:
                        status = "survived" if code == 0 else "killed"
                    del running[pid]
                    (copies[job] / module).write_text(source)
                    free.append(job)
                    first = _first_failure(copies[job])
                    chosen = plans.get(mutant.id)
                    outcomes[mutant.id] = Outcome(
                        mutant.id, status, round(secs, 2), first,
                        selected=len(chosen) if chosen else 0,
                    )  # fmt: skip
                    if status == "killed" and first:
                        killers[:] = [first, *(k for k in killers if k != first)]
                    if log:
                        print(
                            f"{status:8} {secs:6.1f}s {mutant.id}",
                            file=sys.stderr,
                            flush=True,
                        )
                time.sleep(0.02)
        finally:  # on SIGTERM or Ctrl-C: stop the pytest runs still going
            for pid in running:
                _stop(pid)
        ordered = [outcomes[m.id] for m in mutants]
    return ordered, base, time.monotonic() - t_start


# --------------------------------------------------------------------------
# reporting


def load_config(path: Path = CONFIG) -> dict[str, list[str]]:
    """Return ``{module: [test files]}`` from ``modules.toml``, in file order."""
    data = tomllib.loads(path.read_text())
    return {str(k): [str(t) for t in v] for k, v in data["modules"].items()}


def load_equivalent(path: Path = EQUIVALENT) -> dict[str, str]:
    """Return ``{mutant id: argument}`` from ``equivalent.toml``."""
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text())
    return {str(e["id"]): str(e["why"]) for e in data.get("equivalent", [])}


def summarise(
    module: str,
    mutants: Sequence[Mutant],
    outcomes: Sequence[Outcome],
    equivalent: dict[str, str],
) -> dict[str, object]:
    """Return the table row and the survivors of one module."""
    by_id = {m.id: m for m in mutants}
    status = Counter(o.status for o in outcomes)
    survivors = [by_id[o.id] for o in outcomes if o.status == "survived"]
    equiv = [m for m in survivors if m.id in equivalent]
    live = [m for m in survivors if m.id not in equivalent]
    stale = sorted(
        i for i in equivalent if i.startswith(module + ":") and i in by_id
        and i not in {m.id for m in survivors}
    )  # fmt: skip
    killed = status["killed"] + status["timeout"]
    denominator = len(outcomes) - len(equiv)
    return {
        "module": module,
        "generated": len(outcomes),
        "killed": killed,
        "timeout": status["timeout"],
        "survived": len(live),
        "equivalent": len(equiv),
        "score": round(100.0 * killed / denominator, 1) if denominator else 100.0,
        "survivors": [_row(m) for m in live],
        "equivalent_survivors": [{**_row(m), "why": equivalent[m.id]} for m in equiv],
        "stale_equivalent": stale,
        "outcomes": [asdict(o) for o in outcomes],
    }


def _previous(path: Path | None, module: str) -> dict[str, Outcome]:
    """Killed and timed-out outcomes of ``module`` in a previous JSON report."""
    if path is None:
        return {}
    out = {}
    for row in json.loads(path.read_text()):
        if row["module"] != module:
            continue
        for o in row.get("outcomes", []):
            if o["status"] != "survived":
                out[o["id"]] = Outcome(**o)
    return out


def _score_without(
    outcomes: Sequence[Outcome], row: dict[str, object], files: set[str]
) -> str:
    """Kills whose first failing test is not in ``files``: ``killed/n (score)``."""
    killed = sum(
        1
        for o in outcomes
        if o.status != "survived"
        and o.killed_by.removeprefix("collect:").split("::")[0] not in files
    )
    n = int(str(row["generated"])) - int(str(row["equivalent"]))
    return f"{killed}/{n} ({100.0 * killed / n:.1f}%)" if n else "-"


def _row(m: Mutant) -> dict[str, object]:
    d = asdict(m)
    return {k: d[k] for k in ("id", "line", "operator", "before", "after", "snippet")}


def table(rows: Sequence[dict[str, object]]) -> str:
    """Return the markdown table of a run."""
    head = "| module | generated | killed | (timeout) | survived | equivalent | score | wall s |"
    out = [head, "|---|---:|---:|---:|---:|---:|---:|---:|"]
    if any("without" in r for r in rows):
        out = [head + " without --without files |", out[1] + "---:|"]
    for r in rows:
        line = (
            f"| `{r['module']}` | {r['generated']} | {r['killed']} | {r['timeout']} "
            f"| {r['survived']} | {r['equivalent']} | {r['score']}% | {r.get('wall', '')} |"
        )
        out.append(line + (f" {r['without']} |" if "without" in r else ""))
    return "\n".join(out)


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def _run_one(
    module: str,
    tests: Sequence[str],
    mutants: Sequence[Mutant],
    args: argparse.Namespace,
    order: str,
    equivalent: dict[str, str],
    work: Path,
) -> dict[str, object]:
    """Run one module's mutants for ``main``; return its table row."""
    done = _previous(args.rerun, module)
    todo = [m for m in mutants if m.id not in done]
    outcomes, base, wall = run_module(
        module, tests, todo, jobs=args.jobs, timeout=args.timeout,
        log=not args.quiet, mode=args.mode, order=order, workdir=work,
    )  # fmt: skip
    fresh = {o.id: o for o in outcomes}
    outcomes = [done.get(m.id) or fresh[m.id] for m in mutants]
    row = summarise(module, mutants, outcomes, equivalent)
    if args.without:
        row["without"] = _score_without(outcomes, row, set(args.without))
    row["baseline"] = round(base, 1)
    row["wall"] = round(wall)
    row["mode"] = args.mode
    row["not_covered"] = sum(o.judged == "not_covered" for o in outcomes)
    ran = [o for o in outcomes if o.id in fresh]
    row["seconds_per_mutant"] = (
        round(sum(o.seconds for o in ran) / len(ran), 2) if ran else 0.0
    )
    print(table([row]).splitlines()[-1], file=sys.stderr, flush=True)
    return row


def main(argv: Sequence[str] | None = None) -> int:
    """Run the mutation analysis; exit 0 if every module reaches ``--min-score``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", action="append", help="module path (repeatable)")
    parser.add_argument(
        "--config", type=Path, default=CONFIG, help="module -> tests TOML"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="parallel pytest runs (default 1)"
    )
    parser.add_argument(
        "--timeout", type=float, default=None, help="seconds per mutant"
    )
    parser.add_argument(
        "--list", action="store_true", help="print the mutants, run nothing"
    )
    parser.add_argument("--json", type=Path, help="write rows and survivors here")
    parser.add_argument(
        "--without",
        action="append",
        default=[],
        help="test file (repeatable): also count the kills made before pytest -x "
        "reached it, i.e. the score without it when it is listed last in modules.toml",
    )
    parser.add_argument(
        "--rerun",
        type=Path,
        help="a previous --json: keep its kills, run only its survivors and new "
        "mutants (valid when tests were only added since)",
    )
    parser.add_argument("--markdown", type=Path, help="write the table here")
    parser.add_argument(
        "--min-score", type=float, default=0.0, help="fail below this %%"
    )
    parser.add_argument(
        "--quiet", action="store_true", help="no per-mutant log on stderr"
    )
    parser.add_argument(
        "--mode",
        choices=MODES,
        default="coverage",
        help="coverage (default): the warm start, running only the tests that "
        "execute the mutated lines; warm: fork each run from a process that "
        "imported the libraries once, every listed test; subprocess: a fresh "
        "interpreter per run",
    )
    parser.add_argument(
        "--order",
        choices=("killers", "collection"),
        default="killers",
        help="coverage mode: run the tests that killed earlier mutants first "
        "(default), or in pytest's order (killed_by as in the warm mode; "
        "implied by --without)",
    )
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    parser.add_argument("targets", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.targets and args.child is None:
        parser.error(f"unexpected arguments {args.targets}")
    if args.child is not None:  # one run of the subprocess mode (see _exec)
        try:
            return _child_main(args.child, args.targets, args.root)
        finally:
            sys.stdout.flush()
    # SIGTERM unwinds like Ctrl-C: temporary copies are removed, children stopped
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    if any(os.environ.get(k) != v for k, v in _ENV.items()):
        # PYTHONHASHSEED only takes effect at start-up: restart with it set
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, **_ENV})
    if args.jobs < 1:
        parser.error(f"--jobs must be >= 1, got {args.jobs}")
    config = load_config(args.config)
    modules = args.module or list(config)
    unknown = [m for m in modules if m not in config]
    if unknown:
        parser.error(
            f"not in {CONFIG.name}: {unknown}; add a line '\"path.py\" = [tests]'"
        )
    equivalent = load_equivalent()
    if not args.list and args.mode != "subprocess":
        _preimport()
    order = "collection" if args.without else args.order
    rows = []
    work = Path(tempfile.mkdtemp(prefix="mutants-"))
    try:
        for module in modules:
            mutants = generate(module, (ROOT / module).read_text())
            if args.list:
                for m in mutants:
                    print(f"{m.line:5} {m.id}")
                continue
            rows.append(
                _run_one(module, config[module], mutants, args, order, equivalent, work)
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.list:
        return 0
    text = table(rows)
    print(text)
    for r in rows:
        for s in r["survivors"]:  # type: ignore[attr-defined]
            print(f"survived {r['module']}:{s['line']} {s['operator']}: "
                  f"{s['before']!r} -> {s['after']!r}   | {s['snippet']}")  # fmt: skip
        for s in r["stale_equivalent"]:  # type: ignore[attr-defined]
            print(f"stale equivalent entry (killed or gone): {s}")
    if args.markdown:
        _write_atomic(args.markdown, text + "\n")
    if args.json:
        _write_atomic(args.json, json.dumps(rows, indent=2, sort_keys=True) + "\n")
    low = [r for r in rows if float(r["score"]) < args.min_score]  # type: ignore[arg-type]
    return 1 if low else 0


if __name__ == "__main__":
    raise SystemExit(main())
