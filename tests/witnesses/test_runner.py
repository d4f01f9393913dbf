"""The resumable cell runner behind the sweeps: journal, resume, atomic writes."""

import hashlib
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from theory.errors import UserCallableError
from witnesses.runtime import cells as runner_module
from witnesses.runtime import read_journal, run_cells
from witnesses.runtime.files import write_atomic

CELLS = [{"r": r, "seed": s} for r in (0.5, 0.1) for s in range(3)]


def square(cell: Any) -> list[dict[str, Any]]:
    return [{"r": cell["r"], "seed": cell["seed"], "v": cell["seed"] ** 2}]


def test_rows_come_back_in_cell_order_on_an_executor() -> None:
    """Rows follow the order of the cells, whatever order they finish in."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        rows = run_cells(CELLS, square, executor=pool, progress=False)
    assert rows == [row for c in CELLS for row in square(c)]


def test_crash_then_resume_skips_finished_cells(tmp_path: Path) -> None:
    """A crash loses only the failing cell; the rerun evaluates just the rest."""
    journal = tmp_path / "journal.jsonl"
    calls: list[Any] = []
    broken = [True]

    def flaky(cell: Any) -> list[dict[str, Any]]:
        calls.append(cell)
        if broken[0] and cell == CELLS[3]:
            raise RuntimeError("boom")
        return square(cell)

    with pytest.raises(
        UserCallableError, match=r"fn '.*flaky' raised RuntimeError"
    ) as exc:
        run_cells(CELLS, flaky, journal=journal, executor=False, progress=False)
    assert isinstance(exc.value.__cause__, RuntimeError)
    assert len(read_journal(journal)) == 3
    calls.clear()
    broken[0] = False
    rows = run_cells(CELLS, flaky, journal=journal, executor=False, progress=False)
    assert calls == CELLS[3:]
    assert rows == [row for c in CELLS for row in square(c)]
    assert len(read_journal(journal)) == len(CELLS)


def test_resume_calls_only_missing_cells(tmp_path: Path) -> None:
    """Journalled cells are not evaluated again."""
    journal = tmp_path / "j.jsonl"
    run_cells(CELLS[:2], square, journal=journal, executor=False, progress=False)
    seen: list[Any] = []

    def spy(cell: Any) -> list[dict[str, Any]]:
        seen.append(cell)
        return square(cell)

    run_cells(CELLS, spy, journal=journal, executor=False, progress=False)
    assert seen == CELLS[2:]


def _journal_text(tmp_path: Path, cells: list[Any]) -> str:
    path = tmp_path / "reference.jsonl"
    run_cells(
        cells, square, journal=path, executor=False, progress=False, parameters={"p": 1}
    )
    return path.read_text()


def test_journal_has_a_header_and_a_checksum_per_line(tmp_path: Path) -> None:
    """Line 1 records the run's parameters; each entry carries its sha256."""
    lines = _journal_text(tmp_path, CELLS[:2]).splitlines()
    header = json.loads(lines[0])
    assert header == {"journal": "context-laws cells", "parameters": {"p": 1},
                      "version": 2}  # fmt: skip
    entry = json.loads(lines[1])
    body = json.dumps({"cell": entry["cell"], "rows": entry["rows"]}, sort_keys=True)
    assert entry["sha256"] == hashlib.sha256(body.encode()).hexdigest()


def test_torn_last_line_is_dropped(tmp_path: Path) -> None:
    """A half-written last line is ignored by the reader and removed by the next run."""
    journal = tmp_path / "j.jsonl"
    good = _journal_text(tmp_path, CELLS[:1])
    torn = good + good.splitlines()[1][:10]
    journal.write_text(torn)
    assert list(read_journal(journal).values()) == [square(CELLS[0])]
    assert journal.read_text() == torn  # a reader never writes (issue 33)
    run_cells(CELLS[:1], square, executor=False, journal=journal, progress=False,
              parameters={"p": 1})  # fmt: skip
    assert journal.read_text() == good


def test_corrupt_complete_line_is_an_error(tmp_path: Path) -> None:
    """A corrupt complete line names the file and line."""
    journal = tmp_path / "j.jsonl"
    header = _journal_text(tmp_path, []).splitlines()[0]
    journal.write_text(header + '\n{"cell": 1}\n')
    with pytest.raises(ValueError, match=r"j.jsonl: line 2 is not a journal entry"):
        read_journal(journal)


def test_tampered_line_is_rejected_with_its_number(tmp_path: Path) -> None:
    """Valid JSON whose rows were edited fails its checksum (line 3)."""
    journal = tmp_path / "j.jsonl"
    text = _journal_text(tmp_path, CELLS[:3])
    journal.write_text(text.replace('"v": 1', '"v": 2'))
    with pytest.raises(ValueError, match=r"j.jsonl: line 3: checksum does not match"):
        run_cells(
            CELLS,
            square,
            journal=journal,
            executor=False,
            progress=False,
            parameters={"p": 1},
        )


def test_journal_of_other_parameters_is_refused(tmp_path: Path) -> None:
    """Resuming with other run parameters names line 1 and both parameter sets."""
    journal = tmp_path / "j.jsonl"
    journal.write_text(_journal_text(tmp_path, CELLS[:2]))
    with pytest.raises(ValueError, match=r"line 1: the journal was written with"):
        run_cells(
            CELLS,
            square,
            journal=journal,
            executor=False,
            progress=False,
            parameters={"p": 2},
        )


def test_headerless_journal_is_refused(tmp_path: Path) -> None:
    """A version-1 journal (no header) is not read as if it were current."""
    journal = tmp_path / "j.jsonl"
    journal.write_text(json.dumps({"cell": CELLS[0], "rows": square(CELLS[0])}) + "\n")
    with pytest.raises(ValueError, match=r"line 1 is not a journal header"):
        read_journal(journal)


def test_write_atomic_leaves_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure during the write leaves the old file and no temporary file."""
    target = tmp_path / "out.json"
    target.write_text("old")

    import os

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, "new", owned=lambda head: True)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_executor_none_is_a_local_pool_and_false_is_this_process(monkeypatch) -> None:
    """The same meaning as retention_sweep and run_simulation (DESIGN.md, scale out)."""
    import contextlib
    import threading

    opened = []

    @contextlib.contextmanager
    def fake_pool():
        with ThreadPoolExecutor(max_workers=1) as pool:
            opened.append(pool)
            yield pool

    monkeypatch.setattr(runner_module, "local_pool", fake_pool)
    threads = []

    def where(cell):
        threads.append(threading.get_ident())
        return square(cell)

    assert run_cells(CELLS, where, progress=False) == run_cells(
        CELLS, where, executor=False, progress=False
    )
    assert len(opened) == 1
    main = threading.get_ident()
    assert all(t != main for t in threads[: len(CELLS)])
    assert all(t == main for t in threads[len(CELLS) :])
    assert run_cells(CELLS, square, executor=True, progress=False)
    assert len(opened) == 2
    with pytest.raises(
        TypeError, match=r"executor must be a concurrent\.futures\.Executor"
    ):
        run_cells(CELLS, square, executor="pool", progress=False)
