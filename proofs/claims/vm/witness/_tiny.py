"""Tiny exhaustive timelines for the disagreement checks (private; see proofs.claims.vm.witness)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from proofs._method._validation import check_bound
from witnesses import Event, Grammar, Timeline

FOCAL = "actor_0"
OTHER = "actor_1"
EXP58_GRAMMAR = Grammar.parametric(3, min_timespan_fraction=0.0)
"""The Exp58 grammar: k = 3, min span 0, otherwise strict (docs/guide/witnesses.md §9)."""


def tiny_timelines(
    n: int, *, weights: tuple[float, ...] = (1.0, 2.0)
) -> Iterator[Timeline]:
    """Yield every ``n``-event timeline over the tiny alphabet, in a fixed order.

    Event ``i`` is ``e{i}`` at ``t = i``; it involves ``actor_0`` (focal) or
    ``actor_1``, with a weight from ``weights``; no causal links.

    Examples
    --------
    >>> from proofs.claims.vm.witness import tiny_timelines
    >>> sum(1 for _ in tiny_timelines(2))
    16
    """
    check_bound(n, "n", minimum=0, maximum=8)
    if isinstance(weights, str | bytes) or not isinstance(weights, Iterable):
        msg = f"weights must be a tuple of weights, got {weights!r} of type {type(weights).__name__}"
        raise TypeError(msg)
    # read once: the nested loop below read a generator for the focal actor
    # only, and the other actor's timelines were silently missing (4 of 16)
    weights = tuple(weights)
    kinds = [(actor, w) for actor in (FOCAL, OTHER) for w in weights]
    for combo in itertools.product(kinds, repeat=n):
        yield Timeline(
            Event(f"e{i}", float(i), w, actors=frozenset({actor}))
            for i, (actor, w) in enumerate(combo)
        )


def describe(tl: Timeline) -> list[str]:
    return [
        f"{e.id}(t={e.timestamp:g}, w={e.weight:g}, {'focal' if FOCAL in e.actors else 'other'})"
        for e in tl
    ]
