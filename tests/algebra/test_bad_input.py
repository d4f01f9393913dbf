"""One table of bad calls for the algebra (STYLE.md §7)."""

import math

import numpy as np
import pytest

from algebra import (
    CommittedContext,
    Context,
    compose_commit,
    compose_endo,
    fold,
    from_events,
    is_absorbed,
    reduce_arrays,
    reduce_tree,
    satisfies_contract,
    tree_depth,
)

I = np.array([0], dtype=np.int64)

BAD_CALLS = [
    (
        lambda: Context(1, 2, 3),
        ValueError,
        r"d_pre must satisfy 0 <= d_pre <= d_total=2, got 3",
    ),
    (lambda: Context(1, -1, 0), ValueError, r"d_total must be >= 0, got -1"),
    (lambda: Context(1, 2, -1), ValueError, r"d_pre must be >= 0, got -1"),
    (
        lambda: Context(1, True, 0),
        TypeError,
        r"d_total must be an int, got True of type bool",
    ),
    (
        lambda: Context(1, 2.0, 0),
        TypeError,
        r"d_total must be an int, got 2.0 of type float",
    ),
    (lambda: Context(math.nan, 1, 0), ValueError, r"w must not be NaN"),
    (lambda: Context((1, math.nan), 1, 0), ValueError, r"w must not be NaN"),
    (lambda: Context(-math.inf, 2, 1), ValueError, r"w must be finite, got -inf"),
    (lambda: Context((1, math.inf), 0, 0), ValueError, r"w must be finite, got inf"),
    (lambda: from_events([math.inf]), ValueError, r"events\[0\] must be finite"),
    (
        lambda: reduce_arrays(
            np.array([2**53 + 1, 0]), np.array([1, 1]), np.array([0, 0])
        ),
        ValueError,
        r"w holds integer keys up to 9007199254740993, beyond 2\*\*53",
    ),
    (
        lambda: Context(True, 1, 0),
        TypeError,
        r"w must be a number, a string or a tuple, got bool",
    ),
    (lambda: Context([1], 1, 0), TypeError, r"w must be None, a real number"),
    (
        lambda: Context(None, 2, 1),
        ValueError,
        r"d_pre must be 0 when the block has no pivot \(w is None\), got 1",
    ),
    (lambda: Context.candidate(None), ValueError, r"key must not be None"),
    (
        lambda: CommittedContext(None, 0, 0, True),
        ValueError,
        r"committed must be False when the block has no pivot .*got True",
    ),
    (
        lambda: CommittedContext(1, 0, 0, 1),
        TypeError,
        r"committed must be a bool, got 1",
    ),
    (
        lambda: compose_endo(Context(1, 0, 0), Context((1, 2), 0, 0)),
        TypeError,
        r"pivot keys a.w=1 and b.w=\(1, 2\) are not comparable",
    ),
    (
        lambda: compose_endo(Context(1, 0, 0), CommittedContext(1, 0, 0, True)),
        TypeError,
        r"b must be a Context, got CommittedContext",
    ),
    (
        lambda: compose_commit(Context(1, 0, 0), Context(1, 0, 0)),
        TypeError,
        r"a must be a CommittedContext, got Context",
    ),
    (
        lambda: is_absorbed(Context(1, 0, 0), -1),
        ValueError,
        r"k must be >= 0, got -1",
    ),
    (
        lambda: is_absorbed(Context(1, 0, 0), True),
        TypeError,
        r"k must be an int, got True",
    ),
    (
        lambda: is_absorbed((1, 0, 0), 1),
        TypeError,
        r"ctx must be a Context or CommittedContext, got \(1, 0, 0\) of type tuple",
    ),
    (
        lambda: satisfies_contract(Context(1, 0, 0), Context(1, 0, 0), -2),
        ValueError,
        r"k must be >= 0, got -2",
    ),
    (
        lambda: satisfies_contract(Context(1, 0, 0), None, 1),
        TypeError,
        r"compressed must be a Context",
    ),
    (lambda: from_events([1, "a"]), TypeError, r"not comparable"),
    (lambda: from_events([math.nan]), ValueError, r"events\[0\] must not be NaN"),
    (
        lambda: fold([1, 2]),
        TypeError,
        r"contexts must hold Context or CommittedContext, got int",
    ),
    (
        lambda: fold([Context(1, 0, 0)], identity=CommittedContext(None, 0, 0, False)),
        TypeError,
        r"identity must be a Context",
    ),
    (
        lambda: reduce_tree([Context(1, 0, 0)], executor=object(), chunks=0),
        ValueError,
        r"chunks must be >= 1, got 0",
    ),
    (lambda: tree_depth(0), ValueError, r"n must be >= 1, got 0"),
    (
        lambda: reduce_arrays([np.nan], I, I),
        ValueError,
        r"w must not contain NaN, got NaN at index 0",
    ),
    (
        lambda: reduce_arrays([1.0], np.array([1.0]), I),
        TypeError,
        r"d_total must have an integer dtype, got float64",
    ),
    (
        lambda: reduce_arrays([1.0], np.array([True]), I),
        TypeError,
        r"d_total must have an integer dtype, got bool",
    ),
    (
        lambda: reduce_arrays([1.0, 2.0], I, I),
        ValueError,
        r"w, d_total and d_pre must have one shape",
    ),
    (
        lambda: reduce_arrays([[1.0]], I, I),
        ValueError,
        r"w must be one-dimensional, got shape \(1, 1\)",
    ),
    (
        lambda: reduce_arrays([1.0], np.array([1]), np.array([2])),
        ValueError,
        r"d_pre\[0\] must satisfy 0 <= d_pre <= d_total\[0\]=1, got 2",
    ),
    (
        lambda: reduce_arrays([1.0], np.array([1]), np.array([-1])),
        ValueError,
        r"d_pre\[0\] must be >= 0, got -1",
    ),
    (
        lambda: reduce_arrays([1.0, -np.inf], np.array([1, 1]), np.array([0, 1])),
        ValueError,
        r"d_pre\[1\] must be 0 where w\[1\] is -inf",
    ),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD_CALLS)
def test_bad_call_raises_clear_error(call, error, match):
    """Each bad call raises the named error with a message naming argument, value and rule."""
    with pytest.raises(error, match=match):
        call()
