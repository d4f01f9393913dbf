"""Input checks and normalisation for :mod:`theory.sheaf` (private).

Matrices arrive as NumPy arrays, sympy matrices or nested sequences. Each
becomes a pair: an exact copy (rows of :class:`fractions.Fraction`) when every
entry is rational-typed (``int``, ``Fraction``, sympy ``Rational``, NumPy
integer), else ``None``; and a ``float64`` copy, always.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
import sympy
from numpy.typing import NDArray

from theory.validation import MAX_SIZE, check_int, check_real

ExactRows = tuple[tuple[Fraction, ...], ...]
FloatArray = NDArray[np.float64]
Edge = tuple[Hashable, Hashable]


@dataclass(frozen=True, slots=True)
class Mat:
    """A checked matrix: exact rows (or ``None``) and a float copy."""

    exact: ExactRows | None
    numeric: NDArray[np.float64]


def check_graph(graph: object) -> nx.Graph[Any]:
    """Return ``graph`` if it is a simple ``networkx`` graph without self-loops."""
    if not isinstance(graph, nx.Graph):
        msg = f"graph must be a networkx Graph or DiGraph, got {type(graph).__name__}"
        raise TypeError(msg)
    if graph.is_multigraph():
        msg = (
            f"graph must not be a multigraph, got {type(graph).__name__}; subdivide "
            "parallel edges (insert a vertex) to model them"
        )
        raise TypeError(msg)
    loops = list(nx.selfloop_edges(graph))
    if loops:
        msg = f"graph must have no self-loops, got {loops[0]!r}; subdivide the loop"
        raise ValueError(msg)
    return graph


def _entry(value: object, name: str) -> Fraction | float:
    """Return one entry as ``Fraction`` (rational-typed) or finite ``float``."""
    if isinstance(value, bool | np.bool_):
        msg = f"{name} must hold numbers, got the bool {value!r}"
        raise TypeError(msg)
    if isinstance(value, int | np.integer):
        return Fraction(int(value))
    if isinstance(value, Fraction):
        return value
    if isinstance(value, sympy.Rational):
        return Fraction(int(value.p), int(value.q))
    if isinstance(value, float | np.floating | sympy.Float):
        out = float(value)
        if not math.isfinite(out):
            msg = f"{name} must have finite entries, got {out!r}"
            raise ValueError(msg)
        return out
    msg = f"{name} must hold real numbers, got {value!r} of type {type(value).__name__}"
    raise TypeError(msg)


def to_mat(value: object, name: str) -> Mat:
    """Check a 2-D matrix with at least one row and column and normalise it."""
    if isinstance(value, np.ndarray) and value.dtype.kind == "f" and value.ndim == 2:
        return _float_mat(value, name)
    if isinstance(value, sympy.MatrixBase):
        value = value.tolist()
    try:
        arr = np.asarray(value, dtype=object)
    except (TypeError, ValueError) as exc:  # ragged nested lists
        msg = f"{name} must be a rectangular 2-D matrix, got {value!r}"
        raise ValueError(msg) from exc
    if arr.ndim != 2 or arr.shape[0] < 1 or arr.shape[1] < 1:
        msg = f"{name} must be a 2-D matrix with at least one row and column, got shape {arr.shape}"
        raise ValueError(msg)
    entries = [_entry(x, name) for x in arr.ravel().tolist()]
    numeric = np.array([float(x) for x in entries], dtype=np.float64).reshape(arr.shape)
    fractions = [x for x in entries if isinstance(x, Fraction)]
    if len(fractions) == len(entries):
        cols = arr.shape[1]
        exact = tuple(
            tuple(fractions[r * cols : (r + 1) * cols]) for r in range(arr.shape[0])
        )
        return Mat(exact, numeric)
    return Mat(None, numeric)


def _float_mat(value: NDArray[Any], name: str) -> Mat:
    """Fast path for a float NumPy matrix."""
    if value.shape[0] < 1 or value.shape[1] < 1:
        msg = f"{name} must be a 2-D matrix with at least one row and column, got shape {value.shape}"
        raise ValueError(msg)
    if not np.isfinite(value).all():
        msg = f"{name} must have finite entries, got {value[~np.isfinite(value)][0]!r}"
        raise ValueError(msg)
    return Mat(None, np.array(value, dtype=np.float64))


def to_vector(value: object, name: str, size: int) -> Mat:
    """Check a vector of length ``size``; returned as a one-column :class:`Mat`."""
    if isinstance(value, sympy.MatrixBase):
        value = list(value)
    arr = np.asarray(value, dtype=object)
    if arr.ndim != 1 or arr.shape[0] != size:
        msg = f"{name} must be a vector of length {size}, got shape {arr.shape}"
        raise ValueError(msg)
    if size == 0:
        return Mat((), np.zeros((0, 1)))
    return to_mat(arr.reshape(size, 1), name)


def orient_edges(
    graph: nx.Graph[Any], restrictions: Mapping[Any, Any]
) -> list[tuple[Edge, Any]]:
    """Match each key of ``restrictions`` to one edge of ``graph``.

    The key's order is the orientation. Edges come out in ``graph.edges()``
    order (insertion order), whatever the order of the mapping.
    """
    if not isinstance(restrictions, Mapping):
        msg = f"restrictions must be a mapping edge -> (F_u, F_v), got {type(restrictions).__name__}"
        raise TypeError(msg)
    directed = graph.is_directed()
    index: dict[object, Edge] = {
        (e if directed else frozenset(e)): e for e in graph.edges()
    }
    found: dict[Edge, tuple[Edge, Any]] = {}
    for key, maps in restrictions.items():
        if not (isinstance(key, tuple) and len(key) == 2):
            msg = f"restrictions keys must be (u, v) pairs, got {key!r}"
            raise TypeError(msg)
        canon = index.get(key if directed else frozenset(key))
        if canon is None:
            msg = f"restrictions key {key!r} is not an edge of graph"
            raise ValueError(msg)
        if canon in found:
            msg = f"restrictions give edge {key!r} twice (both orientations)"
            raise ValueError(msg)
        found[canon] = ((key[0], key[1]), maps)
    out = []
    for e in graph.edges():
        if e not in found:
            msg = f"restrictions are missing for edge {e!r}"
            raise ValueError(msg)
        out.append(found[e])
    return out


def check_pair(maps: object, edge: Edge) -> tuple[object, object]:
    """Return the two restriction maps ``(F_u, F_v)`` of ``edge``."""
    if not isinstance(maps, Sequence) or isinstance(maps, str) or len(maps) != 2:
        msg = f"restrictions[{edge!r}] must be a pair (F_u, F_v) of matrices"
        raise TypeError(msg)
    return maps[0], maps[1]


def vertex_dims(
    graph: nx.Graph[Any],
    edges: Sequence[tuple[Edge, Mat, Mat]],
    given: Mapping[Any, Any] | None,
) -> dict[Hashable, int]:
    """Stalk dimension of every vertex, from the maps and ``given``; must agree."""
    dims: dict[Hashable, int] = {}
    for (u, v), fu, fv in edges:
        if fu.numeric.shape[0] != fv.numeric.shape[0]:
            msg = (
                f"restrictions[{(u, v)!r}]: F_u has {fu.numeric.shape[0]} rows and F_v "
                f"{fv.numeric.shape[0]}; both must equal the edge stalk dimension"
            )
            raise ValueError(msg)
        for node, mat in ((u, fu), (v, fv)):
            cols = mat.numeric.shape[1]
            if dims.setdefault(node, cols) != cols:
                msg = (
                    f"restriction maps at vertex {node!r} disagree on its stalk "
                    f"dimension ({dims[node]} vs {cols} columns, edge {(u, v)!r})"
                )
                raise ValueError(msg)
    for node, dim in (given or {}).items():
        if node not in graph:
            msg = f"vertex_dims names {node!r}, which is not a vertex of graph"
            raise ValueError(msg)
        dim = check_int(dim, f"vertex_dims[{node!r}]", minimum=1)
        if dims.setdefault(node, int(dim)) != int(dim):
            msg = f"vertex_dims[{node!r}]={dim} disagrees with its maps ({dims[node]} columns)"
            raise ValueError(msg)
    missing = [n for n in graph.nodes if n not in dims]
    if missing:
        msg = f"stalk dimension of isolated vertex {missing[0]!r} unknown; pass vertex_dims"
        raise ValueError(msg)
    return dims


# Checks of the public kernels of theory.sheaf.numeric; the sheaf itself calls
# their private implementations with arrays it has already built and checked.


def check_sparse(d0: object) -> sp.csr_array:
    if not sp.issparse(d0) or getattr(d0, "ndim", 0) != 2:
        msg = f"d0 must be a 2-d scipy.sparse array, got {d0!r} of type {type(d0).__name__}"
        raise TypeError(msg)
    mat: Any = d0
    if mat.dtype.kind not in "biuf":
        msg = f"d0 must have a real dtype, got {mat.dtype}"
        raise TypeError(msg)
    out: sp.csr_array = sp.csr_array(mat, dtype=np.float64)
    if not np.isfinite(out.data).all():
        msg = "d0 must be finite"
        raise ValueError(msg)
    return out


def check_dense(value: object, name: str, ndim: int) -> FloatArray:
    if isinstance(value, (str, bytes, bool)) or value is None:
        msg = f"{name} must be an array of real numbers, got {value!r}"
        raise TypeError(msg)
    if isinstance(value, np.ndarray) and value.dtype.kind not in "biuf":
        msg = f"{name} must have a real dtype, got {value.dtype}"
        raise TypeError(msg)
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        msg = f"{name} must be an array of real numbers, got {value!r}"
        raise TypeError(msg) from exc
    if arr.ndim != ndim:
        msg = f"{name} must be {ndim}-d, got shape {arr.shape}"
        raise ValueError(msg)
    if not np.isfinite(arr).all():
        msg = f"{name} must be finite"
        raise ValueError(msg)
    return arr


def check_tol(tol: object) -> float:
    return check_real(tol, "tol", low=0.0, high=math.inf, high_open=True)


def check_ints(value: object, name: str) -> list[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence | np.ndarray):
        msg = f"{name} must be a sequence of ints, got {value!r}"
        raise TypeError(msg)
    if len(value) > MAX_SIZE:
        msg = f"{name} must have at most {MAX_SIZE} entries, got {len(value)}"
        raise ValueError(msg)
    return [check_int(v, f"{name}[{i}]") for i, v in enumerate(value)]


def check_offsets(value: object, name: str) -> list[int]:
    out = check_ints(value, name)
    if not out or out[0] != 0 or any(b < a for a, b in itertools.pairwise(out)):
        msg = f"{name} must be nondecreasing offsets starting at 0, got {value!r}"
        raise ValueError(msg)
    return out


def check_index(value: object, name: str, size: int) -> int:
    return check_int(value, name, minimum=0, maximum=size - 1)


def check_edges(edges: object, n_vertices: int) -> list[tuple[int, int]]:
    if isinstance(edges, (str, bytes)) or not isinstance(edges, Sequence):
        msg = f"edges must be a sequence of (int, int), got {edges!r}"
        raise TypeError(msg)
    out = []
    for k, edge in enumerate(edges):
        if not isinstance(edge, tuple | list) or len(edge) != 2:
            msg = f"edges[{k}] must be a pair of vertex indices, got {edge!r}"
            raise TypeError(msg)
        out.append(
            (
                check_index(edge[0], f"edges[{k}][0]", n_vertices),
                check_index(edge[1], f"edges[{k}][1]", n_vertices),
            )
        )
    return out


def check_block(value: object, name: str, rows: int, cols: int) -> FloatArray:
    arr = check_dense(value, name, 2)
    if arr.shape != (rows, cols):
        msg = f"{name} must have shape {(rows, cols)}, got {arr.shape}"
        raise ValueError(msg)
    return arr


def check_edge_maps(
    maps: object,
    edges: list[tuple[int, int]],
    voff: list[int],
    eoff: list[int],
) -> list[tuple[FloatArray, FloatArray]]:
    if isinstance(maps, (str, bytes)) or not isinstance(maps, Sequence):
        msg = f"maps must be a sequence of (F_u, F_v) pairs, got {maps!r}"
        raise TypeError(msg)
    if len(maps) != len(edges):
        msg = f"maps must have one pair per edge ({len(edges)}), got {len(maps)}"
        raise ValueError(msg)
    out = []
    for k, ((u, v), pair) in enumerate(zip(edges, maps, strict=True)):
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            msg = f"maps[{k}] must be a pair (F_u, F_v), got {pair!r}"
            raise TypeError(msg)
        rows = eoff[k + 1] - eoff[k]
        fu = check_block(pair[0], f"maps[{k}][0]", rows, voff[u + 1] - voff[u])
        fv = check_block(pair[1], f"maps[{k}][1]", rows, voff[v + 1] - voff[v])
        out.append((fu, fv))
    return out


def check_components(components: object, n_vertices: int) -> list[list[int]]:
    if isinstance(components, (str, bytes)) or not isinstance(components, Sequence):
        msg = f"components must be a sequence of vertex lists, got {components!r}"
        raise TypeError(msg)
    out = []
    for c, comp in enumerate(components):
        items = check_ints(comp, f"components[{c}]")
        if not items:
            msg = f"components[{c}] must not be empty"
            raise ValueError(msg)
        out.append([check_index(v, f"components[{c}]", n_vertices) for v in items])
    return out


def check_neighbours(
    neighbours: object, voff: list[int]
) -> list[list[tuple[int, FloatArray, FloatArray]]]:
    n_vertices = len(voff) - 1
    if isinstance(neighbours, (str, bytes)) or not isinstance(neighbours, Sequence):
        msg = f"neighbours must be a sequence per vertex, got {neighbours!r}"
        raise TypeError(msg)
    if len(neighbours) != n_vertices:
        msg = f"neighbours must have one entry per vertex ({n_vertices}), got {len(neighbours)}"
        raise ValueError(msg)
    out = []
    for v, entries in enumerate(neighbours):
        if isinstance(entries, (str, bytes)) or not isinstance(entries, Sequence):
            msg = (
                f"neighbours[{v}] must be a sequence of (u, F_v, F_u), got {entries!r}"
            )
            raise TypeError(msg)
        row = []
        for j, entry in enumerate(entries):
            name = f"neighbours[{v}][{j}]"
            if not isinstance(entry, tuple | list) or len(entry) != 3:
                msg = f"{name} must be a triple (u, F_v, F_u), got {entry!r}"
                raise TypeError(msg)
            u = check_index(entry[0], f"{name}[0]", n_vertices)
            fv = check_dense(entry[1], f"{name}[1]", 2)
            rows = fv.shape[0]
            if fv.shape[1] != voff[v + 1] - voff[v]:
                msg = f"{name}[1] must have {voff[v + 1] - voff[v]} columns, got {fv.shape[1]}"
                raise ValueError(msg)
            fu = check_block(entry[2], f"{name}[2]", rows, voff[u + 1] - voff[u])
            row.append((u, fv, fu))
        out.append(row)
    return out
