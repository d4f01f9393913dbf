"""Theory of retrieval depth, inference, sheaves and geometry (docs/guide/: depth, inference, sheaves).

Depth laws, scatter, information floors, inference, sheaves and information
geometry, one subpackage or module per idea:

- ``depth``: similarity against structured recovery by depth (DL-T7..P1);
- ``decay``: decay-law fits, comparisons and power for recall by depth;
- ``phase``: the phase diagram of the structured advantage;
- ``scatter`` and ``compliance``: fragment scatter (DL-T6, DL-T11) and
  retention under a use factor (DL-C2);
- ``floors`` and ``rate_distortion``: information floors (DL-T1..T3, T8)
  and Hamming rate-distortion with Blahut-Arimoto (DL-T5);
- ``inference``: intervals, tests and effect sizes with named conventions;
- ``consistency``: whether printed statistics can follow from their inputs;
- ``sheaf``: cellular sheaves, cohomology and contradiction detection;
- ``fisher_rao``, ``poincare``, ``langevin``, ``hopfield``,
  ``concentration``: the information-geometry stand-ins of the SLM paper;
- ``plots``: figures of the above (matplotlib).

``import theory`` is cheap: each submodule is imported on first attribute
access (``theory.depth``) or by ``from theory.depth import p_similarity``.
The consistency checks of printed statistics are also reachable here
(``from theory import percent_attainable``). ``theory.strategies`` (needs
hypothesis) is imported explicitly. This package imports none of
``algebra``, ``witnesses`` or ``proofs``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from theory import (
        compliance,
        concentration,
        consistency,
        decay,
        depth,
        errors,
        fisher_rao,
        floors,
        hopfield,
        inference,
        langevin,
        phase,
        plots,
        poincare,
        rate_distortion,
        scatter,
        sheaf,
    )
    from theory.consistency import (
        DIFFERENCE_METHODS,
        PVALUE_TESTS,
        ROUNDINGS,
        ConsistencyResult,
        ExpressionError,
        check_arithmetic,
        check_difference,
        check_equal,
        check_mean,
        check_proportion,
        check_ratio,
        check_sum,
        debit,
        grim,
        grimmer,
        percent_attainable,
        proportion_attainable,
        recompute_difference_interval,
        recompute_interval,
        recompute_pvalue,
    )

__all__ = [
    "DIFFERENCE_METHODS",
    "PVALUE_TESTS",
    "ROUNDINGS",
    "ConsistencyResult",
    "ExpressionError",
    "check_arithmetic",
    "check_difference",
    "check_equal",
    "check_mean",
    "check_proportion",
    "check_ratio",
    "check_sum",
    "compliance",
    "concentration",
    "consistency",
    "debit",
    "decay",
    "depth",
    "errors",
    "fisher_rao",
    "floors",
    "grim",
    "grimmer",
    "hopfield",
    "inference",
    "langevin",
    "percent_attainable",
    "phase",
    "plots",
    "poincare",
    "proportion_attainable",
    "rate_distortion",
    "recompute_difference_interval",
    "recompute_interval",
    "recompute_pvalue",
    "scatter",
    "sheaf",
]

# Submodules importable as attributes: the public ones above, the modules kept
# for one release (decay_fit, contradiction) and the hypothesis strategies.
_SUBMODULES = frozenset(
    {
        "compliance",
        "concentration",
        "consistency",
        "contradiction",
        "decay",
        "decay_fit",
        "depth",
        "errors",
        "fisher_rao",
        "floors",
        "hopfield",
        "inference",
        "langevin",
        "phase",
        "plots",
        "poincare",
        "rate_distortion",
        "scatter",
        "sheaf",
        "strategies",
    }
)


def __getattr__(name: str) -> Any:
    """Import a submodule, or a re-exported consistency name, on first access."""
    if name in _SUBMODULES:
        return importlib.import_module(f"theory.{name}")
    if name in __all__:
        return getattr(importlib.import_module("theory.consistency"), name)
    msg = f"module 'theory' has no attribute {name!r}"
    raise AttributeError(msg)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
