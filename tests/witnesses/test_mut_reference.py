"""The reference solver against its straightforward oracle on a fixed corpus (issue 33).

``tests/witnesses/oracle_reference.py`` follows docs/guide/witnesses.md §4
line by line (one DP per candidate and ``n_pre``, no memo, no cut); the
package's reference solver must return the very same sequence (ids, phases,
score) on every input. The property tests draw 25 examples in the default
profile; this file walks a fixed, seeded corpus of small timelines built to
exercise the tie rules (weights and times on a coarse grid, so equal sums,
equal first times and equal gaps are common), finite gaps (the reach, the
hop counts), forced pivots, short length budgets and small pools, each
solved with the memos emptied (the cut searches) and again with them warm
(the memoised results and pre-pivot searches).
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from typing import Any

import pytest

from tests.witnesses.oracle_reference import case_key as _key
from tests.witnesses.oracle_reference import oracle_case as _oracle
from witnesses import Event, Grammar, Timeline, solve

_BLOCKS, _CASES = 8, 100
_MEMOS = (
    "witnesses._solve._reference._RESULTS.data",
    "witnesses._solve._reference._PRE_DP.data",
)


def _timeline(rng: random.Random, n: int, *, grid: int, focal_share: float) -> Timeline:
    ticks = sorted(rng.randrange(grid + 1) for _ in range(n))
    events: list[Event] = []
    for i, tick in enumerate(ticks):
        weight = rng.choice((0.5, 1.0, 1.0, 2.0, 3.0))
        actors = frozenset({"actor_0" if rng.random() < focal_share else "actor_1"})
        parents: tuple[str, ...] = ()
        if events and rng.random() < 0.5:
            parents = (events[rng.randrange(len(events))].id,)
        events.append(Event(f"e{i:02d}", tick / grid, weight, actors, parents))
    return Timeline(events)


def _grammar(rng: random.Random) -> Grammar:
    min_length = rng.choice((1, 2, 3, 4))
    return Grammar(
        min_prefix_elements=rng.choice((0, 1, 1, 2)),
        min_length=min_length,
        max_length=rng.choice((min_length, min_length + 1, min_length + 3, 8)),
        min_timespan_fraction=rng.choice((0.0, 0.0, 0.0, 0.3)),
        max_temporal_gap=rng.choice((math.inf, math.inf, 0.1, 0.2, 0.25, 0.4)),
        focal_actor_coverage=rng.choice((0.0, 0.0, 0.0, 0.5, 0.75)),
    )


def _case(seed: int) -> tuple[Timeline, dict[str, Any]]:
    rng = random.Random(seed)
    tl = _timeline(
        rng,
        rng.randrange(3, 15),
        grid=rng.choice((4, 8, 10, 20)),
        focal_share=rng.choice((0.5, 0.8, 1.0)),
    )
    kwargs: dict[str, Any] = {
        "grammar": _grammar(rng),
        "m": rng.choice((1, 2, 10)),
        "injection_top_n": rng.choice((1, 2, 40)),
        "max_sequence_length": rng.choice((2, 3, 5, 20)),
    }
    if rng.random() < 0.25:
        kwargs["pivot_ids"] = tuple(e.id for e in tl.events[rng.randrange(2) :: 2])
    return tl, kwargs


def _variant(rng: random.Random, grammar: Grammar) -> Grammar:
    """The grammar with one field changed (a memo keyed on too little would answer)."""
    field = rng.choice(
        (
            "min_prefix_elements",
            "min_length",
            "max_length",
            "min_timespan_fraction",
            "max_temporal_gap",
            "focal_actor_coverage",
        )
    )
    values = {
        "min_prefix_elements": (0, 1, 2),
        "min_length": (1, 2, 3),
        "max_length": (3, 4, 8),
        "min_timespan_fraction": (0.0, 0.2, 0.5),
        "max_temporal_gap": (math.inf, 0.15, 0.3),
        "focal_actor_coverage": (0.0, 0.4, 0.9),
    }[field]
    fields: dict[str, Any] = {
        "min_prefix_elements": grammar.min_prefix_elements,
        "min_length": grammar.min_length,
        "max_length": grammar.max_length,
        "min_timespan_fraction": grammar.min_timespan_fraction,
        "max_temporal_gap": grammar.max_temporal_gap,
        "focal_actor_coverage": grammar.focal_actor_coverage,
    }
    fields[field] = rng.choice(values)
    fields["max_length"] = max(fields["max_length"], fields["min_length"])
    return Grammar(**fields)


def _later_dropped(rng: random.Random, tl: Timeline) -> Timeline:
    """The timeline without one to three of its later events (a compressed context)."""
    n = len(tl.events)
    late = list(range(n // 2, n))
    drop = set(rng.sample(late, min(len(late), rng.randrange(1, 4))))
    return tl.subset([e.id for i, e in enumerate(tl.events) if i not in drop])


@pytest.mark.parametrize("block", range(_BLOCKS))
def test_reference_solver_equals_the_oracle_on_a_seeded_corpus(
    block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each case cold, warm, under another grammar and on a thinned timeline."""
    found = 0
    for seed in range(block * _CASES, (block + 1) * _CASES):
        tl, kwargs = _case(seed)
        rng = random.Random(-seed - 1)
        for target in _MEMOS:
            monkeypatch.setattr(target, OrderedDict())
        want = _oracle(tl, kwargs)
        assert _key(solve(tl, **kwargs).sequence) == want, ("cold", seed)
        assert _key(solve(tl, **kwargs).sequence) == want, ("warm", seed)
        found += want is not None
        other = {**kwargs, "grammar": _variant(rng, kwargs["grammar"])}
        got = _key(solve(tl, **other).sequence)
        assert got == _oracle(tl, other), ("grammar", seed)
        if len(tl.events) > 3:
            thin = _later_dropped(rng, tl)
            if seed % 2:  # the thinned timeline's searches are memoised first
                for target in _MEMOS:
                    monkeypatch.setattr(target, OrderedDict())
                got = _key(solve(thin, **kwargs).sequence)
                assert got == _oracle(thin, kwargs), ("thinned first", seed)
                assert _key(solve(tl, **kwargs).sequence) == want, ("after", seed)
            else:
                got = _key(solve(thin, **kwargs).sequence)
                assert got == _oracle(thin, kwargs), ("thinned", seed)
    assert found >= _CASES // 4  # many cases find a sequence: real solves compared


def _focal(rows: list[tuple[float, float]]) -> Timeline:
    return Timeline(
        [Event(f"e{i}", t, w, frozenset({"actor_0"})) for i, (t, w) in enumerate(rows)]
    )


def test_a_memoised_pre_pivot_search_serves_only_its_own_post_pivot_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The thinned context first: its pre-pivot labels must start at e0; the whole
    one's may start at e1, and do (the two heavy pre-pivot events)."""
    grammar = Grammar(
        min_prefix_elements=1,
        min_length=4,
        max_length=4,
        min_timespan_fraction=0.0,
        focal_actor_coverage=0.0,
    )
    whole = _focal([(0.0, 0.5), (1.0, 2.0), (2.0, 2.0), (3.0, 5.0), (4.0, 1.0)])
    thin = whole.subset(["e0", "e1", "e2", "e3"])
    for target in _MEMOS:
        monkeypatch.setattr(target, OrderedDict())
    kwargs: dict[str, Any] = {"grammar": grammar, "m": 1}
    assert solve(thin, **kwargs).sequence.ids == ("e0", "e1", "e2", "e3")  # type: ignore[union-attr]
    got = solve(whole, **kwargs).sequence
    assert got is not None
    assert got.ids == ("e1", "e2", "e3", "e4")
    assert _key(got) == _oracle(
        whole, {**kwargs, "max_sequence_length": 20, "injection_top_n": 40}
    )


@pytest.mark.parametrize(("span", "found"), [(0.0, True), (0.5, False)])
def test_a_timeline_of_zero_duration_has_span_zero(
    span: float, found: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One event: duration 0, so a sequence's span fraction is 0 (the validator's
    rule): a zero minimum admits the one-event sequence, a positive one refuses it."""
    for target in _MEMOS:
        monkeypatch.setattr(target, OrderedDict())
    grammar = Grammar(
        min_prefix_elements=0,
        min_length=1,
        max_length=4,
        min_timespan_fraction=span,
        focal_actor_coverage=0.0,
    )
    tl = _focal([(0.5, 2.0)])
    got = solve(tl, grammar=grammar).sequence
    assert (got is not None) is found
    assert _key(got) == _oracle(
        tl,
        {"grammar": grammar, "m": 10, "max_sequence_length": 20, "injection_top_n": 40},
    )
    if got is not None:
        assert got.ids == ("e0",)
