"""Exp52 solves each distinct kept timeline of a case once (issue 30).

Strategies that keep the same events (and a compression that keeps the whole
timeline) share one solve. The counts must equal those of the old loop, which
solved every compressed timeline: checked with the real solver, and with a
stand-in solver whose validity depends on the events (the real one says
"valid" almost always, which would hide a solve reused for the wrong events).
"""

from __future__ import annotations

import hashlib
from types import SimpleNamespace
from typing import Any

import pytest

import witnesses.experiments.exp52 as mod
from witnesses.experiments.exp52 import Exp52Result, exp52
from witnesses.grammar import Grammar
from witnesses.semantics import as_semantics


def _every_solve(
    *,
    n_cases: int,
    n_events: int,
    m_values: tuple[int, ...] = (5, 10),
    retention: float = 0.5,
    semantics: str = "reference",
) -> Exp52Result:
    """Exp52 as it was before the shared solves: one solve per strategy."""
    sem = as_semantics(semantics)
    valid = dict.fromkeys(sem.strategies, 0)
    full_valid = kept = 0
    for i in range(n_cases):
        timeline, gap = mod._case(i, n_events)
        k, m = mod._KS[i % 3], m_values[i % len(m_values)]
        grammar = Grammar.parametric(k, max_temporal_gap=gap)
        full = mod.solve(timeline, grammar=grammar, m=m, **sem.solve_options())
        full_valid += full.valid
        for strategy in sem.strategies:
            packed = mod.compress_with(
                timeline,
                strategy=strategy,
                k=k,
                m=m,
                target_size=max(8, round(n_events * retention)),
                max_gap=gap,
                non_focal=sem.non_focal_development,
            )
            free = mod.solve(
                packed.timeline, grammar=grammar, m=m, **sem.solve_options()
            )
            valid[strategy] += free.valid
            if strategy == sem.contract and full.valid:
                kept += free.valid
    return Exp52Result(sem.name, n_cases, full_valid, valid, (kept, full_valid))


def _fake_solve(calls: list[int]) -> Any:
    """A solver whose validity is a hash of the events, grammar and m."""

    def solve(timeline: Any, *, grammar: Any, m: int, **options: Any) -> Any:
        calls.append(1)
        text = repr((timeline.events, grammar, m, sorted(options.items())))
        digest = hashlib.sha256(text.encode()).digest()
        return SimpleNamespace(valid=digest[0] % 2 == 0)

    return solve


@pytest.mark.parametrize("semantics", ["reference", "paper"])
@pytest.mark.parametrize("retention", [0.5, 0.95])
def test_shared_solves_match_every_solve_with_event_dependent_validity(
    monkeypatch: pytest.MonkeyPatch, semantics: str, retention: float
) -> None:
    calls: list[int] = []
    monkeypatch.setattr(mod, "solve", _fake_solve(calls))
    old = _every_solve(
        n_cases=24, n_events=40, retention=retention, semantics=semantics
    )
    n_old = len(calls)
    calls.clear()
    new = exp52(n_cases=24, n_events=40, retention=retention, semantics=semantics)
    assert new == old
    assert n_old == 24 * (1 + len(as_semantics(semantics).strategies))
    assert len(calls) < n_old  # some kept timelines were shared
    # the stand-in's validity varies, so a solve reused for other events shows
    assert 0 < sum(old.valid.values()) < 24 * len(old.valid)


@pytest.mark.parametrize("semantics", ["reference", "paper"])
def test_shared_solves_match_every_solve_with_the_real_solver(semantics: str) -> None:
    args: dict[str, Any] = {"n_cases": 8, "n_events": 50, "semantics": semantics}
    assert exp52(**args) == _every_solve(**args)
