"""The columnar fast paths (issue 30) equal the strict row paths they skip.

The oracle of the loader is the strict row reader that every file went
through before issue 30 and that still reads any file the fast path declines
(``build_trials`` over ``read_records``): a test turns the fast path off by
patching it to decline, and sees whether it was taken by patching the strict
path to raise. The oracle of ``rates`` is its row loop, which still serves
Trial subclasses. Whatever the fast path returns must equal the oracle's
result, types included (compared by ``repr``: ``1.0``, ``1`` and ``True`` are
equal, their reprs are not), and the command line prints the same report
(the fields no row holds, the blank cells, the column hints).
"""

from __future__ import annotations

import contextlib
import csv
import io
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from witnesses import Trial, load_trials
from witnesses.rates import rates
from witnesses.rates.cli import main as rates_main

_FAST = "witnesses.rates._columns.load_csv_columns"
_STRICT = "witnesses.rates._load.build_trials"


class _Declined(Exception):
    """Raised by the patched strict path: the fast path declined the file."""


def _strict_only(*args: Any, **kwargs: Any) -> None:
    return None


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise _Declined


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


def _load(path: Path, plan: dict[str, Any]) -> list[str] | str:
    """``load_trials``: each trial's repr, or the error message."""
    try:
        trials = load_trials(
            path,
            mapping=plan.get("mapping"),
            measures=plan.get("measures"),
            constants=plan.get("constants"),
        )
    except ValueError as exc:
        return str(exc)
    return list(map(repr, trials))


def _cli(path: Path, plan: dict[str, Any]) -> tuple[int, str, str] | None:
    """``context-laws rates FILE --format json``: exit code, stdout, stderr."""
    constants = plan.get("constants", {})
    if set(constants) - {"condition"}:
        return None  # the command line sets no other constant
    argv = [str(path), "--format", "json"]
    argv += [f"--map={k}={v}" for k, v in plan.get("mapping", {}).items()]
    argv += [f"--measure={k}={v}" for k, v in plan.get("measures", {}).items()]
    if "condition" in constants:
        argv += ["--condition", constants["condition"]]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = rates_main(argv)
    return code, out.getvalue(), err.getvalue()


def _taken(path: Path, plan: dict[str, Any]) -> bool:
    """Whether the fast path reads the file (the strict path is never reached)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_STRICT, _refuse)
        try:
            _load(path, plan)
        except _Declined:
            return False
    return True


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
        taken = _taken(path, plan)
        fast, fast_cli = _load(path, plan), _cli(path, plan)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(_FAST, _strict_only)
            strict, strict_cli = _load(path, plan), _cli(path, plan)
        assert fast == strict
        assert fast_cli == strict_cli
        if taken:
            assert isinstance(strict, list)
    return taken


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.sampled_from(PLANS))
@example(b"task_id,condition\nt1,a\nt2,a\n", {})
@example(b'task_id,condition\n"t,1","a ""b"""\n', {})
def test_columnar_csv_equals_strict_reader(data: bytes, plan: dict[str, Any]) -> None:
    _check(data, plan)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    """The fast path runs on canonical files (else the tests above test nothing)."""
    cases = {
        b"task_id,condition,raw_validity\nt1,a,1\nt2,a,0\n": True,
        b'task_id,condition\n"t,1","a ""b"""\r\nt2,"x\ny"\n': True,
        b"\xef\xbb\xbftask_id,condition\nt1,a": True,
        b"task_id,condition,budget,seed\nt1,a,1,1\nt1,a,1,2\nt1,a,2,1\n": True,
        b"task_id,condition\r1,2\n": False,  # lone CR
        b'task_id,condition\n"ab"c,d\n': False,  # text after a closing quote
        b"task_id,condition\nt1,a\x00\n": False,  # NUL
        b"task_id,condition\nt1,\xff\n": False,  # not UTF-8
        b"\xef\xbb\xbf\xef\xbb\xbftask_id,condition\nt1,a\n": False,  # two BOMs
        b"task_id,task_id\nt1,a\n": False,  # duplicate header
        b"task_id,condition\n": False,  # header alone
        b"\ntask_id,condition\nt1,a\n": False,  # an empty header
        b"task_id,condition\nt1,a\nt1,a\n": False,  # a repeated trial
        b"task_id,condition\nt1,a,b\n": False,  # a row too wide
        b"task_id,condition,raw_validity\nt1,a,2\n": False,  # out of [0, 1]
        b"task_id,condition,semantic_regret\nt1,a,-0.5\n": False,  # out of [0, 1]
        b"task_id,condition,raw_validity\nt1,a,maybe\n": False,  # does not parse
        b"task_id,condition\nt1,\n": False,  # a required field empty
        b"task_id\nt1\n": False,  # a required field without a column
        b"task_id,condition,x\nt1,a," + b"x" * 200_000 + b"\n": False,  # huge cell
    }
    path = tmp_path / "runs.csv"
    for data, taken in cases.items():
        path.write_bytes(data)
        assert _taken(path, {}) is taken, data
        _check(data, {})
    path.write_bytes(b"task_id,condition,raw_validity\nt1,a,1\n")
    assert not _taken(path, {"mapping": {"seed": "nope"}})  # a named column is absent
    assert not _taken(
        path, {"measures": {"semantic_regret": "raw_validity"}}
    )  # reserved
    assert not _taken(path, {"constants": {"model": 7}})  # not a field's type
    assert _taken(path, {"constants": {"model": "m", "seed": 3, "budget": 0.5}})
    path.write_bytes(b"task_id,condition,x\nt1,a," + b"x" * 131_072 + b"\n")
    assert _taken(path, {})  # the csv module's largest cell


def test_columnar_reader_keeps_the_file_refusals(tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    path.write_bytes(b"task_id,condition\nt1,a\n")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_STRICT, _refuse)
        with pytest.raises(ValueError, match=r"has 23 bytes, more than max_bytes=22"):
            load_trials(path, max_bytes=22)
        assert load_trials(path, max_bytes=23) == [Trial("t1", "a")]
        with pytest.raises(ValueError, match=r"is a directory; only regular files are"):
            load_trials(tmp_path, format="csv")


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


def test_without_pyarrow_the_strict_reader_reads_csv(tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    path.write_bytes(b"task_id,condition,raw_validity\nt1,a,1\n")
    assert _taken(path, {})
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(sys.modules, "pyarrow", None)  # import pyarrow fails
        assert not _taken(path, {})
        assert load_trials(path) == [Trial("t1", "a", raw_validity=True)]


def test_blank_cells_are_counted_alike_on_both_paths(tmp_path: Path) -> None:
    """The notes on blank cells: the CSV (fast) and the JSONL (strict) file agree."""
    csv_file = tmp_path / "runs.csv"
    csv_file.write_text(
        "task_id,condition,header_present,raw_validity\nt1,a,,1\nt2,a,yes,\nt3,a,,\n"
    )
    jsonl_file = tmp_path / "runs.jsonl"
    jsonl_file.write_text(
        '{"task_id": "t1", "condition": "a", "header_present": null, "raw_validity": 1}\n'
        '{"task_id": "t2", "condition": "a", "header_present": "yes", "raw_validity": ""}\n'
        '{"task_id": "t3", "condition": "a", "header_present": "", "raw_validity": null}\n'
    )
    assert _taken(csv_file, {})
    notes = [
        "note: 2 of 3 trials have no value in column 'header_present' (header_present);",
        "note: 2 of 3 trials have no value in column 'raw_validity' (raw_validity);",
    ]
    for path in (csv_file, jsonl_file):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert rates_main([str(path)]) == 0
        got = [ln for ln in out.getvalue().splitlines() if ln.startswith("note:")]
        assert len(got) == len(notes), got
        assert all(ln.startswith(n) for n, ln in zip(notes, got, strict=True)), got
