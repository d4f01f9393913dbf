"""Cochain bookkeeping behind :class:`theory.sheaf.CellularSheaf` (private)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np
import scipy.sparse as sp
from numpy.typing import NDArray
from sympy.polys.matrices import DomainMatrix

from theory.sheaf import _arrays as arr
from theory.sheaf import _exact as ex
from theory.sheaf import _fast as fast
from theory.sheaf import numeric as nu
from theory.sheaf._build import Edge, ExactRows, Mat, to_vector

DENSE_H1_LIMIT = 20_000


class Layout:
    """Index maps, the restriction maps and cached coboundaries of one sheaf."""

    def __init__(self, arrays: arr.SheafArrays | None = None) -> None:
        # vertices, edges, index, pairs, voff, eoff and float_maps are set by
        # create() (networkx constructor) or computed on first use from
        # ``arrays`` (from_arrays; no Python object per edge until asked for)
        self.arrays = arrays
        # float maps are not rational-typed; with no edges at all the sheaf is
        # (vacuously) rational, as in the networkx constructor
        no_edges = arrays is not None and arrays.edges.shape[0] == 0
        self.exact_maps: list[tuple[ExactRows, ExactRows]] | None = (
            [] if no_edges else None
        )
        self._d0: sp.csr_array | None = None
        self._d0_exact: DomainMatrix | None = None
        self._uniform: arr.SheafArrays | bool | None = (
            arrays if arrays is not None else False
        )

    @cached_property
    def vertices(self) -> tuple[Hashable, ...]:
        return tuple(range(self._arrays().n))

    @cached_property
    def index(self) -> dict[Hashable, int]:
        return {i: i for i in range(self._arrays().n)}

    @cached_property
    def pairs(self) -> list[tuple[int, int]]:
        return [(u, v) for u, v in self._arrays().edges.tolist()]

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        return tuple(self.pairs)

    @cached_property
    def voff(self) -> list[int]:
        a = self._arrays()
        return list(range(0, (a.n + 1) * a.d, a.d))

    @cached_property
    def eoff(self) -> list[int]:
        a = self._arrays()
        return list(range(0, (a.edges.shape[0] + 1) * a.d, a.d))

    @cached_property
    def float_maps(self) -> list[tuple[NDArray[np.float64], NDArray[np.float64]]]:
        maps = self._arrays().maps
        return [(maps[k, 0], maps[k, 1]) for k in range(maps.shape[0])]

    def _arrays(self) -> arr.SheafArrays:
        if self.arrays is None:  # pragma: no cover - create() sets every attribute
            msg = "layout has neither arrays nor per-edge data"
            raise RuntimeError(msg)
        return self.arrays

    @property
    def dim_c0(self) -> int:
        a = self.arrays
        return a.n * a.d if a is not None else self.voff[-1]

    @property
    def dim_c1(self) -> int:
        a = self.arrays
        return a.edges.shape[0] * a.d if a is not None else self.eoff[-1]

    def uniform(self) -> arr.SheafArrays | None:
        """Return the array form when every stalk (vertex and edge) has one dimension ``d``."""
        if self._uniform is False:
            self._uniform = None
            dims = set(np.diff(self.voff).tolist()) | set(np.diff(self.eoff).tolist())
            if len(dims) == 1 and self.float_maps:
                d = dims.pop()
                edges = np.array(self.pairs, dtype=np.int64).reshape(-1, 2)
                maps = np.stack([np.stack(pair) for pair in self.float_maps])
                self._uniform = arr.SheafArrays(len(self.vertices), d, edges, maps)
        return self._uniform if isinstance(self._uniform, arr.SheafArrays) else None

    @classmethod
    def create(
        cls,
        nodes: Sequence[Hashable],
        dims: Mapping[Hashable, int],
        checked: Sequence[tuple[Edge, Mat, Mat]],
    ) -> Layout:
        """Lay out ``C0`` (vertex order) and ``C1`` (edge order)."""
        out = cls()
        out.voff, out.eoff, out.pairs, out.float_maps = [0], [0], [], []
        out.vertices = tuple(nodes)
        out.index = {v: i for i, v in enumerate(nodes)}
        for v in nodes:
            out.voff.append(out.voff[-1] + dims[v])
        exact: list[tuple[ExactRows, ExactRows]] = []
        for edge, fu, fv in checked:
            out.pairs.append((out.index[edge[0]], out.index[edge[1]]))
            out.eoff.append(out.eoff[-1] + fu.numeric.shape[0])
            out.float_maps.append((fu.numeric, fv.numeric))
            if fu.exact is not None and fv.exact is not None:
                exact.append((fu.exact, fv.exact))
        out.edges = tuple(e for e, _, _ in checked)
        out.exact_maps = exact if len(exact) == len(checked) else None
        return out

    # -- coboundaries ---------------------------------------------------
    def d0_float(self) -> sp.csr_array:
        """Return the float coboundary (cached)."""
        if self._d0 is None and self.arrays is not None:
            self._d0 = arr.coboundary(self.arrays)
        if self._d0 is None:
            shape = (self.eoff[-1], self.voff[-1])
            self._d0 = nu._coboundary(
                self.pairs, self.float_maps, self.voff, self.eoff, shape
            )
        return self._d0

    def d0_exact(self) -> DomainMatrix:
        """Return the exact coboundary over ``QQ`` (cached; floats converted exactly)."""
        if self._d0_exact is None:
            maps = self.exact_maps
            if maps is None:
                maps = [(_to_exact(a), _to_exact(b)) for a, b in self.float_maps]
            shape = (self.eoff[-1], self.voff[-1])
            self._d0_exact = ex.coboundary(
                self.pairs, maps, self.voff, self.eoff, shape
            )
        return self._d0_exact

    # -- cochains -------------------------------------------------------
    def vertex_data(self, f: object) -> Mat:
        """Flatten vertex data (mapping or flat vector) into one column."""
        if isinstance(f, Mapping):
            missing = [v for v in self.vertices if v not in f]
            extra = [v for v in f if v not in self.index]
            if missing or extra:
                what = (
                    f"misses vertex {missing[0]!r}"
                    if missing
                    else f"names {extra[0]!r}"
                )
                msg = f"vertex data {what}; it needs exactly the vertices of the sheaf"
                raise ValueError(msg)
            parts = []
            for i, v in enumerate(self.vertices):
                size = self.voff[i + 1] - self.voff[i]
                parts.extend(_flat(f[v], f"f[{v!r}]", size))
            f = parts
        return to_vector(_as_list(f), "f", self.voff[-1])

    def edge_data(self, y: object) -> Mat:
        """Flatten edge data keyed by oriented edge (or a flat vector) into one column."""
        if isinstance(y, Mapping):
            known = set(self.edges)
            for key in y:
                if key not in known:
                    msg = f"edge data key {key!r} is not an oriented edge of the sheaf (edges: {self.edges[:4]}...)"
                    raise ValueError(msg)
            parts = []
            for k, e in enumerate(self.edges):
                if e not in y:
                    msg = f"edge data misses edge {e!r}"
                    raise ValueError(msg)
                parts.extend(_flat(y[e], f"y[{e!r}]", self.eoff[k + 1] - self.eoff[k]))
            y = parts
        return to_vector(_as_list(y), "y", self.eoff[-1])

    def d0_apply(self, f: object) -> list[Any]:
        """``d0 f``: Fractions when maps and data are rational, else floats."""
        vec = self.vertex_data(f)
        if self.exact_maps is not None and vec.exact is not None:
            return ex.apply(self.d0_exact(), [r[0] for r in vec.exact])
        return [float(x) for x in self.d0_float() @ vec.numeric[:, 0]]

    def split_edges(self, values: Sequence[Any]) -> dict[Edge, tuple[Any, ...]]:
        """Cut a flat 1-cochain into per-edge tuples."""
        return {
            e: tuple(values[self.eoff[k] : self.eoff[k + 1]])
            for k, e in enumerate(self.edges)
        }

    # -- cohomology -----------------------------------------------------
    def tolerance(self, rtol: float) -> float:
        """Numeric rank tolerance ``rtol * sqrt(||d0||_1 ||d0||_inf)``."""
        return rtol * nu._scale(self.d0_float())

    def fast_kernel(self, rtol: float) -> fast.Kernel:
        """``ker d0`` per component (:mod:`theory.sheaf._fast`)."""
        a = self.arrays
        if a is not None:
            voff = np.arange(0, (a.n + 1) * a.d, a.d, dtype=np.int64)
            eoff = np.arange(0, (a.edges.shape[0] + 1) * a.d, a.d, dtype=np.int64)
            pairs = a.edges
        else:
            voff = np.asarray(self.voff, dtype=np.int64)
            eoff = np.asarray(self.eoff, dtype=np.int64)
            pairs = np.array(self.pairs, dtype=np.int64).reshape(-1, 2)
        return fast.kernel(
            self.d0_float(), voff, eoff, pairs, self.uniform(), rtol, self.neighbours
        )

    def kernel(self, rtol: float) -> tuple[NDArray[np.float64], float]:
        """Orthonormal ``ker d0`` (numeric) and the tolerance used."""
        found = self.fast_kernel(rtol)
        return found.basis(), found.tolerance

    def cohomology(
        self, method: str, rtol: float
    ) -> tuple[int, int, int, int, int, str, float, float, str]:
        """Return ``(h0, h1, dim C0, dim C1, rank, method, tolerance, residual, path)``."""
        n0, n1 = self.dim_c0, self.dim_c1
        if method == "exact":
            rank = ex.rank(self.d0_exact())
            return (n0 - rank, n1 - rank, n0, n1, rank, "exact", 0.0, 0.0, "exact")
        found = self.fast_kernel(rtol)
        rank = n0 - found.h0
        path = "+".join(sorted(found.paths)) or "empty"
        return (
            n0 - rank, n1 - rank, n0, n1, rank, "numeric",
            found.tolerance, found.residual, path,
        )  # fmt: skip

    def h0_basis(self, method: str, rtol: float) -> NDArray[Any]:
        """Columns spanning ``ker d0``."""
        if method == "exact":
            return _columns(ex.null_basis(self.d0_exact()), self.voff[-1])
        return self.kernel(rtol)[0]

    def h1_basis(self, method: str, rtol: float) -> NDArray[Any]:
        """Columns spanning ``ker d0^T`` (harmonic 1-cochains)."""
        nu.dense_basis_limit_check(self.eoff[-1], DENSE_H1_LIMIT, "C1")
        if method == "exact":
            return _columns(ex.null_basis(self.d0_exact().transpose()), self.eoff[-1])
        d0t = self.d0_float().T.toarray()
        return nu._null_space(d0t, self.tolerance(rtol))

    def distance(self, f: object, method: str, rtol: float) -> float:
        """``||f - P_{H0} f||_2``."""
        vec = self.vertex_data(f)
        if method == "exact":
            x = (
                [r[0] for r in vec.exact]
                if vec.exact
                else [Fraction(v) for v in vec.numeric[:, 0]]
            )
            proj = ex.projection_onto_span(ex.null_basis(self.d0_exact()), x)
            return math.sqrt(sum((a - b) ** 2 for a, b in zip(x, proj, strict=True)))
        q = self.kernel(rtol)[0]
        x0 = vec.numeric[:, 0]
        return float(np.linalg.norm(x0 - q @ (q.T @ x0)))

    def harmonic(self, y: object, method: str) -> list[Any]:
        """``y`` minus its orthogonal projection onto ``im d0``."""
        vec = self.edge_data(y)
        if method == "exact":
            x = (
                [r[0] for r in vec.exact]
                if vec.exact
                else [Fraction(v) for v in vec.numeric[:, 0]]
            )
            return ex.harmonic_part(self.d0_exact(), x)
        return [float(v) for v in nu._harmonic_part(self.d0_float(), vec.numeric[:, 0])]

    # -- graph structure -----------------------------------------------
    def neighbours(
        self,
    ) -> list[list[tuple[int, NDArray[np.float64], NDArray[np.float64]]]]:
        """Per vertex: ``(other end, own map, other's map)`` for each incident edge."""
        out: list[list[tuple[int, NDArray[np.float64], NDArray[np.float64]]]] = [
            [] for _ in self.vertices
        ]
        for (u, v), (fu, fv) in zip(self.pairs, self.float_maps, strict=True):
            out[u].append((v, fu, fv))
            out[v].append((u, fv, fu))
        return out


def radius(values: Mapping[Edge, tuple[Any, ...]]) -> float:
    """Largest Euclidean norm of a per-edge vector (exact sum of squares when rational)."""
    best = 0.0
    for vec in values.values():
        if all(isinstance(x, Fraction) for x in vec):
            norm = math.sqrt(sum((x * x for x in vec), Fraction(0)))
        else:
            norm = float(np.linalg.norm(np.array(vec, dtype=np.float64)))
        best = max(best, norm)
    return best


def _to_exact(mat: NDArray[np.float64]) -> ExactRows:
    return tuple(tuple(Fraction(float(x)) for x in row) for row in mat)


def _columns(basis: Sequence[tuple[Fraction, ...]], size: int) -> NDArray[Any]:
    out = np.empty((size, len(basis)), dtype=object)
    for j, vec in enumerate(basis):
        out[:, j] = vec
    return out


def _as_list(value: object) -> object:
    if isinstance(value, np.ndarray):
        return value.tolist() if value.dtype != object else list(value)
    return value


def _flat(value: object, name: str, size: int) -> list[Any]:
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != size:
        msg = f"{name} must be a vector of length {size}, got {value!r}"
        raise ValueError(msg)
    return list(value)
