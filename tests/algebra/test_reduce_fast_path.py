"""reduce_arrays' vectorised fast path against the exact path it replaced (issue 30).

``_previous`` below is the body of ``reduce_arrays`` before issue 30, frozen:
one check per carrier rule, int64 sums unless ``max(d_total)`` could overflow
them. The fast path must give the same Context, or raise the same error with
the same message, on every input: ties (first maximum wins), ``-inf`` keys,
``+inf`` keys, ``-0.0`` against ``0.0``, lengths 0 and 1, every signed and
unsigned integer dtype, byte-swapped arrays, negative counts, ``d_pre`` over
``d_total``, a stray ``d_pre`` on a block with no pivot, and totals near the
int64 overflow bound, with ``validate`` on and off.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from algebra import IDENTITY, Context, fold, reduce_arrays

_INT64_MAX = np.iinfo(np.int64).max


def _previous(w: Any, d_total: Any, d_pre: Any, *, validate: bool = True) -> Context:
    """reduce_arrays before issue 30, for inputs that pass its shape/dtype checks."""
    keys = np.asarray(w, dtype=np.float64)
    totals = np.asarray(d_total)
    pres = np.asarray(d_pre)
    n = keys.shape[0]
    if n == 0:
        return IDENTITY
    i = int(np.argmax(keys))
    top = float(keys[i])
    if top != top:
        msg = f"w must not contain NaN, got NaN at index {i}"
        raise ValueError(msg)
    big = int(totals.max()) > _INT64_MAX // n
    if validate:
        if int(pres.min()) < 0:
            j = int(np.argmin(pres))
            msg = f"d_pre[{j}] must be >= 0, got {int(pres[j])}"
            raise ValueError(msg)
        bad = pres > totals
        if bad.any():
            j = int(np.argmax(bad))
            msg = (
                f"d_pre[{j}] must satisfy 0 <= d_pre <= d_total[{j}]={int(totals[j])}, "
                f"got {int(pres[j])}"
            )
            raise ValueError(msg)
        stray = (keys == -np.inf) & (pres != 0)
        if stray.any():
            j = int(np.argmax(stray))
            msg = (
                f"d_pre[{j}] must be 0 where w[{j}] is -inf (no pivot), "
                f"got {int(pres[j])}"
            )
            raise ValueError(msg)

    def exact(values: Any) -> int:
        if big:
            return sum(int(v) for v in values.tolist())
        return int(values.sum(dtype=np.int64))

    total = exact(totals)
    before = exact(totals[:i])
    if top == -np.inf:
        return Context(None, total, 0)
    return Context(top, total, before + int(pres[i]))


def _outcome(fn: Any, *args: Any, **kwargs: Any) -> tuple[str, Any]:
    try:
        got = fn(*args, **kwargs)
    except (ValueError, TypeError) as err:
        return (type(err).__name__, str(err))
    # -0.0 == 0.0, so compare the key's sign as well.
    sign = None if got.w is None else np.signbit(got.w)
    return ("ok", (got, sign))


_KEYS = st.sampled_from([-np.inf, -np.inf, -np.inf, -1.5, -0.0, 0.0, 1.0, 2.0, np.inf])
_DTYPES = st.sampled_from(
    ["<i8", "<i8", "<i8", "<i4", "<i2", "i1", ">i8", ">i4", "<u8", "<u4", "u1"]
)


@st.composite
def _blocks(draw: Any) -> tuple[Any, Any, Any, bool]:
    """Mostly valid blocks of a few hostile kinds; counts in one or two dtypes."""
    n = draw(st.integers(min_value=0, max_value=24))
    keys = [draw(_KEYS) for _ in range(n)]
    totals = [draw(st.integers(min_value=0, max_value=4)) for _ in range(n)]
    pres = [
        0 if k == -np.inf else draw(st.integers(min_value=0, max_value=t))
        for k, t in zip(keys, totals, strict=True)
    ]
    dtype = draw(_DTYPES)
    info = np.iinfo(np.dtype(dtype))
    if n:
        for _ in range(draw(st.integers(min_value=0, max_value=2))):
            j = draw(st.integers(min_value=0, max_value=n - 1))
            kind = draw(
                st.sampled_from(
                    ["neg_pre", "pre_over", "stray", "neg_total", "huge", "max"]
                )
            )
            if kind == "neg_pre" and info.min < 0:
                pres[j] = draw(st.integers(min_value=int(info.min), max_value=-1))
            elif kind == "pre_over":
                totals[j] = min(totals[j], int(info.max) - 1)
                pres[j] = totals[j] + 1
            elif kind == "stray":
                keys[j] = -np.inf
                totals[j] = max(totals[j], 1)
                pres[j] = draw(st.integers(min_value=1, max_value=totals[j]))
            elif kind == "neg_total" and info.min < 0:
                totals[j] = draw(st.integers(min_value=int(info.min), max_value=-1))
            elif kind == "huge":
                # Around the int64 overflow bound for this length (and the dtype's max).
                edge = min(_INT64_MAX // n, int(info.max))
                totals[j] = draw(
                    st.integers(min_value=max(edge - 2, 0), max_value=edge)
                )
                totals[j] = min(totals[j] + draw(st.integers(0, 1)), int(info.max))
            elif kind == "max":
                totals[j] = int(info.max)
    other = draw(st.sampled_from([dtype, dtype, dtype, "<i8", "<i4"]))
    validate = draw(st.booleans())
    w = np.array(keys, dtype=np.float64)
    t = np.array(totals, dtype=dtype)
    p = np.array(
        pres,
        dtype=other
        if all(
            np.iinfo(np.dtype(other)).min <= v <= np.iinfo(np.dtype(other)).max
            for v in pres
        )
        else dtype,
    )
    return w, t, p, validate


@given(_blocks())
def test_fast_path_agrees_with_the_previous_reduction(blocks):
    """Same Context (key sign included) or the same error message, on every input."""
    w, t, p, validate = blocks
    assert _outcome(reduce_arrays, w, t, p, validate=validate) == _outcome(
        _previous, w, t, p, validate=validate
    )


@given(_blocks())
def test_fast_path_agrees_with_fold_on_valid_blocks(blocks):
    """Where the blocks are valid, reduce_arrays is the fold of the contexts."""
    w, t, p, _ = blocks
    try:
        _previous(w, t, p)
    except ValueError:
        return
    if (w == np.inf).any():
        return
    contexts = [
        Context(None if k == -np.inf else float(k), int(a), int(b))
        for k, a, b in zip(w.tolist(), t.tolist(), p.tolist(), strict=True)
    ]
    assert reduce_arrays(w, t, p) == fold(contexts)


@pytest.mark.parametrize(
    ("w", "t", "p", "expected"),
    [
        ([], [], [], IDENTITY),
        ([-np.inf], [3], [0], Context(None, 3, 0)),
        ([5.0], [3], [3], Context(5.0, 3, 3)),
        ([-np.inf, -np.inf], [1, 2], [0, 0], Context(None, 3, 0)),
        ([1.0, 1.0, 1.0], [2, 2, 2], [1, 0, 2], Context(1.0, 6, 1)),
        ([-np.inf, 2.0, 2.0], [4, 1, 1], [0, 1, 0], Context(2.0, 6, 5)),
    ],
)
def test_fast_path_edge_cases(w, t, p, expected):
    """Length 0/1, only -inf keys, ties going left."""
    args = (np.array(w, float), np.array(t, np.int64), np.array(p, np.int64))
    assert reduce_arrays(*args) == expected == _previous(*args)


@pytest.mark.parametrize(
    ("t", "p", "w", "match"),
    [
        ([2, 2], [0, -1], [1.0, 2.0], r"d_pre\[1\] must be >= 0, got -1"),
        (
            [2, 2],
            [0, 3],
            [1.0, 2.0],
            r"d_pre\[1\] must satisfy .*d_total\[1\]=2, got 3",
        ),
        ([2, 2], [0, 1], [1.0, -np.inf], r"d_pre\[1\] must be 0 where w\[1\] is -inf"),
        ([-5, 2], [-6, 0], [1.0, 2.0], r"d_pre\[0\] must be >= 0, got -6"),
        (
            [-5, 2],
            [0, 0],
            [1.0, 2.0],
            r"d_pre\[0\] must satisfy .*d_total\[0\]=-5, got 0",
        ),
        (
            [np.iinfo(np.int64).min, 2],
            [np.iinfo(np.int64).min, 0],
            [1.0, 2.0],
            r"d_pre\[0\] must be >= 0",
        ),
    ],
)
def test_fast_path_hands_bad_blocks_to_the_exact_messages(t, p, w, match):
    """Each carrier rule the fast path refuses is reported by the exact checks."""
    args = (np.array(w, float), np.array(t, np.int64), np.array(p, np.int64))
    with pytest.raises(ValueError, match=match):
        reduce_arrays(*args)
    assert _outcome(reduce_arrays, *args) == _outcome(_previous, *args)


def test_a_plus_inf_pivot_is_refused_by_both_paths():
    """+inf is no pivot key (Context refuses it); both paths raise the same error."""
    args = (np.array([np.inf, 1.0]), np.array([1, 1]), np.array([0, 1]))
    kind, message = _outcome(reduce_arrays, *args)
    assert kind == "ValueError"
    assert "must be finite" in message
    assert (kind, message) == _outcome(_previous, *args)


def test_negative_totals_unvalidated_are_summed_as_before():
    """validate=False with negative totals takes the exact path, as it did."""
    t = np.array([-(2**62), -(2**62), -(2**62)], dtype=np.int64)
    p = np.zeros(3, dtype=np.int64)
    w = np.array([1.0, 3.0, 2.0])
    assert _outcome(reduce_arrays, w, t, p, validate=False) == _outcome(
        _previous, w, t, p, validate=False
    )


def test_strided_and_byte_swapped_arrays():
    """Non-contiguous views and big-endian counts give the same fold."""
    rng = np.random.default_rng(5)
    has = rng.random(400) < 0.4
    w = np.where(has, rng.integers(0, 5, 400).astype(float), -np.inf)
    t = rng.integers(0, 4, 400)
    p = np.where(has, rng.integers(0, 4, 400) % (t + 1), 0)
    expected = _previous(w[::3], t[::3], p[::3])
    assert reduce_arrays(w[::3], t[::3], p[::3]) == expected
    assert reduce_arrays(w[::3], t[::3].astype(">i8"), p[::3].astype(">i8")) == expected


@pytest.mark.parametrize("dtype", ["i1", "<i2", "<i4", "<i8", ">i4", ">i8"])
@pytest.mark.parametrize(
    ("w", "t", "p", "match"),
    [
        ([1.0, -np.inf], [2, 2], [0, 1], r"d_pre\[1\] must be 0 where w\[1\] is -inf"),
        ([1.0, 2.0], [-5, 2], [0, 0], r"d_pre\[0\] must satisfy .*d_total\[0\]=-5"),
        ([1.0, 2.0], [-5, 2], [3, 0], r"d_pre\[0\] must satisfy .*d_total\[0\]=-5"),
        ([1.0, 2.0], [2, 2], [-1, 0], r"d_pre\[0\] must be >= 0, got -1"),
        ([1.0, 2.0], [2, 2], [0, 3], r"d_pre\[1\] must satisfy .*d_total\[1\]=2"),
    ],
)
def test_every_dtype_reports_each_bad_block(dtype, w, t, p, match):
    """Small and byte-swapped count dtypes meet every carrier rule, d_pre = 1 included."""
    args = (np.array(w), np.array(t, dtype=dtype), np.array(p, dtype=dtype))
    with pytest.raises(ValueError, match=match):
        reduce_arrays(*args)


@pytest.mark.parametrize("dtype", [">i8", "<i8"])
def test_big_totals_are_exact_in_either_byte_order(dtype):
    """2**62 read with the wrong byte order would look small; the sum stays exact."""
    big = 2**62
    t = np.array([big, big, big], dtype=dtype)
    p = np.array([0, 0, 0], dtype=dtype)
    w = np.array([0.0, 1.0, 0.5])
    assert reduce_arrays(w, t, p) == Context(1.0, 3 * big, big)
    assert reduce_arrays(w, t, p, validate=False) == Context(1.0, 3 * big, big)


def test_valid_int64_blocks_skip_the_exact_checks(monkeypatch):
    """The fast path answers valid int64 input alone (the exact checks never run).

    Guards the speed-up itself: a fast path that handed every input with a
    ``-inf`` key or a tie to the exact path would still give right answers.
    """

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("the exact path ran")

    monkeypatch.setattr("algebra.reduce._validate_arrays", refuse)
    monkeypatch.setattr("algebra.reduce._exact_sum", refuse)
    rng = np.random.default_rng(11)
    has = rng.random(1000) < 0.3
    w = np.where(has, rng.integers(0, 3, 1000).astype(float), -np.inf)
    t = rng.integers(0, 5, 1000)
    p = np.where(has, t // 2, 0)
    assert reduce_arrays(w, t, p) == reduce_arrays(w, t, p, validate=False)
    assert reduce_arrays(w, t, p).d_total == int(t.sum())
    small = (w, t.astype(np.int16), p.astype(np.int16))
    assert reduce_arrays(*small) == reduce_arrays(w, t, p)


def test_the_overflow_bound_is_exact(monkeypatch):
    """n * max(d_total) <= 2**63 - 1 stays on int64; one more goes exact.

    With the pivot first, the int64 sum after it covers all n totals, so a
    bound one too lax would overflow there.
    """
    cap = _INT64_MAX // 2
    w = np.array([1.0, 0.5])
    over = np.array([cap + 1, cap + 1], dtype=np.int64)
    assert reduce_arrays(w, over, np.zeros(2, np.int64)) == Context(1.0, 2 * cap + 2, 0)

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("the exact path ran")

    monkeypatch.setattr("algebra.reduce._exact_sum", refuse)
    at = np.array([cap, cap], dtype=np.int64)
    assert reduce_arrays(w, at, np.array([cap, 0])) == Context(1.0, 2 * cap, cap)


@pytest.mark.parametrize(
    ("t_dtype", "p_dtype"),
    [("<u8", "<u8"), ("<u4", "<u4"), ("<i8", "<i4"), ("<u2", "<i8")],
)
def test_counts_the_fast_path_leaves_alone_fold_as_before(t_dtype, p_dtype):
    """Unsigned or mixed count dtypes take the exact path, with the same answers."""
    for w, t, p, expected in [
        ([-np.inf, -np.inf], [2, 3], [0, 0], Context(None, 5, 0)),
        ([-np.inf, 1.0, 1.0], [4, 1, 2], [0, 1, 0], Context(1.0, 7, 5)),
    ]:
        args = (np.array(w), np.array(t, t_dtype), np.array(p, p_dtype))
        assert reduce_arrays(*args) == expected == _previous(*args)
        assert reduce_arrays(*args, validate=False) == expected
