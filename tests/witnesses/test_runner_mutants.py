"""witnesses.runtime's cells journal at its edges: exact errors, line numbers, torn lines.

Written for the mutation run of issue 33: each test pins what a user of a
journal sees (which line is named, what is kept, what is refused), run in this
process (``executor=False``).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from theory.errors import UserCallableError
from witnesses.runtime import cell_id, local_pool, read_journal, run_cells

ROOT = Path(__file__).resolve().parents[2]


def _square(cell):
    return [{"y": cell["x"] ** 2}]


def _header(parameters=None):
    return json.dumps(
        {"journal": "context-laws cells", "parameters": parameters or {}, "version": 2},
        sort_keys=True,
    )


def _entry(cell, rows):
    digest = hashlib.sha256(
        json.dumps({"cell": cell, "rows": rows}, sort_keys=True).encode()
    ).hexdigest()
    return json.dumps({"cell": cell, "rows": rows, "sha256": digest}, sort_keys=True)


def test_cell_id_is_sorted_strict_json():
    assert cell_id({"b": 1, "a": [1, 2]}) == '{"a": [1, 2], "b": 1}'
    with pytest.raises(TypeError) as err:
        cell_id([("a", 1)])
    assert str(err.value) == "key must be a mapping of JSON values, got [('a', 1)]"
    with pytest.raises(ValueError, match="not JSON compliant"):
        cell_id({"x": float("nan")})


def test_a_journal_written_by_run_cells_is_read_back_byte_for_byte(tmp_path):
    path = tmp_path / "j.jsonl"
    rows = run_cells(
        [{"x": 2}, {"x": 3}], _square, executor=False, journal=path,
        progress=False, parameters={"p": 1},
    )  # fmt: skip
    assert rows == [{"y": 4}, {"y": 9}]
    assert (
        path.read_text()
        == "\n".join(
            [
                _header({"p": 1}),
                _entry({"x": 2}, [{"y": 4}]),
                _entry({"x": 3}, [{"y": 9}]),
            ]
        )
        + "\n"
    )
    assert read_journal(path) == {'{"x": 2}': [{"y": 4}], '{"x": 3}': [{"y": 9}]}
    assert read_journal(path, parameters={"p": 1}) == read_journal(path)
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        read_journal(path, parameters={"p": 2})
    assert str(err.value) == (
        f"{path}: line 1: the journal was written with parameters {{'p': 1}}, "
        "this run has {'p': 2}"
    )


def test_a_resumed_run_calls_only_the_missing_cells_and_keeps_order(tmp_path):
    path = tmp_path / "j.jsonl"
    run_cells([{"x": 3}], _square, executor=False, journal=path, progress=False)
    calls = []

    def counted(cell):
        calls.append(cell["x"])
        return _square(cell)

    rows = run_cells(
        [{"x": 1}, {"x": 3}, {"x": 2}], counted, executor=False, journal=path,
        progress=False,
    )  # fmt: skip
    assert calls == [1, 2]
    assert rows == [{"y": 1}, {"y": 9}, {"y": 4}]


def test_missing_and_empty_journals_are_empty(tmp_path):
    assert read_journal(tmp_path / "none.jsonl") == {}
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert read_journal(empty) == {}
    header_only = tmp_path / "h.jsonl"
    header_only.write_text(_header() + "\n")
    assert read_journal(header_only) == {}


def test_blank_lines_are_skipped_and_bad_lines_are_named_by_number(tmp_path):
    path = tmp_path / "j.jsonl"
    good = _entry({"x": 1}, [{"y": 1}])
    path.write_text("\n".join([_header(), "", good, "   ", good]) + "\n")
    assert read_journal(path) == {'{"x": 1}': [{"y": 1}]}
    path.write_text("\n".join([_header(), good, "", "{}"]) + "\n")
    with pytest.raises(ValueError, match=r"line 4 is not a journal entry \('cell'\)$"):
        read_journal(path)
    tampered = good.replace('"y": 1', '"y": 2')
    path.write_text("\n".join([_header(), "", tampered]) + "\n")
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        read_journal(path)
    assert str(err.value) == (
        f"{path}: line 3: checksum does not match its cell and rows"
    )
    path.write_text(
        "\n".join([_header(), '{"cell": 1, "rows": [], "sha256": ""}']) + "\n"
    )
    with pytest.raises(
        ValueError, match=r"^.*: line 2 is not a journal entry \(key must"
    ):
        read_journal(path)


@pytest.mark.parametrize(
    "first",
    [
        '{"precious": 1}',
        '{"journal": "context-laws cells", "parameters": {}, "version": 1}',
        '{"journal": "other", "parameters": {}, "version": 2}',
        '{"journal": "context-laws cells", "version": 2}',
        "[" * 5000,
        "[]",
    ],
)
def test_a_first_line_that_is_not_our_header_is_refused(tmp_path, first):
    path = tmp_path / "j.jsonl"
    path.write_text(first + "\n")
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        read_journal(path)
    assert str(err.value) == f"{path}: line 1 is not a journal header (version 2)"
    assert path.read_text() == first + "\n"  # read only


def test_a_torn_last_line_is_ignored_and_dropped_by_the_next_run(tmp_path):
    path = tmp_path / "j.jsonl"
    good = _entry({"x": 2}, [{"y": 4}])
    path.write_text(_header() + "\n" + good + "\n" + good[:10])
    assert read_journal(path) == {'{"x": 2}': [{"y": 4}]}
    assert path.read_text().endswith(good[:10])  # reading never writes
    calls = []

    def counted(cell):
        calls.append(cell["x"])
        return _square(cell)

    rows = run_cells(
        [{"x": 2}, {"x": 5}], counted, executor=False, journal=path, progress=False
    )
    assert (rows, calls) == ([{"y": 4}, {"y": 25}], [5])
    assert (
        path.read_text()
        == "\n".join([_header(), good, _entry({"x": 5}, [{"y": 25}])]) + "\n"
    )


def test_a_torn_header_alone_is_not_ours(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_text(_header()[:-3])
    with pytest.raises(ValueError, match="line 1 is not a journal header"):
        read_journal(path)


def test_a_journal_with_only_a_torn_entry_restarts_from_its_header(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_text(_header({"p": 1}) + "\n" + '{"cell": {"x"')
    rows = run_cells(
        [{"x": 2}], _square, executor=False, journal=path, progress=False,
        parameters={"p": 1},
    )  # fmt: skip
    assert rows == [{"y": 4}]
    assert (
        path.read_text()
        == _header({"p": 1}) + "\n" + _entry({"x": 2}, [{"y": 4}]) + "\n"
    )


@pytest.mark.parametrize(
    ("cells", "fn", "message"),
    [
        ("ab", _square, "cells must be a sequence of mappings, got 'ab'"),
        (b"ab", _square, "cells must be a sequence of mappings, got b'ab'"),
        ({"x": 1}, _square, "cells must be a sequence of mappings, got {'x': 1}"),
        ([{"x": 1}, 3], _square, "cells[1] must be a mapping, got 3"),
        ([{"x": 1}], 3, "fn must be callable, got 3"),
    ],
)
def test_run_cells_checks_its_arguments(cells, fn, message):
    with pytest.raises(TypeError) as err:
        run_cells(cells, fn, executor=False, progress=False)
    assert str(err.value) == message


@pytest.mark.parametrize("bad", [True, 3, None])
def test_a_journal_that_is_not_a_path_is_a_type_error(bad):
    if bad is None:
        # None means "no journal"
        assert run_cells([{"x": 1}], _square, executor=False, journal=bad) == [{"y": 1}]
        return
    with pytest.raises(TypeError) as err:
        run_cells([{"x": 1}], _square, executor=False, journal=bad, progress=False)
    assert str(err.value) == f"journal must be a path (str or os.PathLike), got {bad!r}"
    with pytest.raises(TypeError, match=r"^path must be a path"):
        read_journal(bad)


def test_executors_and_user_errors(tmp_path):
    with ThreadPoolExecutor(2) as pool:
        assert run_cells(
            [{"x": 2}, {"x": 3}], _square, executor=pool, progress=False
        ) == [
            {"y": 4},
            {"y": 9},
        ]
    with pytest.raises(TypeError) as err:
        run_cells([{"x": 1}], _square, executor="pool", progress=False)
    assert str(err.value) == (
        "executor must be a concurrent.futures.Executor, False or None, got 'pool'"
    )

    def boom(cell):
        raise ZeroDivisionError("no")

    for executor in (False, ThreadPoolExecutor(1)):
        with pytest.raises(UserCallableError) as err:
            run_cells([{"x": 1}], boom, executor=executor, progress=False)
        assert 'on cell {"x": 1}' in str(err.value)
        assert isinstance(err.value.__cause__, ZeroDivisionError)
        if executor is not False:
            executor.shutdown()


FORK_SIGNAL = """
import os, signal
from witnesses.runtime import local_pool

armed = [True]


def hook():
    if armed[0]:  # the first fork of the pool: Ctrl-C lands inside it
        armed[0] = False
        os.kill(os.getpid(), signal.SIGINT)


os.register_at_fork(after_in_parent=hook)
try:
    with local_pool(max_workers=2) as pool:
        print("went on", pool.submit(abs, -1).result(), flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork start method")
def test_a_signal_during_the_pools_forks_is_not_lost():
    """Ctrl-C while the workers fork: the standard library's at-fork hooks would swallow it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", FORK_SIGNAL],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.stdout.strip() == "interrupted", done.stdout + done.stderr
    assert "Exception ignored" not in done.stderr, done.stderr


def _mark_worker() -> None:
    os.environ["CONTEXT_LAWS_TEST_WORKER"] = "initialised"


def _read_mark() -> str | None:
    return os.environ.get("CONTEXT_LAWS_TEST_WORKER")


def test_local_pool_runs_the_initializer_and_checks_its_size():
    with local_pool(max_workers=1, initializer=_mark_worker) as pool:
        seen = pool.submit(_read_mark).result()
    assert seen == "initialised"
    for bad in (0, 1025):
        with (
            pytest.raises(ValueError, match=rf"max_workers must .*got {bad}"),
            local_pool(max_workers=bad),
        ):
            pass
    with (
        pytest.raises(TypeError, match="initializer must be callable or None, got 3"),
        local_pool(initializer=3),  # type: ignore[arg-type]
    ):
        pass


def test_the_progress_bar_shows_only_when_asked_and_counts_journalled_cells(
    tmp_path, capsys
):
    path = tmp_path / "j.jsonl"
    cells = [{"x": 1}, {"x": 2}, {"x": 3}]
    run_cells(cells[:2], _square, executor=False, journal=path, progress=False)
    assert capsys.readouterr().err == ""
    run_cells(cells, _square, executor=False, journal=path, progress=True)
    err = capsys.readouterr().err
    assert "2/3" in err and "3/3" in err  # the journalled two count from the start
    assert "0/3" not in err and "1/3" not in err
    run_cells(cells, _square, executor=False, journal=path, progress=None)
    assert capsys.readouterr().err == ""  # stderr is not a terminal here


class _CancellingExecutor(ThreadPoolExecutor):
    """An executor whose futures come back cancelled (an executor's own failure)."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
        future = super().submit(lambda: None)
        future.result()
        from concurrent.futures import Future

        cancelled: Future[object] = Future()
        cancelled.cancel()
        cancelled.set_running_or_notify_cancel()  # as a pool's cancel does
        return cancelled


def test_an_executors_own_failure_is_raised_as_it_is():
    from concurrent.futures import CancelledError

    with _CancellingExecutor(1) as pool, pytest.raises(CancelledError):
        run_cells([{"x": 1}], _square, executor=pool, progress=False)


def test_journal_lines_are_sorted_json_and_parameters_must_be_finite(tmp_path):
    path = tmp_path / "j.jsonl"
    run_cells(
        [{"x": 2, "a": 1}],
        lambda c: [{"z": 1, "y": 2}],
        executor=False,
        journal=path,
        progress=False,
        parameters={"b": 1, "a": 2},
    )
    for line in path.read_text().splitlines():
        assert line == json.dumps(json.loads(line), sort_keys=True)
    bad = tmp_path / "nan.jsonl"
    with pytest.raises(ValueError, match="not JSON compliant"):
        run_cells(
            [{"x": 1}],
            _square,
            executor=False,
            journal=bad,
            progress=False,
            parameters={"p": float("nan")},
        )
