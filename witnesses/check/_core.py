"""check_compressor itself (private; see :mod:`witnesses.check`)."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from tqdm import tqdm

from algebra import satisfies_contract
from witnesses._compress._loop import min_prefix_for
from witnesses._compress._user import expand_summaries, strategy_name
from witnesses._solve._core import solve
from witnesses._validation import check_int, check_iterable
from witnesses.check._report import CompressorReport, ContractResult, Witness
from witnesses.check._shrink import (
    DEFAULT_SHRINK_CALLS,
    MAX_SHRINK_CALLS,
    Budget,
    Diagnosis,
    Setting,
    breaks_block_contract,
    breaks_invariant,
    breaks_pivot,
    explain_block,
    explain_invariant,
    explain_pivot,
    shrink,
)
from witnesses.events import Event, Timeline
from witnesses.generators import MultiBurstConfig, multiburst
from witnesses.grammar import Grammar
from witnesses.rates import rates
from witnesses.rates.trials import Trial
from witnesses.semantics import REFERENCE, Semantics, as_semantics

__all__ = ["CompressorReport", "ContractResult", "Witness", "check_compressor"]

_GAP = 0.11
_SHRINK_STARTS = 5


def check_compressor(
    fn: Callable[..., Any],
    *,
    k: int,
    m: int = 10,
    semantics: Semantics | str = REFERENCE,
    timelines: Iterable[Timeline] | None = None,
    seeds: Iterable[int] = range(50),
    retentions: Sequence[float] = (0.5, 0.3, 0.1),
    focal: str = "actor_0",
    grammar: Grammar | None = None,
    mirage: bool = True,
    time_scale: str | None = None,
    shrink: bool | int = True,
    progress: bool | None = None,
) -> CompressorReport:
    """Check a user's compression function against both contracts and the mirage.

    Parameters
    ----------
    fn : callable
        ``fn(timeline, *, target_size, k, ...)`` returning the kept events (a
        :class:`Timeline` or event ids), as for :func:`witnesses.compress`.
    k : int
        Development events the grammar demands before the pivot (``>= 0``).
    m : int, default 10
        Pivot candidates the all-pivot invariant watches (``>= 1``).
    semantics : Semantics or str, default REFERENCE
        Which contract judges, how Definition 2 counts development, and the
        solver (:mod:`witnesses.semantics`). ``REFERENCE``: judged by the
        all-pivot invariant (its contract is ``contract_guarded``), the
        reference solver. ``PAPER``: judged by Definition 2 with non-focal
        events as development, the exact solver with the endogenous pivot.
    timelines : iterable of Timeline, optional
        The inputs; by default MultiBurst timelines of 200 events, one per
        seed, as in the retention sweep.
    seeds : iterable of int, default range(50)
        MultiBurst seeds, when ``timelines`` is not given.
    retentions : sequence of float, default (0.5, 0.3, 0.1)
        Shares kept, each in ``(0, 1]``; the target size of a timeline of
        ``n`` events is ``max(8, round(n r))``, as in the sweep.
    focal : str, default "actor_0"
        The focal actor (its events are the pivot candidates).
    grammar : Grammar, optional
        For the solves; default ``Grammar.parametric(k, max_temporal_gap=0.11)``.
    mirage : bool, default True
        Solve the full and the compressed timelines and report the mirage
        diagnostics (set False to check the contracts only, much faster).
    time_scale : {None, "unit"}, default None
        ``"unit"`` rescales each timeline's timestamps to ``[0, 1]``
        (``(t - t_first) / (t_last - t_first)``) before anything else, the
        scale of the default grammar's gap bound; the report says so.
        :func:`witnesses.load_timeline` rescales the same way by default.
    shrink : bool or int, default True
        The witness search's budget, in compressions (calls of ``fn``) over
        every failing input tried: ``True`` is 1,000, an ``int`` in
        ``[1, 100000]`` sets it, ``False`` reports the smallest failing input
        as it is. The witness says whether it is 1-minimal.
    progress : bool, optional
        Show a progress bar of the witness search (on stderr, after one
        second); by default only on a terminal.

    Returns
    -------
    CompressorReport

    Raises
    ------
    TypeError
        If ``fn`` is not callable or an argument has the wrong type.
    ValueError
        For ``k < 0``, ``m < 1``, an unknown semantics, a retention outside
        ``(0, 1]``, no timelines, a focal actor that occurs in no timeline
        (the message lists the actors present), a timestamp scale under
        which the grammar can never be satisfied (with ``mirage=True``; the
        message names the gap bound, the observed gaps and the fix), a bad
        ``shrink``, or when ``fn`` raises, keeps an event that is not in its
        input, returns one twice, edits one, or returns more than
        ``target_size`` events (a broken budget is an error naming ``fn``,
        the target and the count, also during the witness search: keeping
        everything is not "safe"), or when ``fn`` is not deterministic (a
        witness it broke no longer breaks when compressed again to be
        explained: the error names ``fn``, the input's size and the target).

    Notes
    -----
    Both contracts are checked on every compression. The invariant is charged
    to the compressor only when its input satisfied it (an input whose heavy
    pivot sits among the first events violates it before any compression;
    those are counted apart). A contract charged with no compression is
    *not checked* (``holds`` and, when it judges, ``safe`` are None).
    Passing means no violation on the inputs tried: evidence, not a proof.
    Summary events returned by ``fn`` are judged by the monoid, in place of
    the events they replace (:func:`witnesses.compress`). ``VM-D2`` (docs/guide/algebra.md §5), docs/guide/witnesses.md §5-6.

    Examples
    --------
    >>> from witnesses.check import check_compressor
    >>> def last_n(timeline, *, target_size):
    ...     return timeline.ids[-target_size:]
    >>> report = check_compressor(last_n, k=3, seeds=range(4), mirage=False)
    >>> report.block_contract.holds, report.invariant.holds, report.safe
    (True, False, False)
    >>> len(report.invariant.witness.timeline), report.invariant.witness.target_size
    (5, 1)
    >>> report.invariant.witness.suggestion
    "keep the 4 dropped events just before e0183 (e0175, e0176, e0177, e0178); in the policy: pin the 4 events before each of the 10 heaviest 'actor_0' events; the witness ran at target_size=1, so on this witness it needs a target_size of at least 5"
    """
    # the cheap checks first: a typo must not wait for 50 timelines to be drawn
    _check_flag(mirage, "mirage", optional=False)
    _check_flag(progress, "progress", optional=True)
    if time_scale is not None and time_scale != "unit":
        msg = f"time_scale must be None or 'unit', got {time_scale!r}"
        raise ValueError(msg)
    budget_calls = _shrink_budget(shrink)
    setting, retained, sources, solver_grammar = _arguments(
        fn, k, m, semantics, timelines, seeds, retentions, focal, grammar
    )
    notes: list[str] = []
    if time_scale is not None:
        sources = [(label, seed, unit_scale(tl)) for label, seed, tl in sources]
        notes.append(
            "timestamps rescaled to [0, 1] per timeline: t' = (t - t_first) / (t_last - t_first)"
        )
    _check_focal(focal, sources)
    if mirage:
        check_scale(solver_grammar, sources)
    counts: dict[str, Any] = {
        "block": [0, []],
        "invariant": [0, []],
        "pivot": [0, []],
        "skipped": 0,
        "pivotless": 0,
        "n": 0,
    }
    trials: list[Trial] = []
    for label, seed, timeline in sources:
        input_holds = setting.invariant(timeline)
        counts["skipped"] += 0 if input_holds else len(retained)
        has_pivot = setting.block(timeline).w is not None
        counts["pivotless"] += 0 if has_pivot else len(retained)
        full = _solve(setting, timeline, solver_grammar, None) if mirage else None
        for r in retained:
            target = max(8, round(len(timeline) * r))
            counts["n"] += 1
            output = setting.output(timeline, target)
            kept = expand_summaries(output, timeline)
            before, after = setting.block(timeline), setting.block(kept)
            broke = not satisfies_contract(before, after, setting.k)
            _tally(counts, "block", timeline, target, broke=broke)
            broke = input_holds and not setting.invariant(kept)
            _tally(counts, "invariant", timeline, target, broke=broke)
            broke = has_pivot and after.w is None
            _tally(counts, "pivot", timeline, target, broke=broke)
            if full is not None:
                trials.append(
                    _trial(setting, label, seed, r, output, full, solver_grammar)
                )
    show = sys.stderr.isatty() if progress is None else bool(progress)
    with tqdm(
        total=3 * budget_calls,
        desc="shrinking witnesses",
        unit="call",
        disable=not show,
        delay=1.0,
        leave=False,
    ) as bar:
        block = _contract(
            setting, "block", counts, breaks_block_contract, explain_block,
            Budget(budget_calls, bar), shrinking=shrink is not False,
        )  # fmt: skip
        invariant = _contract(
            setting, "invariant", counts, breaks_invariant, explain_invariant,
            Budget(budget_calls, bar), shrinking=shrink is not False,
        )  # fmt: skip
        pivot = _contract(
            setting, "pivot", counts, breaks_pivot, explain_pivot,
            Budget(budget_calls, bar), shrinking=shrink is not False,
        )  # fmt: skip
    cells = tuple(rates(trials, by=["budget"])) if trials else ()
    return CompressorReport.build(
        strategy_name(fn),
        setting.semantics,
        setting.k,
        setting.m,
        block,
        invariant,
        cells,
        judged_by="block" if setting.sem.judged_by_block else "invariant",
        notes=tuple(notes),
        pivot=pivot,
    )


def _tally(
    counts: dict[str, Any], key: str, tl: Timeline, target: int, *, broke: bool
) -> None:
    if broke:
        counts[key][0] += 1
        counts[key][1].append((tl, target))


def _contract(
    s: Setting,
    key: str,
    counts: dict[str, Any],
    breaks: Callable[[Setting, Timeline, int], bool],
    explain: Callable[[Setting, Timeline, int], Diagnosis],
    budget: Budget,
    *,
    shrinking: bool,
) -> ContractResult:
    violations, failures = counts[key]
    skipped = {"invariant": counts["skipped"], "pivot": counts["pivotless"]}.get(key, 0)
    checked = counts["n"] - skipped
    witness = None
    if failures:
        # a Definition 2 violation needs one development event, a lost pivot
        # one pivot; an invariant violation needs an input pivot with p_min(k)
        # events before it
        fewest = min_prefix_for(s.k) + 1 if key == "invariant" else 1
        witness = _witness(
            s,
            failures,
            (breaks, explain),
            fewest,
            budget,
            shrinking=shrinking,
            window=key == "invariant",
        )
    holds = None if checked == 0 else violations == 0
    return ContractResult(key, holds, checked, violations, skipped, witness)


def _witness(
    s: Setting,
    failures: list[tuple[Timeline, int]],
    judge: tuple[
        Callable[[Setting, Timeline, int], bool],
        Callable[[Setting, Timeline, int], Diagnosis],
    ],
    fewest: int,
    budget: Budget,
    *,
    shrinking: bool,
    window: bool,
) -> Witness:
    """Shrink the smallest few failures within the budget and keep the smallest witness.

    ``fewest`` is the fewest events any violation needs; a witness of that
    size ends the search.
    """
    breaks, explain = judge
    starts = sorted(range(len(failures)), key=lambda i: (len(failures[i][0]), i))
    best = None
    for i in starts[: _SHRINK_STARTS if shrinking else 1]:
        timeline, target = failures[i]
        if shrinking:
            small, t, minimal = shrink(
                breaks, s, timeline, target, budget, window=window
            )
        else:
            small, t, minimal = timeline, target, False
        key = (len(small), t)
        if best is None or key < best[0]:
            best = (key, small, t, minimal, len(timeline))
        if len(small) <= fewest or budget.left <= 0:
            break
    _, small, t, minimal, start = best  # type: ignore[misc]
    kept = s.output(small, t).ids
    why = explain(s, small, t)
    return Witness(
        small, t, kept, why.reason, minimal, start, len(small) <= fewest,
        why.pivot, why.removed, why.suggestion, budget.used,
    )  # fmt: skip


def unit_scale(timeline: Timeline) -> Timeline:
    """Return ``timeline`` with timestamps mapped to ``(t - t_first) / (t_last - t_first)``."""
    events = timeline.events
    if not events:
        return timeline
    low, span = events[0].timestamp, timeline.duration
    return Timeline(
        Event(
            e.id,
            (e.timestamp - low) / span if span > 0 else 0.0,
            e.weight,
            e.actors,
            e.causal_parents,
            e.metadata,
        )
        for e in events
    )


def _check_focal(focal: str, sources: list[tuple[str, int | None, Timeline]]) -> None:
    present: set[str] = set()
    for _, _, tl in sources:
        present |= tl.actors
    if focal in present:
        return
    names = sorted(present)
    shown = ", ".join(map(repr, names[:20])) + (", ..." if len(names) > 20 else "")
    msg = (
        f"focal={focal!r} occurs in no timeline, so no event is a pivot candidate "
        f"and nothing would be checked; actors present: {shown or 'none'}; pass "
        "focal= one of them"
    )
    raise ValueError(msg)


def check_scale(
    grammar: Grammar, sources: list[tuple[str, int | None, Timeline]]
) -> None:
    """Refuse a timeline on which no sequence can meet the grammar's gap bound.

    A valid sequence has ``min_length`` events with every gap at most the
    bound; a gap between chosen events is at least the adjacent gaps it
    spans, so such a sequence exists only if some ``min_length``
    consecutive events have every adjacent gap within the bound.
    """
    bound, need = grammar.max_temporal_gap, max(grammar.min_length, 2)
    if not math.isfinite(bound):
        return
    for label, _, tl in sources:
        gaps = [
            b.timestamp - a.timestamp
            for a, b in zip(tl.events, tl.events[1:], strict=False)
        ]
        run = best = 0
        for g in gaps:
            run = run + 1 if g <= bound else 0
            best = max(best, run)
        if best + 1 >= need or len(tl) < need:
            continue
        ordered = sorted(gaps)
        msg = (
            f"{label}: the grammar's gap bound max_temporal_gap={bound:g} cannot be met: "
            f"no {need} consecutive events are that close (adjacent gaps: smallest "
            f"{ordered[0]:g}, median {ordered[len(ordered) // 2]:g}, largest "
            f"{ordered[-1]:g}), so every solve would be invalid; pass time_scale='unit' "
            "to rescale each timeline to [0, 1] (load_timeline does so by default), or "
            "grammar=Grammar.parametric(k, max_temporal_gap=...) in your time unit"
        )
        raise ValueError(msg)


def _shrink_budget(shrink: object) -> int:
    if shrink is True or shrink is False:
        return DEFAULT_SHRINK_CALLS
    if not isinstance(shrink, int):
        msg = f"shrink must be True, False or an int budget of calls, got {shrink!r}"
        raise TypeError(msg)
    return check_int(shrink, "shrink", minimum=1, maximum=MAX_SHRINK_CALLS)


def _solve(s: Setting, timeline: Timeline, grammar: Grammar, forced: str | None) -> Any:
    return solve(
        timeline,
        focal=s.focal,
        grammar=grammar,
        m=s.m,
        pivot_ids=None if forced is None else (forced,),
        **s.sem.solve_options(),
    )


def _trial(
    s: Setting,
    label: str,
    seed: int | None,
    retention: float,
    kept: Timeline,
    full: Any,
    grammar: Grammar,
) -> Trial:
    free = _solve(s, kept, grammar, None)
    tp = full.pivot_id
    fixed = None if tp is None or tp not in kept else _solve(s, kept, grammar, tp)
    return Trial(
        label,
        strategy_name(s.fn),
        budget=retention,
        seed=seed,
        model=f"{s.sem.solver} ({s.semantics})",
        full_pivot=tp,
        chosen_pivot=free.pivot_id,
        raw_validity=free.valid,
        fixed_feasible=None if tp is None else (fixed is not None and fixed.valid),
        full_score=full.score,
        compressed_score=free.score,
    )


def _arguments(
    fn: object,
    k: object,
    m: object,
    semantics: object,
    timelines: Iterable[Timeline] | None,
    seeds: Iterable[int],
    retentions: Iterable[float],
    focal: object,
    grammar: object,
) -> tuple[Setting, list[float], list[tuple[str, int | None, Timeline]], Grammar]:
    if not callable(fn):
        msg = f"fn must be callable, got {fn!r} of type {type(fn).__name__}"
        raise TypeError(msg)
    kk = check_int(k, "k", minimum=0)
    mm = check_int(m, "m", minimum=1)
    if not isinstance(focal, str):
        msg = f"focal must be a str actor name, got {focal!r}"
        raise TypeError(msg)
    setting = Setting(fn, kk, mm, focal, as_semantics(semantics))
    retained = [
        _retention(r) for r in check_iterable(retentions, "retentions", "retentions")
    ]
    if not retained:
        msg = "retentions must not be empty"
        raise ValueError(msg)
    if grammar is None:
        grammar = Grammar.parametric(kk, max_temporal_gap=_GAP)
    if not isinstance(grammar, Grammar):
        msg = f"grammar must be a Grammar, got {type(grammar).__name__}"
        raise TypeError(msg)
    sources = _sources(timelines, seeds)
    return setting, retained, sources, grammar


def _check_flag(value: object, name: str, *, optional: bool) -> None:
    """Refuse a flag that is not a bool (``None`` too when ``optional``)."""
    if isinstance(value, bool | np.bool_) or (optional and value is None):
        return
    allowed = "True, False or None" if optional else "True or False"
    msg = f"{name} must be {allowed}, got {value!r} of type {type(value).__name__}"
    raise TypeError(msg)


def _sources(
    timelines: Iterable[Timeline] | None, seeds: Iterable[int]
) -> list[tuple[str, int | None, Timeline]]:
    if timelines is None:
        out: list[tuple[str, int | None, Timeline]] = []
        for seed in check_iterable(seeds, "seeds", "ints"):
            s = check_int(seed, "seeds", minimum=0)
            out.append(
                (
                    f"multiburst-{s}",
                    s,
                    multiburst(config=MultiBurstConfig(n_events=200), seed=s),
                )
            )
    elif isinstance(timelines, Timeline):
        msg = "timelines must be an iterable of Timeline; wrap a single one: [timeline]"
        raise TypeError(msg)
    else:
        out = []
        for pos, tl in enumerate(check_iterable(timelines, "timelines", "Timeline")):
            if not isinstance(tl, Timeline):
                msg = f"timelines[{pos}] must be a Timeline, got {type(tl).__name__}"
                raise TypeError(msg)
            out.append((f"timelines[{pos}]", None, tl))
    if not out:
        msg = "timelines (or seeds) must not be empty"
        raise ValueError(msg)
    return out


def _retention(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        msg = f"retentions must hold real numbers, got {value!r}"
        raise TypeError(msg)
    if not (math.isfinite(float(value)) and 0.0 < float(value) <= 1.0):
        msg = f"retention must be in (0, 1], got {value!r}"
        raise ValueError(msg)
    return float(value)
