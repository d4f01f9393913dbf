"""Compliance factorization: retrieval times use (docs/guide/depth.md §2, DL-C2).

An agent complies with a decision when it retrieves it and then uses it:
``P_comply = P_ret * kappa`` with the **use factor**
``kappa = P(comply | decision retrieved)``. Separability of the two factors
is a modelling assumption. At fixed ``kappa`` a retrieval gain transfers to
compliance attenuated by ``kappa`` (``dP_comply / dP_ret = kappa``), and no
retrieval quality lifts compliance above ``kappa`` (DL-C2). The context
agent's per-task 0-1 loss is then ``1 - kappa P_ret``.

All functions accept scalars or NumPy arrays (broadcast); scalars give a
``float``. For the estimator ``kappa_hat`` with an interval, see
``theory.inference.use_factor``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from theory.depth._kernels import Real, to_output
from theory.validation import check_real_array

__all__ = [
    "compliance_ceiling",
    "compliance_gain",
    "p_comply",
    "task_loss",
    "use_factor",
]

_FloatOut = float | npt.NDArray[np.float64]


def _prob(value: object, name: str) -> npt.NDArray[np.float64]:
    return check_real_array(value, name, low=0.0, high=1.0)


def _comply_terms(p_ret: Any, kappa: Any) -> Any:
    """``P_ret * kappa`` on any numeric type (arrays, sympy, z3): the one formula.

    :func:`p_comply` and :func:`compliance_gain` evaluate it; :mod:`proofs`
    substitutes symbols into it (DL-C2). No validation.
    """
    return p_ret * kappa


def p_comply(p_ret: Real, kappa: Real) -> _FloatOut:
    """Compliance probability ``P_comply = P_ret * kappa`` (docs/guide/depth.md §2).

    Parameters
    ----------
    p_ret : float or array_like
        Retrieval probability in ``[0, 1]``.
    kappa : float or array_like
        Use factor in ``[0, 1]``.

    Returns
    -------
    float or ndarray
        ``P_ret * kappa``, in ``[0, kappa]``.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside ``[0, 1]`` or not real.

    Examples
    --------
    >>> from theory.compliance import p_comply
    >>> p_comply(0.8, 0.5)
    0.4
    """
    return to_output(_comply_terms(_prob(p_ret, "p_ret"), _prob(kappa, "kappa")))


def use_factor(p_comply: Real, p_ret: Real) -> _FloatOut:
    """Use factor ``kappa = P_comply / P_ret`` (docs/guide/depth.md §2).

    Parameters
    ----------
    p_comply : float or array_like
        Compliance probability in ``[0, 1]``, at most ``p_ret``.
    p_ret : float or array_like
        Retrieval probability in ``(0, 1]``.

    Returns
    -------
    float or ndarray
        ``kappa`` in ``[0, 1]``.

    Raises
    ------
    ValueError, TypeError
        If ``p_ret`` is 0, an argument is outside its range, or
        ``p_comply > p_ret`` (compliance needs retrieval, so ``kappa <= 1``).

    Examples
    --------
    >>> from theory.compliance import use_factor
    >>> use_factor(0.4, 0.8)
    0.5
    """
    comply = _prob(p_comply, "p_comply")
    ret = check_real_array(p_ret, "p_ret", low=0.0, high=1.0, low_open=True)
    excess = comply > ret
    if np.any(excess):
        c, r = np.broadcast_arrays(comply, ret)
        i = np.flatnonzero(excess)[0]
        msg = (
            f"p_comply={float(c.flat[i])!r} must be <= p_ret={float(r.flat[i])!r} "
            "(kappa = P_comply / P_ret is at most 1)"
        )
        raise ValueError(msg)
    return to_output(comply / ret)


def compliance_gain(delta_ret: Real, kappa: Real) -> _FloatOut:
    """Compliance change from a retrieval change at fixed ``kappa``: ``kappa * delta_ret`` (DL-C2).

    The attenuated transfer: ``dP_comply / dP_ret = kappa``, so a retrieval
    gain ``delta_ret`` moves compliance by ``kappa * delta_ret`` exactly.

    Parameters
    ----------
    delta_ret : float or array_like
        Change of ``P_ret``, in ``[-1, 1]``.
    kappa : float or array_like
        Use factor in ``[0, 1]``.

    Returns
    -------
    float or ndarray
        ``kappa * delta_ret``.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range or not real.

    Examples
    --------
    >>> from theory.compliance import compliance_gain
    >>> compliance_gain(0.25, 0.6)
    0.15
    """
    delta = check_real_array(delta_ret, "delta_ret", low=-1.0, high=1.0)
    return to_output(_comply_terms(delta, _prob(kappa, "kappa")))


def compliance_ceiling(kappa: Real) -> _FloatOut:
    """Largest compliance any retrieval can reach at use factor ``kappa``: ``kappa`` (DL-C2).

    ``P_comply = P_ret kappa <= kappa`` because ``P_ret <= 1``; reached at
    perfect retrieval.

    Parameters
    ----------
    kappa : float or array_like
        Use factor in ``[0, 1]``.

    Returns
    -------
    float or ndarray
        ``kappa``.

    Raises
    ------
    ValueError, TypeError
        If ``kappa`` is outside ``[0, 1]`` or not real.

    Examples
    --------
    >>> from theory.compliance import compliance_ceiling
    >>> compliance_ceiling(0.7)
    0.7
    """
    return to_output(_prob(kappa, "kappa"))


def task_loss(p_ret: Real, kappa: Real) -> _FloatOut:
    """Return the per-task 0-1 loss of the context agent, ``1 - kappa P_ret`` (docs/guide/depth.md §2).

    A modelling convenience: the agent errs unless it retrieves and uses the
    decision. Never below ``1 - kappa``.

    Parameters
    ----------
    p_ret : float or array_like
        Retrieval probability in ``[0, 1]``.
    kappa : float or array_like
        Use factor in ``[0, 1]``.

    Returns
    -------
    float or ndarray
        ``1 - kappa * P_ret``.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside ``[0, 1]`` or not real.

    Examples
    --------
    >>> from theory.compliance import task_loss
    >>> task_loss(0.8, 0.5)
    0.6
    """
    return to_output(1.0 - _prob(p_ret, "p_ret") * _prob(kappa, "kappa"))
