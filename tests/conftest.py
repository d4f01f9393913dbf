"""Hypothesis profiles: deterministic by default, thorough when CI is set (STYLE.md §11).

Profiles (select with ``HYPOTHESIS_PROFILE=NAME``):

- ``dev`` (default, the README's command): 25 examples, derandomized, no example
  database, so that a fresh clone sees the same examples as every other machine
  and a red test is a bug, never the luck of the draw.
- ``ci`` (default when ``CI`` is set): hypothesis' own ``ci`` profile
  (derandomized, no database) with 400 examples.
- ``exhaustive``: the ``ci`` profile with 5,000 examples.
- ``explore`` (opt-in): fresh random examples on every run, with the local
  example database so that a failure found replays; ``--hypothesis-seed=N``
  fixes the draw. For hunting new bugs, not for gating.

With pytest-xdist installed (the test extra), a run that does not choose
(no ``-n``, no ``-p no:xdist``) is spread over every core this process may use,
as with ``-n auto --dist worksteal``, when there are at least two; ``-n 0``
runs in one process. Every worker imports this file
with the controller's environment, so all share one ledger cache directory
(written atomically) and one hypothesis profile; examples are derandomized, so
the draw does not depend on which worker runs a test or in what order.

Tests marked ``ci_step`` (the docs build, the mutation run: each rebuilds what
other tests already build) are deselected unless the ``-m`` expression names
the marker; ``.ci/run`` runs them once as a separate step.

The notebooks are executed (by nbmake) only when a path is named, as in
``python -m pytest notebooks`` or the lone-clone job of ``.ci/run``: the bare
command (the README's) checks them without running them
(``tests/test_notebooks.py``: stripped, headless, public API only), because
the docs build, a ``ci_step``, executes every notebook and fails on an error,
and the claims-ledger notebook reruns the ledger the claim tests already
checked (issue 30: about a minute of the bare command's CPU).

Fixture ``shared_dir``: the one place that knows where ``../shared`` (the design
notes, the papers' specs and the BriefBench rows, a folder beside the clone that
users do not have) lives; a test that needs it takes the fixture and is skipped,
with the path in the reason, when the folder is absent.
"""

import os
from pathlib import Path

import pytest

# One BLAS thread per process: the suite runs process pools and small dense
# problems on 2 cores, where oversubscribed OpenBLAS threads cost up to 10x.
# Set before numpy is first imported by a test module.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

# The ledger's cache of slow verdicts goes to a directory of this run, never
# to the user's ~/.cache (subprocesses inherit it).
if "CONTEXT_LAWS_CACHE" not in os.environ:
    import tempfile

    os.environ["CONTEXT_LAWS_CACHE"] = tempfile.mkdtemp(prefix="context-laws-cache-")

from hypothesis import settings  # noqa: E402

settings.register_profile(
    "dev", max_examples=25, deadline=None, derandomize=True, database=None
)
settings.register_profile(
    "ci",
    settings.get_profile("ci"),
    max_examples=400,
    deadline=None,
    derandomize=True,
    database=None,
)
settings.register_profile("exhaustive", settings.get_profile("ci"), max_examples=5_000)
settings.register_profile("explore", max_examples=100, deadline=None, derandomize=False)
settings.load_profile(
    os.getenv("HYPOTHESIS_PROFILE", "ci" if os.getenv("CI") else "dev")
)


SHARED_DIR = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """``../shared`` beside the clone; skips the test when the folder is absent."""
    if not SHARED_DIR.is_dir():
        pytest.skip(f"{SHARED_DIR} is absent (../shared is not beside the clone)")
    return SHARED_DIR


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Deselect ``ci_step`` tests and, in a bare run, the notebooks (module docstring)."""
    if config.args_source == pytest.Config.ArgsSource.TESTPATHS:
        notebooks = [item for item in items if item.path.suffix == ".ipynb"]
        if notebooks:
            config.hook.pytest_deselected(items=notebooks)
            items[:] = [item for item in items if item.path.suffix != ".ipynb"]
    if "ci_step" in (config.option.markexpr or ""):
        return
    steps = [item for item in items if item.get_closest_marker("ci_step")]
    if steps:
        config.hook.pytest_deselected(items=steps)
        items[:] = [item for item in items if not item.get_closest_marker("ci_step")]


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Spread an undecided run over the cores (see the module docstring)."""
    if os.environ.get("PYTEST_XDIST_WORKER") or not config.pluginmanager.has_plugin(
        "xdist"
    ):
        return
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    if config.option.numprocesses is None and cores >= 2:
        config.option.numprocesses = "auto"
        if config.option.dist == "no":
            config.option.dist = "worksteal"
