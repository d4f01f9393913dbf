"""From a proof attempt to a verdict: only a witness refutes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from proofs._method.smt import SmtResult
from proofs.records import Outcome, Verdict

if TYPE_CHECKING:
    from theory.consistency import ConsistencyResult

__all__ = [
    "Row",
    "in_interval",
    "not_settled",
    "settle",
    "settle_printed",
    "smt_witness",
]


def settle(verdict: Verdict, witness: Mapping[str, Any] | None, *, ok: bool) -> Verdict:
    """Return ``verdict`` if the check went through, REFUTED only with a witness, else OPEN.

    A proof that does not go through (z3 ``unknown`` or a timeout, a sympy
    expression that does not simplify to 0, an implementation disagreeing with
    the mathematics) settles nothing: the claim is OPEN, never REFUTED.
    """
    if witness is not None:
        return Verdict.REFUTED
    return verdict if ok else Verdict.OPEN


def smt_witness(results: Mapping[str, SmtResult]) -> dict[str, Any] | None:
    """Return z3's model for the first goal whose negation is ``sat``, labelled, or None."""
    for goal, result in results.items():
        if result.status == "sat" and result.model is not None:
            return {"goal": goal, **result.model}
    return None


def not_settled(what: str) -> str:
    """Return the evidence suffix of a check whose proof did not go through."""
    return (
        f". Not settled: {what} did not go through (solver unknown/timeout, an "
        "expression not simplifying to 0, or the code disagreeing), so the verdict is "
        "open, not refuted: no counterexample was found"
    )


Row = tuple[str, str, "ConsistencyResult"]
"""A printed number: its name, where it is printed, and its check."""


def settle_printed(rows: list[Row], preamble: str) -> Outcome:
    """Return the outcome of printed numbers checked one by one: one inconsistent number refutes."""
    bad = [(name, where, res) for name, where, res in rows if not res.consistent]
    shown = "; ".join(
        f"{name} ({where}): printed {res.printed}, recomputed "
        f"{', '.join(f'{v:.6g}' for v in res.recomputed)} [{res.consistent}]"
        for name, where, res in rows
    )
    evidence = f"{preamble} {len(rows)} printed numbers: {shown}"
    if not bad:
        return Outcome(Verdict.VERIFIED, evidence)
    cx = {
        "inconsistent": [
            {
                "id": name,
                "where": where,
                "printed": res.printed,
                "recomputed": [round(v, 6) for v in res.recomputed],
            }
            for name, where, res in bad
        ]
    }
    return Outcome(Verdict.REFUTED, evidence, cx)


def in_interval(k: int, n: int, p: float, *, confidence_level: float = 0.99) -> bool:
    """Return whether ``p`` lies in the Wilson interval of ``k`` of ``n`` (two-sided)."""
    from theory.inference import proportion_ci

    iv = proportion_ci(k, n, confidence_level=confidence_level)
    return float(iv.low) <= p <= float(iv.high)
