"""The rates of ``rates()`` against an oracle written from the documented rules (issue 33).

``docs/guide/rates.md`` §3 and the docstring of :func:`witnesses.rates.rates`
say, rate by rate, which trials a rate counts and which of them are ``True``.
:func:`_oracle` restates those rules, trial by trial, with nothing of the
package; every convention (all 192 combinations) is checked on a fixed set of
trials, on both paths of ``rates``: plain trials (the columnar path) and a
Trial subclass (the row path).
"""

from __future__ import annotations

import itertools
import json
import math
import random
from typing import Any

import pytest

from witnesses import Trial
from witnesses.rates import RATE_NAMES, CellRates, Conventions, Rate, outcomes, rates


class _Row(Trial):
    """A Trial subclass: ``rates`` takes its row path for it."""

    __slots__ = ()


_CHOICES: dict[str, tuple[Any, ...]] = {
    "preservation_denominator": ("valid", "all"),
    "pivot_reference": ("full", "truth"),
    "missing_reference": ("exclude", "not-preserved"),
    "information_shift": ("chosen-full", "oracle-truth"),
    "degraded_reference": ("full", "truth", "oracle"),
    "wrong_reference": (None, "full", "truth", "oracle"),
}
ALL_CONVENTIONS = [
    dict(zip(_CHOICES, values, strict=True))
    for values in itertools.product(*_CHOICES.values())
]


def _rows(n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` trials' fields drawn from a fixed generator (the same on every run)."""
    rng = random.Random(seed)
    pivot = [None, "p", "q", "r"]
    flag = [None, True, False]
    out = []
    for i in range(n):
        out.append({
            "task_id": f"t{i}",
            "condition": rng.choice(["a", "b", "c"]),
            "full_pivot": rng.choice(pivot),
            "chosen_pivot": rng.choice(pivot),
            "truth_pivot": rng.choice(pivot),
            "oracle_pivot": rng.choice(pivot),
            "raw_validity": rng.choice([None, True, False, 0.0, 0.3, 0.5, 0.51, 1.0]),
            "fixed_feasible": rng.choice(flag),
            "header_present": rng.choice(flag),
            "degraded_flag": rng.choice(flag),
            "oracle_degraded": rng.choice(flag),
        })  # fmt: skip
    return out


ROWS = _rows(60, 33)


def _outcome(name: str, t: dict[str, Any], conv: dict[str, Any]) -> bool | None:
    """One trial's outcome for rate ``name``, from the documented rules."""
    chosen = t["chosen_pivot"]
    ref = t[conv["pivot_reference"] + "_pivot"]
    if ref is None:
        kept = False if conv["missing_reference"] == "not-preserved" else None
    else:
        kept = chosen == ref
    rv = t["raw_validity"]
    valid = None if rv is None else float(rv) > 0.5
    if conv["degraded_reference"] == "oracle":
        degraded = t["oracle_degraded"] is True
    else:
        other = t[conv["degraded_reference"] + "_pivot"]
        degraded = other is not None and chosen is not None and chosen != other
    flag = t["degraded_flag"]
    wrong = conv["wrong_reference"]
    if not degraded or flag is True:
        silent: bool | None = False
    elif wrong is not None and chosen == t[wrong + "_pivot"]:
        silent = False
    elif flag is None:
        silent = None
    else:
        silent = True
    header = t["header_present"]
    if conv["information_shift"] == "chosen-full":
        a, b = chosen, t["full_pivot"]
    else:
        a, b = t["oracle_pivot"], t["truth_pivot"]
    if name == "raw_validity":
        return valid
    if name == "pivot_preservation":
        if conv["preservation_denominator"] == "valid" and valid is not True:
            return None
        return kept
    if name == "fixed_pivot_feasibility":
        return t["fixed_feasible"]  # type: ignore[no-any-return]
    if name == "information_shift":
        return None if a is None or b is None else a != b
    if name == "silent_mirage":
        return silent if degraded else None
    if name == "silent_mirage_per_trial":
        return silent
    if name == "valid_but_switched":
        return None if valid is None or kept is None else valid and not kept
    if name == "header_compliance":
        return header  # type: ignore[no-any-return]
    if name == "protocol_collapse":
        return None if header is None else not header
    if name == "silent_substitution":
        return None if header is None or kept is None else header and not kept
    assert name == "preservation_given_header"
    return kept if header is True else None


def _oracle(
    rows: list[dict[str, Any]], conv: dict[str, Any]
) -> dict[str, tuple[int, int]]:
    out = {}
    for name in RATE_NAMES:
        known = [v for v in (_outcome(name, t, conv) for t in rows) if v is not None]
        out[name] = (sum(1 for v in known if v), len(known))
    return out


def _counts(cell: CellRates) -> dict[str, tuple[int, int]]:
    return {name: (r.numerator, r.denominator) for name, r in cell.rates.items()}


def test_the_oracle_is_not_trivial() -> None:
    """The fixed trials reach every branch: no rate is all-or-nothing everywhere."""
    counted = [_oracle(ROWS, conv) for conv in ALL_CONVENTIONS]
    for name in RATE_NAMES:
        seen = {(k == 0, k == n, n == 0) for k, n in (c[name] for c in counted)}
        assert (False, False, False) in seen, name
        assert len({c[name] for c in counted}) > 1 or name in _FIXED, name


_FIXED = {
    "raw_validity",
    "fixed_pivot_feasibility",
    "header_compliance",
    "protocol_collapse",
}


@pytest.mark.parametrize("row_type", [Trial, _Row], ids=["columns", "rows"])
def test_every_convention_counts_as_documented(row_type: type[Trial]) -> None:
    trials = [row_type(**r) for r in ROWS]
    for conv in ALL_CONVENTIONS:
        cells = rates(trials, mean_interval="t", **conv)
        assert [c.group for c in cells] == [{"condition": x} for x in "abc"]
        for cell in cells:
            mine = [r for r in ROWS if r["condition"] == cell.group["condition"]]
            assert cell.n_trials == len(mine)
            assert _counts(cell) == _oracle(mine, conv), conv
        (whole,) = rates(trials, by=(), mean_interval="t", **conv)
        assert whole.group == {}
        assert whole.n_trials == len(ROWS)
        assert _counts(whole) == _oracle(ROWS, conv), conv


def test_outcomes_follow_the_oracle_trial_by_trial() -> None:
    trials = [Trial(**r) for r in ROWS]
    for conv in ALL_CONVENTIONS:
        c = Conventions(**conv)
        for name in RATE_NAMES:
            want = [_outcome(name, r, conv) for r in ROWS]
            assert outcomes(trials, name, conventions=c) == want, (name, conv)
            assert [c.outcome(name, t) for t in trials] == want
    default = [_outcome("silent_mirage", r, ALL_CONVENTIONS[0]) for r in ROWS]
    assert ALL_CONVENTIONS[0] == {f: v[0] for f, v in _CHOICES.items()}
    assert outcomes(trials, "silent_mirage") == default


def test_preserved_and_degraded_by_hand() -> None:
    c = Conventions()
    assert c.preserved(Trial("t", "c", full_pivot="p", chosen_pivot="p")) is True
    assert c.preserved(Trial("t", "c", full_pivot="p", chosen_pivot="q")) is False
    assert c.preserved(Trial("t", "c", full_pivot="p")) is False
    assert c.preserved(Trial("t", "c", chosen_pivot="p")) is None
    lost = Conventions(missing_reference="not-preserved")
    assert lost.preserved(Trial("t", "c", chosen_pivot="p")) is False
    truth = Conventions(pivot_reference="truth")
    assert truth.preserved(
        Trial("t", "c", full_pivot="q", truth_pivot="p", chosen_pivot="p")
    )
    assert c.degraded(Trial("t", "c", full_pivot="p", chosen_pivot="q")) is True
    assert c.degraded(Trial("t", "c", full_pivot="p", chosen_pivot="p")) is False
    assert c.degraded(Trial("t", "c", full_pivot="p")) is False
    assert c.degraded(Trial("t", "c", chosen_pivot="p")) is False
    oracle = Conventions(degraded_reference="oracle")
    assert oracle.degraded(Trial("t", "c", oracle_degraded=True)) is True
    assert oracle.degraded(Trial("t", "c", oracle_degraded=False)) is False
    assert oracle.degraded(Trial("t", "c", full_pivot="p", chosen_pivot="q")) is False
    off = Trial("t", "c", full_pivot="p", chosen_pivot="q", oracle_pivot="q")
    assert c.silent(off) is None
    assert c.silent(
        Trial("t", "c", full_pivot="p", chosen_pivot="q", degraded_flag=False)
    )
    assert (
        c.silent(Trial("t", "c", full_pivot="p", chosen_pivot="q", degraded_flag=True))
        is False
    )
    assert Conventions(wrong_reference="oracle").silent(off) is False


def test_rules_name_their_convention() -> None:
    c = Conventions()
    assert c.rule("raw_validity") == "trials with a known validity"
    assert c.rule("pivot_preservation") == (
        "trials with a full pivot and a valid compressed solve"
    )
    assert Conventions(preservation_denominator="all").rule("pivot_preservation") == (
        "trials with a full pivot"
    )
    lost = Conventions(missing_reference="not-preserved", pivot_reference="truth")
    assert lost.rule("valid_but_switched") == (
        "trials with a known validity and any truth pivot "
        "(a missing one counts as lost)"
    )
    assert c.rule("information_shift") == "trials with a full and a chosen pivot"
    assert Conventions(information_shift="oracle-truth").rule("information_shift") == (
        "trials with an oracle and a truth pivot"
    )
    assert (
        Conventions(degraded_reference="oracle")
        .rule("silent_mirage")
        .startswith("degraded trials (oracle), ")
    )
    for conv in ALL_CONVENTIONS:
        (cell,) = rates([Trial("t", "c")], by=(), **conv)
        for name in RATE_NAMES:
            assert cell.rates[name].denominator_rule == Conventions(**conv).rule(name)


@pytest.mark.parametrize(
    ("field", "value", "allowed"),
    [
        ("preservation_denominator", "some", "'valid', 'all'"),
        ("pivot_reference", "oracle", "'full', 'truth'"),
        ("missing_reference", None, "'exclude', 'not-preserved'"),
        ("information_shift", "full", "'chosen-full', 'oracle-truth'"),
        ("degraded_reference", None, "'full', 'truth', 'oracle'"),
        ("wrong_reference", "chosen", "None, 'full', 'truth', 'oracle'"),
    ],
)
def test_a_convention_outside_its_choices_is_refused(
    field: str, value: Any, allowed: str
) -> None:
    msg = f"{field} must be one of {allowed}, got {value!r}"
    with pytest.raises(
        ValueError, match=rf"^{msg.replace('(', '.').replace(')', '.')}$"
    ):
        Conventions(**{field: value})
    with pytest.raises(ValueError, match=field):
        rates([Trial("t", "c")], **{field: value})


def test_rate_reads_through_its_interval() -> None:
    r = Rate.of("x", 3, 8, "rule")
    assert (r.numerator, r.denominator, r.estimate) == (3, 8, 0.375)
    assert r.ci is not None
    assert r.ci.method == "wilson"
    assert r.ci.confidence_level == 0.95
    assert (r.low, r.high) == (r.ci.low, r.ci.high)
    assert 0 < r.low < 0.375 < r.high < 1  # type: ignore[operator]
    wide = Rate.of("x", 3, 8, "rule", method="clopper-pearson", confidence_level=0.99)
    assert wide.ci is not None and wide.ci.method == "clopper-pearson"
    assert wide.ci.confidence_level == 0.99
    assert wide.low < r.low and wide.high > r.high  # type: ignore[operator]
    none = Rate.of("x", 0, 0, "rule")
    assert none.ci is None
    assert (none.numerator, none.denominator) == (0, 0)
    assert (none.estimate, none.low, none.high) == (None, None, None)
    one = Rate.of("x", 0, 1, "rule")
    assert one.ci is not None and (one.numerator, one.denominator) == (0, 1)
    assert r.to_dict() == {
        "name": "x",
        "numerator": 3,
        "denominator": 8,
        "estimate": 0.375,
        "low": r.low,
        "high": r.high,
        "denominator_rule": "rule",
    }
    assert none.to_dict()["estimate"] is None


def test_cell_to_dict_lists_every_rate_in_order() -> None:
    (cell,) = rates(
        [Trial("t1", "c", raw_validity=True, measures={"m": 1.0}),
         Trial("t2", "c", raw_validity=False, measures={"m": 3.0})],
        by=(),
    )  # fmt: skip
    d = cell.to_dict()
    assert list(d) == ["group", "n_trials", "rates", "means"]
    assert d["group"] == {} and d["n_trials"] == 2
    assert list(d["rates"]) == list(RATE_NAMES)
    assert d["rates"]["raw_validity"]["numerator"] == 1
    assert d["means"]["m"]["mean"] == 2.0
    json.dumps(d)


@pytest.mark.parametrize("row_type", [Trial, _Row], ids=["columns", "rows"])
def test_groups_sort_by_value_with_none_last(row_type: type[Trial]) -> None:
    trials = [
        row_type("t1", "b", budget=0.5),
        row_type("t2", "a"),
        row_type("t3", "a", budget=0.25),
        row_type("t4", "b"),
        row_type("t5", "a", budget=0.5),
    ]
    cells = rates(trials, by=("budget", "condition"))
    assert [tuple(c.group.values()) for c in cells] == [
        (0.25, "a"),
        (0.5, "a"),
        (0.5, "b"),
        (None, "a"),
        (None, "b"),
    ]
    assert [c.n_trials for c in cells] == [1, 1, 1, 1, 1]
    by_model = rates(trials, by=("model",))
    assert [(c.group, c.n_trials) for c in by_model] == [({"model": None}, 5)]


@pytest.mark.parametrize("row_type", [Trial, _Row], ids=["columns", "rows"])
def test_means_of_a_cell_are_its_own(row_type: type[Trial]) -> None:
    trials = [
        row_type("t1", "a", raw_validity=True, full_score=2.0, compressed_score=1.0),
        row_type(
            "t2", "b", raw_validity=False, semantic_regret=0.5, measures={"m": 4.0}
        ),
        row_type("t3", "a", raw_validity=False, full_score=4.0, compressed_score=3.0),
        row_type(
            "t4", "b", raw_validity=True, semantic_regret=0.25, measures={"m": 2.0}
        ),
    ]
    a, b = rates(trials, mean_interval="t")
    assert a.means["raw_validity_score"].mean == 0.5
    assert a.means["relative_regret"].mean == pytest.approx((0.5 + 0.25) / 2)
    assert a.means["absolute_regret"].mean == 1.0
    assert a.means["semantic_regret"].n == 0
    assert "m" not in a.means or a.means["m"].n == 0
    assert b.means["semantic_regret"].mean == 0.375
    assert b.means["m"].mean == 3.0
    assert b.means["absolute_regret"].n == 0


@pytest.mark.parametrize("row_type", [Trial, _Row], ids=["columns", "rows"])
def test_level_and_method_reach_every_rate(row_type: type[Trial]) -> None:
    trials = [row_type(**r) for r in ROWS[:20]]
    (cell,) = rates(trials, by=(), method="clopper-pearson", confidence_level=0.8)
    for name in RATE_NAMES:
        ci = cell.rates[name].ci
        if ci is not None:
            assert (ci.method, ci.confidence_level) == ("clopper-pearson", 0.8), name


def test_empty_and_unknown_inputs() -> None:
    assert rates([]) == []
    assert rates(iter([])) == []
    with pytest.raises(
        ValueError, match=r"by contains 'measures', which is not a Trial"
    ):
        rates([Trial("t", "c")], by=("measures",))
    with pytest.raises(ValueError, match=r"by contains 'nope', which is not a Trial"):
        rates([Trial("t", "c")], by=("condition", "nope"))
    with pytest.raises(ValueError, match=r"name must be one of raw_validity, "):
        outcomes([Trial("t", "c")], "nope")
    with pytest.raises(TypeError, match=r"trials\[1\] must be a Trial, got str"):
        outcomes([Trial("t", "c"), "x"], "raw_validity")  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"trials\[0\] must be a Trial, got dict"):
        rates([{"task_id": "t"}])  # type: ignore[list-item]


def test_duplicates_on_the_row_path_name_both_positions() -> None:
    with pytest.raises(ValueError, match=r"trials\[2\] repeats trials\[0\] \(equal"):
        rates([_Row("t1", "a"), _Row("t2", "a"), _Row("t1", "a")])
    with pytest.raises(
        ValueError,
        match=r"trials\[2\] repeats the trial of trials\[1\] \(.*\) with other values",
    ):
        rates(
            [
                _Row("t1", "a"),
                _Row("t2", "a", seed=1),
                _Row("t2", "a", seed=1, raw_validity=True),
            ]
        )
    # a seed tells repeated runs apart; different tasks are different trials
    cells = rates([_Row("t1", "a", seed=0), _Row("t1", "a", seed=1), _Row("t2", "a")])
    assert [c.n_trials for c in cells] == [3]


def test_a_mixed_list_takes_the_row_path_with_the_same_counts() -> None:
    plain = [Trial(**r) for r in ROWS[:40]]
    mixed = [*plain[:-1], _Row(**ROWS[39])]
    assert [_counts(c) for c in rates(plain)] == [_counts(c) for c in rates(mixed)]
    assert math.isclose(
        rates(plain)[0].rates["raw_validity"].estimate or 0.0,
        rates(mixed)[0].rates["raw_validity"].estimate or 0.0,
    )


class _Pivot(str):
    """A str subclass: the columns number only plain str pivots."""


@pytest.mark.parametrize("row_type", [Trial, _Row], ids=["columns", "rows"])
def test_a_pivot_that_is_not_a_plain_str_counts_alike(row_type: type[Trial]) -> None:
    rows = [dict(r) for r in ROWS[:30]]
    for r in rows[::3]:
        if r["full_pivot"] is not None:
            r["full_pivot"] = _Pivot(r["full_pivot"])
    trials = [row_type(**r) for r in rows]
    assert any(type(t.full_pivot) is _Pivot for t in trials)
    for conv in ALL_CONVENTIONS[::7]:
        (cell,) = rates(trials, by=(), **conv)
        assert _counts(cell) == _oracle(rows, conv), conv


def _refuse(*args: object, **kwargs: object) -> None:
    raise AssertionError("this path must not be taken")


def test_plain_trials_with_distinct_identities_are_counted_by_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The documented choice of path: columns for plain trials, rows otherwise."""
    trials = [Trial(**r) for r in ROWS[:20]]
    want = [_counts(c) for c in rates(trials)]
    with monkeypatch.context() as mp:
        mp.setattr("witnesses.rates._core._cell_rates", _refuse)
        assert [_counts(c) for c in rates(trials)] == want
        assert rates([]) == []
    with monkeypatch.context() as mp:
        mp.setattr("witnesses.rates._core._by_columns", _refuse)
        rows = [_Row(**r) for r in ROWS[:20]]
        assert [_counts(c) for c in rates(rows)] == want
        assert rates([]) == []
        mixed = [*trials[:-1], _Row(**ROWS[19])]
        assert [_counts(c) for c in rates(mixed)] == want


_PIVOT_FIELDS = ("full_pivot", "chosen_pivot", "truth_pivot", "oracle_pivot")
_FLAG_FIELDS = ("fixed_feasible", "header_present", "degraded_flag", "oracle_degraded")


@pytest.mark.parametrize("row_type", [Trial, _Row], ids=["columns", "rows"])
def test_fields_missing_from_every_trial(row_type: type[Trial]) -> None:
    """A pivot or a flag that no trial has: the others still count as documented."""
    base = _rows(24, 7)
    for size in range(1, 3):
        for empty in itertools.combinations(_PIVOT_FIELDS + _FLAG_FIELDS, size):
            rows = [{**r, **dict.fromkeys(empty)} for r in base]
            trials = [row_type(**r) for r in rows]
            for conv in ALL_CONVENTIONS[:: 5 if size == 1 else 23]:
                (cell,) = rates(trials, by=(), mean_interval="t", **conv)
                assert _counts(cell) == _oracle(rows, conv), (empty, conv)
    no_validity = [{**r, "raw_validity": None} for r in base]
    (cell,) = rates([row_type(**r) for r in no_validity], by=())
    assert _counts(cell) == _oracle(no_validity, ALL_CONVENTIONS[0])
