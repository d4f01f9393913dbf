"""Reductions of many contexts: left fold, balanced tree, vectorised arrays."""

from __future__ import annotations

import importlib.util
import numbers
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from algebra._validation import check_choice, check_int, check_int_dtype
from algebra.compose import compose_commit, compose_endo
from algebra.context import IDENTITY, CommittedContext, Context

__all__ = ["fold", "reduce_arrays", "reduce_tree", "tree_depth"]

_C = TypeVar("_C", Context, CommittedContext)

_INT64_MAX = np.iinfo(np.int64).max
_FLOAT_EXACT = 2**53
_F8 = np.dtype(np.float64)
_I8 = np.dtype(np.int64)
_U8 = np.dtype(np.uint64)
_NEG_INF = -np.inf
_POS_INF = np.inf
_ENGINES = ("numpy", "numba")


def fold(contexts: Iterable[_C], *, identity: _C | None = None) -> _C:
    """Compose contexts left to right, ``((c0 ⊗ c1) ⊗ c2) ⊗ ...``.

    Parameters
    ----------
    contexts : iterable of Context or of CommittedContext
        Blocks in time order, all of one type. The product is
        ``compose_endo`` for :class:`Context` and ``compose_commit`` for
        :class:`CommittedContext`.
    identity : Context or CommittedContext, optional
        Returned for an empty input; ``IDENTITY`` by default (pass
        ``COMMITTED_IDENTITY`` to fold committed contexts that may be empty).

    Returns
    -------
    Context or CommittedContext
        The composite block.

    Raises
    ------
    TypeError
        If the elements mix types or are not contexts.

    See Also
    --------
    reduce_tree : the same value by a balanced reduction.
    reduce_arrays : the same value from NumPy arrays.

    Examples
    --------
    >>> from algebra import Context, fold
    >>> fold([Context.development(), Context.candidate(4), Context.development()])
    Context(w=4, d_total=2, d_pre=1)
    >>> fold([])
    Context(w=None, d_total=0, d_pre=0)
    """
    items = _listed(contexts)
    if not items:
        if identity is not None and type(identity) not in (Context, CommittedContext):
            msg = f"identity must be a Context or CommittedContext, got {identity!r}"
            raise TypeError(msg)
        return IDENTITY if identity is None else identity  # type: ignore[return-value]
    op = _product(items, identity)
    acc = items[0]
    for item in items[1:]:
        acc = op(acc, item)
    return acc


_MAX_CHUNKS = 10**6


def reduce_tree(
    contexts: Iterable[_C],
    *,
    identity: _C | None = None,
    executor: Executor | None = None,
    chunks: int | None = None,
) -> _C:
    """Compose contexts by a balanced binary reduction of depth ``ceil(log2 n)``.

    Parameters
    ----------
    contexts : iterable of Context or of CommittedContext
        Blocks in time order, all of one type.
    identity : Context or CommittedContext, optional
        Returned for an empty input; ``IDENTITY`` by default.
    executor : concurrent.futures.Executor, optional
        If given, the input is cut into ``chunks`` contiguous runs that are
        folded on the executor; the partial results are then combined by the
        balanced reduction. Any executor works (a process pool, a Dask
        ``Client.get_executor()``).
    chunks : int, optional
        Number of runs for the executor (default ``4 * os.cpu_count()``).

    Returns
    -------
    Context or CommittedContext
        The same value as :func:`fold` (associativity, ``VM-P1``).

    Raises
    ------
    TypeError
        If the elements mix types or are not contexts.
    ValueError
        If ``chunks`` is not in ``[1, 10**6]`` (checked with or without an
        executor; a non-int ``chunks`` is a TypeError).

    Notes
    -----
    ``VM-SYS`` (docs/guide/algebra.md §2): associativity licenses any bracketing, so the
    reduction runs in ``O(log n)`` rounds of independent products.

    Examples
    --------
    >>> from algebra import Context, reduce_tree
    >>> reduce_tree([Context(1, 2, 0), Context(3, 1, 1), Context(2, 5, 5)])
    Context(w=3, d_total=8, d_pre=3)
    """
    if chunks is not None:
        check_int(chunks, "chunks", minimum=1, maximum=_MAX_CHUNKS)
    items = _listed(contexts)
    if not items:
        if identity is not None and type(identity) not in (Context, CommittedContext):
            msg = f"identity must be a Context or CommittedContext, got {identity!r}"
            raise TypeError(msg)
        return IDENTITY if identity is None else identity  # type: ignore[return-value]
    op = _product(items, identity)
    if executor is not None:
        items = _fold_chunks(items, executor, chunks)
    while len(items) > 1:
        paired = [op(items[i], items[i + 1]) for i in range(0, len(items) - 1, 2)]
        if len(items) % 2:
            paired.append(items[-1])
        items = paired
    return items[0]


def tree_depth(n: int) -> int:
    """Return the number of rounds :func:`reduce_tree` needs for ``n`` blocks.

    Examples
    --------
    >>> from algebra import tree_depth
    >>> [tree_depth(n) for n in (1, 2, 3, 4, 5, 1024)]
    [0, 1, 2, 2, 3, 10]
    """
    check_int(n, "n", minimum=1)
    return (n - 1).bit_length()


def reduce_arrays(
    w: npt.ArrayLike,
    d_total: npt.ArrayLike,
    d_pre: npt.ArrayLike,
    *,
    validate: bool = True,
    engine: str = "numpy",
) -> Context:
    """Fold contexts given as three parallel NumPy arrays, without a Python loop.

    Parameters
    ----------
    w : array_like of float, shape (n,)
        Pivot keys; ``-inf`` marks a block with no pivot. NaN is rejected.
    d_total, d_pre : array_like of int, shape (n,)
        Development counts per block, integer dtype.
    validate : bool, default True
        Check the carrier set (``0 <= d_pre <= d_total``, ``d_pre == 0``
        where ``w == -inf``). Turn off only for arrays known to be valid.
    engine : {"numpy", "numba"}, default "numpy"
        ``"numba"`` runs the sums and checks of native float64 keys and int64
        counts in one compiled pass, about twice as fast at a million blocks
        (``tests/bench/bench_reduce.py``). It needs the ``fast`` extra
        (``pip install 'context-laws[fast]'``) and compiles on its first use
        in a process, and again for each new array layout (about a second
        the very first time on an idle machine; later processes load numba's
        on-disk cache, about half a second with numba's import), so it pays
        only for repeated calls on large arrays. Other
        dtypes, and every input that fails a check, take the NumPy path; the
        answer and every error are the same on both engines.

    Returns
    -------
    Context
        The fold of the blocks; its key is a Python ``float`` or ``None``.

    Raises
    ------
    TypeError
        If a count array is not of integer dtype, an array is masked, a key
        is not a real number (complex, text, a date, bool, None), or
        ``validate`` is not a bool.
    ValueError
        If the shapes differ, an array is not one-dimensional, a key is NaN
        or ``+inf`` as the pivot, a key would not survive conversion to
        float64 exactly (an integer beyond 2**53, a long double), (with
        ``validate``) a block leaves the carrier set, or ``engine`` is
        neither ``"numpy"`` nor ``"numba"``.
    ImportError
        If ``engine="numba"`` and numba is not installed.

    Notes
    -----
    The fold's pivot is the first maximum of ``w`` (ties go left); its
    ``d_pre`` is the development count of all earlier blocks plus the
    winner's own ``d_pre``. Sums are exact: they fall back to Python
    integers when ``int64`` could overflow.

    Counts of one native signed integer dtype (the usual ``int64``) are
    checked and summed in a few vectorised passes; any block those passes
    cannot prove valid sends the call through the exact checks, so every
    answer and every error is the same on both paths. The exact checks take
    the rules in order (``d_pre >= 0``, then ``d_pre <= d_total``, then
    ``d_pre == 0`` where ``w == -inf``) and report the first block that
    breaks the first rule broken.

    Examples
    --------
    >>> import numpy as np
    >>> from algebra import reduce_arrays
    >>> reduce_arrays(np.array([1.0, 3.0, 2.0]), np.array([2, 1, 5]), np.array([0, 1, 5]))
    Context(w=3.0, d_total=8, d_pre=3)
    """
    check_choice(engine, "engine", _ENGINES)
    if not isinstance(validate, bool | np.bool_):
        msg = f"validate must be a bool, got {validate!r} of type {type(validate).__name__}"
        raise TypeError(msg)
    if engine == "numba":
        quick = _numba_fold(w, d_total, d_pre, validate=validate)
    else:
        quick = _int64_fold(w, d_total, d_pre, validate=validate)
    if quick is not None:
        return quick
    keys, totals, pres = _as_arrays(w, d_total, d_pre)
    n = keys.shape[0]
    if n == 0:
        return IDENTITY
    i = int(np.argmax(keys))
    top = float(keys[i])
    if top != top:  # argmax returns the first NaN when there is one
        msg = f"w must not contain NaN, got NaN at index {i}"
        raise ValueError(msg)
    if top == np.inf:
        msg = (
            f"w[{i}] is +inf; a pivot key must be finite (-inf marks a block "
            "with no pivot)"
        )
        raise ValueError(msg)
    bound = _INT64_MAX // n
    sums = _fast_sums(keys, totals, pres, i, bound=bound, validate=validate)
    if sums is not None:
        before, total = sums
        if top == -np.inf:
            return Context(None, total, 0)
        return Context(top, total, before + int(pres[i]))
    big = int(totals.max()) > bound
    if validate:
        _validate_arrays(keys, totals, pres)
    total = _exact_sum(totals, big=big)
    before = _exact_sum(totals[:i], big=big)
    if top == -np.inf:
        return Context(None, total, 0)
    return Context(top, total, before + int(pres[i]))


def _product(items: Sequence[Any], identity: Any) -> Callable[[Any, Any], Any]:
    kind = type(items[0])
    if kind not in (Context, CommittedContext):
        msg = f"contexts must hold Context or CommittedContext, got {kind.__name__}"
        raise TypeError(msg)
    for pos, item in enumerate(items):
        if type(item) is not kind:
            msg = (
                f"contexts[{pos}] is a {type(item).__name__} but contexts[0] is a "
                f"{kind.__name__}; do not mix context types"
            )
            raise TypeError(msg)
    if identity is not None and type(identity) is not kind:
        msg = f"identity must be a {kind.__name__}, got {type(identity).__name__}"
        raise TypeError(msg)
    return compose_endo if kind is Context else compose_commit


def _fold_chunks(items: list[Any], executor: Executor, chunks: int | None) -> list[Any]:
    import os

    if chunks is None:
        chunks = 4 * (os.cpu_count() or 1)
    check_int(chunks, "chunks", minimum=1)
    if not isinstance(executor, Executor):
        msg = (
            f"executor must be a concurrent.futures.Executor or None, got {executor!r}"
        )
        raise TypeError(msg)
    size = -(-len(items) // chunks)
    futures = [
        executor.submit(fold, items[i : i + size]) for i in range(0, len(items), size)
    ]
    return [f.result() for f in futures]


def _as_arrays(
    w: npt.ArrayLike, d_total: npt.ArrayLike, d_pre: npt.ArrayLike
) -> tuple[
    npt.NDArray[np.float64], npt.NDArray[np.integer[Any]], npt.NDArray[np.integer[Any]]
]:
    for arr, name in ((w, "w"), (d_total, "d_total"), (d_pre, "d_pre")):
        if isinstance(arr, np.ma.MaskedArray):
            msg = (
                f"{name} is a masked array; reduce_arrays would read its masked "
                "values too: drop the masked blocks (or fill them) first"
            )
            raise TypeError(msg)
    keys = _float_keys(w)
    totals = np.asarray(d_total)
    pres = np.asarray(d_pre)
    for arr, name in ((keys, "w"), (totals, "d_total"), (pres, "d_pre")):
        if arr.ndim != 1:
            msg = f"{name} must be one-dimensional, got shape {arr.shape}"
            raise ValueError(msg)
    check_int_dtype(totals, "d_total")
    check_int_dtype(pres, "d_pre")
    if not keys.shape == totals.shape == pres.shape:
        msg = (
            "w, d_total and d_pre must have one shape, got "
            f"{keys.shape}, {totals.shape} and {pres.shape}"
        )
        raise ValueError(msg)
    return keys, totals, pres


def _float_keys(w: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """``w`` as float64, refusing keys that float64 would not hold exactly.

    Two keys that round to one float64 would tie, and the tie would go to the
    wrong block: integers beyond 2**53 (in an integer or object array, or in
    a list beside floats), and long-double keys that do not round-trip. Keys
    that are not real numbers (complex, text, dates, bool, None) are refused.
    """
    raw = np.asarray(w)
    kind = raw.dtype.kind
    if kind == "O" or (kind == "f" and not isinstance(w, np.ndarray)):
        # a list or an object array: Python ints beyond 2**53 may hide in it
        if kind == "O" or (raw.size and float(np.max(np.abs(raw))) >= _FLOAT_EXACT):
            _check_key_objects(np.asarray(w, dtype=object))
    elif kind in "iu":
        if raw.size:
            big = max(-int(raw.min()), int(raw.max()))
            if big > _FLOAT_EXACT:
                msg = (
                    f"w holds integer keys up to {big}, beyond 2**53, which float64 "
                    "cannot hold exactly (ties would appear); use fold or reduce_tree"
                )
                raise ValueError(msg)
    elif kind != "f":
        msg = f"w must hold real numbers (float keys), got dtype {raw.dtype}"
        raise TypeError(msg)
    keys = np.asarray(raw, dtype=np.float64)
    if kind == "f" and raw.dtype.itemsize > 8:
        back = keys.astype(raw.dtype)
        if not np.array_equal(back, raw, equal_nan=True):
            i = int(np.argmax(~((back == raw) | (np.isnan(back) & np.isnan(raw)))))
            msg = (
                f"w[{i}] = {raw[i]!r} is a {raw.dtype} key that float64 cannot hold "
                "exactly (ties would appear); use fold or reduce_tree"
            )
            raise ValueError(msg)
    return keys


def _check_key_objects(objects: npt.NDArray[np.object_]) -> None:
    """Each key is a real number, and an int key is within 2**53."""
    for i, key in enumerate(objects.ravel().tolist()):
        if key is None:
            msg = f"w[{i}] is None; mark a block with no pivot by -inf"
            raise TypeError(msg)
        if isinstance(key, bool | np.bool_) or not isinstance(key, numbers.Real):
            msg = f"w[{i}] must be a real number, got {key!r} of type {type(key).__name__}"
            raise TypeError(msg)
        if isinstance(key, numbers.Integral):
            if abs(int(key)) > _FLOAT_EXACT:
                msg = (
                    f"w[{i}] = {key} is an integer key beyond 2**53, which float64 "
                    "cannot hold exactly (ties would appear); use fold or reduce_tree"
                )
                raise ValueError(msg)
        elif key == key and float(key) != key:  # a long double, a Fraction
            msg = (
                f"w[{i}] = {key!r} is a key that float64 cannot hold exactly "
                "(ties would appear); use fold or reduce_tree"
            )
            raise ValueError(msg)


def _validate_arrays(
    keys: npt.NDArray[np.float64],
    totals: npt.NDArray[np.integer[Any]],
    pres: npt.NDArray[np.integer[Any]],
) -> None:
    if int(pres.min()) < 0:
        i = int(np.argmin(pres))
        msg = f"d_pre[{i}] must be >= 0, got {int(pres[i])}"
        raise ValueError(msg)
    bad = pres > totals
    if bad.any():
        i = int(np.argmax(bad))
        msg = (
            f"d_pre[{i}] must satisfy 0 <= d_pre <= d_total[{i}]={int(totals[i])}, "
            f"got {int(pres[i])}"
        )
        raise ValueError(msg)
    stray = (keys == -np.inf) & (pres != 0)
    if stray.any():
        i = int(np.argmax(stray))
        msg = (
            f"d_pre[{i}] must be 0 where w[{i}] is -inf (no pivot), got {int(pres[i])}"
        )
        raise ValueError(msg)


def _int64_fold(w: Any, d_total: Any, d_pre: Any, *, validate: bool) -> Context | None:
    """Fold valid native float64/int64 arrays; None sends the call the general way.

    The common case of :func:`reduce_arrays`, with the fewest NumPy calls and no
    conversions: three one-dimensional ``ndarray`` of one length ``n >= 1``,
    ``w`` native float64 and both counts native int64. None for anything else,
    for a NaN key, for a ``d_total`` outside ``[0, INT64_MAX // n]`` (negative,
    or large enough for an int64 sum to overflow), or (with ``validate``) for
    any block that may leave the carrier set; the general path then redoes the
    work and reports the first bad block with its message. A Context is only
    returned when every block is in the carrier set, so both paths agree
    wherever this one answers.

    The checks, as in :func:`_fast_sums`: ``max(d_total as uint64) <= bound``
    proves ``0 <= d_total <= bound`` (a negative count reads as a huge
    unsigned one); then ``d_pre <= d_total`` compared as uint64 proves
    ``0 <= d_pre <= d_total``; and ``d_pre != 0`` is compared on the float64
    view of the same bytes (a count in ``[1, 2**63)`` is never ``+0.0`` or
    ``-0.0``, and NaN compares unequal). Each array's passes run back to back
    so that the second finds it in cache.
    """
    if not _native_int64(w, d_total, d_pre):
        return None
    n = w.shape[0]
    i = int(w.argmax())
    top = float(w[i])
    if not top < _POS_INF:  # NaN or +inf: the general path names it
        return None
    if validate:
        no_pivot = np.equal(w, _NEG_INF)
    t_bits = d_total.view(_U8)
    if int(np.maximum.reduce(t_bits)) > _INT64_MAX // n:
        return None
    before = int(np.add.reduce(d_total[:i]))
    total = before + int(np.add.reduce(d_total[i:]))
    if validate:
        scratch = np.greater(d_pre.view(_U8), t_bits)
        if np.logical_or.reduce(scratch):
            return None
        np.not_equal(d_pre.view(_F8), 0.0, out=scratch)
        np.logical_and(no_pivot, scratch, out=no_pivot)
        if np.logical_or.reduce(no_pivot):
            return None
    if top == _NEG_INF:
        return Context(None, total, 0)
    return Context(top, total, before + int(d_pre[i]))


def _native_int64(w: object, d_total: object, d_pre: object) -> bool:
    """Three one-dimensional ndarrays of one length >= 1: native float64, int64, int64."""
    return (
        type(w) is np.ndarray
        and type(d_total) is np.ndarray
        and type(d_pre) is np.ndarray
        and w.ndim == 1
        and w.dtype == _F8
        and d_total.dtype == _I8
        and d_pre.dtype == _I8
        and w.shape == d_total.shape == d_pre.shape
        and w.shape[0] > 0
    )


def _numba_fold(w: Any, d_total: Any, d_pre: Any, *, validate: bool) -> Context | None:
    """:func:`_int64_fold` with the sums and checks in one compiled pass.

    The same contract: None (the general path redoes the work and reports the
    first bad block) for anything but native float64/int64 arrays of one
    length ``n >= 1``, for a NaN key, for a ``d_total`` outside
    ``[0, INT64_MAX // n]``, or (with ``validate``) for a block outside the
    carrier set. Numba is imported before the inputs are looked at, so that
    ``engine="numba"`` without numba is an ImportError whatever the input.
    """
    if importlib.util.find_spec("numba") is None:
        msg = (
            "reduce_arrays(engine='numba') needs numba, which is not installed; "
            "install it with pip install 'context-laws[fast]', or use engine='numpy'"
        )
        raise ImportError(msg)
    from algebra._kernels import fold_counts

    if not _native_int64(w, d_total, d_pre):
        return None
    i = int(w.argmax())
    top = float(w[i])
    if not top < _POS_INF:  # NaN or +inf: the general path names it
        return None
    cap = _INT64_MAX // w.shape[0]
    before, total, out_of_range, invalid = fold_counts(w, d_total, d_pre, i, cap)
    if out_of_range or (validate and invalid):
        return None
    if top == _NEG_INF:
        return Context(None, total, 0)
    return Context(top, total, before + int(d_pre[i]))


def _fast_sums(
    keys: npt.NDArray[np.float64],
    totals: npt.NDArray[np.integer[Any]],
    pres: npt.NDArray[np.integer[Any]],
    i: int,
    *,
    bound: int,
    validate: bool,
) -> tuple[int, int] | None:
    """``(sum(d_total[:i]), sum(d_total))`` in int64, or None to take the exact path.

    None when the counts are not one signed integer dtype, when some
    ``d_total`` lies outside ``[0, bound]`` (negative, or large enough for an
    int64 sum to overflow), or (with ``validate``) when a block may leave the
    carrier set; the caller then runs the exact checks, which raise the
    message for the first bad block. A result is only returned when every
    block is in the carrier set, so the two paths agree wherever both answer.

    Each array is visited by consecutive passes (keys, then ``d_total``, then
    ``d_pre``) so that a second pass finds the array still in cache:

    - ``d_total`` as unsigned: a negative count reads as a huge one, so
      ``max <= cap`` proves ``0 <= d_total <= cap``;
    - then ``d_pre <= d_total`` as unsigned proves ``0 <= d_pre <= d_total``
      in one comparison;
    - ``d_pre != 0`` is compared on the float view of the same 8 bytes (a
      count in ``[1, 2**63)`` is never ``+0.0`` or ``-0.0``, and NaN compares
      unequal), which NumPy compares faster than 64-bit integers.
    """
    dtype = totals.dtype
    if pres.dtype != dtype or dtype.kind != "i" or not dtype.isnative:
        return None
    unsigned = np.dtype(f"u{dtype.itemsize}")
    t_bits = totals.view(unsigned)
    cap = min(bound, int(np.iinfo(dtype).max))
    if validate:
        neg_inf = np.equal(keys, -np.inf)
    if int(t_bits.max()) > cap:
        return None
    before = int(totals[:i].sum(dtype=np.int64))
    total = before + int(totals[i:].sum(dtype=np.int64))
    if not validate:
        return before, total
    p_bits = pres.view(unsigned)
    scratch = np.empty(keys.shape[0], dtype=np.bool_)
    np.greater(p_bits, t_bits, out=scratch)
    if scratch.any():
        return None
    if dtype.itemsize == 8:
        np.not_equal(p_bits.view(np.float64), 0.0, out=scratch)
    else:
        np.not_equal(p_bits, 0, out=scratch)
    np.logical_and(neg_inf, scratch, out=neg_inf)
    if neg_inf.any():
        return None
    return before, total


def _exact_sum(values: npt.NDArray[np.integer[Any]], *, big: bool) -> int:
    if big:
        return sum(int(v) for v in values.tolist())
    return int(values.sum(dtype=np.int64))


def _listed(contexts: Iterable[_C]) -> list[_C]:
    if isinstance(contexts, str | bytes) or not isinstance(contexts, Iterable):
        msg = f"contexts must be an iterable of contexts, got {contexts!r}"
        raise TypeError(msg)
    return list(contexts)
