"""The cellular sheaf on a networkx graph and its cohomology (private; see :mod:`theory.sheaf`)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
from numpy.typing import ArrayLike, NDArray
from sympy.polys.matrices import DomainMatrix

from theory.sheaf import _arrays as arrays
from theory.sheaf import _build as build
from theory.sheaf import _data as data
from theory.validation import check_choice, check_real

__all__ = ["CellularSheaf", "SheafCohomology"]

Scalar = float | Fraction


@dataclass(frozen=True, slots=True)
class SheafCohomology:
    """Dimensions of the cohomology of a sheaf on a graph.

    Attributes
    ----------
    h0, h1 : int
        ``dim H0 = dim ker d0`` and ``dim H1 = dim C1 - rank d0``.
    dim_c0, dim_c1, rank : int
        Dimensions of the cochain spaces and the rank of ``d0``.
    method : str
        ``"exact"`` (rank over the rationals) or ``"numeric"``.
    tolerance : float
        Singular values of ``d0``'s blocks ``<= tolerance`` count as zero
        (dense and propagation paths; ``0.0`` when exact). The frames path
        uses ``rtol`` on normalised blocks instead (see
        :meth:`CellularSheaf.cohomology`).
    residual : float
        ``||d0 Q||_2`` for the orthonormal basis ``Q`` of ``H0`` found
        (numeric; ``0.0`` when exact): every returned section is one up to this.
    path : str
        How the rank was found: ``"exact"``, or the numeric paths used by the
        connected components, joined by ``+`` (``"isolated"``, ``"dense"``,
        ``"frames"``, ``"propagation"``; ``"empty"`` without vertices); see
        :meth:`CellularSheaf.cohomology`.

    Examples
    --------
    >>> import networkx as nx
    >>> from theory.sheaf import CellularSheaf
    >>> c = CellularSheaf.constant(nx.cycle_graph(3), 1).cohomology()
    >>> (c.h0, c.h1, c.method)
    (1, 1, 'exact')
    """

    h0: int
    h1: int
    dim_c0: int
    dim_c1: int
    rank: int
    method: str
    tolerance: float
    residual: float
    path: str = ""


class CellularSheaf:
    """A cellular sheaf on a ``networkx`` graph (docs/guide/sheaves.md, SLM-S5.4).

    Parameters
    ----------
    graph : networkx.Graph or networkx.DiGraph
        Simple graph; no self-loops, no multigraphs.
    restrictions : mapping
        ``{(u, v): (F_u, F_v)}``, one entry per edge: ``F_u`` maps ``F(u)`` to
        ``F(e)`` and ``F_v`` maps ``F(v)`` to ``F(e)`` (NumPy arrays, sympy
        matrices or nested lists). The key's order is the orientation.
        Integer, ``Fraction`` and sympy ``Rational`` entries keep the sheaf
        exact; any float makes it numeric.
    vertex_dims : mapping, optional
        Stalk dimension per vertex; needed for isolated vertices.

    Raises
    ------
    TypeError
        Non-graph or multigraph input, non-numeric entries, malformed keys.
    ValueError
        Self-loops, shape mismatches, missing maps, non-finite entries.

    See Also
    --------
    theory.sheaf.detect_contradictions : the detector built on this.

    Notes
    -----
    SLM §5.4 writes ``(d f)(u, v) = rho_{u->v} f(u) - f(v)``: that is the
    special case ``F(e) = F(v)``, ``F_{v<e} = I``, ``F_{u<e} = rho``, up to an
    overall sign; see :meth:`from_transport`.

    Examples
    --------
    Worked examples (each checked by hand: ``h0 = dim C0 - rank``,
    ``h1 = dim C1 - rank``).

    >>> import networkx as nx
    >>> from theory.sheaf import CellularSheaf
    >>> tri = CellularSheaf.constant(nx.cycle_graph(3), 1)
    >>> tri.is_consistent({0: [2], 1: [2], 2: [2]})
    True
    >>> tri.is_consistent({0: [0], 1: [1], 2: [2]})
    False
    >>> mobius = CellularSheaf(nx.cycle_graph(3),
    ...     {(0, 1): ([[1]], [[1]]), (1, 2): ([[1]], [[1]]), (2, 0): ([[1]], [[-1]])})
    >>> c = mobius.cohomology()
    >>> (c.h0, c.h1)
    (0, 0)

    The sign-twisted ("Moebius") cycle has ``H0 = H1 = 0`` over the
    rationals: on a cycle with 1-dimensional stalks ``h0 - h1 = |V| - |E| = 0``
    (Euler characteristic), and the twist kills the constant section. The
    ``Z/2`` one may expect is torsion of integral cohomology, invisible over
    a field of characteristic 0.
    """

    def __init__(
        self,
        graph: nx.Graph[Any],
        restrictions: Mapping[Any, Any],
        *,
        vertex_dims: Mapping[Any, int] | None = None,
    ) -> None:
        graph = build.check_graph(graph)
        oriented = build.orient_edges(graph, restrictions)
        checked = []
        for edge, maps in oriented:
            fu, fv = build.check_pair(maps, edge)
            name = f"restrictions[{edge!r}]"
            checked.append(
                (edge, build.to_mat(fu, name + "[0]"), build.to_mat(fv, name + "[1]"))
            )
        dims = build.vertex_dims(graph, checked, vertex_dims)
        self._graph: nx.Graph[Any] | None = graph.copy()
        self._layout = data.Layout.create(list(graph.nodes), dims, checked)

    @classmethod
    def from_transport(
        cls,
        graph: nx.Graph[Any],
        transports: Mapping[Any, Any],
        *,
        vertex_dims: Mapping[Any, int] | None = None,
    ) -> CellularSheaf:
        """Build the paper's form: ``F(e) = F(v)``, ``F_{v<e} = I``, ``F_{u<e} = rho``.

        ``transports[(u, v)] = rho_{u->v}`` (``d_v x d_u``). The coboundary is
        then ``f(v) - rho f(u)``, the negative of SLM §5.4's
        ``rho f(u) - f(v)``: same kernel, image and norms.

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> s = CellularSheaf.from_transport(nx.path_graph(2), {(0, 1): [[2]]})
        >>> s.apply_coboundary({0: [1], 1: [5]})
        {(0, 1): (Fraction(3, 1),)}
        """
        if not isinstance(transports, Mapping):
            msg = f"transports must be a mapping edge -> rho, got {type(transports).__name__}"
            raise TypeError(msg)
        maps = {}
        for key, rho in transports.items():
            mat = build.to_mat(rho, f"transports[{key!r}]")
            eye = np.eye(mat.numeric.shape[0], dtype=np.int64)
            maps[key] = (rho, eye)
        return cls(graph, maps, vertex_dims=vertex_dims)

    @classmethod
    def constant(cls, graph: nx.Graph[Any], dim: int) -> CellularSheaf:
        """Constant sheaf ``R^dim`` with identity maps, edges oriented as ``graph.edges()``.

        ``dim`` is at most 256 (``MAX_STALK``, as for :meth:`from_arrays`).

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> c = CellularSheaf.constant(nx.path_graph(4), 2).cohomology()
        >>> (c.h0, c.h1)
        (2, 0)
        """
        from theory.validation import check_int

        dim = check_int(dim, "dim", minimum=1, maximum=arrays.MAX_STALK)
        eye = np.eye(dim, dtype=np.int64)
        build.check_graph(graph)
        maps = dict.fromkeys(graph.edges(), (eye, eye))
        return cls(graph, maps, vertex_dims=dict.fromkeys(graph.nodes, dim))

    @classmethod
    def from_arrays(
        cls, n_vertices: int, edges: ArrayLike, maps: ArrayLike
    ) -> CellularSheaf:
        """Build a sheaf with one stalk dimension ``d`` from arrays (no networkx graph).

        The array twin of the constructor for large sheaves: nothing is
        created per vertex or per edge, and the coboundary is assembled as a
        sparse matrix by index arithmetic. Vertices are ``0 .. n_vertices - 1``
        (vertex ``i`` owns ``C0`` coordinates ``i d .. i d + d - 1``); edge
        ``k`` is ``edges[k] = (u, v)``, oriented ``u -> v``, owning ``C1``
        coordinates ``k d .. k d + d - 1``, so :attr:`edges` keeps the rows'
        order. Every vertex and edge stalk is ``R^d``; isolated vertices are
        allowed. The maps are floats, so the sheaf is numeric
        (:attr:`is_rational` is false unless there are no edges, as in the
        constructor); ``method="exact"`` still converts each
        float exactly, as the constructor does for float maps. The arrays are
        copied.

        Parameters
        ----------
        n_vertices : int
            Number of vertices, ``0 <= n_vertices <= 10**7``.
        edges : array_like of int, shape (m, 2)
            Oriented edges as vertex indices in ``[0, n_vertices)``; an
            integer dtype. As in the constructor on an undirected graph: no
            self-loops, and a pair of vertices joined at most once (in either
            orientation). ``m <= 3 * 10**7``.
        maps : array_like of float, shape (m, 2, d, d)
            ``maps[k, 0] = F_{u<e}`` and ``maps[k, 1] = F_{v<e}`` for
            ``edges[k] = (u, v)``: the restriction maps from the two
            endpoints' stalks into the edge's. A float dtype (float16, float32
            or float64), finite entries, ``1 <= d <= 256``. Also
            ``n_vertices * d`` and ``m * d`` at most ``10**8`` and
            ``2 m d^2`` (the coboundary's stored entries) at most ``2 * 10**8``.

        Returns
        -------
        CellularSheaf
            The same sheaf as the constructor on the graph with these edges,
            oriented and ordered as given.

        Raises
        ------
        TypeError
            A non-integer ``n_vertices`` or ``edges``, or maps without a float
            dtype.
        ValueError
            Wrong shapes, vertex indices out of range, self-loops, repeated
            vertex pairs, non-finite maps, sizes above the limits.

        Examples
        --------
        A triangle with the constant sheaf ``R^1``: one global section, one
        cycle.

        >>> import numpy as np
        >>> from theory.sheaf import CellularSheaf
        >>> edges = np.array([[0, 1], [1, 2], [2, 0]])
        >>> maps = np.ones((3, 2, 1, 1))
        >>> s = CellularSheaf.from_arrays(3, edges, maps)
        >>> c = s.cohomology(method="numeric")
        >>> (c.h0, c.h1, c.rank)
        (1, 1, 2)
        >>> s.coboundary().toarray().tolist()
        [[-1.0, 1.0, 0.0], [0.0, -1.0, 1.0], [1.0, 0.0, -1.0]]
        >>> s.edges
        ((0, 1), (1, 2), (2, 0))
        """
        checked = arrays.check_arrays(n_vertices, edges, maps)
        out = cls.__new__(cls)
        out._graph = None
        out._layout = data.Layout(checked)
        return out

    # -- structure ------------------------------------------------------
    @property
    def graph(self) -> nx.Graph[Any]:
        """A copy of the underlying graph (for :meth:`from_arrays`: vertices ``0 .. n-1``)."""
        if self._graph is None:
            graph: nx.Graph[Any] = nx.Graph()
            graph.add_nodes_from(range(len(self._layout.vertices)))
            graph.add_edges_from(self._layout.pairs)
            self._graph = graph
        return self._graph.copy()

    @property
    def vertices(self) -> tuple[Hashable, ...]:
        """Vertices in ``graph.nodes`` order (the order of ``C0`` coordinates)."""
        return self._layout.vertices

    @property
    def edges(self) -> tuple[tuple[Hashable, Hashable], ...]:
        """Oriented edges ``(u, v)`` in ``graph.edges()`` order."""
        return self._layout.edges

    @property
    def dim_c0(self) -> int:
        """``dim C0``: the sum of the vertex stalk dimensions."""
        return self._layout.dim_c0

    @property
    def dim_c1(self) -> int:
        """``dim C1``: the sum of the edge stalk dimensions."""
        return self._layout.dim_c1

    @property
    def is_rational(self) -> bool:
        """Whether every restriction map was given with rational-typed entries."""
        return self._layout.exact_maps is not None

    def coboundary(self) -> sp.csr_array:
        """``d0`` as a float ``scipy.sparse.csr_array`` (``dim C1 x dim C0``).

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> CellularSheaf.constant(nx.path_graph(2), 1).coboundary().toarray().tolist()
        [[-1.0, 1.0]]
        """
        return self._layout.d0_float()

    def coboundary_exact(self) -> DomainMatrix:
        """``d0`` over ``QQ`` as a sympy ``DomainMatrix`` (floats converted exactly).

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> CellularSheaf.constant(nx.path_graph(2), 1).coboundary_exact().to_Matrix()
        Matrix([[-1, 1]])
        """
        return self._layout.d0_exact()

    def laplacian(self) -> sp.csr_array:
        """Return the sheaf Laplacian ``L0 = d0^T d0`` (float, sparse).

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> CellularSheaf.constant(nx.path_graph(2), 1).laplacian().toarray().tolist()
        [[1.0, -1.0], [-1.0, 1.0]]
        """
        d0 = self.coboundary()
        return sp.csr_array(d0.T @ d0)

    def apply_coboundary(
        self, f: object
    ) -> dict[tuple[Hashable, Hashable], tuple[Scalar, ...]]:
        """Return ``d0 f`` per oriented edge; exact Fractions when sheaf and ``f`` are rational.

        ``f`` is ``{vertex: vector}`` or a flat vector of length ``dim C0``.

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> CellularSheaf.constant(nx.path_graph(2), 1).apply_coboundary([0.5, 2.0])
        {(0, 1): (1.5,)}
        """
        return self._layout.split_edges(self._layout.d0_apply(f))

    # -- cohomology -----------------------------------------------------
    def cohomology(
        self, *, method: str = "auto", rtol: float = 1e-9
    ) -> SheafCohomology:
        """Dimensions of ``H0`` and ``H1``, exactly over ``QQ`` or numerically.

        Parameters
        ----------
        method : {"auto", "exact", "numeric"}
            ``"auto"`` is exact when :attr:`is_rational`. ``"exact"`` on float
            maps converts each float exactly (a double is a rational).
        rtol : float
            Numeric only, in ``(0, 1)``: the relative rank tolerance (its
            meaning on each path is in the Notes).

        Notes
        -----
        Exact: rank of the sparse ``DomainMatrix`` over ``QQ`` (exact, for
        small sheaves: its cost grows quickly with the size). Numeric: per
        connected component (components from ``scipy.sparse.csgraph``), and
        ``rank = dim C0 - h0``, ``h1 = dim C1 - rank``:

        * an isolated vertex contributes its whole stalk to ``H0`` (exact);
        * a component with at most 1200 vertex coordinates: dense SVD of its
          block of ``d0``; singular values ``<= rtol * sqrt(||d0||_1 ||d0||_inf)``
          (the reported :attr:`SheafCohomology.tolerance`) count as zero;
        * a larger component whose stalks all have one dimension ``d``:
          frames. A breadth-first spanning forest is grown whose edges have
          an invertible map at the child end (1-norm condition number at
          most ``1e8``; refused edges are left out and the forest regrown,
          so a component may need ``T`` trees, ``T d <= 1200``). Sections
          are ``f(x) = P_x c_t`` with ``P_x`` the product of the transports
          ``F_child^-1 F_parent`` from the root of ``x``'s tree ``t``, and
          each non-tree edge ``u -> v`` imposes
          ``F_v P_v c_{t(v)} - F_u P_u c_{t(u)} = 0``. Each such block is
          divided by ``||F_v P_v||_F + ||F_u P_u||_F``, the ``k`` blocks are
          stacked, and singular values ``<= rtol * sqrt(k)`` count as zero:
          a tolerance relative to the size of the two sides of every edge,
          scaled like the rounding noise of ``k`` blocks;
        * otherwise vertex-by-vertex propagation of the section space in
          breadth-first order (SVD null spaces, the dense path's tolerance).

        :attr:`SheafCohomology.path` says which paths ran; the residual
        ``||d0 Q||_2`` of the basis found is always reported. Paths agree
        with the exact rank on well-conditioned sheaves; on ill-conditioned
        ones numeric ranks depend on the tolerance, as any numeric rank does.

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> c = CellularSheaf.constant(nx.cycle_graph(4), 1).cohomology(method="numeric")
        >>> (c.h0, c.h1, c.rank)
        (1, 1, 3)
        """
        return SheafCohomology(
            *self._layout.cohomology(self._method(method), _rtol(rtol))
        )

    def global_sections(
        self, *, method: str = "auto", rtol: float = 1e-9
    ) -> NDArray[Any]:
        """Basis of ``H0 = ker d0`` as columns (``dim C0 x h0``).

        Numeric: orthonormal float columns. Exact: ``Fraction`` columns
        (object array) from sympy's null space.

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> CellularSheaf.constant(nx.path_graph(3), 1).global_sections().T.tolist()
        [[Fraction(1, 1), Fraction(1, 1), Fraction(1, 1)]]
        """
        return self._layout.h0_basis(self._method(method), _rtol(rtol))

    def harmonic_cochains(
        self, *, method: str = "auto", rtol: float = 1e-9
    ) -> NDArray[Any]:
        """Basis of ``ker d0^T = (im d0)^perp``, a complement representing ``H1``.

        Each class of ``H1 = C1 / im d0`` has exactly one representative in
        this space (its harmonic representative). Dense: at most 20 000 edge
        coordinates.

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> s = CellularSheaf.constant(nx.cycle_graph(3), 1)
        >>> s.edges
        ((0, 1), (0, 2), (1, 2))
        >>> s.harmonic_cochains().T.tolist()
        [[Fraction(1, 1), Fraction(-1, 1), Fraction(1, 1)]]
        """
        return self._layout.h1_basis(self._method(method), _rtol(rtol))

    # -- data -----------------------------------------------------------
    def consistency_radius(self, f: object) -> float:
        """``max_e ||(d0 f)_e||_2``: the largest disagreement on any edge (0 on a section).

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> CellularSheaf.constant(nx.path_graph(3), 1).consistency_radius([0, 3, 7])
        4.0
        """
        return data.radius(self.apply_coboundary(f))

    def is_consistent(self, f: object, *, atol: float = 1e-9) -> bool:
        """Whether ``d0 f = 0``: exactly for rational data, else radius ``<= atol``.

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> CellularSheaf.constant(nx.path_graph(3), 1).is_consistent([1, 1, 1])
        True
        """
        atol = check_real(atol, "atol", low=0.0)
        values = self.apply_coboundary(f)
        if all(isinstance(x, Fraction) for vec in values.values() for x in vec):
            return all(x == 0 for vec in values.values() for x in vec)
        return data.radius(values) <= atol

    def distance_to_consistency(
        self, f: object, *, method: str = "auto", rtol: float = 1e-9
    ) -> float:
        """Euclidean distance from ``f`` to the nearest global section (projection onto ``H0``).

        ``method="auto"`` is exact when the sheaf and ``f`` are rational.
        ``H0 = ker d0 = ker L0`` with ``L0 = d0^T d0`` (:meth:`laplacian`), so
        this is also ``||f - P f||`` for ``P`` the projection onto ``ker L0``;
        the least-squares best global section is ``P f``.

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> CellularSheaf.constant(nx.path_graph(2), 1).distance_to_consistency([0, 2])
        1.4142135623730951
        """
        data_exact = self._layout.vertex_data(f).exact is not None
        return self._layout.distance(
            f, self._method(method, data_exact=data_exact), _rtol(rtol)
        )

    def harmonic_part(
        self, y: object, *, method: str = "auto"
    ) -> dict[tuple[Hashable, Hashable], tuple[Scalar, ...]]:
        """Return the part of edge data ``y`` orthogonal to ``im d0`` (its ``H1`` class).

        Zero iff ``y`` is a coboundary (explainable by some vertex data).
        ``y`` is ``{(u, v): vector}`` keyed by the sheaf's orientation, or a
        flat vector of length ``dim C1``. ``method="auto"`` is exact when the
        sheaf and ``y`` are rational (then the values are Fractions).

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> s = CellularSheaf.constant(nx.cycle_graph(3), 1)
        >>> s.harmonic_part({(0, 1): [1], (1, 2): [1], (0, 2): [-1]})
        {(0, 1): (Fraction(1, 1),), (0, 2): (Fraction(-1, 1),), (1, 2): (Fraction(1, 1),)}
        """
        data_exact = self._layout.edge_data(y).exact is not None
        chosen = self._method(method, data_exact=data_exact)
        return self._layout.split_edges(self._layout.harmonic(y, chosen))

    def is_coboundary(
        self, y: object, *, method: str = "auto", atol: float = 1e-9
    ) -> bool:
        """Whether edge data ``y`` lies in ``im d0`` (exactly, or harmonic norm ``<= atol``).

        Examples
        --------
        >>> import networkx as nx
        >>> from theory.sheaf import CellularSheaf
        >>> s = CellularSheaf.constant(nx.cycle_graph(3), 1)
        >>> s.is_coboundary({(0, 1): [1], (1, 2): [1], (0, 2): [2]})
        True
        """
        atol = check_real(atol, "atol", low=0.0)
        part = self.harmonic_part(y, method=method)
        values = [x for vec in part.values() for x in vec]
        if all(isinstance(x, Fraction) for x in values):
            return all(x == 0 for x in values)
        return float(np.linalg.norm(np.array(values, dtype=np.float64))) <= atol

    def _method(self, method: str, *, data_exact: bool = True) -> str:
        method = check_choice(method, "method", ("auto", "exact", "numeric"))
        if method == "auto":
            return "exact" if self.is_rational and data_exact else "numeric"
        return method


def _rtol(rtol: float) -> float:
    return check_real(rtol, "rtol", low=0.0, high=1.0, low_open=True, high_open=True)
