"""Context-gain (DL-T2) and context-monotonicity (DL-C1) checks, and table sampling.

Private to :mod:`proofs.claims.dl.floors`, which re-exports the checks.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from proofs.claims.dl.floors import _sym as sym
from proofs.claims.dl.floors import _t2 as sym_t2
from proofs.records import Kind, Outcome, Verdict, claim_check
from theory.floors import ContextGain, bayes_risk, context_gain

__all__ = [
    "SAMPLES",
    "check_context_gain_counterexample",
    "check_context_gain_identity",
    "check_context_gain_inequality",
    "check_context_monotone",
    "first_failure",
    "random_tables",
]

SAMPLES = 300


def random_tables(
    shape: tuple[int, ...], seed: int, *, count: int = SAMPLES
) -> list[np.ndarray]:
    """Random tables with some exact zeros (Dirichlet weights, then thinned)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        w = rng.dirichlet(np.full(int(np.prod(shape)), 0.7))
        w[rng.random(w.size) < 0.2] = 0.0
        w[0] += 1e-3
        out.append((w / w.sum()).reshape(shape))
    return out


def first_failure(
    tables: list[np.ndarray], ok: Callable[[np.ndarray], bool]
) -> np.ndarray | None:
    """Return the first table ``ok`` rejects, or None."""
    return next((t for t in tables if not ok(t)), None)


@claim_check(
    "DL-T2-ID",
    "H(Y|X) - H(Y|X,C) = I(Y;C|X)",
    Kind.SYMBOLIC,
    where="§3 Theorem 2, Eq. 3; §21.1",
)
def check_context_gain_identity() -> Outcome:
    """DL-T2: ``H(Y|X) - H(Y|X,C) = I(Y;C|X)`` (chain rule, per cell).

    Examples
    --------
    >>> from proofs.claims.dl.floors import check_context_gain_identity
    >>> check_context_gain_identity().verdict.value
    'proven'
    """
    ok, detail = sym.chain_rule_termwise()
    worst = max(abs(g.identity_residual) for g in _gains(41))
    return Outcome(
        Verdict.PROVEN if ok and worst < 1e-9 else Verdict.OPEN,
        f"sympy, per cell of p(x,y,c): {detail} (the sums share the weights p(x,y,c), so "
        f"the identity holds for every finite table); theory.floors.context_gain "
        f"residual <= {worst:.1e} on {SAMPLES} random tables",
    )


@claim_check(
    "DL-T2-DPI",
    "I(Y;C|X) <= I(D;C|X) when Y = phi(X, D)",
    Kind.PROPERTY,
    where="§3 Theorem 2, proof; §21.1",
)
def check_context_gain_inequality() -> Outcome:
    """DL-T2: ``I(Y;C|X) <= I(D;C|X)`` for ``Y = phi(X, D)``.

    Proof checked with sympy: the chain-rule cell identity of
    :mod:`proofs.claims.dl.floors._t2` gives ``I(D;C|X) = I(Y;C|X) + I(D;C|X,Y)``, and
    ``I(D;C|X,Y) >= 0`` because ``-log t >= 1 - t`` (so a relative entropy is
    ``>= 1 - sum q >= 0``).

    Examples
    --------
    >>> from proofs.claims.dl.floors import check_context_gain_inequality
    >>> check_context_gain_inequality().verdict.value
    'proven'
    """
    gains = _gains(51)
    bad = next((g for g in gains if g.i_yc_given_x > g.i_dc_given_x + 1e-9), None)
    if bad is not None:
        return Outcome(
            Verdict.OPEN,
            "theory.floors.context_gain gives I(Y;C|X) > I(D;C|X) on a sampled table, "
            "against the proof: the code, not the claim, is suspect",
            {"i_yc": bad.i_yc_given_x, "i_dc": bad.i_dc_given_x},
        )
    chain, detail = sym_t2.termwise_chain_rule()
    gibbs, gibbs_detail = sym_t2.log_below_tangent()
    evidence = (
        f"sympy: {detail}; {gibbs_detail}, so every relative entropy, and with it "
        "I(D;C|X,Y), is >= 0: I(Y;C|X) <= I(D;C|X) on every finite table. "
        f"theory.floors.context_gain agrees on {SAMPLES} random p(x,d,c) with random "
        "phi: {0..2}x{0..2} -> {0..2}"
    )
    if not (chain and gibbs):
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    return Outcome(Verdict.PROVEN, evidence)


@claim_check(
    "DL-T2-CX",
    "(DL §3 and §21.1, proofs of Theorem 2) the example D = (D1, D2) fair bits, Y = D1, "
    "C = D2 makes the inequality strict (I(D;C|X) = 1, I(Y;C|X) = 0)",
    Kind.ARITHMETIC,
    where="§3 and §21.1, proofs of Theorem 2 (the counterexample)",
)
def check_context_gain_counterexample() -> Outcome:
    """DL-T2: the paper's example, ``Y = D1`` and ``C = D2``, is strict.

    Examples
    --------
    >>> from proofs.claims.dl.floors import check_context_gain_counterexample
    >>> check_context_gain_counterexample().counterexample["I(D;C|X)"]
    '1'
    """
    exact = sym_t2.exact_measures(
        sym_t2.exact_joint(4, lambda d: d // 2, lambda d: d % 2)
    )
    table = np.zeros((1, 4, 2))
    for d1, d2 in itertools.product((0, 1), repeat=2):
        table[0, 2 * d1 + d2, d2] = 0.25
    g = context_gain(table, [[0, 0, 1, 1]])
    code = abs(g.i_yc_given_x - float(exact["I(Y;C|X)"])) < 1e-12
    code = code and abs(g.i_dc_given_x - float(exact["I(D;C|X)"])) < 1e-12
    strict = bool(exact["I(Y;C|X)"] < exact["I(D;C|X)"])
    record = {
        "D": "(D1, D2) fair bits",
        "Y": "D1",
        "C": "D2",
        **{k: str(v) for k, v in exact.items()},
    }
    evidence = (
        "D = (D1, D2) fair bits, Y = D1, C = D2, X constant; exact entropies (sympy, "
        f"bits): I(Y;C|X) = {exact['I(Y;C|X)']}, I(D;C|X) = {exact['I(D;C|X)']}, "
        f"H(D|X,Y) = {exact['H(D|X,Y)']}: the example is strict, so some law needs "
        "DL-A1 for equality (not every law: DL-T2-ONLYIF). theory.floors.context_gain "
        f"gives {g.i_yc_given_x:.12g} and {g.i_dc_given_x:.12g} [{code}]"
    )
    if not code:
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    verdict = Verdict.PROVEN if strict else Verdict.REFUTED
    return Outcome(verdict, evidence, record)


@claim_check(
    "DL-C1",
    "Bayes risk is non-increasing in context, for any loss",
    Kind.PROPERTY,
)
def check_context_monotone() -> Outcome:
    """DL-C1: Bayes risk is non-increasing in context, for any loss.

    Examples
    --------
    >>> from proofs.claims.dl.floors import check_context_monotone
    >>> check_context_monotone().verdict.value
    'verified'
    """
    rng = np.random.default_rng(71)
    for table in random_tables((2, 2, 3), 72):
        loss = rng.uniform(-1.0, 3.0, size=(4, 3))
        with_c = bayes_risk(table, loss, observed=(0, 1))
        if with_c > bayes_risk(table, loss, observed=0) + 1e-12:
            return Outcome(
                Verdict.REFUTED,
                "context raised the risk",
                {"table": table.tolist(), "loss": loss.tolist()},
            )
    return Outcome(
        Verdict.VERIFIED,
        f"sampled: R*(X, C) <= R*(X) on {SAMPLES} random p(x,c,y) with random 4x3 "
        "losses in [-1, 3]. Not mechanised: the general statement rests on the "
        "argument min_a sum_c f(a, c) >= sum_c min_a f(a, c)",
    )


def _gains(seed: int) -> list[ContextGain]:
    rng = np.random.default_rng(seed)
    return [
        context_gain(t, rng.integers(0, 3, size=(2, 3)))
        for t in random_tables((2, 3, 2), seed)
    ]
