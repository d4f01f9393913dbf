"""Sympy derivations behind the floors ledger (private to :mod:`proofs.claims.dl.floors`).

Each function derives its statement with sympy and returns ``(ok, detail)``;
nothing here types in the answer it checks.
"""

from __future__ import annotations

import sympy as sp

__all__ = [
    "chain_rule_termwise",
    "determinism_kills_conditional_entropy",
    "fano_left_side",
    "fano_left_side_monotone",
    "probe_cost",
    "rearranged_vacuity",
    "worked_example",
]


def chain_rule_termwise() -> tuple[bool, str]:
    """DL-T2: ``-log p(y|x) + log p(y|x,c) = log p(x,y,c)p(x)/(p(x,y)p(x,c))`` per cell.

    Summed with the common weights ``p(x, y, c)`` the left side is
    ``H(Y|X) - H(Y|X,C)`` and the right side ``I(Y;C|X)`` (marginalising
    ``c`` from ``p(x,y,c) log p(y|x)`` gives ``p(x,y) log p(y|x)``), so the
    per-cell identity proves the identity for every finite table.
    """
    px, pxy, pxyc, pxc = sp.symbols("p_x p_xy p_xyc p_xc", positive=True)
    lhs = -sp.log(pxy / px) + sp.log(pxyc / pxc)
    rhs = sp.log(pxyc * px / (pxy * pxc))
    residual = sp.simplify(sp.expand_log(lhs - rhs, force=True))
    return residual == 0, f"expand_log(lhs - rhs) = {residual}"


def determinism_kills_conditional_entropy() -> tuple[bool, str]:
    """DL-D1: a cell of ``H(Y|X,D)`` with ``p(y|x,d) in {0, 1}`` contributes 0.

    ``-p log p`` at ``p = 1`` is 0 and its limit at ``p -> 0+`` is 0, so
    ``H(Y|X,D) = 0`` when ``Y = phi(X, D)``, and then
    ``I(Y;D|X) = H(Y|X) - H(Y|X,D) = H(Y|X)``.
    """
    p = sp.symbols("p", positive=True)
    term = -p * sp.log(p)
    at_one = sp.simplify(term.subs(p, 1))
    at_zero = sp.limit(term, p, 0, "+")
    return (
        at_one == 0 and at_zero == 0,
        f"-p log p: {at_one} at p=1, limit {at_zero} at 0+",
    )


def fano_left_side() -> tuple[sp.Expr, sp.Symbol, sp.Symbol]:
    """Return ``(f, P, K)`` with ``f = H_b(P) + P log2(K - 1)`` as a sympy expression.

    Examples
    --------
    >>> from proofs.claims.dl.floors import fano_left_side
    >>> f, pe, k = fano_left_side()
    >>> float(f.subs({pe: 0.75, k: 4}))
    2.0
    """
    pe, k = sp.symbols("P K", positive=True)
    f = (-pe * sp.log(pe) - (1 - pe) * sp.log(1 - pe) + pe * sp.log(k - 1)) / sp.log(2)
    return f, pe, k


def fano_left_side_monotone() -> tuple[bool, str]:
    """DL-T1: ``f(P) = H_b(P) + P log2(K-1)`` rises strictly on ``[0, 1 - 1/K)``.

    sympy derives ``f'(P)`` and checks it equals
    ``log2((1-P)(K-1)/P)``; the argument exceeds 1 iff ``K - 1 - K P > 0``,
    i.e. ``P < 1 - 1/K``; ``f(0) = 0`` and ``f(1 - 1/K) = log2 K``.
    """
    f, pe, k = fano_left_side()
    derivative = sp.diff(f, pe)
    claimed = sp.log((1 - pe) * (k - 1) / pe) / sp.log(2)
    same = sp.simplify(sp.expand_log(derivative - claimed, force=True)) == 0
    gap = sp.expand((1 - pe) * (k - 1) - pe)
    root = sp.solve(sp.Eq(gap, 0), pe)
    at_zero = sp.limit(f, pe, 0, "+")
    top = sp.simplify(sp.expand_log(f.subs(pe, 1 - 1 / k), force=True) - sp.log(k, 2))
    ok = same and gap == k - 1 - k * pe and root == [(k - 1) / k]
    ok = ok and at_zero == 0 and top == 0
    detail = (
        f"f'(P) = log2((1-P)(K-1)/P) [{same}]; (1-P)(K-1) - P = {gap}, zero at P = "
        f"{root[0]}; f(0+) = {at_zero}; f(1-1/K) - log2 K = {top}"
    )
    return ok, detail


def rearranged_vacuity() -> tuple[bool, str]:
    """DL-T1: ``(H - 1)/log2 K <= 0`` exactly when ``H <= 1`` (``K >= 2``, so ``log2 K > 0``)."""
    h = sp.symbols("H", real=True)
    log_k = sp.symbols("L", positive=True)  # L = log2 K > 0 for K >= 2
    solution = sp.solve_univariate_inequality((h - 1) / log_k <= 0, h, relational=False)
    ok = solution == sp.Interval(-sp.oo, 1)
    return ok, f"{{H : (H - 1)/L <= 0, L > 0}} = {solution}"


def worked_example(digits: int = 30) -> dict[str, str]:
    """DL-T1 worked example at ``P(Y=1|X) = 11/100``, evaluated to ``digits`` digits."""
    p = sp.Rational(11, 100)
    h = -p * sp.log(p, 2) - (1 - p) * sp.log(1 - p, 2)
    return {
        "H": str(sp.N(h, digits)),
        "rearranged": str(sp.N((h - 1) / sp.log(2, 2), digits)),
        "bayes_error": str(sp.Min(p, 1 - p)),
    }


def probe_cost() -> tuple[bool, str]:
    """DL-L1: cyclic probing of ``m`` candidates, confirmation probability ``p``.

    With the target uniform over positions ``j`` and ``r ~ Geometric(p)``
    rounds, the cost is ``(r - 1) m + j``; sympy sums it to
    ``m/p - (m - 1)/2`` and checks that this minus ``m/(2p)`` equals
    ``(m(1 - p) + p)/(2p) > 0``.
    """
    m, j, r = sp.symbols("m j r", positive=True, integer=True)
    p = sp.symbols("p", positive=True)
    q = sp.symbols("q", positive=True)  # q = 1 - p in (0, 1): the series converges
    series = sp.summation((r - 1) * q ** (r - 1), (r, 1, sp.oo))
    if isinstance(series, sp.Piecewise):
        series = series.args[0][0]  # the |q| < 1 branch
    rounds = sp.simplify((p * series).subs(q, 1 - p))
    expected = sp.simplify(rounds * m + sp.summation(j, (j, 1, m)) / m)
    closed = m / p - (m - 1) / 2
    same = sp.simplify(expected - closed) == 0
    margin = sp.simplify(closed - m / (2 * p) - (m * (1 - p) + p) / (2 * p))
    return same and margin == 0, (
        f"E[probes] = {sp.simplify(expected)} = m/p - (m-1)/2 [{same}]; "
        f"E - m/(2p) = (m(1-p) + p)/(2p) [{margin == 0}]"
    )
