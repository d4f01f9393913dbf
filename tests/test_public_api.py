"""Every public name has a docstring with a runnable Examples section (STYLE.md §8)."""

import importlib
import inspect
import pkgutil

import pytest

PACKAGES = ["algebra", "theory", "witnesses", "proofs"]


def _public_modules():
    for name in PACKAGES:
        package = importlib.import_module(name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{name}."):
            leaf = info.name.rsplit(".", 1)[-1]
            if leaf.startswith("_") or any(
                p.startswith("_") for p in info.name.split(".")
            ):
                continue
            yield importlib.import_module(info.name)


def _public_objects():
    seen = set()
    for module in _public_modules():
        for attr in getattr(module, "__all__", []):
            obj = getattr(module, attr)
            if not (inspect.isfunction(obj) or inspect.isclass(obj)):
                continue
            key = (obj.__module__, obj.__qualname__)
            if key in seen:
                continue
            seen.add(key)
            yield f"{module.__name__}.{attr}", obj


def test_every_module_declares_all():
    """Each public module has a literal __all__."""
    missing = [m.__name__ for m in _public_modules() if not hasattr(m, "__all__")]
    assert missing == []


@pytest.mark.parametrize(("name", "obj"), list(_public_objects()))
def test_public_name_has_examples(name, obj):
    """A public function or class documents itself with an Examples section."""
    doc = inspect.getdoc(obj) or ""
    assert "Examples\n--------" in doc, f"{name} lacks an Examples section"
    assert ">>>" in doc, f"{name} has no runnable example"
