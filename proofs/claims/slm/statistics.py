"""The SLM paper's printed statistics: one claim per table of ``stats/index.csv``."""

from __future__ import annotations

from proofs.records import Claim
from proofs.statistics import index_claims, stats_folder

__all__ = ["CLAIMS"]

CLAIMS: tuple[Claim, ...] = tuple(index_claims("SLM", stats_folder("SLM")))
"""One claim per transcribed table or worked example of SLM, in paper order."""
