"""The SLM claims: every check of the SLM paper, one module per topic.

Each module lists its claims in ``CLAIMS``; :mod:`proofs.register` imports
them (in the order of :data:`MODULES`) only when a SLM claim is asked for.
``catalogue.csv`` is the paper's catalogue of claims and ``stats/`` holds
its transcribed tables (one claim per table, listed in ``stats/index.csv``).
"""

MODULES = (
    "proofs.claims.slm.sheaf",
    "proofs.claims.slm.geometry",
    "proofs.claims.slm.statistics",
    "proofs.claims.slm.rereading",
)
"""The claim modules of SLM, in ledger order."""

__all__ = ["MODULES"]
