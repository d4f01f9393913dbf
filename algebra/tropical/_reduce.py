"""Tropical contexts of timelines: direct scan, fold, arrays, best feasible pivot (private; see :mod:`algebra.tropical`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from algebra._validation import (
    MAX_SLOTS,
    check_instance,
    check_int,
    check_int_dtype,
    check_key,
    incomparable,
    key_max,
)
from algebra.tropical._element import TropicalContext, compose_tropical

__all__ = [
    "FeasiblePivot",
    "best_feasible_pivot",
    "fold_tropical",
    "reduce_tropical_arrays",
    "tropical_from_events",
]

_INT64_MAX = np.iinfo(np.int64).max


def tropical_from_events(events: Iterable[Any], *, k: int) -> TropicalContext:
    """Return the tropical context of a timeline by one direct scan.

    Parameters
    ----------
    events : iterable
        Events in time order: ``None`` is a development event, anything else
        a pivot candidate's key (as in :func:`algebra.from_events`).
    k : int
        The prefix requirement, ``k >= 0``.

    Returns
    -------
    TropicalContext
        ``W[x]`` is the largest key among candidates preceded by ``x``
        development events (capped at ``k``); ``d_total`` counts development
        events.

    Raises
    ------
    TypeError, ValueError
        For a bad ``k``, a bad key or incomparable keys.

    Notes
    -----
    The definition of docs/guide/algebra.md §6; folding the single-event elements
    with :func:`compose_tropical` gives the same value.

    Examples
    --------
    >>> from algebra.tropical import tropical_from_events
    >>> tropical_from_events([None, None, 4, None, 20, None, 13], k=3)
    TropicalContext(slots=(None, None, 4, 20), d_total=4)
    """
    check_int(k, "k", minimum=0, maximum=MAX_SLOTS)
    slots: list[Any] = [None] * (k + 1)
    count = 0
    for pos, event in enumerate(events):
        if event is None:
            count += 1
            continue
        check_key(event, f"events[{pos}]")
        x = min(count, k)
        slots[x] = key_max((slots[x], event))
    return TropicalContext(tuple(slots), count)


def fold_tropical(
    elements: Iterable[TropicalContext], *, k: int | None = None
) -> TropicalContext:
    """Compose tropical contexts left to right.

    Parameters
    ----------
    elements : iterable of TropicalContext
        Blocks in time order, all with one ``k``.
    k : int, optional
        Needed only to return the identity for an empty input;
        ``0 <= k <= 10**6`` (``algebra._validation.MAX_SLOTS``: the identity
        allocates ``k + 1`` slots).

    Raises
    ------
    TypeError, ValueError
        For non-tropical elements, mismatched ``k``, an empty input without
        ``k``, or ``k`` outside ``[0, 10**6]``.

    Examples
    --------
    >>> from algebra.tropical import TropicalContext as T, fold_tropical
    >>> fold_tropical([T.development(k=1), T.candidate(5, k=1)])
    TropicalContext(slots=(None, 5), d_total=1)
    >>> fold_tropical([], k=0)
    TropicalContext(slots=(None,), d_total=0)
    """
    if k is not None:
        check_int(k, "k", minimum=0, maximum=MAX_SLOTS)
    items = list(elements)
    if not items:
        if k is None:
            msg = "elements is empty; pass k to get the identity"
            raise ValueError(msg)
        return TropicalContext.identity(k=k)
    check_instance(items[0], "elements[0]", TropicalContext, exact=True)
    acc = items[0]
    for item in items[1:]:
        acc = compose_tropical(acc, item)
    return acc


def reduce_tropical_arrays(
    slots: npt.ArrayLike, d_total: npt.ArrayLike, *, validate: bool = True
) -> TropicalContext:
    """Fold tropical contexts given as NumPy arrays, with O(k) vector passes.

    Parameters
    ----------
    slots : array_like of float, shape (n, k + 1)
        Slot vectors, ``-inf`` for bottom. NaN is rejected.
    d_total : array_like of int, shape (n,)
        Development totals, integer dtype.
    validate : bool, default True
        Check ``d_total >= 0`` and the normal form (finite slot ``x`` only
        where ``x <= d_total``).

    Returns
    -------
    TropicalContext
        The fold; keys are Python floats, bottom is ``None``.

    Raises
    ------
    TypeError
        If ``d_total`` is not of integer dtype.
    ValueError
        For bad shapes, NaN keys or (with ``validate``) invalid rows.

    Notes
    -----
    Block ``i`` is shifted by the capped development count of the blocks
    before it, ``o_i = min(sum_{j<i} d_j, k)``, which is non-decreasing.
    Blocks with ``o_i = k`` send every slot to slot ``k`` (one maximum over
    the tail); the head with ``o_i < k`` is split by ``searchsorted``.

    Examples
    --------
    >>> import numpy as np
    >>> from algebra.tropical import reduce_tropical_arrays
    >>> ninf = -np.inf
    >>> reduce_tropical_arrays(np.array([[ninf, ninf], [4.0, ninf], [20.0, ninf]]),
    ...                        np.array([1, 0, 0]))
    TropicalContext(slots=(None, 20.0), d_total=1)
    """
    keys, totals = _as_arrays(slots, d_total)
    n, width = keys.shape
    k = width - 1
    if validate:
        _validate_arrays(keys, totals)
    out = np.full(width, -np.inf)
    if n:
        offset = _head_offsets(totals, k)
        head = offset.shape[0]
        if head < n:
            out[k] = keys[head:].max()
        _head_slots(keys[:head], offset, out)
    total = _exact_sum(totals)
    values = tuple(None if v == -np.inf else float(v) for v in out.tolist())
    return TropicalContext(values, total)


@dataclass(frozen=True, slots=True)
class FeasiblePivot:
    """The pivot chosen by :func:`best_feasible_pivot`.

    Attributes
    ----------
    key : key
        The pivot's key.
    index : int
        Its position in the timeline.
    prefix : int
        Development events before it (not capped).

    Examples
    --------
    >>> from algebra.tropical import best_feasible_pivot
    >>> best_feasible_pivot([9, None, 3], 1)
    FeasiblePivot(key=3, index=2, prefix=1)
    """

    key: Any
    index: int
    prefix: int


def best_feasible_pivot(
    events: Iterable[Any], k: int, *, top_m: int | None = None
) -> FeasiblePivot | None:
    """Return the heaviest candidate with at least ``k`` development events before it.

    Parameters
    ----------
    events : iterable
        Events in time order: ``None`` for development, keys for candidates.
    k : int
        The prefix requirement, ``k >= 0``.
    top_m : int, optional
        Consider only the ``top_m`` heaviest candidates (stable: the earlier
        of equal keys ranks first). ``top_m=1`` is committed semantics; the
        default ``None`` considers every candidate.

    Returns
    -------
    FeasiblePivot or None
        The chosen pivot (the earliest among equal keys), or ``None`` when no
        considered candidate is feasible.

    Raises
    ------
    TypeError, ValueError
        For a bad ``k``, ``top_m`` or key.

    Notes
    -----
    docs/guide/algebra.md §6. With ``top_m=None`` its key equals ``W[k]`` of
    :func:`tropical_from_events`, and over several alternative timelines it
    is ``W[k]`` of their ``oplus`` (``VM-SEMIRING``).

    Examples
    --------
    >>> from algebra.tropical import best_feasible_pivot
    >>> events = [4, 20, None, None, None, 13, None, None]
    >>> best_feasible_pivot(events, 3, top_m=1) is None
    True
    >>> best_feasible_pivot(events, 3, top_m=10)
    FeasiblePivot(key=13, index=5, prefix=3)
    """
    check_int(k, "k", minimum=0, maximum=MAX_SLOTS)
    if top_m is not None:
        check_int(top_m, "top_m", minimum=1)
    found: list[tuple[Any, int, int]] = []
    count = 0
    for pos, event in enumerate(events):
        if event is None:
            count += 1
            continue
        check_key(event, f"events[{pos}]")
        found.append((event, pos, count))
    ranked = sorted(found, key=lambda c: _Desc(c[0]))
    considered = ranked if top_m is None else ranked[:top_m]
    for key, pos, prefix in considered:
        if prefix >= k:
            return FeasiblePivot(key, pos, prefix)
    return None


class _Desc:
    """Sort wrapper putting larger keys first (``sorted`` stays stable)."""

    __slots__ = ("key",)

    def __init__(self, key: Any) -> None:
        self.key = key

    def __lt__(self, other: _Desc) -> bool:
        try:
            return bool(self.key > other.key)
        except TypeError:
            raise incomparable(self.key, other.key, "key", "key") from None


def _head_offsets(
    totals: npt.NDArray[np.integer[Any]], k: int
) -> npt.NDArray[np.int64]:
    """Offsets ``min(sum_{j<i} d_j, k)`` of the head: the rows with offset ``< k``.

    Scans doubling chunks, so a long input whose offsets reach ``k`` early
    costs only a few short passes.
    """
    n = totals.shape[0]
    parts: list[npt.NDArray[np.int64]] = []
    start, size, acc = 0, 1024, 0
    while start < n:
        chunk = np.minimum(totals[start : start + size], k).astype(np.int64)
        offsets = acc + np.cumsum(chunk) - chunk
        stop = int(np.searchsorted(offsets, k, side="left"))
        parts.append(offsets[:stop])
        if stop < chunk.shape[0]:
            break
        acc = min(int(offsets[-1] + chunk[-1]), k)
        start, size = start + size, 2 * size
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


def _head_slots(
    keys: npt.NDArray[np.float64], offset: npt.NDArray[np.int64], out: npt.NDArray[Any]
) -> None:
    k = out.shape[0] - 1
    for x in range(k + 1):
        target = np.minimum(offset + x, k)
        for y in range(x, k + 1):
            lo = int(np.searchsorted(target, y, side="left"))
            hi = int(np.searchsorted(target, y, side="right"))
            if hi > lo:
                out[y] = max(out[y], keys[lo:hi, x].max())


def _as_arrays(
    slots: npt.ArrayLike, d_total: npt.ArrayLike
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.integer[Any]]]:
    keys = np.asarray(slots, dtype=np.float64)
    totals = np.asarray(d_total)
    if keys.ndim != 2 or keys.shape[1] < 1:
        msg = f"slots must have shape (n, k + 1) with k >= 0, got shape {keys.shape}"
        raise ValueError(msg)
    if totals.ndim != 1:
        msg = f"d_total must be one-dimensional, got shape {totals.shape}"
        raise ValueError(msg)
    check_int_dtype(totals, "d_total")
    if totals.shape[0] != keys.shape[0]:
        msg = f"slots has {keys.shape[0]} rows but d_total has {totals.shape[0]}"
        raise ValueError(msg)
    nan = np.isnan(keys)
    if nan.any():
        i, x = (int(v) for v in np.argwhere(nan)[0])
        msg = f"slots must not contain NaN, got NaN at [{i}, {x}]"
        raise ValueError(msg)
    return keys, totals.astype(np.int64) if totals.size == 0 else totals


def _validate_arrays(
    keys: npt.NDArray[np.float64], totals: npt.NDArray[np.integer[Any]]
) -> None:
    if totals.size and int(totals.min()) < 0:
        i = int(np.argmin(totals))
        msg = f"d_total[{i}] must be >= 0, got {int(totals[i])}"
        raise ValueError(msg)
    for x in range(1, keys.shape[1]):
        bad = (totals < x) & (keys[:, x] > -np.inf)
        if not bad.any():
            continue
        i = int(np.argmax(bad))
        msg = (
            f"slots[{i}, {x}] must be -inf because {x} > d_total[{i}]="
            f"{int(totals[i])} (normal form of a tropical context), "
            f"got {float(keys[i, x])!r}"
        )
        raise ValueError(msg)


def _exact_sum(values: npt.NDArray[np.integer[Any]]) -> int:
    n = values.shape[0]
    if n and int(values.max()) > _INT64_MAX // n:
        return sum(int(v) for v in values.tolist())
    return int(values.sum(dtype=np.int64))
