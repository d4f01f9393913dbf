"""Hypothesis strategies for the context algebra, for users' own property tests.

Import this module explicitly (``from algebra import strategies``); it needs
the ``strategies`` or ``test`` extra (hypothesis). Every strategy builds values
valid by construction and shrinks towards ``IDENTITY`` or the empty timeline.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from algebra.context import CommittedContext, Context
from algebra.tropical import HypothesisSet, TropicalContext

__all__ = [
    "committed_contexts",
    "contexts",
    "hypothesis_sets",
    "keys",
    "timelines",
    "tropical_contexts",
]

_MAX_COUNT = 6


def keys() -> st.SearchStrategy[int]:
    """Draw small integer pivot keys, so that ties are frequent.

    Examples
    --------
    >>> from hypothesis import find
    >>> from algebra.strategies import keys
    >>> find(keys(), lambda key: key > 1)
    2
    """
    return st.integers(min_value=-3, max_value=3)


@st.composite
def contexts(
    draw: st.DrawFn,
    *,
    keys: st.SearchStrategy[Any] | None = None,
    max_count: int = _MAX_COUNT,
) -> Context:
    """Draw contexts in normal form; shrinks towards ``IDENTITY``.

    Parameters
    ----------
    keys : strategy, optional
        Strategy for pivot keys (default: integers in ``[-3, 3]``).
    max_count : int
        Largest ``d_total`` drawn.

    Examples
    --------
    >>> from hypothesis import find
    >>> from algebra.strategies import contexts
    >>> find(contexts(), lambda c: True)
    Context(w=None, d_total=0, d_pre=0)
    >>> find(contexts(), lambda c: c.d_pre >= 2)
    Context(w=0, d_total=2, d_pre=2)
    """
    key_strategy = _default_keys() if keys is None else keys
    d_total = draw(st.integers(min_value=0, max_value=max_count))
    if not draw(st.booleans()):
        return Context(None, d_total, 0)
    key = draw(key_strategy)
    d_pre = draw(st.integers(min_value=0, max_value=d_total))
    return Context(key, d_total, d_pre)


@st.composite
def committed_contexts(
    draw: st.DrawFn,
    *,
    keys: st.SearchStrategy[Any] | None = None,
    max_count: int = _MAX_COUNT,
) -> CommittedContext:
    """Draw committed contexts in normal form; shrinks towards ``COMMITTED_IDENTITY``.

    Examples
    --------
    >>> from hypothesis import find
    >>> from algebra.strategies import committed_contexts
    >>> find(committed_contexts(), lambda c: c.committed)
    CommittedContext(w=0, d_total=0, d_pre=0, committed=True)
    """
    base = draw(contexts(keys=keys, max_count=max_count))
    committed = base.w is not None and draw(st.booleans())
    return CommittedContext(base.w, base.d_total, base.d_pre, committed)


@st.composite
def timelines(
    draw: st.DrawFn,
    *,
    keys: st.SearchStrategy[Any] | None = None,
    max_size: int = 12,
) -> list[Any]:
    """Draw timelines for :func:`algebra.from_events`: lists of keys and ``None``.

    ``None`` is a development event; anything else is a candidate's key.
    Shrinks towards the empty timeline.

    Examples
    --------
    >>> from hypothesis import find
    >>> from algebra.strategies import timelines
    >>> find(timelines(), lambda events: len(events) >= 2)
    [None, None]
    """
    key_strategy = _default_keys() if keys is None else keys
    return draw(st.lists(st.one_of(st.none(), key_strategy), max_size=max_size))


@st.composite
def tropical_contexts(
    draw: st.DrawFn,
    *,
    k: int = 2,
    keys: st.SearchStrategy[Any] | None = None,
    max_count: int = 4,
) -> TropicalContext:
    """Draw tropical contexts with ``k + 1`` slots in normal form.

    Slots above ``d_total`` stay bottom; shrinks towards the identity
    (all bottom, ``d_total = 0``).

    Examples
    --------
    >>> from hypothesis import find
    >>> from algebra.strategies import tropical_contexts
    >>> find(tropical_contexts(k=1), lambda t: True)
    TropicalContext(slots=(None, None), d_total=0)
    >>> find(tropical_contexts(k=2), lambda t: t.feasible)
    TropicalContext(slots=(None, None, 0), d_total=2)
    """
    key_strategy = _default_keys() if keys is None else keys
    d_total = draw(st.integers(min_value=0, max_value=max_count))
    slots = tuple(
        draw(st.one_of(st.none(), key_strategy)) if x <= d_total else None
        for x in range(k + 1)
    )
    return TropicalContext(slots, d_total)


@st.composite
def hypothesis_sets(
    draw: st.DrawFn,
    *,
    k: int = 2,
    keys: st.SearchStrategy[Any] | None = None,
    max_count: int = 4,
) -> HypothesisSet:
    """Draw elements of the tropical context semiring, the zero included.

    Shrinks towards the zero (no hypothesis).

    Examples
    --------
    >>> from hypothesis import find
    >>> from algebra.strategies import hypothesis_sets
    >>> find(hypothesis_sets(k=1), lambda h: True)
    HypothesisSet(totals=frozenset(), slots=(None, None))
    """
    key_strategy = _default_keys() if keys is None else keys
    totals = draw(
        st.frozensets(st.integers(min_value=0, max_value=max_count), max_size=3)
    )
    top = max(totals, default=-1)
    slots = tuple(
        draw(st.one_of(st.none(), key_strategy)) if x <= top else None
        for x in range(k + 1)
    )
    return HypothesisSet(totals, slots)


def _default_keys() -> st.SearchStrategy[int]:
    return st.integers(min_value=-3, max_value=3)
