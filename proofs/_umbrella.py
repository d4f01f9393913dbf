"""Verdicts of a claim stated in parts: the weakest part decides (private)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from proofs.ledger import ClaimCheck, Verdict

# From the strongest verdict to the weakest; a claim is only as good as its
# weakest part, and one refuted part refutes the whole statement.
_ORDER = (
    Verdict.PROVEN,
    Verdict.VERIFIED,
    Verdict.CALIBRATED,
    Verdict.CONDITIONAL,
    Verdict.OPEN,
    Verdict.REFUTED,
)


def combine(claim_id: str, parts: Sequence[ClaimCheck]) -> ClaimCheck:
    """Return the verdict of ``claim_id`` from the checks of its parts.

    The weakest part's verdict wins (refuted < open < conditional <
    calibrated < verified < proven), its counterexample is carried over, and
    the evidence lists every part's verdict.
    """
    if not parts:
        msg = f"{claim_id} needs at least one part"
        raise ValueError(msg)
    weakest = max(parts, key=lambda p: _ORDER.index(p.verdict))
    summary = "; ".join(f"{p.claim_id} {p.verdict.value}" for p in parts)
    evidence = (
        f"the weakest of its parts decides: {summary}. Weakest: {weakest.claim_id}: "
        f"{weakest.evidence}"
    )
    return ClaimCheck(claim_id, weakest.verdict, evidence, weakest.counterexample)


def umbrella(
    claim_id: str, checks: Sequence[Callable[[], ClaimCheck]]
) -> Callable[[], ClaimCheck]:
    """Return a zero-argument check of ``claim_id`` that runs and combines ``checks``."""

    def check() -> ClaimCheck:
        return combine(claim_id, [c() for c in checks])

    return check
