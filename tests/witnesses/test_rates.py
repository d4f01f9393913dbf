"""The rate layer: every diagnostic's numerator, denominator and interval."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from witnesses import RATE_NAMES, Trial
from witnesses.rates import rates

# A hand-built cell; counts below are read off this table by hand.
#  id  valid  full chosen truth fixed header flag  oracle scores
CELL = [
    Trial("a", "naive", full_pivot="p", chosen_pivot="p", truth_pivot="p",
          raw_validity=True, fixed_feasible=True, header_present=True,
          degraded_flag=False, full_score=10.0, compressed_score=10.0),
    Trial("b", "naive", full_pivot="p", chosen_pivot="q", truth_pivot="p",
          raw_validity=True, fixed_feasible=False, header_present=True,
          degraded_flag=False, oracle_degraded=False, full_score=10.0,
          compressed_score=4.0),
    Trial("c", "naive", full_pivot="p", chosen_pivot="q", truth_pivot="q",
          raw_validity=0.4, fixed_feasible=False, header_present=True,
          degraded_flag=True, oracle_degraded=True),
    Trial("d", "naive", full_pivot="p", chosen_pivot=None, truth_pivot="p",
          raw_validity=False, header_present=False),
    Trial("e", "naive", full_pivot=None, chosen_pivot="r",
          raw_validity=0.9, full_score=5.0, compressed_score=6.0),
]  # fmt: skip


def _cell(**kwargs):
    (cell,) = rates(CELL, **kwargs)
    return cell


def _counts(cell):
    return {name: (r.numerator, r.denominator) for name, r in cell.rates.items()}


def test_hand_counted_cell_under_default_conventions():
    counts = _counts(_cell())
    assert counts == {
        "raw_validity": (3, 5),  # a, b, e (0.9 > 0.5); c is 0.4
        "pivot_preservation": (1, 2),  # full pivot and valid: a, b; kept: a
        "fixed_pivot_feasibility": (1, 3),  # ran for a, b, c
        "information_shift": (2, 3),  # full and chosen: a, b, c; shifted: b, c
        "silent_mirage": (1, 2),  # degraded vs full: b, c; unflagged: b
        "silent_mirage_per_trial": (1, 5),
        "valid_but_switched": (1, 4),  # known validity + full: a-d; b
        "header_compliance": (3, 4),
        "protocol_collapse": (1, 4),
        "silent_substitution": (2, 4),  # header, wrong pivot: b, c
        "preservation_given_header": (1, 3),
    }


def test_denominator_conventions_change_only_what_they_name():
    default = _counts(_cell())
    over_all = _counts(_cell(preservation_denominator="all"))
    assert over_all["pivot_preservation"] == (1, 4)  # a-d have a full pivot
    assert {k: v for k, v in over_all.items() if k != "pivot_preservation"} == {
        k: v for k, v in default.items() if k != "pivot_preservation"
    }
    truth = _counts(_cell(pivot_reference="truth"))
    assert truth["pivot_preservation"] == (1, 2)  # valid with truth: a, b
    assert truth["preservation_given_header"] == (2, 3)  # a and c match truth
    oracle = _counts(_cell(degraded_reference="oracle"))
    assert oracle["silent_mirage"] == (0, 1)  # only c is oracle-degraded, flagged
    by_truth = _counts(_cell(degraded_reference="truth"))
    assert by_truth["silent_mirage"] == (1, 1)  # b vs truth p; c matches truth


def test_regret_means_and_student_t_interval():
    cell = _cell()
    rel = cell.means["relative_regret"]
    assert rel.n == 3  # a, b, e
    assert rel.mean == pytest.approx((0.0 + 0.6 + (1 - 6 / 5)) / 3)
    values = [0.0, 0.6, 1 - 6 / 5]
    low, high = stats.t.interval(
        0.95, 2, loc=sum(values) / 3, scale=stats.sem(values)
    )  # scipy 1.17 t.interval
    assert (rel.low, rel.high) == pytest.approx((low, high))
    absolute = cell.means["absolute_regret"]
    assert absolute.mean == pytest.approx((0.0 + 6.0 - 1.0) / 3)


@pytest.mark.parametrize("method", ["wilson", "beta", "jeffreys", "agresti_coull"])
def test_intervals_match_statsmodels(method):
    ours = {"beta": "clopper-pearson", "agresti_coull": "agresti-coull"}.get(
        method, method
    )
    cell = _cell(method=ours, confidence_level=0.9)
    for rate in cell.rates.values():
        if rate.denominator == 0:
            continue
        low, high = proportion_confint(
            rate.numerator, rate.denominator, alpha=0.1, method=method
        )  # statsmodels 0.14 proportion_confint
        assert (rate.low, rate.high) == pytest.approx((low, high), abs=1e-9)


def test_groups_are_sorted_with_missing_values_last():
    trials = [
        Trial("a", "naive", budget=0.5),
        Trial("b", "naive", budget=None),
        Trial("c", "contract", budget=0.1),
        Trial("d", "naive", budget=0.1),
    ]
    cells = rates(trials, by=["condition", "budget"])
    assert [tuple(c.group.values()) for c in cells] == [
        ("contract", 0.1),
        ("naive", 0.1),
        ("naive", 0.5),
        ("naive", None),
    ]
    assert [c.n_trials for c in rates(trials, by=())] == [4]


def test_empty_denominators_give_none_not_nan():
    (cell,) = rates([Trial("a", "c")])
    for name, rate in cell.rates.items():
        if name == "silent_mirage_per_trial":  # over all trials: 0 of 1
            assert (rate.numerator, rate.denominator, rate.estimate) == (0, 1, 0.0)
            continue
        assert rate.denominator == 0
        assert rate.estimate is rate.low is rate.high is None
    doc = cell.to_dict()
    assert list(doc["rates"]) == list(RATE_NAMES)


@st.composite
def _trials(draw):
    pivots = st.sampled_from(["p", "q", None])
    n = draw(st.integers(1, 12))
    return [
        Trial(
            f"t{i}",
            "c",
            full_pivot=draw(pivots),
            chosen_pivot=draw(pivots),
            raw_validity=draw(st.one_of(st.none(), st.booleans())),
            header_present=draw(st.one_of(st.none(), st.booleans())),
            degraded_flag=draw(st.one_of(st.none(), st.booleans())),
        )
        for i in range(n)
    ]


@given(_trials())
def test_every_rate_is_a_proportion_inside_its_interval(trials):
    (cell,) = rates(trials)
    for rate in cell.rates.values():
        assert 0 <= rate.numerator <= rate.denominator <= len(trials)
        if rate.denominator:
            assert rate.low <= rate.estimate <= rate.high
            assert math.isclose(rate.estimate, rate.numerator / rate.denominator)
    r = cell.rates
    # Identities that hold under any data.
    assert r["header_compliance"].numerator + r["protocol_collapse"].numerator == (
        r["header_compliance"].denominator
    )
    assert r["silent_mirage"].numerator == r["silent_mirage_per_trial"].numerator


BAD = [
    ({"by": ["nope"]}, ValueError, "by contains 'nope'"),
    (
        {"preservation_denominator": "some"},
        ValueError,
        "preservation_denominator must be",
    ),
    ({"pivot_reference": "oracle"}, ValueError, "pivot_reference must be"),
    ({"degraded_reference": "x"}, ValueError, "degraded_reference must be"),
    ({"confidence_level": 1.0}, ValueError, "confidence_level must be in \\(0, 1\\)"),
]


@pytest.mark.parametrize(("kwargs", "error", "match"), BAD)
def test_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        rates(CELL, **kwargs)


def test_non_trial_element_is_rejected():
    with pytest.raises(TypeError, match="trials\\[1\\] must be a Trial"):
        rates([CELL[0], {"task_id": "x"}])


def test_an_unknown_flag_is_no_evidence_and_false_is_no_flag_emitted():
    trials = [
        Trial("a", "c", full_pivot="p", chosen_pivot="q", degraded_flag=None),
        Trial("b", "c", full_pivot="p", chosen_pivot="q", degraded_flag=True),
        Trial("c", "c", full_pivot="p", chosen_pivot=None, degraded_flag=None),
        Trial("d", "c", full_pivot="p", chosen_pivot="q", degraded_flag=False),
    ]
    (cell,) = rates(trials)
    # a: degraded, flag unknown: left out (the guide's rule for a missing input);
    # c emitted no pivot: protocol collapse, not a degraded (wrong-pivot) trial;
    # d: a harness that records "no flag emitted" writes False: silent.
    assert (
        cell.rates["silent_mirage"].numerator,
        cell.rates["silent_mirage"].denominator,
    ) == (1, 2)
    assert (
        cell.rates["silent_mirage_per_trial"].numerator,
        cell.rates["silent_mirage_per_trial"].denominator,
    ) == (1, 3)
    (only,) = rates(trials[:1])
    assert only.rates["silent_mirage"].denominator == 0
    assert only.rates["silent_mirage"].estimate is None
