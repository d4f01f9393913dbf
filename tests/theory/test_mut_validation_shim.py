"""The deprecated path ``theory._validation`` re-exports ``theory.validation`` (issue 33).

docs/guide/contract.md, "Deprecations": a moved module leaves a thin module at
the old path that re-exports the new one's names, imports without a warning
and says in its docstring which path to use. The old path is spelled as a
string: tests import no private module by name.
"""

from __future__ import annotations

import importlib
import warnings

import theory.validation


def test_old_path_reexports_the_same_objects_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        old = importlib.import_module("theory._validation")
    assert sorted(old.__all__) == sorted(theory.validation.__all__)
    for name in theory.validation.__all__:
        assert getattr(old, name) is getattr(theory.validation, name), name


def test_old_path_names_the_new_one() -> None:
    old = importlib.import_module("theory._validation")
    assert old.__doc__ is not None
    assert "theory.validation" in old.__doc__
