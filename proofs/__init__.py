"""Universal proofs of the laws and the claims ledger (``python -m proofs``)."""

from proofs.ledger import Claim, ClaimCheck, Kind, Verdict
from proofs.register import CLAIMS, LedgerEntry, check, claim, ledger

__all__ = [
    "CLAIMS",
    "Claim",
    "ClaimCheck",
    "Kind",
    "LedgerEntry",
    "Verdict",
    "check",
    "claim",
    "ledger",
]
