"""Depth laws: DL-A4, DL-T7, DL-T9, DL-T10 and the crossover of DL-P1."""

import math
import warnings
from fractions import Fraction

import mpmath
import numpy as np
import pytest
import scipy.stats
from hypothesis import example, given
from hypothesis import strategies as st

from theory.depth import (
    DepthUnderflowWarning,
    advantage,
    advantage_peak,
    crossover_depth,
    crossover_depth_real,
    crossover_interval,
    expected_work_similarity,
    expected_work_structured,
    log_expected_work_similarity,
    log_p_similarity,
    log_p_structured,
    log_survival_product,
    p_similarity,
    p_structured,
    slog_advantage,
    survival_product,
)
from theory.strategies import depth_params, depths, margins

PAPER = (0.70, 0.67, 0.97)  # s0, rho, q of DL-P1's worked example


def _g_exact(d, s0="0.70", rho="0.67", q="0.97"):
    """g(d) in exact rationals from the DL-P1 closed form (independent of the code)."""
    s0, rho, q = Fraction(s0), Fraction(rho), Fraction(q)
    return q**d - s0**d * rho ** (d * (d + 1) // 2)


def _brute_set(s0, rho, q, tau, top):
    values = advantage(np.arange(1, top + 1), s0, rho, q)
    return [int(d) for d in np.flatnonzero(values > tau) + 1]


def _horizon(s0, rho, q, tau):
    """A depth beyond which g(d) <= q**d <= tau, plus the peak region."""
    peak = advantage_peak(s0, rho, q)
    beyond = math.ceil(math.log(tau) / math.log(q)) + 2 if tau > 0 and q < 1 else 0
    return max(40, beyond, 3 * math.ceil(peak.d_real) + 5)


# --- pinned values -----------------------------------------------------------


def test_dl_p1_paper_values_pinned():
    """The worked values of DL-P1, against exact rational arithmetic of the closed form."""
    s0, rho, q = PAPER
    for d in (1, 2, 3, 4):
        assert advantage(d, s0, rho, q) == pytest.approx(float(_g_exact(d)), rel=1e-13)
    # hand: 0.97 - 0.7 * 0.67 = 0.501; paper states g(1) ~ 0.50, g(2) ~ 0.79, g(3) ~ 0.882
    assert _g_exact(1) == Fraction("0.501")
    assert round(float(_g_exact(2)), 2) == 0.79
    assert round(float(_g_exact(3)), 3) == 0.882
    assert p_structured(3, q) == pytest.approx(0.912673, rel=1e-12)  # 0.97**3 exactly
    assert p_similarity(3, s0, rho) == pytest.approx(
        float(Fraction("0.7") ** 3 * Fraction("0.67") ** 6), rel=1e-13
    )


def test_dl_p1_crossover_bands_exact_edges():
    """d* bands at the paper's point, edges g(1) = 0.501, g(2) = 0.79352613 (exact rationals).

    Margins of 1e-12 around each edge: the double evaluation of g may be one ulp off.
    """
    s0, rho, q = PAPER
    g1, g2, g3 = (float(_g_exact(d)) for d in (1, 2, 3))
    assert crossover_depth(s0, rho, q, 0.0) == 1
    assert crossover_depth(s0, rho, q, 0.5005) == 1  # inside the paper's (0.50, 0.79]
    assert crossover_depth(s0, rho, q, g1 - 1e-12) == 1
    assert crossover_depth(s0, rho, q, g1 + 1e-12) == 2
    assert crossover_depth(s0, rho, q, 0.79) == 2
    assert crossover_depth(s0, rho, q, g2 - 1e-12) == 2
    assert crossover_depth(s0, rho, q, g2 + 1e-12) == 3
    assert crossover_depth(s0, rho, q, 0.7936) == 3
    assert crossover_depth(s0, rho, q, g3 - 1e-12) == 3
    assert crossover_depth(s0, rho, q, g3 + 1e-12) is None


def test_peak_pinned_at_paper_point():
    """Integer maximiser 3 (g(3) = 0.88165 > g(4) = 0.88092, exact rationals)."""
    assert _g_exact(3) > _g_exact(4) > _g_exact(5)
    assert _g_exact(3) > _g_exact(2)
    peak = advantage_peak(*PAPER)
    assert peak.d_int == 3
    assert peak.g_int == pytest.approx(float(_g_exact(3)), rel=1e-13)
    assert 3.0 < peak.d_real < 4.0


def test_dl_t7_log_space_at_depth_ten_thousand():
    """No silent underflow at d = 10**4: the log matches mpmath at 50 digits."""
    mpmath.mp.dps = 50
    s0, rho = PAPER[0], PAPER[1]
    exact = mpmath.log(
        mpmath.mpf(s0) ** 10_000 * mpmath.mpf(rho) ** (10_000 * 10_001 // 2)
    )
    assert log_p_similarity(10_000, s0, rho) == pytest.approx(float(exact), rel=1e-14)
    with pytest.warns(DepthUnderflowWarning, match="underflowed"):
        assert p_similarity(10_000, s0, rho) == 0.0


def test_as_mpf_never_underflows():
    """as_mpf=True: the mpmath value matches the float where it exists, and the log beyond."""
    s0, rho, q = PAPER
    assert float(p_similarity(3, s0, rho, as_mpf=True)) == pytest.approx(
        p_similarity(3, s0, rho), rel=1e-13
    )
    deep = p_similarity(10_000, s0, rho, as_mpf=True)
    assert float(mpmath.log(deep)) == pytest.approx(
        log_p_similarity(10_000, s0, rho), rel=1e-14
    )
    far = p_structured(10**6, q, as_mpf=True)
    assert float(mpmath.log(far)) == pytest.approx(10**6 * math.log(q), rel=1e-14)
    assert float(p_structured(2.5, q, as_mpf=True)) == pytest.approx(q**2.5)


def test_dl_t9_log_structured_large_depth():
    """log q**d = d log q (no underflow at d = 10**6)."""
    assert log_p_structured(10**6, 0.97) == pytest.approx(10**6 * math.log(0.97))


def test_slog_advantage_large_depth():
    """At d = 30000 both terms underflow, but the sign and log of g survive."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert advantage(30_000, *PAPER) == 0.0
    sign, logabs = slog_advantage(30_000, *PAPER)
    assert sign == 1.0
    # log g = log q**d + log(1 - P_sim/q**d), and the ratio is below 1e-300000
    assert logabs == pytest.approx(30_000 * math.log(0.97), rel=1e-15)


def test_dl_t10_expected_work_matches_scipy_geom():
    """E[attempts] = 1 / P_sim(d) = scipy.stats.geom(P_sim).mean()."""
    for d in (1, 2, 3, 5):
        p = p_similarity(d, *PAPER[:2])
        assert expected_work_similarity(d, *PAPER[:2]) == pytest.approx(
            scipy.stats.geom(p).mean(), rel=1e-12
        )
    assert expected_work_structured(12) == 12
    assert log_expected_work_similarity(10_000, *PAPER[:2]) == pytest.approx(
        -log_p_similarity(10_000, *PAPER[:2])
    )


def test_arrays_broadcast():
    """Array inputs broadcast and give arrays; scalars give builtin floats."""
    out = p_similarity(np.arange(4)[:, None], 0.7, np.array([0.5, 0.67]))
    assert out.shape == (4, 2)
    assert out[0, 0] == 1.0
    assert type(p_similarity(2, 0.7, 0.67)) is float
    assert type(advantage(2, 0.7, 0.67, 0.97)) is float


def test_survival_product_sequence_and_callable():
    """The product of a given list, and of a callable over k = 1..d (hand values)."""
    assert survival_product([0.9, 0.5, 0.5]) == pytest.approx(0.225)
    assert survival_product([0.9, 0.5, 0.5], d=2) == pytest.approx(0.45)
    assert survival_product([]) == 1.0
    assert log_survival_product([0.5, 0.0]) == -math.inf
    assert survival_product(lambda k: 1.0 / (k + 1), d=3) == pytest.approx(1 / 24)


def test_crossover_unbounded_cases():
    """q = 1 makes g rise to 1 forever; tau = 0 gives {d > d0}, unbounded."""
    assert crossover_interval(0.7, 0.67, 1.0, 0.99).high is None
    # g(d) = 1 - 0.7**d 0.67**(d(d+1)/2) > 0.99 first at d = 4 (0.7**4 0.67**10 = 0.0044)
    assert crossover_depth(0.7, 0.67, 1.0, 0.99) == 4
    assert crossover_interval(0.7, 0.67, 1.0, 0.99, d_max=9).high == 9
    # s0 = 1, rho = 0.9, q = 0.5: g > 0 iff d > 2 ln2 / ln(10/9) - 1 = 12.16
    assert crossover_interval(1.0, 0.9, 0.5, 0.0).low == 13
    assert crossover_interval(1.0, 0.9, 0.5, 0.0, d_max=12) is None


# --- laws ------------------------------------------------------------------------


@given(depth_params(), depths())
@example((0.7, 0.67, 0.97), 3)
def test_dl_t7_closed_form_equals_survival_product(params, d):
    """P_sim(d) = prod_{k=1..d} s0 rho**k (Gauss sum in the exponent)."""
    s0, rho, _ = params
    direct = log_survival_product(lambda k: s0 * rho**k, d=d)
    assert log_p_similarity(d, s0, rho) == pytest.approx(direct, rel=1e-12, abs=1e-12)


@given(depth_params(), depths())
def test_dl_t7_log_forward_difference(params, d):
    """log P_sim(d+1) - log P_sim(d) = log s0 + (d + 1) log rho (not (d + 1/2))."""
    s0, rho, _ = params
    step = log_p_similarity(d + 1, s0, rho) - log_p_similarity(d, s0, rho)
    expected = math.log(s0) + (d + 1) * math.log(rho)
    assert step == pytest.approx(expected, rel=1e-9, abs=1e-9)


@given(depth_params(), st.floats(0.5, 50.0))
def test_dl_t7_log_concave_real_depth(params, d):
    """Second central difference of log P_sim at real d is h**2 log rho (< 0)."""
    s0, rho, _ = params
    h = 0.25
    second = (
        log_p_similarity(d + h, s0, rho)
        - 2 * log_p_similarity(d, s0, rho)
        + log_p_similarity(d - h, s0, rho)
    )
    assert second == pytest.approx(h * h * math.log(rho), rel=1e-6, abs=1e-9)
    assert second < 0


@given(depth_params(), depths(), depths())
def test_dl_t9_structured_multiplicative(params, d1, d2):
    """q**(d1 + d2) = q**d1 q**d2, and equals the survival product of constant q."""
    q = params[2]
    assert p_structured(d1 + d2, q) == pytest.approx(
        p_structured(d1, q) * p_structured(d2, q), rel=1e-12
    )
    assert p_structured(d1, q) == pytest.approx(survival_product([q] * d1), rel=1e-12)


@given(depth_params(), depths())
def test_dl_p1_advantage_is_difference(params, d):
    """g(d) = P_struct(d) - P_sim(d), and slog_advantage gives the same number."""
    s0, rho, q = params
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DepthUnderflowWarning)
        struct, sim = p_structured(d, q), p_similarity(d, s0, rho)
    g = struct - sim
    scale = 1e-13 * (struct + sim)  # cancellation: error is relative to the terms
    assert advantage(d, s0, rho, q) == pytest.approx(g, rel=1e-12, abs=scale)
    sign, logabs = slog_advantage(d, s0, rho, q)
    assert sign == np.sign(g) or abs(g) <= scale
    if abs(g) > 1e6 * scale:
        assert sign * math.exp(logabs) == pytest.approx(g, rel=1e-9)


@given(depth_params(min_q=0.3), margins(min_tau=0.01))
@example((0.7, 0.67, 0.97), 0.5005)
@example((0.7, 0.67, 0.97), 0.0)
@example((1.0, 0.9, 0.5), 0.0)
def test_dl_p1_crossover_interval_matches_brute_force(params, tau):
    """{d >= 1 : g(d) > tau} equals low..high found by brute force (tau >= 0)."""
    s0, rho, q = params
    q = min(q, 0.999)
    top = _horizon(s0, rho, q, tau)
    brute = _brute_set(s0, rho, q, tau, top)
    found = crossover_interval(s0, rho, q, tau)
    if not brute:
        assert found is None or found.low > top
        return
    assert found is not None
    assert found.low == brute[0] == crossover_depth(s0, rho, q, tau)
    assert brute == list(range(brute[0], brute[-1] + 1))  # an interval
    if tau > 0:
        assert found.high == brute[-1]


@given(depth_params(min_q=0.3), margins(min_tau=0.01))
@example((0.7, 0.67, 0.97), 0.6)
@example((1.0, 0.9, 0.5), 0.00001)
def test_dl_p1_real_crossover_root_and_integer_order(params, tau):
    """The real crossover solves g = tau (or is 1); the integer one is the next integer in the set."""
    s0, rho, q = params
    q = min(q, 0.999)
    real = crossover_depth_real(s0, rho, q, tau)
    whole = crossover_interval(s0, rho, q, tau)
    if real is None:
        assert whole is None
        return
    if real > 1.0:
        assert advantage(real, s0, rho, q) == pytest.approx(tau, rel=1e-9, abs=1e-12)
        assert advantage(real + 1e-6, s0, rho, q) > tau - 1e-12
    else:
        assert advantage(1.0, s0, rho, q) > tau
    near_integer = abs(real - round(real)) < 1e-9 and real > 1.0
    if whole is not None and not near_integer:
        assert whole.low == (1 if real == 1.0 else math.floor(real) + 1)


@given(depth_params(min_q=0.3), st.integers(1, 30))
@example((1.0, 0.9, 0.5), 2)
def test_dl_p1_peak_is_maximum(params, d_max):
    """The integer peak beats every depth in 1..d_max; the real peak is a local max."""
    s0, rho, q = params
    q = min(q, 0.999)
    peak = advantage_peak(s0, rho, q, d_max=d_max)
    values = advantage(np.arange(1, d_max + 1), s0, rho, q)
    assert peak.g_int == pytest.approx(values.max(), rel=1e-12, abs=1e-300)
    assert values[peak.d_int - 1] == pytest.approx(peak.g_int, rel=1e-12, abs=1e-300)
    assert peak.d_int == int(np.argmax(values)) + 1 or values.max() == peak.g_int
    grid = np.linspace(1.0, float(d_max), 2001)
    assert peak.g_real >= advantage(grid, s0, rho, q).max() - 1e-12
    assert peak.g_real == pytest.approx(advantage(peak.d_real, s0, rho, q), abs=1e-15)
    free = advantage_peak(s0, rho, q)
    near = advantage(
        np.clip(free.d_real + np.array([-1e-3, 1e-3]), 1, None), s0, rho, q
    )
    assert np.all(near <= free.g_real + 1e-12)


@given(depth_params(), st.floats(0.0, 200.0))
def test_dl_t10_work_lower_bound(params, d):
    """1 / P_sim(d) >= rho**(-d (d + 1) / 2): the Omega of DL-T10 with constant 1."""
    s0, rho, _ = params
    log_work = log_expected_work_similarity(d, s0, rho)
    assert log_work >= -d * (d + 1) / 2 * math.log(rho) - 1e-9 * max(1.0, log_work)


# --- bad input ---------------------------------------------------------------------

BAD_CALLS = [
    (
        lambda: p_similarity(2, 0.7, 1.3),
        ValueError,
        r"rho must be in \(0, 1\), got 1.3",
    ),
    (
        lambda: p_similarity(2, 0.7, 1.0),
        ValueError,
        r"rho must be in \(0, 1\), got 1.0",
    ),
    (lambda: p_similarity(2, 0.0, 0.5), ValueError, r"s0 must be in \(0, 1\], got 0.0"),
    (
        lambda: p_similarity(-1, 0.7, 0.5),
        ValueError,
        r"d must be in \[0, inf\), got -1",
    ),
    (lambda: p_similarity(math.inf, 0.7, 0.5), ValueError, r"d must be finite"),
    (lambda: p_similarity(math.nan, 0.7, 0.5), ValueError, r"d must not be NaN"),
    (lambda: p_similarity(True, 0.7, 0.5), TypeError, r"d must be a real number"),
    (lambda: p_similarity("2", 0.7, 0.5), TypeError, r"d must be a real number"),
    (
        lambda: p_similarity([1, 2], 0.7, [0.5, 1.5]),
        ValueError,
        r"rho must be in \(0, 1\), got 1.5",
    ),
    (
        lambda: p_similarity(np.array([True]), 0.7, 0.5),
        TypeError,
        r"d must be real numbers",
    ),
    (
        lambda: p_similarity(np.arange(3), 0.7, np.full(2, 0.5)),
        ValueError,
        r"shape|broadcast",
    ),
    (lambda: p_structured(1, 0.0), ValueError, r"q must be in \(0, 1\], got 0.0"),
    (
        lambda: p_similarity([1, 2], 0.7, 0.5, as_mpf=True),
        TypeError,
        r"d must be a real scalar when as_mpf=True",
    ),
    (
        lambda: p_structured(1, 1.5, as_mpf=True),
        ValueError,
        r"q must be in \(0, 1\], got 1.5",
    ),
    (lambda: p_structured(1, 1.01), ValueError, r"q must be in \(0, 1\], got 1.01"),
    (lambda: advantage(1, 0.7, 0.5, -0.1), ValueError, r"q must be in \(0, 1\]"),
    (
        lambda: crossover_depth(0.7, 0.67, 0.97, -0.1),
        ValueError,
        r"tau must be in \[0, 1\), got -0.1",
    ),
    (
        lambda: crossover_depth(0.7, 0.67, 0.97, 1.0),
        ValueError,
        r"tau must be in \[0, 1\), got 1.0",
    ),
    (
        lambda: crossover_depth(0.7, 0.67, 0.97, 0.5, d_max=0),
        ValueError,
        r"d_max must be >= 1, got 0",
    ),
    (
        lambda: crossover_depth(0.7, 0.67, 0.97, 0.5, d_max=2.5),
        TypeError,
        r"d_max must be an int, got 2.5",
    ),
    (
        lambda: crossover_depth([0.7, 0.8], 0.67, 0.97, 0.5),
        TypeError,
        r"s0 must be a real scalar here",
    ),
    (lambda: advantage_peak(0.7, 1.2, 0.97), ValueError, r"rho must be in \(0, 1\)"),
    (
        lambda: crossover_depth_real(0.7, 0.67, 0.97, 1.5),
        ValueError,
        r"tau must be in \[0, 1\), got 1.5",
    ),
    (
        lambda: survival_product([0.5, 1.2]),
        ValueError,
        r"f\[1\] must be in \[0, 1\], got 1.2",
    ),
    (
        lambda: survival_product(lambda k: 2.0, d=1),
        ValueError,
        r"f\(1\) must be in \[0, 1\]",
    ),
    (
        lambda: survival_product(lambda k: 0.5),
        TypeError,
        r"d is required when f is a callable",
    ),
    (lambda: survival_product([0.5], d=2), ValueError, r"d=2 exceeds the 1 survivals"),
    (lambda: survival_product([0.5], d=-1), ValueError, r"d must be >= 0, got -1"),
    (lambda: survival_product([0.5], d=1.0), TypeError, r"d must be an int, got 1.0"),
    (
        lambda: survival_product(0.5, d=1),
        TypeError,
        r"f must be a sequence of survivals",
    ),
    (lambda: expected_work_structured(-2), ValueError, r"d must be >= 0, got -2"),
    (lambda: expected_work_structured(2.0), TypeError, r"d must be an int, got 2.0"),
    (
        lambda: expected_work_similarity(1, 0.7, 0.0),
        ValueError,
        r"rho must be in \(0, 1\)",
    ),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD_CALLS)
def test_bad_input(call, error, match):
    """Each bad call raises the stated error, naming the argument and the range."""
    with pytest.raises(error, match=match):
        call()
