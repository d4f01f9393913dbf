"""Universal proofs of the laws and the claims ledger (``python -m proofs``)."""

# proofs.ledger is the module of the claim types, and calling it runs the ledger
# (proofs.register.ledger), so the package attribute is the module.
from proofs import ledger
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
from proofs.register import CLAIMS, LedgerEntry, check, claim

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
