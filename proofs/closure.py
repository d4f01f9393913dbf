"""Closure experiments Exp51, Exp56, Exp57 re-run on our generators (VM-E51, VM-E56, VM-E57).

Each check runs :mod:`witnesses.closure` at the paper's smoke scale (the
scale of its Tables 1-2, WITNESS.md 1.8) and reports counts, denominators,
the exact one-sided 95% Clopper-Pearson upper bound and the rule-of-three
bound ``3/n`` (THEORY.md §1.6). Our Bursty generator follows the prose of
WITNESS.md 1.1, not the proprietary reference code, so its timelines (and
therefore the counts) are not the paper's; the verdict is on the paper's
qualitative claim. Re-run with ``python -m proofs --claim VM-E57`` or
``witnesses.closure.exp57(scale="full")``.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from proofs.ledger import Claim, ClaimCheck, Kind, Verdict
from witnesses.closure import exp51, exp56, exp57

__all__ = ["CLAIMS", "check_exp51", "check_exp56", "check_exp57"]

# Published smoke-scale counts (paper Tables 1-2, restated in WITNESS.md 1.8).
_PAPER_PI_MISMATCH = (4, 30)  # 0.133
_PAPER_ESCAPE = (1, 30)  # 0.033


def check_exp51() -> ClaimCheck:
    """VM-E51: composed block states equal the state of the concatenation, associatively.

    Examples
    --------
    >>> from proofs.closure import check_exp51
    >>> check_exp51().verdict.value
    'verified'
    """
    r = exp51(scale="smoke")
    ok = (
        r.pair_state_mismatches.count == 0
        and r.pair_full_mismatches.count == 0
        and r.assoc_mismatches.count == 0
    )
    evidence = (
        f"Exp51 smoke scale on our Bursty generator ({r.n_sequences} sequences, n=200, "
        f"M=25, cut points from random.Random(51007)): q/r mismatches "
        f"{r.pair_state_mismatches.describe()}; full mismatches incl. pivots "
        f"{r.pair_full_mismatches.describe()}; associativity mismatches "
        f"{r.assoc_mismatches.describe()}. Paper: 240 pairs and 80 associativity "
        "checks, all exact (same denominators). Re-run: witnesses.closure.exp51()"
    )
    if ok:
        return ClaimCheck("VM-E51", Verdict.VERIFIED, evidence)
    return ClaimCheck(
        "VM-E51", Verdict.REFUTED, evidence, {"first_failure": r.first_failure}
    )


def check_exp56() -> ClaimCheck:
    """VM-E56: absorbing states stay absorbing when short suffixes are appended.

    Examples
    --------
    >>> from proofs.closure import check_exp56
    >>> check_exp56().verdict.value
    'verified'
    """
    r = exp56(scale="smoke")
    evidence = (
        f"Exp56 smoke scale on our Bursty generator: {r.n_states} absorbing states "
        f"(greedy extraction's events, M=25, k=1; found among the first {r.cases_scanned} "
        f"cases), suffixes of L=1..{r.max_suffix} later events: violations "
        f"{r.violations.describe()}"
        + (
            f" ({r.short_suffixes} checks had fewer than L later events and used all of "
            "them)"
            if r.short_suffixes
            else ""
        )
        + ". Paper: 0/96. This is the reference's check (endogenous composition, "
        "'some top-25 pivot has j_dev < k'), not the committed-semantics "
        "Proposition 3 (VM-P3), and it holds only because short suffixes cannot "
        "push every low-j_dev candidate out of the top 25 (VM-DIS-3-COMMIT). "
        "Re-run: witnesses.closure.exp56()"
    )
    if r.n_states == 0:
        return ClaimCheck("VM-E56", Verdict.OPEN, evidence)
    if r.violations.count == 0:
        return ClaimCheck("VM-E56", Verdict.VERIFIED, evidence)
    return ClaimCheck(
        "VM-E56", Verdict.REFUTED, evidence, {"first_failure": r.first_failure}
    )


def check_exp57() -> ClaimCheck:
    """VM-E57: of four operations only compression breaks closure.

    Examples
    --------
    >>> from proofs.closure import check_exp57
    >>> check_exp57().verdict.value
    'verified'
    """
    r = exp57(scale="smoke")
    parts = []
    for c in r.operations:
        parts.append(
            f"{c.operation}: closure violations {c.closure_violation.describe()} "
            f"[invalid {c.invalid_outputs}, pi mismatch {c.pi_mismatches}], absorbing "
            f"escapes {c.escape.describe()}"
        )
    comp = r.by_name("compression")
    others_clean = all(
        c.closure_violation.count == 0 and c.escape.count == 0
        for c in r.operations
        if c.operation != "compression"
    )
    breaks = comp.closure_violation.count > 0 or comp.escape.count > 0
    p_pi = _fisher(comp.closure_violation.count, comp.checks, *_PAPER_PI_MISMATCH)
    p_esc = _fisher(comp.escapes, comp.checks, *_PAPER_ESCAPE)
    same = (comp.closure_violation.count, comp.escapes) == (
        _PAPER_PI_MISMATCH[0],
        _PAPER_ESCAPE[0],
    )
    comparison = (
        "Our counts equal the published ones. The reference generator's code is not "
        "available, so this agreement is consistent with, but does not prove, "
        "bit-compatible timelines."
        if same
        else "Our counts differ from the published ones: our generator follows the "
        "prose of WITNESS.md 1.1 (draw order documented in witnesses.generators), "
        "not the proprietary code, so a seed need not give the paper's graph."
    )
    evidence = (
        f"Exp57 smoke scale on our Bursty generator (30 seeds, n=200, k=1, M=10, "
        f"max_gap 0.11, contract_guarded to 60%): {'; '.join(parts)}. Compression pi "
        f"mismatch seeds {list(r.pi_mismatch_seeds)}, escape seeds "
        f"{list(r.escape_seeds)}. Paper: compression 0.133 = 4/30 and 0.033 = 1/30, "
        f"0 for the others. Ours vs paper, two-sided Fisher exact test "
        f"(scipy.stats.fisher_exact): closure violations p = {p_pi:.3g}, escapes "
        f"p = {p_esc:.3g}. {comparison} Mechanism: every pi mismatch is a graph whose "
        "input already violates the absolute invariant (a top-10 focal event among "
        "the first two events), so contract_guarded cannot compress it at all; an "
        "escape is a graph where dropping the offending pivot restores the invariant. "
        "Re-run: witnesses.closure.exp57()"
    )
    if not others_clean:
        bad = [c.operation for c in r.operations if c.operation != "compression"]
        return ClaimCheck(
            "VM-E57", Verdict.REFUTED, evidence, {"operations_checked": bad}
        )
    return ClaimCheck("VM-E57", Verdict.VERIFIED if breaks else Verdict.OPEN, evidence)


def _fisher(k1: int, n1: int, k2: int, n2: int) -> float:
    table = np.array([[k1, n1 - k1], [k2, n2 - k2]])
    return float(stats.fisher_exact(table).pvalue)


CLAIMS: tuple[Claim, ...] = (
    Claim(
        "VM-E51",
        "VM",
        "composition of block states is exact (compose(left, right) equals the state "
        "built from the concatenation) and associative on every tested cell",
        Kind.SIMULATION,
        check_exp51,
    ),
    Claim(
        "VM-E56",
        "VM",
        "absorbing closure holds under composition on every tested cell (0/96)",
        Kind.SIMULATION,
        check_exp56,
    ),
    Claim(
        "VM-E57",
        "VM",
        "of composition, compression, pivot update and split-at-point, only "
        "compression breaks closure (violation rate 0.133, absorbing escape 0.033; "
        "0 for the others)",
        Kind.SIMULATION,
        check_exp57,
    ),
)
