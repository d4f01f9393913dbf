"""Floating-point kernels behind :class:`theory.sheaf.CellularSheaf` (docs/guide/sheaves.md).

Most users call the methods of :class:`~theory.sheaf.CellularSheaf`
(``method="numeric"``); these kernels are public so that their paths can be
tested and reused on a coboundary assembled elsewhere. They validate nothing:
the sheaf hands them checked float arrays and offsets.

Ranks use one tolerance: a singular value ``s`` counts as zero iff
``s <= rtol * scale`` with ``scale = sqrt(||d0||_1 * ||d0||_inf)``, a cheap
upper bound on the spectral norm of the coboundary ``d0`` (Hoelder).

Kernels are computed per connected component. A component with at most
:data:`DENSE_LIMIT` vertex coordinates gets a dense SVD of its block of ``d0``
(LAPACK ``gesdd`` via :func:`scipy.linalg.svd`, after a QR reduction when the
block is tall). A larger component gets a vertex-by-vertex propagation
(:func:`_propagate`): vertices are added in breadth-first order, and the
space of sections over the vertices seen so far is updated by the null space
(SVD, same tolerance) of the constraints that the new vertex's edges impose.
In exact arithmetic both give ``ker d0``; in floating point the propagation
applies the tolerance step by step, so on ill-conditioned sheaves the two
can differ, and the caller reports the residual ``||d0 Q||_2`` of the basis.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import scipy.linalg as sla
import scipy.sparse as sp
import scipy.sparse.linalg as spla
from numpy.typing import NDArray

from theory.sheaf import _build as build

__all__ = [
    "COND_LIMIT",
    "DENSE_LIMIT",
    "FRAMES",
    "FRAME_LIMIT",
    "coboundary",
    "dense_basis_limit_check",
    "harmonic_part",
    "kernel",
    "null_space",
    "residual",
    "scale",
]

_FloatArray = NDArray[np.float64]

DENSE_LIMIT = 1200
"""Largest number of vertex coordinates in a component handled by dense SVD."""

# The frames path of CellularSheaf.cohomology (larger components with one
# stalk dimension; see its Notes), read at each call:
COND_LIMIT = 1e8
"""Largest 1-norm condition number of a spanning tree's child map on the frames path."""
FRAME_LIMIT = 1e150
"""Largest absolute entry of a frame before its component falls back to propagation."""
FRAMES = True
"""Whether large components may take the frames path (``False``: always propagation)."""


def coboundary(
    edges: Sequence[tuple[int, int]],
    maps: Sequence[tuple[_FloatArray, _FloatArray]],
    voff: Sequence[int],
    eoff: Sequence[int],
    shape: tuple[int, int],
) -> sp.csr_array:
    """Assemble ``d0`` with block ``(e, v) = F_v``, ``(e, u) = -F_u`` for ``e = u -> v``.

    Parameters
    ----------
    edges : sequence of (int, int)
        Oriented edges ``u -> v`` as vertex indices.
    maps : sequence of (ndarray, ndarray)
        Per edge, the restriction maps ``(F_u, F_v)``.
    voff, eoff : sequence of int
        Offsets of each vertex stalk (``len = vertices + 1``) and each edge stalk.
    shape : (int, int)
        ``(dim C1, dim C0)``.

    Returns
    -------
    scipy.sparse.csr_array
        The coboundary.

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type, shape or size, or is not finite.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.sheaf.numeric import coboundary
    >>> one = np.array([[1.0]])
    >>> coboundary([(0, 1)], [(one, one)], [0, 1, 2], [0, 1], (1, 2)).toarray()
    array([[-1.,  1.]])
    """
    v_off = build.check_offsets(voff, "voff")
    e_off = build.check_offsets(eoff, "eoff")
    pairs = build.check_edges(edges, len(v_off) - 1)
    if len(pairs) != len(e_off) - 1:
        msg = f"eoff must have len(edges) + 1 = {len(pairs) + 1} entries, got {len(e_off)}"
        raise ValueError(msg)
    if not isinstance(shape, tuple) or shape != (e_off[-1], v_off[-1]):
        msg = f"shape must be (eoff[-1], voff[-1]) = {(e_off[-1], v_off[-1])}, got {shape!r}"
        raise ValueError(msg)
    mats = build.check_edge_maps(maps, pairs, v_off, e_off)
    return _coboundary(pairs, mats, v_off, e_off, shape)


def scale(d0: sp.csr_array) -> float:
    """Return ``sqrt(||d0||_1 * ||d0||_inf)``, an upper bound on ``||d0||_2``.

    Parameters
    ----------
    d0 : scipy.sparse.csr_array
        A coboundary.

    Returns
    -------
    float
        The scale the rank tolerance is relative to (0.0 for an empty ``d0``).

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type, shape or size, or is not finite.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> from theory.sheaf.numeric import scale
    >>> round(scale(sp.csr_array([[3.0, 4.0]])), 4)  # sqrt(4 * 7)
    5.2915
    """
    return _scale(build.check_sparse(d0))


def null_space(mat: _FloatArray, tol: float) -> _FloatArray:
    """Return an orthonormal basis (columns) of the numerical null space of ``mat``.

    Right singular vectors whose singular value is ``<= tol`` (a tall matrix
    is reduced by QR first).

    Parameters
    ----------
    mat : ndarray
        A dense float matrix.
    tol : float
        Absolute singular-value tolerance.

    Returns
    -------
    ndarray
        ``(mat.shape[1], nullity)`` with orthonormal columns.

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type, shape or size, or is not finite.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.sheaf.numeric import null_space
    >>> null_space(np.array([[1.0, -1.0]]), 1e-9).shape
    (2, 1)
    """
    return _null_space(build.check_dense(mat, "mat", 2), build.check_tol(tol))


def kernel(
    d0: sp.csr_array,
    components: Sequence[Sequence[int]],
    voff: Sequence[int],
    neighbours: Sequence[Sequence[tuple[int, _FloatArray, _FloatArray]]],
    tol: float,
) -> tuple[_FloatArray, bool]:
    """Return an orthonormal basis of ``ker d0`` and whether any component used propagation.

    Components with at most :data:`DENSE_LIMIT` vertex coordinates get a
    dense SVD; larger ones are propagated vertex by vertex.

    Parameters
    ----------
    d0 : scipy.sparse.csr_array
        The coboundary.
    components : sequence of sequence of int
        Vertex indices of each connected component, in breadth-first order.
    voff : sequence of int
        Vertex stalk offsets.
    neighbours : sequence of sequence of (int, ndarray, ndarray)
        Per vertex, ``(other, F_self, F_other)`` for each incident edge.
    tol : float
        Absolute singular-value tolerance.

    Returns
    -------
    basis : ndarray
        ``(dim C0, h0)`` with orthonormal columns.
    propagated : bool
        Whether a component was too large for the dense SVD.

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type, shape or size, or is not finite.

    Examples
    --------
    >>> import networkx as nx
    >>> import numpy as np
    >>> from theory.sheaf import CellularSheaf
    >>> from theory.sheaf.numeric import kernel
    >>> d0 = CellularSheaf.constant(nx.path_graph(2), 1).coboundary()
    >>> one = np.eye(1)
    >>> basis, propagated = kernel(d0, [[0, 1]], [0, 1, 2], [[(1, one, one)], [(0, one, one)]], 1e-9)
    >>> basis.shape, propagated
    ((2, 1), False)
    """
    mat = build.check_sparse(d0)
    v_off = build.check_offsets(voff, "voff")
    if v_off[-1] != mat.shape[1]:
        msg = f"voff[-1] must equal the columns of d0 ({mat.shape[1]}), got {v_off[-1]}"
        raise ValueError(msg)
    comps = build.check_components(components, len(v_off) - 1)
    nbrs = build.check_neighbours(neighbours, v_off)
    return _kernel(mat, comps, v_off, nbrs, build.check_tol(tol))


def harmonic_part(d0: sp.csr_array, y: _FloatArray) -> _FloatArray:
    """Return ``y - d0 x*`` with ``x*`` a least-squares solution of ``d0 x = y``.

    Dense ``lstsq`` up to 4e6 entries, sparse ``lsqr`` beyond.

    Parameters
    ----------
    d0 : scipy.sparse.csr_array
        The coboundary.
    y : ndarray
        Edge data (a 1-cochain).

    Returns
    -------
    ndarray
        The harmonic part of ``y``, orthogonal to ``im d0``.

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type, shape or size, or is not finite.

    Examples
    --------
    >>> import numpy as np
    >>> import scipy.sparse as sp
    >>> from theory.sheaf.numeric import harmonic_part
    >>> harmonic_part(sp.csr_array([[-1.0, 1.0]]), np.array([2.0]))
    array([0.])
    """
    mat = build.check_sparse(d0)
    vec = build.check_dense(y, "y", 1)
    if vec.size != mat.shape[0]:
        msg = f"y must have {mat.shape[0]} entries (rows of d0), got {vec.size}"
        raise ValueError(msg)
    return _harmonic_part(mat, vec)


def residual(d0: sp.csr_array, basis: _FloatArray) -> float:
    """Return ``||d0 Q||_2``, how far a kernel basis ``Q`` is from ``ker d0``.

    Parameters
    ----------
    d0 : scipy.sparse.csr_array
        The coboundary.
    basis : ndarray
        Basis columns ``Q``.

    Returns
    -------
    float
        The spectral norm of ``d0 Q`` (0.0 for an empty basis).

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type, shape or size, or is not finite.

    Examples
    --------
    >>> import numpy as np
    >>> import scipy.sparse as sp
    >>> from theory.sheaf.numeric import residual
    >>> residual(sp.csr_array([[3.0, 0.0]]), np.array([[1.0], [0.0]]))
    3.0
    """
    mat = build.check_sparse(d0)
    q = build.check_dense(basis, "basis", 2)
    if q.shape[0] != mat.shape[1]:
        msg = f"basis must have {mat.shape[1]} rows (columns of d0), got {q.shape[0]}"
        raise ValueError(msg)
    return _residual(mat, q)


def _coboundary(
    edges: Sequence[tuple[int, int]],
    maps: Sequence[tuple[_FloatArray, _FloatArray]],
    voff: Sequence[int],
    eoff: Sequence[int],
    shape: tuple[int, int],
) -> sp.csr_array:
    """Run :func:`coboundary` on inputs already checked."""
    rows: list[_FloatArray] = []
    cols: list[_FloatArray] = []
    vals: list[_FloatArray] = []
    for k, ((u, v), (fu, fv)) in enumerate(zip(edges, maps, strict=True)):
        for node, mat, sign in ((u, fu, -1.0), (v, fv, 1.0)):
            r, c = np.nonzero(mat)
            rows.append((r + eoff[k]).astype(np.int64))
            cols.append((c + voff[node]).astype(np.int64))
            vals.append(sign * mat[r, c])
    if not rows:
        return sp.csr_array(shape, dtype=np.float64)
    data = (np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols)))
    return sp.csr_array(sp.coo_array(data, shape=shape))


def _scale(d0: sp.csr_array) -> float:
    """Run :func:`scale` on inputs already checked."""
    if d0.nnz == 0:
        return 0.0
    if not d0.has_canonical_format:
        d0 = d0.copy()
        d0.sum_duplicates()
    mags = np.abs(d0.data)
    top = float(mags.max())
    if top == 0.0:
        return 0.0
    # Norms of d0 / top, then times top: the sums and their product neither
    # overflow (entries near 1e154 squared to inf: an infinite tolerance) nor
    # underflow (entries near 1e-170 gave 0: a zero tolerance).
    mags = mags / top
    rows = np.add.reduceat(mags, d0.indptr[:-1][np.diff(d0.indptr) > 0])
    cols = np.bincount(d0.indices, weights=mags, minlength=d0.shape[1])
    out = top * math.sqrt(float(cols.max()) * float(rows.max()))
    if not math.isfinite(out):
        msg = (
            f"d0's entries (up to {top:.3g}) are too large: sqrt(||d0||_1 ||d0||_inf) "
            "exceeds the float range (about 1.8e308)"
        )
        raise ValueError(msg)
    return out


def _null_space(mat: _FloatArray, tol: float) -> _FloatArray:
    """Run :func:`null_space` on inputs already checked."""
    n = mat.shape[1]
    if mat.shape[0] == 0 or n == 0:
        return np.eye(n)
    if mat.shape[0] > n:
        mat = np.asarray(
            sla.qr(mat, mode="r", check_finite=False)[0][:n], dtype=np.float64
        )
    _, s, vt = sla.svd(mat, full_matrices=True, check_finite=False)
    rank = int(np.count_nonzero(s > tol))
    return np.ascontiguousarray(vt[rank:].T)


def _kernel(
    d0: sp.csr_array,
    components: Sequence[Sequence[int]],
    voff: Sequence[int],
    neighbours: Sequence[Sequence[tuple[int, _FloatArray, _FloatArray]]],
    tol: float,
) -> tuple[_FloatArray, bool]:
    """Run :func:`kernel` on inputs already checked."""
    n0 = d0.shape[1]
    blocks: list[_FloatArray] = []
    propagated = False
    csc = d0.tocsc()
    for comp in components:
        cols = np.concatenate([np.arange(voff[v], voff[v + 1]) for v in comp])
        if cols.size <= DENSE_LIMIT:
            sub = csc[:, cols]
            used = np.unique(sub.nonzero()[0])
            local = _null_space(sub[used].toarray(), tol)
        else:
            propagated = True
            local = _propagate(comp, voff, neighbours, tol)
        full = np.zeros((n0, local.shape[1]))
        full[cols] = local
        blocks.append(full)
    if not blocks:
        return np.zeros((n0, 0)), propagated
    return np.hstack(blocks), propagated


def _propagate(
    comp: Sequence[int],
    voff: Sequence[int],
    neighbours: Sequence[Sequence[tuple[int, _FloatArray, _FloatArray]]],
    tol: float,
) -> _FloatArray:
    """Sections over one component, adding vertices in the given (BFS) order.

    ``blocks[v]`` holds the values at ``v`` of the current basis (columns;
    blocks narrower than ``width`` are zero-padded on the right).
    """
    blocks: dict[int, _FloatArray] = {}
    width = 0
    for v in comp:
        dim = voff[v + 1] - voff[v]
        seen = [(u, fv, fu) for u, fv, fu in neighbours[v] if u in blocks]
        a_part = np.vstack([fv for _, fv, _ in seen]) if seen else np.zeros((0, dim))
        b_part = (
            np.vstack([fu @ _pad(blocks[u], width) for u, _, fu in seen])
            if seen
            else np.zeros((0, width))
        )
        basis = _null_space(np.hstack([a_part, -b_part]), tol)
        old, new = basis[dim:], basis[:dim]
        width, blocks = _update(blocks, width, old, new, v)
    stacked = np.vstack([_pad(blocks[v], width) for v in comp])
    if width == 0:
        return stacked
    q, _ = sla.qr(stacked, mode="economic", check_finite=False)
    return np.asarray(q, dtype=np.float64)


def _update(
    blocks: dict[int, _FloatArray],
    width: int,
    old: _FloatArray,
    new: _FloatArray,
    v: int,
) -> tuple[int, dict[int, _FloatArray]]:
    """Re-express the section basis after adding vertex ``v``.

    The new basis is ``[K @ old; new]``. When ``old`` has full row rank (well
    conditioned), change basis so that ``old`` becomes ``[I, 0]`` and the
    existing blocks stay untouched; otherwise multiply every block.
    """
    k_new = old.shape[1]
    if width > 0 and k_new >= width:
        s = sla.svdvals(old, check_finite=False)
        if s.size and s.min() > 1e-3:
            right = sla.null_space(old, rcond=1e-12)
            t = np.hstack([np.linalg.pinv(old), right])
            blocks[v] = new @ t
            return k_new, blocks
    if width > 0:
        blocks = {u: _pad(b, width) @ old for u, b in blocks.items()}
    blocks[v] = new
    return k_new, blocks


def _pad(block: _FloatArray, width: int) -> _FloatArray:
    if block.shape[1] == width:
        return block
    out = np.zeros((block.shape[0], width))
    out[:, : block.shape[1]] = block
    return out


def _harmonic_part(d0: sp.csr_array, y: _FloatArray) -> _FloatArray:
    """Run :func:`harmonic_part` on inputs already checked."""
    if d0.shape[1] == 0 or d0.nnz == 0:
        return y.copy()
    if d0.shape[0] * d0.shape[1] <= 4_000_000:
        x = sla.lstsq(d0.toarray(), y, check_finite=False)[0]
    else:
        x = spla.lsqr(d0, y, atol=1e-14, btol=1e-14, iter_lim=10 * d0.shape[1])[0]
    return np.asarray(y - d0 @ x, dtype=np.float64)


def dense_basis_limit_check(size: int, limit: int, what: str) -> None:
    """Refuse a dense basis that would not fit.

    Parameters
    ----------
    size : int
        Coordinates of the basis.
    limit : int
        The largest allowed.
    what : str
        Name of the basis, for the message.

    Raises
    ------
    ValueError
        If ``size > limit``.

    Examples
    --------
    >>> from theory.sheaf.numeric import dense_basis_limit_check
    >>> dense_basis_limit_check(10, 10, "H0")
    >>> dense_basis_limit_check(11, 10, "H0")
    Traceback (most recent call last):
    ...
    ValueError: H0 has 11 coordinates, above the dense-basis limit 10
    """
    if size > limit:
        msg = f"{what} has {size} coordinates, above the dense-basis limit {limit}"
        raise ValueError(msg)


def _residual(d0: sp.csr_array, basis: _FloatArray) -> float:
    """Run :func:`residual` on inputs already checked."""
    if basis.shape[1] == 0:
        return 0.0
    prod: Any = d0 @ basis
    return float(np.linalg.norm(prod, 2)) if prod.size else 0.0
