"""Hypothesis strategies for event timelines and grammars (needs the ``strategies`` extra).

Values are valid by construction: timestamps sorted, ids unique, parents
earlier. Small weights and timestamps are drawn from short grids so that
ties (the hard cases for tie rules) are common. Shrinks towards short
timelines with equal weights.
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import strategies as st

from witnesses.events import Event, Timeline
from witnesses.generators import BurstyConfig, MultiBurstConfig
from witnesses.grammar import Grammar

__all__ = [
    "bursty_configs",
    "event_timelines",
    "grammars",
    "multiburst_configs",
    "timeline_splits",
]

_ACTORS = ("actor_0", "actor_1", "actor_2")


@st.composite
def event_timelines(
    draw: Any,
    *,
    min_size: int = 0,
    max_size: int = 12,
    focal_share: float = 0.7,
) -> Timeline:
    """Timelines of up to ``max_size`` events over actors ``actor_0..actor_2``.

    Timestamps come from a grid of 0.05 in [0, 1] (so equal timestamps
    occur), weights from a grid of 0.25 in [0.25, 3], each event involves
    ``actor_0`` with probability about ``focal_share``, and each has up to
    two causal parents among earlier events.

    Examples
    --------
    >>> from hypothesis import given
    >>> from witnesses.strategies import event_timelines
    >>> @given(event_timelines(max_size=5))
    ... def test(tl):
    ...     assert len(tl) <= 5
    >>> test()
    """
    n = draw(st.integers(min_size, max_size))
    ticks = sorted(draw(st.lists(st.integers(0, 20), min_size=n, max_size=n)))
    events: list[Event] = []
    cut = round(focal_share * 100)
    for i, tick in enumerate(ticks):
        weight = draw(st.integers(1, 12)) / 4
        focal = draw(st.integers(0, 99)) < cut
        others = draw(st.sets(st.sampled_from(_ACTORS[1:]), max_size=2))
        actors = ({"actor_0"} if focal else set()) | others
        parents: list[str] = []
        if events:
            picks = draw(st.sets(st.integers(0, len(events) - 1), max_size=2))
            parents = [events[p].id for p in sorted(picks)]
        events.append(Event(f"e{i:02d}", tick / 20, weight, actors, tuple(parents)))
    return Timeline(events)


@st.composite
def grammars(draw: Any, *, max_k: int = 3) -> Grammar:
    """Grammars with small ``k``, lengths, spans, gaps and coverage.

    Examples
    --------
    >>> from hypothesis import given
    >>> from witnesses.strategies import grammars
    >>> @given(grammars())
    ... def test(g):
    ...     assert g.min_length <= g.max_length
    >>> test()
    """
    k = draw(st.integers(0, max_k))
    min_length = draw(st.integers(1, 6))
    max_length = draw(st.integers(min_length, 8))
    gap = draw(st.sampled_from([math.inf, 0.1, 0.2, 0.35]))
    return Grammar(
        min_prefix_elements=k,
        min_length=min_length,
        max_length=max_length,
        min_timespan_fraction=draw(st.sampled_from([0.0, 0.15, 0.5])),
        max_temporal_gap=gap,
        focal_actor_coverage=draw(st.sampled_from([0.0, 0.6, 1.0])),
    )


@st.composite
def timeline_splits(
    draw: Any, *, max_size: int = 12, parts: int = 2
) -> tuple[Timeline, tuple[int, ...]]:
    """Draw a timeline and ``parts - 1`` sorted cut indices (blocks may be empty).

    Cutting a timeline (which is in ``(timestamp, id)`` order) at these
    indices gives consecutive blocks, each later than the one before: the
    precondition of ``compose_context_states``. Shrinks towards short
    timelines cut at 0.

    Examples
    --------
    >>> from hypothesis import given
    >>> from witnesses.strategies import timeline_splits
    >>> @given(timeline_splits(max_size=5, parts=3))
    ... def test(pair):
    ...     tl, cuts = pair
    ...     assert len(cuts) == 2 and 0 <= cuts[0] <= cuts[1] <= len(tl)
    >>> test()
    """
    timeline = draw(event_timelines(max_size=max_size))
    n = len(timeline)
    cuts = sorted(
        draw(st.lists(st.integers(0, n), min_size=parts - 1, max_size=parts - 1))
    )
    return timeline, tuple(cuts)


@st.composite
def bursty_configs(draw: Any, *, max_events: int = 60) -> BurstyConfig:
    """Small valid :class:`~witnesses.generators.BurstyConfig` values.

    Shrinks towards one event, one actor, ``epsilon = 0``, one burst.

    Examples
    --------
    >>> from hypothesis import given
    >>> from witnesses.strategies import bursty_configs
    >>> @given(bursty_configs(max_events=10))
    ... def test(config):
    ...     assert 1 <= config.n_events <= 10
    >>> test()
    """
    return BurstyConfig(
        n_events=draw(st.integers(1, max_events)),
        n_actors=draw(st.integers(1, 6)),
        epsilon=draw(st.sampled_from([0.0, 0.2, 0.5, 0.8, 1.0])),
        n_bursts=draw(st.integers(1, 4)),
        burst_width=draw(st.sampled_from([0.01, 0.1, 0.3])),
        hub_fraction=draw(st.sampled_from([0.0, 0.05, 0.5])),
        causal_density=draw(st.sampled_from([0.0, 0.08, 1.0])),
        weight_heavy_tail=draw(st.sampled_from([1.0, 2.0, 5.0])),
    )


@st.composite
def multiburst_configs(draw: Any, *, max_events: int = 60) -> MultiBurstConfig:
    """Small valid :class:`~witnesses.generators.MultiBurstConfig` values.

    One to three burst centres on a grid, spaced so that windows never
    overlap. Shrinks towards one event and the first centre layout.

    Examples
    --------
    >>> from hypothesis import given
    >>> from witnesses.strategies import multiburst_configs
    >>> @given(multiburst_configs(max_events=10))
    ... def test(config):
    ...     assert len(config.burst_centres) >= 1
    >>> test()
    """
    centres = draw(st.sampled_from([(0.2, 0.8), (0.5,), (0.15, 0.5, 0.85)]))
    return MultiBurstConfig(
        n_events=draw(st.integers(1, max_events)),
        n_actors=draw(st.integers(1, 6)),
        burst_centres=centres,
        burst_width=draw(st.sampled_from([0.05, 0.1])),
        burst_weight_boost=draw(st.sampled_from([1.0, 3.0])),
        inter_burst_density=draw(st.sampled_from([0.0, 0.3, 1.0])),
        hub_fraction=draw(st.sampled_from([0.0, 0.05, 0.5])),
        causal_density=draw(st.sampled_from([0.0, 0.08, 1.0])),
        weight_noise_std=draw(st.sampled_from([0.0, 0.01])),
    )
