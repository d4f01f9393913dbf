"""Every convention of rates() changes what it names, with hand counts (issue 18/20)."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from witnesses import Trial
from witnesses.rates import Conventions, outcomes, rates

# id  full truth oracle chosen valid header flag oracle_degraded
ROWS = [
    Trial("a", "c", full_pivot="p", truth_pivot="p", oracle_pivot="p", chosen_pivot="p",
          raw_validity=0.9, header_present=True, oracle_degraded=False),
    Trial("b", "c", full_pivot="p", truth_pivot="p", oracle_pivot="q", chosen_pivot="q",
          raw_validity=0.8, header_present=True, degraded_flag=False, oracle_degraded=True),
    Trial("c", "c", full_pivot="p", truth_pivot="r", oracle_pivot="q", chosen_pivot="s",
          raw_validity=0.2, header_present=False, degraded_flag=False, oracle_degraded=True),
    Trial("d", "c", full_pivot=None, truth_pivot="p", chosen_pivot="p",
          raw_validity=0.7, header_present=True, degraded_flag=True, oracle_degraded=True),
    Trial("e", "c", full_pivot="p", truth_pivot="p", chosen_pivot=None,
          raw_validity=0.6, oracle_degraded=False),
]  # fmt: skip


def _kn(name, **conv):
    (cell,) = rates(ROWS, by=(), **conv)
    r = cell.rates[name]
    return r.numerator, r.denominator


def test_valid_but_switched_counts_valid_and_not_preserved():
    # known validity and a full pivot: a, b, c (invalid), e; switched: b (q), e (none).
    assert _kn("valid_but_switched") == (2, 4)
    # d (valid) has no full pivot: not preserved when told so -> b, d, e of 5.
    assert _kn("valid_but_switched", missing_reference="not-preserved") == (3, 5)
    # against the truth: a p=p, b q!=p, c invalid, d p=p, e none -> b, e of 5.
    assert _kn("valid_but_switched", pivot_reference="truth") == (2, 5)


def test_preservation_under_each_denominator():
    assert _kn("pivot_preservation") == (1, 3)  # valid with full: a, b, e; kept: a
    assert _kn("pivot_preservation", preservation_denominator="all") == (1, 4)
    assert _kn("pivot_preservation", preservation_denominator="all",
               missing_reference="not-preserved") == (1, 5)  # fmt: skip
    assert _kn("pivot_preservation", pivot_reference="truth") == (2, 4)  # a, d


def test_information_shift_conventions():
    # chosen vs full: a, b, c have both; shifted b, c.
    assert _kn("information_shift") == (2, 3)
    # oracle vs truth: a p=p, b q!=p, c q!=r -> 2 of 3.
    assert _kn("information_shift", information_shift="oracle-truth") == (2, 3)
    one = [Trial("x", "c", oracle_pivot="p", truth_pivot="p", chosen_pivot="q",
                 full_pivot="p")]  # fmt: skip
    (cell,) = rates(one, information_shift="oracle-truth")
    assert cell.rates["information_shift"].numerator == 0
    (cell,) = rates(one)
    assert cell.rates["information_shift"].numerator == 1


def test_silent_mirage_with_oracle_degradation_and_wrong_reference():
    # oracle-degraded: b, c, d; d flagged; b and c unflagged.
    assert _kn("silent_mirage", degraded_reference="oracle") == (2, 3)
    # wrong vs the oracle pivot: b chose q == oracle q (not wrong), c s != q.
    assert _kn("silent_mirage", degraded_reference="oracle",
               wrong_reference="oracle") == (1, 3)  # fmt: skip
    assert _kn("silent_mirage_per_trial", degraded_reference="oracle",
               wrong_reference="oracle") == (1, 5)  # fmt: skip
    # wrong vs the truth: b q != p and c s != r both wrong.
    assert _kn(
        "silent_mirage", degraded_reference="oracle", wrong_reference="truth"
    ) == (2, 3)
    # wrong vs the full pivot: b q != p, c s != p.
    assert _kn(
        "silent_mirage", degraded_reference="oracle", wrong_reference="full"
    ) == (2, 3)
    # degraded vs truth: b (q != p), c (s != r); d and e not; both unflagged.
    assert _kn("silent_mirage", degraded_reference="truth") == (2, 2)


def test_an_unknown_flag_leaves_the_trial_out_only_where_it_would_decide():
    # b and c as in ROWS but with an unknown flag (None): degraded (oracle), and
    # silent or not as the flag says, so neither denominator holds them ...
    rows = [
        Trial(t.task_id, t.condition, full_pivot=t.full_pivot, truth_pivot=t.truth_pivot,
              oracle_pivot=t.oracle_pivot, chosen_pivot=t.chosen_pivot,
              degraded_flag=None if t.task_id in "bc" else t.degraded_flag,
              oracle_degraded=t.oracle_degraded)
        for t in ROWS
    ]  # fmt: skip

    def kn(name, **conv):
        (cell,) = rates(rows, by=(), **conv)
        return cell.rates[name].numerator, cell.rates[name].denominator

    assert kn("silent_mirage", degraded_reference="oracle") == (0, 1)  # d (flagged)
    assert kn("silent_mirage_per_trial", degraded_reference="oracle") == (0, 3)
    # ... except where the flag does not decide: b chose the oracle's pivot, so
    # it is no silent mirage whatever its flag says
    assert kn("silent_mirage", degraded_reference="oracle", wrong_reference="oracle") == (0, 2)  # fmt: skip
    conv = Conventions(degraded_reference="oracle", wrong_reference="oracle")
    assert outcomes(rows, "silent_mirage", conventions=conv) == [None, False, None, False, None]  # fmt: skip
    assert outcomes(rows, "silent_mirage_per_trial", conventions=conv) == [False, False, None, False, False]  # fmt: skip
    (cell,) = rates(rows, by=(), degraded_reference="oracle")
    assert cell.rates["silent_mirage"].denominator_rule == (
        "degraded trials (oracle), less those whose unknown flag would decide"
    )
    assert cell.rates["silent_mirage_per_trial"].denominator_rule == (
        "all trials of the cell, less the degraded ones whose unknown flag would decide"
    )


def test_header_rates_with_missing_reference():
    # header: a, b, d (True), c (False); e unknown.
    assert _kn("header_compliance") == (3, 4)
    assert _kn("protocol_collapse") == (1, 4)
    # silent substitution: known header and full pivot: a, b, c; b and c wrong,
    # but c has no header -> b only.
    assert _kn("silent_substitution") == (1, 3)
    assert _kn("silent_substitution", missing_reference="not-preserved") == (2, 4)
    assert _kn("preservation_given_header") == (1, 2)  # a, b with a full pivot
    assert _kn("preservation_given_header", missing_reference="not-preserved") == (1, 3)


def test_outcomes_are_the_units_rates_counts():
    conv = Conventions(degraded_reference="oracle", wrong_reference="oracle")
    assert outcomes(ROWS, "silent_mirage", conventions=conv) == [
        None,
        False,
        True,
        False,
        None,
    ]
    assert outcomes(ROWS, "silent_mirage_per_trial", conventions=conv) == [
        False,
        False,
        True,
        False,
        False,
    ]
    assert outcomes(ROWS, "valid_but_switched") == [False, True, False, None, True]
    with pytest.raises(ValueError, match="name must be one of raw_validity"):
        outcomes(ROWS, "mirage")
    with pytest.raises(TypeError, match="trials\\[0\\] must be a Trial"):
        outcomes([1], "raw_validity")


def test_rule_text_names_the_convention():
    (cell,) = rates(ROWS, by=(), preservation_denominator="all",
                    missing_reference="not-preserved", pivot_reference="truth")  # fmt: skip
    rule = cell.rates["pivot_preservation"].denominator_rule
    assert rule == "trials with any truth pivot (a missing one counts as lost)"
    (cell,) = rates(ROWS, by=(), information_shift="oracle-truth")
    assert cell.rates["information_shift"].denominator_rule == (
        "trials with an oracle and a truth pivot"
    )
    assert cell.rates["pivot_preservation"].denominator_rule == (
        "trials with a full pivot and a valid compressed solve"
    )


def test_confidence_level_is_checked_even_without_trials():
    for bad in (0.0, 1.0, -0.5, 1.5, math.nan):
        with pytest.raises(ValueError, match="confidence_level must be in \\(0, 1\\)"):
            rates([], confidence_level=bad)
    with pytest.raises(TypeError, match="confidence_level must be a real number"):
        rates([], confidence_level="0.9")
    with pytest.raises(ValueError, match="missing_reference must be one of"):
        rates([], missing_reference="drop")
    with pytest.raises(ValueError, match="wrong_reference must be one of"):
        rates([], wrong_reference="model")
    with pytest.raises(ValueError, match="by contains 'measures'"):
        rates(ROWS, by=("measures",))


def test_the_level_reaches_every_interval():
    (wide,) = rates(ROWS, by=(), confidence_level=0.99)
    (narrow,) = rates(ROWS, by=(), confidence_level=0.8)
    for name, r in wide.rates.items():
        if r.denominator:
            assert r.low <= narrow.rates[name].low
            assert r.high >= narrow.rates[name].high
    assert wide.means["raw_validity_score"].low < narrow.means["raw_validity_score"].low


# Means: raw validity score and semantic regret are bounded in [0, 1].
SCORED = [
    Trial("a", "c", raw_validity=0.9, semantic_regret=0.1, full_score=10.0,
          compressed_score=8.0, measures={"tokens": 100.0, "share": 0.5}),
    Trial("b", "c", raw_validity=0.5, semantic_regret=0.4, full_score=10.0,
          compressed_score=4.0, measures={"tokens": 300.0, "share": 1.0}),
    Trial("c", "c", raw_validity=True, semantic_regret=0.0, full_score=0.0,
          compressed_score=1.0, measures={"tokens": 200.0}),
]  # fmt: skip


def test_means_by_hand():
    (cell,) = rates(SCORED, by=())
    m = cell.means
    assert m["raw_validity_score"].mean == pytest.approx((0.9 + 0.5 + 1.0) / 3)
    assert m["semantic_regret"].mean == pytest.approx(0.5 / 3)
    # relative: full > 0 only: 1 - 8/10 = 0.2, 1 - 4/10 = 0.6
    assert (m["relative_regret"].n, m["relative_regret"].mean) == (
        2,
        pytest.approx(0.4),
    )
    # absolute: 2, 6, -1
    assert (m["absolute_regret"].n, m["absolute_regret"].mean) == (
        3,
        pytest.approx(7 / 3),
    )
    assert m["tokens"].mean == 200.0
    assert (m["share"].n, m["share"].mean) == (2, 0.75)


def test_bounded_means_use_scipys_percentile_bootstrap():
    (cell,) = rates(SCORED, by=(), n_resamples=999, bootstrap_seed=7)
    m = cell.means["semantic_regret"]
    assert m.interval == "bootstrap-percentile"
    ref = stats.bootstrap(
        (np.array([0.1, 0.4, 0.0]),),
        np.mean,
        confidence_level=0.95,
        n_resamples=999,
        method="percentile",
        rng=np.random.default_rng(7),
    ).confidence_interval  # scipy 1.17 bootstrap
    assert (m.low, m.high) == (float(ref.low), float(ref.high))
    # unbounded means keep Student-t: matches scipy t.interval.
    t = cell.means["tokens"]
    low, high = stats.t.interval(
        0.95, 2, loc=200.0, scale=stats.sem([100.0, 300.0, 200.0])
    )
    assert t.interval == "student-t"
    assert (t.low, t.high) == pytest.approx((low, high))


def test_mean_interval_choice_and_bounded_measures():
    (t_only,) = rates(SCORED, by=(), mean_interval="t")
    assert {m.interval for m in t_only.means.values()} == {"student-t"}
    (boot,) = rates(SCORED, by=(), mean_interval="bootstrap", n_resamples=99)
    assert {m.interval for m in boot.means.values()} == {"bootstrap-percentile"}
    (cell,) = rates(SCORED, by=(), bounded_measures=("share",), n_resamples=99)
    assert cell.means["share"].interval == "bootstrap-percentile"
    assert cell.means["tokens"].interval == "student-t"
    with pytest.raises(ValueError, match="bounded_measures names 'tokens'"):
        rates(SCORED, by=(), bounded_measures=("tokens",))
    with pytest.raises(ValueError, match="mean_interval must be one of"):
        rates(SCORED, mean_interval="wald")
    with pytest.raises(TypeError, match="bounded_measures must be a sequence"):
        rates(SCORED, bounded_measures="share")
    with pytest.raises(ValueError, match="n_resamples must be in \\[2, 1000000\\]"):
        rates(SCORED, n_resamples=0)
    with pytest.raises(TypeError, match="bootstrap_seed must be an int"):
        rates(SCORED, bootstrap_seed=1.5)


def test_one_value_or_equal_values_have_no_interval_and_say_why():
    """Issue 32: n = 1 or no spread gives no interval and a reason, never [v, v]."""
    (one,) = rates(SCORED[:1], by=())
    m = one.means["semantic_regret"]
    assert (m.n, m.mean, m.low, m.high) == (1, 0.1, None, None)
    assert m.note == "no interval from n = 1 value"
    same = [Trial(f"t{i}", "c", semantic_regret=0.3) for i in range(4)]
    (cell,) = rates(same, by=())
    m = cell.means["semantic_regret"]
    assert (m.mean, m.low, m.high) == (pytest.approx(0.3), None, None)
    assert m.note == "no interval: every value is equal, so nothing varies"
    (t_cell,) = rates(same, by=(), mean_interval="t")
    assert t_cell.means["semantic_regret"].ci is None


@given(st.lists(st.floats(0.0, 1.0), min_size=2, max_size=12))
def test_bounded_score_intervals_stay_in_unit_interval(values):
    trials = [
        Trial(f"t{i}", "c", semantic_regret=v, raw_validity=v)
        for i, v in enumerate(values)
    ]
    (cell,) = rates(trials, by=(), n_resamples=199)
    for name in ("semantic_regret", "raw_validity_score"):
        m = cell.means[name]
        if set(values) <= {0.0, 1.0}:  # 0s and 1s: a proportion
            assert m.interval == "wilson"
            assert 0.0 <= m.low <= m.high <= 1.0
        elif len(set(values)) == 1:  # no spread: no interval, and the reason
            assert m.ci is None and m.note
        else:
            assert 0.0 <= m.low <= m.high <= 1.0
        assert m.mean == pytest.approx(math.fsum(values) / len(values))


def test_to_dict_is_json_ready_and_complete():
    import json

    (cell,) = rates(SCORED, by=(), n_resamples=99)
    doc = json.loads(json.dumps(cell.to_dict(), allow_nan=False))
    assert doc["rates"]["raw_validity"] == {
        "name": "raw_validity",
        "numerator": 2,  # 0.9 and True; 0.5 is not > 0.5
        "denominator": 3,
        "estimate": 2 / 3,
        "low": cell.rates["raw_validity"].low,
        "high": cell.rates["raw_validity"].high,
        "denominator_rule": "trials with a known validity",
    }  # fmt: skip
    assert doc["means"]["tokens"] == {
        "name": "tokens", "n": 3, "mean": 200.0, "low": cell.means["tokens"].low,
        "high": cell.means["tokens"].high, "rule": "measure 'tokens', trials that carry it",
        "interval": "student-t", "note": "",
    }  # fmt: skip


def test_default_bootstrap_is_9999_percentile_resamples_seeded_0():
    values = [0.05 + 0.9 * ((i * 0.6180339887) % 1) for i in range(1, 41)]
    trials = [Trial(f"t{i}", "c", semantic_regret=v) for i, v in enumerate(values)]
    (cell,) = rates(trials, by=())
    m = cell.means["semantic_regret"]

    def scipy_ci(n_resamples, seed):
        return stats.bootstrap(
            (np.array(values),), np.mean, confidence_level=0.95,
            n_resamples=n_resamples, method="percentile", rng=np.random.default_rng(seed),
        ).confidence_interval  # fmt: skip  # scipy 1.17 bootstrap

    ref = scipy_ci(9999, 0)  # the documented defaults
    assert (m.low, m.high) == (float(ref.low), float(ref.high))
    # ...and the defaults matter: other counts or seeds give other ends.
    for other in (scipy_ci(10000, 0), scipy_ci(9998, 0), scipy_ci(9999, 1)):
        assert (float(other.low), float(other.high)) != (m.low, m.high)


def test_bootstrap_arguments_at_their_bounds():
    few = SCORED[:2]
    for ok in ({"n_resamples": 2}, {"bootstrap_seed": 0}, {"bootstrap_seed": 2**70}):
        rates(few, by=(), **ok)
    for bad, match in (
        (
            {"n_resamples": 1_000_001},
            "n_resamples must be in \\[2, 1000000\\], got 1000001",
        ),
        ({"n_resamples": 1}, "n_resamples must be in"),
        ({"bootstrap_seed": -1}, "bootstrap_seed must be >= 0, got -1"),
    ):
        with pytest.raises(ValueError, match=match):
            rates(few, by=(), **bad)
    with pytest.raises(TypeError, match="n_resamples must be an int, got True"):
        rates(few, by=(), n_resamples=True)
    (cell,) = rates(few, by=(), n_resamples=1_000_000, mean_interval="bootstrap")
    assert 0.0 <= cell.means["semantic_regret"].low <= 0.1


def test_bounded_measures_accept_the_ends_and_refuse_beyond():
    ends = [Trial("a", "c", measures={"s": 0.0}), Trial("b", "c", measures={"s": 1.0}),
            Trial("m", "c", measures={"s": 0.5})]  # fmt: skip
    (cell,) = rates(ends, by=(), bounded_measures=("s",), n_resamples=99)
    assert cell.means["s"].interval == "bootstrap-percentile"
    assert (cell.means["s"].low, cell.means["s"].high) == (0.0, 1.0)
    for bad in (-0.5, 1.5):
        trials = [*ends, Trial("x", "c", measures={"s": bad})]
        with pytest.raises(ValueError, match="bounded_measures names 's'"):
            rates(trials, by=(), bounded_measures=("s",))


def test_relative_regret_needs_a_positive_full_score():
    trials = [
        Trial("a", "c", full_score=0.5, compressed_score=0.25),  # 1 - 0.5 = 0.5
        Trial("b", "c", full_score=0.0, compressed_score=0.25),  # excluded
        Trial("c", "c", full_score=-1.0, compressed_score=0.0),  # excluded
    ]
    (cell,) = rates(trials, by=())
    rel = cell.means["relative_regret"]
    assert (rel.n, rel.mean) == (1, 0.5)
    assert cell.means["absolute_regret"].n == 3


def test_a_score_pair_needs_both_scores_and_an_empty_mean_has_n_zero():
    trials = [
        Trial("a", "c", full_score=1.0),  # no compressed score: no regret
        Trial("b", "c", compressed_score=1.0),  # no full score: no regret
    ]
    (cell,) = rates(trials, by=())
    for name in ("relative_regret", "absolute_regret", "semantic_regret"):
        m = cell.means[name]
        assert (m.n, m.mean, m.low, m.high) == (0, None, None, None)
