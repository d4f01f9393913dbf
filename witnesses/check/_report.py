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
    shrunk_from : int
        Events of the failing input the search started from.
    fewest_possible : bool
        Whether no input with fewer events can break the contract at all
        (Definition 2: one event; the invariant: ``p_min(k) + 1`` events, a
        pivot and the events its prefix demands).

    Examples
    --------
    >>> from witnesses.check import check_compressor
    >>> def last_n(timeline, *, target_size):
    ...     return timeline.ids[-target_size:]
    >>> w = check_compressor(last_n, k=3, seeds=range(4), mirage=False).invariant.witness
    >>> w.kept, w.minimal, w.shrunk_from
    (('e0128',), True, 200)
    """

    timeline: Timeline
    target_size: int
    kept: tuple[str, ...]
    reason: str
    minimal: bool
    shrunk_from: int
    fewest_possible: bool = False

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
        }


@dataclass(frozen=True)
class ContractResult:
    """One contract's verdict over every compression checked.

    Attributes
    ----------
    contract : str
        ``"block"`` (VM Definition 2) or ``"invariant"`` (all-pivot).
    holds : bool
        No violation among the compressions checked.
    checked, violations : int
    skipped : int
        Compressions not charged (the input already broke the invariant).
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
    holds: bool
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
    safe : bool
        Whether the contract it is judged by held on every compression.
    verdict : str
        One sentence: safe or not, by which contract, and why the two
        contracts can disagree.

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
    safe: bool
    verdict: str

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
    ) -> CompressorReport:
        """Assemble the report and its verdict sentence."""
        judge, other = (
            (block, invariant) if judged_by == "block" else (invariant, block)
        )
        head = "Safe as far as tested" if judge.holds else "Not safe"
        found = (
            f"no violation in {judge.checked} compressions"
            if judge.holds
            else f"violated in {judge.violations} of {judge.checked} compressions (minimal witness below)"
        )
        also = (
            f"holds as well ({other.checked} of {other.checked})"
            if other.holds
            else f"is violated in {other.violations} of {other.checked}"
        )
        verdict = (
            f"{head} under the {semantics} semantics, which judges by {judge.title}: "
            f"{found}; {other.title} {also}; the two can disagree because {_WHY}."
        )
        return cls(
            strategy,
            semantics,
            k,
            m,
            block,
            invariant,
            cells,
            judge.contract,
            judge.holds,
            verdict,
        )

    def __str__(self) -> str:
        lines = [
            f"check_compressor({self.strategy}, k={self.k}, m={self.m}, semantics={self.semantics!r})",
            f"Is it safe? {self.verdict}",
        ]
        for result in (self.block_contract, self.invariant):
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
            "block_contract": self.block_contract.to_dict(),
            "invariant": self.invariant.to_dict(),
            "rates": [cell.to_dict() for cell in self.rates],
        }


def _contract_lines(result: ContractResult) -> list[str]:
    status = "holds in" if result.holds else "VIOLATED in"
    status += f" {result.violations if not result.holds else result.checked} of"
    skipped = (
        f" ({result.skipped} whose input already broke it not counted)"
        if result.skipped
        else ""
    )
    lines = [f"{result.title}: {status} {result.checked} compressions{skipped}"]
    w = result.witness
    if w is not None:
        how = "1-minimal" if w.minimal else "not fully shrunk"
        if w.fewest_possible:
            how = "as small as any violation can be"
        lines.append(
            f"  witness ({how}, shrunk from {w.shrunk_from} events): "
            f"{len(w.timeline)} event{'' if len(w.timeline) == 1 else 's'}, target_size={w.target_size}, kept {list(w.kept)}"
        )
        for e in w.timeline:
            lines.append(
                f"    {e.id:>8}  t={e.timestamp:.4f}  weight={e.weight:.4f}  actors={sorted(e.actors)}"
            )
        lines.append(f"  why: {w.reason}")
    return lines


def _rate_text(cell: CellRates, name: str) -> str:
    rate = cell.rates[name]
    label = name.replace("_", " ")
    if rate.estimate is None or rate.low is None or rate.high is None:
        return f"{label} n/a (0 trials)"
    return (
        f"{label} {rate.estimate:.2f} [{rate.low:.2f}, {rate.high:.2f}] "
        f"({rate.numerator}/{rate.denominator})"
    )
