"""The depth laws as sympy expressions of the package's own code.

The closed forms are not retyped: :func:`p_similarity_closed`,
:func:`log_p_similarity_real`, :func:`advantage_rates` and :func:`log_ratio`
call the functions of :mod:`theory.depth.formulas` that every numeric path of
:mod:`theory.depth` runs (:func:`~theory.depth.formulas.sim_exponent`,
``log_p_sim_terms``, ``log_p_struct_terms``, ``p_sim_power``,
``p_struct_power``, ``advantage_power``) on sympy symbols. The products
(``prod s0 rho**k``, ``prod q``) are derived by sympy. Decay rates:
``a = -log q >= 0``, ``b = -log s0 >= 0``, ``c = -log rho > 0``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import sympy as sp

from theory.depth.formulas import (
    advantage_power,
    log_p_sim_terms,
    log_p_struct_terms,
    p_sim_power,
    p_struct_power,
)

__all__ = [
    "CODE",
    "DR",
    "RHO",
    "S0",
    "A",
    "B",
    "C",
    "D",
    "K",
    "Q",
    "T",
    "advantage_powers_rates",
    "advantage_rates",
    "geometric_mean_attempts",
    "log_p_similarity_real",
    "log_p_similarity_symbols",
    "log_p_structured_real",
    "log_ratio",
    "p_similarity_closed",
    "p_similarity_from_log",
    "p_similarity_product",
    "p_structured_closed",
    "p_structured_from_log",
    "p_structured_product",
    "rise_function",
]

CODE = (
    "theory.depth.formulas.sim_exponent, log_p_sim_terms, log_p_struct_terms, "
    "p_sim_power, p_struct_power, advantage_power (the formulas every path of "
    "theory.depth.p_similarity, log_p_similarity, p_structured, log_p_structured, "
    "advantage and the crossover functions evaluates)"
)
"""The package code the depth identities substitute symbols into."""

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
    """Return the package's ``P_sim(d)`` (``p_sim_power``, the mpmath path) on symbols."""
    return p_sim_power(D, S0, RHO)


def p_similarity_from_log() -> Any:
    """Return ``exp(log_p_sim_terms(d, log s0, log rho))`` (the float path) on symbols."""
    return sp.exp(log_p_sim_terms(D, sp.log(S0), sp.log(RHO)))


def p_structured_closed() -> Any:
    """Return the package's ``P_struct(d)`` (``p_struct_power``, the mpmath path)."""
    return p_struct_power(D, Q)


def p_structured_from_log() -> Any:
    """Return ``exp(log_p_struct_terms(d, log q))`` (the float path) on symbols."""
    return sp.exp(log_p_struct_terms(D, sp.log(Q)))


def log_p_similarity_symbols(d: Any) -> Any:
    """Return the package's ``log P_sim`` at depth ``d`` in ``s0`` and ``rho``."""
    return log_p_sim_terms(d, sp.log(S0), sp.log(RHO))


def advantage_powers_rates() -> Any:
    """Return the package's ``advantage_power`` with ``q, s0, rho = e^-a, e^-b, e^-c``."""
    return advantage_power(DR, sp.exp(-B), sp.exp(-C), sp.exp(-A))


@cache
def p_structured_product() -> Any:
    """``prod_{k=1..d} q`` as sympy evaluates it."""
    return sp.product(Q, (K, 1, D))


def log_p_similarity_real() -> Any:
    """``log P_sim`` at real depth in the decay rates (package: ``log_p_sim_terms``)."""
    return log_p_sim_terms(DR, -B, -C)


def log_p_structured_real() -> Any:
    """``log P_struct`` at real depth in the decay rate (package: ``log_p_struct_terms``)."""
    return log_p_struct_terms(DR, -A)


def advantage_rates() -> Any:
    """``g(d) = exp(log P_struct(d)) - exp(log P_sim(d))`` at real depth (package terms)."""
    return sp.exp(log_p_structured_real()) - sp.exp(log_p_similarity_real())


def rise_function() -> Any:
    """``h(d) = log(b + c (d + 1/2)) + (a - b) d - c d (d + 1) / 2``."""
    half = sp.Rational(1, 2)
    return sp.log(B + C * (DR + half)) + (A - B) * DR - C * DR * (DR + 1) / 2


def log_ratio() -> Any:
    """``log P_struct - log P_sim = d ((b - a) + c (d + 1) / 2)`` (sign of g for d > 0)."""
    return sp.expand(log_p_structured_real() - log_p_similarity_real())


@cache
def geometric_mean_attempts() -> Any:
    """``sum_k k p (1 - p)**(k - 1)`` with ``p = 1 / (1 + t)``, ``t > 0``."""
    p = 1 / (1 + T)
    return sp.simplify(sp.summation(K * p * (1 - p) ** (K - 1), (K, 1, sp.oo)))
