"""Decay laws of recall by depth: fit, compare, plan the sample size (docs/guide/depth.md §5).

Data are counts: ``k[i]`` successes out of ``n[i]`` trials at depth ``depths[i]``
(distinct positive integers). Each law is fitted by binomial maximum likelihood
(``scipy.optimize.minimize``, SLSQP with analytic gradients, bounded, several
deterministic starts: a log-linear least-squares guess plus fixed grid points).

Parameterisations (``p(d)`` is the success probability at depth ``d``):

========== ================================ ================================
law        p(d)                             parameters (reported)
========== ================================ ================================
geometric  ``s0**d``                        ``0 < s0 <= 1`` (1 parameter)
triangular ``s0**d * rho**(d(d+1)/2)``      ``0 < s0, rho <= 1`` (DL-T7)
stretched  ``exp(-c * d**beta)``            ``c >= 0``, ``0.05 <= beta <= 10``
power      ``c * d**(-alpha)``              ``0 < c <= 1``, ``alpha >= 0``
========== ================================ ================================

Nesting: geometric is triangular at ``rho = 1`` (a boundary point, so the
likelihood-ratio statistic is referred to the ``0.5 chi2_0 + 0.5 chi2_1``
mixture of Self and Liang 1987) and stretched at ``beta = 1`` (interior,
``chi2_1``). No other pair is nested: triangular, stretched and power share at
most the geometric curve or the constant ``p = 1``, so they are compared by
AIC/AICc only.

AICc convention: ``n`` is the number of Bernoulli **trials** ``sum(n_d)`` by
default, because the binomial likelihood is a product over independent trials
and AICc's correction is derived for ``n`` independent observations;
``aicc_n="points"`` uses the number of depth points instead (the grouped view,
under which a 2-parameter law on 3 depths has ``n - p - 1 = 0`` and AICc is
undefined, returned as ``None``). The log-likelihoods include the binomial
coefficients, so they equal ``scipy.stats.binom.logpmf(k, n, p).sum()``.
"""

from theory.decay._data import DepthCounts, counts_by_depth
from theory.decay._fit import (
    LAWS,
    DecayComparison,
    DecayFit,
    LikelihoodRatioTest,
    compare_decays,
    fit_decay,
    likelihood_ratio_test,
)
from theory.decay._power import PowerResult, decay_power, expected_power, tasks_needed

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
