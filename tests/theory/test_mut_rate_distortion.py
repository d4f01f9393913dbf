"""theory.rate_distortion: end points, boundaries and the slope search (issue 33, item 5)."""

import inspect
import math

import numpy as np
import pytest

import theory.rate_distortion as rd
from theory.floors import binary_entropy, entropy
from theory.rate_distortion import (
    blahut_arimoto,
    gaussian_distortion,
    gaussian_rate,
    hamming_rate,
    hamming_rate_uniform,
    is_lossless_possible,
    rate_distortion,
)


def _fields(r):
    return (
        r.beta,
        r.distortion,
        r.rate,
        r.rate_lower,
        r.rate_upper,
        r.iterations,
        r.converged,
    )


@pytest.mark.parametrize("source", [[0.5, 0.5], [0.5, 0.25, 0.25], [0.7, 0.2, 0.1]])
def test_rate_distortion_end_points_are_exact(source):
    """D = 0: (inf, 0, H, H, H, 0, True); D >= 1 - max p: (0, 1 - max p, 0, 0, 0, 0, True)."""
    h = entropy(source)
    assert _fields(rate_distortion(source, 0.0)) == (math.inf, 0.0, h, h, h, 0, True)
    d_max = 1.0 - max(source)
    for d in (d_max, d_max + 0.05, 1.0):
        expected = (0.0, d_max, 0.0, 0.0, 0.0, 0, True)
        assert _fields(rate_distortion(source, d)) == expected


def test_blahut_arimoto_default_cap():
    """The documented default max_iter is 100,000 kernel evaluations."""
    default = inspect.signature(blahut_arimoto).parameters["max_iter"].default
    assert default == 100_000


def _recorder(monkeypatch):
    """Record (log beta, cap, start) of every Blahut-Arimoto run of the slope search."""
    calls = []
    original = rd.iterate

    def wrapper(p, beta, kernel, eps, cap, start=None):
        out = original(p, beta, kernel, eps, cap, start)
        copy = None if start is None else np.array(start)
        calls.append((math.log(beta), cap, copy, np.array(out[1])))
        return out

    monkeypatch.setattr("theory.rate_distortion.iterate", wrapper)
    return calls


@pytest.mark.parametrize(
    ("distortion", "first"),
    [
        (0.11, [-1.0, 1.0]),  # log beta* = log ln(0.89 / 0.11) = 0.74
        (0.45, [-1.0, -2.0, 1.0]),  # log beta* = log ln(0.55 / 0.45) = -1.60
        (0.01, [-1.0, 1.0, 2.0]),  # log beta* = log ln(99) = 1.53
        (1e-5, [-1.0, 1.0, 2.0, 4.0]),  # log beta* = log ln(99999) = 2.44
    ],
)
def test_slope_search_brackets_from_minus_one_to_one(monkeypatch, distortion, first):
    """brentq on log beta in [-1, 1] widened by doubling; every run capped at 100,000,
    warm-started from the nearest slope already solved; the answer is 1 - H_b(D)."""
    calls = _recorder(monkeypatch)
    r = rate_distortion([0.5, 0.5], distortion)
    assert r.rate == pytest.approx(1.0 - binary_entropy(distortion), abs=1e-8)
    logs = [c[0] for c in calls]
    assert logs[: len(first)] == pytest.approx(first, abs=1e-15)
    lo, hi = min(first), max(first)
    assert all(lo - 1e-15 <= t <= hi + 1e-15 for t in logs)
    assert all(c[1] == 100_000 for c in calls)


@pytest.mark.parametrize("distortion", [0.05, 0.15, 0.25])
def test_slope_search_warm_starts_from_the_nearest_slope(monkeypatch, distortion):
    """Each run starts from the output distribution of the nearest slope already
    solved (the first from the uniform one); the answer is the closed form."""
    source = [0.7, 0.2, 0.1]
    calls = _recorder(monkeypatch)
    r = rate_distortion(source, distortion)
    assert r.rate == pytest.approx(hamming_rate(source, r.distortion), abs=1e-8)
    assert calls[0][2] is None
    logs = [c[0] for c in calls]
    distinct = 0
    for i in range(1, len(calls)):
        # log(exp(t)) may differ from t by an ulp: any slope as near within 1e-12
        gap = min(abs(logs[j] - logs[i]) for j in range(i))
        nearest = [j for j in range(i) if abs(logs[j] - logs[i]) <= gap + 1e-12]
        assert any(np.array_equal(calls[i][2], calls[j][3]) for j in nearest)
        others = [j for j in range(i) if j not in nearest]
        distinct += any(
            not np.array_equal(calls[j][3], calls[k][3])
            for j in others
            for k in nearest
        )
    assert distinct > 0  # the choice of start was visible


def test_uniform_rate_is_zero_at_and_just_below_its_end():
    """R(D) of the uniform source is exactly 0 at D = 1 - 1/M and never negative just below."""
    for m in range(2, 40):
        end = 1.0 - 1.0 / m
        assert hamming_rate_uniform(end, m) == 0.0, m
        d = end
        for _ in range(4):
            d = float(np.nextafter(d, 0.0))
            assert hamming_rate_uniform(d, m) >= 0.0, (m, d)


def test_hamming_rate_never_negative_near_its_end():
    """Just below D = 1 - max p the closed form rounds near 0; it is never below 0."""
    rng = np.random.default_rng(7)
    for n in range(2, 7):
        for _ in range(40):
            p = rng.random(n)
            p /= p.sum()
            d = 1.0 - float(p.max())
            for _ in range(4):
                d = float(np.nextafter(d, 0.0))
                assert hamming_rate(p, d) >= 0.0, (p.tolist(), d)
    for m in range(2, 40):
        d = 1.0 - 1.0 / m
        for _ in range(4):
            d = float(np.nextafter(d, 0.0))
            assert hamming_rate([1.0 / m] * m, d) >= 0.0, (m, d)


def test_zero_mass_symbols_do_not_change_the_rate():
    """A fair bit plus 1000 impossible symbols: R(D) = 1 - H_b(D) even for D = 1e-13."""
    source = [0.5, 0.5] + [0.0] * 1000
    for d in (1e-13, 1e-6, 0.11, 0.3):
        expected = 1.0 - binary_entropy(d)
        assert hamming_rate(source, d) == pytest.approx(expected, abs=1e-15)


def test_tiny_distortion_on_a_source_not_summing_to_one_exactly():
    """[0.1] * 10 sums to 1 - 1.1e-16 in floating point; D = 1e-17 still gives ~log2 10."""
    for d in (1e-17, 1e-16, 1e-300):
        assert hamming_rate([0.1] * 10, d) == pytest.approx(math.log2(10), abs=1e-14)


def test_is_lossless_possible_tolerance():
    """rate >= H - 1e-12 counts as lossless (the boundary included); below does not."""
    h = entropy([0.5, 0.25, 0.25])
    assert is_lossless_possible([0.5, 0.25, 0.25], h - 1e-12)
    assert not is_lossless_possible([0.5, 0.25, 0.25], h - 2e-12)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: is_lossless_possible([0.5, 0.5], -0.5), r"rate must be in \[0"),
        (lambda: gaussian_distortion(1.0, -1.0), r"rate must be in \[0"),
        (lambda: gaussian_distortion(1.0, -1e-300), r"rate must be in \[0"),
        (lambda: gaussian_rate(math.inf, 1.0), r"variance must be in \(0, inf\)"),
        (lambda: gaussian_distortion(math.inf, 1.0), r"variance must be in \(0, inf\)"),
        (
            lambda: blahut_arimoto([0.5, 0.5], 1.0, distortion=np.zeros((2, 0))),
            r"n_outputs >= 1",
        ),
        (
            lambda: blahut_arimoto([0.5, 0.5], 1.0, distortion=np.zeros((3, 2))),
            r"distortion must have shape \(2, n_outputs\)",
        ),
    ],
)
def test_bad_input_named(call, match):
    """Out-of-range arguments: a ValueError naming the argument and its range."""
    with pytest.raises(ValueError, match=match):
        call()


def test_distortion_matrix_with_other_output_counts():
    """One reproduction letter: R = 0 at D = sum p d; three letters: D = 0 reachable."""
    one = blahut_arimoto([0.5, 0.5], 1.0, distortion=[[0.0], [1.0]])
    assert one.rate == pytest.approx(0.0, abs=1e-12)
    assert one.distortion == pytest.approx(0.5, abs=1e-12)
    # outputs: copy 0, copy 1, and an erasure costing 0.5 for either
    three = blahut_arimoto(
        [0.5, 0.5], 40.0, distortion=[[0.0, 1.0, 0.5], [1.0, 0.0, 0.5]]
    )
    assert three.distortion == pytest.approx(0.0, abs=1e-8)
    assert three.rate == pytest.approx(1.0, abs=1e-6)


@pytest.mark.parametrize(
    ("source", "beta"),
    [
        ([0.7029454131795903, 0.29555010060808395, 0.0015044862123258312], 1e-4),
        (
            [0.6192029014490427, 0.19865834909441127, 0.18213874945654607],
            2.5527660955237236e-4,
        ),
        ([0.13254855213835348, 0.31578373547218386, 0.5516677123894627], 1e-4),
    ],
)
def test_blahut_arimoto_rate_is_never_negative(source, beta):
    """Below the critical slope the test channel's information rounds to about -1e-16;
    the rate (and its upper bound) read 0, never a negative number of bits."""
    r = blahut_arimoto(source, beta)
    assert r.rate == r.rate_upper
    assert 0.0 <= r.rate < 1e-12
    assert r.rate_lower <= r.rate


@pytest.mark.parametrize("log_beta", [-1.0, 1.0])
def test_a_distortion_met_at_the_first_bracket_end_returns_that_point(log_beta):
    """rate_distortion(p, D) for D the Blahut-Arimoto distortion at slope e^-1 or e^1
    (the bracket's first ends) returns exactly that Blahut-Arimoto point."""
    point = blahut_arimoto([0.5, 0.5], math.exp(log_beta))
    assert rate_distortion([0.5, 0.5], point.distortion) == point
