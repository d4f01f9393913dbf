"""Inference toolkit: intervals, tests and estimators (THEORY.md §2.5).

Each function states its convention in its docstring and names the scipy or
statsmodels call it matches.
"""

from theory.inference._proportions import (
    PROPORTION_METHODS,
    ProportionCI,
    proportion_ci,
    rule_of_three,
)
from theory.inference._results import ConfidenceInterval

__all__ = [
    "PROPORTION_METHODS",
    "ConfidenceInterval",
    "ProportionCI",
    "proportion_ci",
    "rule_of_three",
]
