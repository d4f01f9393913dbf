"""Universal proofs of the laws and the claims ledger (``context-laws ledger``).

Importing :mod:`proofs` is cheap: the claim registry (``CLAIMS``, ``check``,
``claim``, ``LedgerEntry``, which import every claim module, z3 and sympy) loads
on first use of one of those names.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from proofs.register import CLAIMS, LedgerEntry, check, claim

_LAZY = {"CLAIMS", "LedgerEntry", "check", "claim"}

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


def __getattr__(name: str) -> Any:
    """Load the claim registry on first use of one of its names (PEP 562)."""
    if name in _LAZY:
        value = getattr(importlib.import_module("proofs.register"), name)
        globals()[name] = value
        return value
    msg = f"module 'proofs' has no attribute {name!r}"
    raise AttributeError(msg)


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
