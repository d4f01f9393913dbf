"""The columnar fast paths (issue 30) equal the strict row paths they skip.

The oracle of the loader is the strict row reader that every file went
through before issue 30 and that still reads any file the fast path declines
(``read_records`` + ``build_trials``); the oracle of ``rates`` is its row loop,
which still serves Trial subclasses. The fast path may decline (``None``), but
whatever it returns must equal the oracle's result, types included (compared
by ``repr``: ``1.0``, ``1`` and ``True`` are equal, their reprs are not).
"""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from witnesses import Trial, load_trials, rates
from witnesses._columns import distinct_rows, load_csv_columns, plain, row_keys
from witnesses._load import Loaded, build_trials, make_plan
from witnesses._readers import DEFAULT_MAX_BYTES, read_records
from witnesses.trials import TRIAL_FIELDS

# Cells in every spelling the strict parsers meet: numbers, flags, missing
# values, text with delimiters, quotes, newlines and non-ASCII letters.
CELLS = [
    "1", "0", "1.0", " 1 ", "1e0", "+1", "-0", "-0.0", "0.5", ".5", "5.", "1_0",
    "007", "\u0663", "0x1", "1e400", "inf", "-Infinity", "nan", "NaN", "na", "N/A",
    "", " ", "null", "None", "true", "False", "yes", "n", "t", "2", "0.25",
    "e41", "e45", "naive", "a,b", 'quo"te', "multi\nline", "cr\r\nlf", "\u00fcn\u00ef",
    "\u20ac", "\ufeffbom", "x" * 3,
]  # fmt: skip
COLUMNS = [
    "task_id", "condition", "raw_validity", "budget", "seed", "full_pivot",
    "chosen_pivot", "header_present", "semantic_regret", "id", "arm", "score", "x",
]  # fmt: skip
_SCORES = ["1", "0", "1.0", " 1 ", "1e0", "+1", "-0", "-0.0", "0.5", ".5", "1_0e-1"]
_MISSING = ["", " ", "nan", "NaN", "na", "null", "None"]
_FLAGS = ["true", "False", "yes", "n", "t", "1", "0", " Y "]
_TEXT = [
    "e41",
    "e45",
    "naive",
    "a,b",
    'quo"te',
    "multi\nline",
    "cr\r\nlf",
    "\u00fcn",
    "\u20ac",
    "1.0",
    " x ",
]
VALID: dict[str, list[str]] = {
    "raw_validity": _SCORES + _FLAGS + _MISSING,
    "semantic_regret": _SCORES + _MISSING,
    "budget": [*_SCORES, "2.5", "-3", "1e3", "\u0663", *_MISSING],
    "score": [*_SCORES, "2.5", "-3", *_MISSING],
    "seed": ["007", "1", "-0", "1.0", "\u0663", "2", "1e2", *_MISSING],
    "header_present": _FLAGS + _MISSING,
    "condition": _TEXT,
    "arm": _TEXT,
}
"""Cells that parse in each column (else: text, or a missing value)."""
PLANS: list[dict[str, Any]] = [
    {},
    {"mapping": {"task_id": "id", "condition": "arm"}},
    {"measures": {"s": "score"}},
    {"constants": {"condition": "c"}},
    {"mapping": {"task_id": "id"}, "constants": {"condition": "c", "budget": 0.5}},
    {"constants": {"condition": "c", "budget": 1}},  # not plain: declined
]


def _strict(path: Path, **plan: Any) -> Loaded | str:
    """The oracle: the strict row reader's result, or its error message."""
    made = make_plan(
        path,
        TRIAL_FIELDS,
        mapping=plan.get("mapping"),
        measures=plan.get("measures"),
        constants=plan.get("constants"),
        preset=None,
    )
    try:
        return build_trials(
            read_records(path, "csv", DEFAULT_MAX_BYTES), made, path, Trial
        )
    except ValueError as exc:
        return str(exc)


def _fast(path: Path, **plan: Any) -> Loaded | None:
    made = make_plan(
        path,
        TRIAL_FIELDS,
        mapping=plan.get("mapping"),
        measures=plan.get("measures"),
        constants=plan.get("constants"),
        preset=None,
    )
    return load_csv_columns(path, made, Trial, DEFAULT_MAX_BYTES)


def _same(fast: Loaded, strict: Loaded | str) -> None:
    assert isinstance(strict, Loaded), strict
    assert list(map(repr, fast.trials)) == list(map(repr, strict.trials))
    assert fast.trials == strict.trials
    assert fast.absent == strict.absent
    assert fast.keys == strict.keys
    assert list(fast.blank.items()) == list(strict.blank.items())


@st.composite
def tables(draw: st.DrawFn) -> bytes:
    """A CSV file written by the csv module: some columns, cells from CELLS."""
    loads = draw(st.booleans())  # cells that parse, distinct task ids: files that load
    header = draw(
        st.lists(st.sampled_from(COLUMNS), min_size=1, max_size=6, unique=True)
    )
    if loads:
        header = list(dict.fromkeys(["id", "condition", *header, "task_id", "arm"]))
    rows = draw(
        st.lists(
            st.lists(
                st.sampled_from(CELLS), min_size=len(header), max_size=len(header)
            ),
            min_size=int(loads),
            max_size=8,
        )
    )
    if loads:
        for row in rows:
            for j, name in enumerate(header):
                row[j] = draw(st.sampled_from(VALID.get(name, _TEXT + _MISSING)))
        for i, row in enumerate(rows):
            if "task_id" in header:
                row[header.index("task_id")] = f"t{i}"
            if "id" in header:
                row[header.index("id")] = f"t{i}"
    out = io.StringIO()
    writer = csv.writer(
        out,
        lineterminator=draw(st.sampled_from(["\n", "\r\n"])),
        quoting=draw(st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL])),
    )
    writer.writerow(header)
    writer.writerows(rows)
    text = out.getvalue()
    if draw(st.booleans()):
        text = text.rstrip("\r\n")  # no newline at the end
    bom = b"\xef\xbb\xbf" if draw(st.booleans()) else b""
    return bom + text.encode("utf-8")


_HOSTILE = st.lists(
    st.sampled_from([*'ab1,."\r\n \u00fc\ufeff\x00', "0.5", "t", "c"]), max_size=30
).map("".join)


def _check(data: bytes, plan: dict[str, Any]) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "runs.csv"
        path.write_bytes(data)
        fast = _fast(path, **plan)
        strict = _strict(path, **plan)
        if fast is not None:
            _same(fast, strict)
        public: Any
        try:
            public = load_trials(
                path,
                mapping=plan.get("mapping"),
                measures=plan.get("measures"),
                constants=plan.get("constants"),
            )
        except ValueError as exc:
            public = str(exc)
        if isinstance(strict, str):
            assert public == strict
        else:
            assert list(map(repr, public)) == list(map(repr, strict.trials))
    return fast is not None


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.sampled_from(PLANS))
@example(b"task_id,condition\nt1,a\nt2,a\n", {})
@example(b'task_id,condition\n"t,1","a ""b"""\n', {})
def test_columnar_csv_equals_strict_reader(data: bytes, plan: dict[str, Any]) -> None:
    _check(data, plan)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(_HOSTILE, st.sampled_from(PLANS[:2]))
@example("task_id,condition\r1,2\n", {})  # a lone CR: the csv module refuses it
@example('task_id,condition\n"ab"c,d\n', {})  # text after a closing quote
@example("task_id,condition\n  \nt,c\n", {})  # a line of blanks
def test_columnar_csv_equals_strict_reader_on_hostile_text(
    text: str, plan: dict[str, Any]
) -> None:
    _check(b"task_id,condition\n" + text.encode("utf-8", "surrogatepass"), plan)
    _check(text.encode("utf-8", "surrogatepass"), plan)


def test_columnar_reader_takes_plain_files_and_declines_unusual_ones(
    tmp_path: Path,
) -> None:
    """The fast path runs on canonical files (else the test above tests nothing)."""
    cases = {
        b"task_id,condition,raw_validity\nt1,a,1\nt2,a,0\n": True,
        b'task_id,condition\n"t,1","a ""b"""\r\nt2,"x\ny"\n': True,
        b"\xef\xbb\xbftask_id,condition\nt1,a": True,
        b"task_id,condition\r1,2\n": False,  # lone CR
        b'task_id,condition\n"ab"c,d\n': False,  # text after a closing quote
        b"task_id,condition\nt1,a\x00\n": False,  # NUL
        b"task_id,condition\nt1,\xff\n": False,  # not UTF-8
        b"task_id,task_id\nt1,a\n": False,  # duplicate header
        b"task_id,condition\n": False,  # header alone
        b"task_id,condition\nt1,a\nt1,a\n": False,  # a repeated trial
        b"task_id,condition\nt1,a,b\n": False,  # a row too wide
        b"task_id,condition,raw_validity\nt1,a,2\n": False,  # out of [0, 1]
        b"task_id,condition,raw_validity\nt1,a,maybe\n": False,  # does not parse
        b"task_id,condition\nt1,\n": False,  # a required field empty
        b"task_id,condition\nt1,a\n" + b"x" * 200_000 + b",c\n": False,  # huge cell
    }
    for data, taken in cases.items():
        path = tmp_path / "runs.csv"
        path.write_bytes(data)
        assert (_fast(path) is not None) is taken, data
    path.write_bytes(b"task_id,condition\nt1,a\n")
    assert _fast(path, mapping={"seed": "nope"}) is None  # a named column is absent


def test_columnar_reader_keeps_the_file_refusals(tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    path.write_bytes(b"task_id,condition\nt1,a\n")
    plan = make_plan(
        path, TRIAL_FIELDS, mapping=None, measures=None, constants=None, preset=None
    )
    with pytest.raises(ValueError, match=r"has 23 bytes, more than max_bytes=22"):
        load_csv_columns(path, plan, Trial, 22)
    assert load_csv_columns(path, plan, Trial, 23) is not None
    with pytest.raises(
        ValueError, match=r"is a directory; only regular files are read"
    ):
        load_csv_columns(tmp_path, plan, Trial, 100)
    assert load_csv_columns(path, plan, dict, 100) is None  # another record type


def test_plain_matches_the_trial_fast_check() -> None:
    assert (
        plain("task_id", "t")
        and not plain("task_id", "")
        and not plain("task_id", None)
    )
    assert plain("budget", None) and plain("budget", 0.5) and not plain("budget", 1)
    assert not plain("budget", float("inf")) and not plain("budget", float("nan"))
    assert plain("seed", 3) and not plain("seed", 3.0) and not plain("seed", True)
    assert plain("header_present", False) and not plain("header_present", 0)
    assert plain("raw_validity", True) and plain("raw_validity", 1.0)
    assert not plain("raw_validity", 1.5) and not plain("semantic_regret", -0.1)
    assert plain("semantic_regret", 0.0) and plain("full_score", -3.0)
    assert plain("model", "m") and not plain("model", 7)


def test_row_keys_number_equal_rows_alike() -> None:
    a = ["x", "y", "x", "y", "x"]
    b = [1, 1.0, True, 2, 1]
    key, size = row_keys([a, b], 5)
    assert key.tolist()[0] == key.tolist()[2] == key.tolist()[4] != key.tolist()[1]
    assert min(key.tolist()) >= 0 and max(key.tolist()) < size
    assert not distinct_rows([a, b], 5)
    assert distinct_rows([a[:2], b[:2]], 2) and distinct_rows([], 1)
    assert not distinct_rows([], 2)
    many = [list(range(50)), list(range(50)), list(range(50))]  # renumbered keys
    key, size = row_keys(many, 50)
    assert size <= 8 * 50 and distinct_rows(many, 50)


# ---- rates: the columns against the row loop ---------------------------------


class _Row(Trial):
    """A Trial subclass: ``rates`` takes its row path for it."""

    __slots__ = ()


_PIVOT = st.sampled_from([None, "p", "q", "r"])
_FLAG = st.sampled_from([None, True, False])


@st.composite
def trial_sets(draw: st.DrawFn) -> list[dict[str, Any]]:
    n = draw(st.integers(1, 12))
    out = []
    for i in range(n):
        out.append({
            "task_id": f"t{i}",
            "condition": draw(st.sampled_from(["a", "b"])),
            "budget": draw(st.sampled_from([None, 0.5, 1.0])),
            "category": draw(st.sampled_from([None, "x"])),
            "full_pivot": draw(_PIVOT),
            "chosen_pivot": draw(_PIVOT),
            "truth_pivot": draw(_PIVOT),
            "oracle_pivot": draw(_PIVOT),
            "raw_validity": draw(st.sampled_from([None, True, False, 0.0, 0.3, 0.5, 0.7, 1.0])),
            "fixed_feasible": draw(_FLAG),
            "header_present": draw(_FLAG),
            "degraded_flag": draw(_FLAG),
            "oracle_degraded": draw(_FLAG),
            "full_score": draw(st.sampled_from([None, 0.0, 1.0, 2.5])),
            "compressed_score": draw(st.sampled_from([None, 0.0, 1.0, -1.0])),
            "semantic_regret": draw(st.sampled_from([None, 0.0, 0.25, 1.0])),
            "measures": draw(st.sampled_from([{}, {"m": 0.5}, {"m": 2.0, "k": 1.0}])),
        })  # fmt: skip
    return out


_CONVENTIONS = st.fixed_dictionaries({
    "preservation_denominator": st.sampled_from(["valid", "all"]),
    "pivot_reference": st.sampled_from(["full", "truth"]),
    "missing_reference": st.sampled_from(["exclude", "not-preserved"]),
    "information_shift": st.sampled_from(["chosen-full", "oracle-truth"]),
    "degraded_reference": st.sampled_from(["full", "truth", "oracle"]),
    "wrong_reference": st.sampled_from([None, "full", "truth", "oracle"]),
})  # fmt: skip


@settings(max_examples=300)
@given(
    trial_sets(),
    _CONVENTIONS,
    st.sampled_from([(), ("condition",), ("condition", "budget"), ("category",)]),
)
def test_columnar_rates_equal_the_row_loop(
    rows: list[dict[str, Any]], conventions: dict[str, Any], by: tuple[str, ...]
) -> None:
    fast = rates([Trial(**r) for r in rows], by=by, n_resamples=99, **conventions)
    slow = rates([_Row(**r) for r in rows], by=by, n_resamples=99, **conventions)
    assert fast == slow
    assert repr(fast) == repr(slow)


def test_columnar_rates_keep_the_first_group_value_and_the_errors() -> None:
    cells = rates(
        [Trial("t1", "a", budget=1.0), Trial("t2", "a", budget=1.0)], by=("budget",)
    )
    assert [c.group for c in cells] == [{"budget": 1.0}]
    with pytest.raises(
        ValueError, match=r"trials\[1\] repeats trials\[0\] \(equal in every"
    ):
        rates([Trial("t1", "a"), Trial("t1", "a")])
    with pytest.raises(
        ValueError, match=r"trials\[1\] repeats the trial of trials\[0\]"
    ):
        rates(
            [Trial("t1", "a", raw_validity=True), Trial("t1", "a", raw_validity=False)]
        )
    with pytest.raises(TypeError, match=r"trials\[1\] must be a Trial, got int"):
        rates([Trial("t1", "a"), 3])  # type: ignore[list-item]
