"""What the public hypothesis strategies of ``algebra.strategies`` promise (issue 33).

Ranges, sizes, validity of every draw and the shrinking target. The
shrinking target is the minimal example; a range is never crossed; an edge
of a range is checked by construction where the strategy takes the bound
(bounds that leave the edge the only value), a default bound through the
public signature. The helpers and why none of this depends on a random
draw: tests/strategy_search.py.
"""

from __future__ import annotations

from hypothesis import strategies as st

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
from tests.strategy_search import defaults, minimal, never, only


def test_defaults_are_the_signatures() -> None:
    assert defaults(contexts) == {"keys": None, "max_count": 6}
    assert defaults(committed_contexts) == {"keys": None, "max_count": 6}
    assert defaults(timelines) == {"keys": None, "max_size": 12}
    assert defaults(tropical_contexts) == {"k": 2, "keys": None, "max_count": 4}
    assert defaults(hypothesis_sets) == {"k": 2, "keys": None, "max_count": 4}


def test_keys_are_the_integers_minus_three_to_three() -> None:
    assert minimal(keys(), lambda k: True) == 0
    assert minimal(keys(), lambda k: k >= 3) == 3
    assert minimal(keys(), lambda k: k <= -3) == -3
    never(keys(), lambda k: not isinstance(k, int) or k > 3 or k < -3)


def test_contexts_shrink_to_the_identity_and_stay_in_range() -> None:
    assert minimal(contexts(), lambda c: True) == Context(None, 0, 0)
    assert minimal(contexts(), lambda c: c.w is not None) == Context(0, 0, 0)
    assert only(contexts(max_count=0).map(lambda c: c.d_total)) == 0
    assert minimal(contexts(), lambda c: c.w is not None and c.w >= 3) == Context(
        3, 0, 0
    )
    assert minimal(contexts(), lambda c: c.w is not None and c.w <= -3) == Context(
        -3, 0, 0
    )
    never(contexts(), lambda c: not isinstance(c, Context) or c.d_total > 6)
    never(contexts(), lambda c: c.w is not None and not -3 <= c.w <= 3)
    assert minimal(contexts(max_count=2), lambda c: c.d_pre >= 2) == Context(0, 2, 2)
    never(contexts(max_count=2), lambda c: c.d_total > 2)


def test_contexts_take_their_keys() -> None:
    assert minimal(contexts(keys=st.just("k")), lambda c: c.w is not None) == Context(
        "k", 0, 0
    )
    never(contexts(keys=st.just("k")), lambda c: c.w is not None and c.w != "k")


def test_committed_contexts() -> None:
    assert minimal(committed_contexts(), lambda c: True) == CommittedContext(
        None, 0, 0, False
    )
    assert minimal(committed_contexts(), lambda c: c.committed) == CommittedContext(
        0, 0, 0, True
    )
    assert minimal(committed_contexts(), lambda c: c.w is not None) == CommittedContext(
        0, 0, 0, False
    )
    never(committed_contexts(), lambda c: c.committed and c.w is None)
    never(
        committed_contexts(),
        lambda c: not isinstance(c, CommittedContext) or c.d_total > 6,
    )
    got = minimal(
        committed_contexts(keys=st.just("k"), max_count=1),
        lambda c: c.committed and c.d_total >= 1,
    )
    assert got == CommittedContext("k", 1, 0, True)
    never(committed_contexts(max_count=1), lambda c: c.d_total > 1)


def test_timelines() -> None:
    assert minimal(timelines(), lambda t: True) == []
    never(timelines(), lambda t: len(t) > 12)
    assert minimal(timelines(), lambda t: any(x is not None for x in t)) == [0]
    never(timelines(), lambda t: any(x is not None and not -3 <= x <= 3 for x in t))
    assert minimal(timelines(keys=st.just("k")), lambda t: any(t)) == ["k"]
    assert only(timelines(max_size=0)) == []
    never(timelines(max_size=3), lambda t: len(t) > 3)


def test_tropical_contexts() -> None:
    assert minimal(tropical_contexts(k=1), lambda t: True) == TropicalContext(
        (None, None), 0
    )
    assert minimal(tropical_contexts(), lambda t: True) == TropicalContext(
        (None, None, None), 0
    )
    never(tropical_contexts(), lambda t: len(t.slots) != 3)
    never(tropical_contexts(k=4), lambda t: len(t.slots) != 5)
    # a slot at x = d_total may hold a key, no slot above d_total does
    assert minimal(
        tropical_contexts(), lambda t: t.slots[0] is not None
    ) == TropicalContext((0, None, None), 0)
    assert minimal(tropical_contexts(), lambda t: t.slots[2] is not None).d_total == 2
    never(
        tropical_contexts(),
        lambda t: any(s is not None for s in t.slots[t.d_total + 1 :]),
    )
    assert only(tropical_contexts(max_count=0, k=0).map(lambda t: t.d_total)) == 0
    never(tropical_contexts(), lambda t: t.d_total > 4)
    never(tropical_contexts(max_count=1), lambda t: t.d_total > 1)
    never(
        tropical_contexts(),
        lambda t: any(s is not None and not -3 <= s <= 3 for s in t.slots),
    )
    got = minimal(
        tropical_contexts(keys=st.just("k"), k=0), lambda t: t.slots[0] is not None
    )
    assert got == TropicalContext(("k",), 0)


def test_hypothesis_sets() -> None:
    zero = HypothesisSet(frozenset(), (None, None, None))
    assert minimal(hypothesis_sets(), lambda h: True) == zero
    assert minimal(hypothesis_sets(k=1), lambda h: True) == HypothesisSet(
        frozenset(), (None, None)
    )
    never(hypothesis_sets(), lambda h: len(h.slots) != 3)
    never(hypothesis_sets(k=4), lambda h: len(h.slots) != 5)
    assert minimal(hypothesis_sets(), lambda h: len(h.totals) >= 3).totals == frozenset(
        {0, 1, 2}
    )
    never(hypothesis_sets(), lambda h: len(h.totals) > 3)
    assert minimal(hypothesis_sets(max_count=0), lambda h: h.totals).totals == {0}
    never(hypothesis_sets(), lambda h: any(x > 4 or x < 0 for x in h.totals))
    never(hypothesis_sets(max_count=2), lambda h: any(x > 2 for x in h.totals))
    # slots up to the largest total may hold keys; none above it, none for the zero
    never(
        hypothesis_sets(),
        lambda h: not h.totals and any(s is not None for s in h.slots),
    )
    got = minimal(hypothesis_sets(), lambda h: h.slots[0] is not None)
    assert got.totals == frozenset({0}) and got.slots == (0, None, None)
    assert minimal(hypothesis_sets(), lambda h: h.slots[2] is not None).slots[2] == 0
    never(
        hypothesis_sets(),
        lambda h: any(s is not None for s in h.slots[max(h.totals, default=-1) + 1 :]),
    )
    never(
        hypothesis_sets(),
        lambda h: any(s is not None and not -3 <= s <= 3 for s in h.slots),
    )
    got = minimal(
        hypothesis_sets(keys=st.just("k"), k=0), lambda h: h.slots[0] is not None
    )
    assert got.slots == ("k",)
