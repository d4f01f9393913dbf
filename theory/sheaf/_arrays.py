"""Array form of a sheaf with one stalk dimension: checks and the coboundary (private).

:meth:`theory.sheaf.CellularSheaf.from_arrays` takes ``n_vertices``, an
integer ``(m, 2)`` array of oriented edges and a float ``(m, 2, d, d)`` array
of restriction maps (``maps[k, 0] = F_{u<e}``, ``maps[k, 1] = F_{v<e}`` for
``edges[k] = (u, v)``). Everything here is vectorised: no Python object per
edge or vertex.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp
from numpy.typing import NDArray

from theory.validation import check_int

MAX_VERTICES = 10**7
"""Largest ``n_vertices`` accepted by ``from_arrays``."""
MAX_EDGES = 3 * 10**7
"""Largest number of edges accepted by ``from_arrays``."""
MAX_STALK = 256
"""Largest stalk dimension ``d`` accepted by ``from_arrays``."""
MAX_COORDINATES = 10**8
"""Largest ``dim C0 = n d`` and ``dim C1 = m d``."""
MAX_ENTRIES = 2 * 10**8
"""Largest number of stored entries ``2 m d^2`` of the coboundary (12 bytes each)."""

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class SheafArrays:
    """A checked array-form sheaf; the arrays are private read-only copies."""

    n: int
    d: int
    edges: IntArray
    maps: FloatArray


def check_arrays(n_vertices: object, edges: object, maps: object) -> SheafArrays:
    """Check the three arguments of ``from_arrays`` and return read-only copies.

    Types, shapes and the size caps come first (they read no entry), then the
    entries: vertex indices, self-loops, repeated pairs, finiteness.
    """
    n = check_int(n_vertices, "n_vertices", minimum=0, maximum=MAX_VERTICES)
    e_arr = _edges_shape(edges)
    f_arr = _maps_shape(maps, e_arr.shape[0])
    m, d = e_arr.shape[0], f_arr.shape[2]
    if n * d > MAX_COORDINATES or m * d > MAX_COORDINATES:
        msg = (
            f"dim C0 = n_vertices * d = {n * d} and dim C1 = m * d = {m * d} "
            f"must both be <= {MAX_COORDINATES}"
        )
        raise ValueError(msg)
    if 2 * m * d * d > MAX_ENTRIES:
        msg = (
            f"the coboundary would store 2 * m * d^2 = {2 * m * d * d} entries "
            f"(m = {m} edges, d = {d}); the limit is {MAX_ENTRIES}"
        )
        raise ValueError(msg)
    e = _edges_entries(e_arr, n)
    f = _maps_entries(f_arr)
    e.setflags(write=False)
    f.setflags(write=False)
    return SheafArrays(n, d, e, f)


def _as_array(value: object, name: str) -> NDArray[Any]:
    if isinstance(value, (str, bytes)) or value is None:
        msg = f"{name} must be an array, got {value!r}"
        raise TypeError(msg)
    try:
        return np.asarray(value)
    except (TypeError, ValueError) as exc:  # ragged nested lists
        msg = f"{name} must be a rectangular array, got {value!r:.80}"
        raise ValueError(msg) from exc


def _edges_shape(edges: object) -> NDArray[Any]:
    arr = _as_array(edges, "edges")
    if arr.size == 0 and arr.shape in ((0,), (0, 2)) and arr.dtype.kind in "fb":
        # ``[]`` (NumPy reads it as float64): no edges, whatever the dtype
        arr = np.zeros((0, 2), dtype=np.int64)
    if arr.dtype.kind not in "iu":
        msg = f"edges must have an integer dtype, got {arr.dtype}"
        raise TypeError(msg)
    if arr.ndim != 2 or arr.shape[1] != 2:
        msg = f"edges must have shape (m, 2), got {arr.shape}"
        raise ValueError(msg)
    if arr.shape[0] > MAX_EDGES:
        msg = f"edges must have at most {MAX_EDGES} rows, got {arr.shape[0]}"
        raise ValueError(msg)
    return arr


def _edges_entries(arr: NDArray[Any], n: int) -> IntArray:
    if arr.size:
        bad = (arr < 0) | (arr >= n)
        if bad.any():
            k, j = (int(i) for i in np.argwhere(bad)[0])
            msg = (
                f"edges[{k}, {j}] = {int(arr[k, j])} is not a vertex index; "
                f"need 0 <= edges < n_vertices = {n}"
            )
            raise ValueError(msg)
    out = np.array(arr, dtype=np.int64, order="C")  # a copy: the caller keeps theirs
    loops = np.flatnonzero(out[:, 0] == out[:, 1])
    if loops.size:
        k = int(loops[0])
        msg = (
            f"edges[{k}] = ({out[k, 0]}, {out[k, 1]}) is a self-loop; edges must join "
            "two different vertices (subdivide the loop)"
        )
        raise ValueError(msg)
    keys = edge_keys(out, n)
    order = np.argsort(keys, kind="stable")
    same = np.flatnonzero(keys[order[1:]] == keys[order[:-1]])
    if same.size:
        # name the first row that repeats an earlier pair (stable order: the
        # row before it in its group is an earlier one), whatever the keys' order
        later = order[same + 1]
        first = int(np.argmin(later))
        i, j = int(order[same[first]]), int(later[first])
        msg = (
            f"edges[{i}] = ({out[i, 0]}, {out[i, 1]}) and edges[{j}] = ({out[j, 0]}, "
            f"{out[j, 1]}) join the same two vertices; edges must be distinct in either "
            "orientation (a simple graph: subdivide parallel edges)"
        )
        raise ValueError(msg)
    return out


def _maps_shape(maps: object, m: int) -> NDArray[Any]:
    arr = _as_array(maps, "maps")
    if arr.dtype.kind != "f" or arr.dtype.itemsize > 8:
        msg = f"maps must have a float dtype (float16, float32 or float64), got {arr.dtype}"
        raise TypeError(msg)
    if (
        arr.ndim != 4
        or arr.shape[0] != m
        or arr.shape[1] != 2
        or arr.shape[2] != arr.shape[3]
    ):
        msg = (
            f"maps must have shape (m, 2, d, d) with m = {m} (the rows of edges), "
            f"got {arr.shape}"
        )
        if m == 0:
            msg += "; with no edges, maps = np.zeros((0, 2, d, d)) gives the stalk dimension d"
        raise ValueError(msg)
    d = arr.shape[2]
    if not 1 <= d <= MAX_STALK:
        msg = f"maps must have a stalk dimension d with 1 <= d <= {MAX_STALK}, got d = {d}"
        raise ValueError(msg)
    return arr


def _maps_entries(arr: NDArray[Any]) -> FloatArray:
    finite = np.isfinite(arr)
    if not finite.all():
        where = tuple(int(i) for i in np.argwhere(~finite)[0])
        msg = f"maps must be finite, got maps[{', '.join(map(str, where))}] = {arr[where]!r}"
        raise ValueError(msg)
    return np.array(arr, dtype=np.float64, order="C")  # a copy: the caller keeps theirs


def edge_keys(edges: IntArray, n: int) -> IntArray:
    """One int64 key per unordered pair ``{u, v}``: ``min * n + max``."""
    lo = np.minimum(edges[:, 0], edges[:, 1])
    hi = np.maximum(edges[:, 0], edges[:, 1])
    out: IntArray = lo * np.int64(max(n, 1)) + hi
    return out


def coboundary(arrays: SheafArrays) -> sp.csr_array:
    """``d0`` in CSR form, built by index arithmetic.

    Row ``k d + i`` (edge ``k = (u, v)``, coordinate ``i``) holds
    ``-maps[k, 0, i, :]`` in columns ``u d .. u d + d - 1`` and
    ``maps[k, 1, i, :]`` in columns ``v d ..``; the block of the smaller vertex
    comes first, so column indices are sorted. Stored zeros are removed, as
    in the networkx constructor's coboundary.
    """
    n, d, edges, maps = arrays.n, arrays.d, arrays.edges, arrays.maps
    m = edges.shape[0]
    shape = (m * d, n * d)
    if m == 0:
        return sp.csr_array(shape, dtype=np.float64)
    index = np.int32 if max(shape) < 2**31 and 2 * m * d * d < 2**31 else np.int64
    swap = edges[:, 0] > edges[:, 1]  # then the v block comes first
    data = np.empty((m, d, 2, d))
    np.negative(maps[:, 0], out=data[:, :, 0, :])
    data[:, :, 1, :] = maps[:, 1]
    flip = np.flatnonzero(swap)
    if flip.size:
        data[flip] = data[flip][:, :, ::-1, :]
    lo: NDArray[Any] = (np.minimum(edges[:, 0], edges[:, 1]) * d).astype(index)
    hi: NDArray[Any] = (np.maximum(edges[:, 0], edges[:, 1]) * d).astype(index)
    cols = np.empty((m, d, 2, d), dtype=index)
    base: NDArray[Any] = np.arange(d, dtype=index)
    cols[:, :, 0, :] = lo[:, None, None] + base
    cols[:, :, 1, :] = hi[:, None, None] + base
    indptr = np.arange(0, m * d * 2 * d + 1, 2 * d, dtype=index)
    out = sp.csr_array(
        (data.reshape(-1), cols.reshape(-1), indptr), shape=shape, copy=False
    )
    out.has_sorted_indices = True
    out.eliminate_zeros()
    return out
