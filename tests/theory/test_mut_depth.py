"""theory.depth edges that the law tests leave open (issue 33, item 5).

The survival product of zero hops from a callable (the empty product, 1), the
refusal of a negative hop count, where the underflow warning points, and the
sign and log-magnitude of a negative or zero advantage.
"""

from __future__ import annotations

import linecache
import math
import warnings

import mpmath
import numpy as np
import pytest
from scipy.optimize import brentq

from theory.depth import (
    CrossoverInterval,
    DepthUnderflowWarning,
    advantage,
    advantage_peak,
    crossover_depth,
    crossover_depth_real,
    crossover_interval,
    log_survival_product,
    p_similarity,
    p_structured,
    slog_advantage,
    survival_product,
)


def test_zero_hops_from_a_callable_is_the_empty_product():
    calls: list[int] = []

    def f(k: int) -> float:
        calls.append(k)
        return 0.5

    assert survival_product(f, d=0) == 1.0
    assert log_survival_product(f, d=0) == 0.0
    assert calls == []
    assert survival_product(f, d=1) == 0.5
    assert calls == [1]


@pytest.mark.parametrize("func", [survival_product, log_survival_product])
def test_negative_hops_from_a_callable_are_refused(func):
    with pytest.raises(ValueError, match="d must be >= 0, got -1"):
        func(lambda k: 0.5, d=-1)


def _line(warning: warnings.WarningMessage) -> str:
    assert warning.filename == __file__
    return linecache.getline(warning.filename, warning.lineno).strip()


def test_underflow_warning_points_at_the_caller():
    """stacklevel=3: the warning names this file and the calling line, not theory/depth."""
    with pytest.warns(DepthUnderflowWarning, match="underflowed to 0.0") as sim:
        p_similarity(10_000, 0.7, 0.67)
    with pytest.warns(DepthUnderflowWarning, match="underflowed to 0.0") as struct:
        p_structured(10**6, 0.97)
    with pytest.warns(DepthUnderflowWarning, match="underflowed to 0.0") as chain:
        survival_product([1e-200, 1e-200])
    assert [_line(w) for w in sim] == ["p_similarity(10_000, 0.7, 0.67)"]
    assert [_line(w) for w in struct] == ["p_structured(10**6, 0.97)"]
    assert [_line(w) for w in chain] == ["survival_product([1e-200, 1e-200])"]


@pytest.mark.parametrize(
    ("d", "s0", "rho", "q"),
    [(1, 1.0, 0.9, 0.5), (2, 0.9, 0.8, 0.3), (1.5, 0.99, 0.95, 0.2)],
)
def test_slog_of_a_negative_advantage(d, s0, rho, q):
    """g < 0 (similarity wins): sign -1 and log|g| finite, by hand."""
    g = q**d - s0**d * rho ** (d * (d + 1) / 2)
    assert g < 0
    sign, logabs = slog_advantage(d, s0, rho, q)
    assert sign == -1.0
    assert logabs == pytest.approx(math.log(-g), rel=1e-12)


def test_slog_of_a_zero_advantage():
    """g = 0 exactly (q = s0 rho at d = 1): sign 0, log|g| = -inf."""
    sign, logabs = slog_advantage(1, 1.0, 0.5, 0.5)
    assert (sign, logabs) == (0.0, -math.inf)


# --- crossover and peak -------------------------------------------------------------


def _brute_best(s0, rho, q, top):
    values = advantage(np.arange(1, top + 1), s0, rho, q)
    return int(np.argmax(values)) + 1, float(values.max())


@pytest.mark.parametrize(
    ("s0", "rho", "q", "cap"),
    [
        (0.2, 0.05, 1.0, 2),  # q = 1 with a cap: the rise is cut at 2
        (0.2, 0.67, 0.05, 2),  # g < 0 everywhere: the cut peak is the cap
        (0.2, 0.05, 0.999, 1),  # a cap of 1: nothing beyond it
        (0.5, 0.9, 1.0, 3),
        (0.7, 0.67, 0.97, 2),
        (0.1, 0.1, 0.5, 4),  # g falls from d = 1
    ],
)
def test_capped_peak_by_brute_force(s0, rho, q, cap):
    """On [1, cap] the real peak is the larger end or the rise end; the integer one by brute force."""
    peak = advantage_peak(s0, rho, q, d_max=cap)
    d_int, g_int = _brute_best(s0, rho, q, cap)
    assert (peak.d_int, peak.g_int) == (d_int, pytest.approx(g_int, rel=1e-15))
    assert 1.0 <= peak.d_real <= cap
    ends = advantage(np.array([1.0, float(cap)]), s0, rho, q)
    assert peak.g_real >= ends.max() - 1e-15
    assert peak.g_real == pytest.approx(advantage(peak.d_real, s0, rho, q), rel=1e-15)


def test_peak_cut_by_the_cap_at_the_higher_end():
    """q = 1, cap 2: g(2) > g(1), so the real peak is the cap, not 1."""
    peak = advantage_peak(0.2, 0.05, 1.0, d_max=2)
    assert peak.d_real == 2.0
    assert peak.g_real == pytest.approx(1 - 0.2**2 * 0.05**3, rel=1e-15)
    neg = advantage_peak(0.2, 0.67, 0.05, d_max=2)  # g(1) = -0.084 < g(2) = -0.0095
    assert neg.d_real == 2.0


@pytest.mark.parametrize("func", [advantage_peak, crossover_interval, crossover_depth])
def test_a_cap_of_zero_is_refused(func):
    args = (0.7, 0.67, 0.97) if func is advantage_peak else (0.7, 0.67, 0.97, 0.5)
    with pytest.raises(ValueError, match="d_max must be >= 1, got 0"):
        func(*args, d_max=0)


def test_a_margin_equal_to_the_integer_peak_is_not_beaten():
    """tau = max_d g(d) exactly: no depth has g > tau."""
    peak = advantage_peak(0.7, 0.67, 0.97)
    assert crossover_interval(0.7, 0.67, 0.97, peak.g_int) is None
    assert crossover_depth(0.7, 0.67, 0.97, peak.g_int) is None
    below = crossover_interval(0.7, 0.67, 0.97, math.nextafter(peak.g_int, 0.0))
    assert below == CrossoverInterval(peak.d_int, peak.d_int)


def test_real_crossover_ties_are_not_beaten():
    """tau = g(1) with g falling from 1, and tau = the real peak value: None."""
    assert advantage_peak(0.1, 0.1, 0.5).d_real == 1.0
    assert crossover_depth_real(0.1, 0.1, 0.5, advantage(1.0, 0.1, 0.1, 0.5)) is None
    peak = advantage_peak(0.7, 0.67, 0.97)
    assert crossover_depth_real(0.7, 0.67, 0.97, peak.g_real) is None


@pytest.mark.parametrize(
    ("s0", "rho", "tau"), [(0.5, 0.9, 0.8), (0.9, 0.5, 0.6), (0.99, 0.99, 0.9)]
)
def test_real_crossover_with_perfect_fidelity(s0, rho, tau):
    """q = 1: g = 1 - P_sim rises to 1, so g = tau has one root beyond 1 (scipy brentq)."""
    g1 = 1 - s0 * rho
    assert g1 <= tau
    root = brentq(
        lambda x: 1 - s0**x * rho ** (x * (x + 1) / 2) - tau, 1.0, 1e4, xtol=1e-14
    )
    out = crossover_depth_real(s0, rho, 1.0, tau)
    assert out == pytest.approx(root, rel=1e-10)
    assert out > 1.0


@pytest.mark.parametrize(
    ("s0", "rho", "tau"), [(0.5, 0.9, 0.3), (0.5, 0.9, 0.8), (0.99, 0.999, 0.9)]
)
def test_crossover_interval_with_perfect_fidelity(s0, rho, tau):
    """q = 1 uncapped: the winners are every d from the least one on (high None)."""
    found = crossover_interval(s0, rho, 1.0, tau)
    wins = [d for d in range(1, 5000) if advantage(d, s0, rho, 1.0) > tau]
    assert found == CrossoverInterval(wins[0], None)
    assert wins == list(range(wins[0], 5000))


def _rise_end_mp(s0, rho, q):
    """The larger root of H(d) = log(b + c (d + 1/2)) - b d - c d (d + 1)/2 + a d - log a.

    g'(d) = 0 there (a = -log q, b = -log s0, c = -log rho of the given doubles);
    H is concave, so bisection right of its maximiser finds the rise end (60
    digits). None when H < 0 at its maximiser (g never rises).
    """
    with mpmath.workdps(60):
        a, b, c = (-mpmath.log(mpmath.mpf(v)) for v in (q, s0, rho))
        half = mpmath.mpf(1) / 2

        def h(d):
            return (
                mpmath.log(b + c * (d + half))
                - b * d
                - c * d * (d + 1) / 2
                + a * d
                - mpmath.log(a)
            )

        lo = (a + mpmath.sqrt(a * a + 4 * c)) / 2
        lo = (lo - b) / c - half
        if h(lo) <= 0:
            return None
        hi = lo + 1
        while h(hi) > 0:
            hi = lo + 2 * (hi - lo)
        for _ in range(300):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if h(mid) > 0 else (lo, mid)
        return float(lo)


PEAKS = [
    (0.7, 0.67, 0.97),
    (0.3, 1 - 1e-12, 0.3),  # was 1.3001522 (true 1.3000520): 7.7e-5 off
    (0.9, 1 - 1e-12, 0.9),  # was 1.2e-6 off
    (0.6362745659462836, 0.9999999999959719, 0.9489579934844762),
    (0.9999999999844428, 0.960478224494807, 0.0267241812657245),
    (0.995, 0.999999984616, 0.999999),
    (1.0, 0.9, 0.5),  # s0 = 1: b = 0
    (0.7, 1e-6, 1e-6),
    # corners where a worse start, a looser stop or another shift is visible
    (1e-06, 1e-06, 1e-300),
    (0.9999999999957336, 0.8476192166030883, 0.9999998258680548),
    (1e-06, 1e-06, 1e-12),
    (0.7, 0.01, 0.01),
    (0.9999999999975833, 0.01578697356701082, 0.00904840173638434),
    (0.9999999999989128, 0.6146195292587803, 0.7398883447638787),
    (0.9948426803802806, 0.9999999846162265, 0.9999771804002552),
    (0.3, 0.67, 0.9),
    (2.446655703279103e-06, 0.9999648823244222, 0.9999999999230055),
    # the rise ends below 1: d_real is 1
    (0.9999999999932323, 7.870686862352627e-09, 1.5582314748737806e-08),
    (0.01, 0.999999999999, 0.01),
    (0.07263650508397847, 0.35579852506088366, 0.03180979448264197),
    (0.9999963621884135, 5.386965268490547e-11, 0.9999999980869204),
    (0.9999999404051347, 2.7917880711989e-14, 0.9999999999700322),
]


@pytest.mark.parametrize(("s0", "rho", "q"), PEAKS)
def test_real_peak_matches_a_60_digit_root(s0, rho, q):
    """d_real is the rise end (or 1 below it) to double precision, also with rho within 1e-12 of 1.

    The Newton step summed log(b + y) and -log(a) as two O(1) logs although
    the terms that fix y are of size c there, and stopped on |step| / (b + y).
    """
    truth = _rise_end_mp(s0, rho, q)
    expected = 1.0 if truth is None or truth < 1.0 else truth
    assert advantage_peak(s0, rho, q).d_real == pytest.approx(expected, rel=4e-15)


@pytest.mark.parametrize(
    ("s0", "rho", "q", "tau", "cap"),
    [
        (0.7, 0.67, 0.97, 0.3, None),
        (0.7, 0.67, 0.97, 0.6, None),
        (0.9, 0.9, 0.99, 0.5, None),
        (0.9, 0.9, 0.99, 0.5, 20),
        (0.9, 0.9, 0.99, 0.5, 5),
        (0.5, 0.9, 1.0, 0.3, 7),  # q = 1 with a cap
    ],
)
def test_wide_crossover_intervals_by_brute_force(s0, rho, q, tau, cap):
    """Winners far beyond the peak: both ends of {d : g(d) > tau} by brute force."""
    top = 3000 if cap is None else cap
    d = np.arange(1, top + 1)
    winners = d[advantage(d, s0, rho, q) > tau]
    found = crossover_interval(s0, rho, q, tau, d_max=cap)
    assert found == CrossoverInterval(int(winners.min()), int(winners.max()))
    assert winners.max() < 3000


def _least_positive(s0, rho, q):
    """Least d >= 1 with (b - a) + c (d + 1) / 2 > 0, i.e. g(d) > 0 (log of q**d > P_sim(d))."""
    a, b, c = -math.log(q), -math.log(s0), -math.log(rho)
    return next(d for d in range(1, 10**6) if (b - a) + c * (d + 1) / 2.0 > 0.0)


@pytest.mark.parametrize(
    ("s0", "rho", "q"),
    [
        # d0 = 2 (a - b) / c - 1 lands on an integer: the first estimate is one too high
        (1.0, 0.3385752016376125, 0.1970074812967581),
        (1.0, 0.34142638220359167, 0.19950124688279303),
        # ... or one too low
        (1.0, 0.2041917702544474, 0.09226932668329177),
        (1.0, 0.4670647209031891, 0.3192019950124688),
        (0.7, 0.67, 0.97),
        (0.9, 0.99, 0.5),
        (1.0, 0.9, 0.5),
        (0.5, 0.9, 1.0),
    ],
)
def test_tau_zero_is_the_positive_set(s0, rho, q):
    """tau = 0: the winners are every d from the least positive one on."""
    low = _least_positive(s0, rho, q)
    assert crossover_interval(s0, rho, q, 0.0) == CrossoverInterval(low, None)
    assert crossover_depth(s0, rho, q, 0.0) == low
    assert crossover_interval(s0, rho, q, 0.0, d_max=low) == CrossoverInterval(low, low)
    assert crossover_interval(s0, rho, q, 0.0, d_max=low + 5) == CrossoverInterval(
        low, low + 5
    )
    if low > 1:
        assert crossover_interval(s0, rho, q, 0.0, d_max=low - 1) is None
    d = np.arange(max(1, low - 3), low + 4)
    far = (
        np.abs(advantage(d, s0, rho, q)) > 1e-12
    )  # away from the float tie at the edge
    assert np.array_equal((advantage(d, s0, rho, q) > 0)[far], (d >= low)[far])


@pytest.mark.parametrize(("s0", "q"), [(0.9, 0.5), (0.99, 0.97), (1.0, 0.3)])
def test_tau_zero_with_rho_next_to_one_is_found_directly(s0, q):
    """rho = 1 - 1e-12: the positive set starts near 2 (a - b) / c ~ 1e12, found in O(1) steps."""
    rho = 1 - 1e-12
    a, b, c = -math.log(q), -math.log(s0), -math.log(rho)
    found = crossover_interval(s0, rho, q, 0.0)
    assert found is not None and found.high is None
    low = found.low
    assert low > 10**10
    assert (b - a) + c * (low + 1) / 2.0 > 0.0
    assert not (b - a) + c * low / 2.0 > 0.0
    assert crossover_interval(s0, rho, q, 0.0, d_max=low - 1) is None


def test_tau_zero_refuses_a_cap_of_zero():
    """The tau = 0 path checks d_max itself (it does not reach advantage_peak)."""
    with pytest.raises(ValueError, match="d_max must be >= 1, got 0"):
        crossover_interval(0.7, 0.67, 0.97, 0.0, d_max=0)
