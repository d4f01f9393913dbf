"""The phase grammar, its validator, the setup/development rule and the score.

docs/guide/witnesses.md §3. A sequence is a time-ordered selection of events with a
phase per event: SETUP < DEVELOPMENT < TURNING_POINT < RESOLUTION.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from numbers import Real

from witnesses._validation import MAX_SIZE, check_int, check_sequence
from witnesses.events import Event, Timeline

__all__ = [
    "Grammar",
    "Phase",
    "Violation",
    "development_eligible_count",
    "label_phases",
    "setup_count",
    "tp_weighted_score",
    "validate",
]


class Phase(enum.IntEnum):
    """Narrative phase of a selected event, ordered as the grammar requires.

    Examples
    --------
    >>> from witnesses import Phase
    >>> Phase.SETUP < Phase.TURNING_POINT
    True
    """

    SETUP = 1
    DEVELOPMENT = 2
    TURNING_POINT = 3
    RESOLUTION = 4


def _nonneg(value: object, name: str, *, high: float = math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        msg = f"{name} must be a real number, got {value!r} of type {type(value).__name__}"
        raise TypeError(msg)
    out = float(value)
    if not (0.0 <= out <= high):
        msg = f"{name} must be in [0, {high:g}], got {value!r}"
        raise ValueError(msg)
    return out


@dataclass(frozen=True, slots=True)
class Grammar:
    """The phase grammar of docs/guide/witnesses.md §3 (defaults are the *strict* preset).

    Parameters
    ----------
    min_prefix_elements : int, default 1
        ``k``: DEVELOPMENT events required before the turning point.
    max_phase_regressions : int, default 0
    max_turning_points : int, default 1
    min_length, max_length : int, default 4 and 20
    min_timespan_fraction : float, default 0.15
        Minimum ``(t_last - t_first) / timeline.duration``.
    max_temporal_gap : float, default inf
        Largest gap between adjacent selected events (tolerance 1e-12).
    focal_actor_coverage : float, default 0.60
        Minimum share of selected events involving the focal actor.

    Examples
    --------
    >>> from witnesses import Grammar
    >>> Grammar().min_length, Grammar.relaxed().max_turning_points
    (4, 2)
    >>> Grammar(min_length=5, max_length=3)
    Traceback (most recent call last):
    ...
    ValueError: max_length=3 must be >= min_length=5
    """

    min_prefix_elements: int = 1
    max_phase_regressions: int = 0
    max_turning_points: int = 1
    min_length: int = 4
    max_length: int = 20
    min_timespan_fraction: float = 0.15
    max_temporal_gap: float = math.inf
    focal_actor_coverage: float = 0.60

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        for name in (
            "min_prefix_elements",
            "max_phase_regressions",
            "max_turning_points",
            "min_length",
        ):
            set_(self, name, check_int(getattr(self, name), name, minimum=0))
        set_(self, "max_length", check_int(self.max_length, "max_length", minimum=1))
        if self.max_length < self.min_length:
            msg = (
                f"max_length={self.max_length} must be >= min_length={self.min_length}"
            )
            raise ValueError(msg)
        set_(
            self,
            "min_timespan_fraction",
            _nonneg(self.min_timespan_fraction, "min_timespan_fraction", high=1.0),
        )
        gap = _nonneg(self.max_temporal_gap, "max_temporal_gap")
        if gap == 0:
            msg = "max_temporal_gap must be > 0, got 0"
            raise ValueError(msg)
        set_(self, "max_temporal_gap", gap)
        set_(
            self,
            "focal_actor_coverage",
            _nonneg(self.focal_actor_coverage, "focal_actor_coverage", high=1.0),
        )

    @property
    def k(self) -> int:
        """Alias of ``min_prefix_elements``."""
        return self.min_prefix_elements

    @classmethod
    def strict(cls) -> Grammar:
        """Return the defaults.

        Examples
        --------
        >>> from witnesses import Grammar
        >>> Grammar.strict() == Grammar()
        True
        """
        return cls()

    @classmethod
    def relaxed(cls) -> Grammar:
        """Return ``k = 0``, one regression and two turning points allowed.

        Examples
        --------
        >>> from witnesses import Grammar
        >>> Grammar.relaxed().k
        0
        """
        return cls(min_prefix_elements=0, max_phase_regressions=1, max_turning_points=2)

    @classmethod
    def vacuous(cls) -> Grammar:
        """Return a grammar that accepts every non-empty sequence up to 999 events.

        Examples
        --------
        >>> from witnesses import Grammar
        >>> Grammar.vacuous().focal_actor_coverage
        0.0
        """
        return cls(0, 999, 999, 1, 999, 0.0, math.inf, 0.0)

    @classmethod
    def parametric(cls, k: int, **changes: object) -> Grammar:
        """Return the strict grammar with ``k`` and any other fields changed.

        Examples
        --------
        >>> from witnesses import Grammar
        >>> Grammar.parametric(3, max_temporal_gap=0.11).max_temporal_gap
        0.11
        """
        fields = {f: getattr(cls(), f) for f in cls.__dataclass_fields__}
        unknown = set(changes) - set(fields)
        if unknown:
            msg = f"unknown Grammar fields: {sorted(unknown)}"
            raise TypeError(msg)
        fields.update(changes, min_prefix_elements=k)
        return cls(**fields)


@dataclass(frozen=True, slots=True)
class Violation:
    """One grammar violation: its kind and a human-readable detail.

    Examples
    --------
    >>> from witnesses import Violation
    >>> Violation("too_short", "3 < 4").kind
    'too_short'
    """

    kind: str
    detail: str = field(default="", compare=False)


def development_eligible_count(prefix: int) -> int:
    """Return ``p - ceil(0.2 p)``: the development share of a prefix of ``p`` events.

    Notes
    -----
    The reference's ``j_dev`` (docs/guide/witnesses.md §3). It is superadditive, not
    additive: ``d(1 + 1) = 1`` but ``d(1) + d(1) = 0``.

    Examples
    --------
    >>> from witnesses import development_eligible_count
    >>> [development_eligible_count(p) for p in range(11)]
    [0, 0, 1, 2, 3, 4, 4, 5, 6, 7, 8]
    """
    p = check_int(prefix, "prefix", minimum=0)
    return p - _ceil_fifth(p)


def _ceil_fifth(p: int) -> int:
    # ceil(0.2 * p) in exact integer arithmetic (0.2 * p is not exact in floats,
    # but ceil gives the same value for every p the reference can see: checked
    # in the tests for p < 10**6).
    return -((-p) // 5)


def setup_count(n_pre: int, k: int) -> int:
    """Return the number of SETUP labels of a prefix of ``n_pre`` events.

    ``ceil(0.2 n_pre)``, capped at ``n_pre - min(k, n_pre)`` so that at least
    ``min(k, n_pre)`` DEVELOPMENT events remain (the solver's rule of
    docs/guide/witnesses.md §3).

    Examples
    --------
    >>> from witnesses import setup_count
    >>> setup_count(12, 3), setup_count(3, 3), setup_count(2, 3)
    (3, 0, 0)
    """
    n = check_int(n_pre, "n_pre", minimum=0)
    kk = check_int(k, "k", minimum=0)
    return min(_ceil_fifth(n), n - min(kk, n))


def label_phases(n_pre: int, n_post: int, k: int) -> tuple[Phase, ...]:
    """Return the phases of a sequence with ``n_pre`` events before its turning point.

    Examples
    --------
    >>> from witnesses import label_phases
    >>> "".join(p.name[0] for p in label_phases(5, 2, 1))
    'SDDDDTRR'
    """
    check_int(n_pre, "n_pre", minimum=0, maximum=MAX_SIZE)  # builds a tuple of n_pre
    n_setup = setup_count(n_pre, k)
    n_post = check_int(n_post, "n_post", minimum=0, maximum=MAX_SIZE)
    return (
        (Phase.SETUP,) * n_setup
        + (Phase.DEVELOPMENT,) * (n_pre - n_setup)
        + (Phase.TURNING_POINT,)
        + (Phase.RESOLUTION,) * n_post
    )


def tp_weighted_score(events: Sequence[Event], phases: Sequence[Phase]) -> float:
    """Return ``sum w + 2 w_TP (1 - 0.5 |pos - 0.6|)`` (docs/guide/witnesses.md §3).

    ``pos`` is the index of the first TURNING_POINT over ``n - 1`` (0.5 when
    ``n = 1``); without a turning point the bonus is 0. Weights are summed
    left to right, as the reference does, so scores agree to the last bit.

    Examples
    --------
    >>> from witnesses import Event, Phase, tp_weighted_score
    >>> evs = [Event(f"e{i}", i, w) for i, w in enumerate([1.0, 2.0, 1.0])]
    >>> tp_weighted_score(evs, [Phase.DEVELOPMENT, Phase.TURNING_POINT, Phase.RESOLUTION])
    7.8
    """
    check_sequence(events, "events")
    check_sequence(phases, "phases")
    if len(events) != len(phases):
        msg = f"events and phases must have one length, got {len(events)} and {len(phases)}"
        raise ValueError(msg)
    total = 0.0
    for event in events:
        total += event.weight
    if Phase.TURNING_POINT not in phases:
        return total
    i = list(phases).index(Phase.TURNING_POINT)
    n = len(events)
    pos = 0.5 if n == 1 else i / (n - 1)
    return total + 2 * events[i].weight * (1 - 0.5 * abs(pos - 0.6))


def validate(
    events: Sequence[Event],
    phases: Sequence[Phase],
    grammar: Grammar,
    timeline: Timeline,
    focal: str,
) -> tuple[Violation, ...]:
    """Return every grammar violation of a sequence, in the order of docs/guide/witnesses.md §3.

    The sequence is valid iff the result is empty. Not checked (as in the
    reference): that the turning point is the weight argmax, that it is
    focal, time order, membership in ``timeline`` and duplicates.

    Raises
    ------
    TypeError
        If ``events`` or ``phases`` is no sequence, or ``grammar``,
        ``timeline`` or ``focal`` is not a Grammar, a Timeline or a str.
    ValueError
        If ``events`` and ``phases`` differ in length.

    Examples
    --------
    >>> from witnesses import Event, Grammar, Phase, Timeline, validate
    >>> tl = Timeline([Event(f"e{i}", i, 1.0, actors={"a"}) for i in range(4)])
    >>> P = Phase
    >>> validate(tl.events, [P.DEVELOPMENT, P.TURNING_POINT, P.RESOLUTION, P.RESOLUTION],
    ...          Grammar(), tl, "a")
    ()
    >>> [v.kind for v in validate(tl.events[:3], [P.SETUP, P.TURNING_POINT, P.RESOLUTION],
    ...                           Grammar(), tl, "a")]
    ['too_short', 'insufficient_development']
    """
    check_sequence(events, "events")
    check_sequence(phases, "phases")
    for value, name, kind in (
        (grammar, "grammar", Grammar),
        (timeline, "timeline", Timeline),
        (focal, "focal", str),
    ):
        if not isinstance(value, kind):
            msg = (
                f"{name} must be a {kind.__name__}, "
                f"got {value!r} of type {type(value).__name__}"
            )
            raise TypeError(msg)
    if len(events) != len(phases):
        msg = f"events and phases must have one length, got {len(events)} and {len(phases)}"
        raise ValueError(msg)
    out: list[Violation] = []
    n = len(events)
    if n < grammar.min_length:
        out.append(Violation("too_short", f"{n} < {grammar.min_length}"))
    if n > grammar.max_length:
        out.append(Violation("too_long", f"{n} > {grammar.max_length}"))
    tps = sum(1 for p in phases if p == Phase.TURNING_POINT)
    if tps > grammar.max_turning_points:
        out.append(
            Violation(
                "too_many_turning_points", f"{tps} > {grammar.max_turning_points}"
            )
        )
    regressions = [i for i in range(1, n) if phases[i] < phases[i - 1]]
    if len(regressions) > grammar.max_phase_regressions:
        out.extend(
            Violation(
                "phase_regression",
                f"at index {i}: {phases[i - 1].name} -> {phases[i].name}",
            )
            for i in regressions
        )
    dev = 0
    if Phase.TURNING_POINT in phases:
        first = list(phases).index(Phase.TURNING_POINT)
        dev = sum(1 for p in phases[:first] if p == Phase.DEVELOPMENT)
    if dev < grammar.min_prefix_elements:
        out.append(
            Violation(
                "insufficient_development", f"{dev} < {grammar.min_prefix_elements}"
            )
        )
    duration = timeline.duration
    span = (
        (events[-1].timestamp - events[0].timestamp) / duration
        if n and duration
        else 0.0
    )
    if span < grammar.min_timespan_fraction:
        out.append(
            Violation(
                "insufficient_timespan", f"{span:.6g} < {grammar.min_timespan_fraction}"
            )
        )
    if math.isfinite(grammar.max_temporal_gap) and n >= 2:
        for i in range(1, n):
            gap = events[i].timestamp - events[i - 1].timestamp
            if gap > grammar.max_temporal_gap + 1e-12:
                out.append(
                    Violation(
                        "max_temporal_gap",
                        f"{events[i - 1].id}->{events[i].id}: {gap:.6g}",
                    )
                )
    coverage = sum(1 for e in events if focal in e.actors) / n if n else 0.0
    if coverage < grammar.focal_actor_coverage:
        out.append(
            Violation(
                "insufficient_coverage",
                f"{coverage:.6g} < {grammar.focal_actor_coverage}",
            )
        )
    return tuple(out)
