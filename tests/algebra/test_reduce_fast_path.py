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

import importlib.util
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from algebra import IDENTITY, Context, fold, reduce_arrays

_INT64_MAX = np.iinfo(np.int64).max

# Both engines of reduce_arrays meet every test of the fast path below that
# takes ``engine``; the compiled one only where numba (the fast extra, part of
# the test extra) is installed.
_HAS_NUMBA = importlib.util.find_spec("numba") is not None
ENGINES = [
    "numpy",
    pytest.param(
        "numba",
        marks=pytest.mark.skipif(not _HAS_NUMBA, reason="numba is not installed"),
    ),
]


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
    if top == np.inf:  # (h-newuser6: the message names the block and -inf)
        msg = (
            f"w[{i}] is +inf; a pivot key must be finite (-inf marks a block "
            "with no pivot)"
        )
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


def _refuse(monkeypatch: Any, message: str, *names: str) -> None:
    """Make each named function of algebra.reduce fail the test if it runs."""

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError(message)

    for name in names:
        monkeypatch.setattr(f"algebra.reduce.{name}", refuse)


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


@pytest.mark.parametrize("engine", ENGINES)
@given(_blocks())
def test_fast_path_agrees_with_the_previous_reduction(engine, blocks):
    """Same Context (key sign included) or the same error message, on every input."""
    w, t, p, validate = blocks
    got = _outcome(reduce_arrays, w, t, p, validate=validate, engine=engine)
    assert got == _outcome(_previous, w, t, p, validate=validate)


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
@pytest.mark.parametrize("engine", ENGINES)
def test_fast_path_edge_cases(w, t, p, expected, engine):
    """Length 0/1, only -inf keys, ties going left."""
    args = (np.array(w, float), np.array(t, np.int64), np.array(p, np.int64))
    assert reduce_arrays(*args, engine=engine) == expected == _previous(*args)


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
@pytest.mark.parametrize("engine", ENGINES)
def test_fast_path_hands_bad_blocks_to_the_exact_messages(t, p, w, match, engine):
    """Each carrier rule the fast path refuses is reported by the exact checks."""
    args = (np.array(w, float), np.array(t, np.int64), np.array(p, np.int64))
    with pytest.raises(ValueError, match=match):
        reduce_arrays(*args, engine=engine)
    assert _outcome(reduce_arrays, *args, engine=engine) == _outcome(_previous, *args)


def test_a_plus_inf_pivot_is_refused_by_both_paths():
    """+inf is no pivot key (Context refuses it); both paths raise the same error."""
    args = (np.array([np.inf, 1.0]), np.array([1, 1]), np.array([0, 1]))
    kind, message = _outcome(reduce_arrays, *args)
    assert kind == "ValueError"
    assert message == (
        "w[0] is +inf; a pivot key must be finite (-inf marks a block with no pivot)"
    )
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

    _refuse_exact(monkeypatch)
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
    _refuse(monkeypatch, "the exact path ran", "_exact_sum")
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


# --- The int64 entry (issue 30, second round) --------------------------------
#
# The entry (``_int64_fold`` in algebra/reduce.py) answers native float64/int64
# arrays before any conversion. It may decline (None: the general path runs), but whatever it returns must
# be what ``_previous`` returns, and on valid input inside the overflow bound
# it must answer (else the speed-up is gone while every result stays right).

_EDGE_KEYS = st.sampled_from(
    [
        -np.inf,
        -np.inf,
        -np.inf,
        -np.finfo(np.float64).max,
        -1.5,
        -0.0,
        0.0,
        5e-324,
        1.0,
        1.0,
        np.finfo(np.float64).max,
        np.inf,
        np.nan,
    ]
)
_I64 = np.iinfo(np.int64)


class _Declined(Exception):
    """Raised in place of the general path's first step."""


def _entry(
    w: Any, t: Any, p: Any, *, validate: bool, engine: str = "numpy"
) -> Context | None:
    """What the int64 entry alone returns: its Context, or None when it declines.

    The general path starts with ``_as_arrays``; replaced by a raise, only the
    entry's own answers (or errors) come out of ``reduce_arrays``.
    """
    with mock.patch("algebra.reduce._as_arrays", side_effect=_Declined):
        try:
            return reduce_arrays(w, t, p, validate=validate, engine=engine)
        except _Declined:
            return None


@st.composite
def _int64_blocks(draw: Any) -> tuple[Any, Any, Any, bool]:
    """float64 keys with edge values; int64 counts, mostly valid, with faults."""
    n = draw(st.integers(min_value=1, max_value=16))
    keys = [
        draw(_EDGE_KEYS) if draw(st.integers(0, 9)) == 0 else draw(_KEYS)
        for _ in range(n)
    ]
    totals = [draw(st.integers(min_value=0, max_value=4)) for _ in range(n)]
    pres = [
        0 if k == -np.inf else draw(st.sampled_from([0, t, draw(st.integers(0, t))]))
        for k, t in zip(keys, totals, strict=True)
    ]
    cap = _INT64_MAX // n
    for _ in range(draw(st.integers(min_value=0, max_value=2))):
        j = draw(st.integers(min_value=0, max_value=n - 1))
        kind = draw(
            st.sampled_from(
                ["neg_pre", "pre_over", "stray", "neg_total", "cap", "min", "max"]
            )
        )
        if kind == "neg_pre":
            pres[j] = draw(st.sampled_from([-1, int(_I64.min), -(2**52), -(2**62)]))
        elif kind == "pre_over":
            # (after "cap" a total may be near the int64 bound: stay inside it)
            step = draw(st.sampled_from([1, 2**52, 2**62]))
            pres[j] = min(totals[j] + step, int(_I64.max))
        elif kind == "stray":
            keys[j] = -np.inf
            totals[j] = max(totals[j], 1)
            pres[j] = draw(st.sampled_from([1, totals[j]]))
        elif kind == "neg_total":
            totals[j] = draw(st.sampled_from([-1, int(_I64.min), -(2**62)]))
        elif kind == "cap":
            # All totals at the bound (the sum just fits) or one above it.
            totals = [cap] * n
            totals[j] = cap + draw(st.integers(0, 1)) if cap < int(_I64.max) else cap
            pres = [
                0 if k == -np.inf else draw(st.sampled_from([0, t]))
                for k, t in zip(keys, totals, strict=True)
            ]
        elif kind == "min":
            totals[j] = int(_I64.min)
        else:
            totals[j] = int(_I64.max)
    w = np.array(keys, dtype=np.float64)
    return w, np.array(totals, np.int64), np.array(pres, np.int64), draw(st.booleans())


def _valid_within_bound(w: Any, t: Any, p: Any, validate: bool) -> bool:
    """Inputs the int64 entry must answer: no NaN, +inf never the pivot, sums fit."""
    if np.isnan(w).any() or np.max(w) == np.inf:
        return False
    if t.min() < 0 or t.max() > _INT64_MAX // len(t):
        return False
    if not validate:
        return True
    return bool(
        (p >= 0).all() and (p <= t).all() and not ((w == -np.inf) & (p != 0)).any()
    )


@pytest.mark.parametrize("engine", ENGINES)
@given(_int64_blocks())
def test_int64_entry_agrees_with_the_previous_reduction(engine, blocks):
    """Same Context or error as before; the entry itself answers right or declines."""
    w, t, p, validate = blocks
    before = _outcome(_previous, w, t, p, validate=validate)
    assert _outcome(reduce_arrays, w, t, p, validate=validate, engine=engine) == before
    try:
        declined = _entry(w, t, p, validate=validate, engine=engine) is None
    except ValueError:
        declined = False
    if declined:
        assert not _valid_within_bound(w, t, p, validate)
    else:
        assert _outcome(_entry, w, t, p, validate=validate, engine=engine) == before


@pytest.mark.parametrize("validate", [True, False])
@pytest.mark.parametrize(
    ("w", "t", "p"),
    [
        ([2.0], [0], [0]),
        ([-np.inf], [7], [0]),
        ([1.0, 1.0], [3, 3], [3, 0]),
        ([-np.inf, 0.5, 0.5, -np.inf], [1, 2, 2, 1], [0, 2, 1, 0]),
        ([-0.0, -1.5], [0, 4], [0, 4]),
        ([-np.finfo(np.float64).max], [2], [2]),
        ([5e-324, -np.inf, np.finfo(np.float64).max], [1, 1, 1], [1, 0, 1]),
    ],
)
@pytest.mark.parametrize("engine", ENGINES)
def test_int64_entry_answers_valid_input(w, t, p, validate, engine):
    """Valid native float64/int64 blocks are answered by the entry, as before."""
    args = (np.array(w, np.float64), np.array(t, np.int64), np.array(p, np.int64))
    got = _entry(*args, validate=validate, engine=engine)
    assert got is not None
    assert _outcome(_entry, *args, validate=validate, engine=engine) == _outcome(
        _previous, *args
    )


@pytest.mark.parametrize("n", [1, 2, 3, 7])
@pytest.mark.parametrize("engine", ENGINES)
def test_int64_entry_overflow_bound_is_exact(n, engine):
    """Totals summing to at most INT64_MAX are answered; one more is declined."""
    cap = _INT64_MAX // n
    w = np.array([1.0] + [0.5] * (n - 1))
    at = np.full(n, cap, np.int64)
    p = np.zeros(n, np.int64)
    p[0] = cap
    assert _entry(w, at, p, validate=True, engine=engine) == Context(1.0, n * cap, cap)
    assert _entry(w, at, p, validate=False, engine=engine) == Context(1.0, n * cap, cap)
    if cap < _INT64_MAX:
        over = at.copy()
        over[-1] = cap + 1
        assert _entry(w, over, p, validate=True, engine=engine) is None
        assert _entry(w, over, p, validate=False, engine=engine) is None
        got = reduce_arrays(w, over, p, engine=engine)
        assert got == Context(1.0, n * cap + 1, cap)


def _pickled(a: Any) -> Any:
    import pickle

    return pickle.loads(pickle.dumps(a))


_W = np.array([-np.inf, 2.0, 1.0])
_T = np.array([3, 1, 4], np.int64)
_P = np.array([0, 1, 2], np.int64)


@pytest.mark.parametrize(
    ("args", "answered"),
    [
        ((_W, _T, _P), True),
        (
            (_pickled(_W), _pickled(_T), _pickled(_P)),
            True,
        ),  # equal, not identical dtypes
        ((_W[::-1].copy(), _T[::-1].copy(), _P[::-1].copy()), True),
        ((_W.tolist(), _T, _P), False),
        ((_W, _T.tolist(), _P), False),
        ((_W, _T, _P.tolist()), False),
        ((np.ma.array(_W), _T, _P), False),
        ((_W, np.ma.array(_T), _P), False),
        ((_W, _T, np.ma.array(_P)), False),
        ((_W.astype(">f8"), _T, _P), False),
        ((_W.astype(np.float32), _T, _P), False),
        ((_W, _T.astype(">i8"), _P), False),
        ((_W, _T, _P.astype(">i8")), False),
        ((_W, _T.astype(np.int32), _P), False),
        ((_W, _T, _P.astype(np.int32)), False),
        ((np.array([3, 1, 2]), _T, _P), False),  # integer keys
        ((_W[:2], _T, _P), False),
        ((_W, _T[:2], _P), False),
        ((_W, _T, _P[:2]), False),
        ((_W.reshape(1, 3), _T.reshape(1, 3), _P.reshape(1, 3)), False),
        ((_W[:0], _T[:0], _P[:0]), False),
        ((np.array([np.nan, 1.0, 1.0]), _T, _P), False),
    ],
)
@pytest.mark.parametrize("engine", ENGINES)
def test_int64_entry_declines_other_input(args, answered, engine):
    """Other types, dtypes, byte orders, shapes, NaN and n = 0 go the general way."""
    got = _entry(*args, validate=True, engine=engine)
    assert (got is not None) == answered
    general = _outcome(reduce_arrays, *args)
    if answered:
        assert (
            "ok",
            (got, np.signbit(got.w) if got.w is not None else None),
        ) == general


def test_valid_int64_blocks_skip_the_general_path(monkeypatch):
    """Valid float64/int64 blocks never reach the conversions and checks."""
    _refuse(monkeypatch, "the general path ran", "_as_arrays")
    rng = np.random.default_rng(3)
    has = rng.random(500) < 0.3
    w = np.where(has, rng.random(500), -np.inf)
    t = rng.integers(0, 5, 500)
    p = np.where(has, t // 2, 0)
    expected = _previous(w, t, p)
    assert reduce_arrays(w, t, p) == expected
    assert reduce_arrays(w, t, p, validate=False) == expected


# --- The general path's vectorised sums, now behind the int64 entry ----------


def _refuse_exact(monkeypatch: Any) -> None:
    _refuse(monkeypatch, "the exact path ran", "_validate_arrays", "_exact_sum")


@pytest.mark.parametrize("validate", [True, False])
@pytest.mark.parametrize(
    "convert",
    [
        lambda w, t, p: (w.tolist(), t.tolist(), p.tolist()),  # int64 counts, list keys
        lambda w, t, p: (w.astype(np.float32), t, p),  # int64 counts, float32 keys
        lambda w, t, p: (w, t.astype(np.int32), p.astype(np.int32)),
        lambda w, t, p: (w, t.astype(np.int16), p.astype(np.int16)),
    ],
)
def test_general_path_sums_valid_blocks_without_the_exact_checks(
    monkeypatch, convert, validate
):
    """Input the int64 entry declines is still answered by _fast_sums alone."""
    rng = np.random.default_rng(8)
    has = rng.random(300) < 0.3
    w = np.where(has, rng.integers(0, 9, 300) / 8, -np.inf)
    t = rng.integers(0, 5, 300)
    p = np.where(has, t // 2, 0)
    expected = _previous(w, t, p)
    args = convert(w, t, p)
    _refuse_exact(monkeypatch)
    assert reduce_arrays(*args, validate=validate) == expected
    none = np.full(300, -np.inf)
    args = convert(none, t, np.zeros_like(p))
    assert reduce_arrays(*args, validate=validate) == Context(None, int(t.sum()), 0)


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32])
def test_general_path_takes_counts_at_their_dtype_maximum(monkeypatch, dtype):
    """A total at the dtype's maximum is summed in int64 without the exact path."""
    top = int(np.iinfo(dtype).max)
    w = np.array([-np.inf, 1.0, 0.5])
    t = np.array([top, top, 1], dtype)
    p = np.array([0, top, 0], dtype)
    _refuse_exact(monkeypatch)
    assert reduce_arrays(w, t, p) == Context(1.0, 2 * top + 1, 2 * top)
    assert reduce_arrays(w, t, p, validate=False) == Context(1.0, 2 * top + 1, 2 * top)
    none = np.array([-np.inf, -np.inf])
    pair = np.array([top, top], dtype)
    assert reduce_arrays(none, pair, np.zeros(2, dtype)) == Context(None, 2 * top, 0)


# --- The compiled engine (issue 30, third round) ------------------------------


def _faulted(w: Any, t: Any, p: Any, j: int, fault: str) -> tuple[Any, Any, Any]:
    """A copy of the blocks with one fault at block ``j``."""
    w, t, p = w.copy(), t.copy(), p.copy()
    if fault == "pre_over":
        p[j] = t[j] + 1
    elif fault == "stray":
        w[j], p[j] = -np.inf, 1
    elif fault == "neg_total":
        t[j] = -1
    elif fault == "neg_pre":
        p[j] = -1
    else:  # "over_cap": this total alone breaks the overflow bound
        t[j] = _INT64_MAX // len(t) + 1
    return w, t, p


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("pivot", ["random", "first", "last"])
@pytest.mark.parametrize("n", [1, 2, 7, 8, 9, 16, 17, 33, 64, 65, 130])
def test_entry_sums_and_checks_every_block(n, pivot, engine):
    """Every block, before, at and after the pivot, is summed and checked.

    Lengths around vector widths (a compiled loop has a vector body and a
    scalar tail); every total is at least 1, so a block skipped or counted
    twice changes the sums; a fault at each position in turn must be refused
    by the entry and reported by reduce_arrays as it was before.
    """
    rng = np.random.default_rng(n)
    w = np.where(rng.random(n) < 0.3, -np.inf, rng.random(n))
    if pivot != "random":
        w[0 if pivot == "first" else -1] = 2.0
    t = rng.integers(1, 5, n)
    p = np.where(w == -np.inf, 0, rng.integers(0, 5, n) % (t + 1))
    assert _entry(w, t, p, validate=True, engine=engine) == _previous(w, t, p)
    assert _entry(w, t, p, validate=False, engine=engine) == _previous(w, t, p)
    for j in range(n):
        for fault in ("pre_over", "stray", "neg_total", "neg_pre", "over_cap"):
            if fault == "over_cap" and n == 1:
                continue  # the bound is INT64_MAX itself
            bad = _faulted(w, t, p, j, fault)
            if fault == "stray" and np.all(bad[0] == -np.inf):
                continue  # no pivot left: a different rule, tested above
            assert _entry(*bad, validate=True, engine=engine) is None, (j, fault)
            assert _outcome(reduce_arrays, *bad, engine=engine) == _outcome(
                _previous, *bad
            )
            unchecked = _outcome(reduce_arrays, *bad, validate=False, engine=engine)
            assert unchecked == _outcome(_previous, *bad, validate=False)


@pytest.mark.parametrize("engine", ["Numba", "", "numpy ", None, 1, ("numba",)])
def test_engine_must_be_numpy_or_numba(engine):
    """Anything else is a ValueError that names the argument and both choices."""
    args = (np.array([1.0]), np.array([1]), np.array([0]))
    with pytest.raises(
        ValueError, match=r"engine must be one of 'numpy', 'numba', got"
    ):
        reduce_arrays(*args, engine=engine)


@pytest.mark.parametrize(
    "args",
    [
        (np.array([1.0]), np.array([1]), np.array([0])),
        ([1.0], [1], [0]),  # input the compiled entry would decline
        (np.array([]), np.array([], np.int64), np.array([], np.int64)),
    ],
)
def test_numba_engine_without_numba_is_an_import_error(monkeypatch, args):
    """Without numba, engine='numba' says what to install, whatever the input."""
    real = importlib.util.find_spec

    def find_spec(name: str, *rest: Any) -> Any:
        return None if name == "numba" else real(name, *rest)

    monkeypatch.setattr("importlib.util.find_spec", find_spec)
    with pytest.raises(ImportError, match=r"pip install 'context-laws\[fast\]'"):
        reduce_arrays(*args, engine="numba")
    assert reduce_arrays(*args) == reduce_arrays(*args, engine="numpy")


@pytest.mark.skipif(not _HAS_NUMBA, reason="numba is not installed")
def test_numba_engine_answers_valid_blocks_alone(monkeypatch):
    """Valid float64/int64 blocks are answered by the compiled pass alone.

    Guards the speed-up: an engine that handed its input to the NumPy entry
    or to the general path would give the same answers, only slower.
    """

    _refuse(monkeypatch, "the NumPy path ran", "_int64_fold", "_as_arrays")
    rng = np.random.default_rng(4)
    has = rng.random(5000) < 0.3
    w, t = np.where(has, rng.random(5000), -np.inf), rng.integers(0, 5, 5000)
    p = np.where(has, t // 2, 0)
    expected = _previous(w, t, p)
    assert reduce_arrays(w, t, p, engine="numba") == expected
    assert reduce_arrays(w, t, p, validate=False, engine="numba") == expected


def _njit_without_cache(monkeypatch: Any, message: str) -> None:
    """Make numba.njit(cache=True) raise RuntimeError(message), as numba does
    when it finds no writable cache location; then re-import the kernels."""
    import sys

    import numba

    real = numba.njit

    def njit(*args: Any, cache: bool = False, **kwargs: Any) -> Any:
        if cache:
            raise RuntimeError(message)
        return real(*args, cache=cache, **kwargs)

    monkeypatch.setattr("numba.njit", njit)
    monkeypatch.delitem(sys.modules, "algebra._kernels", raising=False)


@pytest.mark.skipif(not _HAS_NUMBA, reason="numba is not installed")
def test_numba_engine_compiles_per_process_without_a_writable_cache(monkeypatch):
    """No writable cache location (a read-only install and home): still answers."""
    _njit_without_cache(
        monkeypatch,
        "cannot cache function '_fold_counts_py': no locator available for file 'x'",
    )
    w, t, p = np.array([1.0, 3.0, -np.inf]), np.array([2, 1, 4]), np.array([1, 1, 0])
    assert reduce_arrays(w, t, p, engine="numba") == Context(3.0, 7, 3)


@pytest.mark.skipif(not _HAS_NUMBA, reason="numba is not installed")
def test_numba_engine_passes_on_other_compile_errors(monkeypatch):
    """Only numba's no-cache-location error is handled; any other is raised."""
    _njit_without_cache(monkeypatch, "some other failure")
    w, t, p = np.array([1.0]), np.array([2]), np.array([1])
    with pytest.raises(RuntimeError, match="some other failure"):
        reduce_arrays(w, t, p, engine="numba")
