"""The closed forms of the depth laws, written once for every number type (docs/guide/depth.md §3).

Each function uses only ``+``, ``*``, ``/`` and ``**``, so the same code runs
on floats, NumPy arrays, ``mpmath`` numbers and ``sympy`` symbols. Every
numeric path of :mod:`theory.depth` calls them, and :mod:`proofs.claims.dl.depth`
substitutes sympy symbols into them: DL-T7, DL-T9 and DL-P1-INTERVAL are
proved of these functions, not of a retyped copy. No argument is validated
here; the public functions of :mod:`theory.depth` validate and then call these.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "advantage_power",
    "log_p_sim_terms",
    "log_p_struct_terms",
    "p_sim_power",
    "p_struct_power",
    "sim_exponent",
]


def sim_exponent(d: Any) -> Any:
    """Return the triangular exponent ``d (d + 1) / 2`` of ``P_sim`` (DL-T7).

    Parameters
    ----------
    d : number, array or sympy expression
        Depth.

    Returns
    -------
    same type as ``d``
        ``d (d + 1) / 2``.

    Raises
    ------
    OverflowError
        Python numbers only: an integer too large for a float (``10 ** 400``).

    Notes
    -----
    No checks: arguments pass straight to ``+``, ``*``, ``/`` and ``**`` with
    their own semantics. ``nan`` or ``inf`` in gives ``nan`` or ``inf`` out;
    where NumPy gives ``inf`` for an overflow or a zero to a negative power
    (with a ``RuntimeWarning``), Python numbers raise (see Raises). The checked
    entry points are in :mod:`theory.depth`.

    Examples
    --------
    >>> import sympy
    >>> from theory.depth.formulas import sim_exponent
    >>> sim_exponent(3)
    6.0
    >>> sympy.expand(sim_exponent(sympy.Symbol("d")))
    d**2/2 + d/2
    """
    return d * (d + 1) / 2


def log_p_sim_terms(d: Any, log_s0: Any, log_rho: Any) -> Any:
    """Return ``log P_sim(d) = d log s0 + d (d + 1) / 2 log rho`` from the two logs (DL-T7).

    Parameters
    ----------
    d : number, array or sympy expression
        Depth.
    log_s0, log_rho : number, array or sympy expression
        ``log s0`` and ``log rho``.

    Returns
    -------
    same type as the arguments
        The log recovery probability of similarity retrieval.

    Raises
    ------
    OverflowError
        Python numbers only: an integer too large for a float (``10 ** 400``).

    Notes
    -----
    No checks: arguments pass straight to ``+``, ``*``, ``/`` and ``**`` with
    their own semantics. ``nan`` or ``inf`` in gives ``nan`` or ``inf`` out;
    where NumPy gives ``inf`` for an overflow or a zero to a negative power
    (with a ``RuntimeWarning``), Python numbers raise (see Raises). The checked
    entry points are in :mod:`theory.depth`.

    Examples
    --------
    >>> import math
    >>> from theory.depth.formulas import log_p_sim_terms
    >>> round(log_p_sim_terms(3, math.log(0.7), math.log(0.67)), 5)
    -3.47289
    """
    return d * log_s0 + sim_exponent(d) * log_rho


def log_p_struct_terms(d: Any, log_q: Any) -> Any:
    """Return ``log P_struct(d) = d log q`` from ``log q`` (DL-T9).

    Parameters
    ----------
    d : number, array or sympy expression
        Depth.
    log_q : number, array or sympy expression
        ``log q``.

    Returns
    -------
    same type as the arguments
        The log recovery probability of typed traversal.

    Raises
    ------
    OverflowError
        Python numbers only: an integer too large for a float (``10 ** 400``).

    Notes
    -----
    No checks: arguments pass straight to ``+``, ``*``, ``/`` and ``**`` with
    their own semantics. ``nan`` or ``inf`` in gives ``nan`` or ``inf`` out;
    where NumPy gives ``inf`` for an overflow or a zero to a negative power
    (with a ``RuntimeWarning``), Python numbers raise (see Raises). The checked
    entry points are in :mod:`theory.depth`.

    Examples
    --------
    >>> import math
    >>> from theory.depth.formulas import log_p_struct_terms
    >>> round(log_p_struct_terms(3, math.log(0.97)), 5)
    -0.09138
    """
    return d * log_q


def p_sim_power(d: Any, s0: Any, rho: Any) -> Any:
    """Return ``P_sim(d) = s0**d rho**(d (d + 1) / 2)`` as powers (DL-T7).

    Parameters
    ----------
    d : number, array or sympy expression
        Depth.
    s0, rho : number, array or sympy expression
        First-hop survival scale and per-hop retention.

    Returns
    -------
    same type as the arguments
        The similarity recovery probability.

    Raises
    ------
    ZeroDivisionError
        Python numbers only: a zero base to a negative power (``0 ** -1``).
    OverflowError
        Python numbers only: a result beyond the float range (``1e300 ** 2``).

    Notes
    -----
    No checks: arguments pass straight to ``+``, ``*``, ``/`` and ``**`` with
    their own semantics. ``nan`` or ``inf`` in gives ``nan`` or ``inf`` out;
    where NumPy gives ``inf`` for an overflow or a zero to a negative power
    (with a ``RuntimeWarning``), Python numbers raise (see Raises). Python
    integers to a huge integer power are computed exactly, in time and memory
    that grow with the exponent. The checked entry points are in
    :mod:`theory.depth`.

    Examples
    --------
    >>> from theory.depth.formulas import p_sim_power
    >>> round(p_sim_power(3, 0.7, 0.67), 5)
    0.03103
    """
    return s0**d * rho ** sim_exponent(d)


def p_struct_power(d: Any, q: Any) -> Any:
    """Return ``P_struct(d) = q**d`` as a power (DL-T9).

    Parameters
    ----------
    d : number, array or sympy expression
        Depth.
    q : number, array or sympy expression
        Per-edge fidelity.

    Returns
    -------
    same type as the arguments
        The structured recovery probability.

    Raises
    ------
    ZeroDivisionError
        Python numbers only: a zero base to a negative power (``0 ** -1``).
    OverflowError
        Python numbers only: a result beyond the float range (``1e300 ** 2``).

    Notes
    -----
    No checks: arguments pass straight to ``+``, ``*``, ``/`` and ``**`` with
    their own semantics. ``nan`` or ``inf`` in gives ``nan`` or ``inf`` out;
    where NumPy gives ``inf`` for an overflow or a zero to a negative power
    (with a ``RuntimeWarning``), Python numbers raise (see Raises). Python
    integers to a huge integer power are computed exactly, in time and memory
    that grow with the exponent. The checked entry points are in
    :mod:`theory.depth`.

    Examples
    --------
    >>> from theory.depth.formulas import p_struct_power
    >>> round(p_struct_power(3, 0.97), 6)
    0.912673
    """
    return q**d


def advantage_power(d: Any, s0: Any, rho: Any, q: Any) -> Any:
    """Return ``g(d) = q**d - s0**d rho**(d (d + 1) / 2)`` as powers (DL-P1).

    Parameters
    ----------
    d : number, array or sympy expression
        Depth.
    s0, rho, q : number, array or sympy expression
        The similarity parameters and the per-edge fidelity.

    Returns
    -------
    same type as the arguments
        The structured advantage.

    Raises
    ------
    ZeroDivisionError
        Python numbers only: a zero base to a negative power (``0 ** -1``).
    OverflowError
        Python numbers only: a result beyond the float range (``1e300 ** 2``).

    Notes
    -----
    No checks: arguments pass straight to ``+``, ``*``, ``/`` and ``**`` with
    their own semantics. ``nan`` or ``inf`` in gives ``nan`` or ``inf`` out;
    where NumPy gives ``inf`` for an overflow or a zero to a negative power
    (with a ``RuntimeWarning``), Python numbers raise (see Raises). Python
    integers to a huge integer power are computed exactly, in time and memory
    that grow with the exponent. The checked entry points are in
    :mod:`theory.depth`.

    Examples
    --------
    >>> from theory.depth.formulas import advantage_power
    >>> round(advantage_power(3, 0.7, 0.67, 0.97), 5)
    0.88165
    """
    return p_struct_power(d, q) - p_sim_power(d, s0, rho)
