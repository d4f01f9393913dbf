"""The claims ledger's record types: claims, verdicts, kinds and check results."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

__all__ = ["SOURCES", "Claim", "ClaimCheck", "Kind", "Verdict"]


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


# The one order of verdicts, from the strongest support to the weakest: a claim
# stated in parts is as good as its weakest part, and one refuted part refutes
# the whole (proofs._umbrella, proofs._depth_scatter); the CLI and the chart
# list verdicts in this order.
_STRENGTH: tuple[Verdict, ...] = (
    Verdict.PROVEN,
    Verdict.VERIFIED,
    Verdict.CALIBRATED,
    Verdict.CONDITIONAL,
    Verdict.OPEN,
    Verdict.REFUTED,
)


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
        The claim's stable id (docs/guide/ledger.md).
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


SOURCES = ("VM", "DL", "SLM", "KO", "PJ")
"""The source tags, in the order of DESIGN.md; a claim id starts with one."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A registered claim and the function that checks it.

    The one way to register a claim: a module of :mod:`proofs` lists its
    claims as ``Claim(id, statement, kind, check, where=..., slow=...)``
    entries of its ``CLAIMS`` tuple, in ledger order. The source tag is not
    typed: it is the id's prefix (``DL-T7`` is a ``DL`` claim).

    Parameters
    ----------
    id : str
        Stable claim id ``<SOURCE>-...`` (``VM-P1``; a semantics suffix
        ``@reference`` or ``@paper`` when a claim is checked under both
        witness semantics). The prefix before the first ``-`` is one of
        :data:`SOURCES`.
    statement : str
        The claim as the source states it (or as our docs restate it).
    kind : Kind
        How it is checked.
    check : callable
        Zero-argument function returning a :class:`ClaimCheck` for ``id``.
    slow : bool, default False
        Whether the check takes more than a few seconds (``--quick`` skips
        it; the ledger caches its result).
    where : str, default ""
        Where the source states the claim (section, theorem, equation, table,
        figure), e.g. ``"§3, Proposition 1"``; empty when not yet located.

    Raises
    ------
    ValueError
        If ``id`` does not start with a source tag of :data:`SOURCES`.

    Examples
    --------
    >>> from proofs import Claim, ClaimCheck, Kind, Verdict
    >>> c = Claim("VM-X1", "1 + 1 = 2", Kind.ARITHMETIC,
    ...           lambda: ClaimCheck("VM-X1", Verdict.VERIFIED, "1 + 1 == 2"))
    >>> c.source, c.run().verdict
    ('VM', <Verdict.VERIFIED: 'verified'>)
    """

    id: str
    statement: str
    kind: Kind
    check: Callable[[], ClaimCheck] = field(repr=False)
    _: KW_ONLY
    slow: bool = False
    where: str = ""

    def __post_init__(self) -> None:
        text = self.id if isinstance(self.id, str) else ""
        tag, dash, rest = text.partition("-")
        if tag not in SOURCES or not dash or not rest:
            tags = ", ".join(SOURCES)
            msg = f"id must start with a source tag ({tags}) and '-', got {self.id!r}"
            raise ValueError(msg)

    @property
    def source(self) -> str:
        """The source tag: the id's prefix (``VM``, ``DL``, ``SLM``, ``KO`` or ``PJ``)."""
        return self.id.split("-", 1)[0]

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
