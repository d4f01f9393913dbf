"""The report of :func:`witnesses.check_compressor` (private; re-exported there)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from witnesses.events import Timeline
from witnesses.rates import CellRates

__all__ = ["CompressorReport", "ContractResult", "Witness"]

CONTRACT_NAMES = {
    "block": "the paper's block contract (VM Definition 2)",
    "invariant": "the reference's all-pivot invariant",
    "pivot": "the pivot rule (a compressed block keeps a pivot candidate when its input has one)",
}
_WHY = (
    "Definition 2 only asks the compressed block to keep min(d_total, k) "
    "development events, which protects a later, heavier pivot, while the "
    "invariant asks each of the block's own top-M pivots to keep k development "
    "events before it"
)
_SHOWN_RATES = ("raw_validity", "pivot_preservation", "fixed_pivot_feasibility")


@dataclass(frozen=True)
class Witness:
    """A small input on which a compressor breaks a contract.

    Attributes
    ----------
    timeline : Timeline
        The input block.
    target_size : int
        The ``target_size`` the compressor was asked for.
    kept : tuple of str
        What the compressor kept.
    reason : str
        Why the contract fails on it, in numbers.
    minimal : bool
        Whether the search finished: removing any one event or lowering
        ``target_size`` by one makes the violation disappear (1-minimal).
        False when ``shrink=False`` or the budget ran out.
    shrunk_from : int
        Events of the failing input the search started from.
    fewest_possible : bool
        Whether no input with fewer events can break the contract at all
        (Definition 2: one event; the invariant: ``p_min(k) + 1`` events, a
        pivot and the events its prefix demands).
    pivot : str or None
        The pivot that lost its development (the invariant: the kept pivot
        with ``j_dev < k``; Definition 2: the block's pivot).
    removed : tuple of str
        The dropped events whose removal broke it: keeping them back is the
        smallest repair of this witness.
    suggestion : str
        The smallest change to the policy that keeps them, in words.
    calls : int
        Candidates the search tried, each at most one call of the user's
        function (the budget is ``shrink=``).

    Examples
    --------
    >>> from witnesses.check import check_compressor
    >>> def last_n(timeline, *, target_size):
    ...     return timeline.ids[-target_size:]
    >>> w = check_compressor(last_n, k=3, seeds=range(4), mirage=False).invariant.witness
    >>> w.kept, w.minimal, w.shrunk_from
    (('e0183',), True, 200)
    >>> w.pivot, w.removed
    ('e0183', ('e0175', 'e0176', 'e0177', 'e0178'))
    """

    timeline: Timeline
    target_size: int
    kept: tuple[str, ...]
    reason: str
    minimal: bool
    shrunk_from: int
    fewest_possible: bool = False
    pivot: str | None = None
    removed: tuple[str, ...] = ()
    suggestion: str = ""
    calls: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "events": [
                {
                    "id": e.id,
                    "timestamp": e.timestamp,
                    "weight": e.weight,
                    "actors": sorted(e.actors),
                }
                for e in self.timeline
            ],
            "target_size": self.target_size,
            "kept": list(self.kept),
            "reason": self.reason,
            "minimal": self.minimal,
            "shrunk_from": self.shrunk_from,
            "fewest_possible": self.fewest_possible,
            "pivot": self.pivot,
            "removed": list(self.removed),
            "suggestion": self.suggestion,
            "calls": self.calls,
        }


@dataclass(frozen=True)
class ContractResult:
    """One contract's verdict over every compression checked.

    Attributes
    ----------
    contract : str
        ``"block"`` (VM Definition 2), ``"invariant"`` (all-pivot) or
        ``"pivot"`` (a compressed block keeps a pivot candidate when its
        input has one).
    holds : bool or None
        No violation among the compressions checked; None (*not checked*)
        when none was checked.
    checked, violations : int
        ``violations`` out of ``checked`` compressions charged.
    skipped : int
        Compressions not charged (the invariant: the input already broke it;
        the pivot rule: the input had no pivot candidate); ``checked +
        skipped`` is every compression run.
    witness : Witness or None

    Examples
    --------
    >>> from witnesses.check import check_compressor
    >>> def last_n(timeline, *, target_size):
    ...     return timeline.ids[-target_size:]
    >>> r = check_compressor(last_n, k=3, seeds=range(4), mirage=False).invariant
    >>> r.holds, r.checked, r.violations, r.skipped
    (False, 9, 4, 3)
    """

    contract: str
    holds: bool | None
    checked: int
    violations: int
    skipped: int
    witness: Witness | None

    @property
    def title(self) -> str:
        """The contract's name in words."""
        return CONTRACT_NAMES[self.contract]

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "contract": self.contract,
            "holds": self.holds,
            "checked": self.checked,
            "violations": self.violations,
            "skipped": self.skipped,
            "witness": None if self.witness is None else self.witness.to_dict(),
        }


@dataclass(frozen=True)
class CompressorReport:
    """Contracts, mirage diagnostics and the answer to "is it safe?".

    Attributes
    ----------
    strategy, semantics : str
    k, m : int
    block_contract, invariant : ContractResult
    rates : tuple of CellRates
        The mirage diagnostics by retention (``budget``), with Wilson 95%
        intervals; empty with ``mirage=False``.
    judged_by : str
        ``"block"`` when the semantics' contract is Definition 2 (``PAPER``),
        ``"invariant"`` when it is the all-pivot guard (``REFERENCE``).
    safe : bool or None
        Whether the contract it is judged by held on every compression and
        no compression lost the pivot (``pivot_kept``); None when that
        contract checked no compression (*not checked*). A compression that
        keeps no pivot candidate where its input had one is a pivot lost
        (the paper's pivot preservation), although both contracts hold
        vacuously on a block without a pivot, so it is never safe.
    verdict : str
        One sentence: safe or not, by which contract, and why the two
        contracts can disagree; for a violation, what to change.
    notes : tuple of str
        How the inputs were read (e.g. the time scale).
    pivot_kept : ContractResult or None
        The pivot rule: compressions whose input had a pivot candidate and
        whose output has none are violations (charged on inputs with a
        focal event); None only for a report built without it.

    Examples
    --------
    >>> from witnesses.check import check_compressor
    >>> def last_n(timeline, *, target_size):
    ...     return timeline.ids[-target_size:]
    >>> report = check_compressor(last_n, k=3, seeds=range(4), mirage=False)
    >>> report.verdict.split(":")[0]
    "Not safe under the reference semantics, which judges by the reference's all-pivot invariant"
    """

    strategy: str
    semantics: str
    k: int
    m: int
    block_contract: ContractResult
    invariant: ContractResult
    rates: tuple[CellRates, ...]
    judged_by: str
    safe: bool | None
    verdict: str
    notes: tuple[str, ...] = ()
    pivot_kept: ContractResult | None = None

    @classmethod
    def build(
        cls,
        strategy: str,
        semantics: str,
        k: int,
        m: int,
        block: ContractResult,
        invariant: ContractResult,
        cells: tuple[CellRates, ...],
        *,
        judged_by: str,
        notes: tuple[str, ...] = (),
        pivot: ContractResult | None = None,
    ) -> CompressorReport:
        """Assemble the report and its verdict sentence."""
        judge, other = (
            (block, invariant) if judged_by == "block" else (invariant, block)
        )
        total = judge.checked + judge.skipped
        if judge.holds is None:
            head = "Not checked"
            found = (
                f"no compression was charged (0 of {total}: every input already "
                "broke it), so there is no evidence either way"
            )
        elif judge.holds:
            head = "Safe as far as tested"
            found = f"no violation in {judge.checked} of {judge.checked} compressions charged"
        else:
            head = "Not safe"
            found = (
                f"violated in {judge.violations} of {judge.checked} compressions "
                "charged (minimal witness below)"
            )
        join = "; "
        if other.holds is None:
            also = f"was not checked (0 of {other.checked + other.skipped} charged)"
        elif other.holds and judge.holds is False:
            join = ", although "  # "not safe ... holds as well" read as agreement
            also = f"holds ({other.checked} of {other.checked})"
        elif other.holds:
            also = f"holds as well ({other.checked} of {other.checked})"
        else:
            also = f"is violated in {other.violations} of {other.checked}"
        verdict = (
            f"{head} under the {semantics} semantics, which judges by {judge.title}: "
            f"{found}{join}{other.title} {also}; the two can disagree because {_WHY}."
        )
        safe = judge.holds
        fix = judge.witness
        if pivot is not None and pivot.holds is False:
            safe, fix = False, pivot.witness
            if judge.holds is None:
                judged = "was not checked"
            elif judge.holds:
                judged = f"holds ({judge.checked} of {judge.checked})"
            else:
                judged = f"is violated in {judge.violations} of {judge.checked}"
            verdict = (
                f"Not safe under the {semantics} semantics: {pivot.violations} of "
                f"{pivot.checked} compressions keep no pivot candidate where their "
                "input had one, so the pivot is lost (minimal witness below), "
                "whatever the contracts say (their pivot terms hold vacuously on a "
                f"block without a pivot); {judge.title}, which the {semantics} semantics judges by, "
                f"{judged}; {other.title} {also.replace('holds as well', 'holds')}."
            )
        if fix is not None and fix.suggestion:
            verdict += f" To fix: {fix.suggestion}."
        return cls(
            strategy,
            semantics,
            k,
            m,
            block,
            invariant,
            cells,
            judge.contract,
            safe,
            verdict,
            tuple(notes),
            pivot,
        )

    def assert_holds(self) -> None:
        """Raise ``AssertionError`` unless the report is safe, leading with the verdict.

        A report that is *not checked* (``safe is None``) fails too: no
        evidence is not a pass.

        Examples
        --------
        >>> from witnesses.check import check_compressor
        >>> def last_n(timeline, *, target_size):
        ...     return timeline.ids[-target_size:]
        >>> check_compressor(last_n, k=3, seeds=range(4), mirage=False).assert_holds()
        Traceback (most recent call last):
        ...
        AssertionError: Not safe under the reference semantics, ...
        """
        if self.safe is not True:
            msg = f"{self.verdict}\n\n{self}"
            raise AssertionError(msg)

    def __str__(self) -> str:
        lines = [
            f"check_compressor({self.strategy}, k={self.k}, m={self.m}, semantics={self.semantics!r})",
            f"Is it safe? {self.verdict}",
        ]
        if self.rates:
            lines.append(
                "raw validity of the compressed solves: "
                + "; ".join(
                    f"retention {c.group['budget']:g} {_rate_text(c, 'raw_validity', label=False)}"
                    for c in self.rates
                )
            )
        lines += [f"note: {n}" for n in self.notes]
        results = (self.block_contract, self.invariant, self.pivot_kept)
        for result in results:
            if result is not None:
                lines += _contract_lines(result)
        if self.rates:
            lines.append(
                "mirage diagnostics by retention (Wilson 95% intervals; the contracts "
                "promise feasibility, not that the solver keeps the full pivot):"
            )
            for cell in self.rates:
                parts = [_rate_text(cell, name) for name in _SHOWN_RATES]
                lines.append(
                    f"  retention {cell.group['budget']:g}: " + "; ".join(parts)
                )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (stable key order)."""
        return {
            "strategy": self.strategy,
            "semantics": self.semantics,
            "k": self.k,
            "m": self.m,
            "safe": self.safe,
            "judged_by": self.judged_by,
            "verdict": self.verdict,
            "notes": list(self.notes),
            "block_contract": self.block_contract.to_dict(),
            "invariant": self.invariant.to_dict(),
            "pivot_kept": self.pivot_kept and self.pivot_kept.to_dict(),
            "rates": [cell.to_dict() for cell in self.rates],
        }


def _contract_lines(result: ContractResult) -> list[str]:
    total = result.checked + result.skipped
    skipped = (
        f" ({result.skipped} of {total} not charged: their input already broke it)"
        if result.skipped
        else ""
    )
    if result.holds is None:
        status = f"NOT CHECKED: 0 of {total} compressions charged"
    elif result.holds:
        status = f"holds in {result.checked} of {result.checked} compressions charged"
    else:
        status = (
            f"VIOLATED in {result.violations} of {result.checked} compressions charged"
        )
    lines = [f"{result.title}: {status}{skipped}"]
    w = result.witness
    if w is not None:
        how = "1-minimal" if w.minimal else "not fully shrunk"
        if w.fewest_possible:
            how = "as small as any violation can be"
        lines.append(
            f"  witness ({how}, shrunk from {w.shrunk_from} events in {w.calls} calls): "
            f"{len(w.timeline)} event{'' if len(w.timeline) == 1 else 's'}, target_size={w.target_size}, kept {list(w.kept)}"
        )
        for e in w.timeline:
            lines.append(
                f"    {e.id:>8}  t={e.timestamp:.4f}  weight={e.weight:.4f}  actors={sorted(e.actors)}"
            )
        lines.append(f"  why: {w.reason}")
        if w.suggestion:
            lines.append(f"  to fix: {w.suggestion}")
    return lines


def _rate_text(cell: CellRates, name: str, *, label: bool = True) -> str:
    rate = cell.rates[name]
    head = name.replace("_", " ") + " " if label else ""
    if rate.estimate is None or rate.low is None or rate.high is None:
        return f"{head}n/a (0 trials)"
    return (
        f"{head}{rate.estimate:.2f} [{rate.low:.2f}, {rate.high:.2f}] "
        f"({rate.numerator}/{rate.denominator})"
    )
