"""rate_distortion returns the point at the distortion asked (issue 33: no wrong answer with exit 0).

Near ``1 - max p`` Blahut–Arimoto's gap test was met by a test channel whose
distortion was off by up to 1e-6, and the rate returned was that channel's:
``rate_distortion([0.6, 0.4], 0.39999)`` gave a distortion 2.9e-6 above the one
asked and a rate 1.7e-6 bits (30%) below ``R(0.39999)``. The closed form
``hamming_rate`` is the reference here (Hamming distortion has one).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from theory.rate_distortion import hamming_rate, rate_distortion


@pytest.mark.parametrize(
    ("source", "distortion"),
    [
        ([0.6, 0.4], 0.3999),
        ([0.6, 0.4], 0.39999),
        ([0.5, 0.3, 0.2], 0.49999),
        ([0.5, 0.5], 0.11),
    ],
)
def test_the_rate_is_the_rate_at_the_distortion_asked(
    source: list[float], distortion: float
) -> None:
    tol = 1e-9
    r = rate_distortion(source, distortion, tol=tol)
    assert r.converged
    # the documented bound on the distortion's miss, and the rate within 2 tol
    assert r.beta * abs(r.distortion - distortion) <= tol * math.log(2.0)
    exact = hamming_rate(np.asarray(source), distortion)
    assert abs(r.rate - exact) <= 2 * tol, (r, exact)


def test_a_search_that_cannot_reach_the_distortion_is_not_converged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With no tighter tolerance to retry at, the first search's miss (2.9e-6
    # at this distortion) is reported as not converged, never as a result.
    monkeypatch.setattr("theory.rate_distortion._EPS_FLOOR", 1e-9)
    r = rate_distortion([0.6, 0.4], 0.39999, tol=1e-9)
    assert not r.converged
    assert r.beta * abs(r.distortion - 0.39999) > 1e-9 * math.log(2.0)
