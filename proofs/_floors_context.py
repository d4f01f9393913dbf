"""Context-gain (DL-T2) and context-monotonicity (DL-C1) checks, and table sampling.

Private to :mod:`proofs.floors`, which re-exports the checks.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from proofs import _floors_sym as sym
from proofs.ledger import ClaimCheck, Verdict
from theory.floors import ContextGain, bayes_risk, context_gain

SAMPLES = 300


def random_tables(
    shape: tuple[int, ...], seed: int, count: int = SAMPLES
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
    return next((t for t in tables if not ok(t)), None)


def check_context_gain_identity() -> ClaimCheck:
    """DL-T2: ``H(Y|X) - H(Y|X,C) = I(Y;C|X)`` (chain rule, per cell).

    Examples
    --------
    >>> from proofs.floors import check_context_gain_identity
    >>> check_context_gain_identity().verdict.value
    'proven'
    """
    ok, detail = sym.chain_rule_termwise()
    worst = max(abs(g.identity_residual) for g in _gains(41))
    return ClaimCheck(
        "DL-T2-ID",
        Verdict.PROVEN if ok and worst < 1e-9 else Verdict.OPEN,
        f"sympy, per cell of p(x,y,c): {detail} (the sums share the weights p(x,y,c), so "
        f"the identity holds for every finite table); theory.floors.context_gain "
        f"residual <= {worst:.1e} on {SAMPLES} random tables",
    )


def check_context_gain_inequality() -> ClaimCheck:
    """DL-T2: ``I(Y;C|X) <= I(D;C|X)`` for ``Y = phi(X, D)``.

    Examples
    --------
    >>> from proofs.floors import check_context_gain_inequality
    >>> check_context_gain_inequality().verdict.value
    'verified'
    """
    gains = _gains(51)
    bad = next((g for g in gains if g.i_yc_given_x > g.i_dc_given_x + 1e-9), None)
    if bad is not None:
        return ClaimCheck(
            "DL-T2-DPI",
            Verdict.REFUTED,
            "I(Y;C|X) > I(D;C|X)",
            {"i_yc": bad.i_yc_given_x, "i_dc": bad.i_dc_given_x},
        )
    return ClaimCheck(
        "DL-T2-DPI",
        Verdict.VERIFIED,
        f"holds on {SAMPLES} random p(x,d,c) with random phi: {{0..2}}x{{0..2}} -> {{0..2}}; "
        "argument: I(D;C|X) = I(D,Y;C|X) = I(Y;C|X) + I(D;C|X,Y) (chain rule) and "
        "I(D;C|X,Y) >= 0 (Gibbs, cited)",
    )


def check_context_gain_equality() -> ClaimCheck:
    """DL-T2 under DL-A1: equality when ``phi(x, .)`` is injective.

    Examples
    --------
    >>> from proofs.floors import check_context_gain_equality
    >>> check_context_gain_equality().verdict.value
    'verified'
    """
    rng = np.random.default_rng(61)
    worst, witness = 0.0, None
    for table in random_tables((2, 3, 2), 62):
        phi = np.array([rng.permutation(3), rng.permutation(3)])
        g = context_gain(table, phi)
        gap = abs(g.i_yc_given_x - g.i_dc_given_x)
        worst = max(worst, gap)
        if gap >= 1e-9 and witness is None:
            witness = {
                "table": table.tolist(),
                "phi": phi.tolist(),
                "i_yc": g.i_yc_given_x,
                "i_dc": g.i_dc_given_x,
            }
    return ClaimCheck(
        "DL-T2-EQ",
        Verdict.VERIFIED if witness is None else Verdict.REFUTED,
        f"max |I(Y;C|X) - I(D;C|X)| = {worst:.1e} on {SAMPLES} random tables with "
        "phi(x, .) a permutation; argument: D is then a function of (X, Y), so "
        "I(D;C|X,Y) = 0",
        witness,
    )


def check_context_gain_counterexample() -> ClaimCheck:
    """DL-T2: without injectivity the inequality can be strict.

    Examples
    --------
    >>> from proofs.floors import check_context_gain_counterexample
    >>> check_context_gain_counterexample().counterexample["I(D;C|X)"]
    1.0
    """
    table = np.zeros((1, 4, 2))
    for d1, d2 in itertools.product((0, 1), repeat=2):
        table[0, 2 * d1 + d2, d2] = 0.25
    g = context_gain(table, [[0, 0, 1, 1]])
    strict = g.i_yc_given_x < g.i_dc_given_x - 1e-9 and not g.injective
    hand = g.i_yc_given_x == 0.0 and abs(g.i_dc_given_x - 1.0) < 1e-12
    if not strict:  # the recorded numbers show the stated example is not strict
        verdict = Verdict.REFUTED
    else:  # strict, but off the hand values 0 and 1 bit: the code is suspect
        verdict = Verdict.VERIFIED if hand else Verdict.OPEN
    return ClaimCheck(
        "DL-T2-CX",
        verdict,
        "D = (D1, D2) fair bits, Y = D1, C = D2, X constant: I(Y;C|X) = 0 < I(D;C|X) = 1 "
        "bit by hand, so equality needs DL-A1 (the claim's counterexample is correct); "
        f"theory.floors.context_gain gives {g.i_yc_given_x:.12g} and "
        f"{g.i_dc_given_x:.12g} [{hand}]",
        {
            "D": "(D1, D2) fair bits",
            "Y": "D1",
            "C": "D2",
            "I(Y;C|X)": g.i_yc_given_x,
            "I(D;C|X)": round(g.i_dc_given_x, 12),
        },
    )


def check_context_monotone() -> ClaimCheck:
    """DL-C1: Bayes risk is non-increasing in context, for any loss.

    Examples
    --------
    >>> from proofs.floors import check_context_monotone
    >>> check_context_monotone().verdict.value
    'verified'
    """
    rng = np.random.default_rng(71)
    for table in random_tables((2, 2, 3), 72):
        loss = rng.uniform(-1.0, 3.0, size=(4, 3))
        with_c = bayes_risk(table, loss, observed=(0, 1))
        if with_c > bayes_risk(table, loss, observed=0) + 1e-12:
            return ClaimCheck(
                "DL-C1",
                Verdict.REFUTED,
                "context raised the risk",
                {"table": table.tolist(), "loss": loss.tolist()},
            )
    return ClaimCheck(
        "DL-C1",
        Verdict.VERIFIED,
        f"R*(X, C) <= R*(X) on {SAMPLES} random p(x,c,y) with random 4x3 losses in "
        "[-1, 3]; argument: min_a sum_c f(a, c) >= sum_c min_a f(a, c)",
    )


def _gains(seed: int) -> list[ContextGain]:
    rng = np.random.default_rng(seed)
    return [
        context_gain(t, rng.integers(0, 3, size=(2, 3)))
        for t in random_tables((2, 3, 2), seed)
    ]
