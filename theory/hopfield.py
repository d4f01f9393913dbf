"""Modern (continuous) Hopfield networks and the SLM capacity claim (SLM-T6.6).

Patterns are the rows ``x_i`` of an ``(N, d)`` array (``X = patterns.T`` in
Ramsauer et al.'s notation). The energy of a state ``xi`` is

``E(xi) = -beta^{-1} log sum_i exp(beta x_i . xi) + xi . xi / 2 + beta^{-1} log N + M^2 / 2``

with ``M = max_i |x_i|`` (the constant makes ``E >= 0`` on the convex hull
of the patterns), and the update is ``xi <- X softmax(beta X^T xi)``, which
never increases ``E`` (a concave-convex procedure). Ramsauer et al. (2020),
"Hopfield Networks is All You Need", Theorem 3, show that the number of
random patterns on a sphere that can be stored and retrieved, with failure
probability ``p``, is at least ``sqrt(p) c^{(d - 1)/4}`` for a constant
``c > 1`` that depends on ``beta``, the sphere's radius, ``d`` and ``p``:
exponential in ``d``. SLM-T6.6 instead bounds an "effective memory count"
by ``C d^{d - 1}``, a bound in ``d`` alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.special import logsumexp, softmax

from theory.validation import check_int, check_real, check_vector

__all__ = [
    "AttractorCount",
    "count_attractors",
    "hopfield_energy",
    "hopfield_retrieve",
    "hopfield_update",
    "log_paper_capacity_bound",
    "log_ramsauer_capacity_form",
]

_FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class AttractorCount:
    """Distinct fixed points reached from the patterns, and their largest energy.

    Examples
    --------
    >>> from theory.hopfield import AttractorCount
    >>> AttractorCount(3, -0.4).count
    3
    """

    count: int
    max_energy: float


def hopfield_energy(xi: object, patterns: object, *, beta: float) -> float:
    """Return the modern Hopfield energy of state ``xi`` (module docstring).

    Parameters
    ----------
    xi : array_like
        State, shape ``(d,)``.
    patterns : array_like
        Stored patterns as rows, shape ``(N, d)``.
    beta : float
        Inverse temperature, > 0.

    Returns
    -------
    float
        ``E(xi)``.

    Raises
    ------
    ValueError
        On mismatched shapes, non-finite input, ``beta <= 0``, or input whose
        scores ``beta * (patterns @ xi)`` (or, for the energy, ``xi @ xi``)
        overflow float64.

    Examples
    --------
    >>> from theory.hopfield import hopfield_energy
    >>> hopfield_energy([1.0, 0.0], [[1.0, 0.0]], beta=1.0)  # -1 + 1/2 + 0 + 1/2
    0.0
    """
    x, p, b = _state(xi, patterns, beta)
    with np.errstate(over="ignore", invalid="ignore"):
        m2 = float(np.max(np.sum(p**2, axis=1)))
        lse = float(logsumexp(_scores(x, p, b))) / b
        energy = -lse + 0.5 * float(x @ x) + math.log(p.shape[0]) / b + 0.5 * m2
    return _finite(energy, x, p, b)


def hopfield_update(xi: object, patterns: object, *, beta: float) -> _FloatArray:
    """Return one update ``X softmax(beta X^T xi)``.

    Parameters
    ----------
    xi, patterns, beta
        As in :func:`hopfield_energy`.

    Returns
    -------
    numpy.ndarray
        The new state, a convex combination of the patterns.

    Raises
    ------
    ValueError
        On mismatched shapes, non-finite input, ``beta <= 0``, or input whose
        scores ``beta * (patterns @ xi)`` (or, for the energy, ``xi @ xi``)
        overflow float64.

    Examples
    --------
    >>> from theory.hopfield import hopfield_update
    >>> hopfield_update([0.0, 0.0], [[1.0, 0.0], [-1.0, 0.0]], beta=1.0).tolist()
    [0.0, 0.0]
    """
    x, p, b = _state(xi, patterns, beta)
    return _step(x, p, b)


def hopfield_retrieve(
    xi: object,
    patterns: object,
    *,
    beta: float,
    max_iter: int = 1000,
    tol: float = 1e-12,
) -> _FloatArray:
    """Iterate :func:`hopfield_update` until the step is below ``tol`` (a fixed point).

    Parameters
    ----------
    xi, patterns, beta
        As in :func:`hopfield_energy`.
    max_iter : int, optional
        Iteration cap, >= 1.
    tol : float, optional
        Stop when ``|xi_new - xi| <= tol``.

    Returns
    -------
    numpy.ndarray
        The last state.

    Examples
    --------
    >>> from theory.hopfield import hopfield_retrieve
    >>> out = hopfield_retrieve([0.9, 0.1], [[1.0, 0.0], [0.0, 1.0]], beta=50.0)
    >>> out.round(6).tolist()
    [1.0, 0.0]
    """
    x, p, b = _state(xi, patterns, beta)
    steps = check_int(max_iter, "max_iter", minimum=1)
    eps = check_real(tol, "tol", low=0.0)
    for _ in range(steps):
        new = _step(x, p, b)
        if float(np.linalg.norm(new - x)) <= eps:
            return new
        x = new
    return x


def count_attractors(
    patterns: object, *, beta: float, resolution: float = 1e-6
) -> AttractorCount:
    """Count the distinct fixed points reached by retrieval started at each pattern.

    Two fixed points closer than ``resolution`` count once.

    Parameters
    ----------
    patterns : array_like
        Patterns as rows, shape ``(N, d)``.
    beta : float
        Inverse temperature, > 0.
    resolution : float, optional
        Distance below which fixed points are merged, > 0.

    Returns
    -------
    AttractorCount
        The count and the largest energy among the fixed points.

    Notes
    -----
    SLM-T6.6: with ``N`` equally spaced unit patterns in ``d = 2`` and a
    large enough ``beta`` the count is ``N``, for every ``N``.

    Examples
    --------
    >>> from theory.hopfield import count_attractors
    >>> count_attractors([[1.0, 0.0], [-1.0, 0.0]], beta=50.0).count
    2
    >>> count_attractors([[1.0, 0.0], [-1.0, 0.0]], beta=0.1).count  # one blurred state
    1
    """
    rows = check_vector(patterns, "patterns", ndim=2)
    _, p, b = _state(np.zeros(rows.shape[1]), rows, beta)
    res = check_real(resolution, "resolution", low=0.0, low_open=True)
    found: list[_FloatArray] = []
    for row in p:
        point = hopfield_retrieve(row, p, beta=b)
        if all(float(np.linalg.norm(point - q)) >= res for q in found):
            found.append(point)
    energy = max(hopfield_energy(q, p, beta=b) for q in found)
    return AttractorCount(len(found), energy)


def log_paper_capacity_bound(d: int, *, constant: float = 1.0) -> float:
    """Return ``log(C d^(d - 1))``, the log of SLM-T6.6's bound.

    Parameters
    ----------
    d : int
        Dimension, >= 1.
    constant : float, optional
        ``C > 0``.

    Returns
    -------
    float
        ``log C + (d - 1) log d``: super-exponential in ``d``.

    Examples
    --------
    >>> import math
    >>> from theory.hopfield import log_paper_capacity_bound
    >>> log_paper_capacity_bound(3) == math.log(9)
    True
    """
    dim = check_int(d, "d", minimum=1)
    c = check_real(
        constant, "constant", low=0.0, high=math.inf, low_open=True, high_open=True
    )
    return math.log(c) + (dim - 1) * math.log(dim)


def log_ramsauer_capacity_form(d: int, *, c: float, p: float) -> float:
    """Return ``log(sqrt(p) c^((d - 1)/4))``, the form of Ramsauer et al.'s Theorem 3.

    Parameters
    ----------
    d : int
        Dimension, >= 2.
    c : float
        The theorem's base, > 1.
    p : float
        Failure probability, in ``(0, 1)``.

    Returns
    -------
    float
        ``log(p) / 2 + (d - 1) log(c) / 4``: linear in ``d`` (exponential
        capacity), so ``log_paper_capacity_bound(d) - this`` grows without
        bound.

    Examples
    --------
    >>> import math
    >>> from theory.hopfield import log_ramsauer_capacity_form
    >>> log_ramsauer_capacity_form(5, c=math.e, p=math.exp(-2))
    0.0
    """
    dim = check_int(d, "d", minimum=2)
    base = check_real(c, "c", low=1.0, high=math.inf, low_open=True, high_open=True)
    prob = check_real(p, "p", low=0.0, high=1.0, low_open=True, high_open=True)
    return 0.5 * math.log(prob) + (dim - 1) * math.log(base) / 4.0


def _scores(x: _FloatArray, p: _FloatArray, b: float) -> _FloatArray:
    """``beta * (patterns @ xi)``, or a ValueError when float64 cannot hold it."""
    with np.errstate(over="ignore", invalid="ignore"):
        s = np.asarray(b * (p @ x), dtype=np.float64)
    if not np.all(np.isfinite(s)):
        _overflow(x, p, b)
    return s


def _step(x: _FloatArray, p: _FloatArray, b: float) -> _FloatArray:
    """One update ``X softmax(beta X^T x)``: finite scores or a ValueError.

    The result is a convex combination of the (finite) patterns, so it is
    finite whenever the scores are.
    """
    return np.asarray(p.T @ softmax(_scores(x, p, b)), dtype=np.float64)


def _finite(value: float, x: _FloatArray, p: _FloatArray, b: float) -> float:
    if not math.isfinite(value):
        _overflow(x, p, b)
    return value


def _overflow(x: _FloatArray, p: _FloatArray, b: float) -> None:
    msg = (
        "beta * (patterns @ xi) and the state overflow float64 "
        f"(beta={b!r}, largest |entry| of patterns {float(np.max(np.abs(p))):.3g}, "
        f"of xi {float(np.max(np.abs(x), initial=0.0)):.3g}); scale them down"
    )
    raise ValueError(msg)


def _state(
    xi: object, patterns: object, beta: float
) -> tuple[_FloatArray, _FloatArray, float]:
    x = check_vector(xi, "xi")
    p = check_vector(patterns, "patterns", ndim=2)
    if p.shape[1] != x.shape[0]:
        msg = f"patterns must have shape (N, {x.shape[0]}) to match xi, got {p.shape}"
        raise ValueError(msg)
    b = check_real(beta, "beta", low=0.0, low_open=True, high=math.inf, high_open=True)
    return x, p, b
