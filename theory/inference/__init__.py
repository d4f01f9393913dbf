"""Inference toolkit: intervals, tests and estimators (docs/guide/inference.md).

Each function states its convention in its docstring and names the scipy or
statsmodels call it matches; results are frozen dataclasses of builtin
numbers with scipy's field names (``low``, ``high``, ``statistic``,
``pvalue``, ``confidence_level``, ``alternative``). Two of them are the
result types ``witnesses`` shares: :class:`ProportionCI` (a count ``k`` of
``n`` with an interval) and :class:`MeanCI` (a mean with an interval).
A confidence level is always ``confidence_level`` (two-sided, in ``(0, 1)``);
the few functions that took a significance level ``alpha=`` still accept it
for one release, with a ``DeprecationWarning``.
"""

from theory.inference._bayes import JEFFREYS_PRIOR, Superiority, posterior_superiority
from theory.inference._bootstrap import BootstrapCI, bootstrap_ci
from theory.inference._calibration import (
    RetentionRatio,
    expected_calibration_error,
    retention_ratio,
)
from theory.inference._effect import (
    COHENS_H_THRESHOLDS,
    CohensH,
    cohens_h,
    hoeffding_bound,
    hoeffding_sample_size,
    power_two_proportions,
    sample_size_two_proportions,
)
from theory.inference._mediation import Mediation, baron_kenny
from theory.inference._proportions import (
    PROPORTION_METHODS,
    ProportionCI,
    proportion_ci,
    rule_of_three,
)
from theory.inference._ranking import (
    FriedmanNemenyi,
    friedman_nemenyi,
    mean_average_precision,
    mean_reciprocal_rank,
    ndcg_at_k,
)
from theory.inference._regression import DepthSlope, depth_slope
from theory.inference._results import ConfidenceInterval, MeanCI
from theory.inference._tests import (
    ALTERNATIVES,
    TestResult,
    fisher_exact,
    mcnemar,
    two_proportion_z,
    two_proportion_z_unpooled,
)
from theory.inference._use_factor import (
    UseFactor,
    conditional_use_factor,
    use_factor,
)

__all__ = [
    "ALTERNATIVES",
    "COHENS_H_THRESHOLDS",
    "JEFFREYS_PRIOR",
    "PROPORTION_METHODS",
    "BootstrapCI",
    "CohensH",
    "ConfidenceInterval",
    "DepthSlope",
    "FriedmanNemenyi",
    "MeanCI",
    "Mediation",
    "ProportionCI",
    "RetentionRatio",
    "Superiority",
    "TestResult",
    "UseFactor",
    "baron_kenny",
    "bootstrap_ci",
    "cohens_h",
    "conditional_use_factor",
    "depth_slope",
    "expected_calibration_error",
    "fisher_exact",
    "friedman_nemenyi",
    "hoeffding_bound",
    "hoeffding_sample_size",
    "mcnemar",
    "mean_average_precision",
    "mean_reciprocal_rank",
    "ndcg_at_k",
    "posterior_superiority",
    "power_two_proportions",
    "proportion_ci",
    "retention_ratio",
    "rule_of_three",
    "sample_size_two_proportions",
    "two_proportion_z",
    "two_proportion_z_unpooled",
    "use_factor",
]
