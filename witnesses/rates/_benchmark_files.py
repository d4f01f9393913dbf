"""Read benchmark result files: LongMemEval eval-results and LoCoMo-style JSON."""

from __future__ import annotations

import difflib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from witnesses._validation import check_max_bytes, check_path
from witnesses.rates._readers import DEFAULT_MAX_BYTES, read_json, read_jsonl, show

__all__ = [
    "LOCOMO_CATEGORIES",
    "Answer",
    "Score",
    "load_locomo",
    "load_locomo_scores",
    "load_longmemeval",
]

LOCOMO_CATEGORIES = {
    "1": "multi-hop",
    "2": "temporal",
    "3": "open-domain",
    "4": "single-hop",
    "5": "adversarial",
}
"""LoCoMo's integer question categories, by name."""

_QUESTION_KEYS = ("question", "answer", "adversarial_answer", "evidence", "category")
_SCORE_KEYS = ("score", "label", "correct", "judge", "llm_judge", "llm_score")
_CORRECT = {"correct", "true", "yes", "1"}
_WRONG = {"wrong", "incorrect", "false", "no", "0"}


@dataclass(frozen=True, slots=True)
class Answer:
    """One graded question of one system.

    Examples
    --------
    >>> from witnesses.rates.benchmarks import Answer
    >>> Answer("q1", "temporal-reasoning", True).correct
    True
    """

    question_id: str
    category: str
    correct: bool


def load_longmemeval(
    path: str | Path,
    *,
    questions: str | Path | Mapping[str, str] | None = None,
    category_from_id: str | None = None,
    allow_unanswered: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[Answer]:
    r"""Read LongMemEval ``eval-results`` JSONL (``evaluate_qa.py``'s output).

    Parameters
    ----------
    path : str or Path
        One JSON object per line with ``question_id`` and ``autoeval_label``
        (``{"model": ..., "label": true}``, or a bare boolean).
    questions : path or mapping, optional
        The benchmark's question file (a JSON list of instances with
        ``question_id`` and ``question_type``), or ``{question_id: type}``.
    category_from_id : str, optional
        Without ``questions``: the category is the id up to the first
        occurrence of this separator (``"_"``: ``"temporal_17"`` ->
        ``"temporal"``). With neither, every question is ``"all"``.
    allow_unanswered : bool
        With ``questions``: when False (the default), a question of the
        question file that the eval file does not answer is an error (a
        partial run would otherwise raise the accuracy silently, and a
        type may drop out of the task average). True reads the answered
        questions alone; count the rest with ``len(questions) - len(result)``.
    max_bytes : int
        Largest file read (both files).

    Returns
    -------
    list of Answer

    Raises
    ------
    ValueError
        Naming the file and the row: a missing or malformed label, an id the
        question file does not hold, an unreadable file, a file without a
        line, a question id that occurs twice (in either file: an answer
        counts once, so a repeat is an error naming both rows), questions of
        the question file without an answer (unless ``allow_unanswered``).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from witnesses.rates.benchmarks import load_longmemeval
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "eval-results-gpt-4o"
    >>> _ = path.write_text('{"question_id": "ku_1", "hypothesis": "x", '
    ...                     '"autoeval_label": {"model": "gpt-4o", "label": true}}\n')
    >>> load_longmemeval(path, category_from_id="_")
    [Answer(question_id='ku_1', category='ku', correct=True)]
    """
    path = check_path(path, "path")
    check_max_bytes(max_bytes)
    types = _question_types(questions, max_bytes)
    out = []
    rows: dict[str, int] = {}
    for row, record in read_jsonl(path, max_bytes):
        qid = record.get("question_id")
        if not isinstance(qid, str) or not qid:
            msg = f"{path}: row {row}: question_id must be a non-empty str, got {show(qid)}"
            raise ValueError(msg)
        if qid in rows:
            msg = f"{path}: row {row}: question_id {qid!r} repeats row {rows[qid]}"
            raise ValueError(msg)
        rows[qid] = row
        if "autoeval_label" not in record:
            msg = f"{path}: row {row}: no key 'autoeval_label'{_near_key('autoeval_label', record)}"
            raise ValueError(msg)
        label = record["autoeval_label"]
        if isinstance(label, dict):
            if "label" not in label:
                msg = f"{path}: row {row}, column 'autoeval_label': no key 'label'{_near_key('label', label)}"
                raise ValueError(msg)
            label = label["label"]
        if not isinstance(label, bool):
            msg = f"{path}: row {row}, column 'autoeval_label': expected a boolean label, got {show(label)}"
            raise ValueError(msg)
        if types is not None:
            if qid not in types:
                msg = f"{path}: row {row}: question_id {qid!r} is not in the question file"
                raise ValueError(msg)
            category = types[qid]
        elif category_from_id is not None:
            category = qid.partition(category_from_id)[0]
        else:
            category = "all"
        out.append(Answer(qid, category, label))
    if not out:
        msg = f"{path}: no graded questions (the file holds no JSON line)"
        raise ValueError(msg)
    if types is not None and not allow_unanswered:
        missing = [q for q in types if q not in rows]
        if missing:
            raise ValueError(unanswered_message(path, questions, missing, len(types)))
    return out


def unanswered_message(
    path: str | Path, questions: object, missing: list[str], total: int
) -> str:
    """Return the error for questions of the question file ``path`` leaves unanswered."""
    where = "the question file" if isinstance(questions, Mapping) else str(questions)
    first = ", ".join(repr(q) for q in missing[:5])
    more = f" (and {len(missing) - 5} more)" if len(missing) > 5 else ""
    return (
        f"{path}: {len(missing)} of the {total} questions of {where} "
        f"{'has' if len(missing) == 1 else 'have'} no graded "
        f"answer, first {first}{more}; a partial run would raise the accuracy: "
        "grade every question, or pass --allow-unanswered (Python: "
        "allow_unanswered=True) to summarise the answered questions alone"
    )


def _near_key(key: str, record: Mapping[str, object]) -> str:
    """`` (did you mean 'x'?)`` for a misspelt key, else `` (its keys: ...)``."""
    names = [k for k in record if isinstance(k, str)]
    near = difflib.get_close_matches(key, names, n=1, cutoff=0.8)
    if near:
        return f" (did you mean {near[0]!r}?)"
    shown = ", ".join(repr(k) for k in names[:8]) + (", ..." if len(names) > 8 else "")
    return f" (its keys: {shown or 'none'})"


def _question_types(
    questions: str | Path | Mapping[str, str] | None, max_bytes: int
) -> Mapping[str, str] | None:
    if questions is None or isinstance(questions, Mapping):
        return questions
    path = Path(questions)
    doc = read_json(path, max_bytes)
    if not isinstance(doc, list):
        msg = f"{path}: the question file must hold a JSON list of instances"
        raise ValueError(msg)
    types = {}
    for row, item in enumerate(doc, start=1):
        qid = item.get("question_id") if isinstance(item, dict) else None
        qtype = item.get("question_type") if isinstance(item, dict) else None
        if not isinstance(qid, str) or not isinstance(qtype, str):
            msg = f"{path}: row {row}: an instance needs str question_id and question_type"
            raise ValueError(msg)
        if qid in types:
            msg = f"{path}: row {row}: question_id {qid!r} occurs twice"
            raise ValueError(msg)
        types[qid] = qtype
    return types


def load_locomo(
    path: str | Path,
    *,
    score_key: str | None = None,
    threshold: float = 0.5,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[Answer]:
    """Read LoCoMo-style JSON: a ``category`` and a score per question.

    Parameters
    ----------
    path : str or Path
        A list of samples each with a ``qa`` list (LoCoMo's layout; ids become
        ``<sample_id>:<index>``), one such sample, or a flat list of questions
        (ids from ``question_id`` or ``id`` when present).
    score_key : str, optional
        The key of the score. By default the one key among ``score``,
        ``label``, ``correct``, ``judge``, ``llm_judge``, ``llm_score`` or
        ending in ``_f1`` / ``_score`` / ``_judge`` that the first question has.
    threshold : float
        A numeric score in ``[0, 1]`` is correct when ``>= threshold``;
        booleans and ``"CORRECT"`` / ``"WRONG"`` labels are read as they are.

    Returns
    -------
    list of Answer
        The category is the file's (LoCoMo's integer codes become strings).

    Raises
    ------
    ValueError
        Naming the file and the question: no category (or a null one), no or
        an ambiguous score key, a score outside ``[0, 1]``, no question at
        all, a question id that occurs twice (an answer counts once).

    Examples
    --------
    >>> import json, tempfile, pathlib
    >>> from witnesses.rates.benchmarks import load_locomo
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "locomo.json"
    >>> _ = path.write_text(json.dumps([{"sample_id": "conv-1", "qa": [
    ...     {"question": "q", "answer": "a", "category": 2, "mem_f1": 0.8}]}]))
    >>> load_locomo(path)
    [Answer(question_id='conv-1:0', category='2', correct=True)]
    """
    path = check_path(path, "path")
    check_max_bytes(max_bytes)
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
        msg = f"threshold must be a real number, got {threshold!r}"
        raise TypeError(msg)
    if not 0.0 <= threshold <= 1.0:
        msg = f"threshold must be in [0, 1], got {threshold!r}"
        raise ValueError(msg)
    items = _locomo_items(read_json(path, max_bytes), path)
    key = score_key if score_key is not None else _score_key(items[0][1], path)
    out = []
    for qid, item in items:
        where = f"{path}: question {qid}"
        out.append(
            Answer(
                qid,
                _category(item, where),
                _correct(item.get(key), key, threshold, where),
            )
        )
    return out


def _category(item: Mapping[str, Any], where: str) -> str:
    value = item.get("category")
    if value is None or isinstance(value, (dict, list, bool)):
        got = "none" if "category" not in item else show(value)
        msg = f"{where}: no scalar 'category' (got {got})"
        raise ValueError(msg)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


@dataclass(frozen=True, slots=True)
class Score:
    """One question's score in ``[0, 1]`` (LoCoMo's F1), with its category."""

    question_id: str
    category: str
    score: float


def load_locomo_scores(
    path: str | Path, *, key: str, max_bytes: int = DEFAULT_MAX_BYTES
) -> list[Score]:
    """Read every question's ``key`` score (LoCoMo: ``<model>_f1``) in ``[0, 1]``.

    Errors name the file and the question: a missing key (with the score
    keys the question has), a score that is not a number in ``[0, 1]``, a
    missing or null category, a numeric category other than LoCoMo's 1..5
    (a named category of another scheme is kept as it is), a
    repeated question id or question entry, no question at all.
    """
    path = check_path(path, "path")
    out = []
    for qid, item in _locomo_items(read_json(path, max_bytes), path):
        where = f"{path}: question {qid}"
        value = item.get(key)
        if key not in item:
            keys = [k for k in item if k.endswith(("_f1", "_score"))]
            msg = f"{where}: no key {key!r} (its score keys: {keys or 'none'})"
            raise ValueError(msg)
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not 0.0 <= value <= 1.0
        ):
            msg = f"{where}, key {key!r}: expected a score in [0, 1], got {show(value)}"
            raise ValueError(msg)
        category = _category(item, where)
        if category not in LOCOMO_CATEGORIES and _numeric(category):
            codes = ", ".join(f"{k} {v}" for k, v in LOCOMO_CATEGORIES.items())
            msg = (
                f"{where}: category {show(item.get('category'))} is not one of "
                f"LoCoMo's categories ({codes}): fix the category (a category "
                "of another scheme must be a name, not a number)"
            )
            raise ValueError(msg)
        out.append(Score(qid, category, float(value)))
    return out


def _numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _locomo_items(doc: Any, path: Path) -> list[tuple[str, dict[str, Any]]]:
    samples = [doc] if isinstance(doc, dict) else doc
    if not isinstance(samples, list):
        msg = f"{path}: expected a list of samples or of questions"
        raise ValueError(msg)
    items: list[tuple[str, dict[str, Any]]] = []
    for s_index, sample in enumerate(samples):
        if not isinstance(sample, dict):
            msg = f"{path}: entry {s_index}: expected a JSON object, got {show(sample)}"
            raise ValueError(msg)
        if "qa" not in sample:
            qid = sample.get("question_id", sample.get("id", s_index))
            items.append((str(qid), sample))
            continue
        if not isinstance(sample["qa"], list):
            msg = f"{path}: entry {s_index}: 'qa' must be a list"
            raise ValueError(msg)
        sid = str(sample.get("sample_id", s_index))
        asked: dict[str, int] = {}
        for q_index, item in enumerate(sample["qa"]):
            if not isinstance(item, dict):
                msg = f"{path}: question {sid}:{q_index}: expected a JSON object"
                raise ValueError(msg)
            # LoCoMo's ids are positions, so a repeated entry gets a new id:
            # the same question with the same answer and evidence in one
            # sample is an entry appended twice, and would count twice.
            same = json.dumps(
                [item.get(k) for k in _QUESTION_KEYS], sort_keys=True, default=str
            )
            if item.get("question") is not None and same in asked:
                msg = (
                    f"{path}: question {sid}:{q_index} repeats question "
                    f"{sid}:{asked[same]} (the same question, answer and evidence; "
                    "an answer counts once): remove the repeat"
                )
                raise ValueError(msg)
            asked.setdefault(same, q_index)
            items.append((f"{sid}:{q_index}", item))
    if not items:
        msg = f"{path}: no questions (an empty list, or samples with empty 'qa' lists)"
        raise ValueError(msg)
    seen: set[str] = set()
    for qid, _ in items:
        if qid in seen:
            msg = f"{path}: question id {qid!r} occurs twice (an answer counts once)"
            raise ValueError(msg)
        seen.add(qid)
    return items


def _score_key(item: Mapping[str, Any], path: Path) -> str:
    found = [
        k for k in item if k in _SCORE_KEYS or k.endswith(("_f1", "_score", "_judge"))
    ]
    if len(found) != 1:
        msg = (
            f"{path}: cannot tell the score key (candidates {found or 'none'} among "
            f"{sorted(item)}); pass score_key"
        )
        raise ValueError(msg)
    (key,) = found
    return key


def _correct(value: Any, key: str, threshold: float, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _CORRECT | _WRONG:
            return text in _CORRECT
    if isinstance(value, (int, float)) and math.isfinite(value) and 0.0 <= value <= 1.0:
        return float(value) >= threshold
    msg = f"{where}, key {key!r}: expected a score in [0, 1] or a correct/wrong label, got {show(value)}"
    raise ValueError(msg)
