"""The validity mirage: the Exp58 witness and the sweep claims (VM-E58, VM-C3, VM-C4).

Each claim is checked under both witness semantics (WITNESS.md decision 1)
and appears once per semantics, ``VM-E58@reference`` and ``VM-E58@paper``.
"""

from __future__ import annotations

from functools import partial

from proofs.ledger import Claim, ClaimCheck, Kind, Verdict
from witnesses.exp58 import run

__all__ = ["CLAIMS", "check_exp58"]


def check_exp58(semantics: str) -> ClaimCheck:
    """VM-E58: the deterministic witness holds under ``semantics``.

    Examples
    --------
    >>> from proofs.mirage import check_exp58
    >>> check_exp58("reference").verdict.value
    'verified'
    """
    result = run(semantics=semantics)
    claim_id = f"VM-E58@{semantics}"
    naive1, naive10 = result.cell("naive", 1), result.cell("naive", 10)
    contract1, full1 = result.cell(result.contract, 1), result.cell("full", 1)
    holds = result.witness_triple and result.mirage_by_substitution
    evidence = (
        f"python -m witnesses.exp58 --semantics {semantics}: full timeline M=1 "
        f"valid={full1.free.valid} (TP {full1.free.turning_point}, score "
        f"{full1.free.score!r}); naive (kept {', '.join(naive1.kept_block1)}) M=1 "
        f"valid={naive1.free.valid}; {result.contract} (kept {len(contract1.kept_block1)} "
        f"block-1 events) M=1 valid={contract1.free.valid} (score "
        f"{contract1.free.score!r}); naive M=10 valid={naive10.free.valid} with TP "
        f"{naive10.free.turning_point} instead of {result.full_pivot} (forced "
        f"{result.full_pivot} valid={naive10.fixed.valid}), score {naive10.free.score!r}, "
        f"relative shortfall {result.shortfall!r}"
    )
    if semantics == "paper":
        evidence += (
            "; under the paper's definitions Definition 2 keeps only "
            f"{len(contract1.kept_block1)} block-1 events, so the contract row scores "
            f"{contract1.free.score!r} (shortfall {contract1.shortfall:.4f}) instead of the "
            "published 47.084, and the endogenous turning point turns the e45 "
            "substitution into a shorter e42..e50 sequence"
        )
    published = naive10.shortfall is not None and round(naive10.shortfall, 3) == 0.544
    if not holds:
        verdict = Verdict.REFUTED
    elif published:
        verdict = Verdict.VERIFIED
    else:
        # The qualitative witness holds; the stated 0.544 belongs to the
        # reference semantics only.
        verdict = Verdict.CONDITIONAL
        evidence = (
            "holds only qualitatively here: the witness triple and the pivot "
            "substitution hold, the stated shortfall 0.544 does not (it needs the "
            "reference semantics). " + evidence
        )
    return ClaimCheck(claim_id, verdict, evidence)


_STATEMENT = (
    "a deterministic witness exists: under committed semantics (M = 1) the full "
    "timeline is feasible, naive compression infeasible and contract-guarded "
    "compression feasible; under enumerative semantics (M = 10) naive compression looks "
    "feasible only by substituting the pivot, with a relative score shortfall (0.544)"
)

CLAIMS: tuple[Claim, ...] = tuple(
    Claim(
        f"VM-E58@{semantics}",
        "VM",
        _STATEMENT,
        Kind.SIMULATION,
        partial(check_exp58, semantics),
    )
    for semantics in ("reference", "paper")
)
