"""Symbolic transcriptions of the depth and scatter laws (private to proofs.depth).

Every expression here is derived by sympy (not typed in as the answer), so
that a test can lambdify it and compare it with :mod:`theory.depth` on
generated inputs. Decay rates: ``a = -log q >= 0``, ``b = -log s0 >= 0``,
``c = -log rho > 0``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import sympy as sp

K = sp.Symbol("k", integer=True, positive=True)
D = sp.Symbol("d", integer=True, positive=True)
DR = sp.Symbol("d", positive=True)  # real depth
S0, RHO, Q = sp.symbols("s0 rho q", positive=True)
A, B = sp.symbols("a b", nonnegative=True)
C = sp.Symbol("c", positive=True)
T = sp.Symbol("t", positive=True)


@cache
def p_similarity_product() -> Any:
    """``prod_{k=1..d} s0 rho**k`` as sympy evaluates it."""
    return sp.product(S0 * RHO**K, (K, 1, D))


def p_similarity_closed() -> Any:
    """Return the DL-T7 closed form ``s0**d rho**(d (d + 1) / 2)`` (the claim)."""
    return S0**D * RHO ** (D * (D + 1) / 2)


@cache
def p_structured_product() -> Any:
    """``prod_{k=1..d} q`` as sympy evaluates it."""
    return sp.product(Q, (K, 1, D))


def log_p_similarity_real() -> Any:
    """``log P_sim`` at real depth, in the decay rates: ``-(b d + c d (d + 1) / 2)``."""
    return -(B * DR + C * DR * (DR + 1) / 2)


def advantage_rates() -> Any:
    """``g(d) = exp(-a d) - exp(log P_sim(d))`` at real depth."""
    return sp.exp(-A * DR) - sp.exp(log_p_similarity_real())


def rise_function() -> Any:
    """``h(d) = log(b + c (d + 1/2)) + (a - b) d - c d (d + 1) / 2``."""
    half = sp.Rational(1, 2)
    return sp.log(B + C * (DR + half)) + (A - B) * DR - C * DR * (DR + 1) / 2


def log_ratio() -> Any:
    """``log P_struct - log P_sim = d ((b - a) + c (d + 1) / 2)`` (sign of g for d > 0)."""
    return sp.expand(-A * DR - log_p_similarity_real())


@cache
def geometric_mean_attempts() -> Any:
    """``sum_k k p (1 - p)**(k - 1)`` with ``p = 1 / (1 + t)``, ``t > 0``."""
    p = 1 / (1 + T)
    return sp.simplify(sp.summation(K * p * (1 - p) ** (K - 1), (K, 1, sp.oo)))
