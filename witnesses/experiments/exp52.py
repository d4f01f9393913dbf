"""Exp52 and Exp53: raw validity under compression with guards (docs/guide/witnesses.md §10).

The paper's section 7.3 states that in its full-scale Exp52/53 raw validity
ties at 1.000 across naive, bridge-preserving and contract-guarded
compression, and between segment-wise and whole-timeline compression (gap
0.000). These functions run both experiments on the package's generators
under any :class:`~witnesses.semantics.Semantics`.

Protocol (docs/guide/witnesses.md §10; where it is silent, our choice is marked *ours*):

* **Exp52**, case ``i``: condition ``i mod 4`` (0 and 1 Bursty with epsilon
  ``[0.2, 0.5, 0.8][i mod 3]``; 2 and 3 MultiBurst), maximum gap 0.11 for
  conditions 1 and 3 and none otherwise, ``k = [1, 2, 3][i mod 3]``,
  ``M = m_values[i mod len(m_values)]``, seed ``i``, target
  ``max(8, round(n * retention))``. Full scale is ``n = 200`` and
  ``M in (5, 10)`` (the published artifact's name); *ours*: 120 cases (ten
  of every combination of condition, ``k`` and ``M``), the grammar
  ``Grammar.parametric(k, max_temporal_gap=gap)``, and every solve with
  ``M`` candidates. Per case the full timeline is solved, then each strategy
  compresses it and the kept events are solved again.
* **Exp53**, seed ``s``: MultiBurst ``n = 200``, ``k = 2``, gap 0.11,
  ``M = 10``; the timeline is split at ``t = 0.5``, each half compressed with
  the contract to ``max(4, round(0.6 size))`` and the kept events of both
  halves solved together, against the whole timeline compressed to
  ``max(8, round(0.6 n))``. *Ours*: 100 seeds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from theory.validation import check_int, check_real
from witnesses._compress._core import compress_with
from witnesses._solve._core import solve
from witnesses.events import Timeline
from witnesses.experiments._timelines import bursty_timeline, multiburst_timeline
from witnesses.grammar import Grammar
from witnesses.semantics import REFERENCE, Semantics, as_semantics

__all__ = ["Exp52Result", "Exp53Result", "exp52", "exp53"]

_EPSILONS = (0.2, 0.5, 0.8)
_KS = (1, 2, 3)
_MAX_CASES = 100_000


@dataclass(frozen=True, slots=True)
class Exp52Result:
    """Counts of Exp52: valid compressed solves per strategy.

    Attributes
    ----------
    semantics : str
    cases : int
    full_valid : int
        Cases whose uncompressed timeline has a valid solve.
    valid : dict of str to int
        Per strategy, cases whose compressed solve is valid.
    contract_kept_valid : tuple of int
        ``(k, n)``: of the ``n`` cases with a valid full solve, ``k`` stay
        valid after the contract's compression (the "theorem candidate").

    Examples
    --------
    >>> from witnesses.experiments.exp52 import Exp52Result
    >>> r = Exp52Result("reference", 4, 4, {"naive": 3, "contract_guarded": 4}, (4, 4))
    >>> r.rate("naive")
    0.75
    """

    semantics: str
    cases: int
    full_valid: int
    valid: dict[str, int]
    contract_kept_valid: tuple[int, int]

    def rate(self, strategy: str) -> float:
        """Share of cases whose compressed solve under ``strategy`` is valid."""
        return self.valid[strategy] / self.cases


@dataclass(frozen=True, slots=True)
class Exp53Result:
    """Counts of Exp53: segment-wise versus whole-timeline compression.

    Attributes
    ----------
    semantics : str
    seeds : int
    segment_valid, whole_valid : int
        Seeds whose compressed solve is valid.

    Examples
    --------
    >>> from witnesses.experiments.exp52 import Exp53Result
    >>> Exp53Result("reference", 4, 4, 3).gap
    0.25
    """

    semantics: str
    seeds: int
    segment_valid: int
    whole_valid: int

    @property
    def gap(self) -> float:
        """``|segment valid rate - whole valid rate|``."""
        return abs(self.segment_valid - self.whole_valid) / self.seeds


def _bounded(value: object, name: str, low: int, high: int) -> int:
    out = check_int(value, name, minimum=low)
    if out > high:
        msg = f"{name} must be in [{low}, {high}], got {value!r}"
        raise ValueError(msg)
    return out


def _case(i: int, n: int) -> tuple[Timeline, float]:
    condition = i % 4
    gap = 0.11 if condition in (1, 3) else math.inf
    if condition < 2:
        return bursty_timeline(n, _EPSILONS[i % 3], i), gap
    return multiburst_timeline(n, i), gap


def exp52(
    *,
    n_cases: int = 120,
    n_events: int = 200,
    m_values: tuple[int, ...] = (5, 10),
    retention: float = 0.5,
    semantics: Semantics | str = REFERENCE,
) -> Exp52Result:
    """Run Exp52 (module docstring) and count valid compressed solves.

    Parameters
    ----------
    n_cases : int, default 120
        Cases ``0 .. n_cases - 1`` (at most 100,000).
    n_events : int, default 200
        Events per timeline (at least 8).
    m_values : tuple of int, default (5, 10)
        ``M`` of case ``i`` is ``m_values[i mod len(m_values)]``.
    retention : float, default 0.5
        Share kept, in ``(0, 1]``.
    semantics : Semantics or str, default REFERENCE
        Strategies (the contract last), solver and counting.

    Returns
    -------
    Exp52Result

    Examples
    --------
    >>> from witnesses.experiments.exp52 import exp52
    >>> r = exp52(n_cases=4, n_events=60)
    >>> r.cases, sorted(r.valid)
    (4, ['bridge_preserving', 'contract_guarded', 'naive'])
    """
    sem = as_semantics(semantics)
    cases = _bounded(n_cases, "n_cases", 1, _MAX_CASES)
    n = _bounded(n_events, "n_events", 8, 10_000)
    if not isinstance(m_values, tuple) or not m_values:
        msg = f"m_values must be a non-empty tuple of ints, got {m_values!r}"
        raise TypeError(msg)
    ms = tuple(_bounded(m, "m_values[i]", 1, 1000) for m in m_values)
    share = check_real(retention, "retention", low=0.0, high=1.0, low_open=True)
    valid = dict.fromkeys(sem.strategies, 0)
    full_valid = kept = 0
    for i in range(cases):
        timeline, gap = _case(i, n)
        k, m = _KS[i % 3], ms[i % len(ms)]
        grammar = Grammar.parametric(k, max_temporal_gap=gap)
        full = solve(
            timeline,
            grammar=grammar,
            m=m,
            **sem.solve_options(),
        )
        full_valid += full.valid
        # a solve depends on the events alone (grammar, m and options fixed per
        # case): strategies that keep the same events share one solve
        solved = {timeline: bool(full.valid)}
        for strategy in sem.strategies:
            packed = compress_with(
                timeline,
                strategy=strategy,
                k=k,
                m=m,
                target_size=max(8, round(n * share)),
                max_gap=gap,
                non_focal=sem.non_focal_development,
            )
            ok = solved.get(packed.timeline)
            if ok is None:
                ok = bool(
                    solve(
                        packed.timeline,
                        grammar=grammar,
                        m=m,
                        **sem.solve_options(),
                    ).valid
                )
                solved[packed.timeline] = ok
            valid[strategy] += ok
            if strategy == sem.contract and full.valid:
                kept += ok
    return Exp52Result(sem.name, cases, full_valid, valid, (kept, full_valid))


def exp53(
    *, n_seeds: int = 100, n_events: int = 200, semantics: Semantics | str = REFERENCE
) -> Exp53Result:
    """Run Exp53 (module docstring): segment-wise versus whole compression.

    Parameters
    ----------
    n_seeds : int, default 100
        MultiBurst seeds ``0 .. n_seeds - 1`` (at most 100,000).
    n_events : int, default 200
        Events per timeline (at least 8).
    semantics : Semantics or str, default REFERENCE
        The contract, solver and counting.

    Returns
    -------
    Exp53Result

    Examples
    --------
    >>> from witnesses.experiments.exp52 import exp53
    >>> r = exp53(n_seeds=2, n_events=80)
    >>> r.seeds, 0 <= r.gap <= 1
    (2, True)
    """
    sem = as_semantics(semantics)
    seeds = _bounded(n_seeds, "n_seeds", 1, _MAX_CASES)
    n = _bounded(n_events, "n_events", 8, 10_000)
    k, m, gap = 2, 10, 0.11
    grammar = Grammar.parametric(k, max_temporal_gap=gap)
    segment_valid = whole_valid = 0
    for seed in range(seeds):
        timeline = multiburst_timeline(n, seed)
        halves = (
            [e.id for e in timeline if e.timestamp < 0.5],
            [e.id for e in timeline if e.timestamp >= 0.5],
        )
        kept: list[str] = []
        for ids in halves:
            if not ids:
                continue
            part = timeline.subset(ids)
            packed = compress_with(
                part,
                strategy=sem.contract,
                k=k,
                m=m,
                target_size=max(4, round(0.6 * len(ids))),
                max_gap=gap,
                non_focal=sem.non_focal_development,
            )
            kept += packed.timeline.ids
        whole = compress_with(
            timeline,
            strategy=sem.contract,
            k=k,
            m=m,
            target_size=max(8, round(0.6 * n)),
            max_gap=gap,
            non_focal=sem.non_focal_development,
        )
        for events, counter in ((timeline.subset(kept), 0), (whole.timeline, 1)):
            ok = solve(
                events,
                grammar=grammar,
                m=m,
                **sem.solve_options(),
            ).valid
            if counter == 0:
                segment_valid += ok
            else:
                whole_valid += ok
    return Exp53Result(sem.name, seeds, segment_valid, whole_valid)
