"""Witness shrinking and diagnosis of ``check_compressor``, pinned exactly.

Each value here was derived from the shrinker's rules (window bisection,
ddmin, target bisection, the shared call budget) and confirmed by running;
the 1-minimality claim is checked independently through ``compress``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from witnesses import (
    Event,
    MultiBurstConfig,
    Timeline,
    check_compressor,
    compress,
    load_timeline,
    multiburst,
)
from witnesses.state import build_context_state, no_absorption_invariant

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "docs" / "examples" / "agent_log.csv"
MAPPING = {
    "id": "step",
    "timestamp": "unix_time",
    "weight": "salience",
    "actors": "agents",
}


def sliding_window(timeline: Timeline, *, target_size: int) -> tuple[str, ...]:
    return timeline.ids[-target_size:]


def focal_only(timeline: Timeline, *, target_size: int) -> list[str]:
    return [e.id for e in timeline.focal("f")][-target_size:]


def _log() -> Timeline:
    return load_timeline(LOG, mapping=MAPPING)


def _shape(w: object) -> tuple[int, int, int, bool] | None:
    if w is None:
        return None
    return (len(w.timeline), w.target_size, w.calls, w.minimal)  # type: ignore[attr-defined]


def _breaks_invariant(tl: Timeline, target: int) -> bool:
    holds = no_absorption_invariant(build_context_state(tl, "agent", m=10), 3)
    out = compress(
        tl, focal="agent", strategy=sliding_window, k=3, m=10, target_size=target
    )
    return holds and not out.invariant_holds


# the agent log's invariant witness for each budget: the window cut bisects
# (40 -> 30 -> 25 -> 23 -> 21 events), then ddmin and the target bisection
# reach 14 events at target_size 1; the flag says whether the search finished
LOG_BUDGETS = {
    1: (40, 20, 1, False), 7: (40, 20, 7, False), 8: (30, 20, 8, False),
    11: (30, 20, 11, False), 12: (25, 20, 12, False), 16: (25, 20, 16, False),
    17: (23, 20, 17, False), 29: (23, 20, 29, False), 40: (21, 20, 40, False),
    60: (14, 1, 60, False), 100: (14, 1, 100, True), 212: (14, 1, 212, True),
}  # fmt: skip


def test_each_budget_on_the_agent_log_gives_its_pinned_witness() -> None:
    log = _log()
    got = {}
    for budget in LOG_BUDGETS:
        report = check_compressor(
            sliding_window,
            k=3,
            timelines=[log],
            focal="agent",
            mirage=False,
            shrink=budget,
        )
        got[budget] = _shape(report.invariant.witness)
    assert got == LOG_BUDGETS
    full = check_compressor(
        sliding_window, k=3, timelines=[log], focal="agent", mirage=False
    )
    assert _shape(full.invariant.witness) == (14, 1, 212, True)


def test_the_finished_witness_is_one_minimal_by_an_independent_check() -> None:
    log = _log()
    report = check_compressor(
        sliding_window, k=3, timelines=[log], focal="agent", mirage=False
    )
    w = report.invariant.witness
    assert w is not None and w.minimal
    ids = list(w.timeline.ids)
    assert _breaks_invariant(w.timeline, w.target_size)
    for i in range(len(ids)):
        fewer = log.subset(ids[:i] + ids[i + 1 :])
        t = max(1, min(w.target_size, len(fewer) - 1))
        assert not _breaks_invariant(fewer, t), ids[i]
    # target 1 cannot be lowered; the witness's target is the floor
    assert w.target_size == 1


def test_each_budget_on_the_long_timeline_gives_its_pinned_witness() -> None:
    tl = multiburst(config=MultiBurstConfig(n_events=1000), seed=3)
    got = {}
    for budget in (1, 3, 8, 10, 17, 18, True):
        report = check_compressor(
            sliding_window,
            k=3,
            timelines=[tl],
            retentions=(0.02,),
            mirage=False,
            shrink=budget,
        )
        got[str(budget)] = _shape(report.invariant.witness)
        assert report.block_contract.witness is None
    assert got == {
        "1": (5, 2, 1, False), "3": (5, 2, 3, False), "8": (5, 2, 8, False),
        "10": (5, 1, 10, False), "17": (5, 1, 17, False), "18": (5, 1, 18, True),
        "True": (5, 1, 18, True),
    }  # fmt: skip


def _alternating(n: int) -> Timeline:
    return Timeline(
        Event(
            f"e{i:02d}", float(i), 1.0 + (i % 3), frozenset({"f"} if i % 2 else {"x"})
        )
        for i in range(n)
    )


def test_each_budget_on_a_paper_block_violation_gives_its_pinned_witness() -> None:
    got = {}
    for budget in (1, 2, 3, 4, 5, True):
        report = check_compressor(
            focal_only, k=3, timelines=[_alternating(16)], retentions=(0.5,),
            semantics="paper", focal="f", mirage=False, shrink=budget,
        )  # fmt: skip
        got[str(budget)] = _shape(report.block_contract.witness)
    # the 1-event witness lacks exactly one development event
    w = report.block_contract.witness
    assert w is not None and w.suggestion.startswith(
        f"keep 1 more of the dropped development events ({w.timeline.ids[0]}); "
    )
    assert got == {
        "1": (8, 7, 1, False), "2": (4, 3, 2, False), "3": (2, 1, 3, False),
        "4": (2, 1, 4, False), "5": (1, 1, 5, True), "True": (1, 1, 5, True),
    }  # fmt: skip


def _split(nx: int, nf: int) -> Timeline:
    xs = [Event(f"x{i}", float(i), 1.0, frozenset({"x"})) for i in range(nx)]
    fs = [Event(f"f{i}", float(nx + i), 2.0, frozenset({"f"})) for i in range(nf)]
    return Timeline(xs + fs)


def _block(fn: object, tl: Timeline, k: int, semantics: str) -> object:
    report = check_compressor(
        fn,  # type: ignore[arg-type]
        k=k, timelines=[tl], retentions=(0.5,), semantics=semantics,
        focal="f", mirage=False, shrink=False,
    )  # fmt: skip
    return report.block_contract.witness


def test_paper_block_diagnosis_counts_only_non_focal_events_as_gone() -> None:
    # 7 non-focal then 9 focal events, target 8: the focal-only policy keeps
    # f1..f8; d_total(B) = 7 non-focal events, d_total(mu(B)) = 0, so all 7 are
    # missing (the dropped focal f0 is not development under paper counting);
    # 8 + 7 - 8 = 7 over the target, which 7 fewer of the 8 kept would also fit
    w = _block(focal_only, _split(7, 9), 8, "paper")
    assert w.pivot == "f0"  # type: ignore[attr-defined]
    assert w.removed == ("x0", "x1", "x2", "x3", "x4", "x5", "x6")  # type: ignore[attr-defined]
    assert w.suggestion == (  # type: ignore[attr-defined]
        "keep 7 more of the dropped development events (x0, x1, x2, x3, x4, x5, x6); "
        "in the policy: never go below min(d_total, k) = 7 non-focal events; the "
        "witness ran at target_size=8, so on this witness it needs a target_size of at least 15 "
        "or 7 fewer other kept events"
    )
    assert w.reason.endswith("min(7, 8) = 7; d_total counts non-focal events")  # type: ignore[attr-defined]
    # 8 missing at target 8: over = 8 = every kept event, so no "fewer" clause
    w = _block(focal_only, _split(8, 8), 8, "paper")
    assert w.suggestion.endswith("needs a target_size of at least 16")  # type: ignore[attr-defined]
    assert len(w.removed) == 8  # type: ignore[attr-defined]


def test_paper_block_diagnosis_subtracts_the_kept_development() -> None:
    # alternating events, last 8 kept: 4 non-focal kept of the 8 needed
    w = _block(sliding_window, _alternating(16), 8, "paper")
    assert w.removed == ("e00", "e02", "e04", "e06")  # type: ignore[attr-defined]
    assert w.suggestion == (  # type: ignore[attr-defined]
        "keep 4 more of the dropped development events (e00, e02, e04, e06); in the "
        "policy: never go below min(d_total, k) = 8 non-focal events; the witness ran "
        "at target_size=8, so on this witness it needs a target_size of at least 12 or 4 fewer "
        "other kept events"
    )


def test_reference_block_diagnosis_counts_every_dropped_event() -> None:
    # reference counting: d_total(mu(B)) = 8 - ceil(1.6) = 6 < 8; p_min(8) = 10
    # events, 8 kept, so the last 2 dropped events, focal or not
    w = _block(focal_only, _split(7, 9), 8, "reference")
    assert w.removed == ("x6", "f0")  # type: ignore[attr-defined]
    assert w.suggestion == (  # type: ignore[attr-defined]
        "keep 2 more of the dropped development events (x6, f0); in the policy: never "
        "go below min(d_total, k) = 8 development-eligible events; the witness ran at "
        "target_size=8, so on this witness it needs a target_size of at least 10 or 2 fewer other "
        "kept events"
    )


def _fussy_at(events: int, target: int) -> Callable[..., list[str]]:
    """A compressor that breaks the paper block contract only from ``events``
    events at target ``target`` on, so that ddmin stops at ``events`` events
    and the target bisection at ``target``: every single removal is tried,
    twice, and the whole search costs a known number of compressions."""

    def fussy(timeline: Timeline, *, target_size: int) -> list[str]:
        if len(timeline) >= events and target_size >= target:
            return [e.id for e in timeline.focal("f")][-target_size:]
        return [e.id for e in timeline if "f" not in e.actors][-min(target_size, 3) :]

    return fussy


def _block_witness(
    tl: Timeline, fussy: Callable[..., list[str]], budget: bool | int
) -> tuple[int, int, int, bool] | None:
    report = check_compressor(
        fussy, k=3, timelines=[tl], retentions=(0.5,),
        semantics="paper", focal="f", mirage=False, shrink=budget,
    )  # fmt: skip
    return _shape(report.block_contract.witness)


def test_the_default_budget_is_exactly_1000_calls() -> None:
    # 1000 events breaking from 300 at target 100: the whole search would
    # cost 1096 compressions, so the default budget stops it at exactly 1000
    assert _block_witness(_alternating(1000), _fussy_at(300, 100), True) == (
        300, 100, 1000, False,
    )  # fmt: skip


def test_a_budget_of_exactly_the_search_cost_finishes_it() -> None:
    # 100 events breaking from 30 at target 10: the search costs 111
    # compressions; one fewer leaves the witness unfinished (not minimal)
    fussy = _fussy_at(30, 10)
    got = {b: _block_witness(_alternating(100), fussy, b) for b in (110, 111, 112)}
    assert got == {
        110: (30, 10, 110, False),
        111: (30, 10, 111, True),
        112: (30, 10, 111, True),
    }


def test_window_bisection_cut_short_by_the_budget_keeps_its_best_window() -> None:
    # on these timelines the first window fails and the cut doubles then
    # bisects; a budget spent in the bisection keeps the best window so far
    got = {}
    for n, seed in ((100, 0), (100, 3), (200, 1)):
        tl = multiburst(config=MultiBurstConfig(n_events=n), seed=seed)
        for budget in (3, 5, 8, 12, True):
            report = check_compressor(
                sliding_window, k=3, timelines=[tl], retentions=(0.3, 0.1),
                mirage=False, shrink=budget,
            )  # fmt: skip
            got[f"{n}/{seed}/{budget}"] = _shape(report.invariant.witness)
    assert got == {
        "100/0/3": (17, 3, 3, False), "100/0/5": (15, 3, 5, False),
        "100/0/8": (7, 3, 8, False), "100/0/12": (6, 3, 12, False),
        "100/0/True": (5, 1, 27, True), "100/3/3": (100, 10, 3, False),
        "100/3/5": (33, 1, 5, False), "100/3/8": (27, 1, 8, False),
        "100/3/12": (13, 1, 12, False), "100/3/True": (5, 1, 32, True),
        "200/1/3": (9, 4, 3, False), "200/1/5": (9, 4, 5, False),
        "200/1/8": (5, 4, 8, False), "200/1/12": (5, 4, 12, False),
        "200/1/True": (5, 1, 25, True),
    }  # fmt: skip
