"""theory.hopfield through its public API: retrieval's defaults and stopping rule,
the attractor merge at exactly ``resolution``, and every argument check of the
capacity forms (issue 33, item 5).

Oracle for retrieval: with the two 1-d patterns ``+1`` and ``-1`` the update is
``x <- tanh(beta x)`` (``softmax`` of ``(beta x, -beta x)`` weighs ``+1`` by
``(1 + tanh(beta x)) / 2``). At ``beta = 1`` it creeps to 0 like
``sqrt(3 / (2 k))``, so 1000 steps never reach a step of ``1e-12``; at
``beta = 2`` it converges to the root of ``x = tanh(2 x)``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import brentq

from theory.hopfield import (
    count_attractors,
    hopfield_energy,
    hopfield_retrieve,
    hopfield_update,
    log_paper_capacity_bound,
    log_ramsauer_capacity_form,
)

PM = [[1.0], [-1.0]]


def _tanh_iterates(x0: float, beta: float, steps: int) -> float:
    x = x0
    for _ in range(steps):
        x = math.tanh(beta * x)
    return x


def test_update_on_plus_minus_one_is_tanh():
    """The oracle: one update of the 1-d pair is ``tanh(beta x)``."""
    for x0, beta in ((0.5, 1.0), (0.3, 2.0), (-0.7, 0.5)):
        out = hopfield_update([x0], PM, beta=beta)
        assert out[0] == pytest.approx(math.tanh(beta * x0), rel=1e-14)


def test_default_max_iter_is_one_thousand_steps():
    """beta = 1 never converges in 1000 steps: the default runs exactly 1000."""
    default = hopfield_retrieve([0.5], PM, beta=1.0)
    assert default[0] == hopfield_retrieve([0.5], PM, beta=1.0, max_iter=1000)[0]
    assert default[0] != hopfield_retrieve([0.5], PM, beta=1.0, max_iter=999)[0]
    assert default[0] != hopfield_retrieve([0.5], PM, beta=1.0, max_iter=1001)[0]
    assert default[0] == pytest.approx(_tanh_iterates(0.5, 1.0, 1000), rel=1e-10)
    # the slow approach to 0: x_k ~ sqrt(3 / (2 k))
    assert default[0] == pytest.approx(math.sqrt(1.5 / 1000), rel=0.05)


def test_default_tol_reaches_the_fixed_point():
    """beta = 2: the default tol (1e-12) stops at the root of x = tanh(2 x)."""
    root = brentq(lambda x: x - math.tanh(2.0 * x), 0.5, 1.0, xtol=1e-15)
    default = hopfield_retrieve([0.5], PM, beta=2.0)
    assert default[0] == pytest.approx(root, abs=1e-11)
    assert default[0] == hopfield_retrieve([0.5], PM, beta=2.0, tol=1e-12)[0]
    # a coarser tol stops earlier, elsewhere
    assert abs(hopfield_retrieve([0.5], PM, beta=2.0, tol=1e-3)[0] - root) > 1e-6


def test_step_equal_to_tol_stops():
    """The rule is ``|step| <= tol``: a first step of exactly tol returns it."""
    first = hopfield_update([0.5], PM, beta=2.0)
    tol = float(np.linalg.norm(first - np.array([0.5])))
    out = hopfield_retrieve([0.5], PM, beta=2.0, tol=tol)
    assert out[0] == first[0]
    # a hair below: one more step
    below = hopfield_retrieve([0.5], PM, beta=2.0, tol=math.nextafter(tol, 0.0))
    assert below[0] != first[0]


def test_unconverged_retrieval_returns_the_last_state():
    """max_iter = 1 returns exactly one update; 2 returns two."""
    one = hopfield_retrieve([0.5], PM, beta=1.0, max_iter=1)
    assert one[0] == hopfield_update([0.5], PM, beta=1.0)[0]
    two = hopfield_retrieve([0.5], PM, beta=1.0, max_iter=2)
    assert two[0] == hopfield_update(one, PM, beta=1.0)[0]


def test_tol_zero_and_positive_are_allowed_negative_is_not():
    out = hopfield_retrieve([0.9, 0.1], [[1.0, 0.0], [0.0, 1.0]], beta=50.0, tol=0.0)
    np.testing.assert_allclose(out, [1.0, 0.0], atol=1e-12)
    big = hopfield_retrieve([0.5], PM, beta=2.0, tol=0.5)
    assert big[0] == hopfield_update([0.5], PM, beta=2.0)[0]  # step 0.26 <= 0.5
    with pytest.raises(ValueError, match=r"tol must be in \[0, "):
        hopfield_retrieve([0.5], PM, beta=2.0, tol=-0.5)


def test_retrieve_on_a_fixed_point_returns_it():
    """A state that is already fixed (0 for the symmetric pair) comes back unchanged."""
    out = hopfield_retrieve([0.0], PM, beta=3.0, tol=0.0)
    assert out.tolist() == [0.0]


# --- count_attractors -------------------------------------------------------------


def _pair_points(beta: float) -> tuple[np.ndarray, np.ndarray]:
    p = np.array([[1.0, 0.0], [-1.0, 0.0]])
    return hopfield_retrieve(p[0], p, beta=beta), hopfield_retrieve(p[1], p, beta=beta)


def test_fixed_points_exactly_resolution_apart_count_twice():
    """Merged only when closer than ``resolution``: at exactly that distance, two."""
    a, b = _pair_points(3.0)
    gap = float(np.linalg.norm(a - b))
    patterns = [[1.0, 0.0], [-1.0, 0.0]]
    assert count_attractors(patterns, beta=3.0, resolution=gap).count == 2
    assert (
        count_attractors(patterns, beta=3.0, resolution=math.nextafter(gap, 3.0)).count
        == 1
    )


def test_default_resolution_separates_close_attractors():
    """Eight circle patterns (neighbours 0.77 apart) stay eight with the default 1e-6."""
    angle = 2 * np.pi * np.arange(8) / 8
    patterns = np.column_stack([np.cos(angle), np.sin(angle)])
    beta = 30 / (1 - math.cos(2 * math.pi / 8))
    assert count_attractors(patterns, beta=beta).count == 8
    assert count_attractors(patterns, beta=beta, resolution=0.5).count == 8
    assert count_attractors(patterns, beta=beta, resolution=0.8).count < 8


def test_count_attractors_with_more_patterns_than_dimensions():
    """N = 3 patterns in d = 2 (the zero start state has length d, not N)."""
    patterns = [[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0]]
    result = count_attractors(patterns, beta=40.0)
    assert result.count == 3
    expected = max(
        hopfield_energy(
            hopfield_retrieve(row, patterns, beta=40.0), patterns, beta=40.0
        )
        for row in patterns
    )
    assert result.max_energy == pytest.approx(expected, rel=1e-12, abs=1e-15)


def test_count_attractors_with_fewer_patterns_than_dimensions():
    result = count_attractors([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], beta=40.0)
    assert result.count == 2


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"resolution": -0.5}, r"resolution must be in \(0, "),
        ({"resolution": 0.0}, r"resolution must be in \(0, "),
    ],
)
def test_count_attractors_resolution_checks(kwargs, match):
    with pytest.raises(ValueError, match=match):
        count_attractors([[1.0, 0.0], [-1.0, 0.0]], beta=3.0, **kwargs)


def test_count_attractors_refuses_three_d_patterns():
    with pytest.raises(ValueError, match="patterns must be a non-empty 2-d"):
        count_attractors(np.ones((2, 2, 2)), beta=1.0)


# --- beta and shapes --------------------------------------------------------------


@pytest.mark.parametrize("beta", [0.0, -0.5, math.inf])
def test_beta_out_of_range_is_named(beta):
    with pytest.raises(ValueError, match=r"beta must be in \(0, inf\)"):
        hopfield_energy([0.0], [[1.0]], beta=beta)


def test_small_beta_is_allowed():
    """beta = 0.5 (below 1) is a valid inverse temperature: E by hand."""
    e = hopfield_energy([1.0], [[1.0], [-1.0]], beta=0.5)
    by_hand = (
        -math.log(math.exp(0.5) + math.exp(-0.5)) / 0.5 + 0.5 + math.log(2) / 0.5 + 0.5
    )
    assert e == pytest.approx(by_hand, rel=1e-14)


@pytest.mark.parametrize(
    ("xi", "patterns"),
    [([1.0, 0.0], [[1.0, 0.0, 0.0]]), ([1.0, 0.0, 0.0], [[1.0, 0.0]])],
)
def test_mismatched_width_is_refused(xi, patterns):
    with pytest.raises(ValueError, match=r"patterns must have shape \(N, "):
        hopfield_update(xi, patterns, beta=1.0)


def test_matched_width_with_n_unequal_d():
    out = hopfield_update([1.0, 0.0, 0.0], [[1.0, 0.0, 0.0]], beta=1.0)
    assert out.tolist() == [1.0, 0.0, 0.0]


def test_patterns_must_be_two_d():
    with pytest.raises(ValueError, match="patterns must be a non-empty 2-d"):
        hopfield_update([1.0, 0.0], np.ones((1, 1, 2)), beta=1.0)


def test_energy_pieces_by_hand_with_unequal_norms():
    """E with patterns of unequal norms and an off-pattern state, term by term."""
    p = np.array([[2.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    xi = np.array([0.3, -0.4])
    beta = 1.7
    lse = math.log(sum(math.exp(beta * float(row @ xi)) for row in p)) / beta
    by_hand = -lse + 0.5 * float(xi @ xi) + math.log(3) / beta + 0.5 * 4.0
    assert hopfield_energy(xi, p, beta=beta) == pytest.approx(by_hand, rel=1e-14)


# --- capacity forms ----------------------------------------------------------------


def test_paper_bound_at_d1_and_default_constant():
    assert log_paper_capacity_bound(1) == 0.0
    assert log_paper_capacity_bound(4) == pytest.approx(3 * math.log(4), rel=1e-15)
    assert log_paper_capacity_bound(4, constant=0.5) == pytest.approx(
        math.log(0.5) + 3 * math.log(4), rel=1e-15
    )


@pytest.mark.parametrize("constant", [0.0, -0.5, math.inf])
def test_paper_bound_constant_checks(constant):
    with pytest.raises(ValueError, match=r"constant must be in \(0, inf\)"):
        log_paper_capacity_bound(3, constant=constant)


def test_paper_bound_d_checks():
    with pytest.raises(ValueError, match="d must be >= 1"):
        log_paper_capacity_bound(0)


def test_ramsauer_form_at_d2_and_allowed_edges():
    assert log_ramsauer_capacity_form(2, c=4.0, p=0.5) == pytest.approx(
        0.5 * math.log(0.5) + math.log(4.0) / 4, rel=1e-15
    )
    assert log_ramsauer_capacity_form(3, c=1.5, p=0.25) == pytest.approx(
        0.5 * math.log(0.25) + 2 * math.log(1.5) / 4, rel=1e-15
    )


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"d": 1, "c": 2.0, "p": 0.5}, "d must be >= 2"),
        ({"d": 3, "c": 1.0, "p": 0.5}, r"c must be in \(1, inf\)"),
        ({"d": 3, "c": 0.5, "p": 0.5}, r"c must be in \(1, inf\)"),
        ({"d": 3, "c": math.inf, "p": 0.5}, r"c must be in \(1, inf\)"),
        ({"d": 3, "c": 2.0, "p": 0.0}, r"p must be in \(0, 1\)"),
        ({"d": 3, "c": 2.0, "p": -0.5}, r"p must be in \(0, 1\)"),
        ({"d": 3, "c": 2.0, "p": 1.0}, r"p must be in \(0, 1\)"),
        ({"d": 3, "c": 2.0, "p": 1.5}, r"p must be in \(0, 1\)"),
    ],
)
def test_ramsauer_form_checks(kwargs, match):
    d = kwargs.pop("d")
    with pytest.raises(ValueError, match=match):
        log_ramsauer_capacity_form(d, **kwargs)
