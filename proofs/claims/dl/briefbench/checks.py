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

from proofs.claims.dl.briefbench._groups import GROUPS, Group
from proofs.claims.dl.briefbench._rows import Rows, agrees, data_dir, load_rows
from proofs.records import (
    Claim,
    ClaimCheck,
    Kind,
    Outcome,
    Verdict,
    claim_check,
    claim_list,
)

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
    >>> from proofs.claims.dl.briefbench import CLAIMS, check_group
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
    if group.note:
        evidence += f". {group.note}"
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


# DL Appendix 26, Tables 28-30 (T019-T021): Product-Navigator lift, Brief vs none,
# dataset -> (none, Brief) for compliance, recall and merge-ready, as printed.
_PN_TABLES: dict[str, dict[str, tuple[str, str]]] = {
    "compliance (Table 28)": {
        "synthetic": ("0.025", "0.933"),
        "dcbench": ("0.095", "0.500"),
        "swebench": ("0.048", "0.452"),
    },
    "recall (Table 29)": {
        "synthetic": ("0.050", "0.950"),
        "dcbench": ("0.310", "0.762"),
        "swebench": ("0.127", "0.603"),
    },
    "merge-ready (Table 30)": {
        "synthetic": ("0.017", "0.883"),
        "dcbench": ("0.047", "0.476"),
        "swebench": ("0.000", "0.437"),
    },
}

# Figure 56's caption and Section 15.1 (same numbers in Section 19.6): none and
# Brief by dataset, as printed; none's recall is the 'structural zero' of 15.1.
_PN_FIGURE: dict[str, dict[str, tuple[str, str]]] = {
    "compliance (Table 28)": {
        "synthetic": ("0.00", "0.99"),
        "dcbench": ("0.16", "0.36"),
        "swebench": ("0.20", "0.33"),
    },
    # none's recall is a 'structural zero (P_ret = 0 everywhere)': an exact zero,
    # compared at the table's precision
    "recall (Table 29)": {
        "synthetic": ("0.000", "1.00"),
        "dcbench": ("0.000", "0.77"),
        "swebench": ("0.000", "0.56"),
    },
    "merge-ready (Table 30)": {
        "synthetic": ("0.00", "0.97"),
        "dcbench": ("0.05", "0.17"),
        "swebench": ("0.20", "0.33"),
    },
}

# DL Appendix 23, Table 20: compliance of Brief and none by dataset and depth.
_TABLE20: dict[str, dict[int, tuple[float, float, float]]] = {
    "Brief": {1: (0.95, 0.57, 0.48), 2: (0.98, 0.50, 0.38), 3: (0.88, 0.43, 0.50)},
    "none": {1: (0.03, 0.07, 0.10), 2: (0.03, 0.14, 0.05), 3: (0.03, 0.07, 0.00)},
}
# Figure 58's caption and Section 15.3: all-data compliance by depth, as printed.
_FIGURE58: dict[str, dict[int, str]] = {
    "Brief": {1: "0.75", 2: "0.65", 3: "0.72"},
    "none": {1: "0.17", 2: "0.07", 3: "0.01"},
}


@claim_check(
    "DL-BB-PN-LIFT",
    "(data: the paper's own Tables 28-30) Figure 56 and Section 15.1 print the "
    "Product-Navigator figures of Tables 28-30",
    Kind.DATA,
    where="Figure 56; Section 15.1; Section 19.6; Tables 28-30",
)
def _check_pn_lift() -> Outcome:
    """DL-BB-PN-LIFT: Figure 56 / Section 15.1 against the paper's Tables 28-30."""
    bad: list[dict[str, object]] = []
    shown = []
    for metric, table in _PN_TABLES.items():
        for ds, pair in table.items():
            for arm, fig, tab in zip(
                ("none", "Brief"), _PN_FIGURE[metric][ds], pair, strict=True
            ):
                ok = agrees(fig, float(tab))
                shown.append(f"{metric} {ds} {arm}: figure {fig}, table {tab}")
                if not ok:
                    bad.append(
                        {"number": f"{metric} {ds} {arm}", "figure": fig, "table": tab}
                    )
    evidence = (
        "data used: the paper's Tables 28-30 (Appendix 26), not the BriefBench rows. "
        "Figure 56's caption and Section 15.1 against them, at the figure's printed "
        "precision (none's recall is Section 15.1's 'structural zero', P_ret = 0 "
        "everywhere, an exact zero): "
        + "; ".join(shown)
        + f". {len(bad)} of {len(shown)} numbers differ. The figure's numbers are those of the BriefBench rows, an earlier run "
        "(DL-BB-PN-LIFT-ROWS); the rows against the tables: DL-BB-PN-ROWS-VS-T28"
    )
    if bad:
        return Outcome(Verdict.REFUTED, evidence, {"inconsistent": bad})
    return Outcome(Verdict.VERIFIED, evidence)


@claim_check(
    "DL-BB-PN-DEPTH",
    "(data: the paper's own Table 20) Figure 58's all-data compliance by depth "
    "(none 0.17/0.07/0.01, Brief 0.75/0.65/0.72) pools Table 20's cells",
    Kind.DATA,
    where="Figure 58; Section 15.3; Table 20",
)
def _check_pn_depth() -> Outcome:
    """DL-BB-PN-DEPTH: Figure 58's pooled rates lie within Table 20's cells of that depth."""
    bad: list[dict[str, object]] = []
    shown = []
    for arm, by_depth in _FIGURE58.items():
        for depth, printed in by_depth.items():
            cells = _TABLE20[arm][depth]
            low, high = min(cells), max(cells)
            value = float(printed)
            # a pool over datasets, whatever its weights, lies within its cells
            ok = low - 0.005 <= value <= high + 0.005
            shown.append(
                f"{arm} d={depth}: figure {printed}, Table 20 cells "
                f"{'/'.join(f'{c:.2f}' for c in cells)} (syn/dcb/swe) [{ok}]"
            )
            if not ok:
                bad.append(
                    {
                        "number": f"{arm} d={depth}",
                        "figure": printed,
                        "table20_range": [low, high],
                    }
                )
    evidence = (
        "data used: the paper's Table 20 (Appendix 23), not the BriefBench rows. An "
        "all-data rate at one depth is a weighted mean of the three datasets' cells, "
        "so whatever the weights it lies between the smallest and the largest cell "
        "(half a printed unit of slack): "
        + "; ".join(shown)
        + ". The figure's numbers are those of the BriefBench rows, an earlier run "
        "(DL-BB-PN-DEPTH-ROWS)"
    )
    if bad:
        return Outcome(Verdict.REFUTED, evidence, {"inconsistent": bad})
    return Outcome(Verdict.VERIFIED, evidence)


CLAIMS: tuple[Claim, ...] = tuple(_make(g) for g in GROUPS) + claim_list(
    _check_pn_lift, _check_pn_depth
)
