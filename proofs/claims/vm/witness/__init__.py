"""Paper-vs-reference disagreements of the witness layer (docs/guide/witnesses.md §11), as checks.

Submodules:

- :mod:`proofs.claims.vm.witness.checks`: the claims and their checks (``CLAIMS``)
- private: ``_paper`` (the paper's own definitions), ``_solver`` (solver-side disagreements), ``_tiny`` (the tiny timelines)
"""

from __future__ import annotations

from proofs.claims.vm.witness.checks import (
    CLAIMS,
    check_dis1_superadditive,
    check_dis2_contract,
    check_dis3_commit,
    check_dis4_absorbing,
    check_dis5_endogenous_tp,
    check_dis5_greedy_argmax,
    check_dis6_ties,
    check_dis7_regret,
    check_dis10_scale,
    check_dis11_solver_exact,
    check_dis12_precondition,
    check_dis13_pivot_update,
    check_dis15_tpless,
    check_vm_absorb_def,
    check_vm_solver_def,
    check_vm_tp_def,
    search_solver_gap,
    tiny_timelines,
)

__all__ = [
    "CLAIMS",
    "check_dis1_superadditive",
    "check_dis2_contract",
    "check_dis3_commit",
    "check_dis4_absorbing",
    "check_dis5_endogenous_tp",
    "check_dis5_greedy_argmax",
    "check_dis6_ties",
    "check_dis7_regret",
    "check_dis10_scale",
    "check_dis11_solver_exact",
    "check_dis12_precondition",
    "check_dis13_pivot_update",
    "check_dis15_tpless",
    "check_vm_absorb_def",
    "check_vm_solver_def",
    "check_vm_tp_def",
    "search_solver_gap",
    "tiny_timelines",
]
