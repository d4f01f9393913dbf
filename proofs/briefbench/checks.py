"""DL numbers checked against the BriefBench per-attempt rows (DL §7, §11-§16, App. 22-26).

The rows (shipped as package data in ``proofs/data/briefbench``; its README) come
from an *earlier* measurement run than the DL paper's main tables. Several of the
paper's worked examples, figure captions and appendix tables quote that run: each
claim here recomputes one group of such printed numbers from the rows and is

- ``verified`` when every number agrees at its printed precision,
- ``refuted`` when one does not (the counterexample lists every disagreeing number
  with the value the rows give),
- ``conditional`` when the numbers agree only under a stated reading of an
  ambiguous caption,
- ``open`` when the rows are absent or unreadable.

Agreement is rounding-aware: a printed ``0.97`` agrees with ``0.975`` (either
half-up or half-even rounding of a tie is accepted) but not with ``0.9751``; a
printed ``<=0.02`` is a bound. The directory is ``$CONTEXT_LAWS_BRIEFBENCH`` when
set, else the packaged copy (:func:`data_dir`).
"""

from __future__ import annotations

from proofs.briefbench._groups import GROUPS, Group
from proofs.briefbench._rows import Rows, agrees, data_dir, load_rows
from proofs.ledger import Claim, ClaimCheck, Kind, Verdict

__all__ = [
    "CLAIMS",
    "GROUPS",
    "Group",
    "Rows",
    "agrees",
    "check_group",
    "data_dir",
    "load_rows",
]


def check_group(group: Group, *, rows: Rows | None = None) -> ClaimCheck:
    """Recompute every number of ``group`` from the rows and give the verdict.

    Examples
    --------
    >>> from proofs.briefbench import CLAIMS, check_group
    >>> CLAIMS[0].id
    'DL-BB-EX-G'
    """
    if not isinstance(group, Group):
        msg = f"group must be a Group, got {group!r} of type {type(group).__name__}"
        raise TypeError(msg)
    if rows is not None and not isinstance(rows, Rows):
        msg = f"rows must be Rows or None, got {rows!r} of type {type(rows).__name__}"
        raise TypeError(msg)
    if rows is None:
        try:
            rows = load_rows()
        except (OSError, ValueError) as err:
            evidence = f"BriefBench rows unavailable ({err}); not checked"
            return ClaimCheck(group.claim_id, Verdict.OPEN, evidence)
    bad: list[dict[str, object]] = []
    shown = []
    for label, printed, compute in group.numbers:
        value = compute(rows)
        shown.append(f"{label}: printed {printed}, rows {value:.4g}")
        bound = printed.removeprefix("<=")
        ok = value <= float(bound) or agrees(bound, value)
        if not (ok if bound != printed else agrees(printed, value)):
            bad.append({"number": label, "printed": printed, "recomputed": value})
    evidence = f"{len(group.numbers)} numbers recomputed from BriefBench: " + "; ".join(
        shown
    )
    if bad:
        cex = {"where": group.where, "inconsistent": bad}
        return ClaimCheck(group.claim_id, Verdict.REFUTED, evidence, cex)
    if group.condition:
        evidence += f"; holds only under the reading: {group.condition}"
    return ClaimCheck(group.claim_id, group.verdict, evidence)


def _make(group: Group) -> Claim:
    return Claim(
        group.claim_id,
        group.statement,
        Kind.DATA,
        lambda: check_group(group),
        where=group.where,
    )


CLAIMS: tuple[Claim, ...] = tuple(_make(g) for g in GROUPS)
