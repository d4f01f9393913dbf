"""Compliance factorization P_comply = P_ret kappa and DL-C2 (attenuated transfer, ceiling)."""

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from theory.compliance import (
    compliance_ceiling,
    compliance_gain,
    p_comply,
    task_loss,
    use_factor,
)

UNIT = st.floats(min_value=0.0, max_value=1.0)
POSITIVE = st.floats(min_value=1e-6, max_value=1.0)


def test_pinned_values():
    """Hand values: 0.8 * 0.5 = 0.4, 0.4 / 0.8 = 0.5, 0.6 * 0.25 = 0.15, 1 - 0.4 = 0.6."""
    assert p_comply(0.8, 0.5) == pytest.approx(0.4)
    assert use_factor(0.4, 0.8) == pytest.approx(0.5)
    assert compliance_gain(0.25, 0.6) == pytest.approx(0.15)
    assert compliance_ceiling(0.7) == 0.7
    assert task_loss(0.8, 0.5) == pytest.approx(0.6)


def test_arrays_broadcast():
    """Arrays broadcast; scalars return builtin floats."""
    out = p_comply(np.array([0.2, 0.4, 1.0]), np.array([[0.5], [1.0]]))
    assert out.shape == (2, 3)
    np.testing.assert_allclose(out[1], [0.2, 0.4, 1.0])
    assert type(p_comply(0.5, 0.5)) is float


@given(POSITIVE, UNIT)
@example(0.8, 0.5)
def test_use_factor_inverts_factorization(p_ret, kappa):
    """kappa = P_comply / P_ret recovers the use factor."""
    assert use_factor(p_comply(p_ret, kappa), p_ret) == pytest.approx(kappa, abs=1e-12)


@given(UNIT, UNIT, UNIT)
def test_dl_c2_attenuated_transfer_exact(r1, r2, kappa):
    """P_comply(r2) - P_comply(r1) = kappa (r2 - r1): dP_comply/dP_ret = kappa everywhere."""
    diff = p_comply(r2, kappa) - p_comply(r1, kappa)
    assert compliance_gain(r2 - r1, kappa) == pytest.approx(diff, abs=1e-15)


@given(UNIT, UNIT)
def test_dl_c2_compliance_at_most_kappa(p_ret, kappa):
    """P_comply <= kappa = compliance_ceiling(kappa), reached at p_ret = 1."""
    assert p_comply(p_ret, kappa) <= compliance_ceiling(kappa)
    assert p_comply(1.0, kappa) == compliance_ceiling(kappa)


@given(UNIT, UNIT)
def test_task_loss_complements_compliance(p_ret, kappa):
    """Loss 1 - kappa P_ret = 1 - P_comply >= 1 - kappa."""
    assert task_loss(p_ret, kappa) == pytest.approx(1.0 - p_comply(p_ret, kappa))
    assert task_loss(p_ret, kappa) >= 1.0 - kappa - 1e-15


BAD_CALLS = [
    (lambda: p_comply(1.2, 0.5), ValueError, r"p_ret must be in \[0, 1\], got 1.2"),
    (lambda: p_comply(0.5, -0.1), ValueError, r"kappa must be in \[0, 1\], got -0.1"),
    (lambda: p_comply("0.5", 0.5), TypeError, r"p_ret must be a real number"),
    (lambda: use_factor(0.5, 0.0), ValueError, r"p_ret must be in \(0, 1\], got 0.0"),
    (
        lambda: use_factor(0.6, 0.5),
        ValueError,
        r"p_comply=0.6 must be <= p_ret=0.5",
    ),
    (
        lambda: use_factor([0.1, 0.6], [0.5, 0.5]),
        ValueError,
        r"p_comply=0.6 must be <= p_ret=0.5",
    ),
    (lambda: compliance_gain(1.5, 0.5), ValueError, r"delta_ret must be in \[-1, 1\]"),
    (
        lambda: compliance_ceiling(2.0),
        ValueError,
        r"kappa must be in \[0, 1\], got 2.0",
    ),
    (lambda: task_loss(0.5, float("nan")), ValueError, r"kappa must not be NaN"),
    (
        lambda: p_comply(np.array([0.5, 0.6]), np.array([0.5, 0.5, 0.5])),
        ValueError,
        r"broadcast",
    ),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD_CALLS)
def test_bad_input(call, error, match):
    """Each bad call raises the stated error, naming the argument and the range."""
    with pytest.raises(error, match=match):
        call()
