"""What the public hypothesis strategies of ``algebra.strategies`` promise (issue 33).

Ranges, sizes, validity of every draw and the shrinking target, each checked
with ``hypothesis.find`` under explicit derandomized settings: ``find``
either returns the minimal example satisfying a condition (a reachable edge,
or the shrinking target) or raises ``NoSuchExample`` (an edge that must not
be crossed). No test depends on a random draw.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from algebra import CommittedContext, Context
from algebra.strategies import (
    committed_contexts,
    contexts,
    hypothesis_sets,
    keys,
    timelines,
    tropical_contexts,
)
from algebra.tropical import HypothesisSet, TropicalContext

SETTINGS = settings(
    derandomize=True,
    database=None,
    max_examples=100,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def _find(strategy: st.SearchStrategy[Any], condition: Any) -> Any:
    """The minimal example meeting ``condition``.

    An edge of the strategy (a maximum size, say) may not be reached in 100
    derandomized examples: the draw depends on the process's hypothesis
    state, so under xdist a 100-example search missed an edge once. The
    search widens to 2,000 and 20,000 examples before it gives up; the
    minimal example found does not depend on how many were drawn.
    """
    for n in (100, 2_000, 20_000):
        try:
            return find(
                strategy, condition, settings=settings(SETTINGS, max_examples=n)
            )
        except NoSuchExample:
            if n == 20_000:
                raise
    raise AssertionError  # unreachable


def _never(strategy: st.SearchStrategy[Any], condition: Any) -> None:
    with pytest.raises(NoSuchExample):
        find(strategy, condition, settings=SETTINGS)


def test_keys_are_the_integers_minus_three_to_three() -> None:
    assert _find(keys(), lambda k: True) == 0
    assert _find(keys(), lambda k: k >= 3) == 3
    assert _find(keys(), lambda k: k <= -3) == -3
    _never(keys(), lambda k: not isinstance(k, int) or k > 3 or k < -3)


def test_contexts_shrink_to_the_identity_and_stay_in_range() -> None:
    assert _find(contexts(), lambda c: True) == Context(None, 0, 0)
    assert _find(contexts(), lambda c: c.w is not None) == Context(0, 0, 0)
    assert _find(contexts(), lambda c: c.d_total >= 6) == Context(None, 6, 0)
    assert _find(contexts(), lambda c: c.w is not None and c.w >= 3) == Context(3, 0, 0)
    assert _find(contexts(), lambda c: c.w is not None and c.w <= -3) == Context(
        -3, 0, 0
    )
    _never(contexts(), lambda c: not isinstance(c, Context) or c.d_total > 6)
    _never(contexts(), lambda c: c.w is not None and not -3 <= c.w <= 3)
    assert _find(contexts(max_count=2), lambda c: c.d_total >= 2).d_total == 2
    _never(contexts(max_count=2), lambda c: c.d_total > 2)


def test_contexts_take_their_keys() -> None:
    assert _find(contexts(keys=st.just("k")), lambda c: c.w is not None) == Context(
        "k", 0, 0
    )
    _never(contexts(keys=st.just("k")), lambda c: c.w is not None and c.w != "k")


def test_committed_contexts() -> None:
    assert _find(committed_contexts(), lambda c: True) == CommittedContext(
        None, 0, 0, False
    )
    assert _find(committed_contexts(), lambda c: c.committed) == CommittedContext(
        0, 0, 0, True
    )
    assert _find(committed_contexts(), lambda c: c.w is not None) == CommittedContext(
        0, 0, 0, False
    )
    _never(committed_contexts(), lambda c: c.committed and c.w is None)
    _never(
        committed_contexts(),
        lambda c: not isinstance(c, CommittedContext) or c.d_total > 6,
    )
    got = _find(
        committed_contexts(keys=st.just("k"), max_count=1),
        lambda c: c.committed and c.d_total >= 1,
    )
    assert got == CommittedContext("k", 1, 0, True)
    _never(committed_contexts(max_count=1), lambda c: c.d_total > 1)


def test_timelines() -> None:
    assert _find(timelines(), lambda t: True) == []
    _never(timelines(), lambda t: len(t) > 12)
    assert _find(timelines(), lambda t: any(x is not None for x in t)) == [0]
    _never(timelines(), lambda t: any(x is not None and not -3 <= x <= 3 for x in t))
    assert _find(timelines(keys=st.just("k")), lambda t: any(t)) == ["k"]
    assert _find(timelines(max_size=3), lambda t: len(t) >= 3) == [None] * 3
    _never(timelines(max_size=3), lambda t: len(t) > 3)


def test_tropical_contexts() -> None:
    assert _find(tropical_contexts(k=1), lambda t: True) == TropicalContext(
        (None, None), 0
    )
    assert _find(tropical_contexts(), lambda t: True) == TropicalContext(
        (None, None, None), 0
    )
    _never(tropical_contexts(), lambda t: len(t.slots) != 3)
    _never(tropical_contexts(k=4), lambda t: len(t.slots) != 5)
    # a slot at x = d_total may hold a key, no slot above d_total does
    assert _find(
        tropical_contexts(), lambda t: t.slots[0] is not None
    ) == TropicalContext((0, None, None), 0)
    assert _find(tropical_contexts(), lambda t: t.slots[2] is not None).d_total == 2
    _never(
        tropical_contexts(),
        lambda t: any(s is not None for s in t.slots[t.d_total + 1 :]),
    )
    assert _find(tropical_contexts(), lambda t: t.d_total >= 4).d_total == 4
    _never(tropical_contexts(), lambda t: t.d_total > 4)
    _never(tropical_contexts(max_count=1), lambda t: t.d_total > 1)
    _never(
        tropical_contexts(),
        lambda t: any(s is not None and not -3 <= s <= 3 for s in t.slots),
    )
    got = _find(
        tropical_contexts(keys=st.just("k"), k=0), lambda t: t.slots[0] is not None
    )
    assert got == TropicalContext(("k",), 0)


def test_hypothesis_sets() -> None:
    zero = HypothesisSet(frozenset(), (None, None, None))
    assert _find(hypothesis_sets(), lambda h: True) == zero
    assert _find(hypothesis_sets(k=1), lambda h: True) == HypothesisSet(
        frozenset(), (None, None)
    )
    _never(hypothesis_sets(), lambda h: len(h.slots) != 3)
    _never(hypothesis_sets(k=4), lambda h: len(h.slots) != 5)
    assert _find(hypothesis_sets(), lambda h: len(h.totals) >= 3).totals == frozenset(
        {0, 1, 2}
    )
    _never(hypothesis_sets(), lambda h: len(h.totals) > 3)
    assert 4 in _find(hypothesis_sets(), lambda h: 4 in h.totals).totals
    _never(hypothesis_sets(), lambda h: any(x > 4 or x < 0 for x in h.totals))
    _never(hypothesis_sets(max_count=2), lambda h: any(x > 2 for x in h.totals))
    # slots up to the largest total may hold keys; none above it, none for the zero
    _never(
        hypothesis_sets(),
        lambda h: not h.totals and any(s is not None for s in h.slots),
    )
    got = _find(hypothesis_sets(), lambda h: h.slots[0] is not None)
    assert got.totals == frozenset({0}) and got.slots == (0, None, None)
    assert _find(hypothesis_sets(), lambda h: h.slots[2] is not None).slots[2] == 0
    _never(
        hypothesis_sets(),
        lambda h: any(s is not None for s in h.slots[max(h.totals, default=-1) + 1 :]),
    )
    _never(
        hypothesis_sets(),
        lambda h: any(s is not None and not -3 <= s <= 3 for s in h.slots),
    )
    got = _find(
        hypothesis_sets(keys=st.just("k"), k=0), lambda h: h.slots[0] is not None
    )
    assert got.slots == ("k",)
