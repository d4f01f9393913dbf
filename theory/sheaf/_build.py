"""Input checks and normalisation for :mod:`theory.sheaf` (private).

Matrices arrive as NumPy arrays, sympy matrices or nested sequences. Each
becomes a pair: an exact copy (rows of :class:`fractions.Fraction`) when every
entry is rational-typed (``int``, ``Fraction``, sympy ``Rational``, NumPy
integer), else ``None``; and a ``float64`` copy, always.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import networkx as nx
import numpy as np
import sympy
from numpy.typing import NDArray

ExactRows = tuple[tuple[Fraction, ...], ...]
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
        if isinstance(dim, bool) or not isinstance(dim, int | np.integer) or dim < 1:
            msg = f"vertex_dims[{node!r}] must be an int >= 1, got {dim!r}"
            raise ValueError(msg)
        if dims.setdefault(node, int(dim)) != int(dim):
            msg = f"vertex_dims[{node!r}]={dim} disagrees with its maps ({dims[node]} columns)"
            raise ValueError(msg)
    missing = [n for n in graph.nodes if n not in dims]
    if missing:
        msg = f"stalk dimension of isolated vertex {missing[0]!r} unknown; pass vertex_dims"
        raise ValueError(msg)
    return dims
