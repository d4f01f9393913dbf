"""Claims about information floors, rate–distortion and decay laws (DL §2.1, §2.3).

Submodules:

- :mod:`proofs.claims.dl.floors.checks`: the claims and their checks (``CLAIMS``)
- :mod:`proofs.claims.dl.floors._context`: context gain (DL-T2) and context monotonicity (DL-C1)
- :mod:`proofs.claims.dl.floors._t2`: DL-T2's equality condition as the paper states it
- :mod:`proofs.claims.dl.floors._decay`: rate–distortion (DL-T5) and decay-law identifiability
- :mod:`proofs.claims.dl.floors._learning`: DL Theorem 4's Occam bound in the printed direction
- private: ``_sym`` (the sympy derivations)
"""

from __future__ import annotations

from proofs.claims.dl.floors.checks import (
    CLAIMS,
    check_bayes_floor,
    check_context_gain_counterexample,
    check_context_gain_equality,
    check_context_gain_identity,
    check_context_gain_inequality,
    check_context_gain_strict_otherwise,
    check_context_monotone,
    check_cumulative_floor,
    check_fano_floor,
    check_fano_monotone,
    check_governed,
    check_learning_bound,
    check_occam_direction,
    check_occam_sufficient,
    check_probe_cost,
    check_rearranged_vacuity,
    check_uniform_candidate_floor,
    check_worked_example,
    fano_left_side,
)

__all__ = [
    "CLAIMS",
    "check_bayes_floor",
    "check_context_gain_counterexample",
    "check_context_gain_equality",
    "check_context_gain_identity",
    "check_context_gain_inequality",
    "check_context_gain_strict_otherwise",
    "check_context_monotone",
    "check_cumulative_floor",
    "check_fano_floor",
    "check_fano_monotone",
    "check_governed",
    "check_learning_bound",
    "check_occam_direction",
    "check_occam_sufficient",
    "check_probe_cost",
    "check_rearranged_vacuity",
    "check_uniform_candidate_floor",
    "check_worked_example",
    "fano_left_side",
]
