"""Witness shrinking of ``check_compressor``: the window cut, the last ddmin pass, the target floor.

Every compressor here is a small deterministic rule (or a fixed set of ids
to keep), so each witness, its target and the calls spent are derived by
hand from the shrinker's steps (window cut, ddmin, target bisection) and
pinned; minimality is checked by brute force through ``compress``. A
counting wrapper of the user's compressor checks the work the report
claims. The last tests hand ``check_compressor`` a compressor that answers
the same input differently: an error, not a crash or a witness that does
not break.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest

from algebra import satisfies_contract
from witnesses import Event, Timeline, check_compressor, compress
from witnesses.state import paper_block_context

Fn = Callable[..., list[str]]


def _ev(i: int, name: str, actor: str, weight: float = 1.0) -> Event:
    return Event(name, float(i), weight, frozenset({actor}))


def _keeper(keep: set[str]) -> Fn:
    """A compressor that keeps the latest ``target_size`` of a fixed set of ids."""

    def fixed(timeline: Timeline, *, target_size: int) -> list[str]:
        return [i for i in timeline.ids if i in keep][-target_size:]

    return fixed


def _shape(w: object) -> tuple[int, int, int, bool, tuple[str, ...]]:
    return (len(w.timeline), w.target_size, w.calls, w.minimal, w.timeline.ids)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- ddmin's last pass


def _picky(timeline: Timeline, *, target_size: int) -> list[str]:
    # breaks Definition 2 (paper counting, k = 1) exactly when the input has
    # 3+ events, one of them non-focal, and target_size >= 2: it then keeps
    # focal events only; otherwise it keeps the latest non-focal events
    if len(timeline) >= 3 and target_size >= 2:
        return [e.id for e in timeline.focal("f")][-target_size:]
    return [e.id for e in timeline if "f" not in e.actors][-target_size:]


def _twenty() -> Timeline:
    return Timeline(
        _ev(i, f"e{i:02d}", "f" if i % 2 else "x", 1.0 + i % 3) for i in range(20)
    )


def _breaks_d2(tl: Timeline, target: int) -> bool:
    out = compress(tl, focal="f", strategy=_picky, k=1, m=10, target_size=target)
    before = paper_block_context(tl, "f")
    return not satisfies_contract(before, paper_block_context(out.timeline, "f"), 1)


def _picky_report(budget: bool | int, fn: Fn = _picky) -> object:
    return check_compressor(
        fn, k=1, timelines=[_twenty()], retentions=(0.5,), semantics="paper",
        focal="f", mirage=False, shrink=budget,
    )  # fmt: skip


def test_a_three_event_witness_at_target_two_costs_exactly_fifteen_calls() -> None:
    # 20 events at target 10. Pass 1: chunk 10 cuts to e10..e19 at target 9
    # (call 1), chunk 5 to e15..e19 at 4 (2), chunk 2 to e17..e19 at 2 (3);
    # on 3 events chunk 2 tries [e19] and [e17, e18] (4, 5), chunk 1 the three
    # pairs (6-8); the target bisection tries 1 (9) and checks 1 again (10).
    # Pass 2 starts from 3 events at chunk 1: three pairs (11-13) and the
    # target again (14, 15): no change, so the witness is 1-minimal.
    got = {}
    for b in (1, 2, 3, 14):
        got[b] = _shape(_picky_report(b).block_contract.witness)[:4]  # type: ignore[attr-defined]
    assert got == {
        1: (10, 9, 1, False), 2: (5, 4, 2, False), 3: (3, 2, 3, False),
        14: (3, 2, 14, False),
    }  # fmt: skip
    w = _picky_report(True).block_contract.witness  # type: ignore[attr-defined]
    assert _shape(w) == (3, 2, 15, True, ("e17", "e18", "e19"))
    assert _shape(_picky_report(15).block_contract.witness) == _shape(w)  # type: ignore[attr-defined]


def test_the_finished_witness_is_minimal_by_brute_force() -> None:
    w = _picky_report(True).block_contract.witness  # type: ignore[attr-defined]
    ids = list(w.timeline.ids)
    breaking = {
        (sub, t)
        for n in range(1, len(ids) + 1)
        for sub in combinations(ids, n)
        for t in range(1, len(ids) + 1)
        if _breaks_d2(w.timeline.subset(list(sub)), t)
    }
    # only the whole witness breaks, at its target or above: no event, no
    # run of events and no unit of target can go
    assert breaking == {(tuple(ids), 2), (tuple(ids), 3)}
    assert w.target_size == 2
    assert w.kept == ("e17", "e19")


def test_the_report_counts_every_call_of_the_users_compressor() -> None:
    seen: list[tuple[int, int]] = []

    def counted(timeline: Timeline, *, target_size: int) -> list[str]:
        seen.append((len(timeline), target_size))
        return _picky(timeline, target_size=target_size)

    w = _picky_report(True, counted).block_contract.witness  # type: ignore[attr-defined]
    # one compression per input and retention, the 15 of the search, then
    # the witness's kept events and its diagnosis compress it once each
    assert w.calls == 15
    assert len(seen) == 1 + 15 + 2
    assert seen[0] == (20, 10) and seen[-2:] == [(3, 2), (3, 2)]
    # the search's calls, in order (ddmin's trials of fewer than 2 events
    # run at target 1; the target bisection's floor is checked twice)
    assert seen[1:16] == [
        (10, 9), (5, 4), (3, 2), (1, 1), (2, 1), (2, 1), (2, 1), (2, 1),
        (3, 1), (3, 1), (2, 1), (2, 1), (2, 1), (3, 1), (3, 1),
    ]  # fmt: skip


# ---------------------------------------------------------------- the window cut


def _early_pivot() -> Timeline:
    # x0..x3, the only focal event f4 (4 events before it: j_dev = 3 = k),
    # then x5..x12
    return Timeline(
        [_ev(i, f"x{i}", "x") for i in range(4)]
        + [_ev(4, "f4", "f", 5.0)]
        + [_ev(i, f"x{i}", "x") for i in range(5, 13)]
    )


def test_the_window_starts_at_the_first_event_and_runs_below_its_kept_count() -> None:
    # the compressor drops x0 only (target 12 of 13): f4 keeps 3 events
    # before it, j_dev = 2 < 3. The window is f4 and the 4 events before it,
    # x0 included (it starts at the first event); 4 of its 5 events were
    # kept, so it runs at target 4 = its length - 1, and breaks: the first
    # call already gives the 5-event witness
    tl = _early_pivot()
    fn = _keeper(set(tl.ids) - {"x0"})
    got = {}
    for budget in (1, 3, True):
        report = check_compressor(
            fn, k=3, timelines=[tl], retentions=(0.9,), focal="f",
            mirage=False, shrink=budget,
        )  # fmt: skip
        assert report.block_contract.witness is None
        got[str(budget)] = _shape(report.invariant.witness)
    window = ("x0", "x1", "x2", "x3", "f4")
    assert got == {
        "1": (5, 4, 1, False, window),
        "3": (5, 4, 3, False, window),
        "True": (5, 1, 19, True, window),
    }


def test_the_window_cut_follows_the_pivot_below_k_not_one_at_k() -> None:
    # kept: a3 p2 b7 b8 p1 c10..c20. p1 (heavier) has 4 kept events before it,
    # j_dev = 3 = k: not broken; p2 has 1, j_dev = 0: broken. The cut is p2
    # and the 4 events before it, at target 2 (its kept a3 and p2)
    tl = Timeline(
        [_ev(i, f"a{i}", "x") for i in range(4)]
        + [_ev(4, "p2", "f", 1.0)]
        + [_ev(i, f"b{i}", "x") for i in range(5, 9)]
        + [_ev(9, "p1", "f", 5.0)]
        + [_ev(i, f"c{i}", "x") for i in range(10, 21)]
    )
    fn = _keeper({"a3", "p2", "b7", "b8", "p1"} | {f"c{i}" for i in range(10, 21)})
    got = {}
    for budget in (1, True):
        report = check_compressor(
            fn, k=3, timelines=[tl], retentions=(0.8,), focal="f",
            mirage=False, shrink=budget,
        )  # fmt: skip
        got[str(budget)] = _shape(report.invariant.witness)
        assert report.invariant.witness.pivot == "p2"  # type: ignore[union-attr]
    window = ("a0", "a1", "a2", "a3", "p2")
    assert got == {
        "1": (5, 2, 1, False, window),
        "True": (5, 1, 18, True, window),
    }


# ---------------------------------------------------------------- the lost pivot's diagnosis


def _no_focal(timeline: Timeline, *, target_size: int) -> list[str]:
    return [e.id for e in timeline if "f" not in e.actors][-target_size:]


def test_the_lost_pivot_reason_counts_the_inputs_focal_events() -> None:
    tl = Timeline(
        [_ev(i, f"x{i}", "x") for i in range(3)]
        + [_ev(3, "f3", "f", 2.0), _ev(4, "f4", "f", 3.0)]
    )
    for budget, reason in (
        (
            False,
            "the input has 2 'f' events (pivot candidates; its pivot is f4) and the "
            "compressed block keeps 3 events, none of them 'f': it has no pivot",
        ),
        (
            True,
            "the input has 1 'f' event (pivot candidates; its pivot is f4) and the "
            "compressed block keeps no event: it has no pivot",
        ),
    ):
        report = check_compressor(
            _no_focal, k=1, timelines=[tl], retentions=(0.5,), semantics="paper",
            focal="f", mirage=False, shrink=budget,
        )  # fmt: skip
        assert report.block_contract.witness is None
        assert report.invariant.witness is None
        assert report.pivot_kept is not None
        w = report.pivot_kept.witness
        assert w is not None
        assert w.reason.startswith(reason), w.reason
        assert w.removed == ("f4",)


# ---------------------------------------------------------------- a compressor that changes its mind


def _first_call_only(breaking: Fn, safe: Fn) -> Fn:
    calls = [0]

    def fickle(timeline: Timeline, *, target_size: int) -> list[str]:
        calls[0] += 1
        fn = breaking if calls[0] == 1 else safe
        return fn(timeline, target_size=target_size)

    return fickle


def _latest(timeline: Timeline, *, target_size: int) -> list[str]:
    return list(timeline.ids[-target_size:])


def _nothing(timeline: Timeline, *, target_size: int) -> list[str]:
    return []


def _focal_only(timeline: Timeline, *, target_size: int) -> list[str]:
    return [e.id for e in timeline.focal("f")][-target_size:]


def _keeps_heaviest_focal(timeline: Timeline, *, target_size: int) -> list[str]:
    top = max(timeline.focal("f"), key=lambda e: e.weight).id
    rest = [e.id for e in timeline if "f" not in e.actors][-(target_size - 1) :]
    return [top, *(rest if target_size > 1 else [])]


@pytest.mark.parametrize("budget", [True, 7, False])
def test_a_compressor_that_breaks_only_once_is_an_error_not_a_crash(
    budget: bool | int,
) -> None:
    # the invariant broke in the sweep; every later call keeps nothing (no
    # pivot, the invariant holds vacuously): the window cut finds no broken
    # pivot, ddmin nothing, and the witness no longer breaks when explained
    tl = Timeline(
        [_ev(i, f"x{i}", "x") for i in range(12)]
        + [_ev(12, "f12", "f", 5.0)]
        + [_ev(i, f"x{i}", "x") for i in range(13, 20)]
    )
    fickle = _first_call_only(_latest, _nothing)
    with pytest.raises(ValueError, match=r"^strategy 'fickle' is not determ") as e:
        check_compressor(
            fickle, k=3, timelines=[tl], retentions=(0.4,), focal="f",
            mirage=False, shrink=budget,
        )  # fmt: skip
    message = str(e.value)
    assert "broke the all-pivot invariant once and keeps it when run again" in message
    assert "seed its randomness" in message


@pytest.mark.parametrize("budget", [True, False])
def test_a_definition_2_break_that_does_not_recur_is_an_error(budget: bool) -> None:
    tl = Timeline(_ev(i, f"e{i:02d}", "f" if i % 2 else "x") for i in range(16))
    fickle = _first_call_only(_focal_only, _no_focal)
    with pytest.raises(
        ValueError, match=r"input at target_size=\d+ broke VM Definition 2 once"
    ):
        check_compressor(
            fickle, k=1, timelines=[tl], retentions=(0.5,), semantics="paper",
            focal="f", mirage=False, shrink=budget,
        )  # fmt: skip


@pytest.mark.parametrize("budget", [True, False])
def test_a_lost_pivot_that_is_kept_on_a_second_call_is_an_error(budget: bool) -> None:
    tl = Timeline(
        _ev(i, f"e{i:02d}", "f" if i % 2 else "x", 1.0 + i % 3) for i in range(16)
    )
    fickle = _first_call_only(_no_focal, _keeps_heaviest_focal)
    with pytest.raises(ValueError, match="broke the input's pivot once") as e:
        check_compressor(
            fickle, k=1, timelines=[tl], retentions=(0.5,), semantics="paper",
            focal="f", mirage=False, shrink=budget,
        )  # fmt: skip
    if budget is False:  # the unshrunk failure: the whole input at its target
        assert str(e.value).startswith(
            "strategy 'fickle' is not deterministic: compressing the same 16-event "
            "input at target_size=8 broke the input's pivot once"
        )
