"""Verdicts of a claim stated in parts: the weakest part decides (private)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from proofs.ledger import _STRENGTH, ClaimCheck

_ORDER = _STRENGTH


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


class _Umbrella:
    """A picklable zero-argument check combining the checks of a claim's parts."""

    __slots__ = ("checks", "claim_id")

    def __init__(
        self, claim_id: str, checks: Sequence[Callable[[], ClaimCheck]]
    ) -> None:
        self.claim_id = claim_id
        self.checks = tuple(checks)

    def __call__(self) -> ClaimCheck:
        return combine(self.claim_id, [c() for c in self.checks])


def umbrella(
    claim_id: str, checks: Sequence[Callable[[], ClaimCheck]]
) -> Callable[[], ClaimCheck]:
    """Return a zero-argument check of ``claim_id`` that runs and combines ``checks``.

    The check is picklable when its parts are, so that the ledger can run it
    in a worker process.
    """
    return _Umbrella(claim_id, checks)
