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


@pytest.mark.parametrize(
    ("source", "distortion"),
    [
        ([0.7, 0.2, 0.1], 1e-18),
        ([0.999, 0.0005, 0.0005], 8.7e-19),
        ([0.7, 0.2, 0.1], 1e-12),
    ],
)
def test_a_tiny_distortion_is_the_lossless_rate_within_fanos_bound(
    source: list[float], distortion: float
) -> None:
    """Below what Blahut–Arimoto resolves (about 1e-16) brentq's bracket had
    one sign and scipy's "f(a) and f(b) must have different signs" escaped
    (h-newuser5). Fano puts R(D) within D (log2(e/D) + log2(m-1)) of H(p)."""
    r = rate_distortion(source, distortion, tol=1e-9)
    h = hamming_rate(np.asarray(source), 0.0)
    slack = distortion * (math.log2(math.e / distortion) + math.log2(len(source) - 1))
    assert (r.beta, r.distortion, r.rate, r.iterations, r.converged) == (
        math.inf,
        0.0,
        h,
        0,
        True,
    )
    assert r.rate_lower == pytest.approx(h - slack, rel=1e-15, abs=0)
    assert r.rate_lower <= hamming_rate(np.asarray(source), distortion) <= r.rate


def test_fanos_shortcut_is_taken_only_within_tol() -> None:
    """At tol = 1e-15 the slack of D = 1e-12 (4.2e-11 bits) is too large: the
    search runs and lands on the distortion asked."""
    r = rate_distortion([0.7, 0.2, 0.1], 1e-12, tol=1e-15)
    assert math.isfinite(r.beta) and r.iterations > 0
    assert abs(r.rate - hamming_rate(np.asarray([0.7, 0.2, 0.1]), 1e-12)) <= 2e-15


def test_a_distortion_blahut_arimoto_cannot_resolve_is_an_error_naming_it() -> None:
    with pytest.raises(ValueError, match=r"distortion=1e-16 is outside what Blahut"):
        rate_distortion([0.7, 0.2, 0.1], 1e-16, tol=1e-15)


def test_one_call_spends_a_bounded_number_of_evaluations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search that needs more than the budget returns the point nearest the
    distortion asked, not converged (near 1 - max p one call took minutes)."""
    monkeypatch.setattr("theory.rate_distortion._MAX_EVALUATIONS", 2_000)
    r = rate_distortion([0.6, 0.4], 0.39999, tol=1e-9)
    assert not r.converged
    assert r.iterations <= 2_000
    # the nearest point solved: closer to the distortion asked than the
    # bracket's first ends
    assert abs(r.distortion - 0.39999) < 1e-3
