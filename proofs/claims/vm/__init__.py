"""The VM claims: every check of the validity-mirage paper, one module per topic.

Each module lists its claims in ``CLAIMS``; :mod:`proofs.register` imports
them (in the order of :data:`MODULES`) only when a VM claim is asked for.
``catalogue.csv`` is the paper's catalogue of claims and ``stats/`` holds
its transcribed tables (one claim per table, listed in ``stats/index.csv``).
"""

MODULES = (
    "proofs.claims.vm.monoid",
    "proofs.claims.vm.ideal",
    "proofs.claims.vm.contract",
    "proofs.claims.vm.semiring",
    "proofs.claims.vm.witness",
    "proofs.claims.vm.closure",
    "proofs.claims.vm.mirage_claims",
    "proofs.claims.vm.published",
    "proofs.claims.vm.statistics",
    "proofs.claims.vm.rereading",
)
"""The claim modules of VM, in ledger order."""

__all__ = ["MODULES"]
