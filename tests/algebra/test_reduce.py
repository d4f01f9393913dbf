"""fold, reduce_tree, reduce_arrays and from_events agree (VM-SYS)."""

import itertools
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from algebra import (
    COMMITTED_IDENTITY,
    IDENTITY,
    CommittedContext,
    Context,
    fold,
    from_events,
    reduce_arrays,
    reduce_tree,
    tree_depth,
)
from algebra.strategies import committed_contexts, contexts, timelines


def _brute(events):
    """Direct definition: pivot = first maximum key, d_pre = developments before it."""
    keys = [(e, i) for i, e in enumerate(events) if e is not None]
    d_total = sum(e is None for e in events)
    if not keys:
        return Context(None, d_total, 0)
    best = max(e for e, _ in keys)
    first = min(i for e, i in keys if e == best)
    return Context(best, d_total, sum(e is None for e in events[:first]))


def _singles(events):
    return [
        Context.development() if e is None else Context.candidate(e) for e in events
    ]


def test_exhaustive_small_timelines_agree_with_brute_force():
    """Every timeline of <= 6 events over {dev, 0, 1, 2}: fold == tree == direct == brute."""
    for n in range(7):
        for events in itertools.product((None, 0, 1, 2), repeat=n):
            expected = _brute(events)
            singles = _singles(events)
            assert from_events(events) == expected
            assert fold(singles) == expected
            assert reduce_tree(singles) == expected


@given(timelines())
def test_vm_sys_reductions_agree(events):
    """All reductions and the direct definition agree on generated timelines."""
    singles = _singles(events)
    expected = _brute(events)
    assert fold(singles) == reduce_tree(singles) == from_events(events) == expected
    arrays = reduce_arrays(
        np.array([-np.inf if e is None else float(e) for e in events], dtype=float),
        np.array([c.d_total for c in singles], dtype=np.int64),
        np.array([c.d_pre for c in singles], dtype=np.int64),
    )
    assert arrays == Context(
        None if expected.w is None else float(expected.w),
        expected.d_total,
        expected.d_pre,
    )


@given(st.lists(contexts(), max_size=20))
def test_vm_sys_reduce_arrays_on_blocks(blocks):
    """reduce_arrays over block contexts equals fold."""
    expected = fold(blocks)
    got = reduce_arrays(
        np.array([-np.inf if c.w is None else float(c.w) for c in blocks], dtype=float),
        np.array([c.d_total for c in blocks], dtype=np.int64),
        np.array([c.d_pre for c in blocks], dtype=np.int64),
    )
    assert got == Context(
        None if expected.w is None else float(expected.w),
        expected.d_total,
        expected.d_pre,
    )


@given(st.lists(committed_contexts(), max_size=20))
def test_committed_fold_equals_tree(blocks):
    """Committed contexts reduce by either bracketing to one value."""
    assert fold(blocks, identity=COMMITTED_IDENTITY) == reduce_tree(
        blocks, identity=COMMITTED_IDENTITY
    )


@given(st.lists(contexts(), max_size=40), st.integers(min_value=1, max_value=7))
def test_reduce_tree_over_executor(blocks, chunks):
    """Folding chunks on an executor and combining gives the fold."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert reduce_tree(blocks, executor=pool, chunks=chunks) == fold(blocks)


def test_reduce_tree_process_pool():
    """A real process pool gives the same answer (contexts pickle)."""
    from concurrent.futures import ProcessPoolExecutor

    rng = np.random.default_rng(7)
    blocks = [
        Context(int(w), 3, int(p))
        for w, p in zip(rng.integers(0, 50, 500), rng.integers(0, 4, 500), strict=True)
    ]
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert reduce_tree(blocks, executor=pool) == fold(blocks)


def test_empty_inputs_give_identity():
    """Empty inputs reduce to the identity of the product."""
    assert fold([]) == reduce_tree([]) == IDENTITY
    assert fold([], identity=COMMITTED_IDENTITY) == COMMITTED_IDENTITY
    empty_i = np.array([], dtype=np.int64)
    assert reduce_arrays(np.array([]), empty_i, empty_i) == IDENTITY


def test_tree_depth_is_ceil_log2():
    """tree_depth(n) = ceil(log2 n), the number of rounds of the balanced reduction."""
    import math

    for n in range(1, 2000):
        assert tree_depth(n) == math.ceil(math.log2(n))


def test_reduce_arrays_exact_beyond_int64():
    """Sums that would overflow int64 fall back to exact Python integers."""
    big = np.iinfo(np.int64).max // 2 + 1
    totals = np.array([big, big, big], dtype=np.int64)
    pres = np.array([0, 5, 0], dtype=np.int64)
    out = reduce_arrays(np.array([1.0, 2.0, 0.5]), totals, pres)
    assert out == Context(2.0, 3 * big, big + 5)


def test_reduce_arrays_accepts_python_lists_and_ties_go_left():
    """First maximum wins, as in compose_endo."""
    assert reduce_arrays([2.0, 2.0], [1, 3], [1, 2]) == Context(2.0, 4, 1)


def test_mixed_types_rejected():
    """fold refuses to mix Context and CommittedContext."""
    with pytest.raises(TypeError, match=r"contexts\[1\] is a CommittedContext"):
        fold([Context(1, 0, 0), CommittedContext(1, 0, 0, True)])
