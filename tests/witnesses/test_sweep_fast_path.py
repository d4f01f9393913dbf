"""The sweep's shared work (issue 30) against one compression and one solve per row.

:func:`witnesses.experiments.sweep.sweep_cell` runs each strategy's drop loop once for
every retention (the loop's choices do not depend on the target, so each
target's run is a prefix of a smaller target's) and solves equal kept
timelines of a seed once. Here every row, and every compression result in
full, is compared with the straightforward cell: for each retention and
strategy, one public :func:`witnesses.compress` call and one free and one
forced :func:`witnesses.solve`, as the sweep did before issue 30, with the
solver of that time (``tests/witnesses/reference_solver_v1.py``) swapped in
as a patch target for the sweep-sized timelines.
"""

from __future__ import annotations

import dataclasses
import pkgutil
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.witnesses import reference_solver_v1
from witnesses import Event, Timeline, compress, solve
from witnesses.experiments.sweep import RETENTIONS, grammar, sweep_cell
from witnesses.generators import multiburst
from witnesses.semantics import REFERENCE
from witnesses.strategies import event_timelines

_ROW = "witnesses.experiments.sweep._row"
_CORE = "witnesses._solve._core._reference"


def _encode(tl: Timeline) -> list[list[Any]]:
    return [
        [e.id, e.timestamp, e.weight, sorted(e.actors), list(e.causal_parents)]
        for e in tl
    ]


def _slow_cell(tl: Timeline, retentions: list[float]) -> tuple[list[Any], list[Any]]:
    """The cell as before issue 30: rows, and each row's compression result."""
    g = grammar()
    full = solve(tl, grammar=g, m=10)
    rows, packs = [], []
    for retention in retentions:
        target = max(8, round(len(tl) * retention))
        for strategy in REFERENCE.strategies:
            packed = compress(
                tl, strategy=strategy, k=3, m=10, target_size=target,
                max_gap=0.11, min_length=4,
            )  # fmt: skip
            free = solve(packed.timeline, grammar=g, m=10)
            fixed = None
            if full.pivot_id is not None:
                fixed = solve(packed.timeline, grammar=g, pivot_ids=(full.pivot_id,))
            rows.append(
                {
                    "strategy": strategy,
                    "kept": packed.output_size,
                    "full_pivot": full.pivot_id,
                    "full_score": full.score,
                    "chosen_pivot": free.pivot_id,
                    "compressed_score": free.score,
                    "fixed_score": None if fixed is None else fixed.score,
                    "rejected_gap_guard": packed.rejected_gap_guard,
                }
            )
            packs.append(packed)
    return rows, packs


def _fast_cell(cell: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """sweep_cell's rows (the keys _slow_cell keeps), and its compression results."""
    packs: list[Any] = []
    real = pkgutil.resolve_name(_ROW)  # the patch target's original

    def spy(*args: Any) -> dict[str, Any]:
        packs.append(args[4])
        return real(*args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_ROW, spy)
        rows = sweep_cell(cell)
    keys = ("strategy", "kept", "full_pivot", "full_score", "chosen_pivot",
            "compressed_score", "fixed_score", "rejected_gap_guard")  # fmt: skip
    return [{k: r[k] for k in keys} for r in rows], packs


def _same_compression(got: Any, want: Any) -> None:
    assert got.timeline.events == want.timeline.events
    assert dataclasses.replace(got, timeline=want.timeline) == want


# suite budget (issue 30): 100 examples under the ci profile, the profile's own
# number (25) under dev; a regression check of a fast path against the old one
@settings(max_examples=min(100, settings().max_examples))
@given(
    event_timelines(min_size=8, max_size=40),
    st.lists(st.sampled_from(RETENTIONS), min_size=1, max_size=5, unique=True),
)
def test_sweep_cell_equals_one_compression_and_solve_per_row(
    tl: Timeline, retentions: list[float]
) -> None:
    """Random timelines (ties in time and weight, gaps beyond 0.11) and retentions."""
    cell = {"retentions": retentions, "seed": 0, "semantics": "reference",
            "timeline": _encode(tl), "focal": "actor_0"}  # fmt: skip
    want_rows, want_packs = _slow_cell(tl, retentions)
    got_rows, got_packs = _fast_cell(cell)
    assert got_rows == want_rows
    assert len(got_packs) == len(want_packs) == 3 * len(retentions)
    for got, want in zip(got_packs, want_packs, strict=True):
        _same_compression(got, want)


@pytest.mark.parametrize("seed", [4, 23])
def test_sweep_cell_equals_the_previous_sweep_on_multiburst(seed: int) -> None:
    """Sweep seeds, all nine retentions, against the cell with the previous solver."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_CORE, reference_solver_v1)
        want_rows, want_packs = _slow_cell(multiburst(seed=seed), list(RETENTIONS))
    cell = {"retentions": list(RETENTIONS), "seed": seed, "semantics": "reference"}
    got_rows, got_packs = _fast_cell(cell)
    assert got_rows == want_rows
    for got, want in zip(got_packs, want_packs, strict=True):
        _same_compression(got, want)
    # a real comparison: solved rows, and kept timelines shared between strategies
    assert all(r["compressed_score"] is not None for r in want_rows)
    assert any(
        a.timeline.events == b.timeline.events
        for a, b in zip(want_packs[::3], want_packs[1::3], strict=True)
    )


def _summarise_the_end(timeline: Timeline, *, target_size: int) -> Timeline:
    """A user strategy: eight late focal events, then all later ones as one event.

    The kept ids are the same at every target, but the summary's weight is
    the target, so equal ids hold other events.
    """
    focal = [e.id for e in timeline.events if "actor_0" in e.actors]
    tail = timeline.subset(focal[-10:-2])
    last = tail.events[-1].timestamp
    replaced = [e for e in timeline.events if e.timestamp > last]
    summary = Event(
        "summary",
        replaced[-1].timestamp,
        float(target_size),
        {"actor_0"},
        metadata={"summary_of": [e.id for e in replaced]},
    )
    return Timeline([*tail, summary])


def test_equal_ids_with_other_events_are_solved_again() -> None:
    """The per-seed solve cache matches kept timelines by their events, not ids."""
    tl = multiburst(seed=2)
    cell = {
        "retentions": [0.3, 0.35],
        "seed": 2,
        "semantics": "reference",
        "strategies": [["mine", "callable summarise"]],
    }
    rows = sweep_cell(cell, callables={"mine": _summarise_the_end})
    scores = []
    for row, target in zip(rows, [60, 70], strict=True):
        kept = compress(
            tl, strategy=_summarise_the_end, k=3, m=10, target_size=target,
            max_gap=0.11, min_length=4,
        ).timeline  # fmt: skip
        scores.append(solve(kept, grammar=grammar(), m=10).score)
        assert row["compressed_score"] == scores[-1]
    assert scores[0] is not None and scores[0] != scores[1]
