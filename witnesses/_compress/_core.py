"""The strategies and :func:`compress` (private; the package exports :func:`witnesses.compress`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

from witnesses._compress._loop import Counters, Rules, Segment, run, run_targets
from witnesses._compress._user import (
    SUMMARY_KEY,
    call_strategy,
    expand_summaries,
    strategy_name,
)
from witnesses._validation import MAX_SIZE, check_instance, check_int
from witnesses.events import Event, Timeline
from witnesses.semantics import counts_non_focal
from witnesses.state import build_context_state, no_absorption_invariant

__all__ = [
    "STRATEGIES",
    "CompressionResult",
    "compress",
    "compress_targets",
    "compress_with",
]

STRATEGIES = ("naive", "bridge_preserving", "contract_guarded", "definition2")
"""The strategy names accepted by :func:`compress`."""

_MIN_LENGTH = 4
"""The grammar's minimum length: the default ``min_length`` of the bridge slack."""


@dataclass(frozen=True)
class CompressionResult:
    """The kept timeline of a compression and its diagnostics.

    Attributes
    ----------
    timeline : Timeline
        The kept events (parent links to dropped events removed).
    strategy : str
    input_size, target_size, output_size : int
        ``output_size`` counts summary events once each.
    drops_attempted, drops_accepted : int
        Trial removals tried (every candidate looked at, skips included)
        and applied.
    rejected_last_focal, rejected_contract, rejected_bridge, rejected_gap_guard, rejected_definition2 : int
        Trials refused by each rule (a trial counts once, for the first
        rule that refused it, in that order).
    contract_violating_drop_attempts : int
        Trials whose segment would break the no-absorption invariant,
        counted for every strategy.
    max_adjacent_gap : float
        Largest gap between adjacent kept events (0.0 with fewer than two).
    oversized_gaps, bridge_lower_bound : int
        Gaps larger than ``max_gap`` in the kept timeline and the sum of
        ``ceil(g / max_gap) - 1`` over them (0 when ``max_gap`` is infinite).
    invariant_holds : bool
        Whether the kept timeline's top-``M`` pivots all have ``j_dev >= k``.
    reached_target : bool
    dropped : tuple of str
        Dropped ids, in drop order.
    notes : tuple of str
        Input the reference tolerates but that is probably a mistake
        (``strict=True`` raises instead), and early stops.
    summaries : tuple of (str, tuple of str)
        For a user strategy that returned summary events: each summary's id
        and the input ids it replaces (the contracts count them in its
        place; ``invariant_holds`` is judged so).

    Examples
    --------
    >>> from witnesses import compress
    >>> from witnesses.exp58 import BLOCK1, exp58_timeline
    >>> r = compress(exp58_timeline().subset(BLOCK1), strategy="naive", k=3, m=10, target_size=2)
    >>> r.timeline.ids, r.drops_accepted, r.contract_violating_drop_attempts
    (('e01', 'e03'), 38, 38)
    """

    timeline: Timeline
    strategy: str
    input_size: int
    target_size: int
    output_size: int
    drops_attempted: int
    drops_accepted: int
    rejected_last_focal: int
    rejected_contract: int
    rejected_bridge: int
    rejected_gap_guard: int
    rejected_definition2: int
    contract_violating_drop_attempts: int
    max_adjacent_gap: float
    oversized_gaps: int
    bridge_lower_bound: int
    invariant_holds: bool
    reached_target: bool
    dropped: tuple[str, ...]
    notes: tuple[str, ...]
    summaries: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def kept_ids(self) -> tuple[str, ...]:
        """The ids of the kept events, in time order."""
        return self.timeline.ids


def compress(
    timeline: Timeline,
    *,
    focal: str = "actor_0",
    strategy: str | Callable[..., Any],
    k: int,
    m: int,
    target_size: int,
    max_gap: float = math.inf,
    min_length: int = _MIN_LENGTH,
    counting: str = "reference",
    strict: bool = False,
) -> CompressionResult:
    """Compress a timeline to ``target_size`` events with one strategy.

    Parameters
    ----------
    timeline : Timeline
    focal : str, default "actor_0"
    strategy : {"naive", "bridge_preserving", "contract_guarded", "definition2"} or callable
        A built-in name, or a user's function ``fn(timeline, *, target_size,
        k, ...)`` returning the kept events (a :class:`Timeline` or an
        iterable of ids, looked up in ``timeline``). It is called with the
        keywords it accepts among ``target_size``, ``k``, ``m``, ``focal``,
        ``max_gap`` and ``min_length``; the result's ``strategy`` is its
        ``__name__``; of the drop counters only ``dropped`` and
        ``drops_attempted = drops_accepted`` (events dropped) are filled.
    k : int
        Development events demanded before the pivot (``k >= 0``).
    m : int
        ``M``: pivots the invariant watches (``m >= 1``).
    target_size : int
        Events to keep, in ``[1, 10**7]`` (returned unchanged if already that
        small); ``0`` is an error (the reference silently keeps 1).
    max_gap : float, default inf
        Largest allowed gap (``> 0``) for the bridge and gap guards.
    min_length : int, default 4
        Grammar minimum length, for the bridge slack.
    counting : {"reference", "paper"}, default "reference"
        Development counting of ``"definition2"``.
    strict : bool, default False
        Raise ``ValueError`` instead of recording a note when ``k < 0`` or
        ``m < 1`` (which the reference tolerates: it treats them as 0 and no
        pivots), or when the loop stops above the target.

    Returns
    -------
    CompressionResult

    Raises
    ------
    TypeError
        For arguments of the wrong type.
    theory.errors.UserCallableError
        A user strategy raised (a :class:`ValueError`; the message names the
        strategy, its exception and the call; the original is chained).
    ValueError
        For an unknown strategy or counting, ``max_gap <= 0``,
        ``min_length < 0``, ``target_size < 1``, a user strategy that
        returns an id twice, an id not in the input, an edited event, or
        more than ``target_size`` events (the budget; a summary counts as
        one), and
        (``strict=True``) the cases above.

    Notes
    -----
    docs/guide/witnesses.md §6 (reference strategies) and docs/guide/algebra.md §5 (``VM-D2``).
    On Exp58 block 1 with ``k = 3``, ``M = 10``, target 2 (docs/guide/witnesses.md §9):
    naive keeps {e01, e03}, contract_guarded keeps all 40 (every drop breaks
    the invariant, which the input already violates), definition2 keeps
    {e01, e02, e03, e40}.

    Examples
    --------
    >>> from witnesses import compress
    >>> from witnesses.exp58 import BLOCK1, exp58_timeline
    >>> block1 = exp58_timeline().subset(BLOCK1)
    >>> r = compress(block1, strategy="contract_guarded", k=3, m=10, target_size=2)
    >>> r.output_size, r.rejected_contract, r.invariant_holds, r.reached_target
    (40, 40, False, False)
    >>> compress(block1, strategy="definition2", k=3, m=10, target_size=2).kept_ids
    ('e01', 'e02', 'e03', 'e40')
    >>> def last_n(timeline, *, target_size):
    ...     return timeline.ids[-target_size:]
    >>> r = compress(block1, strategy=last_n, k=3, m=10, target_size=2)
    >>> r.strategy, r.kept_ids, r.invariant_holds
    ('last_n', ('e39', 'e40'), False)
    """
    return compress_with(
        timeline,
        focal=focal,
        strategy=strategy,
        k=k,
        m=m,
        target_size=target_size,
        max_gap=max_gap,
        min_length=min_length,
        non_focal=counts_non_focal(counting),
        strict=strict,
    )


def compress_with(
    timeline: Timeline,
    *,
    focal: str = "actor_0",
    strategy: str | Callable[..., Any],
    k: int,
    m: int,
    target_size: int,
    max_gap: float = math.inf,
    min_length: int = _MIN_LENGTH,
    non_focal: bool,
    strict: bool = False,
) -> CompressionResult:
    """:func:`compress` with the counting rule decoded (``non_focal``).

    What the package's own callers use: they hold a
    :class:`~witnesses.semantics.Semantics` and pass its
    ``non_focal_development``, so no counting name is decoded again.
    """
    notes: list[str] = []
    rules, target = _check(
        timeline,
        focal,
        strategy,
        k,
        m,
        target_size,
        max_gap,
        min_length,
        non_focal,
        strict,
        notes,
    )
    events = timeline.events
    if callable(strategy):
        kept, counters = call_strategy(strategy, timeline, focal, rules, target)
    else:
        seg = Segment(events, focal, rules)
        order = sorted(
            range(len(events)),
            key=lambda i: (events[i].weight, events[i].timestamp, events[i].id),
        )
        counters = run(seg, order, target)
        kept = _induced(timeline, seg.alive) if counters.accepted else timeline
    _note_early_stop(kept, target, strategy, notes, strict=strict)
    return _result(kept, rules, len(events), target, counters, notes, focal, timeline)


def compress_targets(
    timeline: Timeline,
    *,
    focal: str = "actor_0",
    strategy: str,
    k: int,
    m: int,
    target_sizes: Sequence[int],
    max_gap: float = math.inf,
    min_length: int = _MIN_LENGTH,
    non_focal: bool,
) -> list[CompressionResult]:
    """:func:`compress` at several target sizes with one drop loop (issue 30).

    Returns one result per entry of ``target_sizes``, in that order, each
    equal to ``compress(timeline, ..., target_size=t)`` (``strict`` off):
    the drop loop does not depend on the target, so a larger target's run is
    a prefix of a smaller one's (:func:`~witnesses._compress._loop.run_targets`).
    Built-in strategies only; equal kept sets share one kept timeline.
    """
    if not isinstance(strategy, str):
        msg = f"strategy must be a built-in strategy name, got {strategy!r}"
        raise TypeError(msg)
    checked = []
    for target_size in target_sizes:
        notes: list[str] = []
        rules, target = _check(
            timeline, focal, strategy, k, m, target_size, max_gap, min_length,
            non_focal, False, notes,
        )  # fmt: skip
        checked.append((rules, target, notes))
    if not checked:
        return []
    events = timeline.events
    seg = Segment(events, focal, checked[0][0])
    order = sorted(
        range(len(events)),
        key=lambda i: (events[i].weight, events[i].timestamp, events[i].id),
    )
    runs = run_targets(seg, order, [target for _, target, _ in checked])
    shared: dict[tuple[int, ...], Timeline] = {}
    out = []
    for rules, target, notes in checked:
        counters, alive = runs[target]
        if not counters.accepted:
            kept = timeline
        else:
            key = tuple(alive)
            if key not in shared:
                shared[key] = _induced(timeline, alive)
            kept = shared[key]
        _note_early_stop(kept, target, strategy, notes, strict=False)
        out.append(
            _result(kept, rules, len(events), target, counters, notes, focal, timeline)
        )
    return out


def _induced(timeline: Timeline, alive: list[int]) -> Timeline:
    """``timeline.subset`` of the events at positions ``alive`` (ascending).

    Equal to :meth:`Timeline.subset`; an event all of whose parents are
    kept is reused as it is (events are immutable) instead of rebuilt.
    """
    events = timeline.events
    keep = {events[i].id for i in alive}
    out = []
    for i in alive:
        e = events[i]
        if all(p in keep for p in e.causal_parents):
            out.append(e)
        else:
            parents = tuple(p for p in e.causal_parents if p in keep)
            out.append(
                Event(e.id, e.timestamp, e.weight, e.actors, parents, e.metadata)
            )
    return Timeline(out)


def _note_early_stop(
    kept: Timeline, target: int, strategy: object, notes: list[str], *, strict: bool
) -> None:
    """Record (or with ``strict`` raise) that the loop stopped above the target."""
    if len(kept) <= target:
        return
    note = (
        f"stopped at {len(kept)} events above target_size={target}: no candidate "
        f"was accepted by strategy {strategy!r}"
    )
    if strict:
        raise ValueError(note)
    notes.append(note)


def _result(
    kept: Timeline,
    rules: Rules,
    input_size: int,
    target: int,
    counters: Counters,
    notes: list[str],
    focal: str,
    source: Timeline,
) -> CompressionResult:
    summaries = tuple(
        (e.id, tuple(e.metadata[SUMMARY_KEY])) for e in kept if e.id not in source
    )
    judged = expand_summaries(kept, source) if summaries else kept
    gaps = [
        b.timestamp - a.timestamp
        for a, b in zip(kept.events, kept.events[1:], strict=False)
    ]
    over = [g for g in gaps if g > rules.max_gap]
    state = build_context_state(judged, focal, m=max(rules.m, 1))
    holds = rules.m < 1 or no_absorption_invariant(state, rules.k)
    return CompressionResult(
        timeline=kept,
        strategy=rules.strategy,
        input_size=input_size,
        target_size=target,
        output_size=len(kept),
        drops_attempted=counters.attempted,
        drops_accepted=counters.accepted,
        rejected_last_focal=counters.last_focal,
        rejected_contract=counters.contract,
        rejected_bridge=counters.bridge,
        rejected_gap_guard=counters.gap_guard,
        rejected_definition2=counters.definition2,
        contract_violating_drop_attempts=counters.violating,
        max_adjacent_gap=max(gaps, default=0.0),
        oversized_gaps=len(over),
        bridge_lower_bound=sum(
            math.ceil(min(g / rules.max_gap, 2.0**53)) - 1 for g in over
        ),  # saturated: still a lower bound
        invariant_holds=holds,
        reached_target=len(kept) <= target,
        dropped=tuple(counters.dropped),
        notes=tuple(notes),
        summaries=summaries,
    )


def _int_arg(value: object, name: str) -> int:
    # k, m, sizes: loops and allocations follow
    return check_int(value, name, maximum=MAX_SIZE)


def _soft_minimum(
    value: int, name: str, minimum: int, meaning: str, *, strict: bool, notes: list[str]
) -> int:
    if value >= minimum:
        return value
    msg = f"{name} must be >= {minimum}, got {value}"
    if strict:
        raise ValueError(msg)
    notes.append(f"{msg}; treated as {meaning}")
    return value


def _check(
    timeline: object,
    focal: object,
    strategy: object,
    k: object,
    m: object,
    target_size: object,
    max_gap: object,
    min_length: object,
    non_focal: object,
    strict: object,
    notes: list[str],
) -> tuple[Rules, int]:
    check_instance(timeline, "timeline", Timeline)
    if not isinstance(focal, str):
        msg = f"focal must be a str actor name, got {focal!r}"
        raise TypeError(msg)
    if not isinstance(strict, bool):
        msg = f"strict must be a bool, got {strict!r}"
        raise TypeError(msg)
    if not callable(strategy) and strategy not in STRATEGIES:
        msg = f"strategy must be one of {', '.join(map(repr, STRATEGIES))} or a callable, got {strategy!r}"
        raise ValueError(msg)
    if not isinstance(non_focal, bool):
        msg = f"non_focal must be a bool, got {non_focal!r}"
        raise TypeError(msg)
    if isinstance(max_gap, bool) or not isinstance(max_gap, Real):
        msg = f"max_gap must be a real number, got {max_gap!r}"
        raise TypeError(msg)
    gap = float(max_gap)
    if not gap > 0:
        msg = f"max_gap must be > 0 (inf for no limit), got {max_gap!r}"
        raise ValueError(msg)
    length = _int_arg(min_length, "min_length")
    if length < 0:
        msg = f"min_length must be >= 0, got {length}"
        raise ValueError(msg)
    kk = _soft_minimum(
        _int_arg(k, "k"),
        "k",
        0,
        "k = 0 (no demand, as the reference does)",
        strict=strict,
        notes=notes,
    )
    mm = _soft_minimum(
        _int_arg(m, "m"),
        "m",
        1,
        "0: no pivots watched (M = 0 in the reference)",
        strict=strict,
        notes=notes,
    )
    target = _int_arg(target_size, "target_size")
    if target < 1:
        # the reference reads max(1, target_size); a request to keep nothing is
        # a mistake we refuse rather than silently raise to 1 (issue 33)
        msg = f"target_size must be in [1, {MAX_SIZE}] (events to keep), got {target}"
        raise ValueError(msg)
    rules = Rules(
        strategy_name(strategy), max(kk, 0), max(mm, 0), gap, length, non_focal
    )
    return rules, target
