"""sample_size_two_proportions up to its cap n1 <= 1e15 (issue 33, mutants of _effect.py).

The bracket used to double from 2 and give up at the first power of two above
1e15's neighbour 2**49 = 5.6e14, so sizes in (5.6e14, 1e15] were refused as
"not reachable" although the power curve reaches them; statsmodels'
``NormalIndPower().solve_power`` finds them.
"""

import pytest
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import proportion_effectsize

from theory.inference import power_two_proportions, sample_size_two_proportions


def _statsmodels(p1, p2):
    return NormalIndPower().solve_power(
        proportion_effectsize(p1, p2), alpha=0.05, power=0.8, ratio=1.0
    )


@pytest.mark.parametrize("gap", [9e-8, 8e-8, 6.5e-8, 6.35e-8])
def test_sizes_up_to_the_cap_are_found(gap):
    n = sample_size_two_proportions(0.5, 0.5 + gap)
    assert n == pytest.approx(_statsmodels(0.5, 0.5 + gap), rel=1e-9)
    assert power_two_proportions(0.5, 0.5 + gap, n) == pytest.approx(0.8, abs=1e-9)


def test_a_size_above_the_cap_is_refused_naming_it():
    # needs n1 = 1.09e15 (statsmodels), above the cap
    assert _statsmodels(0.5, 0.5 + 6e-8) > 1e15
    with pytest.raises(ValueError, match=r"not reachable .* and n1 <= 1e\+15"):
        sample_size_two_proportions(0.5, 0.5 + 6e-8)


@pytest.mark.parametrize("n", [2.0, 4.0, 8.0])
def test_a_power_reached_at_a_doubling_point_gives_that_size_exactly(n):
    # the bracket doubles from 2 and stops at the first size whose power is
    # not below the target; there the root is the bracket's end, exact
    # (with an effective size n/2 computed exactly for ratio 1)
    target = power_two_proportions(0.9, 0.1, n)
    assert sample_size_two_proportions(0.9, 0.1, power=target) == n
