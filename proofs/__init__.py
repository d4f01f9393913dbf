"""Universal proofs of the laws and the claims ledger (``context-laws ledger``).

Importing :mod:`proofs` is cheap: the claim registry (``CLAIMS``, ``check``,
``claim``, ``LedgerEntry``, which import every claim module, z3 and sympy) loads
on first use of one of those names.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from proofs._catalogue import CatalogueEntry, catalogue, decided_rows
    from proofs.records import (
        Claim,
        ClaimCheck,
        Kind,
        Outcome,
        Verdict,
        claim_check,
        claim_list,
    )
    from proofs.register import CLAIMS, LedgerEntry, check, claim, ledger

# Every public name and the module it lives in, loaded on first use (PEP 562):
# ``import proofs`` (and so ``context-laws --help``) imports nothing else.
_LAZY = {
    "CLAIMS": "proofs.register",
    "LedgerEntry": "proofs.register",
    "check": "proofs.register",
    "claim": "proofs.register",
    "ledger": "proofs.register",
    "CatalogueEntry": "proofs._catalogue",
    "catalogue": "proofs._catalogue",
    "decided_rows": "proofs._catalogue",
    "Claim": "proofs.records",
    "ClaimCheck": "proofs.records",
    "Kind": "proofs.records",
    "Outcome": "proofs.records",
    "Verdict": "proofs.records",
    "claim_check": "proofs.records",
    "claim_list": "proofs.records",
}

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
    "claim_list",
    "decided_rows",
    "ledger",
]


def __getattr__(name: str) -> Any:
    """Load a public name on first use (PEP 562)."""
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    msg = f"module 'proofs' has no attribute {name!r}"
    raise AttributeError(msg)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
