"""Vectorised kernels and argument checks of the depth laws (private).

The closed forms themselves are in :mod:`theory.depth.formulas`.

Every kernel takes float arrays that broadcast and works in log space:
``a = -log q``, ``b = -log s0``, ``c = -log rho`` are the decay rates, so
``log P_struct(d) = -a d`` and ``log P_sim(d) = -(b d + c d (d + 1) / 2)``.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from theory.depth.formulas import log_p_sim_terms, log_p_struct_terms
from theory.validation import check_real_array

Real = (
    float | int | Sequence[float] | npt.NDArray[np.floating] | npt.NDArray[np.integer]
)
FloatArray = npt.NDArray[np.float64]


class DepthUnderflowWarning(RuntimeWarning):
    """A positive probability rounded to ``0.0`` in double precision.

    Raised as a warning (not an error) by the linear-space functions; the
    log-space twins never underflow.

    Examples
    --------
    >>> import warnings
    >>> from theory.depth import DepthUnderflowWarning, p_similarity
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     p_similarity(10_000, 0.7, 0.67)
    0.0
    >>> caught[0].category is DepthUnderflowWarning
    True
    """


def check_depth(d: object, name: str = "d") -> FloatArray:
    """Real depth(s) ``>= 0``, finite."""
    arr = check_real_array(d, name, low=0.0)
    if np.isinf(arr).any():
        msg = f"{name} must be finite, got inf"
        raise ValueError(msg)
    return arr


def check_s0(s0: object) -> FloatArray:
    """``s0`` in ``(0, 1]``."""
    return check_real_array(s0, "s0", low=0.0, high=1.0, low_open=True)


def check_rho(rho: object) -> FloatArray:
    """``rho`` in ``(0, 1)``."""
    return check_real_array(
        rho, "rho", low=0.0, high=1.0, low_open=True, high_open=True
    )


def check_q(q: object) -> FloatArray:
    """``q`` in ``(0, 1]``."""
    return check_real_array(q, "q", low=0.0, high=1.0, low_open=True)


def to_output(arr: npt.ArrayLike) -> float | FloatArray:
    """Return a builtin float for 0-d results, the array otherwise."""
    out = np.asarray(arr, dtype=np.float64)
    return float(out) if out.ndim == 0 else out


def log_p_sim_array(d: FloatArray, s0: FloatArray, rho: FloatArray) -> FloatArray:
    """``d log s0 + d (d + 1) / 2 log rho`` (``-inf`` when the exponent overflows)."""
    with np.errstate(over="ignore", invalid="ignore"):
        out = log_p_sim_terms(d, np.log(s0), np.log(rho))
    return np.asarray(out, dtype=np.float64)


def log_p_struct_array(d: FloatArray, q: FloatArray) -> FloatArray:
    """``d log q``."""
    return np.asarray(log_p_struct_terms(d, np.log(q)), dtype=np.float64)


def slog_advantage_array(
    d: FloatArray, s0: FloatArray, rho: FloatArray, q: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """Sign and ``log |q**d - P_sim(d)|`` without underflow."""
    ls = log_p_struct_array(d, q)
    lp = log_p_sim_array(d, s0, rho)
    with np.errstate(divide="ignore", invalid="ignore"):
        diff = ls - lp
        top = np.maximum(ls, lp)
        logabs = top + np.log(-np.expm1(-np.abs(diff)))
    sign = np.sign(diff)
    logabs = np.where(sign == 0.0, -np.inf, logabs)
    return np.asarray(sign, dtype=np.float64), np.asarray(logabs, dtype=np.float64)


def exp_checked(
    log_value: float | npt.NDArray[np.float64], what: str
) -> float | npt.NDArray[np.float64]:
    """Return ``exp(log_value)``, warning when a positive value rounds to 0."""
    logs = np.asarray(log_value, dtype=np.float64)
    with np.errstate(under="ignore"):
        out = np.exp(logs)
    if np.any((out == 0.0) & np.isfinite(logs)):
        msg = (
            f"{what} underflowed to 0.0 in double precision; "
            "use the log-space function for the exact value"
        )
        warnings.warn(msg, DepthUnderflowWarning, stacklevel=3)
    return to_output(out)
