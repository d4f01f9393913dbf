"""The mutation runner's generator and configuration (no pytest runs)."""

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def _load():
    spec = importlib.util.spec_from_file_location("_mutate", HERE / "mutate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["_mutate"] = module
    spec.loader.exec_module(module)
    return module


mutate = _load()
CONFIG = mutate.load_config()


def test_config_names_existing_files():
    for module, tests in CONFIG.items():
        assert (ROOT / module).is_file(), module
        for t in tests:
            assert (ROOT / t).is_file(), t


def _statements(source: str) -> list[tuple[int, int]]:
    """``[start, end)`` character spans of the module's top-level statements."""
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    spans = []
    for node in ast.parse(source).body:
        first = min(
            [node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]
        )
        assert node.end_lineno is not None
        spans.append((starts[first - 1], starts[node.end_lineno]))
    return spans


# The checks below that generate every mutant of every listed module, or run
# the runner on a scratch module, rebuild what the mutation run does; they are
# a ci_step (.ci/run runs them once after the README's command; issue 30).
@pytest.mark.ci_step
@pytest.mark.parametrize("module", sorted(CONFIG))
def test_every_mutant_parses_and_changes_the_source(module):
    source = (ROOT / module).read_text()
    mutants = mutate.generate(module, source)
    assert len({m.id for m in mutants}) == len(mutants)
    spans = _statements(source)
    for m in mutants:
        changed = m.apply(source)
        assert changed != source
        # A mutant is valid Python. Top-level statements parse independently
        # and the edit lies inside one, so parsing that statement alone is the
        # same check as parsing the module (and ~40x faster on a long module).
        start, end = next((a, b) for a, b in spans if a <= m.start and m.end <= b)
        ast.parse(changed[start : end + len(changed) - len(source)])


@pytest.mark.ci_step
def test_equivalent_entries_name_generated_mutants():
    ids = {
        m.id
        for module in CONFIG
        for m in mutate.generate(module, (ROOT / module).read_text())
    }
    for entry, why in mutate.load_equivalent().items():
        assert entry in ids, entry
        assert why.strip(), entry


SOURCE = '''\
def f(x: int, flag: bool = True) -> bool:
    """Doc 1 < 2."""
    if not flag and x in (1, 2):
        raise ValueError(f"{x + 1}")
    y = x * 2 - 3
    y += 1
    return x < y  # pragma: no mutate
'''


def test_each_operator_on_a_small_function():
    got = {(m.operator, m.before, m.after) for m in mutate.generate("f.py", SOURCE)}
    expected = {
        ("constant", "True", "False"),
        ("boolean", "not flag", "(flag)"),
        ("boolean", "and", "or"),
        ("compare", "in", "not in"),
        ("raise", 'raise ValueError(f"{x + 1}")', "pass"),
        ("arith", "*", "/"),
        ("arith", "-", "+"),
        ("arith", "+=", "-="),
        ("constant", "2", "(3)"),
        ("constant", "2", "(1)"),
        ("constant", "1", "(2)"),
        ("constant", "1", "(0)"),
        ("constant", "3", "(4)"),
        ("constant", "3", "(2)"),
    }
    # docstrings, f-strings and lines marked "pragma: no mutate" are left alone
    assert got == expected


FIXTURE_MODULE = """\
def clamp(x: int, lo: int = 0, hi: int = 10) -> int:
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def is_even(n: int) -> bool:
    return n % 2 == 0
"""

FIXTURE_TEST = """\
from fixpkg.mod import clamp, is_even


def test_clamp():
    assert clamp(-5) == 0
    assert clamp(50) == 10
    assert clamp(3) == 3


def test_even():
    assert is_even(4)
"""


def _fixture_root(tmp_path):
    root = tmp_path / "fixture"
    (root / "fixpkg").mkdir(parents=True)
    (root / "fixpkg" / "__init__.py").write_text("")
    (root / "fixpkg" / "mod.py").write_text(FIXTURE_MODULE)
    (root / "tests_fix").mkdir()
    (root / "tests_fix" / "test_mod.py").write_text(FIXTURE_TEST)
    (root / "pytest.ini").write_text("[pytest]\n")
    return root


@pytest.mark.ci_step
def test_warm_and_subprocess_modes_give_the_same_verdicts(tmp_path):
    # the warm mode (fork from a process that imported the libraries) must
    # decide every mutant as a fresh interpreter does: same killed and
    # survived sets, same first failing test
    root = _fixture_root(tmp_path)
    module, tests = "fixpkg/mod.py", ["tests_fix/test_mod.py"]
    chosen = {
        "fixpkg/mod.py:clamp:compare:<-><=#0",  # survives
        "fixpkg/mod.py:clamp:compare:<->>=#0",  # killed by test_clamp
        "fixpkg/mod.py:clamp:compare:>->>=#0",  # survives
        "fixpkg/mod.py:is_even:constant:2->(1)#0",  # survives (n % 1 == 0)
        "fixpkg/mod.py:is_even:constant:2->(3)#0",  # killed by test_even
        "fixpkg/mod.py:is_even:arith:%->//#0",  # killed by test_even
    }
    mutants = [m for m in mutate.generate(module, FIXTURE_MODULE) if m.id in chosen]
    assert len(mutants) == len(chosen)
    runs = {}
    for mode in ("warm", "subprocess"):
        outcomes, _, _ = mutate.run_module(
            module, tests, mutants, jobs=1, timeout=120, log=False,
            mode=mode, root=root,
        )  # fmt: skip
        runs[mode] = {o.id: (o.status, o.killed_by) for o in outcomes}
    assert runs["warm"] == runs["subprocess"]
    survived = {i for i, (s, _) in runs["warm"].items() if s == "survived"}
    # by hand: the untested boundaries of clamp and n % 1 == 0 survive; the
    # rest is caught (the runner tells killed from survived in both modes)
    assert survived == {
        "fixpkg/mod.py:clamp:compare:<-><=#0",
        "fixpkg/mod.py:clamp:compare:>->>=#0",
        "fixpkg/mod.py:is_even:constant:2->(1)#0",
    }
    killed_by = {k for s, k in runs["warm"].values() if s == "killed"}
    assert killed_by == {
        "tests_fix/test_mod.py::test_clamp",
        "tests_fix/test_mod.py::test_even",
    }


def test_an_unknown_mode_is_refused(tmp_path):
    with pytest.raises(ValueError, match="mode must be one of"):
        mutate.run_module("m.py", [], [], jobs=1, timeout=1, log=False, mode="cold")


# --------------------------------------------------------------------------
# the coverage mode: each mutant runs only the tests that execute its lines

COVER_MODULE = '''\
"""A fixture module for the coverage mode."""

import functools

LIMIT = 10


def clamp(x: int, lo: int = 0) -> int:
    if x < lo:
        return lo
    if x > LIMIT:
        return LIMIT
    return x


def is_even(n: int) -> bool:
    return n % 2 == 0


def double(n: int) -> int:
    """Twice ``n``.

    >>> double(4)
    8
    """
    return n * 2


def odd_branch(n: int) -> int:
    if n % 7 == 3:
        return n + 1
    return n


def unused(n: int) -> int:
    return n - 1


def shout(n: int) -> int:
    return n + 100


def triple(n: int) -> int:
    return n * 3


@functools.lru_cache(maxsize=None)
def base() -> int:
    return 5


def check_nine(n: int) -> None:
    if n != 9:
        raise ValueError(n)
'''

COVER_TEST = """\
import subprocess
import sys

import pytest
from hypothesis import given, strategies as st

from fixpkg.mod import LIMIT, base, check_nine, clamp, is_even, odd_branch, triple


def test_limit():
    # reads a module-level constant: runs no line of the module itself
    assert LIMIT == 10


def test_clamp():
    assert clamp(-5) == 0
    assert clamp(50) == 10
    assert clamp(3) == 3


def test_even():
    assert is_even(4)


@given(st.integers(0, 100))
def test_odd_branch(n):
    # only the examples with n % 7 == 3 run odd_branch's second line
    assert odd_branch(n) >= n


@pytest.fixture(scope="module")
def tripled():
    value = triple(3)
    yield value
    # torn down after the module's last test, which does not use the fixture
    check_nine(value)


def test_tripled_is_positive(tripled):
    assert tripled > 0


def test_tripled_is_nine(tripled):
    # runs no line of triple: the module-scoped fixture ran it for the test above
    assert tripled == 9


def test_base_is_positive():
    assert base() > 0


def test_base_is_five():
    # a cache hit: runs no line of base
    assert base() == 5
"""

COVER_SPAWN = """\
import subprocess
import sys


def test_shout_in_a_subprocess():
    code = "from fixpkg.mod import shout; print(shout(1))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "101"
"""

#: mutant id -> (status, first failing test) in every mode, by hand
COVER_EXPECTED = {
    # module level (import time): every listed test runs
    "fixpkg/mod.py:<module>:constant:10->(11)#0": (
        "killed", "tests_fix/test_mod.py::test_limit"),
    "fixpkg/mod.py:clamp:compare:<-><=#0": ("survived", ""),
    "fixpkg/mod.py:clamp:compare:<->>=#0": (
        "killed", "tests_fix/test_mod.py::test_clamp"),
    "fixpkg/mod.py:is_even:arith:%->//#0": (
        "killed", "tests_fix/test_mod.py::test_even"),
    # only the module's doctest runs double
    "fixpkg/mod.py:double:arith:*->/#0": (
        "killed", "fixpkg/mod.py::fixpkg.mod.double"),
    # a line run by some hypothesis examples only
    "fixpkg/mod.py:odd_branch:arith:+->-#0": (
        "killed", "tests_fix/test_mod.py::test_odd_branch"),
    # no test runs it in process (the subprocess test could)
    "fixpkg/mod.py:unused:arith:-->+#0": ("survived", ""),
    # run in a subprocess only, out of the tracer's sight
    "fixpkg/mod.py:shout:arith:+->-#0": (
        "killed", "tests_fix/test_spawn.py::test_shout_in_a_subprocess"),
    # run by a module-scoped fixture set up for an earlier test
    "fixpkg/mod.py:triple:arith:*->/#0": (
        "killed", "tests_fix/test_mod.py::test_tripled_is_nine"),
    # a cached result, computed in an earlier test
    "fixpkg/mod.py:base:constant:5->(4)#0": (
        "killed", "tests_fix/test_mod.py::test_base_is_five"),
    # run by the teardown of a module-scoped fixture, in the teardown of the
    # module's last test (which does not use the fixture)
    "fixpkg/mod.py:check_nine:compare:!=->==#0": (
        "killed", "tests_fix/test_mod.py::test_base_is_five"),
}  # fmt: skip


def _cover_root(tmp_path):
    root = tmp_path / "fixture"
    (root / "fixpkg").mkdir(parents=True)
    (root / "fixpkg" / "__init__.py").write_text("")
    (root / "fixpkg" / "mod.py").write_text(COVER_MODULE)
    (root / "tests_fix").mkdir()
    (root / "tests_fix" / "test_mod.py").write_text(COVER_TEST)
    (root / "tests_fix" / "test_spawn.py").write_text(COVER_SPAWN)
    (root / "pytest.ini").write_text("[pytest]\n")
    return root


@pytest.mark.ci_step
def test_coverage_mode_gives_the_warm_verdicts(tmp_path):
    # every care point of the selection at once: module-level code, a doctest,
    # a line only some hypothesis examples run, a line run in a subprocess, a
    # module-scoped fixture, a cached function, and an uncovered line
    root = _cover_root(tmp_path)
    module = "fixpkg/mod.py"
    tests = ["tests_fix/test_mod.py", "tests_fix/test_spawn.py"]
    mutants = [
        m for m in mutate.generate(module, COVER_MODULE) if m.id in COVER_EXPECTED
    ]
    assert len(mutants) == len(COVER_EXPECTED)
    runs = {}
    for mode in ("warm", "coverage"):
        outcomes, _, _ = mutate.run_module(
            module, tests, mutants, jobs=1, timeout=120, log=False, mode=mode,
            root=root, order="collection",
        )  # fmt: skip
        runs[mode] = {o.id: o for o in outcomes}
    for mode, run in runs.items():
        got = {i: (o.status, o.killed_by) for i, o in run.items()}
        assert got == COVER_EXPECTED, mode
    assert all(o.judged == "tests_run" for o in runs["warm"].values())
    assert all(o.selected == 0 for o in runs["warm"].values())
    cover = runs["coverage"]
    assert all(o.judged == "tests_run" for o in cover.values())
    # the test that starts a process runs with every mutant (it may run any
    # line out of sight): alone for the line no test runs in process
    assert cover["fixpkg/mod.py:unused:arith:-->+#0"].selected == 1
    # clamp's lines: test_clamp and the subprocess test
    assert cover["fixpkg/mod.py:clamp:compare:<->>=#0"].selected == 2
    # module-level code, the fixture's and the cached lines: every listed test
    for i in (
        "fixpkg/mod.py:<module>:constant:10->(11)#0",
        "fixpkg/mod.py:triple:arith:*->/#0",
        "fixpkg/mod.py:base:constant:5->(4)#0",
        "fixpkg/mod.py:check_nine:compare:!=->==#0",
    ):
        assert cover[i].selected == 0, i


def test_a_mutant_no_test_runs_survives_without_a_run(tmp_path):
    root = _cover_root(tmp_path)
    module = "fixpkg/mod.py"
    mutants = [
        m
        for m in mutate.generate(module, COVER_MODULE)
        if m.id
        in ("fixpkg/mod.py:unused:arith:-->+#0", "fixpkg/mod.py:is_even:arith:%->//#0")
    ]
    outcomes, _, _ = mutate.run_module(
        module, ["tests_fix/test_mod.py"], mutants, jobs=1, timeout=120,
        log=False, mode="coverage", root=root,
    )  # fmt: skip
    got = {o.id: (o.status, o.judged, o.seconds, o.selected) for o in outcomes}
    assert got == {
        "fixpkg/mod.py:unused:arith:-->+#0": ("survived", "not_covered", 0.0, 0),
        "fixpkg/mod.py:is_even:arith:%->//#0": (
            "killed",
            "tests_run",
            got["fixpkg/mod.py:is_even:arith:%->//#0"][2],
            1,
        ),
    }


def _record(lines, *, order=("t::a", "t::b", "t::c"), spawners=(), outside=False):
    return {
        "lines": {str(k): list(v) for k, v in lines.items()},
        "order": list(order),
        "spawners": list(spawners),
        "spawned_outside": outside,
    }


SELECT_SOURCE = """\
import functools
X = 1 + 2


def f(n):
    y = n + 1
    return y * 2


@functools.cache
def g(n):
    return n - 1


def h(n=3):
    return n < 2
"""


def _mutant(snippet_id):
    by_id = {m.id: m for m in mutate.generate("s.py", SELECT_SOURCE)}
    return by_id[snippet_id]


def test_select_tests_reads_the_coverage_of_the_mutated_line():
    body = mutate.body_lines(SELECT_SOURCE)
    # f's two body lines; h's body; not g's (cached) nor any def line
    assert body == {6, 7, 16}
    # (module-level line 2 left out of the record: judged on every test by
    # its place in the source alone)
    lines = {6: ["t::c", "t::a"], 7: ["t::a"], 16: []}
    cmap = mutate.CoverageMap.from_record(_record(lines), body)
    select = mutate.select_tests
    # a line two tests run: both, in run order
    assert select(_mutant("s.py:f:arith:+->-#0"), SELECT_SOURCE, cmap, body) == (
        "t::a",
        "t::c",
    )
    assert select(_mutant("s.py:f:arith:*->/#0"), SELECT_SOURCE, cmap, body) == (
        "t::a",
    )
    # module level, a cached body, a default value: every listed test
    for i in (
        "s.py:<module>:arith:+->-#0",
        "s.py:g:arith:-->+#0",
        "s.py:h:constant:3->(4)#0",
    ):
        assert select(_mutant(i), SELECT_SOURCE, cmap, body) is None, i
    # a body line no test runs: not covered
    assert select(_mutant("s.py:h:compare:<-><=#0"), SELECT_SOURCE, cmap, body) == ()


def test_select_tests_falls_back_to_every_test_when_it_cannot_see():
    body = mutate.body_lines(SELECT_SOURCE)
    m = _mutant("s.py:f:arith:*->/#0")
    select = mutate.select_tests
    # a line also run outside a test (collection, a wide fixture)
    cmap = mutate.CoverageMap.from_record(_record({7: ["<outside>", "t::a"]}), body)
    assert select(m, SELECT_SOURCE, cmap, body) is None
    # a test that ran module-level code (it imported the module): its lines too
    cmap = mutate.CoverageMap.from_record(_record({2: ["t::b"], 7: ["t::b"]}), body)
    assert select(m, SELECT_SOURCE, cmap, body) is None
    # a test that started a process runs with every mutant
    cmap = mutate.CoverageMap.from_record(
        _record({7: ["t::a"]}, spawners=["t::c"]), body
    )
    assert select(m, SELECT_SOURCE, cmap, body) == ("t::a", "t::c")
    assert select(_mutant("s.py:h:compare:<-><=#0"), SELECT_SOURCE, cmap, body) == (
        "t::c",
    )
    # a process started outside any test: nothing is selected
    cmap = mutate.CoverageMap.from_record(_record({7: ["t::a"]}, outside=True), body)
    assert select(m, SELECT_SOURCE, cmap, body) is None


def test_killers_run_first_latest_first_then_the_fastest():
    seconds = {"a": 3.0, "b": 0.5, "c": 9.0, "d": 0.1, "e": 0.1}
    order = mutate._run_order(["a", "b", "c", "d", "e"], ["c", "x", "b"], seconds)
    assert order == ["c", "b", "d", "e", "a"]


def test_only_the_files_of_the_selected_tests_are_collected():
    targets = ["tests/t1.py", "tests/t2.py", "pkg/m.py"]
    files = mutate._files_of(["pkg/m.py::pkg.m.f", "tests/t1.py::test_x[1]"], targets)
    assert files == ["tests/t1.py", "pkg/m.py"]
    # an id outside the listed files: every file
    assert mutate._files_of(["other.py::t"], targets) == targets


def test_an_unknown_order_is_refused():
    with pytest.raises(ValueError, match="order must be"):
        mutate.run_module("m.py", [], [], jobs=1, timeout=1, log=False, order="fast")


def test_selected_runs_skip_hypothesis_shrinking_only():
    from hypothesis import Phase, settings

    before = settings.default
    try:
        mutate._Quick().pytest_sessionstart()
        after = settings.default
        assert Phase.shrink not in after.phases
        assert Phase.explain not in after.phases
        assert Phase.generate in after.phases
        # everything else is the project's profile
        assert after.max_examples == before.max_examples
        assert after.derandomize == before.derandomize
        assert after.database == before.database
    finally:
        settings.register_profile("restore-after-test", before)
        settings.load_profile("restore-after-test")


PRIME_SCRIPT = """
import importlib.util, json, sys
import numpy, hypothesis.strategies  # non-local modules held before priming
spec = importlib.util.spec_from_file_location("_mutate", sys.argv[1])
mutate = importlib.util.module_from_spec(spec)
sys.modules["_mutate"] = mutate
spec.loader.exec_module(mutate)
sys.path.insert(0, sys.argv[3])
import localmod  # a local module held before the priming
if sys.argv[2] == "prime":
    mutate._prime_hypothesis()
import latermod  # a local module imported after the priming, as in a child
import hypothesis.internal.conjecture.providers as providers
c = getattr(providers, "_get_local_constants")()
print(json.dumps({k: sorted(map(repr, getattr(c, k))) for k in ("integers", "floats", "strings")}))
"""


def test_priming_hypothesis_keeps_its_local_constants(tmp_path):
    # the coverage mode marks the parent's non-local modules as scanned: the
    # constants hypothesis draws from local code must be those of a fresh run
    import subprocess

    pkg = tmp_path / "local"
    pkg.mkdir()
    (pkg / "localmod.py").write_text("LIMIT = 123457\nNAME = 'zebra-quux'\n")
    (pkg / "latermod.py").write_text("LATER = 765431\n")
    out = {}
    for how in ("prime", "fresh"):
        proc = subprocess.run(
            [sys.executable, "-c", PRIME_SCRIPT, str(HERE / "mutate.py"), how, str(pkg)],
            capture_output=True, text=True, check=True, cwd=tmp_path,
        )  # fmt: skip
        out[how] = proc.stdout
    assert out["prime"] == out["fresh"]
    assert "123457" in out["prime"]
    assert "zebra-quux" in out["prime"]
    assert "765431" in out["prime"]


def test_the_coverage_mode_without_coverage_py_says_so(monkeypatch):
    real = mutate.importlib.util.find_spec
    monkeypatch.setattr(
        mutate.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "coverage" else real(name, *a),
    )
    with pytest.raises(SystemExit, match=r"needs coverage\.py"):
        mutate.run_module("m.py", [], [], jobs=1, timeout=1, log=False, mode="coverage")


def test_tests_failing_only_under_the_tracer_run_every_test(tmp_path):
    # a test that fails under coverage's tracer (here: it checks for one; in
    # life, a time limit) must not stop the coverage mode: the module's
    # mutants then run every listed test, with the warm mode's verdicts
    root = _fixture_root(tmp_path)
    (root / "tests_fix" / "test_trace.py").write_text(
        "import sys\n\n\ndef test_untraced():\n    assert sys.gettrace() is None\n"
    )
    module = "fixpkg/mod.py"
    tests = ["tests_fix/test_mod.py", "tests_fix/test_trace.py"]
    chosen = {
        "fixpkg/mod.py:clamp:compare:<-><=#0",  # survives
        "fixpkg/mod.py:is_even:arith:%->//#0",  # killed by test_even
    }
    mutants = [m for m in mutate.generate(module, FIXTURE_MODULE) if m.id in chosen]
    outcomes, _, _ = mutate.run_module(
        module, tests, mutants, jobs=1, timeout=120, log=False, mode="coverage",
        root=root,
    )  # fmt: skip
    got = {o.id: (o.status, o.killed_by, o.selected) for o in outcomes}
    assert got == {
        "fixpkg/mod.py:clamp:compare:<-><=#0": ("survived", "", 0),
        "fixpkg/mod.py:is_even:arith:%->//#0": (
            "killed",
            "tests_fix/test_mod.py::test_even",
            0,
        ),
    }


def test_the_warm_up_never_imports_asyncio_by_name(tmp_path, monkeypatch):
    # asyncio's modules imported by name in the parent broke a forked child's
    # dask client (the unmutated run of witnesses/runner.py failed)
    imported = []
    monkeypatch.setattr(mutate, "_preimport", lambda names: imported.extend(names))
    (tmp_path / mutate.IMPORTED).write_text(
        "asyncio.timeouts\n_asyncio\nno_such_module_xyz\nasyncio\n"
    )
    assert mutate._warm_up(tmp_path) == 1
    assert imported == ["no_such_module_xyz"]
