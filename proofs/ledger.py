"""The claims ledger's record types: claims, verdicts, kinds and check results."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Claim", "ClaimCheck", "Kind", "Verdict"]


class Verdict(enum.Enum):
    """The verdict of a claim check.

    ``PROVEN``: a universal proof (SMT or symbolic) holds. ``VERIFIED``: every
    case of a finite or sampled check holds. ``REFUTED``: a counterexample is
    on record. ``CONDITIONAL``: the claim holds only under a stated extra
    condition. ``CALIBRATED``: a number matches data within a stated
    tolerance. ``OPEN``: not settled.

    Examples
    --------
    >>> from proofs import Verdict
    >>> Verdict.PROVEN.value
    'proven'
    """

    PROVEN = "proven"
    VERIFIED = "verified"
    REFUTED = "refuted"
    CONDITIONAL = "conditional"
    CALIBRATED = "calibrated"
    OPEN = "open"


class Kind(enum.Enum):
    """How a claim is checked.

    Examples
    --------
    >>> from proofs import Kind
    >>> Kind.SMT.value
    'smt'
    """

    SMT = "smt"
    SYMBOLIC = "symbolic"
    EXHAUSTIVE = "exhaustive"
    PROPERTY = "property"
    SIMULATION = "simulation"
    DATA = "data"
    ARITHMETIC = "arithmetic"


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """The outcome of checking one claim.

    Parameters
    ----------
    claim_id : str
        The claim's stable id (THEORY.md).
    verdict : Verdict
        The verdict.
    evidence : str
        What a reader re-runs or reads to believe the verdict: the solver's
        answer, the identity, the numbers, the command.
    counterexample : mapping, optional
        The smallest counterexample found, for refuted claims (JSON-ready).
    artifact : str, optional
        A longer re-runnable artifact (an SMT-LIB query, a sympy script),
        shown by ``python -m proofs --claim ID`` and in reports.

    Examples
    --------
    >>> from proofs import ClaimCheck, Verdict
    >>> ClaimCheck("VM-P2", Verdict.PROVEN, "z3: negation unsat").to_dict()["verdict"]
    'proven'
    """

    claim_id: str
    verdict: Verdict
    evidence: str
    counterexample: Mapping[str, Any] | None = None
    artifact: str | None = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (without the artifact)."""
        return {
            "id": self.claim_id,
            "verdict": self.verdict.value,
            "evidence": self.evidence,
            "counterexample": None
            if self.counterexample is None
            else dict(self.counterexample),
        }


@dataclass(frozen=True, slots=True)
class Claim:
    """A registered claim and the function that checks it.

    Parameters
    ----------
    id : str
        Stable claim id (``VM-P1``; a semantics suffix ``@reference`` or
        ``@paper`` when a claim is checked under both witness semantics).
    source : str
        Source tag: ``VM``, ``DL``, ``SLM``, ``KO`` or ``PJ``.
    statement : str
        The claim as the source states it (or as THEORY.md restates it).
    kind : Kind
        How it is checked.
    check : callable
        Zero-argument function returning a :class:`ClaimCheck`.
    slow : bool
        Whether the check takes more than a few seconds (``--quick`` skips
        nothing, but reports may note it).
    where : str
        Where the source states the claim (section, theorem, equation, table,
        figure), e.g. ``"§3, Proposition 1"``; empty when not yet located.

    Examples
    --------
    >>> from proofs import Claim, ClaimCheck, Kind, Verdict
    >>> c = Claim("X-1", "VM", "1 + 1 = 2", Kind.ARITHMETIC,
    ...           lambda: ClaimCheck("X-1", Verdict.VERIFIED, "1 + 1 == 2"))
    >>> c.run().verdict
    <Verdict.VERIFIED: 'verified'>
    """

    id: str
    source: str
    statement: str
    kind: Kind
    check: Callable[[], ClaimCheck] = field(repr=False)
    slow: bool = False
    where: str = ""

    def run(self) -> ClaimCheck:
        """Run the check and make sure it answers for this claim."""
        result = self.check()
        if not isinstance(result, ClaimCheck):
            msg = f"check of {self.id} returned {type(result).__name__}, not ClaimCheck"
            raise TypeError(msg)
        if result.claim_id != self.id:
            msg = f"check of {self.id} answered for {result.claim_id}"
            raise ValueError(msg)
        return result
