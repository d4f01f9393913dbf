"""``alpha=`` (kept for one release) warns and equals ``confidence_level=1 - alpha``.

Every public function of ``theory`` that took a significance level ``alpha=``
now takes ``confidence_level``; the old keyword emits ``DeprecationWarning``
and gives the old result bit for bit.
"""

import math

import pytest

from theory.decay import decay_power, expected_power, tasks_needed
from theory.inference import (
    friedman_nemenyi,
    power_two_proportions,
    sample_size_two_proportions,
)

SCORES = [[0.9, 0.5, 0.1], [0.8, 0.6, 0.2], [0.7, 0.4, 0.3], [0.9, 0.2, 0.1]] * 3

CALLS = [
    (lambda **kw: friedman_nemenyi(SCORES, **kw), 0.1),
    (lambda **kw: power_two_proportions(0.6, 0.4, 80, **kw), 0.01),
    (lambda **kw: sample_size_two_proportions(0.6, 0.4, **kw), 0.1),
    (lambda **kw: expected_power("power", [1, 2, 3], 60, s0=0.7, rho=0.67, **kw), 0.1),
    (lambda **kw: tasks_needed("geometric", [1, 2, 3], s0=0.7, rho=0.67, **kw), 0.01),
    (
        lambda **kw: decay_power(
            "geometric", [1, 2, 3], 40, s0=0.7, rho=0.67, n_sim=10, seed=1, **kw
        ),
        0.1,
    ),
]


@pytest.mark.parametrize(("call", "alpha"), CALLS)
def test_alpha_warns_and_equals_confidence_level(call, alpha):
    """``alpha=a`` warns and gives the result of ``confidence_level=1 - a``."""
    with pytest.warns(DeprecationWarning, match="alpha= is deprecated"):
        old = call(alpha=alpha)
    new = call(confidence_level=1 - alpha)
    assert new == old
    # a different level gives a different answer, so the keyword is not ignored
    assert call(confidence_level=0.8) != new


@pytest.mark.parametrize(("call", "alpha"), CALLS)
def test_alpha_and_confidence_level_together_is_a_type_error(call, alpha):
    """Passing both names is ambiguous and refused."""
    with pytest.raises(TypeError, match="not both"):
        call(confidence_level=0.9, alpha=alpha)


def test_default_level_keeps_the_old_default_significance():
    """The default 0.95 gives alpha = 0.05 exactly (decimal), as the old default did."""
    r = friedman_nemenyi(SCORES)
    assert r.alpha == 0.05
    assert math.isclose(r.confidence_level, 0.95)
    assert expected_power("power", [1, 2, 3], 60, s0=0.7, rho=0.67).alpha == 0.05
