"""Universal proofs that both context products are monoids (VM-P1, VM-P2, VM-SYS).

Each check proves, with z3 over unbounded integers and real keys, that the
negation of the law is unsatisfiable under the carrier constraints. The
products proven are the package's own: :mod:`proofs._method.encoding` runs
:func:`algebra.compose.endo_fields` and :func:`algebra.compose.commit_fields`
(the bodies of :func:`algebra.compose_endo` and :func:`algebra.compose_commit`)
on z3 terms, and every law includes that each product in it returns (its
result passes :class:`algebra.Context`'s validation).
"""

from __future__ import annotations

import itertools

from algebra import Context, fold, from_events, reduce_arrays, reduce_tree, tree_depth
from proofs._method import encoding as enc
from proofs._method._validation import check_bound
from proofs._method.smt import SmtResult, prove
from proofs.records import Claim, Kind, Outcome, Verdict, claim_check, claim_list

__all__ = [
    "CLAIMS",
    "check_commit_associative",
    "check_commit_identity",
    "check_endo_associative",
    "check_endo_identity",
    "check_normal_form_closed",
    "check_tree_reduction",
]


@claim_check(
    "VM-P1",
    "compose_endo is associative (ties allowed, left pivot wins)",
    Kind.SMT,
    where="§3.3, Proposition 1",
)
def check_endo_associative() -> Outcome:
    """VM-P1: ``(a ⊗ b) ⊗ c == a ⊗ (b ⊗ c)`` for all contexts, ties allowed.

    Examples
    --------
    >>> from proofs.claims.vm.monoid import check_endo_associative
    >>> check_endo_associative().verdict.value
    'proven'
    """
    a, b, c = (enc.fresh(n) for n in "abc")
    hyps = [enc.normal_form(x) for x in (a, b, c)]
    goal = enc.equal(enc.endo(enc.endo(a, b), c), enc.endo(a, enc.endo(b, c)))
    return _verdict(
        prove(hyps, goal),
        "associativity of compose_endo, both sides defined",
        enc.CODE["endo"],
    )


@claim_check(
    "VM-P2",
    "e = (-inf, 0, 0) is a two-sided identity of compose_endo",
    Kind.SMT,
    where="§3.3, Proposition 2",
)
def check_endo_identity() -> Outcome:
    """VM-P2: ``e ⊗ a == a == a ⊗ e`` with ``e = (-inf, 0, 0)``.

    Examples
    --------
    >>> from proofs.claims.vm.monoid import check_endo_identity
    >>> check_endo_identity().verdict.value
    'proven'
    """
    a = enc.fresh("a")
    e = enc.identity()
    goal = enc.equal(enc.endo(e, a), a) & enc.equal(enc.endo(a, e), a)
    return _verdict(
        prove([enc.normal_form(a)], goal),
        "two-sided identity of IDENTITY",
        f"{enc.CODE['endo']} with {enc.CODE['identity']}",
    )


@claim_check(
    "VM-P1-COMMIT",
    "compose_commit is associative",
    Kind.SMT,
    where="§3.2, committed operator (associativity is not stated by the paper)",
)
def check_commit_associative() -> Outcome:
    """VM-P1-COMMIT: ``compose_commit`` is associative.

    Examples
    --------
    >>> from proofs.claims.vm.monoid import check_commit_associative
    >>> check_commit_associative().verdict.value
    'proven'
    """
    a, b, c = (enc.fresh(n, committed=True) for n in "abc")
    hyps = [enc.normal_form(x) for x in (a, b, c)]
    goal = enc.equal(enc.commit(enc.commit(a, b), c), enc.commit(a, enc.commit(b, c)))
    return _verdict(
        prove(hyps, goal),
        "associativity of compose_commit, both sides defined",
        enc.CODE["commit"],
    )


@claim_check(
    "VM-P2-COMMIT",
    "(-inf, 0, 0, 0) is a two-sided identity of compose_commit",
    Kind.SMT,
    where="§3.2, committed operator, with the identity of Proposition 2",
)
def check_commit_identity() -> Outcome:
    """VM-P2-COMMIT: ``COMMITTED_IDENTITY`` is a two-sided identity.

    Examples
    --------
    >>> from proofs.claims.vm.monoid import check_commit_identity
    >>> check_commit_identity().verdict.value
    'proven'
    """
    a = enc.fresh("a", committed=True)
    e = enc.identity(committed=True)
    goal = enc.equal(enc.commit(e, a), a) & enc.equal(enc.commit(a, e), a)
    result = prove([enc.normal_form(a)], goal)
    return _verdict(
        result,
        "two-sided identity of COMMITTED_IDENTITY",
        f"{enc.CODE['commit']} with {enc.CODE['identity']}",
    )


@claim_check(
    "VM-NF",
    "the normal form (0 <= d_pre <= d_total; no pivot => d_pre = 0; committed => pivot) "
    "is closed under both products",
    Kind.SMT,
    where="§3.1, Definition 1 and §3.2 (carrier of both products)",
)
def check_normal_form_closed() -> Outcome:
    """VM-NF: both products map normal-form pairs to normal form.

    Examples
    --------
    >>> from proofs.claims.vm.monoid import check_normal_form_closed
    >>> check_normal_form_closed().verdict.value
    'proven'
    """
    a, b = enc.fresh("a", committed=True), enc.fresh("b", committed=True)
    hyps = [enc.normal_form(a), enc.normal_form(b)]
    plain_a, plain_b = enc.Sym(a.has, a.w, a.t, a.p), enc.Sym(b.has, b.w, b.t, b.p)
    goal = enc.defined(enc.commit(a, b), enc.endo(plain_a, plain_b))
    agree, cases = enc.normal_form_agrees()
    what = "closure of the normal form (both products return on every normal-form pair)"
    code = (
        f"{enc.CODE['endo']} and {enc.CODE['commit']}; the normal form is "
        "proofs._method.encoding.normal_form, which agrees with the validation of Context and "
        f"CommittedContext on all {cases} cases (has, c, -1 <= d_total, d_pre <= 4) "
        f"[{agree}]"
    )
    result = prove(hyps, goal)
    if result.proved and not agree:
        evidence = result.evidence(what, code=code) + "; the normal forms disagree"
        return Outcome(Verdict.OPEN, evidence)
    return _verdict(result, what, code)


@claim_check(
    "VM-SYS",
    "associativity licenses parallel tree reduction with O(log n) depth",
    Kind.EXHAUSTIVE,
    where="§3.3, systems implication after Proposition 2",
)
def check_tree_reduction(*, max_len: int = 6) -> Outcome:
    """VM-SYS: any bracketing gives the fold, so a balanced tree of depth ``ceil(log2 n)`` does.

    Bracket independence follows from VM-P1 (a standard theorem for any
    associative product); this check adds an exhaustive cross-check of
    :func:`algebra.fold`, :func:`algebra.reduce_tree`,
    :func:`algebra.reduce_arrays` and the direct definition
    :func:`algebra.from_events` on every timeline of up to ``max_len`` events
    over the alphabet {development, keys 0, 1, 2}.

    Examples
    --------
    >>> from proofs.claims.vm.monoid import check_tree_reduction
    >>> check_tree_reduction(max_len=3).verdict.value
    'proven'
    """
    max_len = check_bound(max_len, "max_len", minimum=1, maximum=10)
    assoc = check_endo_associative()
    if assoc.verdict is not Verdict.PROVEN:
        # without associativity the brackets may matter: no sample settles it
        return Outcome(
            Verdict.REFUTED if assoc.verdict is Verdict.REFUTED else Verdict.OPEN,
            f"rests on VM-P1, which is {assoc.verdict.value}: {assoc.evidence}",
            assoc.counterexample,
        )
    alphabet = (None, 0, 1, 2)
    count = 0
    for n in range(max_len + 1):
        for events in itertools.product(alphabet, repeat=n):
            singles = [
                Context.development() if e is None else Context.candidate(e)
                for e in events
            ]
            direct = from_events(events)
            arrays = reduce_arrays(
                [float("-inf") if c.w is None else float(c.w) for c in singles],
                [c.d_total for c in singles],
                [c.d_pre for c in singles],
            )
            as_float = Context(
                None if direct.w is None else float(direct.w),
                direct.d_total,
                direct.d_pre,
            )
            if not (
                fold(singles) == reduce_tree(singles) == direct and arrays == as_float
            ):
                return Outcome(
                    Verdict.REFUTED,
                    "reductions disagree",
                    {"events": [None if e is None else e for e in events]},
                )
            count += 1
    verdict = Verdict.PROVEN
    evidence = (
        f"follows from VM-P1 ({assoc.verdict.value}); fold, reduce_tree, reduce_arrays and "
        f"the direct definition agree on all {count} timelines of length <= {max_len} over "
        f"{{dev, 0, 1, 2}}; reduce_tree needs tree_depth(n) = ceil(log2 n) rounds "
        f"(tree_depth(10**6) = {tree_depth(10**6)})"
    )
    return Outcome(verdict, evidence)


def _verdict(result: SmtResult, what: str, code: str) -> Outcome:
    if result.proved:
        return Outcome(
            Verdict.PROVEN, result.evidence(what, code=code), artifact=result.query
        )
    # only a model refutes; "unknown" or a timeout leaves the claim open
    return Outcome(
        Verdict.REFUTED if result.model is not None else Verdict.OPEN,
        result.evidence(what, code=code),
        result.model,
        artifact=result.query,
    )


CLAIMS: tuple[Claim, ...] = claim_list(
    check_endo_associative,
    check_endo_identity,
    check_commit_associative,
    check_commit_identity,
    check_normal_form_closed,
    check_tree_reduction,
)
