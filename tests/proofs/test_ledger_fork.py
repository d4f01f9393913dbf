"""The ledger's workers are forked with the parent's objects frozen (issue 30).

Their garbage collections then skip the imported packages and the register
(and do not copy the pages those live on); the parent unfreezes at once.
"""

from __future__ import annotations

import gc

from proofs import _run
from proofs.records import Claim, ClaimCheck, Kind, Verdict


def _frozen_here_a() -> ClaimCheck:
    return ClaimCheck("VM-XFORK-A", Verdict.VERIFIED, f"frozen={gc.get_freeze_count()}")


def _frozen_here_b() -> ClaimCheck:
    return ClaimCheck("VM-XFORK-B", Verdict.VERIFIED, f"frozen={gc.get_freeze_count()}")


def test_workers_start_frozen_and_the_parent_does_not_stay_frozen() -> None:
    chosen = [
        Claim("VM-XFORK-A", "s", Kind.ARITHMETIC, _frozen_here_a),
        Claim("VM-XFORK-B", "s", Kind.ARITHMETIC, _frozen_here_b),
    ]
    assert gc.get_freeze_count() == 0
    rows = _run.run_claims(chosen, workers=2, use_cache=False)
    counts = [int(r.result.evidence.split("=")[1]) for r in rows if r.result]
    assert len(counts) == 2 and all(n > 1000 for n in counts)
    assert gc.get_freeze_count() == 0
    # in this process (no pool) nothing is frozen
    here = _run.run_claims(chosen, workers=0, use_cache=False)
    assert [r.result.evidence for r in here if r.result] == ["frozen=0", "frozen=0"]
