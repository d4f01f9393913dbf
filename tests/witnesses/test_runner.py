"""The resumable cell runner behind the sweeps: journal, resume, atomic writes."""

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from witnesses._runner import read_journal, run_cells, write_atomic

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

    with pytest.raises(RuntimeError, match="boom"):
        run_cells(CELLS, flaky, journal=journal, progress=False)
    assert len(read_journal(journal)) == 3
    calls.clear()
    broken[0] = False
    rows = run_cells(CELLS, flaky, journal=journal, progress=False)
    assert calls == CELLS[3:]
    assert rows == [row for c in CELLS for row in square(c)]
    assert len(read_journal(journal)) == len(CELLS)


def test_resume_calls_only_missing_cells(tmp_path: Path) -> None:
    """Journalled cells are not evaluated again."""
    journal = tmp_path / "j.jsonl"
    run_cells(CELLS[:2], square, journal=journal, progress=False)
    seen: list[Any] = []

    def spy(cell: Any) -> list[dict[str, Any]]:
        seen.append(cell)
        return square(cell)

    run_cells(CELLS, spy, journal=journal, progress=False)
    assert seen == CELLS[2:]


def test_torn_last_line_is_dropped(tmp_path: Path) -> None:
    """A half-written last line (crash mid-write) is ignored and removed."""
    journal = tmp_path / "j.jsonl"
    good = json.dumps({"cell": CELLS[0], "rows": square(CELLS[0])}, sort_keys=True)
    journal.write_text(good + "\n" + good[:10])
    assert list(read_journal(journal).values()) == [square(CELLS[0])]
    assert journal.read_text() == good + "\n"


def test_corrupt_complete_line_is_an_error(tmp_path: Path) -> None:
    """A corrupt complete line names the file and line."""
    journal = tmp_path / "j.jsonl"
    journal.write_text('{"cell": 1}\n')
    with pytest.raises(ValueError, match=r"j.jsonl: line 1 is not a journal entry"):
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
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
