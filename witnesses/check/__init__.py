"""Is my compressor safe? Contract checks and mirage diagnostics for a user's compressor.

:func:`check_compressor` runs a user's compression function over many
timelines and retentions and reports, in one object: the paper's block
contract (VM Definition 2) and the reference's all-pivot invariant, each as
holds / violated with a 1-minimal witness timeline; the validity-mirage
diagnostics of the compressed solves with intervals (:func:`witnesses.rates`);
and one sentence answering "is it safe?" that names the contract it is judged
by and why the two contracts can disagree. The report types live in
``_report``, the 1-minimal witness search in ``_shrink``.
"""

from __future__ import annotations

from witnesses.check._core import check_compressor
from witnesses.check._report import CompressorReport, ContractResult, Witness

__all__ = ["CompressorReport", "ContractResult", "Witness", "check_compressor"]
