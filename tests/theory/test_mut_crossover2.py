"""Mutation-driven checks of theory.depth's peak and crossover (issue 33, item 5).

The rise end ``d2`` is found by Newton's method from a documented start (the
larger root of a quadratic upper bound of ``H``). A worse start still ends
within a few ulps of the same root, so the start and the number of Newton
steps are observed directly: ``numpy`` as seen by the module is wrapped
(``monkeypatch.setattr`` on its name), recording the array the loop's work
buffers are shaped from (the start) and counting the reciprocal taken once
per step. The expected start is recomputed at 50 digits with mpmath.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import mpmath
import numpy as np
import pytest

from theory.depth import (
    CrossoverInterval,
    advantage,
    advantage_peak,
    crossover_depth_real,
    crossover_interval,
)


class _NumpySpy:
    """numpy, except that ``empty_like`` records its argument and ``reciprocal`` is counted.

    ``where`` records its middle argument: the last call returns ``d2`` where ``a > 0``.
    """

    def __init__(self) -> None:
        self.starts: list[np.ndarray[Any, Any]] = []
        self.steps = 0
        self.chosen: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        real = getattr(np, name)
        if name == "empty_like":

            def empty_like(arr: Any, *args: Any, **kwargs: Any) -> Any:
                self.starts.append(np.array(arr, dtype=np.float64, copy=True))
                return real(arr, *args, **kwargs)

            return empty_like
        if name == "reciprocal":

            def reciprocal(*args: Any, **kwargs: Any) -> Any:
                self.steps += 1
                return real(*args, **kwargs)

            return reciprocal
        if name == "where":

            def where(*args: Any, **kwargs: Any) -> Any:
                if len(args) == 3:
                    self.chosen.append(np.array(args[1], dtype=np.float64, copy=True))
                return real(*args, **kwargs)

            return where
        return real


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> _NumpySpy:
    recorder = _NumpySpy()
    monkeypatch.setattr("theory.depth._crossover.np", recorder)
    return recorder


def _tangent_bound_start(s0: float, rho: float, q: float) -> float:
    """The documented Newton start in y = x - b, at 50 digits from the doubles a, b, c.

    H(y) - log a = log(b + y) + (a - b) y / c - y**2 / (2 c) + c / 8 - (a - b) / 2 - log a;
    log x is replaced by its tangent at the maximiser x_m of H, and the larger
    root of that quadratic (not left of x_m) is the start.
    """
    with mpmath.workdps(50):
        a, b, c = (mpmath.mpf(-math.log(v)) for v in (q, s0, rho))
        x_m = (a + mpmath.sqrt(a * a + 4 * c)) / 2
        assert abs(1 / x_m + (a - x_m) / c) < mpmath.mpf(10) ** -40  # H'(x_m) = 0
        const = c / 8 - (a - b) / 2 - mpmath.log(a)
        big_b = 2 * c / x_m + 2 * (a - b)
        big_c = 2 * c * (mpmath.log(x_m) + (b - x_m) / x_m + const)
        disc = big_b * big_b + 4 * big_c
        assert disc >= 0  # the bound lies above H, whose maximum is above log a
        y = (big_b + mpmath.sqrt(disc)) / 2
        return float(max(y, x_m - b))


def _rise_end_60(s0: float, rho: float, q: float) -> float:
    """The larger root of H(d) = 0 by bisection at 60 digits (g' = 0 there)."""
    with mpmath.workdps(60):
        a, b, c = (-mpmath.log(mpmath.mpf(v)) for v in (q, s0, rho))
        half = mpmath.mpf(1) / 2

        def h(d: Any) -> Any:
            x = b + c * (d + half)
            return mpmath.log(x) - b * d - c * d * (d + 1) / 2 + a * d - mpmath.log(a)

        lo = ((a + mpmath.sqrt(a * a + 4 * c)) / 2 - b) / c - half
        assert h(lo) > 0
        hi = lo + 1
        while h(hi) > 0:
            hi = lo + 2 * (hi - lo)
        for _ in range(260):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if h(mid) > 0 else (lo, mid)
        return float(lo)


@pytest.mark.parametrize(
    ("s0", "rho", "q"),
    [(0.5, 0.7, 0.3), (0.7, 0.67, 0.97), (0.9, 0.99, 0.999), (1.0, 0.9, 0.5)],
)
def test_newton_starts_at_the_larger_root_of_the_tangent_bound(spy, s0, rho, q):
    """The first Newton iterate is the documented start, to 1e-12 relative.

    A start moved by a wrong x_m, shift, B, C or root formula still converges
    (so d_real alone cannot tell), but it is not this start.
    """
    peak = advantage_peak(s0, rho, q)
    assert len(spy.starts) == 3  # x, work, step are shaped from the start y
    assert spy.starts[0].shape == ()
    expected = _tangent_bound_start(s0, rho, q)
    assert float(spy.starts[0]) == pytest.approx(expected, rel=1e-12)
    # ... and the start lies right of the root: Newton decreases to it
    a, b, c = -math.log(q), -math.log(s0), -math.log(rho)
    y_root = c * (_rise_end_60(s0, rho, q) + 0.5)
    assert expected >= y_root * (1 - 1e-15)
    assert peak.d_real == pytest.approx(max(1.0, _rise_end_60(s0, rho, q)), rel=4e-15)
    del a, b


@pytest.mark.parametrize(
    ("s0", "rho", "q", "most"),
    [
        (0.5, 0.7, 0.3, 6),
        (0.7, 0.67, 0.97, 6),
        (0.9, 0.99, 0.999, 6),
        (0.3, 1 - 1e-12, 0.3, 6),
        # the slowest corners of the old start (s0 = q tiny, rho one ulp or two below 1):
        # 13 steps then, 1 now that x_m - b is computed without cancellation
        (5e-324, 1 - 2**-52, 5e-324, 6),
        (1e-300, 1 - 2**-53, 1e-300, 6),
    ],
)
def test_newton_stops_after_a_few_steps(spy, s0, rho, q, most):
    """The loop stops once the step is below 1e-9 of y (quadratic convergence), not at its cap of 60.

    (At most 5 steps over a 4,624-point grid of extreme parameters and 20,000 random sets.)
    """
    advantage_peak(s0, rho, q)
    assert 1 <= spy.steps <= most


@pytest.mark.parametrize(
    ("s0", "rho", "q"),
    [
        (0.5556283288826394, 0.9999999999907446, 0.555628746857801),
        (0.38596298589945327, 0.9999999999996982, 0.38596326838320044),
        (0.7105903759739821, 0.9999999999995528, 0.7105917950660279),
    ],
)
def test_rise_end_with_s0_next_to_q_and_rho_next_to_one(s0, rho, q):
    """|b - a| < a / 2 and c ~ 1e-12: log(b / a) needs log1p of (b - a) / a.

    As log(b / a) the shift carries an absolute error of ~1e-16 against terms
    of size c, which moves d2 by ~1e-11 relative.
    """
    truth = _rise_end_60(s0, rho, q)
    assert truth > 1.0
    assert advantage_peak(s0, rho, q).d_real == pytest.approx(truth, rel=4e-15)


@pytest.mark.parametrize(("s0", "rho", "q"), [(0.9, 0.9, 0.5), (0.99, 0.95, 0.8)])
def test_real_crossover_with_zero_margin_is_the_sign_change(s0, rho, q):
    """tau = 0 with g(1) <= 0: the real crossover is d0 = 2 (a - b) / c - 1, where g changes sign.

    (g(0) = 0 too, so a bracket starting at 0 would return 0.)
    """
    assert advantage(1.0, s0, rho, q) <= 0.0
    a, b, c = -math.log(q), -math.log(s0), -math.log(rho)
    d0 = 2.0 * (a - b) / c - 1.0
    found = crossover_depth_real(s0, rho, q, 0.0)
    assert found is not None
    assert found == pytest.approx(d0, rel=1e-11)
    assert (
        advantage(found + 1e-9, s0, rho, q) > 0.0 > advantage(found - 1e-9, s0, rho, q)
    )


def test_a_cap_that_cuts_the_rise_ties_to_depth_one():
    """d_max = 2 below the rise end, g(1) == g(2) exactly: d_real is 1 (ties go to the smaller depth)."""
    s0, rho, q = 0.9093357865528117, 0.9380161485171274, 0.7819432152802451
    assert advantage(1.0, s0, rho, q) == advantage(2.0, s0, rho, q) < 0.0
    assert advantage_peak(s0, rho, q).d_real > 2.0
    peak = advantage_peak(s0, rho, q, d_max=2)
    assert (peak.d_real, peak.d_int) == (1.0, 1)
    assert peak.g_real == peak.g_int == advantage(1.0, s0, rho, q)


def test_high_end_when_log_tau_over_log_q_is_an_integer():
    """tau one ulp below 0.5**4: log(tau) / log(q) rounds to 4.0, and g(4) = 0.5**4 > tau still wins.

    The search for the high end must reach ceil(log tau / log q) + 1, not stop at 3.
    """
    s0, rho, q = 0.5, 1e-300, 0.5
    tau = float(np.nextafter(0.0625, 0.0))
    assert math.log(tau) / math.log(q) == 4.0
    d = np.arange(1, 40)
    winners = d[advantage(d, s0, rho, q) > tau]
    assert winners.tolist() == [1, 2, 3, 4]
    assert crossover_interval(s0, rho, q, tau) == CrossoverInterval(1, 4)


@pytest.mark.parametrize("q", [1e-300, 5e-324, 1e-12, 1.0])
def test_no_spurious_warning_when_b_is_tiny_and_a_large(q):
    """s0 = 1 - 2**-53 (b = 2**-53): (b - a) / a rounds to -1 in cells that use log(b / a).

    log1p(-1) there was evaluated (and discarded) with a divide-by-zero
    RuntimeWarning, an error under ``-W error``.
    """
    s0 = 1.0 - 2.0**-53
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        peak = advantage_peak(s0, 0.5, q)
    assert math.isfinite(peak.g_real)
    if q < 1.0:
        assert peak.d_real == pytest.approx(
            max(1.0, _rise_end_60(s0, 0.5, q)), rel=4e-15
        )


def _rise_end_of_doubles(s0: float, rho: float, q: float) -> float | None:
    """Like _rise_end_60, but for the doubles a, b, c the package computes (not the exact logs).

    Near rho = 1 with s0 ~ q small, a - b ~ c ~ 1e-15 is below the rounding of
    a and b, so the exact-log root is not what any double computation can give.
    """
    with mpmath.workdps(60):
        a, b, c = (mpmath.mpf(-math.log(v)) for v in (q, s0, rho))
        half = mpmath.mpf(1) / 2

        def h(d: Any) -> Any:
            x = b + c * (d + half)
            return mpmath.log(x) - b * d - c * d * (d + 1) / 2 + a * d - mpmath.log(a)

        lo = ((a + mpmath.sqrt(a * a + 4 * c)) / 2 - b) / c - half
        if h(lo) <= 0:
            return None
        hi = lo + 1
        while h(hi) > 0:
            hi = lo + 2 * (hi - lo)
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if h(mid) > 0 else (lo, mid)
        return float(lo)


TANGENT = [
    (0.0003918527288980908, 0.9999999999999966, 0.0003918527288980901),
    (0.00013610539061398354, 0.9999999999999768, 0.00013610539061398183),
    (3.498613727255853e-05, 0.9999999999999845, 3.4986137272558284e-05),
    (1.557837755370713e-05, 0.9999999999999969, 1.55783775537071e-05),
    (5.724643541637722e-07, 0.9999999999999571, 5.724643541637601e-07),
]


@pytest.mark.parametrize(("s0", "rho", "q"), TANGENT)
def test_rise_end_where_the_bound_is_nearly_tangent_to_log_a(spy, s0, rho, q):
    """rho within 1e-14 of 1 and s0 ~ q small: H's maximum is barely above log a.

    x_m - b was the difference of two O(a) numbers carrying ~c of information:
    the float discriminant came out negative, the start sat on the maximiser
    (H' = 0) and Newton divided by zero: the first case returned
    d_real = inf, d_int = None (the q = 1 answer) with a RuntimeWarning; the
    second gave d2 = 0.0303 for a root at 0.2661 (masked in d_real by
    max(1, d2)).
    Now the start is finite, right of the maximiser, and d2 is the root for
    the doubles a, b, c.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        peak = advantage_peak(s0, rho, q)
    truth = _rise_end_of_doubles(s0, rho, q)
    assert truth is not None and truth < 1.0
    g1 = advantage(1.0, s0, rho, q)
    assert (peak.d_real, peak.d_int) == (1.0, 1)
    assert peak.g_real == peak.g_int == g1
    assert np.isfinite(spy.starts[0]).all()
    assert 1 <= spy.steps <= 8
    d2 = float(spy.chosen[-1])  # np.where(a > 0, d2, inf)
    assert d2 == pytest.approx(truth, rel=1e-13)
