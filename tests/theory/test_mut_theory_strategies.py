"""What the public hypothesis strategies of ``theory.strategies`` promise (issue 33).

Each docstring states a range, a size and a shrinking target. The shrinking
target is the minimal example; a range is never crossed; an edge of a range
is checked by construction (bounds that leave the edge the only value), a
default bound through the public signature. The helpers and why none of
this depends on a random draw: tests/strategy_search.py.
"""

from __future__ import annotations

import math

import numpy as np

from tests.strategy_search import defaults, minimal, never, only
from theory.strategies import (
    ball_points,
    binomial_counts,
    decay_counts,
    depth_params,
    depths,
    diagonal_gaussians,
    fragment_probabilities,
    hopfield_instances,
    items_and_fragments,
    joint_tables,
    margins,
    paired_outcomes,
    rational_sheaves,
    sources,
)


def test_defaults_are_the_signatures() -> None:
    """The default bounds, as the docstrings and the public signatures state them."""
    assert defaults(depth_params) == {
        "min_s0": 0.01,
        "min_rho": 0.01,
        "max_rho": 0.999,
        "min_q": 0.01,
    }
    assert defaults(depths) == {"max_depth": 60}
    assert defaults(margins) == {"min_tau": 0.0, "max_tau": 0.99}
    assert defaults(binomial_counts) == {"max_n": 300}
    assert defaults(paired_outcomes) == {"min_size": 2, "max_size": 60}
    assert defaults(joint_tables) == {"shape": None, "max_axes": 3, "max_side": 3}
    assert defaults(sources) == {"max_symbols": 8}
    assert defaults(decay_counts) == {"max_depths": 5, "max_n": 200}
    assert defaults(diagonal_gaussians) == {"count": 2, "max_dim": 4}
    assert defaults(ball_points) == {"count": 2, "max_norm": 0.95}
    assert defaults(hopfield_instances) == {"max_patterns": 6, "max_dim": 4}
    assert defaults(fragment_probabilities) == {"min_size": 1, "max_size": 20}
    assert defaults(items_and_fragments) == {"max_items": 2000}
    assert defaults(rational_sheaves) == {
        "max_vertices": 5,
        "max_dim": 2,
        "max_entry": 2,
    }


def test_depth_params() -> None:
    assert minimal(depth_params(), lambda p: True) == (1.0, 0.5, 1.0)
    never(depth_params(), lambda p: not (0.01 <= p[0] <= 1.0 and 0.01 <= p[1] <= 0.999
                                          and 0.01 <= p[2] <= 1.0))  # fmt: skip
    narrow = depth_params(min_s0=0.9, min_rho=0.4, max_rho=0.45, min_q=0.8)
    never(narrow, lambda p: p[0] < 0.9 or not 0.4 <= p[1] <= 0.45 or p[2] < 0.8)


def test_depths() -> None:
    assert minimal(depths(), lambda d: True) == 1
    assert only(depths(max_depth=1)) == 1
    never(depths(), lambda d: d < 1 or d > 60)
    never(depths(max_depth=5), lambda d: d > 5)


def test_margins() -> None:
    assert minimal(margins(), lambda t: True) == 0.0
    never(margins(), lambda t: not 0.0 <= t <= 0.99)
    never(margins(min_tau=0.2, max_tau=0.3), lambda t: not 0.2 <= t <= 0.3)
    assert only(margins(min_tau=0.3, max_tau=0.3)) == 0.3


def test_binomial_counts() -> None:
    assert minimal(binomial_counts(), lambda kn: True) == (0, 1)
    assert minimal(binomial_counts(), lambda kn: kn[0] >= 1) == (1, 1)
    never(binomial_counts(), lambda kn: not 0 <= kn[0] <= kn[1] <= 300 or kn[1] < 1)
    never(binomial_counts(max_n=4), lambda kn: kn[1] > 4)
    assert minimal(binomial_counts(max_n=1), lambda kn: kn[0] >= 1) == (1, 1)
    never(binomial_counts(max_n=1), lambda kn: kn[1] != 1)


THIRDS = {0.0, 1.0, 0.5, 1.0 / 3.0, 2.0 / 3.0}


def test_paired_outcomes() -> None:
    assert minimal(paired_outcomes(), lambda cr: True) == ([0.0, 0.0], [1.0, 0.0])
    never(
        paired_outcomes(),
        lambda cr: (
            len(cr[0]) != len(cr[1])
            or not 2 <= len(cr[0]) <= 60
            or cr[1][0] != 1.0
            or not set(cr[0]) | set(cr[1]) <= THIRDS
        ),
    )
    for value in sorted(THIRDS):
        assert (
            value
            in minimal(paired_outcomes(max_size=3), lambda cr, v=value: v in cr[0])[0]
        )
    one = minimal(paired_outcomes(min_size=1, max_size=1), lambda cr: True)
    assert one == ([0.0], [1.0])
    never(paired_outcomes(min_size=3, max_size=4), lambda cr: not 3 <= len(cr[0]) <= 4)
    assert minimal(paired_outcomes(min_size=60, max_size=60)) == (
        [0.0] * 60,
        [1.0] + [0.0] * 59,
    )


def test_joint_tables() -> None:
    assert minimal(joint_tables(shape=(2, 2)), lambda t: True).tolist() == [
        [1.0, 0.0],
        [0.0, 0.0],
    ]
    assert minimal(joint_tables(), lambda t: True).tolist() == [1.0]
    never(
        joint_tables(),
        lambda t: (
            abs(t.sum() - 1.0) > 1e-12
            or t.ndim > 3
            or max(t.shape) > 3
            or min(t.shape) < 1
        ),
    )
    # one axis of one value: the edges of the axis count and of the side
    assert only(joint_tables(max_axes=1, max_side=1)).tolist() == [1.0]
    never(joint_tables(max_axes=1, max_side=2), lambda t: t.shape not in {(1,), (2,)})
    never(joint_tables(shape=(3,)), lambda t: t.ravel()[0] == 0.0)
    assert minimal(joint_tables(shape=(2,)), lambda t: t[0] >= 8 * t[1]).tolist() == [
        1.0,
        0.0,
    ]
    never(
        joint_tables(shape=(2,)),
        lambda t: t[1] > 8 * t[0] or (t[1] > 0 and t[0] > 8 * t[1]),
    )


def test_sources() -> None:
    assert minimal(sources(), lambda p: True).tolist() == [1.0, 0.0]
    never(sources(), lambda p: not 2 <= len(p) <= 8 or abs(p.sum() - 1.0) > 1e-12)
    assert minimal(sources(max_symbols=2)).tolist() == [1.0, 0.0]
    never(sources(max_symbols=2), lambda p: len(p) != 2)
    never(sources(max_symbols=3), lambda p: len(p) > 3)


def test_decay_counts() -> None:
    assert minimal(decay_counts(), lambda c: True) == ([1, 2], [0, 0], [1, 1])
    never(
        decay_counts(),
        lambda c: (
            not 2 <= len(c[0]) <= 5
            or c[0] != list(range(1, len(c[0]) + 1))
            or not len(c[0]) == len(c[1]) == len(c[2])
            or any(
                not 0 <= k <= n <= 200 or n < 1 for k, n in zip(c[1], c[2], strict=True)
            )
        ),
    )
    smallest = decay_counts(max_depths=2, max_n=1).map(lambda c: (c[0], c[2]))
    assert only(smallest) == ([1, 2], [1, 1])
    assert minimal(decay_counts(), lambda c: c[1][0] >= 1)[1][0] == 1
    never(decay_counts(max_depths=3, max_n=4), lambda c: len(c[0]) > 3 or max(c[2]) > 4)


def test_diagonal_gaussians() -> None:
    got = minimal(diagonal_gaussians(), lambda g: True)
    assert [(m.tolist(), s.tolist()) for m, s in got] == [
        ([0.0], [1.0]),
        ([0.0], [1.0]),
    ]
    assert len(minimal(diagonal_gaussians(count=3), lambda g: True)) == 3
    flat = diagonal_gaussians(max_dim=1).map(lambda g: [m.shape for m, _ in g])
    assert only(flat) == [(1,), (1,)]
    never(diagonal_gaussians(max_dim=2), lambda g: len(g[0][0]) > 2)
    lo, hi = math.exp(-2.0), math.exp(2.0)
    never(
        diagonal_gaussians(),
        lambda g: (
            len(g) != 2
            or len({m.shape for m, _ in g} | {s.shape for _, s in g}) != 1
            or not 1 <= len(g[0][0]) <= 4
            or any(np.abs(m).max() > 5.0 or s.min() < lo or s.max() > hi for m, s in g)
        ),
    )


def test_ball_points() -> None:
    got = minimal(ball_points(dim=2), lambda p: True)
    assert [p.tolist() for p in got] == [[0.0, 0.0], [0.0, 0.0]]
    assert len(minimal(ball_points(dim=3, count=4), lambda p: True)) == 4
    never(
        ball_points(dim=2),
        lambda p: len(p) != 2 or any(x.shape != (2,) or not np.all(np.isfinite(x))
                                     or np.linalg.norm(x) > 0.95 + 1e-12 for x in p),
    )  # fmt: skip
    never(
        ball_points(dim=2, max_norm=0.5),
        lambda p: any(np.linalg.norm(x) > 0.5 + 1e-12 for x in p),
    )


def test_hopfield_instances() -> None:
    p, xi, beta = minimal(hopfield_instances(), lambda h: True)
    assert (p.tolist(), xi.tolist(), beta) == ([[0.0]], [0.0], 1.0)
    never(
        hopfield_instances(),
        lambda h: (
            h[0].ndim != 2
            or h[1].shape != (h[0].shape[1],)
            or not 1 <= h[0].shape[0] <= 6
            or not 1 <= h[0].shape[1] <= 4
            or np.abs(h[0]).max() > 1.0
            or np.abs(h[1]).max() > 1.0
            or not 0.1 <= h[2] <= 20.0
        ),
    )
    one = hopfield_instances(max_patterns=1, max_dim=1)
    assert only(one.map(lambda h: (h[0].shape, h[1].shape))) == ((1, 1), (1,))
    never(hopfield_instances(max_patterns=2, max_dim=2), lambda h: max(h[0].shape) > 2)


def test_fragment_probabilities() -> None:
    assert minimal(fragment_probabilities(), lambda ps: True) == [0.0]
    never(
        fragment_probabilities(),
        lambda ps: not 1 <= len(ps) <= 20 or any(not 0.0 <= p <= 1.0 for p in ps),
    )
    never(
        fragment_probabilities(min_size=2, max_size=3), lambda ps: not 2 <= len(ps) <= 3
    )
    assert only(fragment_probabilities(min_size=20, max_size=20).map(len)) == 20


def test_items_and_fragments() -> None:
    assert minimal(items_and_fragments(), lambda c: True) == (1, 1)
    never(items_and_fragments(), lambda c: not 1 <= c[1] <= c[0] <= 2000)
    assert minimal(items_and_fragments(), lambda c: c[1] >= 2) == (2, 2)
    never(items_and_fragments(max_items=5), lambda c: c[0] > 5)
    assert only(items_and_fragments(max_items=1)) == (1, 1)


def test_rational_sheaves() -> None:
    assert minimal(rational_sheaves(), lambda s: True).dim_c0 == 1
    one = rational_sheaves(max_vertices=1, max_dim=1)
    assert only(one.map(lambda s: (len(s.vertices), s.dim_c0))) == (1, 1)
    never(rational_sheaves(max_vertices=2), lambda s: len(s.vertices) > 2)
    # a vertex stalk has dimension 1 or 2, and so has an edge stalk
    never(
        rational_sheaves(),
        lambda s: (
            not 1 <= len(s.vertices) <= 5
            or not len(s.vertices) <= s.dim_c0 <= 2 * len(s.vertices)
            or not len(s.edges) <= s.dim_c1 <= 2 * len(s.edges)
            or (s.dim_c1 and np.abs(s.coboundary().toarray()).max() > 2)
        ),
    )
    assert (
        minimal(rational_sheaves(), lambda s: s.dim_c0 >= 2 * len(s.vertices)).dim_c0
        == 2
    )
    edge = minimal(rational_sheaves(), lambda s: s.dim_c1 >= 2 * len(s.edges) >= 2)
    assert edge.dim_c1 == 2
    never(rational_sheaves(max_dim=1), lambda s: s.dim_c0 != len(s.vertices))
    # without an edge asked for, the minimal sheaf has none (edges shrink away)
    assert minimal(rational_sheaves(), lambda s: len(s.vertices) >= 2).dim_c1 == 0
    # restriction-map entries in [-2, 2], both ends reached
    big = minimal(
        rational_sheaves(),
        lambda s: s.dim_c1 > 0 and np.abs(s.coboundary().toarray()).max() >= 2,
    )
    assert np.abs(big.coboundary().toarray()).max() == 2
    never(
        rational_sheaves(max_entry=1),
        lambda s: s.dim_c1 and np.abs(s.coboundary().toarray()).max() > 1,
    )


def test_joint_table_weights_reach_one_and_eight() -> None:
    """Weights: the first in ``[1, 8]``, the others in ``[0, 8]``; both ends are drawn.

    No bound is a parameter, so each end is found by a search whose condition
    a draw meets with a fair chance (about 1 in 8 to 1 in 72).
    """
    # the smallest two-cell table with mass on both cells: weights (1, 1)
    assert minimal(joint_tables(shape=(2,)), lambda t: t[1] > 0).tolist() == [0.5, 0.5]
    # weights (8, 1) and (1, 8): the largest weight at either place
    assert minimal(
        joint_tables(shape=(2,)), lambda t: t[1] > 0 and t[0] >= 8 * t[1]
    ).tolist() == [8 / 9, 1 / 9]
    assert minimal(joint_tables(shape=(2,)), lambda t: t[1] >= 8 * t[0]).tolist() == [
        1 / 9,
        8 / 9,
    ]


def test_diagonal_gaussian_ranges_reach_their_ends() -> None:
    """``mu`` reaches -5 and 5, ``log sigma`` reaches -2 and 2 (the simplest values past 4, 1.5)."""
    one = diagonal_gaussians(count=1, max_dim=1)
    assert minimal(one, lambda g: g[0][0][0] > 4.0)[0][0].tolist() == [5.0]
    assert minimal(one, lambda g: g[0][0][0] < -4.0)[0][0].tolist() == [-5.0]
    assert minimal(one, lambda g: g[0][1][0] > math.exp(1.5))[0][1].tolist() == [
        math.exp(2.0)
    ]
    assert minimal(one, lambda g: g[0][1][0] < math.exp(-1.5))[0][1].tolist() == [
        math.exp(-2.0)
    ]


def test_ball_points_take_every_direction() -> None:
    """Directions come from ``[-1, 1]^dim``: each coordinate takes either sign.

    In one dimension every direction has length at most 1 and is scaled to
    the drawn radius, not dropped to the origin.
    """
    one = ball_points(dim=1, count=1)
    assert minimal(one, lambda p: p[0][0] > 0.5)[0][0] > 0.5
    assert minimal(one, lambda p: p[0][0] < -0.5)[0][0] < -0.5
    plane = ball_points(dim=2, count=1)
    got = minimal(plane, lambda p: p[0][0] > 0.1 and p[0][1] < -0.1)[0]
    assert got[0] > 0.1 and got[1] < -0.1


def test_fragment_probabilities_reach_one() -> None:
    """Probabilities lie in ``[0, 1]``: 1.0 is the simplest value above one half."""
    single = fragment_probabilities(min_size=1, max_size=1)
    assert minimal(single, lambda ps: ps[0] > 0.5) == [1.0]
