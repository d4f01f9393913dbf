"""The claims ledger's record types: claims, verdicts, kinds and check results."""

from __future__ import annotations

import enum
import functools
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, ParamSpec

__all__ = [
    "SOURCES",
    "Claim",
    "ClaimCheck",
    "Kind",
    "Outcome",
    "Verdict",
    "attempt",
    "claim_check",
    "claim_list",
    "combine",
    "umbrella",
]


class Verdict(enum.Enum):
    """The verdict of a claim check.

    Each word has one meaning, defined in the ledger's
    ``--help`` and in docs/guide/ledger.md: ``PROVEN`` mechanised for all
    inputs; ``VERIFIED`` true on every case checked; ``CALIBRATED`` a number
    matches data within a tolerance; ``CONDITIONAL`` true only under an extra
    condition the paper does not give; ``REFUTED`` a counterexample or an
    inconsistent number; ``OPEN`` not decided, and why.

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


# What each verdict means: the one definition, printed by the ledger's --help
# and repeated word for word in docs/guide/ledger.md (a test compares them).
_MEANINGS: dict[str, str] = {
    "proven": "mechanised for all inputs, of the shipped code: z3 finds the "
    "negation unsatisfiable and cvc5 agrees on the same SMT-LIB query, or sympy "
    "proves the identity",
    "verified": "true on every case checked: exhaustive on a stated finite domain, "
    "sampled, or recomputed numbers (the evidence says which)",
    "calibrated": "a number matches data within a stated tolerance",
    "conditional": "true only under a stated extra condition that the paper does "
    "not give (the evidence states it)",
    "refuted": "a counterexample or an inconsistent number is on record, the "
    "smallest one found",
    "open": "could not be decided, and the evidence says why (a check that could "
    "not finish, absent data, a cited theorem not mechanised, or two solvers that "
    "disagree)",
}
# The one order of verdicts, from the strongest support to the weakest: a claim
# stated in parts is as good as its weakest part, and one refuted part refutes
# the whole (combine below; the DL-T6 and DL-T11 checks); the CLI and the chart
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
class Outcome:
    """What a check found, before it is bound to a claim id.

    A check function decorated with :func:`claim_check` returns an
    ``Outcome``; the decorator turns it into the :class:`ClaimCheck` of its
    claim, so the id is typed once, in the decorator.

    Parameters
    ----------
    verdict : Verdict
    evidence : str
    counterexample : mapping, optional
    artifact : str, optional
        See :class:`ClaimCheck`.

    Examples
    --------
    >>> from proofs import Outcome, Verdict
    >>> Outcome(Verdict.PROVEN, "z3: negation unsat").bind("VM-P2").claim_id
    'VM-P2'
    """

    verdict: Verdict
    evidence: str
    counterexample: Mapping[str, Any] | None = None
    artifact: str | None = field(default=None, repr=False)

    def bind(self, claim_id: str) -> ClaimCheck:
        """Return the :class:`ClaimCheck` of ``claim_id`` with this outcome."""
        return ClaimCheck(
            claim_id, self.verdict, self.evidence, self.counterexample, self.artifact
        )


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
"""The source tags, in the order of docs/guide/ledger.md; a claim id starts with one."""


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
        Zero-argument function returning an :class:`Outcome` (bound to ``id``
        by :meth:`run`) or a :class:`ClaimCheck` for ``id``.
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
    check: Callable[[], ClaimCheck | Outcome] = field(repr=False)
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
        """Run the check and make sure it answers for this claim.

        A check returning an :class:`Outcome` gets this claim's id; one
        returning a :class:`ClaimCheck` must answer for this id.
        """
        from proofs._method.smt import recording

        with recording() as proofs_made:
            result = self.check()
        if isinstance(result, Outcome):
            result = result.bind(self.id)
        if not isinstance(result, ClaimCheck):
            msg = f"check of {self.id} returned {type(result).__name__}, not ClaimCheck"
            raise TypeError(msg)
        if result.claim_id != self.id:
            msg = f"check of {self.id} answered for {result.claim_id}"
            raise ValueError(msg)
        return _second_solver(result, proofs_made)


def _second_solver(result: ClaimCheck, made: Sequence[Any]) -> ClaimCheck:
    """Confirm a proven verdict by cvc5 on each SMT-LIB query z3 proved.

    ``made`` holds the ``ProofRecord`` of every z3 proof of the check; cvc5
    re-decides each query only here, for a proven verdict (the other verdicts do
    not rest on a proof). A proven verdict whose queries cvc5 does not all
    answer ``unsat`` becomes open,
    with both answers in the evidence; the queries are added to the artifact
    when the check did not print them.
    """
    if result.verdict is not Verdict.PROVEN or not made:
        return result
    from proofs._method import second

    name = second.cvc5_version()
    answers_of = [second.second_opinion(r.query).status for r in made]
    agree = [a for a in answers_of if a == "unsat"]
    artifact = result.artifact or ""
    missing = [r.query for r in made if r.query not in artifact]
    if missing:
        # one runnable SMT-LIB script: the queries, each after a (reset)
        artifact = "\n(reset)\n(set-logic ALL)\n".join(
            q for q in [artifact, *missing] if q.strip()
        )
    if len(agree) == len(made):
        note = (
            f"Second solver: {name} answers unsat on all {len(made)} SMT-LIB "
            "queries z3 proved (the queries --claim prints)."
        )
        sep = " " if result.evidence.rstrip().endswith(".") else ". "
        return ClaimCheck(
            result.claim_id,
            result.verdict,
            result.evidence.rstrip() + sep + note,
            result.counterexample,
            artifact,
        )
    answers = "; ".join(
        f"query {i + 1}: z3 unsat, {name} {a}" for i, a in enumerate(answers_of)
    )
    evidence = (
        f"open: z3 proved it, but the second solver does not confirm every query "
        f"({answers}). z3's evidence: {result.evidence}"
    )
    return ClaimCheck(result.claim_id, Verdict.OPEN, evidence, None, artifact)


_P = ParamSpec("_P")
_BOUND: dict[Callable[..., ClaimCheck], Claim] = {}


def attempt(claim: Claim) -> tuple[ClaimCheck | None, str | None]:
    """Run ``claim``'s check: its result, or ``None`` and the traceback of its crash.

    The one crash handling of the ledger's two runners (in this process, and
    in a worker): a check that raises is reported, not fatal, so the other
    claims still run.

    Examples
    --------
    >>> from proofs import Claim, Kind
    >>> from proofs.records import attempt
    >>> result, error = attempt(Claim("VM-X4", "s", Kind.ARITHMETIC, lambda: 1 / 0))
    >>> result is None, error.splitlines()[-1]
    (True, 'ZeroDivisionError: division by zero')
    """
    try:
        return claim.run(), None
    except Exception:  # a crashed check is reported, not fatal
        return None, traceback.format_exc()


def claim_check(
    claim_id: str,
    statement: str,
    kind: Kind,
    *,
    where: str = "",
    slow: bool = False,
) -> Callable[[Callable[_P, Outcome | ClaimCheck]], Callable[_P, ClaimCheck]]:
    """Register the decorated function as the check of claim ``claim_id``.

    The function returns an :class:`Outcome` (or a :class:`ClaimCheck` for
    ``claim_id``); the decorated function returns the claim's
    :class:`ClaimCheck`, so the id is typed once. A module lists its claims,
    in ledger order, with :func:`claims`.

    Examples
    --------
    >>> from proofs import Kind, Outcome, Verdict, claim_check, claim_list
    >>> @claim_check("VM-X2", "2 + 2 = 4", Kind.ARITHMETIC, where="§0")
    ... def check_sum():
    ...     return Outcome(Verdict.VERIFIED, "2 + 2 == 4")
    >>> check_sum().claim_id, claim_list(check_sum)[0].source
    ('VM-X2', 'VM')
    """

    def bind(check: Callable[_P, Outcome | ClaimCheck]) -> Callable[_P, ClaimCheck]:
        @functools.wraps(check)
        def bound(*args: _P.args, **kwargs: _P.kwargs) -> ClaimCheck:
            result = check(*args, **kwargs)
            if isinstance(result, Outcome):
                return result.bind(claim_id)
            return result

        _BOUND[bound] = Claim(claim_id, statement, kind, bound, where=where, slow=slow)
        return bound

    return bind


def claim_list(*items: Claim | Callable[..., ClaimCheck]) -> tuple[Claim, ...]:
    """Return the claims of ``items`` in order: claims, or functions of :func:`claim_check`.

    Raises
    ------
    TypeError
        If an item is neither a :class:`Claim` nor a registered check.

    Examples
    --------
    >>> from proofs import Claim, ClaimCheck, Kind, Verdict, claim_list
    >>> one = Claim("VM-X3", "s", Kind.ARITHMETIC,
    ...             lambda: ClaimCheck("VM-X3", Verdict.OPEN, "e"))
    >>> [c.id for c in claim_list(one)]
    ['VM-X3']
    """
    out: list[Claim] = []
    for item in items:
        if isinstance(item, Claim):
            out.append(item)
        elif item in _BOUND:
            out.append(_BOUND[item])
        else:
            msg = f"items must be claims or @claim_check functions, got {item!r}"
            raise TypeError(msg)
    return tuple(out)


def combine(parts: Sequence[ClaimCheck]) -> Outcome:
    """Return the outcome of a claim stated in parts: the weakest part decides.

    The weakest part's verdict wins (refuted < open < conditional <
    calibrated < verified < proven), its counterexample is carried over, and
    the evidence lists every part's verdict.

    Raises
    ------
    TypeError
        If ``parts`` is not a sequence of :class:`ClaimCheck`.
    ValueError
        If ``parts`` is empty.

    Examples
    --------
    >>> from proofs import ClaimCheck, Verdict
    >>> from proofs.records import combine
    >>> combine([ClaimCheck("VM-A", Verdict.PROVEN, "e"),
    ...          ClaimCheck("VM-B", Verdict.OPEN, "f")]).verdict.value
    'open'
    """
    if isinstance(parts, str | bytes) or not isinstance(parts, Sequence):
        msg = f"parts must be a sequence of ClaimCheck, got {parts!r}"
        raise TypeError(msg)
    bad = [p for p in parts if not isinstance(p, ClaimCheck)]
    if bad:
        msg = f"parts must hold ClaimCheck items, got {bad[0]!r}"
        raise TypeError(msg)
    if not parts:
        msg = "parts must hold at least one part check, got 0"
        raise ValueError(msg)
    weakest = max(parts, key=lambda p: _STRENGTH.index(p.verdict))
    summary = "; ".join(f"{p.claim_id} {p.verdict.value}" for p in parts)
    evidence = (
        f"the weakest of its parts decides: {summary}. Weakest: {weakest.claim_id}: "
        f"{weakest.evidence}"
    )
    return Outcome(weakest.verdict, evidence, weakest.counterexample)


class _Umbrella:
    """A picklable zero-argument check combining the checks of a claim's parts."""

    __slots__ = ("checks",)

    def __init__(self, checks: Sequence[Callable[[], ClaimCheck]]) -> None:
        self.checks = tuple(checks)

    def __call__(self) -> Outcome:
        # numpy (through theory) loads only when a claim runs: --help stays instant
        from theory.validation import call_user

        return combine(
            [call_user(c, f"checks[{i}]") for i, c in enumerate(self.checks)]
        )


def umbrella(checks: Sequence[Callable[[], ClaimCheck]]) -> Callable[[], Outcome]:
    """Return the check of a claim stated in parts: run ``checks``, :func:`combine` them.

    The check is picklable when its parts are, so that the ledger can run it
    in a worker process; the claim that registers it supplies the id. A part
    that raises makes the check raise :class:`theory.errors.UserCallableError`
    naming the part (``checks[i]`` and its name), the original chained.

    Examples
    --------
    >>> from proofs import check
    >>> from proofs.records import umbrella
    >>> from proofs.claims.dl.floors import check_bayes_floor, check_fano_monotone
    >>> umbrella([check_bayes_floor, check_fano_monotone])().verdict.value
    'verified'
    """
    if isinstance(checks, str | bytes) or not isinstance(checks, Sequence):
        msg = f"checks must be a sequence of zero-argument checks, got {checks!r}"
        raise TypeError(msg)
    if not all(callable(c) for c in checks):
        msg = f"checks must hold callables, got {checks!r}"
        raise TypeError(msg)
    if not checks:
        msg = "checks must hold at least one part check, got 0"
        raise ValueError(msg)
    return _Umbrella(checks)
