"""Hypothesis strategies for the theory package, for users' own property tests.

Import this module explicitly (``from theory import strategies``); it needs
the ``strategies`` or ``test`` extra (hypothesis). Every strategy builds values
valid by construction (no ``.filter``) and states what it shrinks towards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from hypothesis import strategies as st

if TYPE_CHECKING:
    from theory.sheaf import CellularSheaf

__all__ = [
    "ball_points",
    "binomial_counts",
    "decay_counts",
    "depth_params",
    "depths",
    "diagonal_gaussians",
    "fragment_probabilities",
    "hopfield_instances",
    "items_and_fragments",
    "joint_tables",
    "margins",
    "paired_outcomes",
    "rational_sheaves",
    "sources",
]


@st.composite
def depth_params(
    draw: st.DrawFn,
    *,
    min_s0: float = 0.01,
    min_rho: float = 0.01,
    max_rho: float = 0.999,
    min_q: float = 0.01,
) -> tuple[float, float, float]:
    """Draw ``(s0, rho, q)`` for the depth laws (DL-A4, DL-T9).

    ``s0`` in ``[min_s0, 1]``, ``rho`` in ``[min_rho, max_rho]`` (inside
    ``(0, 1)``), ``q`` in ``[min_q, 1]``. Shrinks towards ``(1.0, 0.5, 1.0)``.

    Parameters
    ----------
    min_s0, min_rho, max_rho, min_q : float
        Bounds; the defaults keep clear of 0 so that decay rates stay finite.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import depth_params
    >>> find(depth_params(), lambda p: True)
    (1.0, 0.5, 1.0)
    """
    s0 = draw(st.floats(min_value=min_s0, max_value=1.0))
    rho = draw(st.floats(min_value=min_rho, max_value=max_rho))
    q = draw(st.floats(min_value=min_q, max_value=1.0))
    return s0, rho, q


def depths(*, max_depth: int = 60) -> st.SearchStrategy[int]:
    """Draw integer depths ``1..max_depth``; shrinks towards 1.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import depths
    >>> find(depths(), lambda d: d > 2)
    3
    """
    return st.integers(min_value=1, max_value=max_depth)


def margins(*, min_tau: float = 0.0, max_tau: float = 0.99) -> st.SearchStrategy[float]:
    """Draw margins ``tau`` in ``[min_tau, max_tau]`` for the crossover; shrinks towards ``min_tau``.

    Parameters
    ----------
    min_tau, max_tau : float
        Bounds, inside ``[0, 1)``.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import margins
    >>> find(margins(), lambda t: True)
    0.0
    """
    return st.floats(min_value=min_tau, max_value=max_tau)


@st.composite
def binomial_counts(draw: st.DrawFn, *, max_n: int = 300) -> tuple[int, int]:
    """Draw ``(k, n)`` with ``1 <= n <= max_n`` and ``0 <= k <= n``.

    For the inference toolkit (``theory.inference``). Shrinks towards ``(0, 1)``.

    Parameters
    ----------
    max_n : int
        Largest number of trials.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import binomial_counts
    >>> find(binomial_counts(), lambda kn: True)
    (0, 1)
    """
    n = draw(st.integers(min_value=1, max_value=max_n))
    k = draw(st.integers(min_value=0, max_value=n))
    return k, n


@st.composite
def paired_outcomes(
    draw: st.DrawFn, *, min_size: int = 2, max_size: int = 60
) -> tuple[list[float], list[float]]:
    """Draw paired per-trial ``(comply, recall)`` values on a thirds grid.

    Values lie in ``{0, 1/3, 1/2, 2/3, 1}`` (the BriefBench grid); the first
    trial has ``recall = 1`` so that the mean recall is positive and the
    recall = 1 slice is non-empty. Shrinks towards ``min_size`` trials of
    ``(0, 1)`` then ``(0, 0)``.

    Parameters
    ----------
    min_size, max_size : int
        Bounds on the number of trials (``min_size >= 1``).

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import paired_outcomes
    >>> find(paired_outcomes(), lambda cr: True)
    ([0.0, 0.0], [1.0, 0.0])
    """
    grid = st.sampled_from([0.0, 1.0, 0.5, 1.0 / 3.0, 2.0 / 3.0])
    size = draw(st.integers(min_value=min_size, max_value=max_size))
    comply = [draw(grid) for _ in range(size)]
    recall = [1.0] + [draw(grid) for _ in range(size - 1)]
    return comply, recall


@st.composite
def joint_tables(
    draw: st.DrawFn,
    *,
    shape: tuple[int, ...] | None = None,
    max_axes: int = 3,
    max_side: int = 3,
) -> npt.NDArray[np.float64]:
    """Draw a joint probability table (floors, ``theory.floors``).

    Entries are integer weights in ``[0, 8]`` divided by their total, so the
    table sums to 1 within round-off and has zeros; the first cell has
    weight ``>= 1``. ``shape`` fixes the shape; otherwise 1 to ``max_axes``
    axes of 1 to ``max_side`` values. Shrinks towards all mass on the first
    cell of a ``(1,)`` table.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import joint_tables
    >>> find(joint_tables(shape=(2, 2)), lambda t: True).tolist()
    [[1.0, 0.0], [0.0, 0.0]]
    """
    if shape is None:
        n_axes = draw(st.integers(min_value=1, max_value=max_axes))
        side = st.integers(min_value=1, max_value=max_side)
        shape = tuple(draw(side) for _ in range(n_axes))
    size = int(np.prod(shape))
    first = draw(st.integers(min_value=1, max_value=8))
    rest = [draw(st.integers(min_value=0, max_value=8)) for _ in range(size - 1)]
    weights = np.array([first, *rest], dtype=np.float64)
    table: npt.NDArray[np.float64] = (weights / weights.sum()).reshape(shape)
    return table


def sources(*, max_symbols: int = 8) -> st.SearchStrategy[npt.NDArray[np.float64]]:
    """Draw a source distribution on 2 to ``max_symbols`` symbols (``theory.rate_distortion``).

    Shrinks towards ``[1, 0]``.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import sources
    >>> find(sources(), lambda p: True).tolist()
    [1.0, 0.0]
    """
    sizes = st.integers(min_value=2, max_value=max_symbols)
    return sizes.flatmap(lambda m: joint_tables(shape=(m,)))


@st.composite
def decay_counts(
    draw: st.DrawFn, *, max_depths: int = 5, max_n: int = 200
) -> tuple[list[int], list[int], list[int]]:
    """Draw recall-by-depth counts ``(depths, k, n)`` for ``theory.decay``.

    Depths are ``1..m`` with ``2 <= m <= max_depths``; ``1 <= n <= max_n``
    and ``0 <= k <= n`` at each depth. Shrinks towards ``([1, 2], [0, 0],
    [1, 1])``.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import decay_counts
    >>> find(decay_counts(), lambda c: True)
    ([1, 2], [0, 0], [1, 1])
    """
    m = draw(st.integers(min_value=2, max_value=max_depths))
    n = [draw(st.integers(min_value=1, max_value=max_n)) for _ in range(m)]
    k = [draw(st.integers(min_value=0, max_value=trials)) for trials in n]
    return list(range(1, m + 1)), k, n


@st.composite
def diagonal_gaussians(
    draw: st.DrawFn, *, count: int = 2, max_dim: int = 4
) -> list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]:
    """Draw ``count`` diagonal Gaussians ``(mu, sigma)`` of one dimension (``theory.fisher_rao``).

    Dimension ``1..max_dim``; ``mu`` in ``[-5, 5]``; ``sigma = exp(z)`` with
    ``z`` in ``[-2, 2]`` (standard deviations in about ``[0.135, 7.39]``).
    Shrinks towards ``count`` copies of ``N(0, 1)`` in one dimension.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import diagonal_gaussians
    >>> [(m.tolist(), s.tolist()) for m, s in find(diagonal_gaussians(), lambda g: True)]
    [([0.0], [1.0]), ([0.0], [1.0])]
    """
    dim = draw(st.integers(min_value=1, max_value=max_dim))
    coords = st.lists(
        st.floats(min_value=-5.0, max_value=5.0), min_size=dim, max_size=dim
    )
    logs = st.lists(
        st.floats(min_value=-2.0, max_value=2.0), min_size=dim, max_size=dim
    )
    return [
        (np.array(draw(coords)), np.exp(np.array(draw(logs)))) for _ in range(count)
    ]


@st.composite
def ball_points(
    draw: st.DrawFn, *, dim: int, count: int = 2, max_norm: float = 0.95
) -> list[npt.NDArray[np.float64]]:
    """Draw ``count`` points of the open unit ball in ``R^dim`` (``theory.poincare``).

    Each is a direction from ``[-1, 1]^dim`` scaled to a radius in
    ``[0, max_norm]`` (the zero direction gives the origin). Shrinks towards
    the origin.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import ball_points
    >>> [p.tolist() for p in find(ball_points(dim=2), lambda p: True)]
    [[0.0, 0.0], [0.0, 0.0]]
    """
    out = []
    for _ in range(count):
        v = np.array(
            draw(
                st.lists(
                    st.floats(min_value=-1.0, max_value=1.0), min_size=dim, max_size=dim
                )
            )
        )
        radius = draw(st.floats(min_value=0.0, max_value=max_norm))
        norm = float(np.linalg.norm(v))
        out.append(v * (radius / norm) if norm > 0.0 else np.zeros(dim))
    return out


@st.composite
def hopfield_instances(
    draw: st.DrawFn, *, max_patterns: int = 6, max_dim: int = 4
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], float]:
    """Draw ``(patterns, xi, beta)`` for ``theory.hopfield``.

    ``1..max_patterns`` patterns of dimension ``1..max_dim`` with entries in
    ``[-1, 1]``, a state ``xi`` in ``[-1, 1]^d`` and ``beta`` in
    ``[0.1, 20]``. Shrinks towards one zero pattern, ``xi = 0``, ``beta = 1``.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import hopfield_instances
    >>> p, xi, beta = find(hopfield_instances(), lambda h: True)
    >>> p.tolist(), xi.tolist(), beta
    ([[0.0]], [0.0], 1.0)
    """
    n = draw(st.integers(min_value=1, max_value=max_patterns))
    d = draw(st.integers(min_value=1, max_value=max_dim))
    entries = st.floats(min_value=-1.0, max_value=1.0)
    patterns = np.array(
        draw(st.lists(entries, min_size=n * d, max_size=n * d))
    ).reshape(n, d)
    xi = np.array(draw(st.lists(entries, min_size=d, max_size=d)))
    beta = draw(st.floats(min_value=0.1, max_value=20.0))
    return patterns, xi, beta


def fragment_probabilities(
    *, min_size: int = 1, max_size: int = 20
) -> st.SearchStrategy[list[float]]:
    """Draw per-fragment surfacing probabilities in ``[0, 1]`` (DL-T6); shrinks towards ``[0.0]``.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import fragment_probabilities
    >>> find(fragment_probabilities(), lambda ps: True)
    [0.0]
    """
    return st.lists(
        st.floats(min_value=0.0, max_value=1.0), min_size=min_size, max_size=max_size
    )


@st.composite
def items_and_fragments(draw: st.DrawFn, *, max_items: int = 2000) -> tuple[int, int]:
    """Draw ``(N, sigma)`` with ``1 <= sigma <= N <= max_items`` (DL-T6); shrinks towards ``(1, 1)``.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import items_and_fragments
    >>> find(items_and_fragments(), lambda c: True)
    (1, 1)
    """
    n = draw(st.integers(min_value=1, max_value=max_items))
    return n, draw(st.integers(min_value=1, max_value=n))


@st.composite
def rational_sheaves(
    draw: st.DrawFn, *, max_vertices: int = 5, max_dim: int = 2, max_entry: int = 2
) -> CellularSheaf:
    """Draw a small exact sheaf (docs/guide/sheaves.md): integer maps in ``[-max_entry, max_entry]``.

    Any simple graph on up to ``max_vertices`` vertices (possibly disconnected),
    random orientations, stalk dimensions in ``[1, max_dim]``. Small entries
    make rank-deficient maps common. Shrinks towards one vertex of dimension 1.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import rational_sheaves
    >>> find(rational_sheaves(), lambda s: True).dim_c0
    1
    """
    import itertools

    import networkx as nx

    from theory.sheaf import CellularSheaf

    n = draw(st.integers(min_value=1, max_value=max_vertices))
    dims = [draw(st.integers(min_value=1, max_value=max_dim)) for _ in range(n)]
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n))
    entries = st.integers(min_value=-max_entry, max_value=max_entry)
    maps = {}
    for u, v in itertools.combinations(range(n), 2):
        if not draw(st.booleans()):
            continue
        if draw(st.booleans()):
            u, v = v, u
        graph.add_edge(u, v)
        de = draw(st.integers(min_value=1, max_value=max_dim))
        fu = [[draw(entries) for _ in range(dims[u])] for _ in range(de)]
        fv = [[draw(entries) for _ in range(dims[v])] for _ in range(de)]
        maps[(u, v)] = (fu, fv)
    return CellularSheaf(graph, maps, vertex_dims=dict(enumerate(dims)))
