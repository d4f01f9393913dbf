"""Decay-law fits (kept for one release; use :mod:`theory.decay`).

Every name here is re-exported from :mod:`theory.decay`, where the fits,
comparisons and power analysis now live.
"""

from theory.decay import (
    LAWS,
    DecayComparison,
    DecayFit,
    DepthCounts,
    LikelihoodRatioTest,
    PowerResult,
    compare_decays,
    counts_by_depth,
    decay_power,
    expected_power,
    fit_decay,
    likelihood_ratio_test,
    tasks_needed,
)

__all__ = [
    "LAWS",
    "DecayComparison",
    "DecayFit",
    "DepthCounts",
    "LikelihoodRatioTest",
    "PowerResult",
    "compare_decays",
    "counts_by_depth",
    "decay_power",
    "expected_power",
    "fit_decay",
    "likelihood_ratio_test",
    "tasks_needed",
]
