"""Compiled kernels for ``reduce_arrays(..., engine="numba")`` (issue 30).

Importing this module imports numba (the ``fast`` extra) and compiles nothing:
:func:`fold_counts` is compiled on its first call in a process, and again for
each new array layout (contiguous, strided, read-only). numba keeps the machine
code in an on-disk cache (``cache=True``: ``__pycache__`` beside this file, else
its user-wide cache directory) that later processes load instead of compiling.
Where numba finds no writable cache location it compiles in every process
instead of failing.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

__all__ = ["fold_counts"]


def _fold_counts_py(
    w: Any, d_total: Any, d_pre: Any, i: int
) -> tuple[Any, Any, Any, Any]:
    # One branch-free loop, which LLVM vectorises (a loop split at the pivot
    # did not vectorise and ran 2.5x slower). Counts are compared as uint64,
    # as in the NumPy path: a negative count reads as a huge one, so
    # ``max(total) <= cap`` proves ``0 <= total <= cap`` and ``pre <= total``
    # proves ``0 <= pre <= total`` in one comparison each.
    neg_inf = -np.inf
    before = np.int64(0)
    total = np.int64(0)
    largest = np.uint64(0)
    invalid = np.uint64(0)
    for k in range(w.shape[0]):
        t = d_total[k]
        p = d_pre[k]
        total += t
        before += t * np.int64(k < i)
        ut = np.uint64(t)
        largest = max(largest, ut)
        invalid |= np.uint64(np.uint64(p) > ut) | np.uint64(
            (w[k] == neg_inf) & (p != 0)
        )
    return before, total, largest, invalid


def _compile(py_func: Any) -> Any:
    """``numba.njit`` with numba's on-disk cache, or without where it has none.

    numba refuses ``cache=True`` with a RuntimeError ("no locator available")
    when neither the package folder nor its user-wide cache directory is
    writable (a read-only install and home); the kernel is then compiled in
    each process.
    """
    try:
        return numba.njit(cache=True, nogil=True, boundscheck=False)(py_func)
    except RuntimeError as err:
        if "no locator available" not in str(err):
            raise
        return numba.njit(cache=False, nogil=True, boundscheck=False)(py_func)


_fold_counts = _compile(_fold_counts_py)


def fold_counts(
    w: Any, d_total: Any, d_pre: Any, i: int, cap: int
) -> tuple[int, int, bool, bool]:
    """Return the sums and checks of ``reduce_arrays`` from one compiled pass.

    For native float64 ``w`` and native int64 ``d_total``, ``d_pre`` of one
    length ``n >= 1``, a pivot index ``0 <= i < n`` and ``0 <= cap <=
    INT64_MAX // n``: returns ``(sum(d_total[:i]), sum(d_total),
    out_of_range, invalid)``, where ``out_of_range`` says some ``d_total`` is
    outside ``[0, cap]`` (the sums are then meaningless) and ``invalid`` that
    some block breaks ``0 <= d_pre <= d_total`` or has ``d_pre != 0`` with
    ``w == -inf``. The caller checks the preconditions.
    """
    before, total, largest, invalid = _fold_counts(w, d_total, d_pre, i)
    return int(before), int(total), int(largest) > cap, invalid != 0
