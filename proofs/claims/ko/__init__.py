"""The KO claims: every check of the knowledge-objects paper, one module per topic.

Each module lists its claims in ``CLAIMS``; :mod:`proofs.register` imports
them (in the order of :data:`MODULES`) only when a KO claim is asked for.
``catalogue.csv`` is the paper's catalogue of claims and ``stats/`` holds
its transcribed tables (one claim per table, listed in ``stats/index.csv``).
"""

MODULES = (
    "proofs.claims.ko.simulation",
    "proofs.claims.ko.printed",
    "proofs.claims.ko.statistics",
    "proofs.claims.ko.rereading",
)
"""The claim modules of KO, in ledger order."""

__all__ = ["MODULES"]
