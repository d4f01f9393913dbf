"""theory.fisher_rao: precision, hard geodesics and the shooting's acceptance rule (issue 33, item 5)."""

import itertools
import math
from types import SimpleNamespace

import mpmath
import numpy as np
import pytest
from scipy.optimize import root as scipy_root

from theory.fisher_rao import (
    cosine_similarity,
    fisher_rao_distance,
    geodesic_length,
    paper_eq3_distance,
)


def _eq3_scale(s1, s2):
    """|2 log(s2 / s1)| in 50-digit mpmath."""
    with mpmath.workdps(50):
        return float(abs(2 * mpmath.log(mpmath.mpf(s2) / mpmath.mpf(s1))))


@pytest.mark.parametrize(
    ("s1", "s2"),
    [
        (1e10, 1e10 + 0.01),  # log s2 - log s1 would lose 3 digits
        (1e10, 1e10 - 0.01),
        (1e-10, 1.0000000001e-10),
        (1.0, 1e-300),  # log1p(s2 / s1 - 1) would be log1p(-1) = -inf
        (1.0, 1e-17),
        (1e300, 1.0),
        (5e-324, 1.0),  # 1 / s1 would overflow
        (2.0, 7.0),
    ],
)
def test_paper_eq3_scale_term_is_accurate(s1, s2):
    """The scale term 2 |log(s2 / s1)| to 1e-13 relative, near and far (50-digit reference)."""
    expected = _eq3_scale(s1, s2)
    assert paper_eq3_distance(0.0, s1, 0.0, s2) == pytest.approx(
        expected, rel=1e-13, abs=0.0
    )
    assert paper_eq3_distance(0.0, s2, 0.0, s1) == pytest.approx(
        expected, rel=1e-13, abs=0.0
    )


@pytest.mark.parametrize("bad", [0.0, -1.0, math.inf])
def test_geodesic_length_names_sigma1(bad):
    """sigma1 outside (0, inf) is refused by name, before any log or shooting."""
    with pytest.raises(ValueError, match=r"sigma1 must be in \(0, inf\)"):
        geodesic_length(0.0, bad, 1.0, 1.0)


@pytest.mark.parametrize(
    "args",
    [
        (0.0, 0.01, 1.0, 0.01),  # a straight-line start does not converge here
        (0.0, 1.0, 30.0, 1.0),
        (0.0, 0.001, 5.0, 0.001),
        (-3.0, 0.05, 4.0, 0.5),
    ],
)
def test_geodesic_length_far_apart_points(args):
    """Points 9 to 23 apart: the integrated geodesic still matches the closed form."""
    assert geodesic_length(*args) == pytest.approx(fisher_rao_distance(*args), rel=1e-9)


def _exact_shooting(monkeypatch, miss):
    """Shooting maps the velocity v to the end point start + v; the solver returns
    the exact velocity plus ``miss`` in log sigma, so the end point misses by ``miss``."""
    monkeypatch.setattr(
        "theory.fisher_rao._shoot", lambda start, v: np.concatenate([start + v, v])
    )

    def solver(fun, x0, **kwargs):
        return SimpleNamespace(x=np.array([calls["target"], miss]))

    calls = {}
    monkeypatch.setattr("theory.fisher_rao.root", solver)
    return calls


@pytest.mark.parametrize(
    ("mu2", "miss", "accepted"),
    [
        (1.0, 2e-9, True),  # tolerance 1e-9 (1 + 1): the boundary is accepted
        (1.0, 2.5e-9, False),
        (100.0, 1e-7, True),  # tolerance 1e-9 (1 + 100) = 1.01e-7
        (100.0, 1.02e-7, False),
        (1.0, 1e-6, False),
        (1.0, 0.5, False),
    ],
)
def test_shooting_acceptance_rule(monkeypatch, mu2, miss, accepted):
    """An end point missed by more than 1e-9 (1 + max |target|) is an error, never a length."""
    calls = _exact_shooting(monkeypatch, miss)
    calls["target"] = mu2
    if accepted:
        length = geodesic_length(0.0, 1.0, mu2, 1.0)
        assert length == pytest.approx(math.sqrt(mu2**2 + 2 * miss**2), rel=1e-15)
    else:
        with pytest.raises(ValueError, match="shooting failed between"):
            geodesic_length(0.0, 1.0, mu2, 1.0)


_GRID = [np.array(v, dtype=float) for v in itertools.product((1, 2, 3, 5, 7), repeat=3)]


def test_cosine_of_a_vector_with_itself_is_at_most_one():
    """u.u / |u|^2 rounds above 1 for (1, 1, 1) and others: the result stays in [-1, 1]."""
    for u in _GRID:
        assert cosine_similarity(u, u) <= 1.0, u
        assert cosine_similarity(u, -u) >= -1.0, u
        assert cosine_similarity(u, 3 * u) == pytest.approx(1.0, abs=1e-15)


@pytest.mark.parametrize("scale", [1e-200, 1e-310, 1e300, 0.5])
def test_cosine_of_tiny_and_huge_vectors(scale):
    """Vectors whose squares under- or overflow: cos = 1/sqrt(2) as at scale 1."""
    u = np.array([1.0, 1.0]) * scale
    v = np.array([1.0, 0.0]) * scale
    assert cosine_similarity(u, v) == pytest.approx(math.sqrt(0.5), rel=1e-15)


@pytest.mark.parametrize(
    ("args", "within"),
    [
        ((0.0, 1.0, 1.0, 1.0), 0.06),
        ((0.0, 0.01, 1.0, 0.01), 0.06),
        ((0.0, 1.0, 30.0, 1.0), 0.25),
        ((-3.0, 0.05, 4.0, 0.5), 0.06),
        ((0.0, 1.0, 2.0, 3.0), 0.1),
        ((0.0, 1.0, 0.0, 5.0), 1e-6),  # the vertical geodesic: the polygon is exact
    ],
)
def test_polygon_start_is_near_the_geodesic_velocity(monkeypatch, args, within):
    """The energy-minimising 8-piece polygon starts the shooting within a few per cent
    of the converged initial velocity (the documented role of the polygon)."""
    seen = {}

    def solver(fun, x0, **kwargs):
        seen["guess"] = np.array(x0, dtype=float)
        out = scipy_root(fun, x0, **kwargs)
        seen["velocity"] = np.array(out.x, dtype=float)
        return out

    monkeypatch.setattr("theory.fisher_rao.root", solver)
    geodesic_length(*args)
    gap = np.linalg.norm(seen["guess"] - seen["velocity"])
    assert gap <= within * np.linalg.norm(seen["velocity"])
