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


@pytest.mark.parametrize("module", sorted(CONFIG))
def test_every_mutant_parses_and_changes_the_source(module):
    source = (ROOT / module).read_text()
    mutants = mutate.generate(module, source)
    assert len({m.id for m in mutants}) == len(mutants)
    for m in mutants:
        changed = m.apply(source)
        assert changed != source
        ast.parse(changed)  # a mutant is valid Python


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
