"""A printed bound beyond the float range is an error naming it, never OverflowError (h-shrink).

``recompute_interval(36, 164, "1", "1e309")`` reached ``math.ulp(float(1e309))``
in the slack of the comparison and raised OverflowError ("integer division
result too large for a float"); ``context-laws audit`` then exited 3 (a crash).
"""

from __future__ import annotations

import pytest

from theory.consistency import recompute_difference_interval, recompute_interval


@pytest.mark.parametrize(("low", "high"), [("1", "1e309"), ("1e308", "1e309")])
def test_an_interval_bound_beyond_floats_names_it(low: str, high: str) -> None:
    with pytest.raises(
        ValueError, match=r"^high: the recomputation exceeds the float range"
    ):
        recompute_interval(36, 164, low, high)


def test_a_difference_interval_bound_beyond_floats_names_it() -> None:
    with pytest.raises(
        ValueError, match=r"^high: the recomputation exceeds the float range"
    ):
        recompute_difference_interval(3, 10, 4, 10, "1", "1e309")


def test_a_bound_at_the_largest_float_is_compared() -> None:
    """1.7976931348623157e308 is a float: the interval is read and inconsistent."""
    result = recompute_interval(36, 164, "0.1", "1.7976931348623157e308")
    assert not result.consistent
