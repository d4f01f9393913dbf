"""Closure experiments Exp51, Exp56, Exp57 re-run on our generators (VM-E51, VM-E56, VM-E57).

Each check runs :mod:`witnesses.experiments.closure` at the paper's smoke scale (the
scale of its Tables 1-2, docs/guide/witnesses.md §7) and reports counts, denominators,
the exact one-sided 95% Clopper-Pearson upper bound and the rule-of-three
bound ``3/n`` (docs/guide/witnesses.md §7). Each claim is checked under both witness
semantics (ids ``VM-E5x@reference`` and ``VM-E5x@paper``, docs/guide/witnesses.md §1).

Our Bursty generator follows the prose of docs/guide/witnesses.md §2, not the
proprietary reference code, so a seed need not give the paper's graph; the
verdict is on the paper's qualitative claim, and the evidence compares our
counts with the published ones. Re-run with ``python -m proofs --claim
VM-E57@reference`` or ``witnesses.experiments.closure.exp57(scale="full")``.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from proofs.records import (
    Claim,
    ClaimCheck,
    Kind,
    Outcome,
    Verdict,
    claim_check,
    claim_list,
)
from witnesses.experiments.closure import exp51, exp56, exp57

__all__ = ["CLAIMS", "check_exp51", "check_exp56", "check_exp57"]

# Published smoke-scale counts (paper Tables 1-2, restated in docs/guide/witnesses.md §7).
_PAPER_PI_MISMATCH = (4, 30)  # 0.133
_PAPER_ESCAPE = (1, 30)  # 0.033

_HOW = {
    "reference": "reference block states (all-event prefixes, 20% setup share, top-M "
    "pivot lists, endogenous composition)",
    "paper": "the paper's monoid elements (w*, d_total, d_pre) with non-focal events "
    "as development and compose_endo",
}


def check_exp51(*, semantics: str = "reference") -> Outcome:
    """VM-E51: composed block states equal the state of the concatenation, associatively.

    Examples
    --------
    >>> from proofs.claims.vm.closure import check_exp51
    >>> check_exp51().verdict.value, check_exp51(semantics="paper").verdict.value
    ('verified', 'verified')
    """
    r = exp51(scale="smoke", semantics=semantics)
    ok = (
        r.pair_state_mismatches.count == 0
        and r.pair_full_mismatches.count == 0
        and r.assoc_mismatches.count == 0
    )
    evidence = (
        f"Exp51 smoke scale on the Bursty generator (reference draw order, docs/guide/witnesses.md §2) ({r.n_sequences} sequences, n=200, "
        f"M=25, cut points from random.Random(51007)), {_HOW[semantics]}: q/r "
        f"mismatches {r.pair_state_mismatches.describe()}; full mismatches incl. "
        f"pivots {r.pair_full_mismatches.describe()}; associativity mismatches "
        f"{r.assoc_mismatches.describe()}. Paper: 240 pairs and 80 associativity "
        f"checks, all exact (same denominators). Re-run: "
        f"witnesses.experiments.closure.exp51(semantics={semantics!r})"
    )
    if ok:
        return Outcome(Verdict.VERIFIED, evidence)
    return Outcome(Verdict.REFUTED, evidence, {"first_failure": r.first_failure})


def check_exp56(*, semantics: str = "reference") -> Outcome:
    """VM-E56: absorbing states stay absorbing when short suffixes are appended.

    Examples
    --------
    >>> from proofs.claims.vm.closure import check_exp56
    >>> check_exp56().verdict.value, check_exp56(semantics="paper").verdict.value
    ('conditional', 'verified')
    """
    r = exp56(scale="smoke", semantics=semantics)
    how = (
        "block states of the greedy extraction's events, M=25, k=1, absorbing = some "
        "top-25 pivot has j_dev < 1, endogenous composition (the published check; not "
        "the committed Proposition 3, and closed here only because short suffixes "
        "cannot push every low-j_dev candidate out of the top 25, VM-DIS-3-COMMIT)"
        if semantics == "reference"
        else "monoid element of the greedy extraction's events, committed when "
        "absorbed (d_pre < 1), suffixes composed with compose_commit (VM-P3); under "
        f"compose_endo {r.endogenous_escapes} of the same checks escape"
    )
    short = (
        f" ({r.short_suffixes} checks had fewer than L later events and used all of "
        "them)"
        if r.short_suffixes
        else ""
    )
    evidence = (
        f"Exp56 smoke scale on the Bursty generator (reference draw order, docs/guide/witnesses.md §2): {r.n_states} absorbing states "
        f"found among the first {r.cases_scanned} cases; {how}; suffixes of "
        f"L=1..{r.max_suffix} later events: violations {r.violations.describe()}{short}. "
        f"Paper: 0/96. Re-run: witnesses.experiments.closure.exp56(semantics={semantics!r})"
    )
    if r.n_states == 0:
        return Outcome(Verdict.OPEN, evidence)
    if r.violations.count == 0 and semantics == "paper":
        # Committed composition of a committed absorbed element: VM-P3, proven.
        return Outcome(
            Verdict.VERIFIED,
            evidence
            + ". Under committed composition this is implied by VM-P3 (proven)",
        )
    if r.violations.count == 0:
        return Outcome(
            Verdict.CONDITIONAL,
            "holds only for the published reading (endogenous composition, suffixes "
            "of at most 6 events), not for committed composition, which the reference "
            "does not implement (VM-DIS-3-COMMIT). " + evidence,
        )
    return Outcome(Verdict.REFUTED, evidence, {"first_failure": r.first_failure})


def check_exp57(*, semantics: str = "reference") -> Outcome:
    """VM-E57: of four operations only compression breaks closure.

    Under the reference semantics the counts must agree with the published
    4/30 and 1/30 (two-sided Fisher exact p >= 0.05 for both). Under the paper
    semantics compression uses Definition 2, which cannot violate its own
    contract, so the claim holds only for the reference's guard.

    Examples
    --------
    >>> from proofs.claims.vm.closure import check_exp57
    >>> check_exp57().verdict.value, check_exp57(semantics="paper").verdict.value
    ('verified', 'conditional')
    """
    r = exp57(scale="smoke", semantics=semantics)
    comp = r.by_name("compression")
    dirty = [
        c.operation
        for c in r.operations
        if c.operation != "compression" and (c.closure_violation.count or c.escapes)
    ]
    evidence = _exp57_evidence(r, semantics)
    if dirty:
        return Outcome(Verdict.REFUTED, evidence, {"operations": dirty})
    if semantics == "paper":
        # Definition 2 is enforced at every accepted drop: a violation cannot
        # occur, so the count is no measurement of the claim.
        return Outcome(
            Verdict.CONDITIONAL,
            "holds only under the reference's absolute guard: under the paper's "
            "Definition 2 compression cannot break its own contract by construction, "
            "so the stated rates do not arise. " + evidence,
        )
    p_pi = _fisher(comp.closure_violation.count, comp.checks, *_PAPER_PI_MISMATCH)
    p_esc = _fisher(comp.escapes, comp.checks, *_PAPER_ESCAPE)
    if comp.closure_violation.count and min(p_pi, p_esc) >= 0.05:
        return Outcome(Verdict.VERIFIED, evidence)
    if comp.closure_violation.count or comp.escapes:
        return Outcome(
            Verdict.CONDITIONAL,
            "only compression breaks closure, but at rates that differ from the "
            "published ones (Fisher p < 0.05). " + evidence,
        )
    return Outcome(Verdict.REFUTED, evidence, {"compression": "no violation"})


def _exp57_evidence(r: object, semantics: str) -> str:
    parts = [
        f"{c.operation}: closure violations {c.closure_violation.describe()} "
        f"[invalid {c.invalid_outputs}, pi mismatch {c.pi_mismatches}], absorbing "
        f"escapes {c.escape.describe()}"
        for c in r.operations  # type: ignore[attr-defined]
    ]
    comp = r.by_name("compression")  # type: ignore[attr-defined]
    p_pi = _fisher(comp.closure_violation.count, comp.checks, *_PAPER_PI_MISMATCH)
    p_esc = _fisher(comp.escapes, comp.checks, *_PAPER_ESCAPE)
    same = (comp.closure_violation.count, comp.escapes) == (
        _PAPER_PI_MISMATCH[0],
        _PAPER_ESCAPE[0],
    )
    if semantics == "reference":
        setting = "contract_guarded to 60%, reference block states"
        comparison = (
            "Our counts equal the published ones (the same seeds also arose under "
            "this package's earlier, non-reference order of the actor and parent "
            "draws, measured 2026-11-24)."
            if same
            else "Our counts differ from the published ones."
        ) + (
            " Mechanism: a pi mismatch is a graph whose input already violates the "
            "absolute invariant (a top-10 focal event among its first two events), "
            "so contract_guarded cannot drop anything; an escape is a graph where "
            "dropping the offending pivot restores the invariant."
        )
    else:
        setting = (
            "definition2 (paper counting) to 60%, paper monoid elements, pi "
            "mismatch = Definition 2 fails after compression"
        )
        comparison = (
            "Definition 2 is enforced at every accepted drop, so a violation is "
            "impossible by construction; the published 0.133 and 0.033 are a "
            "property of the reference's absolute guard, not of the paper's contract."
        )
    return (
        f"Exp57 smoke scale on the Bursty generator (reference draw order, docs/guide/witnesses.md §2) (30 seeds, n=200, k=1, M=10, "
        f"max_gap 0.11; {setting}): {'; '.join(parts)}. Compression pi mismatch seeds "
        f"{list(r.pi_mismatch_seeds)}, escape seeds {list(r.escape_seeds)}. Paper: "  # type: ignore[attr-defined]
        f"compression 0.133 = 4/30 and 0.033 = 1/30, 0 for the others (the pivot-update "
        f"check cannot fire at all, VM-DIS-13-PIVOT-UPDATE). Ours vs paper, "
        f"two-sided Fisher exact test (scipy.stats.fisher_exact): closure violations "
        f"p = {p_pi:.3g}, escapes p = {p_esc:.3g}. {comparison} Re-run: "
        f"witnesses.experiments.closure.exp57(semantics={semantics!r})"
    )


def _fisher(k1: int, n1: int, k2: int, n2: int) -> float:
    table = np.array([[k1, n1 - k1], [k2, n2 - k2]])
    return float(stats.fisher_exact(table).pvalue)


_STATEMENTS = {
    "VM-E51": (
        "composition of block states is exact (compose(left, right) equals the state "
        "built from the concatenation) and associative on every tested cell",
        check_exp51,
    ),
    "VM-E56": (
        "absorbing closure holds under committed composition on every tested cell (0/96)",
        check_exp56,
    ),
    "VM-E57": (
        "of composition, compression, pivot update and split-at-point, only "
        "compression breaks closure (violation rate 0.133, absorbing escape 0.033; "
        "0 for the others)",
        check_exp57,
    ),
}

_WHERE = "Table 1 (Exp51, Exp56), Table 2 (Exp57); §7.1-§7.2"


@claim_check(
    "VM-E51@reference",
    _STATEMENTS["VM-E51"][0],
    Kind.SIMULATION,
    where=_WHERE,
)
def _check_vm_e51_reference() -> ClaimCheck | Outcome:
    """VM-E51@reference: VM-E51 under the reference semantics."""
    return check_exp51(semantics="reference")


@claim_check(
    "VM-E51@paper",
    _STATEMENTS["VM-E51"][0],
    Kind.SIMULATION,
    where=_WHERE,
)
def _check_vm_e51_paper() -> ClaimCheck | Outcome:
    """VM-E51@paper: VM-E51 under the paper semantics."""
    return check_exp51(semantics="paper")


@claim_check(
    "VM-E56@reference",
    _STATEMENTS["VM-E56"][0],
    Kind.SIMULATION,
    where=_WHERE,
)
def _check_vm_e56_reference() -> ClaimCheck | Outcome:
    """VM-E56@reference: VM-E56 under the reference semantics."""
    return check_exp56(semantics="reference")


@claim_check(
    "VM-E56@paper",
    _STATEMENTS["VM-E56"][0],
    Kind.SIMULATION,
    where=_WHERE,
)
def _check_vm_e56_paper() -> ClaimCheck | Outcome:
    """VM-E56@paper: VM-E56 under the paper semantics."""
    return check_exp56(semantics="paper")


@claim_check(
    "VM-E57@reference",
    _STATEMENTS["VM-E57"][0],
    Kind.SIMULATION,
    where=_WHERE,
)
def _check_vm_e57_reference() -> ClaimCheck | Outcome:
    """VM-E57@reference: VM-E57 under the reference semantics."""
    return check_exp57(semantics="reference")


@claim_check(
    "VM-E57@paper",
    _STATEMENTS["VM-E57"][0],
    Kind.SIMULATION,
    where=_WHERE,
)
def _check_vm_e57_paper() -> ClaimCheck | Outcome:
    """VM-E57@paper: VM-E57 under the paper semantics."""
    return check_exp57(semantics="paper")


CLAIMS: tuple[Claim, ...] = claim_list(
    _check_vm_e51_reference,
    _check_vm_e51_paper,
    _check_vm_e56_reference,
    _check_vm_e56_paper,
    _check_vm_e57_reference,
    _check_vm_e57_paper,
)
