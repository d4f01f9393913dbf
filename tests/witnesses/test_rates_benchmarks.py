"""LongMemEval and LoCoMo result files: accuracy per category, pairwise tests.

Fixture files follow the documented schemas: LongMemEval's ``evaluate_qa.py``
writes one JSON object per line with ``question_id``, ``hypothesis`` and
``autoeval_label: {"model", "label"}``; its question file is a JSON list of
instances with ``question_id`` and ``question_type`` (ids ending in ``_abs``
are abstention questions). LoCoMo's files are a list of samples with a
``sample_id`` and a ``qa`` list whose items carry ``question``, ``answer``,
an integer ``category`` and per-system keys such as ``<model>_f1``.
"""

import json
import math

import pytest
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import proportion_confint

from theory.inference import cohens_h
from witnesses.rates.benchmarks import (
    Answer,
    accuracy,
    compare_systems,
    holm,
    load_locomo,
    load_longmemeval,
    minimum_detectable_difference,
)

TYPES = {
    "q1": "single-session-user", "q2": "single-session-user", "q3": "single-session-user",
    "q4": "temporal-reasoning", "q5": "temporal-reasoning", "q6": "temporal-reasoning",
    "q7": "knowledge-update", "q8_abs": "knowledge-update",
}  # fmt: skip
LABELS_A = {"q1": 1, "q2": 1, "q3": 0, "q4": 1, "q5": 0, "q6": 0, "q7": 1, "q8_abs": 1}
LABELS_B = {"q1": 1, "q2": 0, "q3": 0, "q4": 0, "q5": 0, "q6": 0, "q7": 1, "q8_abs": 0}


def _lme(tmp_path, name, labels):
    path = tmp_path / f"hyp_{name}.jsonl.eval-results-gpt-4o"
    path.write_text(
        "".join(
            json.dumps({"question_id": q, "hypothesis": f"answer to {q}\nsecond line",
                        "autoeval_label": {"model": "gpt-4o-2024-08-06", "label": bool(v)}})
            + "\n"
            for q, v in labels.items()
        )
    )  # fmt: skip
    return path


@pytest.fixture
def questions(tmp_path):
    path = tmp_path / "longmemeval_oracle.json"
    path.write_text(json.dumps([
        {"question_id": q, "question_type": t, "question": "?", "answer": "!",
         "question_date": "2023/05/30 (Tue) 23:40", "haystack_sessions": []}
        for q, t in TYPES.items()
    ]))  # fmt: skip
    return path


def test_longmemeval_per_category_overall_and_task_averaged(tmp_path, questions):
    answers = load_longmemeval(_lme(tmp_path, "a", LABELS_A), questions=questions)
    acc = accuracy(answers, system="a")
    counts = {c: (r.numerator, r.denominator) for c, r in acc.categories.items()}
    # single-session-user q1, q2 of q1-q3; temporal q4 of q4-q6; update both.
    assert counts == {
        "knowledge-update": (2, 2),
        "single-session-user": (2, 3),
        "temporal-reasoning": (1, 3),
    }
    assert (acc.overall.numerator, acc.overall.denominator) == (5, 8)
    assert acc.task_averaged == pytest.approx((2 / 3 + 1 / 3 + 1) / 3)
    low, high = proportion_confint(2, 3, alpha=0.05, method="wilson")
    r = acc.categories["single-session-user"]
    assert (r.low, r.high) == pytest.approx((low, high), abs=1e-12)


def test_longmemeval_types_from_a_mapping_or_an_id_prefix(tmp_path):
    path = _lme(tmp_path, "a", {"tr_1": 1, "tr_2": 0, "ku_1": 1})
    by_prefix = load_longmemeval(path, category_from_id="_")
    assert [a.category for a in by_prefix] == ["tr", "tr", "ku"]
    mapped = load_longmemeval(path, questions={"tr_1": "x", "tr_2": "y", "ku_1": "y"})
    assert [a.category for a in mapped] == ["x", "y", "y"]
    assert {a.category for a in load_longmemeval(path)} == {"all"}


def test_longmemeval_bad_rows_name_file_and_row(tmp_path, questions):
    path = tmp_path / "eval.jsonl"
    path.write_text('{"question_id": "q1", "autoeval_label": {"label": true}}\n'
                    '{"question_id": "q2", "autoeval_label": {"label": "yes"}}\n')  # fmt: skip
    with pytest.raises(
        ValueError, match="row 2, column 'autoeval_label': expected a boolean"
    ):
        load_longmemeval(path)
    path.write_text('{"question_id": "zz", "autoeval_label": true}\n')
    with pytest.raises(
        ValueError, match="row 1: question_id 'zz' is not in the question file"
    ):
        load_longmemeval(path, questions=questions)


def test_pairwise_mcnemar_on_the_same_questions_and_holm(tmp_path, questions):
    a = load_longmemeval(_lme(tmp_path, "a", LABELS_A), questions=questions)
    b = load_longmemeval(_lme(tmp_path, "b", LABELS_B), questions=questions)
    (c,) = compare_systems({"a": a, "b": b})
    # Discordant: a only on q2, q4, q8_abs; b only on none -> exact p = 2 / 2**3.
    assert c.test == "mcnemar-exact"
    assert c.pvalue == pytest.approx(0.25)
    assert (c.accuracy_a, c.accuracy_b, c.difference) == (5 / 8, 2 / 8, 3 / 8)
    assert not c.distinguishable


def test_unpaired_systems_use_fisher_or_z():
    a = [Answer(f"a{i}", "t", i < 18) for i in range(20)]
    b = [Answer(f"b{i}", "t", i < 6) for i in range(20)]
    (exact,) = compare_systems({"a": a, "b": b})
    assert exact.test == "fisher-exact"
    assert exact.distinguishable  # 18/20 vs 6/20
    (z,) = compare_systems({"a": a, "b": b}, test="z")
    assert z.test == "two-proportion-z"
    assert z.pvalue < 0.001


def test_holm_matches_statsmodels():
    pvalues = [0.01, 0.04, 0.03, 0.2, 0.001, 0.04]
    expected = multipletests(pvalues, method="holm")[1]  # statsmodels 0.14
    assert holm(pvalues) == pytest.approx(list(expected), abs=1e-15)


def test_three_systems_are_adjusted_together():
    ids = [f"q{i}" for i in range(40)]
    systems = {
        "strong": [Answer(q, "t", i < 36) for i, q in enumerate(ids)],
        "mid": [Answer(q, "t", i < 30) for i, q in enumerate(ids)],
        "weak": [Answer(q, "t", i < 10) for i, q in enumerate(ids)],
    }
    out = compare_systems(systems)
    assert [(c.a, c.b) for c in out] == [
        ("strong", "mid"),
        ("strong", "weak"),
        ("mid", "weak"),
    ]
    expected = multipletests([c.pvalue for c in out], method="holm")[1]
    assert [c.pvalue_holm for c in out] == pytest.approx(list(expected))
    assert [c.distinguishable for c in out] == [q < 0.05 for q in expected]
    # strong vs mid: 6 discordant, all one way: exact p = 2 / 2**6.
    assert out[0].pvalue == pytest.approx(2 / 64)


@pytest.mark.parametrize(("n", "p"), [(500, 0.6), (100, 0.9), (30, 0.5)])
def test_minimum_detectable_difference_matches_statsmodels_power(n, p):
    mdd = minimum_detectable_difference(n, p)
    h = cohens_h(p + mdd, p).h
    expected = NormalIndPower().solve_power(
        effect_size=None, nobs1=n, alpha=0.05, power=0.8, ratio=1.0
    )  # statsmodels 0.14, two-sided
    # statsmodels solves numerically; it agrees to its root-finder's tolerance.
    assert abs(h) == pytest.approx(expected, rel=1e-5)


def test_minimum_detectable_difference_caps_at_one():
    assert minimum_detectable_difference(2, 0.99) == pytest.approx(0.01)


LOCOMO = [
    {"sample_id": "conv-26", "qa": [
        {"question": "When?", "answer": "7 May", "category": 2, "mem_prediction": "May",
         "mem_f1": 0.67},
        {"question": "Who?", "answer": "Mel", "category": 1, "mem_prediction": "Mel",
         "mem_f1": 1.0},
        {"question": "Why?", "answer": "x", "category": 1, "mem_prediction": "y",
         "mem_f1": 0.0},
    ]},
    {"sample_id": "conv-30", "qa": [
        {"question": "Where?", "answer": "Paris", "category": 2, "mem_prediction": "Rome",
         "mem_f1": 0.2},
        {"question": "What?", "answer": "cake\nand tea", "category": 5,
         "mem_prediction": "tea", "mem_f1": 0.5},
    ]},
]  # fmt: skip


def test_locomo_scores_by_threshold_and_category(tmp_path):
    path = tmp_path / "locomo10_mem.json"
    path.write_text(json.dumps(LOCOMO))
    answers = load_locomo(path)
    assert [a.question_id for a in answers] == [
        "conv-26:0", "conv-26:1", "conv-26:2", "conv-30:0", "conv-30:1",
    ]  # fmt: skip
    # threshold 0.5: 0.67, 1.0, 0.5 correct; 0.0 and 0.2 not.
    assert [a.correct for a in answers] == [True, True, False, False, True]
    acc = accuracy(answers)
    counts = {c: (r.numerator, r.denominator) for c, r in acc.categories.items()}
    assert counts == {"1": (1, 2), "2": (1, 2), "5": (1, 1)}
    assert acc.task_averaged == pytest.approx((0.5 + 0.5 + 1.0) / 3)
    strict = load_locomo(path, threshold=1.0)
    assert sum(a.correct for a in strict) == 1


def test_locomo_flat_list_with_judge_labels(tmp_path):
    path = tmp_path / "judged.json"
    path.write_text(json.dumps([
        {"question_id": "x1", "category": "temporal", "llm_judge": "CORRECT"},
        {"question_id": "x2", "category": "temporal", "llm_judge": "WRONG"},
    ]))  # fmt: skip
    assert [a.correct for a in load_locomo(path)] == [True, False]


def test_locomo_ambiguous_or_bad_scores_are_named(tmp_path):
    path = tmp_path / "two.json"
    path.write_text(json.dumps([{"category": 1, "a_f1": 0.5, "b_f1": 0.1}]))
    with pytest.raises(ValueError, match=r"cannot tell the score key.*pass score_key"):
        load_locomo(path)
    assert load_locomo(path, score_key="b_f1")[0].correct is False
    path.write_text(json.dumps([{"id": "q9", "category": 1, "score": 3.5}]))
    with pytest.raises(
        ValueError, match="question q9, key 'score': expected a score in"
    ):
        load_locomo(path)
    path.write_text(json.dumps([{"id": "q9", "score": 0.5}]))
    with pytest.raises(ValueError, match="question q9: no scalar 'category'"):
        load_locomo(path)


BAD = [
    (lambda: minimum_detectable_difference(1, 0.5), ValueError, "n must be >= 2"),
    (
        lambda: minimum_detectable_difference(10, 1.5),
        ValueError,
        "p must be in \\[0, 1\\]",
    ),
    (
        lambda: minimum_detectable_difference(10, 0.5, power=0.01),
        ValueError,
        "power must exceed",
    ),
    (lambda: minimum_detectable_difference(True, 0.5), TypeError, "n must be an int"),
    (
        lambda: compare_systems({"a": [Answer("q", "t", True)]}),
        ValueError,
        "at least two",
    ),
    (lambda: compare_systems({"a": [], "b": []}), ValueError, "holds no answers"),
    (lambda: compare_systems({"a": [1], "b": [1]}), TypeError, "must hold Answers"),
    (
        lambda: compare_systems({"a": [], "b": []}, test="t"),
        ValueError,
        "test must be one of",
    ),
    (lambda: holm([1.5]), ValueError, "pvalues must be in"),
    (
        lambda: accuracy([("q", "t", True)]),
        TypeError,
        "answers\\[0\\] must be an Answer",
    ),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD)
def test_bad_arguments_name_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


def _answers(n_correct, n=40, prefix="q"):
    return [Answer(f"{prefix}{i}", "t", i < n_correct) for i in range(n)]


@pytest.mark.parametrize(
    "call",
    [
        lambda **kw: minimum_detectable_difference(200, 0.6, **kw),
        lambda **kw: accuracy(_answers(30), **kw).minimum_detectable_difference,
        lambda **kw: compare_systems({"a": _answers(30), "b": _answers(18)}, **kw),
    ],
)
def test_deprecated_alpha_warns_and_equals_confidence_level(call):
    """``alpha=a`` (one release) warns and equals ``confidence_level=1 - a``."""
    with pytest.warns(DeprecationWarning, match="alpha= is deprecated"):
        old = call(alpha=0.1)
    assert old == call(confidence_level=0.9)


@pytest.mark.parametrize(
    "call",
    [
        lambda **kw: minimum_detectable_difference(200, 0.6, **kw),
        lambda **kw: compare_systems({"a": _answers(30), "b": _answers(18)}, **kw),
    ],
)
def test_alpha_and_confidence_level_together_is_a_type_error(call):
    """Both spellings of one level at once are ambiguous and refused."""
    with pytest.raises(TypeError, match="not both"):
        call(confidence_level=0.9, alpha=0.1)


def test_deprecated_alpha_of_accuracy_stays_independent_of_the_intervals():
    """``accuracy(confidence_level=c, alpha=a)`` was valid: intervals at c, MDD at a."""
    with pytest.warns(DeprecationWarning, match="alpha= is deprecated"):
        acc = accuracy(_answers(30), confidence_level=0.9, alpha=0.07)
    assert acc.overall.ci.confidence_level == 0.9
    # bit for bit the old MDD at alpha = 0.07 (no round trip through 1 - alpha)
    assert acc.minimum_detectable_difference == _old_mdd(40, 0.75, 0.07)
    assert acc.minimum_detectable_difference != minimum_detectable_difference(40, 0.75)


def _old_mdd(n, p, alpha):
    with pytest.warns(DeprecationWarning, match="alpha= is deprecated"):
        return minimum_detectable_difference(n, p, alpha=alpha)


def test_confidence_level_sets_the_detectable_difference_and_the_decision():
    """A laxer level detects smaller differences and distinguishes more pairs."""
    strict = minimum_detectable_difference(200, 0.6, confidence_level=0.99)
    lax = minimum_detectable_difference(200, 0.6, confidence_level=0.8)
    assert lax < minimum_detectable_difference(200, 0.6) < strict
    acc = accuracy(_answers(30), confidence_level=0.8)
    assert acc.confidence_level == 0.8 and math.isclose(acc.alpha, 0.2)
    assert acc.to_dict()["confidence_level"] == 0.8
    a, b = _answers(26), _answers(20)
    # p of the exact McNemar test on 6 discordant pairs is 0.03125
    assert compare_systems({"a": a, "b": b}, confidence_level=0.95)[0].distinguishable
    assert not compare_systems({"a": a, "b": b}, confidence_level=0.99)[
        0
    ].distinguishable


def test_load_longmemeval_refuses_unanswered_questions_unless_allowed(tmp_path):
    path = tmp_path / "one.eval-results-gpt-4o"
    path.write_text(
        '{"question_id": "tr_1", "autoeval_label": {"model": "m", "label": true}}\n'
    )
    questions = {"tr_1": "t", "ku_1": "k", "ku_2": "k"}
    with pytest.raises(
        ValueError, match=r"2 of the 3 questions .* first 'ku_1', 'ku_2'"
    ):
        load_longmemeval(path, questions=questions)
    got = load_longmemeval(path, questions=questions, allow_unanswered=True)
    assert [a.question_id for a in got] == ["tr_1"]
    # without a question file there is nothing to be unanswered
    assert len(load_longmemeval(path, category_from_id="_")) == 1
