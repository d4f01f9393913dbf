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
    for mode in mutate.MODES:
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
