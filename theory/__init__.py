"""Theory of retrieval depth, inference, sheaves and geometry (THEORY.md §2-3).

Depth laws, scatter, information floors, inference, sheaves and information
geometry.

Import the submodules: ``from theory.depth import p_similarity``,
``from theory.inference import proportion_ci``, ``from theory.sheaf import
CellularSheaf``. This package imports none of ``algebra``, ``witnesses`` or
``proofs``. The consistency checks of printed statistics are re-exported
here (``from theory import percent_attainable``).
"""

from theory.consistency import (
    PVALUE_TESTS,
    ConsistencyResult,
    ExpressionError,
    check_arithmetic,
    check_difference,
    check_equal,
    check_mean,
    check_proportion,
    check_ratio,
    check_sum,
    grim,
    percent_attainable,
    proportion_attainable,
    recompute_interval,
    recompute_pvalue,
)

__all__ = [
    "PVALUE_TESTS",
    "ConsistencyResult",
    "ExpressionError",
    "check_arithmetic",
    "check_difference",
    "check_equal",
    "check_mean",
    "check_proportion",
    "check_ratio",
    "check_sum",
    "grim",
    "percent_attainable",
    "proportion_attainable",
    "recompute_interval",
    "recompute_pvalue",
]
