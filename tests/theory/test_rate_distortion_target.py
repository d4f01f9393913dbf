"""rate_distortion returns the point at the distortion asked (issue 33: no wrong answer with exit 0).

Near ``1 - max p`` Blahut–Arimoto's gap test was met by a test channel whose
distortion was off by up to 1e-6, and the rate returned was that channel's:
``rate_distortion([0.6, 0.4], 0.39999)`` gave a distortion 2.9e-6 above the one
asked and a rate 1.7e-6 bits (30%) below ``R(0.39999)``. The closed form
``hamming_rate`` is the reference here (Hamming distortion has one).
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import theory.rate_distortion as rd_module
from theory.rate_distortion import BlahutArimotoResult, hamming_rate, rate_distortion


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


def test_one_call_spends_at_most_max_evaluations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search that needs more than the budget returns the point nearest the
    distortion asked, not converged (near 1 - max p one call took minutes)."""
    spent: list[int] = []
    iterate = rd_module.iterate  # Blahut–Arimoto's loop, as rate_distortion calls it

    def counting(*args: Any, **kwargs: Any) -> Any:
        out = iterate(*args, **kwargs)
        spent.append(out[0].evaluations)
        return out

    monkeypatch.setattr("theory.rate_distortion.iterate", counting)
    r = rate_distortion([0.6, 0.4], 0.39999, tol=1e-9, max_evaluations=2_000)
    assert not r.converged
    assert 1_990 <= sum(spent) <= 2_000  # spent to within the last cycle, never past
    assert abs(r.distortion - 0.39999) < 1e-3


def test_the_default_budget_is_300000_evaluations() -> None:
    default = inspect.signature(rate_distortion).parameters["max_evaluations"].default
    assert default == 300_000


def test_the_least_budget_still_returns_a_point() -> None:
    """Four evaluations: one Blahut–Arimoto cycle and its bound, then the point."""
    r = rate_distortion([0.6, 0.4], 0.2, max_evaluations=4)
    assert not r.converged and math.isfinite(r.rate)


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        (
            3,
            ValueError,
            "max_evaluations must be >= 4, got 3",
        ),
        (10**8 + 1, ValueError, "max_evaluations must satisfy 4 <= max_evaluations"),
        (1.5, TypeError, "max_evaluations must be an int"),
    ],
)
def test_a_bad_budget_is_named(
    value: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        rate_distortion([0.6, 0.4], 0.2, max_evaluations=value)


def _fake_search(
    beta: float, distortion: float, calls: list[float]
) -> Callable[..., BlahutArimotoResult]:
    def search(p: Any, target: Any, eps: float, asked: str, budget: list[int]) -> Any:
        calls.append(eps)
        return BlahutArimotoResult(beta, distortion, 0.5, 0.5, 0.5, 1, True)

    return search


def test_the_search_is_repeated_down_to_a_gap_of_1e_15(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search that always lands off the distortion asked: the gap tolerance
    is divided by 100 from tol down to 1e-15, then the point is not converged."""
    calls: list[float] = []
    monkeypatch.setattr(
        "theory.rate_distortion._solve_slope", _fake_search(1.0, 0.26, calls)
    )
    r = rate_distortion([0.6, 0.4], 0.25, tol=1e-9)
    assert calls == pytest.approx([1e-9, 1e-11, 1e-13, 1e-15], rel=1e-12, abs=0)
    assert calls[-1] == 1e-15
    assert not r.converged


def test_a_miss_of_exactly_tol_ln2_over_beta_is_on_target(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """beta * |distortion - asked| <= tol ln 2, the bound included (one search)."""
    miss = 2.0**-20  # 0.25 + miss is exact; beta * miss = 2**-21 exactly
    tol = 2.0**-21 / math.log(2.0)
    assert tol * math.log(2.0) == 2.0**-21  # the bound itself, exactly
    calls: list[float] = []
    monkeypatch.setattr(
        "theory.rate_distortion._solve_slope", _fake_search(0.5, 0.25 + miss, calls)
    )
    r = rate_distortion([0.6, 0.4], 0.25, tol=tol)
    assert r.converged and len(calls) == 1


def test_a_large_tol_floors_the_lower_rate_at_zero() -> None:
    """tol = 2 bits takes Fano's shortcut at D = 0.45 of a fair coin, where
    H(p) - slack = 1 - 1.17 < 0: the lower bound is 0, not negative."""
    r = rate_distortion([0.5, 0.5], 0.45, tol=2.0)
    assert (r.beta, r.rate, r.rate_lower) == (math.inf, 1.0, 0.0)


def test_a_binary_sources_slack_has_no_alphabet_term() -> None:
    """m = 2: log2(m - 1) = 0, so rate_lower = H(p) - D log2(e / D) exactly."""
    d = 1e-12
    r = rate_distortion([0.6, 0.4], d)
    h = hamming_rate(np.asarray([0.6, 0.4]), 0.0)
    assert r.rate_lower == h - d * math.log2(math.e / d)


def test_a_miss_of_tol_at_slope_one_is_off_target(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """beta = 1 and a miss of tol: beta * miss = tol > tol ln 2, so the search
    is repeated (a bound of tol / ln 2 would have accepted it)."""
    calls: list[float] = []
    monkeypatch.setattr(
        "theory.rate_distortion._solve_slope", _fake_search(1.0, 0.25 + 2.0**-30, calls)
    )
    r = rate_distortion([0.6, 0.4], 0.25, tol=2.0**-30)
    assert len(calls) > 1 and not r.converged


def test_fanos_shortcut_includes_a_slack_of_exactly_tol() -> None:
    """slack <= tol, the bound included: tol set to the slack itself."""
    d = 1e-3
    slack = d * (math.log2(math.e / d) + math.log2(2 - 1))
    r = rate_distortion([0.6, 0.4], d, tol=slack)
    assert (r.beta, r.distortion) == (math.inf, 0.0)


def test_the_largest_budget_is_allowed() -> None:
    r = rate_distortion([0.5, 0.5], 0.11, max_evaluations=10**8)
    assert r.converged
