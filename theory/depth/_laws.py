"""The recovery probabilities of the two retrievals and their difference (private; see :mod:`theory.depth`)."""

from __future__ import annotations

from numbers import Integral
from typing import Any, Literal, overload

import mpmath
import numpy as np
import numpy.typing as npt

from theory.depth._kernels import (
    Real,
    check_depth,
    check_q,
    check_rho,
    check_s0,
    exp_checked,
    log_p_sim_array,
    log_p_struct_array,
    slog_advantage_array,
    to_output,
)
from theory.depth.formulas import advantage_power, p_sim_power, p_struct_power
from theory.validation import check_real_array

__all__ = [
    "advantage",
    "log_p_similarity",
    "log_p_structured",
    "p_similarity",
    "p_structured",
    "slog_advantage",
]


def log_p_similarity(d: Real, s0: Real, rho: Real) -> float | npt.NDArray[np.float64]:
    """Natural log of the similarity recovery probability (DL-T7).

    ``log P_sim(d) = d log s0 + d (d + 1) / 2 * log rho``.

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0``.
    s0 : float or array_like
        First-hop survival scale, in ``(0, 1]``.
    rho : float or array_like
        Per-hop retention, in ``(0, 1)``.

    Returns
    -------
    float or ndarray
        The log probability; finite for every finite depth below ~1e154,
        ``-inf`` (overflow of ``d**2``) beyond.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range or not real.

    Notes
    -----
    Concave in real ``d`` with second derivative ``log rho < 0`` (DL-T7, proved
    in :mod:`proofs.claims.dl.depth`).

    Examples
    --------
    >>> from theory.depth import log_p_similarity
    >>> round(log_p_similarity(3, 0.7, 0.67), 5)
    -3.47289
    >>> log_p_similarity(10_000, 0.7, 0.67)
    -20029447.46...
    """
    dd, ss, rr = check_depth(d), check_s0(s0), check_rho(rho)
    return to_output(log_p_sim_array(dd, ss, rr))


@overload
def p_similarity(
    d: Real, s0: Real, rho: Real, *, as_mpf: Literal[False] = False
) -> float | npt.NDArray[np.float64]: ...
@overload
def p_similarity(d: Real, s0: Real, rho: Real, *, as_mpf: Literal[True]) -> Any: ...
def p_similarity(
    d: Real, s0: Real, rho: Real, *, as_mpf: bool = False
) -> float | npt.NDArray[np.float64] | Any:
    """Similarity recovery probability ``s0**d * rho**(d (d + 1) / 2)`` (DL-T7).

    The survival product of ``f_k = s0 rho**k`` over ``k = 1..d`` (DL-A4).

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0``.
    s0 : float or array_like
        First-hop survival scale, in ``(0, 1]``.
    rho : float or array_like
        Per-hop retention, in ``(0, 1)``.
    as_mpf : bool
        Return an ``mpmath.mpf`` (scalars only): its exponent range never
        underflows, at the current ``mpmath.mp`` precision.

    Returns
    -------
    float or ndarray or mpmath.mpf
        The probability (a float warns with :class:`DepthUnderflowWarning`
        when a positive value rounds to 0).

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range or not real.

    See Also
    --------
    log_p_similarity, survival_product

    Examples
    --------
    >>> from theory.depth import p_similarity
    >>> round(p_similarity(3, 0.7, 0.67), 6)
    0.031027
    >>> p_similarity([0, 1, 2], 0.7, 0.67)
    array([1.      , 0.469   , 0.147...])
    >>> p_similarity(10_000, 0.7, 0.67, as_mpf=True)
    mpf('3.08641961031...e-8698679')
    """
    if as_mpf:
        dd, ss, rr = (_scalar(v, n) for v, n in ((d, "d"), (s0, "s0"), (rho, "rho")))
        log_p_similarity(dd, ss, rr)  # range checks
        return p_sim_power(dd, mpmath.mpf(ss), mpmath.mpf(rr))
    return exp_checked(log_p_similarity(d, s0, rho), "p_similarity")


def log_p_structured(d: Real, q: Real) -> float | npt.NDArray[np.float64]:
    """Natural log of the typed-traversal recovery probability, ``d log q`` (DL-T9).

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0``.
    q : float or array_like
        Per-edge fidelity, in ``(0, 1]``.

    Returns
    -------
    float or ndarray
        ``d * log(q)``.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range or not real.

    Examples
    --------
    >>> from theory.depth import log_p_structured
    >>> round(log_p_structured(100_000, 0.97), 3)
    -3045.921
    """
    return to_output(log_p_struct_array(check_depth(d), check_q(q)))


@overload
def p_structured(
    d: Real, q: Real, *, as_mpf: Literal[False] = False
) -> float | npt.NDArray[np.float64]: ...
@overload
def p_structured(d: Real, q: Real, *, as_mpf: Literal[True]) -> Any: ...
def p_structured(
    d: Real, q: Real, *, as_mpf: bool = False
) -> float | npt.NDArray[np.float64] | Any:
    """Typed-traversal recovery probability ``q**d`` (DL-T9).

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0``.
    q : float or array_like
        Per-edge fidelity, in ``(0, 1]``.
    as_mpf : bool
        Return an ``mpmath.mpf`` (scalars only), which never underflows.

    Returns
    -------
    float or ndarray or mpmath.mpf
        ``q**d``.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range or not real.

    Examples
    --------
    >>> from theory.depth import p_structured
    >>> round(p_structured(3, 0.97), 6)
    0.912673
    >>> p_structured(10**6, 0.97, as_mpf=True)
    mpf('5.42333266677...e-13229')
    """
    if as_mpf:
        dd, qq = _scalar(d, "d"), _scalar(q, "q")
        log_p_structured(dd, qq)  # range checks
        return p_struct_power(dd, mpmath.mpf(qq))
    return exp_checked(log_p_structured(d, q), "p_structured")


def advantage(d: Real, s0: Real, rho: Real, q: Real) -> float | npt.NDArray[np.float64]:
    """Structured advantage ``g(d) = q**d - s0**d rho**(d (d + 1) / 2)`` (DL-P1).

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0`` (integers are the depths of the paper; reals
        are the continuous extension).
    s0, rho, q : float or array_like
        ``s0`` in ``(0, 1]``, ``rho`` in ``(0, 1)``, ``q`` in ``(0, 1]``.

    Returns
    -------
    float or ndarray
        ``g(d)`` in ``(-1, 1)``.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range or not real.

    See Also
    --------
    slog_advantage : sign and log-magnitude, for depths where both terms underflow.

    Notes
    -----
    Computed as the difference of the two powers in double precision, so at
    depths where both underflow it returns ``0.0``; the paper's worked values
    (DL-P1) are pinned in the tests.

    Examples
    --------
    >>> from theory.depth import advantage
    >>> [round(advantage(d, 0.7, 0.67, 0.97), 4) for d in (1, 2, 3)]
    [0.501, 0.7935, 0.8816]
    >>> round(advantage(2.5, 0.7, 0.67, 0.97), 4)
    0.8556
    """
    dd = check_depth(d)
    ss, rr, qq = check_s0(s0), check_rho(rho), check_q(q)
    with np.errstate(under="ignore"):
        out = advantage_power(dd, ss, rr, qq)
    return to_output(out)


def slog_advantage(
    d: Real, s0: Real, rho: Real, q: Real
) -> tuple[float | npt.NDArray[np.float64], float | npt.NDArray[np.float64]]:
    """Sign and natural log of ``|g(d)|``, like :func:`numpy.linalg.slogdet`.

    ``g(d) = sign * exp(logabs)``; ``sign`` is ``1.0``, ``-1.0`` or ``0.0``
    (then ``logabs = -inf``). Never underflows, so the sign of ``g`` is right
    at any depth.

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0``.
    s0, rho, q : float or array_like
        ``s0`` in ``(0, 1]``, ``rho`` in ``(0, 1)``, ``q`` in ``(0, 1]``.

    Returns
    -------
    sign, logabs : float or ndarray
        Sign of ``g(d)`` and ``log |g(d)|``.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range or not real.

    Examples
    --------
    >>> from theory.depth import slog_advantage
    >>> sign, logabs = slog_advantage(20_000, 0.7, 0.67, 0.97)
    >>> sign, round(logabs, 2)
    (1.0, -609.18)
    """
    dd = check_depth(d)
    sign, logabs = slog_advantage_array(dd, check_s0(s0), check_rho(rho), check_q(q))
    return to_output(sign), to_output(logabs)


def _scalar(value: object, name: str) -> float:
    arr = check_real_array(value, name)
    if arr.ndim != 0:
        msg = f"{name} must be a real scalar when as_mpf=True, got shape {arr.shape}"
        raise TypeError(msg)
    return int(value) if isinstance(value, Integral) else float(arr)
