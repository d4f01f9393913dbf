"""The Poincaré ball model of hyperbolic space (curvature -1), used by SLM-T6.3.

Points are vectors with ``|x| < 1``. The metric is ``lambda_x^2 |dx|^2`` with
the conformal factor ``lambda_x = 2 / (1 - |x|^2)``; the distance is
``arccosh(1 + 2 |x - y|^2 / ((1 - |x|^2)(1 - |y|^2)))``, evaluated as
``2 asinh(|x - y| / sqrt((1 - |x|^2)(1 - |y|^2)))`` (no cancellation for
nearby points). Möbius addition, and the exponential and logarithmic maps at
any base point, follow Ganea, Bécigneul and Hofmann (2018), "Hyperbolic
Neural Networks", with curvature -1.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from theory.validation import check_vector

__all__ = [
    "conformal_factor",
    "exp_map",
    "log_map",
    "mobius_add",
    "poincare_distance",
]

_FloatArray = npt.NDArray[np.float64]


def conformal_factor(x: object) -> float:
    """Return ``lambda_x = 2 / (1 - |x|^2)`` at a point of the open unit ball.

    Parameters
    ----------
    x : array_like
        A point with ``|x| < 1``.

    Returns
    -------
    float
        The conformal factor, >= 2.

    Raises
    ------
    ValueError
        If ``x`` is not finite or not inside the open unit ball.

    Examples
    --------
    >>> from theory.poincare import conformal_factor
    >>> conformal_factor([0.0, 0.0])
    2.0
    >>> conformal_factor([0.6, 0.0])  # 2 / 0.64
    3.125
    """
    p = _ball_point(x, "x")
    return 2.0 / (1.0 - float(p @ p))


def mobius_add(x: object, y: object) -> _FloatArray:
    """Return the Möbius sum ``x ⊕ y`` on the Poincaré ball.

    ``((1 + 2<x,y> + |y|^2) x + (1 - |x|^2) y) / (1 + 2<x,y> + |x|^2 |y|^2)``.

    Parameters
    ----------
    x, y : array_like
        Points of the open unit ball, same length.

    Returns
    -------
    numpy.ndarray
        A point of the open unit ball; ``(-x) ⊕ (x ⊕ y) == y``.

    Raises
    ------
    ValueError
        On points outside the ball or mismatched shapes.

    Examples
    --------
    >>> from theory.poincare import mobius_add
    >>> mobius_add([0.5, 0.0], [0.5, 0.0]).tolist()  # 1 / 1.25
    [0.8, 0.0]
    """
    a, b = _ball_pair(x, y)
    return _mobius(a, b)


def poincare_distance(x: object, y: object) -> float:
    """Return the hyperbolic distance between two points of the ball.

    Parameters
    ----------
    x, y : array_like
        Points of the open unit ball, same length.

    Returns
    -------
    float
        ``2 asinh(|x - y| / sqrt((1 - |x|^2)(1 - |y|^2)))``.

    Raises
    ------
    ValueError
        On points outside the ball or mismatched shapes.

    Examples
    --------
    >>> import math
    >>> from theory.poincare import poincare_distance
    >>> abs(poincare_distance([0.0], [0.5]) - math.log(3)) < 1e-12  # 2 atanh(0.5)
    True
    """
    a, b = _ball_pair(x, y)
    gap = float(np.linalg.norm(a - b))
    return 2.0 * math.asinh(gap / math.sqrt((1.0 - a @ a) * (1.0 - b @ b)))


def exp_map(x: object, v: object) -> _FloatArray:
    """Return ``exp_x(v) = x ⊕ (tanh(lambda_x |v| / 2) v / |v|)``.

    Parameters
    ----------
    x : array_like
        Base point in the open unit ball.
    v : array_like
        Tangent vector at ``x`` (same length, finite).

    Returns
    -------
    numpy.ndarray
        The end point of the geodesic from ``x`` with initial velocity ``v``
        after unit time; its distance to ``x`` is ``lambda_x |v|``.

    Raises
    ------
    ValueError
        On a base point outside the ball or mismatched shapes.

    Examples
    --------
    >>> import math
    >>> from theory.poincare import exp_map
    >>> float(exp_map([0.0], [math.log(3) / 2])[0])  # doctest: +NUMBER
    0.5
    """
    base = _ball_point(x, "x")
    tangent = check_vector(v, "v")
    if tangent.shape != base.shape:
        msg = f"x and v must have the same shape, got {base.shape} and {tangent.shape}"
        raise ValueError(msg)
    norm = float(np.linalg.norm(tangent))
    if norm == 0.0:
        return base.copy()
    lam = 2.0 / (1.0 - float(base @ base))
    step = math.tanh(lam * norm / 2.0) * tangent / norm
    return _mobius(base, step)


def log_map(x: object, y: object) -> _FloatArray:
    """Return ``log_x(y) = (2 / lambda_x) artanh(|(-x) ⊕ y|) w / |w|``, ``w = (-x) ⊕ y``.

    Parameters
    ----------
    x, y : array_like
        Base point and target in the open unit ball, same length.

    Returns
    -------
    numpy.ndarray
        The tangent vector at ``x`` with ``exp_x(log_x(y)) == y``; its
        Riemannian length ``lambda_x |log_x(y)|`` is the distance.

    Raises
    ------
    ValueError
        On points outside the ball or mismatched shapes.

    Examples
    --------
    >>> from theory.poincare import log_map
    >>> log_map([0.0, 0.0], [0.5, 0.0]).round(6).tolist()  # atanh(0.5) = log(3) / 2
    [0.549306, 0.0]
    """
    a, b = _ball_pair(x, y)
    w = _mobius(-a, b)
    norm = float(np.linalg.norm(w))
    if norm == 0.0:
        return np.zeros_like(a)
    lam = 2.0 / (1.0 - float(a @ a))
    return np.asarray((2.0 / lam) * math.atanh(norm) * w / norm, dtype=np.float64)


def _mobius(a: _FloatArray, b: _FloatArray) -> _FloatArray:
    ab, aa, bb = float(a @ b), float(a @ a), float(b @ b)
    num = (1.0 + 2.0 * ab + bb) * a + (1.0 - aa) * b
    return np.asarray(num / (1.0 + 2.0 * ab + aa * bb), dtype=np.float64)


def _ball_point(x: object, name: str) -> _FloatArray:
    p = check_vector(x, name)
    norm = float(np.linalg.norm(p))
    if norm >= 1.0:
        msg = f"{name} must lie in the open unit ball (|{name}| < 1), got |{name}| = {norm!r}"
        raise ValueError(msg)
    return p


def _ball_pair(x: object, y: object) -> tuple[_FloatArray, _FloatArray]:
    a, b = _ball_point(x, "x"), _ball_point(y, "y")
    if a.shape != b.shape:
        msg = f"x and y must have the same shape, got {a.shape} and {b.shape}"
        raise ValueError(msg)
    return a, b
