"""From a proof attempt to a verdict: only a witness refutes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from proofs._method.smt import SmtResult
from proofs.ledger import Verdict

__all__ = ["not_settled", "settle", "smt_witness"]


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
