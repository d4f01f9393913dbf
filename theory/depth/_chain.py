"""Survival products for arbitrary hop survivals and the expected-work laws (private).

Re-exported by :mod:`theory.depth`; see there for the conventions.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from theory.depth._kernels import (
    Real,
    check_depth,
    check_rho,
    check_s0,
    exp_checked,
    log_p_sim_array,
    to_output,
)
from theory.validation import MAX_SIZE, call_user, check_int, check_probability

__all__ = [
    "expected_work_similarity",
    "expected_work_structured",
    "log_expected_work_similarity",
    "log_survival_product",
    "survival_product",
]

Survival = Sequence[float] | Callable[[int], float]


def log_survival_product(f: Survival, *, d: int | None = None) -> float:
    """Natural log of ``f_1 f_2 ⋯ f_d`` for arbitrary hop survivals (DL-A3).

    Parameters
    ----------
    f : sequence of float or callable
        Hop survivals ``f_1, f_2, ...`` in ``[0, 1]``: a sequence (entry
        ``i`` is ``f_{i+1}``) or a function ``k -> f_k`` for ``k >= 1``.
    d : int, optional
        Number of hops, ``>= 0``; defaults to ``len(f)`` for a sequence and
        is required for a callable.

    Returns
    -------
    float
        ``sum(log f_k)`` by :func:`math.fsum`; ``-inf`` if some ``f_k = 0``.

    Raises
    ------
    ValueError, TypeError
        If a survival is outside ``[0, 1]``, ``d`` is not a non-negative int,
        or ``d`` exceeds the length of the sequence.
    theory.errors.UserCallableError
        If ``f`` is a callable and raises (a ValueError naming it).

    Examples
    --------
    >>> from theory.depth import log_survival_product
    >>> round(log_survival_product(lambda k: 0.7 * 0.67**k, d=3), 5)
    -3.47289
    """
    terms = _survivals(f, d)
    if any(t == 0.0 for t in terms):
        return -math.inf
    return math.fsum(math.log(t) for t in terms)


def survival_product(f: Survival, *, d: int | None = None) -> float:
    """Recovery probability ``P_ret(d) = f_1 f_2 ⋯ f_d`` under hop independence (DL-A3).

    Parameters
    ----------
    f : sequence of float or callable
        Hop survivals in ``[0, 1]`` (see :func:`log_survival_product`).
    d : int, optional
        Number of hops (default ``len(f)`` for a sequence).

    Returns
    -------
    float
        The product (``1.0`` for ``d = 0``).

    Raises
    ------
    ValueError, TypeError
        As :func:`log_survival_product`.

    Notes
    -----
    With ``f_k = s0 rho**k`` (DL-A4) this is :func:`p_similarity` (DL-T7);
    with ``f_k = q`` it is :func:`p_structured` (DL-T9).

    Examples
    --------
    >>> from theory.depth import survival_product
    >>> survival_product([0.9, 0.5, 0.5])
    0.225
    >>> round(survival_product(lambda k: 0.97, d=3), 6)
    0.912673
    """
    return float(exp_checked(log_survival_product(f, d=d), "survival_product"))


def expected_work_structured(d: int) -> int:
    """Edges walked by typed traversal to depth ``d``: exactly ``d`` (DL-T10, ``Θ(d)``).

    Parameters
    ----------
    d : int
        Depth, ``>= 0``.

    Returns
    -------
    int
        ``d`` (one typed edge per hop, no search over the ``M_d`` candidates).

    Raises
    ------
    ValueError, TypeError
        If ``d`` is not a non-negative int.

    Examples
    --------
    >>> from theory.depth import expected_work_structured
    >>> expected_work_structured(7)
    7
    """
    return check_int(d, "d", minimum=0)


def log_expected_work_similarity(
    d: Real, s0: Real, rho: Real
) -> float | npt.NDArray[np.float64]:
    """Log of the expected attempts ``1 / P_sim(d)`` of similarity search (DL-T10).

    Returns ``-log P_sim(d)``; finite where :func:`expected_work_similarity`
    overflows.

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0``.
    s0, rho : float or array_like
        As in :func:`p_similarity`.

    Returns
    -------
    float or ndarray
        ``-(d log s0 + d (d + 1) / 2 log rho) >= -d (d + 1) / 2 log rho``
        (``inf`` beyond ``d ~ 1e154``, where ``d**2`` overflows).

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range or not real.

    Examples
    --------
    >>> from theory.depth import log_expected_work_similarity
    >>> round(log_expected_work_similarity(10_000, 0.7, 0.67), 1)
    20029447.5
    """
    return to_output(-log_p_sim_array(check_depth(d), check_s0(s0), check_rho(rho)))


def expected_work_similarity(
    d: Real, s0: Real, rho: Real
) -> float | npt.NDArray[np.float64]:
    """Return the expected attempts until similarity search recovers depth ``d`` (DL-T10).

    Each attempt is an independent trial that succeeds with probability
    ``P_sim(d)``, so the number of attempts is geometric with mean
    ``1 / P_sim(d) >= rho**(-d (d + 1) / 2)`` (the ``Ω`` of DL-T10, with
    constant 1 because ``s0 <= 1``).

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0``.
    s0, rho : float or array_like
        As in :func:`p_similarity`.

    Returns
    -------
    float or ndarray
        ``1 / P_sim(d)``; ``inf`` where it overflows (use the log twin).

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range or not real.

    Notes
    -----
    Equals ``scipy.stats.geom(P_sim(d)).mean()`` (asserted in the tests).

    Examples
    --------
    >>> from theory.depth import expected_work_similarity
    >>> round(expected_work_similarity(3, 0.7, 0.67), 3)
    32.23
    """
    with np.errstate(over="ignore"):
        return to_output(np.exp(np.asarray(log_expected_work_similarity(d, s0, rho))))


def _survivals(f: Survival, d: int | None) -> list[float]:
    if callable(f):
        if d is None:
            msg = "d is required when f is a callable"
            raise TypeError(msg)
        n = check_int(d, "d", minimum=0, maximum=MAX_SIZE)  # one call of f per k
        return [
            check_probability(call_user(f, "f", k), f"f({k})") for k in range(1, n + 1)
        ]
    if isinstance(f, (str, bytes)) or not isinstance(f, Sequence | np.ndarray):
        msg = f"f must be a sequence of survivals or a callable, got {type(f).__name__}"
        raise TypeError(msg)
    n = len(f) if d is None else check_int(d, "d", minimum=0)
    if n > len(f):
        msg = f"d={n} exceeds the {len(f)} survivals given in f"
        raise ValueError(msg)
    return [check_probability(f[i], f"f[{i}]") for i in range(n)]
