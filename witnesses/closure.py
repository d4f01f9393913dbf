"""The closure experiments (kept for one release; use :mod:`witnesses.experiments.closure`).

Exp51, Exp56 and Exp57 moved to :mod:`witnesses.experiments.closure` (issue
31); this module re-exports its names (docs/guide/contract.md,
"Deprecations").
"""

from witnesses.experiments.closure import (
    EPSILONS,
    OPERATIONS,
    SCALES,
    SEMANTICS_NAMES,
    ClosureRate,
    Exp51Result,
    Exp56Result,
    Exp57Result,
    OperationCounts,
    exp51,
    exp56,
    exp57,
)

__all__ = [
    "EPSILONS",
    "OPERATIONS",
    "SCALES",
    "SEMANTICS_NAMES",
    "ClosureRate",
    "Exp51Result",
    "Exp56Result",
    "Exp57Result",
    "OperationCounts",
    "exp51",
    "exp56",
    "exp57",
]


def __getattr__(name: str) -> tuple[str, ...]:
    # ``SEMANTICS`` (the names, renamed SEMANTICS_NAMES) still reads, as in
    # witnesses.experiments.closure.
    if name == "SEMANTICS":
        return SEMANTICS_NAMES
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)
