"""Claims of this area (filled in by its issue)."""

from __future__ import annotations

from proofs.ledger import Claim

__all__ = ["CLAIMS"]

CLAIMS: tuple[Claim, ...] = ()
