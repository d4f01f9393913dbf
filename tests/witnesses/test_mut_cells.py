"""witnesses.runtime.cells: what the mutation run found untested (issue 33, item 5)."""

from __future__ import annotations

import os
from pathlib import Path

from witnesses.runtime import read_journal, run_cells


def _square(cell):
    return [{"x": cell["x"], "y": cell["x"] ** 2}]


def test_resuming_a_complete_journal_appends_to_the_same_file(tmp_path: Path) -> None:
    """Only a torn last line makes a run rewrite its journal; else it appends in place."""
    journal = tmp_path / "j.jsonl"
    run_cells([{"x": 1}], _square, executor=False, journal=journal, progress=False)
    before = journal.read_bytes()
    inode = journal.stat().st_ino
    rows = run_cells(
        [{"x": 1}, {"x": 2}], _square, executor=False, journal=journal, progress=False
    )
    assert rows == [{"x": 1, "y": 1}, {"x": 2, "y": 4}]
    assert journal.stat().st_ino == inode  # not replaced by a rewritten copy
    after = journal.read_bytes()
    assert after.startswith(before)
    assert after.count(b"\n") == before.count(b"\n") + 1


def test_a_journal_is_written_where_os_lacks_o_nofollow(tmp_path, monkeypatch) -> None:
    journal = tmp_path / "j.jsonl"
    if hasattr(os, "O_NOFOLLOW"):
        monkeypatch.delattr(os, "O_NOFOLLOW")
    rows = run_cells(
        [{"x": 3}], _square, executor=False, journal=journal, progress=False
    )
    monkeypatch.undo()
    assert rows == [{"x": 3, "y": 9}]
    assert read_journal(journal) == {'{"x": 3}': [{"x": 3, "y": 9}]}
