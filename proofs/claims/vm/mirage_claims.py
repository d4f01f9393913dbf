"""The validity-mirage claims VM-E58, VM-C3 and VM-C4, once per witness semantics.

Every id is written out (``VM-C3-EXP52@paper``); the checks are those of
:mod:`proofs.claims.vm.mirage`.
"""

from __future__ import annotations

from proofs.claims.vm.mirage import (
    check_exp52_ties,
    check_exp53_ties,
    check_exp58,
    check_semantics_dominate,
    check_separation,
    check_validity_ties,
)
from proofs.records import (
    Claim,
    ClaimCheck,
    Kind,
    Outcome,
    claim_check,
    claim_list,
    umbrella,
)

__all__ = ["CLAIMS"]

_STATEMENT = (
    "a deterministic witness exists: under committed semantics (M = 1) the full "
    "timeline is feasible, naive compression infeasible and contract-guarded "
    "compression feasible; under enumerative semantics (M = 10) naive compression looks "
    "feasible only by substituting the pivot, with a relative score shortfall (0.544)"
)

_C3 = (
    "raw validity ties across naive, bridge-preserving and contract compression "
    "(and segment-wise vs whole compression) while the semantic diagnostics reveal "
    "degradation, the contract following the same pattern (section 7.3)"
)
_C3_PARTS = (
    (
        "EXP52",
        "in Exp52 raw validity is 1.000 under naive, bridge-preserving and contract "
        "compression",
        check_exp52_ties,
        "§7.3",
    ),
    (
        "EXP53",
        "in Exp53 segment-wise and whole compression are both valid at 1.000 (gap 0.000)",
        check_exp53_ties,
        "§7.3",
    ),
    (
        "DEGRADE",
        "in the retention sweep raw validity ties between naive and contract while "
        "pivot preservation degrades under both",
        check_validity_ties,
        "§7.3; Table 3; Appendix A, Table 9",
    ),
)


_SEPARATE = (
    "our stronger reading (not the paper's): pivot preservation or "
    "fixed-pivot feasibility separates naive compression from the contract"
)
_C4 = "solver semantics, not the compression heuristic, dominate the variance"


@claim_check(
    "VM-E58@reference",
    _STATEMENT,
    Kind.SIMULATION,
    where="§7.5; Table 4",
)
def _check_vm_e58_reference() -> ClaimCheck | Outcome:
    """VM-E58@reference: the Exp58 witness under the reference semantics."""
    return check_exp58("reference")


@claim_check(
    "VM-E58@paper",
    _STATEMENT,
    Kind.SIMULATION,
    where="§7.5; Table 4",
)
def _check_vm_e58_paper() -> ClaimCheck | Outcome:
    """VM-E58@paper: the Exp58 witness under the paper semantics."""
    return check_exp58("paper")


@claim_check(
    "VM-C3-EXP52@reference",
    _C3_PARTS[0][1],
    Kind.SIMULATION,
    slow=True,
    where=_C3_PARTS[0][3],
)
def _check_vm_c3_exp52_reference() -> ClaimCheck | Outcome:
    """VM-C3-EXP52@reference: a part of VM-C3 under the reference semantics."""
    return _C3_PARTS[0][2]("reference")


@claim_check(
    "VM-C3-EXP53@reference",
    _C3_PARTS[1][1],
    Kind.SIMULATION,
    slow=True,
    where=_C3_PARTS[1][3],
)
def _check_vm_c3_exp53_reference() -> ClaimCheck | Outcome:
    """VM-C3-EXP53@reference: a part of VM-C3 under the reference semantics."""
    return _C3_PARTS[1][2]("reference")


@claim_check(
    "VM-C3-DEGRADE@reference",
    _C3_PARTS[2][1],
    Kind.SIMULATION,
    slow=True,
    where=_C3_PARTS[2][3],
)
def _check_vm_c3_degrade_reference() -> ClaimCheck | Outcome:
    """VM-C3-DEGRADE@reference: a part of VM-C3 under the reference semantics."""
    return _C3_PARTS[2][2]("reference")


@claim_check(
    "VM-C3@reference",
    _C3,
    Kind.SIMULATION,
    slow=True,
    where="§7.3",
)
def _check_vm_c3_reference() -> ClaimCheck | Outcome:
    """VM-C3@reference: the weakest of its three parts under the reference semantics."""
    return umbrella(
        [
            _check_vm_c3_exp52_reference,
            _check_vm_c3_exp53_reference,
            _check_vm_c3_degrade_reference,
        ]
    )()


@claim_check(
    "VM-C3-SEPARATE@reference",
    _SEPARATE,
    Kind.SIMULATION,
    slow=True,
    where="§7.3 (our paraphrase)",
)
def _check_vm_c3_separate_reference() -> ClaimCheck | Outcome:
    """VM-C3-SEPARATE@reference: our stronger reading under the reference semantics."""
    return check_separation("reference")


@claim_check(
    "VM-C3-EXP52@paper",
    _C3_PARTS[0][1],
    Kind.SIMULATION,
    slow=True,
    where=_C3_PARTS[0][3],
)
def _check_vm_c3_exp52_paper() -> ClaimCheck | Outcome:
    """VM-C3-EXP52@paper: a part of VM-C3 under the paper semantics."""
    return _C3_PARTS[0][2]("paper")


@claim_check(
    "VM-C3-EXP53@paper",
    _C3_PARTS[1][1],
    Kind.SIMULATION,
    slow=True,
    where=_C3_PARTS[1][3],
)
def _check_vm_c3_exp53_paper() -> ClaimCheck | Outcome:
    """VM-C3-EXP53@paper: a part of VM-C3 under the paper semantics."""
    return _C3_PARTS[1][2]("paper")


@claim_check(
    "VM-C3-DEGRADE@paper",
    _C3_PARTS[2][1],
    Kind.SIMULATION,
    slow=True,
    where=_C3_PARTS[2][3],
)
def _check_vm_c3_degrade_paper() -> ClaimCheck | Outcome:
    """VM-C3-DEGRADE@paper: a part of VM-C3 under the paper semantics."""
    return _C3_PARTS[2][2]("paper")


@claim_check(
    "VM-C3@paper",
    _C3,
    Kind.SIMULATION,
    slow=True,
    where="§7.3",
)
def _check_vm_c3_paper() -> ClaimCheck | Outcome:
    """VM-C3@paper: the weakest of its three parts under the paper semantics."""
    return umbrella(
        [_check_vm_c3_exp52_paper, _check_vm_c3_exp53_paper, _check_vm_c3_degrade_paper]
    )()


@claim_check(
    "VM-C3-SEPARATE@paper",
    _SEPARATE,
    Kind.SIMULATION,
    slow=True,
    where="§7.3 (our paraphrase)",
)
def _check_vm_c3_separate_paper() -> ClaimCheck | Outcome:
    """VM-C3-SEPARATE@paper: our stronger reading under the paper semantics."""
    return check_separation("paper")


@claim_check(
    "VM-C4@reference",
    _C4,
    Kind.SIMULATION,
    slow=True,
    where="§7.4",
)
def _check_vm_c4_reference() -> ClaimCheck | Outcome:
    """VM-C4@reference: solver semantics dominate the variance under the reference semantics."""
    return check_semantics_dominate("reference")


@claim_check(
    "VM-C4@paper",
    _C4,
    Kind.SIMULATION,
    slow=True,
    where="§7.4",
)
def _check_vm_c4_paper() -> ClaimCheck | Outcome:
    """VM-C4@paper: solver semantics dominate the variance under the paper semantics."""
    return check_semantics_dominate("paper")


CLAIMS: tuple[Claim, ...] = claim_list(
    _check_vm_e58_reference,
    _check_vm_e58_paper,
    _check_vm_c3_reference,
    _check_vm_c3_exp52_reference,
    _check_vm_c3_exp53_reference,
    _check_vm_c3_degrade_reference,
    _check_vm_c3_separate_reference,
    _check_vm_c3_paper,
    _check_vm_c3_exp52_paper,
    _check_vm_c3_exp53_paper,
    _check_vm_c3_degrade_paper,
    _check_vm_c3_separate_paper,
    _check_vm_c4_reference,
    _check_vm_c4_paper,
)
