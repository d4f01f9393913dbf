"""Soundness, necessity and blind spots of the no-absorption contract (VM-D2).

The contract for demand ``k`` is ``d_total(mu(B)) >= min(d_total(B), k)``
(:func:`algebra.satisfies_contract`). A suffix ``D`` *dominates* a block when
it has a pivot with a strictly larger key (ties go to the earlier block).
"""

from __future__ import annotations

import z3

from proofs._method import encoding as enc
from proofs._method.smt import prove, witness
from proofs.records import Claim, Kind, Outcome, Verdict, claim_check, claim_list

__all__ = [
    "CLAIMS",
    "check_contract_gap",
    "check_contract_necessary",
    "check_contract_sound",
]


def _contract(b: enc.Sym, m: enc.Sym, k: z3.ArithRef) -> z3.BoolRef:
    """``satisfies_contract(B, mu(B), k)``: the package's contract_fields on z3 terms."""
    out: z3.BoolRef = enc.contract(b, m, k)
    return out


_CODE = f"{enc.CODE['contract']}, {enc.CODE['endo']} and {enc.CODE['absorbed']}"


def _prerequisites() -> tuple[bool, str]:
    """VM-P1 and VM-NF: a suffix ``D`` is one context only if the product is associative.

    The claims quantify over "every suffix D" as a single context; that a
    suffix of several blocks is one context (whatever the bracketing) is
    VM-P1, and that it is a valid context is VM-NF.
    """
    from proofs.claims.vm.monoid import check_endo_associative, check_normal_form_closed

    parts = [check_endo_associative(), check_normal_form_closed()]
    ok = all(p.verdict is Verdict.PROVEN for p in parts)
    text = ", ".join(f"{p.claim_id} {p.verdict.value}" for p in parts)
    return ok, text


def _dominates(d: enc.Sym, x: enc.Sym) -> z3.BoolRef:
    return z3.And(d.has, z3.Or(z3.Not(x.has), d.w > x.w))


@claim_check(
    "VM-D2-SOUND",
    "if mu satisfies the contract, every suffix D whose pivot dominates B and mu(B) "
    "keeps mu(B) ⊗ D feasible whenever B ⊗ D is",
    Kind.SMT,
    where="§4, Definition 2 and the sentence after it",
)
def check_contract_sound() -> Outcome:
    """VM-D2-SOUND: the contract preserves feasibility under every dominating suffix.

    Examples
    --------
    >>> from proofs.claims.vm.contract import check_contract_sound
    >>> check_contract_sound().verdict.value
    'proven'
    """
    b, m, d = enc.fresh("B"), enc.fresh("M"), enc.fresh("D")
    k = z3.Int("k")
    bd, md = enc.endo(b, d), enc.endo(m, d)
    hyps = [
        enc.normal_form(b),
        enc.normal_form(m),
        enc.normal_form(d),
        k >= 0,
        _contract(b, m, k),
        _dominates(d, b),
        _dominates(d, m),
        enc.defined(bd),
        z3.Not(enc.absorbed(bd, k)),
    ]
    result = prove(hyps, z3.And(enc.defined(md), z3.Not(enc.absorbed(md, k))))
    ready, pre = _prerequisites()
    evidence = result.evidence(
        "contract and D dominating B and mu(B) and B⊗D feasible => mu(B)⊗D returns "
        "and is feasible",
        code=_CODE,
    )
    if result.proved:
        verdict = Verdict.PROVEN if ready else Verdict.OPEN
        evidence += f"; rests on {pre}"
    else:  # a model refutes; a timeout or "unknown" leaves the claim open
        verdict = Verdict.REFUTED if result.model is not None else Verdict.OPEN
    return Outcome(verdict, evidence, result.model, artifact=result.query)


@claim_check(
    "VM-D2-NEC",
    "if mu violates the contract on B, some dominating suffix D makes B ⊗ D feasible "
    "and mu(B) ⊗ D infeasible",
    Kind.SMT,
    where="§4, Definition 2 and the sentence after it",
)
def check_contract_necessary() -> Outcome:
    """VM-D2-NEC: a violated contract is exposed by an explicit dominating suffix.

    The suffix is ``D* = (max(w_B, w_mu(B)) + 1, j, j)`` with
    ``j = max(0, k - d_total(B))``; z3 proves for all blocks and ``k`` that a
    violation makes ``B ⊗ D*`` feasible and ``mu(B) ⊗ D*`` absorbed.

    Examples
    --------
    >>> from proofs.claims.vm.contract import check_contract_necessary
    >>> check_contract_necessary().verdict.value
    'proven'
    """
    b, m = enc.fresh("B"), enc.fresh("M")
    k = z3.Int("k")
    top = z3.If(
        b.has, z3.If(m.has, z3.If(b.w >= m.w, b.w, m.w), b.w), z3.If(m.has, m.w, 0)
    )
    j = z3.If(k - b.t >= 0, k - b.t, 0)
    d = enc.Sym(z3.BoolVal(True), top + 1, j, j)
    hyps = [enc.normal_form(b), enc.normal_form(m), k >= 0, z3.Not(_contract(b, m, k))]
    bd, md = enc.endo(b, d), enc.endo(m, d)
    goal = z3.And(
        enc.normal_form(d),
        _dominates(d, b),
        _dominates(d, m),
        enc.defined(bd, md),
        z3.Not(enc.absorbed(bd, k)),
        enc.absorbed(md, k),
    )
    result = prove(hyps, goal)
    ready, pre = _prerequisites()
    # A model only shows that this particular D* fails, not that no D exists:
    # without the proof the claim stays open.
    verdict = Verdict.PROVEN if result.proved and ready else Verdict.OPEN
    evidence = result.evidence(
        "violation => D* = (max key + 1, j, j), j = max(0, k - d_total(B)) separates",
        code=_CODE,
    )
    return Outcome(
        verdict,
        evidence + f"; rests on {pre}",
        None,
        artifact=result.query,
    )


@claim_check(
    "VM-D2-GAP",
    "reading tested (what VM-D2 does not protect, docs/guide/algebra.md §5): the contract "
    "keeps a feasible block feasible also when no later pivot dominates",
    Kind.SMT,
    where="§4, Definition 2 (what the threshold form leaves out; §11 limitations)",
)
def check_contract_gap() -> Outcome:
    """VM-D2-GAP: the contract does not protect the block's own ``d_pre``.

    Finds the smallest block ``B`` and event-dropping compression ``mu(B)``
    (same pivot, fewer events before and after it) that satisfy the contract
    while ``B`` is feasible and ``mu(B)`` absorbed with no dominating suffix.

    Examples
    --------
    >>> from proofs.claims.vm.contract import check_contract_gap
    >>> check_contract_gap().verdict.value
    'refuted'
    """
    b, m = enc.fresh("B", int_keys=True), enc.fresh("M", int_keys=True)
    k = z3.Int("k")
    constraints = [
        enc.normal_form(b),
        enc.normal_form(m),
        k >= 0,
        b.has,
        m.has,
        b.w == m.w,
        b.w == 0,
        m.p <= b.p,
        m.t - m.p <= b.t - b.p,
        _contract(b, m, k),
        z3.Not(enc.absorbed(b, k)),
        enc.absorbed(m, k),
    ]
    found = witness(constraints, minimise=k + b.t + m.t)
    if not found.proved:
        return Outcome(Verdict.OPEN, "no witness found")
    cx = found.model or {}
    evidence = (
        "claim tested: 'the contract keeps a feasible block feasible'. Smallest witness "
        f"(z3 Optimize, minimising k + d_totals): k={cx['k']}, B=(w, {cx['B_dtotal']}, {cx['B_dpre']}) "
        f"feasible, mu(B)=(w, {cx['M_dtotal']}, {cx['M_dpre']}) satisfies the contract "
        f"({cx['M_dtotal']} >= min({cx['B_dtotal']}, {cx['k']})) but is absorbed: the contract "
        "counts development events, not where they sit relative to the pivot; it protects only "
        "suffixes whose pivot dominates (VM-D2-SOUND), and it does not protect the pivot's identity; "
        f"code: {enc.CODE['contract']} and {enc.CODE['absorbed']}"
    )
    return Outcome(Verdict.REFUTED, evidence, cx, artifact=found.query)


CLAIMS: tuple[Claim, ...] = claim_list(
    check_contract_sound,
    check_contract_necessary,
    check_contract_gap,
)
