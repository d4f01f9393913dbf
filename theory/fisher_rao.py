"""Fisher–Rao distance between Gaussians, and the SLM paper's stand-ins (SLM-T6.1, SLM-E16).

The Fisher information of ``N(mu, sigma^2)`` in the coordinates ``(mu, sigma)``
is ``diag(1, 2) / sigma^2``, so the Fisher–Rao metric is
``ds^2 = (dmu^2 + 2 dsigma^2) / sigma^2``. With ``u = mu / sqrt(2)`` this is
``2 (du^2 + dsigma^2) / sigma^2``: twice the metric of the hyperbolic upper
half-plane, whose distance is ``arccosh(1 + |Δ|^2 / (2 sigma1 sigma2))``. Hence

``d_FR = sqrt(2) arccosh(1 + ((mu1 - mu2)^2 / 2 + (sigma1 - sigma2)^2) / (2 sigma1 sigma2))``

which we evaluate as ``2 sqrt(2) asinh(|Δ| / (2 sqrt(sigma1 sigma2)))`` with
``|Δ| = hypot((mu1 - mu2) / sqrt(2), sigma1 - sigma2)``, using
``arccosh(1 + x) = 2 asinh(sqrt(x / 2))``: no cancellation for nearby points.
Diagonal Gaussians carry the product metric, so their distance is the
root-sum-of-squares of the per-coordinate distances. ``sigma`` is always a
standard deviation here; the paper's retrieval score takes variances.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from scipy.integrate import solve_ivp
from scipy.optimize import minimize, root

from theory.validation import check_int, check_real, check_vector

__all__ = [
    "blended_score",
    "cosine_similarity",
    "fisher_rao_distance",
    "geodesic_length",
    "paper_eq3_distance",
    "paper_retrieval_score",
    "variance_heuristic",
]

_FloatArray = npt.NDArray[np.float64]


def fisher_rao_distance(
    mu1: object, sigma1: object, mu2: object, sigma2: object
) -> float:
    """Return the Fisher–Rao distance between two diagonal Gaussians.

    Parameters
    ----------
    mu1, sigma1 : float or array_like
        Mean and standard deviations (all > 0) of the first Gaussian.
    mu2, sigma2 : float or array_like
        Mean and standard deviations of the second; same shape as the first.

    Returns
    -------
    float
        ``sqrt(sum_k d_k^2)`` with ``d_k`` the univariate distance of
        coordinate ``k`` (module docstring).

    Raises
    ------
    ValueError
        On non-finite input, a non-positive ``sigma`` or mismatched shapes.
    TypeError
        On non-numeric input.

    See Also
    --------
    paper_eq3_distance : the formula SLM-T6.1 calls the Fisher–Rao distance.
    geodesic_length : an independent numerical check.

    Notes
    -----
    SLM-T6.1 (checked in ``proofs.claims.slm.geometry``). Pure scale changes give
    ``sqrt(2) |log(sigma2 / sigma1)|``; pure mean changes at equal ``sigma``
    give ``2 sqrt(2) asinh(|mu1 - mu2| / (2 sqrt(2) sigma))``.

    Examples
    --------
    >>> import math
    >>> from theory.fisher_rao import fisher_rao_distance
    >>> round(fisher_rao_distance(0.0, 1.0, 0.0, math.e), 6)  # sqrt(2)
    1.414214
    >>> round(fisher_rao_distance(0.0, 1.0, 1.0, 1.0), 6)  # sqrt(2) log 2
    0.980258
    """
    m1, s1, m2, s2 = _gaussian_pair(mu1, sigma1, mu2, sigma2)
    gap = np.hypot((m1 - m2) / math.sqrt(2.0), s1 - s2)
    per_coordinate = (
        2.0 * math.sqrt(2.0) * np.arcsinh(gap / (2.0 * (np.sqrt(s1) * np.sqrt(s2))))
    )
    return _scaled_norm(per_coordinate)


def paper_eq3_distance(
    mu1: object, sigma1: object, mu2: object, sigma2: object
) -> float:
    """Return the SLM paper's Eq. 3 "Fisher–Rao" distance, as stated.

    ``sqrt(sum_k [2 log(sigma2_k / sigma1_k)]^2
    + sum_k (mu1_k - mu2_k)^2 / (sigma1_k^2 + sigma2_k^2))``.

    Parameters
    ----------
    mu1, sigma1, mu2, sigma2 : float or array_like
        As in :func:`fisher_rao_distance` (standard deviations, > 0).

    Returns
    -------
    float
        The paper's value.

    Raises
    ------
    ValueError
        On non-finite input, a non-positive ``sigma`` or mismatched shapes.

    See Also
    --------
    fisher_rao_distance : the true distance.

    Notes
    -----
    SLM-T6.1. It is not the Fisher–Rao distance (at ``mu1 = mu2``,
    ``sigma2 = e sigma1`` it gives 2, the true value is ``sqrt(2)``) and it
    violates the triangle inequality (``proofs.claims.slm.geometry``).

    Examples
    --------
    >>> import math
    >>> from theory.fisher_rao import paper_eq3_distance
    >>> paper_eq3_distance(0.0, 1.0, 0.0, math.e)
    2.0
    >>> round(paper_eq3_distance(0.0, 1.0, 1.0, 1.0), 6)  # sqrt(1/2)
    0.707107
    """
    m1, s1, m2, s2 = _gaussian_pair(mu1, sigma1, mu2, sigma2)
    # log(s2/s1) without cancellation: log1p of the exact difference when close
    # (the ratio is formed only there: far apart it may overflow or round to -1)
    close = np.abs(s2 - s1) < 0.5 * s1
    relative = np.where(close, s2 - s1, 0.0) / s1
    scale = 2.0 * np.where(close, np.log1p(relative), np.log(s2) - np.log(s1))
    location = (m1 - m2) / np.hypot(s1, s2)
    return _scaled_norm(np.concatenate([scale, location]))


def geodesic_length(mu1: float, sigma1: float, mu2: float, sigma2: float) -> float:
    """Return the length of the numerically integrated Fisher geodesic.

    An independent check of :func:`fisher_rao_distance` for univariate
    Gaussians that does not use the closed form. In the coordinates
    ``(mu, s = log sigma)`` the metric is ``exp(-2 s) dmu^2 + 2 ds^2``, whose
    geodesic equations are ``mu'' = 2 mu' s'`` and
    ``s'' = -exp(-2 s) mu'^2 / 2`` (Christoffel symbols
    ``Gamma^mu_{mu s} = -1``, ``Gamma^s_{mu mu} = exp(-2 s) / 2``). A coarse
    energy-minimising polygon gives the initial velocity, shooting
    (``scipy.optimize.root`` over ``scipy.integrate.solve_ivp``, DOP853)
    refines it, and the length is the constant speed ``sqrt(g(v, v))``.

    Parameters
    ----------
    mu1, sigma1, mu2, sigma2 : float
        End points (``sigma`` > 0).

    Returns
    -------
    float
        The geodesic's length.

    Raises
    ------
    ValueError
        On a non-positive ``sigma``, non-finite input, or when shooting fails:
        the end point is missed by more than ``1e-9 (1 + max(|mu2|, |log sigma2|))``
        in ``(mu, log sigma)``.

    Notes
    -----
    SLM-T6.1 (the comparison of the closed form with a numerical geodesic).

    Examples
    --------
    >>> import math
    >>> from theory.fisher_rao import geodesic_length
    >>> abs(geodesic_length(0.0, 1.0, 1.0, 1.0) - math.sqrt(2) * math.log(2)) < 1e-8
    True
    """
    m1 = check_real(mu1, "mu1")
    m2 = check_real(mu2, "mu2")
    s1 = math.log(
        check_real(
            sigma1, "sigma1", low=0.0, high=math.inf, low_open=True, high_open=True
        )
    )
    s2 = math.log(
        check_real(
            sigma2, "sigma2", low=0.0, high=math.inf, low_open=True, high_open=True
        )
    )
    if (m1, s1) == (m2, s2):
        return 0.0
    start = np.array([m1, s1])
    target = np.array([m2, s2])

    def miss(v: _FloatArray) -> _FloatArray:
        out: _FloatArray = _shoot(start, v)[:2] - target
        return out

    try:  # far-apart points need velocities beyond floating point
        with np.errstate(over="raise", invalid="raise"):
            guess = _polygon_velocity(m1, s1, m2, s2, 8)
            sol = root(miss, guess, method="hybr", options={"xtol": 1e-13})
            missed = float(np.max(np.abs(miss(sol.x))))
        v = np.asarray(sol.x, dtype=np.float64)
        length = math.sqrt(math.exp(-2.0 * s1) * v[0] ** 2 + 2.0 * v[1] ** 2)
    except (OverflowError, FloatingPointError):
        missed, length = math.inf, math.nan
    if not missed <= 1e-9 * (1.0 + float(np.max(np.abs(target)))):
        msg = (
            f"shooting failed between (mu1={mu1!r}, sigma1={sigma1!r}) and "
            f"(mu2={mu2!r}, sigma2={sigma2!r}); fisher_rao_distance has the closed form"
        )
        raise ValueError(msg)
    return length


def _shoot(start: _FloatArray, velocity: _FloatArray) -> _FloatArray:
    """Return the state at ``t = 1`` of the geodesic from ``start``."""

    def rhs(_t: float, y: _FloatArray) -> _FloatArray:
        _, s, dmu, ds = y
        return np.array([dmu, ds, 2.0 * dmu * ds, -0.5 * math.exp(-2.0 * s) * dmu**2])

    y0 = np.concatenate([start, velocity])
    out = solve_ivp(rhs, (0.0, 1.0), y0, method="DOP853", rtol=1e-12, atol=1e-12)
    return np.asarray(out.y[:, -1], dtype=np.float64)


def cosine_similarity(u: object, v: object) -> float:
    """Return ``u·v / (|u| |v|)``.

    Parameters
    ----------
    u, v : array_like
        Non-zero vectors of equal length.

    Returns
    -------
    float
        The cosine of the angle between them, in ``[-1, 1]``.

    Raises
    ------
    ValueError
        On zero vectors, mismatched shapes or non-finite input.

    Examples
    --------
    >>> from theory.fisher_rao import cosine_similarity
    >>> cosine_similarity([1.0, 0.0], [1.0, 1.0])  # doctest: +NUMBER
    0.7071
    """
    a = _unit(check_vector(u, "u"), "u")
    b = _unit(check_vector(v, "v"), "v")
    _same_shape(a, b, "u", "v")
    return float(np.clip(a @ b, -1.0, 1.0))


def variance_heuristic(
    embedding: object, *, floor: float = 0.05, ceil: float = 2.0
) -> _FloatArray:
    """Return per-coordinate variances from an embedding's magnitudes (SLM-E16).

    Our reading of the paper's heuristic: with ``e`` the unit-normalised
    embedding, ``var_k = ceil - (ceil - floor) |e_k| / max_j |e_j|``, so the
    largest coordinate gets ``floor`` and a zero coordinate gets ``ceil``.
    The defaults are the values of the paper's reference implementation.

    Parameters
    ----------
    embedding : array_like
        A non-zero vector.
    floor, ceil : float, optional
        Smallest and largest variance, ``0 < floor <= ceil``.

    Returns
    -------
    numpy.ndarray
        The variances, in ``[floor, ceil]``.

    Raises
    ------
    ValueError
        On a zero or non-finite vector, or ``floor``/``ceil`` out of range.

    Examples
    --------
    >>> from theory.fisher_rao import variance_heuristic
    >>> variance_heuristic([0.0, 3.0, 4.0]).tolist()
    [2.0, 0.5375, 0.05]
    """
    lo = check_real(floor, "floor", low=0.0, low_open=True)
    hi = check_real(ceil, "ceil", low=lo)
    unit = _unit(check_vector(embedding, "embedding"), "embedding")
    signal = np.abs(unit) / np.max(np.abs(unit))
    return np.asarray(hi - (hi - lo) * signal, dtype=np.float64)


def paper_retrieval_score(
    query_mean: object,
    memory_mean: object,
    memory_variance: object,
    *,
    temperature: float = 1.0,
) -> float:
    """Return the SLM paper's retrieval score (Eq. 16), as stated.

    ``exp(-(1/T) sum_k (mu_q,k - mu_i,k)^2 / sigma_i,k^2)``, where
    ``sigma_i,k^2`` is the memory's variance; the query's variance is unused.

    Parameters
    ----------
    query_mean, memory_mean : array_like
        Means of equal length.
    memory_variance : array_like
        The memory's variances (> 0).
    temperature : float, optional
        ``T > 0``.

    Returns
    -------
    float
        The score, in ``(0, 1]``.

    Raises
    ------
    ValueError
        On mismatched shapes, non-finite input, a non-positive variance or
        temperature.

    Notes
    -----
    SLM-E16. It is not a monotone function of the Fisher–Rao distance
    (``proofs.claims.slm.geometry``).

    Examples
    --------
    >>> import math
    >>> from theory.fisher_rao import paper_retrieval_score
    >>> paper_retrieval_score([0.0, 1.0], [0.0, 0.0], [1.0, 0.5]) == math.exp(-2)
    True
    """
    q = check_vector(query_mean, "query_mean")
    m = check_vector(memory_mean, "memory_mean")
    var = check_vector(memory_variance, "memory_variance", positive=True)
    _same_shape(q, m, "query_mean", "memory_mean")
    _same_shape(m, var, "memory_mean", "memory_variance")
    t = check_real(temperature, "temperature", low=0.0, low_open=True)
    return math.exp(-float(np.sum((q - m) ** 2 / var)) / t)


def blended_score(
    query: object,
    memory: object,
    n_access: int,
    *,
    temperature: float = 1.0,
    warmup: int = 10,
) -> float:
    """Return the paper's cosine/Fisher blend over the first accesses (SLM-E16).

    Our reading: with ``w = min(n_access, warmup) / warmup`` the score is
    ``(1 - w) cos(query, memory) + w F`` where ``F`` is
    :func:`paper_retrieval_score` of the unit-normalised vectors, the
    memory's variances coming from :func:`variance_heuristic`. A new memory
    is ranked by cosine alone; from the ``warmup``-th access on, by ``F``.

    Parameters
    ----------
    query, memory : array_like
        Non-zero embeddings of equal length.
    n_access : int
        How often the memory was accessed, >= 0.
    temperature : float, optional
        ``T`` of the Fisher score.
    warmup : int, optional
        Number of accesses over which the blend moves, >= 1 (paper: 10).

    Returns
    -------
    float
        The blended score.

    Raises
    ------
    ValueError
        On invalid vectors or parameters.

    Examples
    --------
    >>> from theory.fisher_rao import blended_score
    >>> blended_score([1.0, 0.0], [1.0, 1.0], 0)  # pure cosine  # doctest: +NUMBER
    0.7071
    """
    k = check_int(n_access, "n_access", minimum=0)
    w_steps = check_int(warmup, "warmup", minimum=1)
    q = _unit(check_vector(query, "query"), "query")
    m = _unit(check_vector(memory, "memory"), "memory")
    cos = cosine_similarity(q, m)
    fisher = paper_retrieval_score(q, m, variance_heuristic(m), temperature=temperature)
    w = min(k, w_steps) / w_steps
    return (1.0 - w) * cos + w * fisher


def _polygon_velocity(
    m1: float, s1: float, m2: float, s2: float, n: int
) -> _FloatArray:
    """Return the initial velocity of an energy-minimising ``n``-piece polygon."""
    t = np.linspace(0.0, 1.0, n + 1)[1:-1]
    start = np.concatenate([m1 + (m2 - m1) * t, s1 + (s2 - s1) * t])

    def pieces(x: _FloatArray) -> tuple[_FloatArray, _FloatArray, _FloatArray]:
        mu = np.concatenate([[m1], x[: n - 1], [m2]])
        s = np.concatenate([[s1], x[n - 1 :], [s2]])
        return np.diff(mu), np.diff(s), np.exp(-(s[:-1] + s[1:]))

    def energy(x: _FloatArray) -> tuple[float, _FloatArray]:
        dmu, ds, w = pieces(x)
        value = float(np.sum(w * dmu**2 + 2.0 * ds**2))
        g_mu = 2.0 * w[:-1] * dmu[:-1] - 2.0 * w[1:] * dmu[1:]
        g_s = (
            -w[:-1] * dmu[:-1] ** 2
            + 4.0 * ds[:-1]
            - w[1:] * dmu[1:] ** 2
            - 4.0 * ds[1:]
        )
        return value, np.concatenate([g_mu, g_s])

    best = minimize(energy, start, jac=True, method="BFGS")
    dmu, ds, _ = pieces(np.asarray(best.x, dtype=np.float64))
    return np.array([dmu[0] * n, ds[0] * n])


def _scaled_norm(v: _FloatArray) -> float:
    """Return the Euclidean norm without under- or overflow of the squares."""
    top = float(np.max(np.abs(v)))
    if top == 0.0 or not math.isfinite(top):
        return top
    return top * math.sqrt(float(np.sum((v / top) ** 2)))


def _gaussian_pair(
    mu1: object, sigma1: object, mu2: object, sigma2: object
) -> tuple[_FloatArray, _FloatArray, _FloatArray, _FloatArray]:
    m1 = check_vector(mu1, "mu1")
    s1 = check_vector(sigma1, "sigma1", positive=True)
    m2 = check_vector(mu2, "mu2")
    s2 = check_vector(sigma2, "sigma2", positive=True)
    _same_shape(m1, s1, "mu1", "sigma1")
    _same_shape(m1, m2, "mu1", "mu2")
    _same_shape(m2, s2, "mu2", "sigma2")
    return m1, s1, m2, s2


def _same_shape(a: _FloatArray, b: _FloatArray, name_a: str, name_b: str) -> None:
    if a.shape != b.shape:
        msg = f"{name_a} and {name_b} must have the same shape, got {a.shape} and {b.shape}"
        raise ValueError(msg)


def _unit(v: _FloatArray, name: str) -> _FloatArray:
    scale = float(np.max(np.abs(v)))  # so that the norm of 1e300 entries is finite
    v = v / scale if scale > 0.0 else v
    norm = float(np.linalg.norm(v))
    if norm == 0.0:
        msg = f"{name} must be a non-zero vector, got {v.tolist()!r}"
        raise ValueError(msg)
    return v / norm
