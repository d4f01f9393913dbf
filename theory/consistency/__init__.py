"""Consistency of printed statistics: the statcheck and GRIM idea, rounding-aware.

Each check takes a number as a paper prints it and the numbers it should follow
from, recomputes it, and says whether the printed value can be the rounded
recomputation. Printed values are best passed as strings (``"0.790"`` has three
decimals; the float ``0.79`` would say two).

Rounding rule (all checks, option ``rounding=``, one of :data:`ROUNDINGS`):
by default (``"nearest"``) a value printed with ``d`` decimals is consistent
with an exact value ``x`` when ``x`` lies in the *closed* interval
``[p - 0.5 * 10**-d, p + 0.5 * 10**-d]``, which accepts half-up, half-even and
half-down rounding at a tie but not truncation (``grim("11.09", 21)`` is
inconsistent: 233/21 = 11.0952 rounds to 11.10). ``"half-up"`` (ties away
from zero) and ``"half-even"`` accept only their side of a tie,
``"truncate"`` is ``[p, p + 10**-d)`` toward zero, and ``"any"`` is nearest or
truncated. Inputs that are themselves printed (rounded) numbers widen to their
round-to-nearest intervals, so a check reports *inconsistent* only when no
exact inputs that print as given can produce the printed result. A
recomputation that went through floating point is compared with a slack of
2048 units in the last place of the values compared (2.3e-13 to 4.5e-13
relative, no absolute floor), so p-values are checked down to 1e-300.
"""

from theory.consistency._attainable import (
    check_proportion,
    grim,
    percent_attainable,
    proportion_attainable,
    recompute_interval,
)
from theory.consistency._core import ConsistencyResult
from theory.consistency._moments import (
    DIFFERENCE_METHODS,
    debit,
    grimmer,
    recompute_difference_interval,
)
from theory.consistency._pvalues import PVALUE_TESTS, recompute_pvalue
from theory.consistency._rounding import ROUNDINGS, ExpressionError
from theory.consistency._tables import (
    check_arithmetic,
    check_difference,
    check_equal,
    check_mean,
    check_ratio,
    check_sum,
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
    "debit",
    "grim",
    "grimmer",
    "percent_attainable",
    "proportion_attainable",
    "recompute_difference_interval",
    "recompute_interval",
    "recompute_pvalue",
]
