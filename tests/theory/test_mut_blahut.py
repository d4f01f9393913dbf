"""Blahut–Arimoto internals seen through ``theory.rate_distortion`` (issue 33, item 5).

The evaluation cap, the stopping rule at ``gap == tol``, the general
(non-square) distortion matrix against a plain Blahut–Arimoto written here,
and the kernel evaluations the SQUAREM acceleration spends.
"""

import math

import numpy as np
import pytest

from theory.rate_distortion import blahut_arimoto, hamming_rate

SOURCES = ([0.5, 0.3, 0.2], [0.7, 0.2, 0.1], [0.4, 0.3, 0.2, 0.1])


def _plain_ba(p, beta, dmat, steps):
    """Textbook BA (Blahut 1972): ``q <- q c`` from uniform; rate (bits) and distortion."""
    p = np.asarray(p, dtype=float)
    dmat = np.asarray(dmat, dtype=float)
    a = np.exp(-beta * dmat)
    q = np.full(dmat.shape[1], 1.0 / dmat.shape[1])
    for _ in range(steps):
        z = a @ q
        q = q * (p @ (a / z[:, None]))
    z = a @ q
    channel = a * q[None, :] / z[:, None]  # Q(y | x)
    joint = p[:, None] * channel
    distortion = float((joint * dmat).sum())
    out = joint.sum(axis=0)
    mask = (joint > 0) & (out[None, :] > 0)
    logs = np.log2(channel[mask]) - np.log2(np.broadcast_to(out, joint.shape)[mask])
    info = float((joint[mask] * logs).sum())
    return info, distortion


@pytest.mark.parametrize("p", SOURCES)
@pytest.mark.parametrize("beta", [1.0, 2.0])
def test_max_iter_is_a_cap_on_kernel_evaluations(p, beta):
    """``iterations <= max_iter`` always; a capped run stops only when no cycle fits.

    A cycle costs at least two evaluations plus the bound evaluation after it,
    so a run that is not converged has ``max_iter - 2 <= iterations``. (Before
    the fix the SQUAREM step-length search could overrun: max_iter=3 gave 5.)
    """
    full = blahut_arimoto(p, beta)
    assert full.converged
    for cap in range(1, full.iterations + 8):
        point = blahut_arimoto(p, beta, max_iter=cap)
        assert point.iterations <= cap, (cap, point.iterations)
        if not point.converged:
            assert point.iterations >= cap - 2, (cap, point.iterations)
        if cap >= full.iterations:
            assert point == full


def test_small_caps_exact():
    """max_iter 1..3 leave room for no cycle; 4 for exactly one (2 + 1 evaluations)."""
    for cap in (1, 2, 3):
        point = blahut_arimoto([0.5, 0.3, 0.2], 2.0, max_iter=cap)
        assert (point.iterations, point.converged) == (1, False)
    assert blahut_arimoto([0.5, 0.3, 0.2], 2.0, max_iter=4).iterations == 4


@pytest.mark.parametrize("p", SOURCES)
def test_stops_when_gap_equals_tol(p):
    """The rule is ``gap <= tol``: tol set to an achieved gap stops there, converged."""
    first = blahut_arimoto(p, 2.0, tol=1e-6)
    gap = first.rate_upper - first.rate_lower
    assert 1e-15 <= gap <= 1e-6
    again = blahut_arimoto(p, 2.0, tol=gap)
    assert again.converged
    assert again == blahut_arimoto(p, 2.0, tol=gap)
    assert again.iterations == first.iterations
    assert again.rate_upper - again.rate_lower == gap


def test_non_square_distortion_matches_plain_blahut_arimoto():
    """Two source symbols, three outputs (the third an 'erasure' at cost 0.4)."""
    dmat = [[0.0, 1.0, 0.4], [1.0, 0.0, 0.4]]
    for p in ([0.5, 0.5], [0.8, 0.2]):
        for beta in (1.0, 3.0, 6.0):
            point = blahut_arimoto(p, beta, distortion=dmat, tol=1e-12)
            info, dist = _plain_ba(p, beta, dmat, 3_000)
            assert point.converged
            assert point.distortion == pytest.approx(dist, abs=1e-7)
            assert point.rate == pytest.approx(info, abs=1e-7)
            assert point.rate_lower <= info + 1e-9


def test_more_outputs_than_inputs_is_not_a_square_matrix():
    """One source symbol, two outputs with costs 1 and 0: R = 0, D -> 0 (q -> (0, 1))."""
    point = blahut_arimoto([1.0], 1.0, distortion=[[1.0, 0.0]])
    assert point.converged
    assert point.distortion == pytest.approx(0.0, abs=1e-8)
    assert point.rate == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("p", SOURCES)
@pytest.mark.parametrize("beta", [0.5, 1.0, 2.0, 5.0])
def test_hamming_kernel_equals_the_matrix_kernel(p, beta):
    """The O(M) Hamming kernel and the general kernel on ``1 - I`` agree."""
    fast = blahut_arimoto(p, beta, tol=1e-12)
    slow = blahut_arimoto(p, beta, distortion=1.0 - np.eye(len(p)), tol=1e-12)
    assert fast.distortion == pytest.approx(slow.distortion, abs=1e-7)
    assert fast.rate == pytest.approx(slow.rate, abs=1e-8)
    assert fast.rate == pytest.approx(hamming_rate(p, fast.distortion), abs=1e-7)


# Kernel evaluations to tol=1e-9 measured at this commit (SQUAREM S3 with the
# step-halving search). A change of the acceleration must show up here; the
# plain BA column (evaluations of the textbook iteration to the same gap) shows
# what the acceleration saves.
EVALUATIONS = [
    ([0.5, 0.3, 0.2], 0.3, 37),
    ([0.5, 0.3, 0.2], 3.0, 27),
    ([0.5, 0.3, 0.2], 0.5, 443),
    ([0.5, 0.3, 0.2], 1.0, 46),
    ([0.5, 0.3, 0.2], 2.0, 26),
    ([0.5, 0.3, 0.2], 5.0, 13),
    ([0.7, 0.2, 0.1], 0.5, 25),
    ([0.7, 0.2, 0.1], 1.0, 41),
    ([0.7, 0.2, 0.1], 2.0, 49),
    ([0.7, 0.2, 0.1], 5.0, 13),
]


@pytest.mark.parametrize(("p", "beta", "evaluations"), EVALUATIONS)
def test_accelerated_evaluation_counts(p, beta, evaluations):
    """Pinned evaluation counts; the point is converged and on the closed form."""
    point = blahut_arimoto(p, beta)
    assert point.iterations == evaluations
    assert point.converged
    assert point.rate_lower <= hamming_rate(p, point.distortion) + 1e-12
    assert hamming_rate(p, point.distortion) <= point.rate_upper + 1e-9


def test_uniform_source_is_a_fixed_point():
    """Uniform p: the uniform q is optimal, one evaluation, gap exactly 0."""
    for m in (2, 3, 7):
        point = blahut_arimoto([1.0 / m] * m, 2.0)
        assert (point.iterations, point.converged) == (1, True)
        assert point.rate_upper == point.rate_lower
        off = math.exp(-2.0)
        d = (m - 1) * off / (1 + (m - 1) * off)
        assert point.distortion == pytest.approx(d, abs=1e-15)


def test_first_evaluation_bounds_are_the_uniform_channel():
    """max_iter=1: upper bound = I(X; Y) of the channel from uniform q, lower by hand."""
    for p, beta in (([0.5, 0.3, 0.2], 2.0), ([0.7, 0.2, 0.1], 0.7)):
        point = blahut_arimoto(p, beta, max_iter=1)
        dmat = 1.0 - np.eye(3)
        info, dist = _plain_ba(p, beta, dmat, 0)
        assert point.distortion == pytest.approx(dist, abs=1e-14)
        assert point.rate_upper == pytest.approx(info, abs=1e-13)
        a = np.exp(-beta * dmat)
        q = np.full(3, 1 / 3)
        z = a @ q
        c = np.asarray(p) @ (a / z[:, None])
        lower = -beta * dist - float(np.asarray(p) @ np.log(z)) - math.log(c.max())
        assert point.rate_lower == pytest.approx(lower / math.log(2), abs=1e-13)


def test_an_output_no_symbol_can_reach_is_ignored():
    """A column of cost 1000 (exp(-beta d) underflows to 0): same point, not NaN.

    Before the fix ``q c log c`` was 0 * -inf = NaN: rate NaN, converged False.
    """
    three = [[0.0, 1.0, 0.5], [1.0, 0.0, 0.5]]
    four = [[*row, 1000.0] for row in three]
    for beta, evaluations in ((1.0, 204), (2.0, 69), (4.0, 21)):
        ref = blahut_arimoto([0.6, 0.4], beta, distortion=three, tol=1e-12)
        point = blahut_arimoto([0.6, 0.4], beta, distortion=four)
        assert point.converged
        assert point.iterations == evaluations
        assert point.rate == pytest.approx(ref.rate, abs=1e-8)
        assert point.distortion == pytest.approx(ref.distortion, abs=1e-8)


def test_large_costs_on_every_output_shift_the_distortion_only():
    """d + 800 (every exp(-beta d) underflows): D shifts by 800, R is unchanged.

    Before the fix every Z(x) was 0 and every field NaN.
    """
    hamming = blahut_arimoto([0.5, 0.5], 1.0)
    shifted = blahut_arimoto(
        [0.5, 0.5], 1.0, distortion=[[800.0, 801.0], [801.0, 800.0]]
    )
    assert shifted.converged
    assert shifted.distortion == pytest.approx(800.0 + hamming.distortion, abs=1e-10)
    assert shifted.rate == pytest.approx(hamming.rate, abs=1e-9)
    one = blahut_arimoto([1.0], 1.0, distortion=[[800.0, 801.0]])
    assert one.converged
    assert one.distortion == pytest.approx(800.0, abs=1e-9)
    assert one.rate == pytest.approx(0.0, abs=1e-9)


def test_a_distortion_matrix_needs_an_output():
    """Shape (n, 0) is refused by name (it was a ZeroDivisionError)."""
    with pytest.raises(
        ValueError,
        match=r"distortion must have shape \(2, n_outputs\), n_outputs >= 1, got \(2, 0\)",
    ):
        blahut_arimoto([0.5, 0.5], 1.0, distortion=np.zeros((2, 0)))


def test_an_extrapolation_touching_zero_is_still_in_the_simplex():
    """An output no symbol can reach keeps ``q = 0`` once a plain step zeroed it.

    SQUAREM's candidate ``q0 - 2 alpha r + alpha^2 v`` then has an exact 0 there,
    which is a point of the simplex (``min >= 0``), so it is tried: 14 kernel
    evaluations here (refusing it, as a strict ``> 0`` would, costs a 15th and
    moves the answer by 5e-14). The point matches the three-output problem.
    """
    three = [[0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]
    four = [[*row, 1e4] for row in three]
    p = [0.5, 0.3, 0.2]
    point = blahut_arimoto(p, 5.0, distortion=four)
    ref = blahut_arimoto(p, 5.0, distortion=three, tol=1e-12)
    assert point.converged
    assert point.iterations == 14
    assert point.rate == pytest.approx(ref.rate, abs=1e-9)
    assert point.distortion == pytest.approx(ref.distortion, abs=1e-9)
