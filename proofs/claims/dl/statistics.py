"""The DL paper's printed statistics: one claim per table of ``stats/index.csv``."""

from __future__ import annotations

from proofs.records import Claim
from proofs.statistics import index_claims, stats_folder

__all__ = ["CLAIMS"]

CLAIMS: tuple[Claim, ...] = tuple(index_claims("DL", stats_folder("DL")))
"""One claim per transcribed table or worked example of DL, in paper order."""
