"""fold and reduce_tree refuse bad arguments with their own messages."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

from algebra import Context, fold, reduce_tree


@pytest.mark.parametrize("reduce", [fold, reduce_tree])
@pytest.mark.parametrize("identity", [5, "e", (None, 0, 0)])
def test_an_empty_fold_refuses_an_identity_that_is_no_context(reduce, identity):
    """The identity is checked even when it is the answer (no block to compare)."""
    with pytest.raises(
        TypeError, match=r"identity must be a Context or CommittedContext, got "
    ):
        reduce([], identity=identity)


@pytest.mark.parametrize("reduce", [fold, reduce_tree])
@pytest.mark.parametrize("contexts", ["abc", b"abc", 5, None, Context(1, 0, 0)])
def test_contexts_must_be_an_iterable_other_than_text(reduce, contexts):
    """Strings and bytes are iterable but no sequence of contexts; numbers are neither."""
    with pytest.raises(
        TypeError, match=r"contexts must be an iterable of contexts, got "
    ):
        reduce(contexts)


@pytest.mark.parametrize("executor", [object(), 2, "pool"])
def test_reduce_tree_refuses_an_executor_that_is_no_executor(executor: Any):
    """With valid chunks, a non-Executor is named in a TypeError of its own."""
    with pytest.raises(
        TypeError, match=r"executor must be a concurrent.futures.Executor or None"
    ):
        reduce_tree([Context(1, 0, 0), Context(2, 1, 0)], executor=executor, chunks=2)


def test_reduce_tree_with_an_executor_and_default_chunks():
    """The default number of runs folds on the executor to the same value."""
    blocks = [Context(i % 5, 1, 0) for i in range(50)]
    with ThreadPoolExecutor(2) as pool:
        assert reduce_tree(blocks, executor=pool) == fold(blocks)


# --- reduce_arrays: keys float64 would not hold exactly, and non-keys ---------
# (h-newuser6: [2**64, 2**64 + 1] tied after conversion to float64 and the
# first block won: d_pre 0 where fold gives 8.)

_T2, _P2 = [5, 7], [0, 3]


@pytest.mark.parametrize(
    ("w", "match"),
    [
        ([2**64, 2**64 + 1], r"w\[0\] = 18446744073709551616 is an integer key beyond"),
        ([1.5, 2**53 + 1], r"w\[1\] = 9007199254740993 is an integer key beyond"),
        ([1.5, -(2**60) - 1], r"w\[1\] = -1152921504606846977 is an integer key"),
        ("longdouble", r"w\[1\] = .* is a float(128|96) key that float64 cannot hold"),
    ],
)
def test_reduce_arrays_refuses_keys_that_would_tie_in_float64(w, match):
    """Integers beyond 2**53 in a list or object array, and long doubles, tie in float64."""
    from algebra import reduce_arrays

    if w == "longdouble":
        if np.finfo(np.longdouble).nmant <= 52:
            pytest.skip("long double is float64 on this platform")
        w = np.array([1.0, 2.0**60], dtype=np.longdouble) + np.longdouble(1)
    with pytest.raises(ValueError, match=match):
        reduce_arrays(w, np.array(_T2), np.array(_P2))


@pytest.mark.parametrize(
    ("w", "match"),
    [
        ([1 + 2j, 3], r"w must hold real numbers \(float keys\), got dtype complex128"),
        (["a", "b"], r"w must hold real numbers \(float keys\), got dtype <U1"),
        ([True, False], r"w must hold real numbers \(float keys\), got dtype bool"),
        ([1.0, None], r"w\[1\] is None; mark a block with no pivot by -inf"),
        ([1.0, "x", 2**60], r"w must hold real numbers|w\[1\] must be a real number"),
        ([2.0, True, 2**60], r"w\[1\] must be a real number, got True of type bool"),
    ],
)
def test_reduce_arrays_refuses_keys_that_are_no_real_numbers(w, match):
    """Complex, text, bool and None keys are a TypeError naming w (complex lost its
    imaginary part, None read as NaN)."""
    from algebra import reduce_arrays

    with pytest.raises(TypeError, match=match):
        reduce_arrays(w, np.array(_T2), np.array(_P2))


@pytest.mark.parametrize("which", [0, 1, 2])
def test_reduce_arrays_refuses_masked_arrays(which):
    """A masked block would be read as if unmasked: refused, naming the argument."""
    from algebra import reduce_arrays

    args: list[Any] = [np.array([1.0, 2.0]), np.array(_T2), np.array(_P2)]
    args[which] = np.ma.array(args[which], mask=[False, True])
    name = ("w", "d_total", "d_pre")[which]
    with pytest.raises(TypeError, match=rf"^{name} is a masked array; "):
        reduce_arrays(*args)


@pytest.mark.parametrize(
    "w",
    [
        [1.5, 2**53, 3.0],
        [1.5, -(2**53), 3.0],
        [2**53, 2**53 - 1, 0.5],
        np.array([np.int64(3), 2.0, 1], dtype=object),
        np.array([1.0, 2.5, 0.25], dtype=np.longdouble),
    ],
)
def test_reduce_arrays_keeps_keys_float64_holds(w):
    """Up to 2**53, numpy integers in an object array, exact long doubles: folded."""
    from algebra import reduce_arrays

    t, p = [5, 4, 3], [0, 3, 0]
    expected = fold([Context(float(k), a, b) for k, a, b in zip(w, t, p, strict=True)])
    assert reduce_arrays(w, np.array(t), np.array(p)) == expected


@pytest.mark.parametrize("validate", [None, 0, 1, "yes", 1.0])
def test_reduce_arrays_validate_must_be_a_bool(validate):
    """validate=None once turned the checks off silently; now it names the argument."""
    from algebra import reduce_arrays

    args = (np.array([1.0, 2.0]), np.array(_T2), np.array([9, 0]))  # d_pre 9 > 5
    with pytest.raises(TypeError, match=r"^validate must be a bool, got "):
        reduce_arrays(*args, validate=validate)
    with pytest.raises(ValueError, match=r"d_pre\[0\] must satisfy"):
        reduce_arrays(*args, validate=np.True_)


def test_reduce_arrays_of_empty_lists_is_the_identity():
    """Empty lists (float64 once converted, no array) fold to IDENTITY."""
    from algebra import IDENTITY, reduce_arrays

    assert reduce_arrays([], [], []) is IDENTITY


@pytest.mark.parametrize(
    ("w", "match"),
    [
        (np.array([1.0, np.nan], dtype=np.longdouble), r"w must not contain NaN"),
        ([1.0, np.inf], r"^w\[1\] is \+inf; a pivot key must be finite \(-inf marks"),
        (np.array([np.inf, 1.0]), r"^w\[0\] is \+inf; a pivot key must be finite"),
    ],
)
def test_reduce_arrays_names_nan_and_a_plus_inf_pivot(w, match):
    """NaN in long doubles is NaN (not 'inexact'); +inf is named with its index."""
    from algebra import reduce_arrays

    with pytest.raises(ValueError, match=match):
        reduce_arrays(w, np.array(_T2), np.array([0, 0]))


def test_reduce_arrays_refuses_object_keys_float64_would_round():
    """A Fraction or a long double in an object array would round: refused."""
    from fractions import Fraction

    from algebra import reduce_arrays

    for key in (Fraction(1, 3), np.longdouble(1) + np.longdouble(2) ** -60):
        if isinstance(key, np.longdouble) and float(key) == key:
            continue  # long double is float64 on this platform
        w = np.array([0.5, key], dtype=object)
        with pytest.raises(
            ValueError, match=r"w\[1\] = .* float64 cannot hold exactly"
        ):
            reduce_arrays(w, np.array(_T2), np.array(_P2))
    w = np.array([0.5, Fraction(1, 4)], dtype=object)  # exact: folded
    assert reduce_arrays(w, np.array(_T2), np.array(_P2)) == Context(0.5, 12, 0)


@pytest.mark.parametrize("which", ["d_total", "d_pre"])
def test_reduce_arrays_refuses_timedelta_counts(which):
    """timedelta64 is an integer subtype in NumPy, but no count."""
    from algebra import reduce_arrays

    t, p = np.array(_T2), np.array(_P2)
    args = {"d_total": t, "d_pre": p}
    args[which] = args[which].astype("m8[s]")
    with pytest.raises(TypeError, match=rf"^{which} must have an integer dtype, got"):
        reduce_arrays(np.array([1.0, 2.0]), args["d_total"], args["d_pre"])
