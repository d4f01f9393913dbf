"""theory.validation at its edges: exact messages, inclusive and open ends, caps (#31).

The shared validator is public now (other packages import it); these tests pin
what each check accepts at its boundary and the message it gives just past it.
"""

from __future__ import annotations

import inspect
import math
import warnings

import numpy as np
import pytest

from theory.errors import UserCallableError
from theory.validation import (
    MAX_RESAMPLES,
    MAX_SIZE,
    call_user,
    callable_name,
    check_choice,
    check_counts,
    check_int,
    check_level_or_alpha,
    check_pair,
    check_probability,
    check_real,
    check_real_array,
    check_sample,
    check_size,
    check_vector,
    wrap_user_error,
)


def test_the_caps():
    assert (MAX_SIZE, MAX_RESAMPLES) == (10**7, 10**6)


def test_int_ends_are_inclusive_and_the_message_gives_the_range():
    assert check_int(5, "n", maximum=5) == 5
    with pytest.raises(ValueError, match=r"^n must satisfy n <= 5, got 6$"):
        check_int(6, "n", maximum=5)
    with pytest.raises(ValueError, match=r"^n must satisfy 1 <= n <= 5, got 6$"):
        check_int(6, "n", minimum=1, maximum=5)


def test_a_size_is_at_least_zero_by_default():
    assert check_size(0, "n") == 0
    with pytest.raises(ValueError, match=r"^n must be >= 0, got -1$"):
        check_size(-1, "n")


def test_real_ranges_print_closed_and_open_ends():
    with pytest.raises(ValueError, match=r"^x must be in \[0, 1\], got 2$"):
        check_real(2, "x", low=0, high=1)
    with pytest.raises(ValueError, match=r"^x must be in \(-inf, inf\), got inf$"):
        check_real(math.inf, "x")
    assert check_probability(1, "q") == 1.0
    with pytest.raises(ValueError, match=r"^q must be in \[0, 1\], got 1.5$"):
        check_probability(1.5, "q")


def _api(confidence_level: float = 0.95, alpha: float | None = None):
    return check_level_or_alpha(confidence_level, alpha)


def test_alpha_alone_is_deprecated_and_points_at_the_callers_caller():
    frame = inspect.currentframe()
    assert frame is not None
    line = frame.f_lineno + 2  # the call of _api below
    with pytest.warns(DeprecationWarning, match="alpha= is deprecated") as caught:
        result = _api(alpha=0.1)
    assert result == (0.9, 0.1)
    assert caught[0].filename == __file__ and caught[0].lineno == line


def test_a_level_and_alpha_together_are_a_type_error():
    with pytest.raises(
        TypeError, match="pass confidence_level or the deprecated alpha"
    ):
        check_level_or_alpha(0.9, 0.1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check_level_or_alpha(0.9, None) == (0.9, 0.1)


def test_counts_allow_k_equal_n_and_check_their_names():
    assert check_counts(10, 10) == (10, 10)
    for names in ("kn", ("k",), ("k", 2), 3):
        with pytest.raises(TypeError, match=r"^names must be two str, got "):
            check_counts(1, 2, names=names)  # type: ignore[arg-type]


def test_choices_are_a_finite_iterable_of_at_most_ten_thousand():
    many = ["a", *(f"b{i}" for i in range(9_999))]
    assert check_choice("a", "m", many) == "a"  # exactly the cap, sized
    assert check_choice("a", "m", iter(many)) == "a"  # exactly the cap, an iterator
    with pytest.raises(
        ValueError, match=r"^choices must have at most 10000 items, got 10001$"
    ):
        check_choice("a", "m", [*many, "c"])
    with pytest.raises(
        ValueError, match=r"^choices must have at most 10000 items, got more$"
    ):
        check_choice("a", "m", iter([*many, "c"]))
    for bad in ("abc", 3):
        with pytest.raises(
            TypeError, match=r"^choices must be an iterable of str, got "
        ):
            check_choice("a", "m", bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["ab", b"ab", True, None, ["a"]])
def test_a_vector_of_something_else_is_a_type_error(bad):
    with pytest.raises(TypeError, match=r"^x must be an array of real numbers, got "):
        check_vector(bad, "x")


def test_vector_shape_finiteness_and_sign():
    with pytest.raises(
        ValueError, match=r"^x must be a non-empty 1-d array, got shape \(0,\)$"
    ):
        check_vector([], "x")
    with pytest.raises(
        ValueError, match=r"^x must be a non-empty 1-d array, got shape \(1, 2\)$"
    ):
        check_vector([[1.0, 2.0]], "x")
    with pytest.raises(ValueError, match=r"^x must be finite, got "):
        check_vector([1.0, math.nan], "x")
    assert check_vector([0.5], "p", positive=True).tolist() == [0.5]
    with pytest.raises(
        ValueError, match=r"^p must be > 0 in every entry, got min 0.0$"
    ):
        check_vector([0.5, 0.0], "p", positive=True)


def test_real_array_ends_and_the_first_offender():
    assert check_real_array([0.0, 1.0], "x", low=0, high=1).tolist() == [0.0, 1.0]
    with pytest.raises(ValueError, match=r"^x must be in \(0, 1\], got 0.0$"):
        check_real_array([0.0], "x", low=0, high=1, low_open=True)
    with pytest.raises(ValueError, match=r"^x must be in \[0, 1\), got 1.0$"):
        check_real_array([1.0], "x", low=0, high=1, high_open=True)
    with pytest.raises(ValueError, match=r"^x must be in \[0, 1\], got 2.0$"):
        check_real_array([0.5, 2.0, 3.0], "x", low=0, high=1)
    with pytest.raises(ValueError, match=r"^x must be in \(-inf, inf\), got inf$"):
        check_real_array([1.0, math.inf], "x")
    floats = np.array([0.25, 0.5])
    assert check_real_array(floats, "x", low=0, high=1) is floats  # no copy


def test_sample_types_shape_size_and_unit_range():
    with pytest.raises(TypeError, match=r"^x must be a sequence of numbers, got 'ab'$"):
        check_sample("ab", "x")  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=r"^x must be a sequence of numbers, got \['a'\]$"
    ):
        check_sample(["a"], "x")
    with pytest.raises(
        ValueError, match=r"^x must be 1-dimensional, got shape \(1, 1\)$"
    ):
        check_sample([[1.0]], "x")
    with pytest.raises(ValueError, match=r"^x must have at least 1 value\(s\), got 0$"):
        check_sample([], "x")
    with pytest.raises(
        ValueError, match=r"^x must not contain NaN \(first at index 1\)$"
    ):
        check_sample([1.0, math.nan], "x")
    with pytest.raises(ValueError, match=r"^x must be finite$"):
        check_sample([1.0, math.inf], "x")
    assert check_sample([0.0, 1.0], "x", unit=True).tolist() == [0.0, 1.0]
    with pytest.raises(ValueError, match=r"^x values must be in \[0, 1\], got 2.0$"):
        check_sample([0.5, 2.0, -1.0], "x", unit=True)
    with pytest.raises(ValueError, match=r"^x values must be in \[0, 1\], got -0.5$"):
        check_sample([-0.5], "x", unit=True)


def test_pair_names_each_sample_in_its_message():
    with pytest.raises(ValueError, match=r"^y must not contain NaN"):
        check_pair([1.0], [math.nan], ("x", "y"))
    with pytest.raises(ValueError, match=r"^y must have at least 1 value"):
        check_pair([1.0], [], ("x", "y"))


def test_callable_name_falls_back_to_the_name_then_the_type():
    assert callable_name(math) == "math"  # a module: __name__, no __qualname__
    assert callable_name(check_int) == "check_int"
    assert callable_name(3) == "int"


def _fails(x: float) -> float:
    return x / 0


def test_a_wrapped_error_passes_through_unchanged():
    with pytest.raises(UserCallableError) as first:
        call_user(_fails, "f", 1.0)
    assert isinstance(first.value.__cause__, ZeroDivisionError)

    def relay() -> None:
        raise first.value

    with pytest.raises(UserCallableError) as again:
        call_user(relay, "g")
    assert again.value is first.value
    assert isinstance(again.value.__cause__, ZeroDivisionError)
    assert wrap_user_error(first.value, relay, "g") is first.value


def test_an_entry_at_a_closed_end_never_hides_a_later_offender():
    """The first offender is re-checked as a scalar: an end value is not one."""
    with pytest.raises(ValueError, match=r"^x must be in \[0, 1\], got 2.0$"):
        check_real_array([0.0, 2.0], "x", low=0, high=1)
    with pytest.raises(ValueError, match=r"^x must be in \[0, 1\], got -1.0$"):
        check_real_array([1.0, -1.0], "x", low=0, high=1)
    with pytest.raises(ValueError, match=r"^x must be in \[0, inf\), got -1.0$"):
        check_real_array(np.array([math.inf, -1.0]), "x", low=0)
    with pytest.raises(ValueError, match=r"^x values must be in \[0, 1\], got 2.0$"):
        check_sample([0.0, 2.0], "x", unit=True)
