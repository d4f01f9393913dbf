"""DL §8.1 caveat (i) and Assumption 3's bias direction, as printed.

Caveat (i) after Theorem 7: if retention rises with depth (``rho_k`` up to 1),
``log P_ret`` becomes convex and the triangular signature vanishes.
Assumption 3: compounding drift (the conditional survival of hop ``k`` below
its marginal ``f_k``) makes the independent product over-estimate recovery.
Exact witnesses use rational ``rho_k`` and sympy logs.

Private to :mod:`proofs.claims.dl.depth`.
"""

from __future__ import annotations

import sympy as sp
import z3

from proofs._method.smt import prove
from proofs.records import Kind, Outcome, Verdict, claim_check

__all__ = [
    "check_dl_a3_direction",
    "check_dl_t7_rhok_convex",
    "second_differences",
]


def _rho(k: int) -> sp.Rational:
    """``rho_k = k/(k + 1)``: rises strictly toward 1."""
    return sp.Rational(k, k + 1)


def second_differences(reading: str, *, depth: int = 4) -> list[sp.Expr]:
    """Return exact second differences of ``log P`` centred at ``d = 2..depth-1``.

    ``log P(d+1) - 2 log P(d) + log P(d-1) = log s_(d+1) - log s_d`` since
    ``log P(d) = sum_(k<=d) log s_k``.

    ``reading="product"``: ``s_k = s_0 rho_1 ... rho_k`` (retention per hop,
    compounding); ``reading="power"``: ``s_k = s_0 rho_k^k`` (Assumption 4's
    form with ``rho`` replaced by ``rho_k``). ``s_0`` cancels in second
    differences; ``f_k = s_k`` as in Assumption 4.

    Examples
    --------
    >>> from proofs.claims.dl.depth._drift import second_differences
    >>> [str(x) for x in second_differences("product")]
    ['log(3/4)', 'log(4/5)']
    """
    if reading == "product":
        log_s = [
            sum((sp.log(_rho(j)) for j in range(1, k + 1)), sp.Integer(0))
            for k in range(1, depth + 1)
        ]
    elif reading == "power":
        log_s = [k * sp.log(_rho(k)) for k in range(1, depth + 1)]
    else:
        msg = f"reading={reading!r} must be 'product' or 'power'"
        raise ValueError(msg)
    # log_s[i] is log s_(i+1); centred at d the difference is log_s[d] - log_s[d-1]
    return [
        sp.simplify(sp.expand_log(sp.logcombine(log_s[d] - log_s[d - 1], force=True)))
        for d in range(2, depth)
    ]


@claim_check(
    "DL-T7-RHOK-CONVEX",
    "(DL §8.1, caveat (i)) with rho_k rising toward 1, log P_ret is convex in d",
    Kind.ARITHMETIC,
    where="§8.1, caveat (i) to Theorem 7",
)
def check_dl_t7_rhok_convex() -> Outcome:
    """DL-T7-RHOK-CONVEX: with ``rho_k`` rising toward 1, ``log P_ret`` is convex."""
    product = second_differences("product")
    power = second_differences("power")
    signs = [bool(x.is_negative) for x in (*product, *power)]
    evidence = (
        "rho_k = k/(k + 1) rises strictly to 1. Retention per hop (s_k = s_0 rho_1 "
        f"... rho_k): the second differences of log P at d = 2, 3 are log rho_(d+1) = "
        f"{product}, "
        "all < 0 for any rho < 1, so log P stays strictly concave whatever the trend of "
        f"rho_k. Reading s_k = s_0 rho_k^k: second differences {power}, all < 0, "
        "concave again. Convexity is not "
        "implied by rising rho_k (it needs a rise fast enough that log s_k increases, "
        "e.g. rho_k = 1 - 1/(2k) under the second reading); the triangular d^2 term "
        "does vanish (DL-T7-RHOK-TRIANGULAR)"
    )
    if not all(signs):
        return Outcome(Verdict.OPEN, "not settled: " + evidence)
    cx = {
        "rho_k": "k/(k+1)",
        "second_difference_product_d2": str(product[0]),
        "second_difference_power_d2": str(power[0]),
    }
    return Outcome(Verdict.REFUTED, evidence, cx)


@claim_check(
    "DL-A3-DIRECTION",
    "(DL §8.1 Assumption 3) when compounding drift puts each hop's conditional "
    "survival below its marginal f_k, the independent product over-estimates "
    "similarity recovery",
    Kind.SMT,
    where="§8.1 Assumption 3",
)
def check_dl_a3_direction() -> Outcome:
    """DL-A3-DIRECTION: conditional survival below the marginals makes the product optimistic."""
    big_q, big_p, g, f = z3.Reals("Q P g f")
    step = prove([big_q > 0, big_q <= big_p, g > 0, g < f], big_q * g < big_p * f)
    evidence = (
        "chain rule: P(all d hops survive) = prod_k g_k with g_k = P(S_k | S_1..S_(k-1)). "
        "Induction on d with Q = prod_(j<k) g_j and P = prod_(j<k) f_j (Q = P = 1 at the "
        "start): 0 < Q <= P and 0 < g_k < f_k give Q g_k < P f_k; "
        + step.evidence("that step")
        + ". So if every conditional survival is below its marginal (compounding drift, "
        "the paper's premise) the independent product over-estimates recovery: the "
        "stated direction is right. The premise (each hop less likely to survive once "
        "the earlier ones did) is not checked; the simulator shows the opposite "
        "dependence (DL-A3-SIM)"
    )
    return Outcome(Verdict.PROVEN if step.proved else Verdict.OPEN, evidence)
