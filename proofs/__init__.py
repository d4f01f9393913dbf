"""Universal proofs of the laws and the claims ledger (``python -m proofs``)."""

from proofs._catalogue import CatalogueEntry, catalogue
from proofs.ledger import (
    Claim,
    ClaimCheck,
    Kind,
    Outcome,
    Verdict,
    claim_check,
    claims,
)
from proofs.register import CLAIMS, LedgerEntry, check, claim, ledger

__all__ = [
    "CLAIMS",
    "CatalogueEntry",
    "Claim",
    "ClaimCheck",
    "Kind",
    "LedgerEntry",
    "Outcome",
    "Verdict",
    "catalogue",
    "check",
    "claim",
    "claim_check",
    "claims",
    "ledger",
]
