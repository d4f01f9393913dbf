"""Users' compressors: callable strategies, retention sweeps and check_compressor.

The witnesses reported are re-verified here with the public contract functions
(``satisfies_contract``, ``build_context_state``, ``no_absorption_invariant``),
and their 1-minimality by removing each event in turn.
"""

import json

import pytest

from algebra import satisfies_contract
from witnesses import (
    PAPER,
    Event,
    Grammar,
    Timeline,
    Trial,
    check_compressor,
    compress,
    multiburst,
    solve,
)
from witnesses.experiments.sweep import retention_sweep
from witnesses.generators import MultiBurstConfig
from witnesses.rates import rates
from witnesses.semantics import PAPER_ELIGIBLE
from witnesses.state import (
    build_context_state,
    no_absorption_invariant,
    paper_block_context,
    reference_block_context,
)

FOCAL = "actor_0"


def sliding_window(timeline, *, target_size):
    """Keep the last ``target_size`` events."""
    return timeline.ids[-target_size:]


def keep_heaviest(timeline, *, target_size):
    """Keep the ``target_size`` heaviest events."""
    ranked = sorted(timeline, key=lambda e: (-e.weight, e.timestamp, e.id))
    return [e.id for e in ranked[:target_size]]


def pinned_window(timeline, *, target_size, k, m, focal):
    """Pin the opening 2k events and the m heaviest focal events; fill with the latest."""
    heavy = sorted(
        (e for e in timeline if focal in e.actors),
        key=lambda e: (-e.weight, e.timestamp, e.id),
    )
    pins = {e.id for e in heavy[:m]} | set(timeline.ids[: 2 * k])
    recent = [i for i in reversed(timeline.ids) if i not in pins]
    return pins | set(recent[: max(0, target_size - len(pins))])


def focal_only(timeline, *, target_size, focal):
    """Keep only the latest focal events: drops every development event."""
    return [e.id for e in timeline if focal in e.actors][-target_size:]


def keep_all(timeline, **_):
    """Keep everything (ignores the target)."""
    return timeline


@pytest.fixture(scope="module")
def timeline():
    return multiburst(config=MultiBurstConfig(n_events=60), seed=3)


# --- compress(strategy=<callable>) ---


def test_compress_callable_ids_and_timeline(timeline):
    r = compress(timeline, strategy=sliding_window, k=3, m=10, target_size=12)
    assert r.kept_ids == timeline.ids[-12:]
    assert r.strategy == "sliding_window"
    assert r.dropped == timeline.ids[:-12]
    assert r.drops_accepted == 48 and r.reached_target
    state = build_context_state(r.timeline, FOCAL, m=10)
    assert r.invariant_holds == no_absorption_invariant(state, 3)
    with pytest.raises(
        ValueError,
        match=r"strategy 'keep_all' returned 60 events for target_size=12 \(input of 60",
    ):
        compress(timeline, strategy=keep_all, k=3, m=10, target_size=12)
    assert compress(
        timeline, strategy=keep_all, k=3, m=10, target_size=60
    ).reached_target


def test_a_policy_over_its_budget_is_an_error_not_safe(timeline):
    """newuser P2: keeping every event was 'Safe as far as tested', exit 0."""
    with pytest.raises(ValueError, match="returned 200 events for target_size=100"):
        check_compressor(keep_all, k=3, seeds=range(2), mirage=False)

    def one_over(tl, *, target_size):
        return tl.ids[-(target_size + 1) :]

    with pytest.raises(ValueError, match="returned 13 events for target_size=12"):
        compress(timeline, strategy=one_over, k=3, m=10, target_size=12)
    exact = compress(timeline, strategy=sliding_window, k=3, m=10, target_size=12)
    assert exact.output_size == 12

    def summary_plus_window(tl, *, target_size):  # a summary counts as one event
        old = tl.events[:-target_size]
        summary = Event(
            "summary",
            old[-1].timestamp,
            1.0,
            metadata={"summary_of": [e.id for e in old]},
        )
        return [summary, *tl.ids[-target_size:]]

    with pytest.raises(ValueError, match="returned 13 events for target_size=12"):
        compress(timeline, strategy=summary_plus_window, k=3, m=10, target_size=12)


def test_compress_callable_gets_only_the_keywords_it_takes(timeline):
    seen = {}

    def spy(tl, *, k, focal):
        seen.update(k=k, focal=focal)
        return tl.ids[:5]

    compress(timeline, strategy=spy, k=2, m=4, target_size=5)
    assert seen == {"k": 2, "focal": FOCAL}

    def everything(tl, **kwargs):
        seen.clear()
        seen.update(kwargs)
        return tl.ids[:5]

    compress(timeline, strategy=everything, k=2, m=4, target_size=5)
    assert sorted(seen) == ["focal", "k", "m", "max_gap", "min_length", "target_size"]


@pytest.mark.parametrize(
    ("fn", "error", "match"),
    [
        (lambda tl, **_: ["nope"], ValueError, "kept 'nope', which is not in the input"),
        (lambda tl, **_: 7, TypeError, "must return a Timeline or an iterable of event ids, got 7"),
        (lambda tl, **_: [1], TypeError, "returned item 0 = 1, not an event id"),
        (lambda tl, **_: 1 / 0, ValueError, "strategy '<lambda>' raised ZeroDivisionError"),
    ],
)  # fmt: skip
def test_compress_callable_bad_output(timeline, fn, error, match):
    with pytest.raises(error, match=match):
        compress(timeline, strategy=fn, k=3, m=10, target_size=5)


# --- retention_sweep(strategies=...) ---


def test_sweep_with_a_callable_matches_the_builtin_rows(tmp_path):
    base = retention_sweep(retentions=[0.3], seeds=[1], executor=False)
    mine = retention_sweep(
        retentions=[0.3],
        seeds=[1],
        executor=False,
        strategies={"naive": "naive", "window": sliding_window},
        journal=tmp_path / "j.jsonl",
    )
    assert [r["strategy"] for r in mine.rows] == ["naive", "window"]
    assert mine.rows[0] == base.rows[0]
    assert mine.rows[1]["kept"] == 60
    assert set(mine.crossover) == set(base.crossover)
    again = retention_sweep(
        retentions=[0.3],
        seeds=[1],
        executor=False,
        strategies={"naive": "naive", "window": sliding_window},
        journal=tmp_path / "j.jsonl",
    )
    assert again.rows == mine.rows


@pytest.mark.parametrize(
    ("strategies", "error", "match"),
    [
        ({"x": "lossy"}, ValueError, r"strategies\['x'\] must be one of"),
        ({}, ValueError, "non-empty mapping"),
        (["naive"], TypeError, "non-empty mapping"),
    ],
)
def test_sweep_bad_strategies(strategies, error, match):
    with pytest.raises(error, match=match):
        retention_sweep(
            retentions=[0.5], seeds=[0], executor=False, strategies=strategies
        )


# --- check_compressor ---


def _reverify_invariant(witness, k=3, m=10):
    tl, target = witness.timeline, witness.target_size

    def breaks(t, size):
        kept = compress(t, strategy=sliding_window, k=k, m=m, target_size=size).timeline
        holds_in = no_absorption_invariant(build_context_state(t, FOCAL, m=m), k)
        return holds_in and not no_absorption_invariant(
            build_context_state(kept, FOCAL, m=m), k
        )

    assert breaks(tl, target)
    for event_id in tl.ids:
        rest = [i for i in tl.ids if i != event_id]
        assert not breaks(tl.subset(rest), max(1, min(target, len(rest) - 1)))
    assert target == 1 or not breaks(tl, target - 1)


def test_sliding_window_keeps_definition2_but_breaks_the_invariant():
    report = check_compressor(sliding_window, k=3, seeds=range(6), mirage=False)
    assert report.block_contract.holds and report.block_contract.violations == 0
    assert not report.invariant.holds and not report.safe
    assert report.judged_by == "invariant"
    inv = report.invariant
    assert inv.checked + inv.skipped == 18
    witness = inv.witness
    assert witness.minimal and len(witness.timeline) == 5 and witness.fewest_possible
    _reverify_invariant(witness)
    assert witness.kept == witness.timeline.ids[-1:]
    assert "j_dev = 0 < k = 3" in witness.reason
    assert report.verdict.startswith(
        "Not safe under the reference semantics, which judges by the reference's all-pivot invariant"
    )
    assert (
        "(minimal witness below), although the paper's block contract "
        "(VM Definition 2) holds (" in report.verdict
    )
    assert "as well" not in report.verdict
    assert "can disagree because" in report.verdict


def test_pinning_side_channel_is_safe_and_heaviest_is_not():
    pinned = check_compressor(pinned_window, k=3, seeds=range(6), mirage=False)
    assert pinned.safe and pinned.invariant.witness is None
    assert pinned.verdict.startswith(
        "Safe as far as tested under the reference semantics"
    )
    heaviest = check_compressor(keep_heaviest, k=3, seeds=range(6), mirage=False)
    assert not heaviest.safe


def test_paper_semantics_judges_by_definition2():
    report = check_compressor(
        focal_only, k=3, seeds=range(3), semantics="paper", mirage=False
    )
    assert report.judged_by == "block" and not report.safe
    w = report.block_contract.witness
    assert len(w.timeline) == 1 and w.kept == () and w.fewest_possible
    before = paper_block_context(w.timeline, FOCAL)
    after = paper_block_context(w.timeline.subset(w.kept), FOCAL)
    assert not satisfies_contract(before, after, 3)
    assert "which judges by the paper's block contract" in report.verdict


def test_semantics_objects_and_names_agree():
    by_name = check_compressor(
        focal_only, k=3, seeds=range(2), semantics="paper", mirage=False
    )
    by_object = check_compressor(
        focal_only, k=3, seeds=range(2), semantics=PAPER, mirage=False
    )
    assert by_name.to_dict() == by_object.to_dict()
    eligible = check_compressor(
        focal_only, k=3, seeds=range(2), semantics=PAPER_ELIGIBLE, mirage=False
    )
    assert eligible.judged_by == "block" and eligible.semantics == "paper-eligible"
    # reference counting: every kept event is development, so keeping 20+ focal
    # events satisfies Definition 2 although no non-focal event survives
    assert eligible.block_contract.holds and not by_name.block_contract.holds


def test_mirage_rates_of_a_compressor_that_keeps_everything():
    report = check_compressor(keep_all, k=3, seeds=range(2), retentions=(1.0,))
    (cell,) = report.rates
    assert cell.group == {"budget": 1.0} and cell.n_trials == 2
    preservation = cell.rates["pivot_preservation"]
    assert preservation.numerator == preservation.denominator > 0
    assert cell.rates["fixed_pivot_feasibility"].estimate == 1.0
    assert "retention 1: raw validity" in str(report)
    json.dumps(report.to_dict(), allow_nan=False)


def test_mirage_rates_match_trials_built_by_hand():
    """The trials check_compressor feeds to rates() are the sweep protocol's."""
    g = Grammar.parametric(3, max_temporal_gap=0.11)
    trials = []
    for seed in range(3):
        tl = multiburst(config=MultiBurstConfig(n_events=200), seed=seed)
        full = solve(tl, focal=FOCAL, grammar=g, m=10)
        kept = tl.subset(sliding_window(tl, target_size=60))
        free = solve(kept, focal=FOCAL, grammar=g, m=10)
        fixed = solve(kept, focal=FOCAL, grammar=g, pivot_ids=(full.pivot_id,))
        trials.append(
            Trial(
                f"s{seed}",
                "w",
                full_pivot=full.pivot_id,
                chosen_pivot=free.pivot_id,
                raw_validity=free.valid,
                fixed_feasible=fixed.valid,
                full_score=full.score,
                compressed_score=free.score,
            )
        )
    (expected,) = rates(trials)
    (got,) = check_compressor(
        sliding_window, k=3, seeds=range(3), retentions=(0.3,)
    ).rates
    for name in ("raw_validity", "pivot_preservation", "fixed_pivot_feasibility"):
        e, g_ = expected.rates[name], got.rates[name]
        assert (e.numerator, e.denominator) == (g_.numerator, g_.denominator), name
    assert got.means["relative_regret"].mean == expected.means["relative_regret"].mean


def test_violation_counts_match_a_direct_count():
    report = check_compressor(keep_heaviest, k=3, seeds=range(6), mirage=False)
    block = inv = skipped = 0
    for seed in range(6):
        tl = multiburst(config=MultiBurstConfig(n_events=200), seed=seed)
        holds_in = no_absorption_invariant(build_context_state(tl, FOCAL, m=10), 3)
        for r in (0.5, 0.3, 0.1):
            kept = tl.subset(keep_heaviest(tl, target_size=max(8, round(200 * r))))
            before = reference_block_context(tl, FOCAL)
            block += not satisfies_contract(
                before, reference_block_context(kept, FOCAL), 3
            )
            skipped += not holds_in
            inv += holds_in and not no_absorption_invariant(
                build_context_state(kept, FOCAL, m=10), 3
            )
    assert report.block_contract.violations == block
    assert (report.invariant.violations, report.invariant.skipped) == (inv, skipped)
    assert inv > 0


def test_user_timelines():
    events = [Event(f"d{i}", i / 10, 1.0) for i in range(4)]
    tl = Timeline([*events, Event("p", 0.5, 5.0, actors={FOCAL})])
    report = check_compressor(
        sliding_window, k=3, timelines=[tl], retentions=(0.2,), mirage=False
    )
    # target max(8, 1) = 8 >= 5 events: the window keeps all, nothing to break
    assert report.safe and report.invariant.checked == 1


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"fn": 3}, TypeError, "fn must be callable, got 3"),
        ({"k": -1}, ValueError, "k must be >= 0, got -1"),
        ({"m": 0}, ValueError, "m must be >= 1, got 0"),
        ({"semantics": "both"}, ValueError, "semantics must be a Semantics or one of 'reference', 'paper'"),
        ({"retentions": (0.0,)}, ValueError, r"retention must be in \(0, 1\]"),
        ({"retentions": ()}, ValueError, "retentions must not be empty"),
        ({"timelines": []}, ValueError, "must not be empty"),
        ({"timelines": Timeline([])}, TypeError, "wrap a single one"),
        ({"fn": lambda tl, **_: 1 / 0}, ValueError, "raised ZeroDivisionError"),
    ],
)  # fmt: skip
def test_check_compressor_bad_input(kwargs, error, match):
    args = {"fn": sliding_window, "k": 3, "seeds": range(1), "mirage": False} | kwargs
    fn = args.pop("fn")
    with pytest.raises(error, match=match):
        check_compressor(fn, **args)
