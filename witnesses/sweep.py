"""The retention sweep (kept for one release; use :mod:`witnesses.experiments.sweep`).

The sweep moved to :mod:`witnesses.experiments.sweep` (issue 31); this module
re-exports its names (docs/guide/contract.md, "Deprecations") and the sweep's
command line, :func:`main`: ``python -m witnesses.sweep`` (and
``context-laws sweep``) run it.
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

if __name__ == "__main__":
    raise SystemExit(main(None))
