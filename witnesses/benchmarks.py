"""Benchmark result files (kept for one release; use :mod:`witnesses.rates.benchmarks`).

This thin module re-exports the names of :mod:`witnesses.rates.benchmarks`
(the same ``__all__``) for one release; it imports without a warning
(docs/guide/contract.md, "Deprecations").
"""

from witnesses.rates.benchmarks import (
    Accuracy,
    Answer,
    Comparison,
    accuracy,
    compare_systems,
    holm,
    load_locomo,
    load_longmemeval,
    minimum_detectable_difference,
)

__all__ = [
    "Accuracy",
    "Answer",
    "Comparison",
    "accuracy",
    "compare_systems",
    "holm",
    "load_locomo",
    "load_longmemeval",
    "minimum_detectable_difference",
]
