"""The columnar JSONL reader (issue 30) equals the strict line reader it skips.

The oracle is the strict reader every JSONL file went through before issue 30
and that still reads any file the fast path declines (``build_trials`` over
``read_records``): a test turns the fast path off by patching it to decline,
and sees whether it was taken by patching the strict path to raise. Whatever
the fast path returns must equal the oracle's result, types included (compared
by ``repr``: ``1.0``, ``1`` and ``True`` are equal, their reprs are not), and
the command line must print the same report (the fields no row holds, the
blank cells, the column hints) or the same error naming file, line and column.

Files are generated line by line from JSON value texts, ordinary and hostile:
duplicate keys, ``NaN``/``Infinity`` tokens, blank and space-only lines, a
line that is not an object, two objects on a line, an object across lines,
integers beyond int64 and beyond 2**53, ``-0.0``, a key whose type changes
between lines (a string and a number, a boolean and a number, an integer and
a float), nested values, keys missing from some lines, CRLF and lone CR, a
byte-order mark, a tab, a NUL byte, text that is not UTF-8, escapes (a lone
surrogate among them), and a last line without a newline.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from witnesses import Trial, load_trials
from witnesses.rates.cli import main as rates_main

_FAST = "witnesses.rates._columns.load_jsonl_columns"
_STRICT = "witnesses.rates._load.build_trials"


class _Declined(Exception):
    """Raised by the patched strict path: the fast path declined the file."""


def _strict_only(*args: Any, **kwargs: Any) -> None:
    return None


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise _Declined


KEYS = [
    "task_id", "condition", "raw_validity", "budget", "seed", "full_pivot",
    "chosen_pivot", "header_present", "semantic_regret", "model", "id", "arm",
    "score", "x",
]  # fmt: skip
"""Keys a line may hold: trial fields, mapped columns (id, arm), a measure, other."""

_NUMBERS = [
    "0", "1", "-0", "0.0", "1.0", "-0.0", "0.5", "0.25", "2", "7", "41.0", "1e0",
    "1E-1", "2.5", "-3", "1e400", "9007199254740993", "9223372036854775807",
    "9223372036854775808", "123456789012345678901", "1e16", "0.1234567890123456789",
]  # fmt: skip
_STRINGS = [
    '"e41"', '"e45"', '"naive"', '"a,b"', '"quo\\"te"', '"multi\\nline"', '"t"',
    '"\\u00fcn"', '"\\u20ac"', '"1.0"', '" x "', '""', '"null"', '"na"', '"nan"',
    '"NaN"', '"true"', '"yes"', '"n"', '"0.5"', '"\\ud83d\\ude00"', '"\\ud800"',
    '"\\u0000"', '"tab\\there"', '"\\/"', '"caf\u00e9"',
]  # fmt: skip
_OTHER = [
    "true",
    "false",
    "null",
    "NaN",
    "Infinity",
    "-Infinity",
    "{}",
    '{"a": 1}',
    "[]",
    "[1]",
]
VALUES = _NUMBERS + _STRINGS + _OTHER
"""JSON value texts, valid and not (NaN, Infinity)."""

VALID: dict[str, list[str]] = {
    "raw_validity": [
        "0",
        "1",
        "0.0",
        "1.0",
        "0.5",
        "true",
        "false",
        "null",
        '""',
        '"yes"',
        '"n"',
        '"0.5"',
        '"na"',
    ],
    "semantic_regret": ["0", "1", "0.25", "null", '"0.5"', '""'],
    "budget": ["0.5", "1", "2.5", "-3", "null", '"1e3"', "7"],
    "score": ["0.5", "1", "2.5", "-3", "null", '"2"', '""'],
    "seed": ["1", "2", "7", "-0", "41.0", "null", '"007"', '"3"'],
    "header_present": ["true", "false", "null", "0", "1", '"yes"', '"n"', '""'],
    "condition": ['"naive"', '"a,b"', '"e41"', "7", "1.0", '"\\u00fcn"'],
    "arm": ['"naive"', '"quo\\"te"', "2", '"x"'],
    "model": ['"m"', "null", "3", '"caf\u00e9"', '""'],
    "full_pivot": ['"e41"', "41", "41.0", "null", '"e45"', '""'],
    "chosen_pivot": ['"e41"', "41", "null", '"e45"', '"41.0"'],
    "x": VALUES,
}
"""Values that parse in each key (the file then loads)."""

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


def _check(data: bytes, plan: dict[str, Any]) -> bool:
    """Both paths agree on ``data``; return whether the fast path took it."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "runs.jsonl"
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


def _line(pairs: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f'"{k}": {v}' for k, v in pairs) + "}"


@st.composite
def jsonl_files(draw: st.DrawFn) -> bytes:
    """A JSONL file: lines of ``key: value`` pairs, mostly loadable, some hostile."""
    loads = draw(st.booleans())  # values that parse, distinct task ids: files that load
    n = draw(st.integers(min_value=int(loads), max_value=7))
    lines = []
    for i in range(n):
        keys = draw(st.lists(st.sampled_from(KEYS), max_size=6, unique=True))
        if loads:
            keys = list(dict.fromkeys(["task_id", "id", "condition", "arm", *keys]))
            if draw(st.integers(0, 9)) == 0:  # now and then a line lacks a key
                keys = [k for k in keys if k not in ("x", "score", "raw_validity")]
        pairs = []
        for key in keys:
            if key in ("task_id", "id") and loads:
                value = f'"t{i}"'
            elif loads:
                value = draw(st.sampled_from(VALID.get(key, VALUES)))
            else:
                value = draw(st.sampled_from(VALUES))
            pairs.append((key, value))
        if not loads and pairs and draw(st.integers(0, 4)) == 0:
            pairs.append(draw(st.sampled_from(pairs)))  # a duplicate key
        lines.append(_line(pairs))
    if not loads and lines:
        for _ in range(draw(st.integers(0, 2))):
            at = draw(st.integers(0, len(lines) - 1))
            lines.insert(at, draw(st.sampled_from(_ODD_LINES)))
    elif lines and draw(st.integers(0, 3)) == 0:
        lines.insert(draw(st.integers(0, len(lines))), "")  # a blank line
    text = draw(st.sampled_from(["\n", "\r\n"])).join(lines)
    if draw(st.booleans()):
        text += "\n"  # else the last line ends without a newline
    bom = b"\xef\xbb\xbf" if draw(st.integers(0, 5)) == 0 else b""
    return bom + text.encode("utf-8", "surrogatepass")


_ODD_LINES = [
    "", "  ", "\t", "[1]", "3", '"x"', "null", '{"task_id": "t9", "condition": "a"}',
    '{"task_id": "t8", "condition": "a"} {"task_id": "t7", "condition": "a"}',
    '{"task_id": "t6",', '"condition": "a"}', ' {"task_id": "t5", "condition": "a"}',
    '{"task_id": "t4", "condition": "a"} ', '{"task_id":\t"t3", "condition": "a"}',
    '{"task_id": "t2", "condition": "a"}\r', "\u00a0", "\ufeff", "{}",
]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(jsonl_files(), st.sampled_from(PLANS))
@example(
    b'{"task_id": "t1", "condition": "a"}\n{"task_id": "t2", "condition": "a"}\n', {}
)
@example(b'{"task_id": "t1", "condition": "a", "raw_validity": NaN}\n', {})
@example(b'{"task_id": "t1", "condition": "a", "task_id": "t2"}\n', {})
def test_columnar_jsonl_equals_strict_reader(data: bytes, plan: dict[str, Any]) -> None:
    _check(data, plan)


_HOSTILE = st.lists(
    st.sampled_from(
        [*'{}[]:,"\r\n \t\\0-.e\u00fc\ufeff\x00', "task_id", "condition", "1", "t", "a"]
    ),
    max_size=40,
).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_HOSTILE, st.sampled_from(PLANS[:2]))
@example('{"task_id": "t", "condition": "a"}\r{"task_id": "u", "condition": "a"}', {})
@example('{"task_id": "t", "condition": "a"}{"task_id": "u", "condition": "a"}\n', {})
def test_columnar_jsonl_equals_strict_reader_on_hostile_text(
    text: str, plan: dict[str, Any]
) -> None:
    _check(text.encode("utf-8", "surrogatepass"), plan)
    line = '{"task_id": "t0", "condition": "a"}\n'
    _check((line + text).encode("utf-8", "surrogatepass"), plan)


_PLAIN = b'{"task_id": "t1", "condition": "a", "raw_validity": 1}\n'


def test_columnar_jsonl_takes_plain_files_and_declines_unusual_ones(
    tmp_path: Path,
) -> None:
    """The fast path runs on plain files (else the tests above test nothing)."""
    t2 = b'{"task_id": "t2", "condition": "a", "raw_validity": 0}'
    cases = {
        _PLAIN + t2 + b"\n": True,
        _PLAIN + t2: True,  # no newline at the end
        _PLAIN.replace(b"\n", b"\r\n") + t2 + b"\r\n": True,  # CRLF
        b"\n" + _PLAIN + b"\n\n" + t2 + b"\n\n": True,  # blank lines
        b"\xef\xbb\xbf" + _PLAIN: True,  # a byte-order mark
        b'{"task_id": "t1", "condition": "a", "model": null}\n'
        b'{"task_id": "t2", "condition": "a", "model": "m"}\n'
        b'{"task_id": "t3", "condition": "a"}\n': True,  # null and a missing key
        b'{"task_id": "t1", "condition": "a", "budget": 1}\n'
        b'{"task_id": "t1", "condition": "a", "budget": 0.5}\n': True,  # int, float
        b'{"task_id": 7, "condition": "caf\xc3\xa9", "model": "\\u20ac"}\n': True,
        b'{"task_id": "t1", "condition": "a", "seed": 9223372036854775807}\n': True,
        b'{"task_id": "t1", "condition": "a", "budget": 9007199254740991.0}\n'
        b'{"task_id": "t2", "condition": "a", "budget": 150.5}\n': True,  # < 2**53
        b'{"task_id": "t1", "condition": "a", "budget": 9007199254740992.0}\n': False,
        _PLAIN + _PLAIN: False,  # a repeated trial
        b"\xef\xbb\xbf\xef\xbb\xbf" + _PLAIN: False,  # two byte-order marks
        _PLAIN + b"   \n" + t2: False,  # a line of spaces
        _PLAIN.replace(b"1}", b"NaN}"): False,  # NaN
        _PLAIN.replace(b"1}", b"-Infinity}"): False,  # -Infinity
        _PLAIN.replace(b"1}", b'1, "model": NaN}'): False,  # NaN as a text
        _PLAIN.replace(b"1}", b'1, "model": Infinity}'): False,  # Infinity as a text
        _PLAIN.replace(b"1}", b'1, "model": "NaN"}'): False,  # declined, loads alike
        _PLAIN.replace(b"1}", b"1e400}"): False,  # beyond a double
        _PLAIN.replace(b"1}", b"-0.0}"): False,  # -0.0
        _PLAIN.replace(b"1}", b"2}"): False,  # out of [0, 1]
        _PLAIN.replace(b'"a"', b'"a", "condition": "b"'): False,  # duplicate key
        _PLAIN.replace(b'"a"', b'{"b": 1}'): False,  # a nested object
        _PLAIN.replace(b'"a"', b"[1]"): False,  # an array
        _PLAIN.replace(b"\n", b"\r") + t2: False,  # lone CR
        _PLAIN.replace(b"\n", b"") + t2: False,  # two objects on one line
        _PLAIN.replace(b", ", b",\n", 1): False,  # an object across lines
        _PLAIN.replace(b", ", b",\t", 1): False,  # a tab
        _PLAIN.replace(b"t1", b"t\x001"): False,  # NUL
        _PLAIN.replace(b"t1", b"t\xff"): False,  # not UTF-8
        _PLAIN.replace(b"t1", b"\\ud800"): False,  # a lone surrogate
        _PLAIN + b"[1]\n": False,  # not an object
        _PLAIN + b"{}\n": False,  # no required field
        b'{"task_id": "t1", "condition": "a", "x": 1}\n'
        b'{"task_id": "t2", "condition": "a", "x": "1"}\n': False,  # str and number
        b'{"task_id": "t1", "condition": "a", "x": true}\n'
        b'{"task_id": "t2", "condition": "a", "x": 1}\n': False,  # bool and number
        b'{"task_id": "t1", "condition": "a", "model": 1}\n'
        b'{"task_id": "t2", "condition": "a", "model": 9007199254740993}\n'
        b'{"task_id": "t3", "condition": "a", "model": 0.5}\n': False,  # > 2**53 in floats
        b'{"task_id": "t1", "condition": "a", "model": 1.5}\n'
        b'{"task_id": "t2", "condition": "a", "model": 123456789012345678901}\n': False,
        b"": False,
        b"\n\n": False,
        b'{"condition": "a"}\n': False,  # a required field without a key
    }
    path = tmp_path / "runs.jsonl"
    for data, taken in cases.items():
        path.write_bytes(data)
        assert _taken(path, {}) is taken, data
        assert _check(data, {}) is taken, data
    path.write_bytes(_PLAIN)
    assert not _taken(path, {"mapping": {"seed": "nope"}})  # a named column is absent
    assert not _taken(path, {"constants": {"model": 7}})  # not a field's type
    assert _taken(path, {"constants": {"model": "m", "seed": 3, "budget": 0.5}})


def test_big_integers_read_as_the_strict_reader_reads_them(tmp_path: Path) -> None:
    """An id beyond 2**53 keeps its digits; beyond int64 as well."""
    path = tmp_path / "runs.jsonl"
    for big in (2**53 + 1, 2**63 - 1, 2**63, 10**21 + 1):
        data = f'{{"task_id": {big}, "condition": "a"}}\n'.encode()
        path.write_bytes(data)
        assert load_trials(path) == [Trial(str(big), "a")]
        _check(data, {})


def test_column_hints_come_from_the_first_hundred_lines(tmp_path: Path) -> None:
    """A key near an absent field's column is hinted if one of the first 100 lines has it."""
    # raw_validity on every line: a file with no statistic at all is an error
    lines = [
        f'{{"task_id": "t{i}", "condition": "a", "raw_validity": 1}}'
        for i in range(100)
    ]
    odd = '{"task_id": "u", "condition": "a", "raw_validity": 1, "chosen_pivt": "p"}'
    path = tmp_path / "runs.jsonl"
    for at, hinted in ((100, False), (99, True), (0, True)):
        data = "\n".join([*lines[:at], odd, *lines[at:]]).encode()
        path.write_bytes(data)
        assert _taken(path, {})
        assert _check(data, {})
        cli = _cli(path, {})
        assert cli is not None
        assert ('"did_you_mean": "chosen_pivt"' in cli[1]) is hinted, cli


def test_columnar_jsonl_keeps_the_file_refusals(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_bytes(b'{"task_id": "t1", "condition": "a"}\n')
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_STRICT, _refuse)
        with pytest.raises(ValueError, match=r"has 36 bytes, more than max_bytes=35"):
            load_trials(path, max_bytes=35)
        assert load_trials(path, max_bytes=36) == [Trial("t1", "a")]
        with pytest.raises(ValueError, match=r"is a directory; only regular files are"):
            load_trials(tmp_path, format="jsonl")


def test_without_pyarrow_the_strict_reader_reads_jsonl(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_bytes(_PLAIN)
    assert _taken(path, {})
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(sys.modules, "pyarrow", None)  # import pyarrow fails
        assert not _taken(path, {})
        assert load_trials(path) == [Trial("t1", "a", raw_validity=True)]
