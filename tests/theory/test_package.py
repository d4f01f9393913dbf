"""The ``theory`` package: lazy top level, public names of DESIGN.md, old paths."""

import importlib
import subprocess
import sys

import pytest

import theory

DESIGN_NAMES = {
    "theory.depth": [
        "p_similarity",
        "p_structured",
        "advantage",
        "crossover_depth",
        "log_p_similarity",
        "log_p_structured",
    ],
    "theory.inference": [
        "proportion_ci",
        "two_proportion_z",
        "cohens_h",
        "posterior_superiority",
        "use_factor",
        "hoeffding_bound",
        "bootstrap_ci",
        "friedman_nemenyi",
        "depth_slope",
        "ProportionCI",
        "MeanCI",
    ],
    "theory.sheaf": ["CellularSheaf"],
    "theory.consistency": [
        "percent_attainable",
        "grim",
        "recompute_interval",
        "recompute_pvalue",
    ],
}

# old path -> new home; the old module re-exports the same objects
OLD_PATHS = {
    "theory.decay_fit": "theory.decay",
    "theory.contradiction": "theory.sheaf.contradiction",
}


def test_import_theory_imports_no_submodule():
    """``import theory`` is cheap: no submodule (and so no scipy) until one is used."""
    code = (
        "import sys, theory; "
        "print(sorted(m for m in sys.modules if m.startswith('theory.') or m == 'scipy'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name", theory.__all__)
def test_every_name_in_all_is_an_attribute(name):
    """Each name of ``theory.__all__`` resolves (submodules import on access)."""
    assert getattr(theory, name) is not None
    assert name in dir(theory)


def test_subpackages_are_the_modules():
    """``theory.depth`` is the module ``theory.depth``, not a copy."""
    for name in ("depth", "decay", "sheaf", "consistency", "inference"):
        assert getattr(theory, name) is importlib.import_module(f"theory.{name}")


def test_unknown_attribute_raises_attribute_error():
    """A typo is an ``AttributeError`` naming the attribute."""
    with pytest.raises(AttributeError, match="no attribute 'deph'"):
        _ = theory.deph


@pytest.mark.parametrize(("module", "names"), sorted(DESIGN_NAMES.items()))
def test_design_public_names_exist(module, names):
    """The public names DESIGN.md promises are exported by their module."""
    mod = importlib.import_module(module)
    for name in names:
        assert name in mod.__all__, name
        assert hasattr(mod, name), name


def test_cellular_sheaf_has_the_design_methods():
    """``CellularSheaf`` has ``coboundary``, ``cohomology`` and a consistency check."""
    cls = theory.sheaf.CellularSheaf
    for method in ("coboundary", "cohomology", "is_consistent"):
        assert callable(getattr(cls, method))


@pytest.mark.parametrize(("old", "new"), sorted(OLD_PATHS.items()))
def test_old_paths_reexport_the_new_objects(old, new):
    """A moved public module stays importable and re-exports the same objects."""
    before = importlib.import_module(old)
    after = importlib.import_module(new)
    assert before.__all__ == after.__all__
    for name in after.__all__:
        assert getattr(before, name) is getattr(after, name)
    assert "kept for one release" in (before.__doc__ or "")
