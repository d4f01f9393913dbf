"""theory.floors.context_gain against definitions written out here (issue 33, item 5)."""

import math

import numpy as np
import pytest

from theory.floors import context_gain


def _h(counts):
    """Entropy in bits of a non-negative array (0 log 0 = 0), by the hand formula."""
    flat = np.asarray(counts, dtype=float).ravel()
    flat = flat[flat > 0]
    return float(-(flat * np.log2(flat)).sum())


def _reference(table, phi):
    """H(Y|X), H(Y|X,C), I(Y;C|X), I(D;C|X) and the two Bayes floors, from p(x,d,c)."""
    p = np.asarray(table, dtype=float)
    phi = np.asarray(phi)
    nx, nd, nc = p.shape
    ny = int(phi.max()) + 1
    pxy = np.zeros((nx, ny))
    pxcy = np.zeros((nx, nc, ny))
    for x in range(nx):
        for d in range(nd):
            pxy[x, phi[x, d]] += p[x, d].sum()
            pxcy[x, :, phi[x, d]] += p[x, d]
    px, pxc, pxd = p.sum(axis=(1, 2)), p.sum(axis=1), p.sum(axis=2)
    h_y_x = _h(pxy) - _h(px)
    h_y_xc = _h(pxcy) - _h(pxc)
    i_dc_x = _h(pxd) + _h(pxc) - _h(p) - _h(px)
    floor_without = 1.0 - sum(pxy[x].max() for x in range(nx))
    floor_with = 1.0 - sum(pxcy[x, c].max() for x in range(nx) for c in range(nc))
    return h_y_x, h_y_xc, h_y_x - h_y_xc, i_dc_x, floor_without, floor_with


@pytest.mark.parametrize("seed", range(8))
def test_matches_the_definitions_on_random_tables(seed):
    """Seeded Dirichlet tables of varying shape, phi drawn from 3 labels."""
    rng = np.random.default_rng(seed)
    nx, nd, nc = (int(k) for k in rng.integers(2, 5, size=3))
    table = rng.dirichlet(np.full(nx * nd * nc, 0.7)).reshape(nx, nd, nc)
    phi = rng.integers(0, 3, size=(nx, nd))
    got = context_gain(table, phi)
    want = _reference(table, phi)
    fields = (
        got.h_y_given_x,
        got.h_y_given_xc,
        got.i_yc_given_x,
        got.i_dc_given_x,
        got.floor_without,
        got.floor_with,
    )
    for value, expected in zip(fields, want, strict=True):
        assert value == pytest.approx(expected, abs=1e-12)
    assert got.injective == all(len(set(row)) == len(row) for row in phi.tolist())
    assert got.i_yc_given_x <= got.i_dc_given_x + 1e-12  # DL-T2


def test_x_y_and_c_marginals_are_not_interchanged():
    """H(X), H(Y), H(C) all different: 1 x-bit, y = d, c a noisy copy of d."""
    table = np.zeros((2, 2, 2))
    # X uniform, D | X biased differently, C = D with prob 0.9
    for x, bias in ((0, 0.8), (1, 0.3)):
        for d, pd in ((0, bias), (1, 1 - bias)):
            for c in (0, 1):
                table[x, d, c] = 0.5 * pd * (0.9 if c == d else 0.1)
    phi = [[0, 1], [0, 1]]
    got = context_gain(table, phi)
    want = _reference(table, phi)
    assert got.h_y_given_x == pytest.approx(want[0], abs=1e-12)
    assert got.h_y_given_xc == pytest.approx(want[1], abs=1e-12)
    assert got.i_yc_given_x == pytest.approx(want[2], abs=1e-12)
    assert got.i_dc_given_x == pytest.approx(want[3], abs=1e-12)
    # hand value of the floor without context: min(0.8, 0.2) and min(0.3, 0.7), halved
    assert got.floor_without == pytest.approx(0.5 * 0.2 + 0.5 * 0.3, abs=1e-15)
    assert 0.0 < got.floor_with < got.floor_without


def test_independent_context_gives_exact_zero_information():
    """C independent of D given X: both informations in [0, 1e-14], never a rounding -1e-16.

    Several of these tables give a raw ``H(XD) + H(XC) - H(XDC) - H(X)`` of
    -1e-16 to -7e-16; the result clips those to 0.0 (positive rounding stays).
    """
    rng = np.random.default_rng(0)
    for _ in range(20):
        nx, nd, nc = (int(k) for k in rng.integers(1, 4, size=3))
        px = rng.dirichlet(np.ones(nx))
        pd = rng.dirichlet(np.ones(nd), size=nx)
        pc = rng.dirichlet(np.ones(nc), size=nx)
        table = px[:, None, None] * pd[:, :, None] * pc[:, None, :]
        table = table / table.sum()
        got = context_gain(table, rng.integers(0, 3, size=(nx, nd)))
        assert 0.0 <= got.i_yc_given_x < 1e-14
        assert 0.0 <= got.i_dc_given_x < 1e-14
        assert math.copysign(1.0, got.i_yc_given_x) == 1.0


def test_context_that_does_not_help_keeps_the_floor():
    """C independent of D: floor_with = floor_without = 1 - max p(d) = 0.3."""
    table = np.zeros((1, 3, 2))
    table[0, :, 0] = table[0, :, 1] = np.array([0.1, 0.2, 0.7]) / 2
    got = context_gain(table, [[0, 1, 2]])
    assert got.floor_without == pytest.approx(0.3, abs=1e-15)
    assert got.floor_with == pytest.approx(0.3, abs=1e-15)


def test_floors_are_never_negative_on_a_table_summing_above_one():
    """A table summing to 1 + 1e-10 (accepted: tolerance 1e-9) gives floors 0.0, not -1e-10."""
    table = np.zeros((2, 1, 1))
    table[:, 0, 0] = [0.5, 0.5 + 1e-10]
    got = context_gain(table, [[0], [0]])
    assert (got.floor_without, got.floor_with) == (0.0, 0.0)
