"""Information floors of context-free agents (docs/guide/depth.md §1, DL-T1 to DL-T3, DL-T8).

Conventions
-----------
A joint distribution is a NumPy array with one axis per random variable:
``table[x, y]`` is ``P(X = x, Y = y)``; three-variable tables are
``table[x, d, c]`` and so on. Entries must be finite and ``>= 0`` and sum to 1
within an absolute tolerance of ``1e-9``; anything else raises ``ValueError``.
Every information quantity is in **bits** (``log2``) with ``0 log 0 = 0``.
Bayes floors take the label ``Y`` on the **last** axis; the agent observes the
axes named in ``observed`` (by default all the others) and the rest are
marginalised out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt
from scipy.optimize import brentq

from theory._gain import ContextGain, context_gain
from theory._info import (
    Axes,
    FloatArray,
    as_axes,
    as_table,
    binary_entropy_value,
    disjoint,
    marginal_entropy,
)
from theory.validation import check_int, check_probability, check_real

__all__ = [
    "ContextGain",
    "bayes_floor",
    "bayes_risk",
    "binary_entropy",
    "candidate_floor",
    "candidate_floor_limit",
    "conditional_entropy",
    "conditional_mutual_information",
    "context_gain",
    "cumulative_floor",
    "entropy",
    "fano_bound",
    "fano_floor",
    "is_rearranged_vacuous",
    "mutual_information",
    "rearranged_fano_floor",
]


def entropy(table: npt.ArrayLike, *, axes: Axes | None = None) -> float:
    """Shannon entropy in bits of a joint table, or of its marginal on ``axes``.

    Parameters
    ----------
    table : array_like
        Joint probabilities, one axis per variable, summing to 1 (``1e-9``).
    axes : int or sequence of int, optional
        Keep these axes (marginalise the others). Default: all axes.

    Returns
    -------
    float
        ``H = -sum p log2 p`` over the kept axes.

    Raises
    ------
    ValueError
        If the table is not a probability table or an axis is out of range.

    Notes
    -----
    Agrees with ``scipy.stats.entropy(p.ravel(), base=2)``.

    Examples
    --------
    >>> from theory.floors import entropy
    >>> entropy([[0.25, 0.25], [0.25, 0.25]])
    2.0
    >>> entropy([[0.25, 0.25], [0.25, 0.25]], axes=0)
    1.0
    """
    arr = as_table(table, "table")
    keep = tuple(range(arr.ndim)) if axes is None else as_axes(axes, "axes", arr.ndim)
    return marginal_entropy(arr, keep)


def conditional_entropy(
    table: npt.ArrayLike, *, target: Axes = 1, given: Axes = 0
) -> float:
    """Conditional entropy ``H(target | given)`` in bits.

    Computed as ``H(target, given) - H(given)``. With the defaults a 2-D
    ``table[x, y]`` gives ``H(Y | X)``. An empty ``given`` (``()``) gives the
    plain entropy of ``target``.

    Examples
    --------
    >>> from theory.floors import conditional_entropy
    >>> conditional_entropy([[0.5, 0.0], [0.0, 0.5]])  # Y determined by X
    0.0
    >>> conditional_entropy([[0.25, 0.25], [0.25, 0.25]])
    1.0
    """
    arr = as_table(table, "table")
    t = as_axes(target, "target", arr.ndim)
    g = as_axes(given, "given", arr.ndim)
    disjoint((t, g), ("target", "given"))
    both = tuple(sorted(t + g))
    return marginal_entropy(arr, both) - marginal_entropy(arr, g)


def mutual_information(table: npt.ArrayLike, *, a: Axes = 0, b: Axes = 1) -> float:
    """Mutual information ``I(A; B) = H(A) + H(B) - H(A, B)`` in bits.

    Examples
    --------
    >>> from theory.floors import mutual_information
    >>> mutual_information([[0.5, 0.0], [0.0, 0.5]])
    1.0
    >>> mutual_information([[0.25, 0.25], [0.25, 0.25]])
    0.0
    """
    return conditional_mutual_information(table, a, b, ())


def conditional_mutual_information(
    table: npt.ArrayLike, a: Axes, b: Axes, given: Axes
) -> float:
    """Conditional mutual information ``I(A; B | C)`` in bits.

    ``I(A; B | C) = H(A, C) + H(B, C) - H(A, B, C) - H(C)``; tiny negative
    round-off (above ``-1e-12``) is reported as 0.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.floors import conditional_mutual_information
    >>> p = np.full((2, 2, 2), 1 / 8)  # three independent fair bits
    >>> conditional_mutual_information(p, 1, 2, 0)
    0.0
    """
    arr = as_table(table, "table")
    ga, gb = as_axes(a, "a", arr.ndim), as_axes(b, "b", arr.ndim)
    gc = as_axes(given, "given", arr.ndim)
    disjoint((ga, gb, gc), ("a", "b", "given"))
    value = (
        marginal_entropy(arr, tuple(sorted(ga + gc)))
        + marginal_entropy(arr, tuple(sorted(gb + gc)))
        - marginal_entropy(arr, tuple(sorted(ga + gb + gc)))
        - marginal_entropy(arr, gc)
    )
    return 0.0 if -1e-12 < value < 0 else value


def bayes_risk(
    table: npt.ArrayLike, loss: npt.ArrayLike, *, observed: Axes | None = None
) -> float:
    """Smallest expected loss of any agent that sees ``observed`` (DL-C1).

    ``R* = sum_obs min_a sum_y P(obs, y) loss[a, y]``, the label ``Y`` on the
    last axis of ``table``.

    Parameters
    ----------
    table : array_like
        Joint probabilities with the label on the last axis.
    loss : array_like
        ``loss[a, y]`` for action ``a`` and label ``y``: finite, shape
        ``(n_actions, n_labels)``.
    observed : int or sequence of int, optional
        Axes the agent sees; default all but the last.

    Examples
    --------
    >>> from theory.floors import bayes_risk
    >>> bayes_risk([[0.4, 0.1], [0.2, 0.3]], [[0, 1], [1, 0]])  # 0-1 loss
    0.3
    """
    arr, seen = _labelled(table, observed)
    lossm = np.asarray(loss, dtype=np.float64)
    if lossm.ndim != 2 or lossm.shape[1] != arr.shape[-1]:
        msg = f"loss must have shape (n_actions, {arr.shape[-1]}), got {lossm.shape}"
        raise ValueError(msg)
    if not np.all(np.isfinite(lossm)):
        msg = "loss must contain only finite entries"
        raise ValueError(msg)
    drop = tuple(i for i in range(arr.ndim - 1) if i not in seen)
    joint = arr.sum(axis=drop) if drop else arr
    flat = joint.reshape(-1, arr.shape[-1])
    return float(np.min(flat @ lossm.T, axis=1).sum())


def bayes_floor(table: npt.ArrayLike, *, observed: Axes | None = None) -> float:
    """Bayes error ``P_e* = 1 - E max_y P(y | observed)`` (DL-T1, DL-T2).

    The smallest 0-1 error of any agent that sees the ``observed`` axes; the
    label is the last axis. For ``table[x, y]`` this is the context-free floor
    of DL-T1; for ``table[x, c, y]`` it is the floor given ``(X, C)`` of DL-T2.

    Examples
    --------
    >>> from theory.floors import bayes_floor
    >>> bayes_floor([[0.89, 0.11]])  # one surface, P(Y=1 | X) = 0.11
    0.11
    >>> bayes_floor([[0.5, 0.0], [0.0, 0.5]])  # ungoverned task
    0.0
    """
    arr, seen = _labelled(table, observed)
    drop = tuple(i for i in range(arr.ndim - 1) if i not in seen)
    joint = arr.sum(axis=drop) if drop else arr
    best = joint.reshape(-1, arr.shape[-1]).max(axis=1).sum()
    return max(0.0, 1.0 - float(best))


def cumulative_floor(tables: Iterable[npt.ArrayLike]) -> float:
    """Sum of per-task Bayes floors: the DL-T3 lower bound on cumulative loss.

    Each table is ``table[x, y]`` for one task; ``T`` copies of one governed
    task give ``T`` times its floor (linear regret).

    Examples
    --------
    >>> from theory.floors import cumulative_floor
    >>> round(cumulative_floor([[[0.89, 0.11]]] * 10), 12)
    1.1
    """
    return float(sum(bayes_floor(t) for t in tables))


def binary_entropy(p: float) -> float:
    """Binary entropy ``H_b(p) = -p log2 p - (1 - p) log2(1 - p)`` in bits.

    Examples
    --------
    >>> from theory.floors import binary_entropy
    >>> binary_entropy(0.5)
    1.0
    >>> round(binary_entropy(0.11), 5)
    0.49992
    """
    return binary_entropy_value(check_probability(p, "p"))


def fano_bound(error: float, n_labels: int) -> float:
    """Left side of the exact Fano inequality, ``H_b(P_e) + P_e log2(|Y| - 1)``.

    Fano: ``H(Y | X) <= fano_bound(P_e, |Y|)`` for the error ``P_e`` of any
    estimator of ``Y`` from ``X`` (DL-T1). Increasing on ``[0, 1 - 1/|Y|]``
    from 0 to ``log2 |Y|`` (proved in :mod:`proofs.claims.dl.floors`).

    Examples
    --------
    >>> from theory.floors import fano_bound
    >>> fano_bound(0.75, 4)  # at P_e = 1 - 1/|Y| it reaches log2 |Y|
    2.0
    """
    pe = check_probability(error, "error")
    k = check_int(n_labels, "n_labels", minimum=2)
    return binary_entropy_value(pe) + pe * math.log2(k - 1)


def fano_floor(h: float, n_labels: int) -> float:
    """Smallest ``P_e`` allowed by the exact Fano inequality given ``H(Y|X) = h``.

    Inverts :func:`fano_bound` on its increasing branch ``[0, 1 - 1/|Y|]``
    with :func:`scipy.optimize.brentq` to a relative tolerance of
    ``8.9e-16`` (no absolute one, so tiny ``h`` keep their digits), then
    steps down by ulps until ``fano_bound`` of the result is at most ``h``
    as computed: a floor errs low. Every estimator of ``Y`` from ``X`` has
    error at least this value (DL-T1).

    Parameters
    ----------
    h : float
        Conditional entropy in bits, in ``[0, log2 n_labels]`` (a ``1e-12``
        excess above ``log2 n_labels`` is treated as round-off).
    n_labels : int
        ``|Y| >= 2``.

    Examples
    --------
    >>> from theory.floors import binary_entropy, fano_floor
    >>> round(fano_floor(binary_entropy(0.11), 2), 12)  # tight for binary Y
    0.11
    >>> fano_floor(0.0, 5)
    0.0
    """
    k = check_int(n_labels, "n_labels", minimum=2)
    top = math.log2(k)
    value = check_real(h, "h", low=0.0, high=top + 1e-12)
    upper = 1.0 - 1.0 / k
    if value <= 0.0:
        return 0.0
    if value >= top:
        return upper

    def gap(pe: float) -> float:
        # H_b with log1p: entr(1 - pe) loses pe's digits once 1 - pe rounds
        # (at pe = 2e-14 the floor was 4e-5 too high relative to the exact root)
        hb = (
            (-pe * math.log(pe) - (1.0 - pe) * math.log1p(-pe)) / _LN2
            if pe > 0
            else 0.0
        )
        return hb + pe * math.log2(k - 1) - value

    root = float(brentq(gap, 0.0, upper, xtol=1e-300, rtol=8.9e-16, maxiter=4000))
    for _ in range(_MAX_ULP_STEPS):  # a floor errs low: below the rounded root
        if root <= 0.0 or gap(root) <= 0.0:
            break
        root = math.nextafter(root, 0.0)
    return root


_LN2 = math.log(2.0)
_MAX_ULP_STEPS = 4096
"""Steps of one ulp ``fano_floor`` may take below brentq's root (a handful do)."""


def rearranged_fano_floor(h: float, n_labels: int) -> float:
    """Closed-form floor ``(H(Y|X) - 1) / log2 |Y|`` (DL-T1).

    Uses ``H_b <= 1`` and ``log2(|Y| - 1) <= log2 |Y|``, so it is never above
    :func:`fano_floor`; it is vacuous (``<= 0``) whenever ``h <= 1``, see
    :func:`is_rearranged_vacuous`.

    Examples
    --------
    >>> from theory.floors import rearranged_fano_floor
    >>> rearranged_fano_floor(0.5, 2)
    -0.5
    >>> rearranged_fano_floor(3.0, 16)
    0.5
    """
    k = check_int(n_labels, "n_labels", minimum=2)
    value = check_real(h, "h", low=0.0, high=math.log2(k) + 1e-12)
    return (value - 1.0) / math.log2(k)


def is_rearranged_vacuous(h: float) -> bool:
    """Whether the rearranged Fano floor says nothing: ``H(Y|X) <= 1`` bit.

    Examples
    --------
    >>> from theory.floors import is_rearranged_vacuous
    >>> is_rearranged_vacuous(0.5), is_rearranged_vacuous(1.5)
    (True, False)
    """
    return check_real(h, "h", low=0.0) <= 1.0


def candidate_floor(mutual_information: float, n_candidates: int) -> float:
    """DL-T8 floor ``1 - (I + 1) / log2 M`` on the error of recovering a node.

    Valid (from Fano, with ``H_b <= 1``) when the ``M`` candidates are
    uniform, so ``H(n_d) = log2 M``; ``proofs.claims.dl.floors`` records a non-uniform
    counterexample. A negative value means the floor is vacuous.

    Examples
    --------
    >>> from theory.floors import candidate_floor
    >>> candidate_floor(1.0, 16)
    0.5
    """
    info = check_real(
        mutual_information, "mutual_information", low=0.0, high=math.inf, high_open=True
    )
    m = check_int(n_candidates, "n_candidates", minimum=2)
    return 1.0 - (info + 1.0) / math.log2(m)


def candidate_floor_limit(n_candidates: int) -> float:
    """Limit ``1 - 1/log2 M`` of the DL-T8 floor as ``I(n_d; S_d) -> 0``.

    Examples
    --------
    >>> from theory.floors import candidate_floor_limit
    >>> candidate_floor_limit(1024)
    0.9
    """
    m = check_int(n_candidates, "n_candidates", minimum=2)
    return 1.0 - 1.0 / math.log2(m)


def _labelled(
    table: npt.ArrayLike, observed: Axes | None
) -> tuple[FloatArray, tuple[int, ...]]:
    arr = as_table(table, "table")
    if arr.ndim < 2:
        msg = f"table must have a label axis and at least one other, got shape {arr.shape}"
        raise ValueError(msg)
    if observed is None:
        return arr, tuple(range(arr.ndim - 1))
    seen = as_axes(observed, "observed", arr.ndim)
    if arr.ndim - 1 in seen:
        msg = (
            f"observed must not include the label axis {arr.ndim - 1}, got {observed!r}"
        )
        raise ValueError(msg)
    return arr, seen
