"""The PJ claims: every check of the pinning journal, one module per topic.

Each module lists its claims in ``CLAIMS``; :mod:`proofs.register` imports
them (in the order of :data:`MODULES`) only when a PJ claim is asked for.
``catalogue.csv`` is the paper's catalogue of claims and ``stats/`` holds
its transcribed tables (one claim per table, listed in ``stats/index.csv``).
"""

MODULES = (
    "proofs.claims.pj.simulation",
    "proofs.claims.pj.printed",
    "proofs.claims.pj.statistics",
    "proofs.claims.pj.rereading",
)
"""The claim modules of PJ, in ledger order."""

__all__ = ["MODULES"]
