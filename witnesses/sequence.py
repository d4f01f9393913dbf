"""Extracted sequences and solver results (docs/guide/witnesses.md §2, §4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from witnesses.events import Event, Timeline
from witnesses.grammar import (
    Grammar,
    Phase,
    Violation,
    tp_weighted_score,
    validate,
)

__all__ = ["ExtractedSequence", "Solution"]


@dataclass(frozen=True, slots=True)
class ExtractedSequence:
    """A labelled, scored selection of events.

    Parameters
    ----------
    events : tuple of Event
        In time order.
    phases : tuple of Phase
        One per event.
    focal : str
        The focal actor.
    score : float
        :func:`~witnesses.tp_weighted_score` of the sequence.
    violations : tuple of Violation
        Every grammar violation (empty iff valid).

    Examples
    --------
    >>> from witnesses import Event, ExtractedSequence, Grammar, Phase, Timeline
    >>> tl = Timeline([Event(f"e{i}", i, 1.0, actors={"a"}) for i in range(4)])
    >>> P = Phase
    >>> s = ExtractedSequence.build(tl.events, [P.DEVELOPMENT, P.TURNING_POINT, P.RESOLUTION,
    ...                             P.RESOLUTION], Grammar(), tl, "a")
    >>> s.valid, s.pivot.id, s.n_development, s.ids
    (True, 'e1', 1, ('e0', 'e1', 'e2', 'e3'))
    """

    events: tuple[Event, ...]
    phases: tuple[Phase, ...]
    focal: str
    score: float
    violations: tuple[Violation, ...] = ()

    @classmethod
    def build(
        cls,
        events: tuple[Event, ...] | list[Event],
        phases: tuple[Phase, ...] | list[Phase],
        grammar: Grammar,
        timeline: Timeline,
        focal: str,
    ) -> ExtractedSequence:
        """Validate and score ``events`` labelled with ``phases``.

        Examples
        --------
        >>> from witnesses import Event, ExtractedSequence, Grammar, Phase, Timeline
        >>> tl = Timeline([Event("a", 0, 1.0, actors={"x"})])
        >>> ExtractedSequence.build(tl.events, [Phase.TURNING_POINT], Grammar(), tl, "x").valid
        False
        """
        evs, labels = tuple(events), tuple(phases)
        return cls(
            evs,
            labels,
            focal,
            tp_weighted_score(evs, labels),
            validate(evs, labels, grammar, timeline, focal),
        )

    @property
    def valid(self) -> bool:
        """Whether the sequence satisfies the grammar."""
        return not self.violations

    @property
    def ids(self) -> tuple[str, ...]:
        """The selected event ids, in time order."""
        return tuple(e.id for e in self.events)

    @property
    def pivot(self) -> Event | None:
        """The pivot: the first event labelled TURNING_POINT (None if there is none)."""
        for event, phase in zip(self.events, self.phases, strict=True):
            if phase == Phase.TURNING_POINT:
                return event
        return None

    @property
    def turning_point(self) -> Event | None:
        """The same as :attr:`pivot` (the old name, kept for one release)."""
        return self.pivot

    @property
    def n_development(self) -> int:
        """The number of DEVELOPMENT labels anywhere in the sequence."""
        return sum(1 for p in self.phases if p == Phase.DEVELOPMENT)

    def describe(self) -> str:
        """Return ``id:phase-initial`` pairs, e.g. ``'e01:S e02:D e03:T'``.

        Examples
        --------
        >>> from witnesses import Event, ExtractedSequence, Grammar, Phase, Timeline
        >>> tl = Timeline([Event("a", 0, 1.0)])
        >>> ExtractedSequence.build(tl.events, [Phase.TURNING_POINT], Grammar(), tl, "x").describe()
        'a:T'
        """
        return " ".join(
            f"{e.id}:{p.name[0]}" for e, p in zip(self.events, self.phases, strict=True)
        )


@dataclass(frozen=True, slots=True)
class Solution:
    """What a solver returns: the best sequence (or None) and its diagnostics.

    ``sequence`` is None when no valid sequence was found (the greedy solver
    may instead return its best invalid one; check ``valid``).

    Examples
    --------
    >>> from witnesses import Solution
    >>> s = Solution(None, {"candidates": ()})
    >>> s.valid, s.score, s.pivot_id
    (False, None, None)
    """

    sequence: ExtractedSequence | None
    diagnostics: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "diagnostics", MappingProxyType(dict(self.diagnostics))
        )

    @property
    def valid(self) -> bool:
        """Whether a valid sequence was found."""
        return self.sequence is not None and self.sequence.valid

    @property
    def score(self) -> float | None:
        """The score of a valid sequence, else None."""
        return self.sequence.score if self.valid and self.sequence is not None else None

    @property
    def pivot_id(self) -> str | None:
        """The id of a valid sequence's pivot, else None."""
        if not self.valid or self.sequence is None:
            return None
        pivot = self.sequence.pivot
        return None if pivot is None else pivot.id

    @property
    def turning_point_id(self) -> str | None:
        """The same as :attr:`pivot_id` (the old name, kept for one release)."""
        return self.pivot_id
