"""Scatter: decisions split into fragments (docs/guide/depth.md §6: DL-T6, DL-T11).

A decision stored as ``sigma`` fragments assembles only when every fragment
surfaces. With independent fragments each surfacing with probability ``p``
that is ``p**sigma`` (DL-T11); with heterogeneous independent fragments the
product is at most ``p_bar**sigma`` for their mean ``p_bar`` (AM-GM, DL-T6);
when fragments co-surface (positive association, e.g. a shared latent
relevance) ``p**sigma`` is a lower bound, and under arbitrary dependence only
the Fréchet bounds ``max(0, 1 - sigma (1 - p)) <= P <= p`` hold. Finding the
fragments among ``N`` items needs ``log2 C(N, sigma) >= sigma log2(N / sigma)``
bits of location information and, at one fragment per successful probe,
``sigma / p_bar`` probes on average. Depth and scatter compose as
``q**d p**sigma`` when hops and fragments are independent.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy as np
import numpy.typing as npt

from theory.depth._kernels import Real, check_depth, check_q, to_output
from theory.depth.formulas import p_struct_power
from theory.validation import check_int, check_probability, check_real_array

__all__ = [
    "AssemblyBounds",
    "assembly_bounds",
    "location_bits",
    "location_bits_lower",
    "log_p_assembly",
    "log_p_depth_scatter",
    "p_assembly",
    "p_assembly_fragments",
    "p_depth_scatter",
    "probe_count",
]

_FloatOut = float | npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class AssemblyBounds:
    """What the probability that all ``sigma`` fragments surface can be.

    Attributes
    ----------
    low : float
        Fréchet lower bound ``max(0, 1 - sigma (1 - p))``, reached by some
        dependence between fragments (arbitrary dependence).
    independent : float
        ``p**sigma``, independent fragments; a lower bound when fragments
        are positively associated (co-surface).
    high : float
        ``p``, reached when the fragments always surface together.

    Examples
    --------
    >>> from theory.scatter import assembly_bounds
    >>> assembly_bounds(0.5, 2)
    AssemblyBounds(low=0.0, independent=0.25, high=0.5)
    """

    low: float
    independent: float
    high: float


def _assembly_power(p: Any, sigma: Any) -> Any:
    """Return ``p**sigma`` (DL-T11) on any numeric type (arrays, sympy symbols).

    The one formula behind :func:`p_assembly` and :func:`p_depth_scatter`;
    :mod:`proofs.claims.dl.depth` substitutes sympy symbols into it. No validation.

    Examples
    --------
    >>> from theory.scatter import _assembly_power
    >>> _assembly_power(0.5, 3)
    0.125
    """
    return p**sigma


def _depth_scatter_power(d: Any, q: Any, p: Any, sigma: Any) -> Any:
    """Return ``q**d p**sigma`` (DL-T11 composed with DL-T9) on any numeric type.

    The formula of :func:`p_depth_scatter`. No validation.

    Examples
    --------
    >>> from theory.scatter import _depth_scatter_power
    >>> _depth_scatter_power(2, 0.5, 0.5, 1)
    0.125
    """
    return p_struct_power(d, q) * _assembly_power(p, sigma)


def p_assembly(p: Real, sigma: int) -> _FloatOut:
    """Probability that ``sigma`` independent fragments all surface: ``p**sigma`` (DL-T11).

    Parameters
    ----------
    p : float or array_like
        Per-fragment surfacing probability in ``[0, 1]``.
    sigma : int
        Number of fragments, ``>= 1`` (a typed unit has ``sigma = 1``).

    Returns
    -------
    float or ndarray
        ``p**sigma``.

    Raises
    ------
    ValueError, TypeError
        If ``p`` is outside ``[0, 1]`` or ``sigma`` is not an int ``>= 1``.

    See Also
    --------
    assembly_bounds : what dependence between fragments does to it.

    Examples
    --------
    >>> from theory.scatter import p_assembly
    >>> round(p_assembly(0.92, 5), 4)
    0.6591
    """
    n = check_int(sigma, "sigma", minimum=1)
    return to_output(_assembly_power(check_real_array(p, "p", low=0.0, high=1.0), n))


def log_p_assembly(p: Real, sigma: int) -> _FloatOut:
    """Natural log of ``p**sigma``: ``sigma log p`` (``-inf`` at ``p = 0``) (DL-T11).

    Parameters
    ----------
    p : float or array_like
        Per-fragment surfacing probability in ``[0, 1]``.
    sigma : int
        Number of fragments, ``>= 1``.

    Returns
    -------
    float or ndarray
        ``sigma * log(p)``.

    Raises
    ------
    ValueError, TypeError
        As :func:`p_assembly`.

    Examples
    --------
    >>> from theory.scatter import log_p_assembly
    >>> round(log_p_assembly(0.92, 10_000), 2)
    -833.82
    """
    n = check_int(sigma, "sigma", minimum=1)
    prob = check_real_array(p, "p", low=0.0, high=1.0)
    with np.errstate(divide="ignore"):
        return to_output(n * np.log(prob))


def p_assembly_fragments(probabilities: Sequence[float]) -> float:
    """Assembly probability of independent fragments with their own probabilities (DL-T6).

    Parameters
    ----------
    probabilities : sequence of float
        ``p_1, ..., p_sigma`` in ``[0, 1]`` (at least one).

    Returns
    -------
    float
        ``prod p_i``, which is at most ``p_bar**sigma`` for the mean
        ``p_bar`` (AM-GM; equality iff all ``p_i`` are equal).

    Raises
    ------
    ValueError, TypeError
        If the sequence is empty or an entry is outside ``[0, 1]``.

    Examples
    --------
    >>> from theory.scatter import p_assembly_fragments
    >>> p_assembly_fragments([0.9, 0.5])
    0.45
    """
    if isinstance(probabilities, (str, bytes)) or not isinstance(
        probabilities, Sequence | np.ndarray
    ):
        msg = f"probabilities must be a sequence, got {type(probabilities).__name__}"
        raise TypeError(msg)
    if len(probabilities) == 0:
        msg = "probabilities must hold at least one fragment, got an empty sequence"
        raise ValueError(msg)
    terms = [
        check_probability(v, f"probabilities[{i}]") for i, v in enumerate(probabilities)
    ]
    return math.prod(terms)


def assembly_bounds(p: float, sigma: int) -> AssemblyBounds:
    """Bounds on ``P(all sigma fragments surface)`` given each surfaces with ``p``.

    Parameters
    ----------
    p : float
        Per-fragment surfacing probability in ``[0, 1]``.
    sigma : int
        Number of fragments, ``>= 1``.

    Returns
    -------
    AssemblyBounds
        Fréchet bounds and the independent value; ``low <= independent <= high``.

    Raises
    ------
    ValueError, TypeError
        As :func:`p_assembly`.

    Notes
    -----
    DL-T11 calls ``p**sigma`` a lower bound "when fragments co-surface": true
    under positive association (Harris-FKG; for a shared latent rate ``P``
    with mean ``p``, ``E[P**sigma] >= p**sigma`` by Jensen), false under
    negative dependence, where the probability can fall to ``low``.

    Examples
    --------
    >>> from theory.scatter import assembly_bounds
    >>> b = assembly_bounds(0.9, 3)
    >>> round(b.low, 3), round(b.independent, 3), b.high
    (0.7, 0.729, 0.9)
    """
    n = check_int(sigma, "sigma", minimum=1)
    prob = check_probability(p, "p")
    independent = prob**n
    # Bernoulli: 1 - n (1 - p) <= p**n; clamp so rounding keeps the order.
    low = min(max(0.0, 1.0 - n * (1.0 - prob)), independent)
    return AssemblyBounds(low, independent, prob)


def location_bits(n_items: int, sigma: int) -> float:
    """Bits to name which ``sigma`` of ``n_items`` hold the fragments: ``log2 C(N, sigma)`` (DL-T6).

    Computed from ``log Gamma`` in ``mpmath`` with ``30 +`` (digits of ``N``)
    significant digits and rounded once, so it is exact to double rounding
    for any size, in a time that does not grow with ``sigma`` (the exact
    integer ``math.comb`` of ``10**6`` choose ``5 * 10**5`` takes about a
    minute and grows quadratically).

    Parameters
    ----------
    n_items : int
        Number of items ``N >= 1``.
    sigma : int
        Number of fragments, ``1 <= sigma <= N``.

    Returns
    -------
    float
        ``log2 C(N, sigma)``.

    Raises
    ------
    ValueError, TypeError
        If the arguments are not ints with ``1 <= sigma <= n_items``, or the
        bit count exceeds the float range.

    See Also
    --------
    location_bits_lower : the ``sigma log2(N / sigma)`` form, never larger.

    Examples
    --------
    >>> from theory.scatter import location_bits
    >>> location_bits(8, 2)  # C(8, 2) = 28
    4.807354922057604
    """
    n, s = _check_items(n_items, sigma)
    with mpmath.workdps(30 + len(str(n))):
        log_comb = mpmath.loggamma(n + 1) - mpmath.loggamma(s + 1)
        bits = float((log_comb - mpmath.loggamma(n - s + 1)) / mpmath.log(2))
    if not math.isfinite(bits):
        msg = f"log2 C(n_items, sigma) exceeds the float range (n_items has {len(str(n))} digits)"
        raise ValueError(msg)
    return bits


def location_bits_lower(n_items: int, sigma: int) -> float:
    """Return the ``sigma log2(N / sigma)`` lower bound on :func:`location_bits` (DL-T6).

    ``C(N, sigma) = prod_{i < sigma} (N - i) / (sigma - i)`` and each factor
    is at least ``N / sigma``, so ``log2 C(N, sigma) >= sigma log2(N / sigma)``
    (proved in :mod:`proofs.claims.dl.depth`, claim DL-T6-BITS).

    Parameters
    ----------
    n_items : int
        Number of items ``N >= 1``.
    sigma : int
        Number of fragments, ``1 <= sigma <= N``.

    Returns
    -------
    float
        ``sigma * log2(N / sigma)``.

    Raises
    ------
    ValueError, TypeError
        If the arguments are not ints with ``1 <= sigma <= n_items``.

    Examples
    --------
    >>> from theory.scatter import location_bits_lower
    >>> location_bits_lower(8, 2)
    4.0
    """
    n, s = _check_items(n_items, sigma)
    return s * math.log2(n / s)


def probe_count(sigma: int, p_bar: float) -> float:
    """Return the expected probes to confirm ``sigma`` fragments, ``sigma / p_bar`` (DL-T6).

    Model: each probe independently confirms one new fragment with
    probability ``p_bar``; the probe count is negative binomial with mean
    ``sigma / p_bar`` (``scipy.stats.nbinom(sigma, p_bar).mean() + sigma``).

    Parameters
    ----------
    sigma : int
        Number of fragments, ``>= 1``.
    p_bar : float
        Per-probe confirmation probability in ``(0, 1]``.

    Returns
    -------
    float
        ``sigma / p_bar``.

    Raises
    ------
    ValueError, TypeError
        If ``sigma`` is not an int ``>= 1``, ``p_bar`` is outside ``(0, 1]``,
        or ``sigma / p_bar`` exceeds the float range.

    Examples
    --------
    >>> from theory.scatter import probe_count
    >>> probe_count(4, 0.8)
    5.0
    """
    n = check_int(sigma, "sigma", minimum=1)
    prob = check_probability(p_bar, "p_bar", low_open=True)
    try:
        count = n / prob
    except OverflowError:  # an int sigma beyond the float range
        count = math.inf
    if not math.isfinite(count):
        msg = f"sigma / p_bar must be finite, got sigma={sigma!r}, p_bar={p_bar!r}"
        raise ValueError(msg)
    return count


def log_p_depth_scatter(d: Real, q: Real, p: Real, sigma: int) -> _FloatOut:
    """Natural log of the composed law ``q**d p**sigma`` (DL-T11).

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0``.
    q : float or array_like
        Per-edge fidelity in ``(0, 1]``.
    p : float or array_like
        Per-fragment surfacing probability in ``[0, 1]``.
    sigma : int
        Number of fragments, ``>= 1``.

    Returns
    -------
    float or ndarray
        ``d log q + sigma log p`` (``-inf`` when ``p = 0``).

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range.

    Examples
    --------
    >>> from theory.scatter import log_p_depth_scatter
    >>> round(log_p_depth_scatter(3, 0.97, 0.92, 2), 4)
    -0.2581
    """
    depth = check_depth(d)
    fidelity = check_q(q)
    return to_output(depth * np.log(fidelity) + np.asarray(log_p_assembly(p, sigma)))


def p_depth_scatter(d: Real, q: Real, p: Real, sigma: int) -> _FloatOut:
    """Recovery through ``d`` typed hops of a decision in ``sigma`` fragments: ``q**d p**sigma``.

    The composed law of DL-T11, assuming hops and fragments independent.

    Parameters
    ----------
    d : float or array_like
        Depth, real ``>= 0``.
    q : float or array_like
        Per-edge fidelity in ``(0, 1]``.
    p : float or array_like
        Per-fragment surfacing probability in ``[0, 1]``.
    sigma : int
        Number of fragments, ``>= 1``.

    Returns
    -------
    float or ndarray
        ``q**d * p**sigma``.

    Raises
    ------
    ValueError, TypeError
        If an argument is outside its range.

    Examples
    --------
    >>> from theory.scatter import p_depth_scatter
    >>> round(p_depth_scatter(3, 0.97, 0.92, 1), 4)
    0.8397
    """
    depth, fidelity = check_depth(d), check_q(q)
    n = check_int(sigma, "sigma", minimum=1)
    pp = check_real_array(p, "p", low=0.0, high=1.0)
    with np.errstate(under="ignore"):
        return to_output(_depth_scatter_power(depth, fidelity, pp, n))


def _check_items(n_items: int, sigma: int) -> tuple[int, int]:
    n = check_int(n_items, "n_items", minimum=1)
    s = check_int(sigma, "sigma", minimum=1)
    if s > n:
        msg = f"sigma={s} must satisfy 1 <= sigma <= n_items (n_items={n})"
        raise ValueError(msg)
    return n, s
