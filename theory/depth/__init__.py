"""Depth laws of retrieval: similarity chains against typed traversal (docs/guide/depth.md §3).

A decision ``d`` causal hops away is recovered when every hop survives. Under
hop independence (``DL-A3``) the recovery probability is the survival product
``P_ret(d) = f_1 f_2 ... f_d``. Similarity retrieval with geometric retention
(``DL-A4``, ``f_k = s0 rho**k``) gives ``P_sim(d) = s0**d rho**(d (d + 1) / 2)``
(``DL-T7``); typed traversal with per-edge fidelity ``q`` gives
``P_struct(d) = q**d`` (``DL-T9``). Their difference is the structured
advantage ``g(d)`` of ``DL-P1``; its crossover and peak live in
:func:`crossover_depth`, :func:`crossover_interval` and :func:`advantage_peak`.

Conventions: the closed forms accept real ``d >= 0`` (the continuous
extension used for concavity and the real maximiser) and NumPy arrays, which
broadcast; scalar inputs give a ``float``. Functions whose definition needs a
whole number of hops (the survival product, the crossover) take integers.
Every probability also has a log-space twin, finite for any depth a double
can hold; the linear-space functions warn with :class:`DepthUnderflowWarning`
when a positive value rounds to ``0.0`` (use the log, or
``mpmath.exp(log_p_similarity(...))``, for the exact tiny value).

The closed forms behind every numeric path, written once so that they also
run on sympy symbols, are in :mod:`theory.depth.formulas`.
"""

from theory.depth._chain import (
    expected_work_similarity,
    expected_work_structured,
    log_expected_work_similarity,
    log_survival_product,
    survival_product,
)
from theory.depth._crossover import (
    AdvantagePeak,
    CrossoverInterval,
    advantage_peak,
    crossover_depth,
    crossover_depth_real,
    crossover_interval,
)
from theory.depth._kernels import DepthUnderflowWarning
from theory.depth._laws import (
    advantage,
    log_p_similarity,
    log_p_structured,
    p_similarity,
    p_structured,
    slog_advantage,
)

__all__ = [
    "AdvantagePeak",
    "CrossoverInterval",
    "DepthUnderflowWarning",
    "advantage",
    "advantage_peak",
    "crossover_depth",
    "crossover_depth_real",
    "crossover_interval",
    "expected_work_similarity",
    "expected_work_structured",
    "log_expected_work_similarity",
    "log_p_similarity",
    "log_p_structured",
    "log_survival_product",
    "p_similarity",
    "p_structured",
    "slog_advantage",
    "survival_product",
]
