"""A misspelt key in a LongMemEval answer file is named as a missing key (new user).

``autoeval_lable`` for ``autoeval_label`` read "expected a boolean label, got
None", which sends the user looking for a null; a question file given as
JSON Lines said only "Extra data".
"""

from __future__ import annotations

import pytest

from witnesses.rates.benchmarks import load_longmemeval


def _write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_misspelt_label_key_is_named_with_the_near_key(tmp_path) -> None:
    path = _write(
        tmp_path, "a.eval", '{"question_id": "q1", "autoeval_lable": {"label": true}}\n'
    )
    with pytest.raises(ValueError, match=r"no key|Extra data") as err:
        load_longmemeval(path, category_from_id="_")
    assert str(err.value) == (
        f"{path}: row 1: no key 'autoeval_label' (did you mean 'autoeval_lable'?)"
    )


def test_a_missing_label_key_lists_the_keys_of_the_row(tmp_path) -> None:
    path = _write(tmp_path, "a.eval", '{"question_id": "q1", "verdict": true}\n')
    with pytest.raises(ValueError, match=r"no key|Extra data") as err:
        load_longmemeval(path, category_from_id="_")
    assert str(err.value) == (
        f"{path}: row 1: no key 'autoeval_label' (its keys: 'question_id', 'verdict')"
    )


def test_a_misspelt_inner_label_key_is_named(tmp_path) -> None:
    path = _write(
        tmp_path, "a.eval", '{"question_id": "q1", "autoeval_label": {"lable": true}}\n'
    )
    with pytest.raises(ValueError, match=r"no key|Extra data") as err:
        load_longmemeval(path, category_from_id="_")
    assert str(err.value) == (
        f"{path}: row 1, column 'autoeval_label': no key 'label' (did you mean 'lable'?)"
    )


def test_a_null_label_is_still_a_bad_value(tmp_path) -> None:
    path = _write(
        tmp_path, "a.eval", '{"question_id": "q1", "autoeval_label": {"label": null}}\n'
    )
    with pytest.raises(ValueError, match="expected a boolean label, got None"):
        load_longmemeval(path, category_from_id="_")


def test_a_question_file_in_json_lines_says_so(tmp_path) -> None:
    answers = _write(
        tmp_path,
        "a.eval",
        '{"question_id": "q1", "autoeval_label": {"label": true}}\n'
        '{"question_id": "q2", "autoeval_label": {"label": true}}\n',
    )
    with pytest.raises(ValueError, match=r"no key|Extra data") as err:
        load_longmemeval(answers, questions=answers)
    assert "(Extra data); the file holds more than one JSON value" in str(err.value)
    assert "JSON Lines" in str(err.value)


@pytest.mark.parametrize(("unanswered", "verb"), [(1, "has"), (2, "have")])
def test_the_unanswered_count_agrees_with_its_verb(tmp_path, unanswered, verb) -> None:
    ids = ["q1", "q2", "q3"]
    questions = _write(
        tmp_path,
        "q.json",
        "["
        + ", ".join(f'{{"question_id": "{q}", "question_type": "ku"}}' for q in ids)
        + "]",
    )
    answered = ids[: len(ids) - unanswered]
    answers = _write(
        tmp_path,
        "a.eval",
        "".join(
            f'{{"question_id": "{q}", "autoeval_label": {{"label": true}}}}\n'
            for q in answered
        ),
    )
    with pytest.raises(ValueError, match=r"no graded answer") as err:
        load_longmemeval(answers, questions=questions)
    assert f"{unanswered} of the 3 questions of {questions} {verb} no graded" in str(
        err.value
    )


EIGHT = "'question_id', 'k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6'"


@pytest.mark.parametrize(
    ("n_keys", "shown"),
    [(8, EIGHT), (9, EIGHT + ", ..."), (10, EIGHT + ", ...")],
)
def test_a_missing_label_lists_at_most_eight_keys(tmp_path, n_keys, shown) -> None:
    keys = ", ".join(f'"k{i}": {i}' for i in range(n_keys - 1))
    path = _write(tmp_path, "a.eval", f'{{"question_id": "q1", {keys}}}\n')
    with pytest.raises(ValueError, match=r"no key") as err:
        load_longmemeval(path, category_from_id="_")
    assert str(err.value).endswith(f"(its keys: {shown})")


@pytest.mark.parametrize(
    ("unanswered", "first", "more"),
    [
        (5, "'q1', 'q2', 'q3', 'q4', 'q5'", ""),
        (6, "'q1', 'q2', 'q3', 'q4', 'q5'", " (and 1 more)"),
    ],
)
def test_the_unanswered_list_shows_five_ids_then_a_count(
    tmp_path, unanswered, first, more
) -> None:
    ids = [f"q{i}" for i in range(1, 8)]
    questions = _write(
        tmp_path,
        "q.json",
        "["
        + ", ".join(f'{{"question_id": "{q}", "question_type": "ku"}}' for q in ids)
        + "]",
    )
    answered = ids[unanswered:]
    answers = _write(
        tmp_path,
        "a.eval",
        "".join(
            f'{{"question_id": "{q}", "autoeval_label": {{"label": true}}}}\n'
            for q in answered
        ),
    )
    with pytest.raises(ValueError, match=r"no graded answer") as err:
        load_longmemeval(answers, questions=questions)
    assert f"no graded answer, first {first}{more};" in str(err.value)
