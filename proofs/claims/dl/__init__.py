"""The DL claims: every check of the depth-laws paper, one module per topic.

Each module lists its claims in ``CLAIMS``; :mod:`proofs.register` imports
them (in the order of :data:`MODULES`) only when a DL claim is asked for.
``catalogue.csv`` is the paper's catalogue of claims and ``stats/`` holds
its transcribed tables (one claim per table, listed in ``stats/index.csv``).
"""

MODULES = (
    "proofs.claims.dl.depth",
    "proofs.claims.dl.floors",
    "proofs.claims.dl.inference",
    "proofs.claims.dl.simulation",
    "proofs.claims.dl.statistics",
    "proofs.claims.dl.briefbench",
    "proofs.claims.dl.examples",
    "proofs.claims.dl.rereading",
)
"""The claim modules of DL, in ledger order."""

__all__ = ["MODULES"]
