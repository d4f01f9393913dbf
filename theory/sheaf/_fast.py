"""``ker d0`` at scale: components, small blocks, frames along a BFS forest (private).

One numeric kernel for every sheaf (either constructor), chosen per connected
component of the graph (components from :mod:`scipy.sparse.csgraph`):

* **isolated vertex**: its whole stalk is sections (identity columns; exact);
* **dense** (at most :data:`theory.sheaf.numeric.DENSE_LIMIT` vertex
  coordinates): SVD of the component's block of ``d0``; singular values
  ``<= tol = rtol * sqrt(||d0||_1 ||d0||_inf)`` count as zero;
* **frames** (larger; every vertex and edge stalk of dimension ``d``): a
  breadth-first spanning forest is grown from the smallest vertex; along a
  tree edge from parent ``p`` to child ``x`` a section satisfies
  ``F_x f(x) = F_p f(p)``, so when ``F_x`` is invertible
  ``f(x) = F_x^{-1} F_p f(p)`` and every section is ``f(x) = P_x c_t`` for a
  frame ``P_x`` (products of those transports, ``P_root = I``) and one
  ``c_t`` in ``R^d`` per tree ``t``. A tree edge whose child map has 1-norm
  condition number ``||F||_1 ||F^-1||_1`` above
  :data:`theory.sheaf.numeric.COND_LIMIT` (or is singular) is dropped and
  the forest regrown (up to 8 times), so a component may be covered by
  ``T`` trees. Each non-tree edge ``u -> v`` (dropped ones included) then
  demands ``F_v P_v c_{t(v)} - F_u P_u c_{t(u)} = 0``. The block is divided by
  its scale ``||F_v P_v||_F + ||F_u P_u||_F`` (so its norm is at most 1; a
  zero block stays zero; both products are first divided by their largest
  entry, so that no square overflows or underflows), the blocks of the
  component are stacked into
  ``N`` (``T d`` columns, reduced by a chunked QR), and the ``c`` range over
  the right singular vectors of ``N`` whose singular value is
  ``<= rtol * sqrt(k)`` (``k`` non-tree edges): a relative tolerance on the
  holonomy mismatch, scaled like the norm of ``k`` blocks of rounding noise.
  ``h0`` of the component is ``T d`` minus the rank of ``N``. A component
  falls back to propagation when refused maps remain after the regrowing,
  when ``T d > 1200`` or the QR would cost more than about ``1e10`` flops,
  when a frame is not finite or exceeds
  :data:`theory.sheaf.numeric.FRAME_LIMIT` in absolute value, or when a
  product ``F P`` of a non-tree edge or a section's value overflows;
* **propagation** (otherwise): :func:`theory.sheaf.numeric._propagate`.

All paths return an orthonormal basis of the component's sections; the
caller reports the residual ``||d0 Q||_2`` of the whole basis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import scipy.linalg as sla
import scipy.sparse as sp
import scipy.sparse.csgraph as csg
from numpy.typing import NDArray

from theory.sheaf import numeric as nu
from theory.sheaf._arrays import SheafArrays, edge_keys

_CHUNK = 1 << 16  # non-tree edges per batch of mismatch blocks
_REGROW = 8  # times the forest is regrown without refused tree edges
_MAX_WIDTH = 1200  # largest (trees in a component) * d on the frames path
_MAX_BLOCK = 1 << 22  # entries of one stacked batch of mismatch rows
_MAX_WORK = 10**10  # (non-tree edges) * d * width^2: the QR's flops, roughly

FloatArray = NDArray[np.float64]
IntArray = NDArray[Any]  # int64 or intp indices
Neighbours = Sequence[Sequence[tuple[int, FloatArray, FloatArray]]]


@dataclass
class Kernel:
    """``ker d0`` per component, how each component got it, and the residual.

    ``blocks`` holds ``(component, coordinates, orthonormal basis)``; a
    component ``-1`` block is the identity on its coordinates (isolated
    vertices, one component per coordinate in ``iso_comp``).
    """

    n0: int
    tolerance: float
    blocks: list[tuple[int, IntArray, FloatArray]] = field(default_factory=list)
    iso_comp: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    paths: set[str] = field(default_factory=set)
    residual: float = 0.0

    @property
    def h0(self) -> int:
        """Dimension of the kernel."""
        return sum(
            idx.size if c < 0 else local.shape[1] for c, idx, local in self.blocks
        )

    def basis(self) -> FloatArray:
        """Dense ``(dim C0, h0)`` basis, columns in component order."""
        keys: list[IntArray] = []
        out = np.zeros((self.n0, self.h0))
        col = 0
        for c, idx, local in self.blocks:
            width = idx.size if c < 0 else local.shape[1]
            if c < 0:
                out[idx, col + np.arange(width)] = 1.0
                keys.append(self.iso_comp)
            else:
                out[idx, col : col + width] = local
                keys.append(np.full(width, c, dtype=np.int64))
            col += width
        if keys:
            out = out[:, np.argsort(np.concatenate(keys), kind="stable")]
        return out


def kernel(
    d0: sp.csr_array,
    voff: IntArray,
    eoff: IntArray,
    pairs: IntArray,
    arrays: SheafArrays | None,
    rtol: float,
    neighbours: Callable[[], Neighbours],
) -> Kernel:
    """Orthonormal ``ker d0``; see the module docstring for the paths."""
    n = voff.size - 1
    n0 = int(voff[-1])
    out = Kernel(n0, rtol * nu._scale(d0))
    if n == 0:
        return out
    vdim = np.diff(voff)
    adj = _adjacency(pairs, n)
    n_comp, labels = csg.connected_components(adj, directed=False)
    first = np.full(n_comp, n, dtype=np.int64)
    np.minimum.at(first, labels, np.arange(n, dtype=np.int64))
    rank_of = np.empty(n_comp, dtype=np.int64)
    rank_of[np.argsort(first, kind="stable")] = np.arange(n_comp)
    labels = rank_of[labels].astype(np.int64)  # components numbered by smallest vertex
    first = np.sort(first)
    coords = np.bincount(labels, weights=vdim, minlength=n_comp).astype(np.int64)
    n_edges = np.bincount(labels[pairs[:, 0]], minlength=n_comp)
    isolated = n_edges == 0
    if isolated.any():
        out.paths.add("isolated")
        vs = first[isolated]
        out.blocks.append((-1, _coordinates(voff, vs), np.zeros((0, 0))))
        out.iso_comp = np.repeat(np.flatnonzero(isolated), vdim[vs])
    small = np.flatnonzero(~isolated & (coords <= nu.DENSE_LIMIT))
    if small.size:
        out.paths.add("dense")
        found, res = _dense(d0, voff, eoff, pairs, labels, small, out.tolerance)
        out.blocks.extend(found)
        out.residual = max(out.residual, res)
    large = np.flatnonzero(~isolated & (coords > nu.DENSE_LIMIT))
    rest = large
    if large.size and arrays is not None and nu.FRAMES:
        done, found = _frames(arrays, adj, labels, first, large, rtol)
        if done.size:
            out.paths.add("frames")
        out.blocks.extend(found)
        rest = np.setdiff1d(large, done)
        for _, idx, local in found:
            out.residual = max(out.residual, _block_residual(d0, idx, local))
    if rest.size:
        out.paths.add("propagation")
        nbrs = neighbours()
        voff_list = voff.tolist()
        for c in rest.tolist():
            order = csg.breadth_first_order(
                adj, int(first[c]), directed=False, return_predecessors=False
            )
            local = nu._propagate(order.tolist(), voff_list, nbrs, out.tolerance)
            idx = _coordinates(voff, order)
            out.blocks.append((c, idx, local))
            out.residual = max(out.residual, _block_residual(d0, idx, local))
    return out


def _block_residual(d0: sp.csr_array, idx: IntArray, local: FloatArray) -> float:
    """``||d0 Q||_2`` for a basis ``Q`` supported on the coordinates ``idx``."""
    if local.shape[1] == 0:
        return 0.0
    full = np.zeros((d0.shape[1], local.shape[1]))
    full[idx] = local
    return float(np.linalg.norm(d0 @ full, 2))


def _adjacency(pairs: IntArray, n: int) -> Any:
    """Symmetric 0/1 adjacency matrix of the graph (``int8`` weights)."""
    if pairs.size == 0:
        return sp.csr_array((n, n), dtype=np.int8)
    rows = np.concatenate([pairs[:, 0], pairs[:, 1]])
    cols = np.concatenate([pairs[:, 1], pairs[:, 0]])
    return sp.csr_array((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(n, n))


def _coordinates(voff: IntArray, vertices: IntArray) -> IntArray:
    """Return the ``C0`` coordinates of ``vertices``, vertex by vertex (vectorised)."""
    vertices = np.asarray(vertices, dtype=np.int64)
    lens = voff[vertices + 1] - voff[vertices]
    total = int(lens.sum())
    starts = np.repeat(voff[vertices] - (np.cumsum(lens) - lens), lens)
    out: IntArray = starts + np.arange(total, dtype=np.int64)
    return out


def _dense(
    d0: sp.csr_array,
    voff: IntArray,
    eoff: IntArray,
    pairs: IntArray,
    labels: IntArray,
    comps: IntArray,
    tol: float,
) -> tuple[list[tuple[int, IntArray, FloatArray]], float]:
    """Dense SVD of each small component's block of ``d0``; the largest ``||block Q||_2``."""
    chosen = np.zeros(labels.max() + 1, dtype=bool)
    chosen[comps] = True
    verts = np.flatnonzero(chosen[labels])
    verts = verts[np.argsort(labels[verts], kind="stable")]
    cols = _coordinates(voff, verts)
    vcomp = np.repeat(labels[verts], voff[verts + 1] - voff[verts])
    emask = chosen[labels[pairs[:, 0]]]
    eids = np.flatnonzero(emask)
    eids = eids[np.argsort(labels[pairs[eids, 0]], kind="stable")]
    rows = _coordinates(eoff, eids)
    rcomp = np.repeat(labels[pairs[eids, 0]], eoff[eids + 1] - eoff[eids])
    sub = sp.csr_array(d0[rows][:, cols])
    cb = (
        np.searchsorted(vcomp, comps, side="left"),
        np.searchsorted(vcomp, comps, side="right"),
    )
    rb = (
        np.searchsorted(rcomp, comps, side="left"),
        np.searchsorted(rcomp, comps, side="right"),
    )
    out = []
    worst = 0.0
    for j, c in enumerate(comps.tolist()):
        c0, c1, r0, r1 = int(cb[0][j]), int(cb[1][j]), int(rb[0][j]), int(rb[1][j])
        block = np.zeros((r1 - r0, c1 - c0))
        lo, hi = int(sub.indptr[r0]), int(sub.indptr[r1])
        local_rows = np.repeat(np.arange(r1 - r0), np.diff(sub.indptr[r0 : r1 + 1]))
        block[local_rows, sub.indices[lo:hi] - c0] = sub.data[lo:hi]
        local = nu._null_space(block, tol)
        if local.shape[1] and block.size:
            worst = max(worst, float(np.linalg.norm(block @ local, 2)))
        out.append((c, cols[c0:c1], local))
    return out, worst


def _forest(
    arrays: SheafArrays, labels: IntArray, comps: IntArray
) -> tuple[
    IntArray, IntArray, IntArray, IntArray, IntArray, FloatArray, NDArray[np.bool_]
]:
    """Grow a BFS forest of ``comps`` whose child maps are invertible.

    Grown from a super-root joined to the smallest vertex of every tree. A
    tree edge whose child map is refused (:func:`_inverses`) is dropped from
    the graph and the forest regrown, at most :data:`_REGROW` times; the
    dropped edges become non-tree edges, and a component may then be covered
    by several trees. Returns the vertices in BFS order, each one's parent's
    position (-1 at a root), its tree (a label of the forest), the tree
    edges' rows, their children's positions, the transports
    ``F_child^-1 F_parent`` and which components still have a refused map.
    """
    n, edges, maps = arrays.n, arrays.edges, arrays.maps
    chosen = np.zeros(labels.max() + 1, dtype=bool)
    chosen[comps] = True
    dropped = np.zeros(edges.shape[0], dtype=bool)
    for _ in range(_REGROW + 1):
        kept = edges[~dropped]
        adj = _adjacency(kept, n)
        _, trees = csg.connected_components(adj, directed=False)
        first = np.full(trees.max() + 1, n, dtype=np.int64)
        np.minimum.at(first, trees, np.arange(n, dtype=np.int64))
        roots = np.unique(first[trees[chosen[labels]]])
        ext = sp.csr_array(
            (
                np.ones(2 * roots.size, dtype=np.int8),
                (
                    np.concatenate([np.full(roots.size, n), roots]),
                    np.concatenate([roots, np.full(roots.size, n)]),
                ),
            ),
            shape=(n + 1, n + 1),
        )
        big = sp.csr_array(
            sp.block_diag([adj, sp.csr_array((1, 1), dtype=np.int8)], format="csr")
            + ext
        )
        order, pred = csg.breadth_first_order(
            big, n, directed=False, return_predecessors=True
        )
        order = order[1:].astype(np.int64)  # drop the super-root
        loc = np.full(n + 1, -1, dtype=np.int64)
        loc[order] = np.arange(order.size)
        parent = pred[order].astype(np.int64)
        is_root = parent == n
        ppos = np.where(is_root, -1, loc[np.where(is_root, 0, parent)])
        child = np.flatnonzero(~is_root)
        tedge = _find_edges(edges, n, parent[child], order[child])
        forward = edges[tedge, 0] == parent[child]  # edge oriented parent -> child
        f_par = maps[tedge, 0]
        f_child = maps[tedge, 1]
        back = np.flatnonzero(~forward)
        f_par[back], f_child[back] = f_child[back], f_par[back]
        inverse, refused = _inverses(f_child)
        if not refused.any():
            break
        dropped[tedge[refused]] = True
    bad = np.zeros(labels.max() + 1, dtype=bool)
    bad[labels[order[child[refused]]]] = True
    trans = inverse @ f_par
    return order, ppos, trees[order], tedge, child, trans, bad


def _frames(
    arrays: SheafArrays,
    adj: sp.csr_array,
    labels: IntArray,
    first: IntArray,
    comps: IntArray,
    rtol: float,
) -> tuple[IntArray, list[tuple[int, IntArray, FloatArray]]]:
    """Frames along a BFS forest of ``comps``; returns the components done and their bases."""
    del adj, first  # the forest is regrown on the edges with invertible maps
    n, d, edges, maps = arrays.n, arrays.d, arrays.edges, arrays.maps
    order, ppos, tree, tedge, child, trans, bad = _forest(arrays, labels, comps)
    size = order.size
    loc = np.full(n + 1, -1, dtype=np.int64)
    loc[order] = np.arange(size)
    depth = _depths(ppos)
    frames = np.empty((size, d, d))
    frames[ppos < 0] = np.eye(d)
    step = np.empty(size, dtype=np.int64)
    step[child] = np.arange(child.size)
    bounds = np.searchsorted(depth, np.arange(1, int(depth.max(initial=0)) + 2))
    for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
        at = np.arange(lo, hi)
        frames[at] = trans[step[at]] @ frames[ppos[at]]
    del trans
    frame_ok = np.isfinite(frames).all(axis=(1, 2)) & (
        np.abs(frames).max(axis=(1, 2)) <= nu.FRAME_LIMIT
    )
    bad[labels[order[~frame_ok]]] = True
    # each component's trees, numbered 0 .. T-1 in order of their roots
    roots = np.flatnonzero(ppos < 0)  # positions of the roots
    rcomp = labels[order[roots]]
    roots = roots[np.lexsort((order[roots], rcomp))]
    rcomp = labels[order[roots]]
    n_trees = np.bincount(rcomp, minlength=labels.max() + 1)
    local = np.arange(roots.size) - np.searchsorted(rcomp, rcomp)
    tree_index = np.zeros(tree.max(initial=0) + 1, dtype=np.int64)
    tree_index[tree[roots]] = local
    slot = tree_index[tree]  # each vertex's tree within its component
    in_tree = np.zeros(edges.shape[0], dtype=bool)
    in_tree[tedge] = True
    ecomp = labels[edges[:, 0]]
    # several trees: rows of width T d; refuse what would not be cheap
    width_all = n_trees * d
    work = np.bincount(ecomp[~in_tree], minlength=labels.max() + 1) * d * width_all**2
    bad |= (width_all > _MAX_WIDTH) | (work > _MAX_WORK)
    # non-tree edges of the good components
    good = np.zeros_like(bad)
    good[comps] = True
    good &= ~bad
    loose = np.flatnonzero(~in_tree & good[ecomp])
    loose = loose[np.argsort(ecomp[loose], kind="stable")]
    r_factor: dict[int, FloatArray] = {}
    count = np.bincount(ecomp[loose], minlength=labels.max() + 1)
    for lo in range(0, loose.size, _CHUNK):
        ids = loose[lo : lo + _CHUNK]
        pu, pv = loc[edges[ids, 0]], loc[edges[ids, 1]]
        # inf and nan arise only in the rows of a component whose F P
        # overflowed: it falls back to propagation, its rows are skipped
        with np.errstate(over="ignore", invalid="ignore"):
            a = maps[ids, 1] @ frames[pv]
            b = maps[ids, 0] @ frames[pu]
            # divide each pair of blocks by its largest entry first: squaring
            # entries beyond 1e154 overflows and below 1e-154 underflows (a
            # block of a non-zero edge would then count as zero)
            peak = np.maximum(np.abs(a).max(axis=(1, 2)), np.abs(b).max(axis=(1, 2)))
            good[ecomp[ids[~np.isfinite(peak)]]] = False
            peak = np.where(peak > 0, peak, 1.0)[:, None, None]
            np.divide(a, peak, out=a)
            np.divide(b, peak, out=b)
            scale = np.sqrt((a * a).sum(axis=(1, 2))) + np.sqrt(
                (b * b).sum(axis=(1, 2))
            )
            scale = np.where(scale > 0, scale, 1.0)[:, None, None]
            np.divide(a, scale, out=a)
            np.divide(b, scale, out=b)
        cid = ecomp[ids]
        cuts = np.flatnonzero(np.diff(cid)) + 1
        for part, c in zip(
            np.split(np.arange(ids.size), cuts),
            cid[np.concatenate([[0], cuts])].tolist(),
            strict=True,
        ):
            if not good[c]:
                continue
            width = int(n_trees[c]) * d
            step_rows = max(1, _MAX_BLOCK // (d * width))
            for sub in np.split(part, np.arange(step_rows, part.size, step_rows)):
                if width == d:
                    stack = (a[sub] - b[sub]).reshape(-1, d)
                else:  # block columns per tree: F_v P_v at v's tree, -F_u P_u at u's
                    rows = np.zeros((sub.size, d, width))
                    at = np.arange(sub.size)[:, None, None]
                    rr = np.arange(d)[:, None]
                    cv = (slot[pv[sub]] * d)[:, None, None] + np.arange(d)
                    cu = (slot[pu[sub]] * d)[:, None, None] + np.arange(d)
                    rows[at, rr, cv] = a[sub]
                    rows[at, rr, cu] -= b[sub]
                    stack = rows.reshape(-1, width)
                if c in r_factor:
                    stack = np.vstack([r_factor[c], stack])
                r_factor[c] = np.asarray(
                    sla.qr(stack, mode="r", check_finite=False)[0][:width]
                )
    done = np.flatnonzero(good)
    out = []
    for c in done.tolist():
        width = int(n_trees[c]) * d
        r = r_factor.get(c)
        if r is None:
            cbasis = np.eye(width)
        else:
            _, s, vt = sla.svd(r, full_matrices=True, check_finite=False)
            rank = int(np.count_nonzero(s > rtol * np.sqrt(count[c])))
            cbasis = vt[rank:].T
        h = cbasis.shape[1]
        verts = np.sort(order[labels[order] == c])
        per_tree = cbasis.reshape(width // d, d, h)
        with np.errstate(over="ignore", invalid="ignore"):
            vals = (frames[loc[verts]] @ per_tree[slot[loc[verts]]]).reshape(
                verts.size * d, h
            )
        if not np.isfinite(vals).all():  # FRAME_LIMIT raised near the float range
            good[c] = False
            continue
        if h:
            vals = np.asarray(sla.qr(vals, mode="economic", check_finite=False)[0])
        idx = (verts[:, None] * d + np.arange(d)).reshape(-1)
        out.append((c, idx, vals))
    return np.flatnonzero(good), out


def _find_edges(edges: IntArray, n: int, a: IntArray, b: IntArray) -> IntArray:
    """Row of ``edges`` joining ``a[i]`` and ``b[i]`` (each pair must be an edge)."""
    keys = edge_keys(edges, n)
    sorter = np.argsort(keys)
    queries = edge_keys(np.stack([a, b], axis=1), n)
    qorder = np.argsort(queries)
    found = np.empty(queries.size, dtype=np.int64)
    found[qorder] = sorter[np.searchsorted(keys[sorter], queries[qorder])]
    return found


def _inverses(mats: FloatArray) -> tuple[FloatArray, NDArray[np.bool_]]:
    """Batched inverses and which matrices are too ill-conditioned to invert.

    A matrix is refused when its 1-norm condition number ``||F||_1 ||F^-1||_1``
    exceeds :data:`theory.sheaf.numeric.COND_LIMIT` (or it is singular); refused ones get ``I``.
    """
    d = mats.shape[-1]
    singular = np.zeros(mats.shape[0], dtype=bool)
    try:
        inverse = np.linalg.inv(mats)
    except np.linalg.LinAlgError:  # an exactly singular matrix in the batch
        u, s, vt = np.linalg.svd(mats)
        singular = ~(s[:, -1] * nu.COND_LIMIT > s[:, 0])
        s_inv = np.where(singular[:, None], 0.0, 1.0 / np.where(s > 0, s, 1.0))
        inverse = np.swapaxes(vt, 1, 2) @ (s_inv[:, :, None] * np.swapaxes(u, 1, 2))
    norm = np.abs(mats).sum(axis=1).max(axis=1)
    norm_inv = np.abs(inverse).sum(axis=1).max(axis=1)
    bad = singular | ~(norm * norm_inv <= nu.COND_LIMIT)
    inverse[bad] = np.eye(d)
    return np.asarray(inverse, dtype=np.float64), bad


def _depths(ppos: IntArray) -> IntArray:
    """Depth of each vertex of a forest given parents' positions (-1 at roots), by pointer jumping."""
    depth = np.where(ppos < 0, 0, 1).astype(np.int64)
    up = ppos.copy()
    while True:
        live = np.flatnonzero(up >= 0)
        if live.size == 0:
            break
        depth[live] += depth[up[live]]
        up[live] = up[up[live]]
    return depth
