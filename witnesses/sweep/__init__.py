"""The retention sweep (kept for one release; use :mod:`witnesses.experiments.sweep`).

The sweep moved to :mod:`witnesses.experiments.sweep` (issue 31); this module
re-exports its names (docs/guide/contract.md, "Deprecations") and the sweep's
command line, :func:`main`: ``python -m witnesses.sweep`` (this package's
``__main__``) and ``context-laws sweep`` run it. A package rather than a
module only so that git sees ``witnesses/sweep.py`` move to
``witnesses/experiments/sweep.py``.
"""

from witnesses.experiments._sweep_cli import main
from witnesses.experiments.sweep import (
    RETENTIONS,
    SweepResult,
    grammar,
    retention_sweep,
    sweep_cell,
    sweep_trials,
)

__all__ = [
    "RETENTIONS",
    "SweepResult",
    "grammar",
    "main",
    "retention_sweep",
    "sweep_cell",
    "sweep_trials",
]
