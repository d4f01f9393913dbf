"""fold and reduce_tree refuse bad arguments with their own messages."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

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
