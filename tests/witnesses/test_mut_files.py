"""witnesses.runtime.files: what the mutation run found untested (issue 33, item 5).

The system calls the module makes are observed by wrapping the ``os``
functions it calls (the real call still runs): how many bytes a bounded read
asks for, the umask set while the umask is read, a Ctrl-C right after the
rename. Everything is deterministic: no timing, no concurrency.
"""

from __future__ import annotations

import os
import stat

import pytest

from witnesses.runtime import read_text, write_atomic

MIB = 1 << 20


def test_a_bounded_read_asks_for_at_most_one_byte_past_the_limit(tmp_path, monkeypatch):
    """``limit`` = 1 MiB on a larger file: one 1 MiB read, then the one byte that
    tells whether more follows, and nothing after it."""
    path = tmp_path / "big.txt"
    path.write_bytes(b"a" * (MIB + 65536))
    asked: list[int] = []
    real_read = os.read

    def read(fd: int, size: int) -> bytes:
        asked.append(size)
        return real_read(fd, size)

    monkeypatch.setattr(os, "read", read)
    text = read_text(path, max_bytes=None, limit=MIB)
    monkeypatch.undo()
    assert (len(text), asked) == (MIB, [MIB, 1])


def test_a_file_is_read_where_os_lacks_the_nonblocking_flags(tmp_path, monkeypatch):
    """``O_NONBLOCK``/``O_NOCTTY`` are POSIX; without them the file opens read-only."""
    path = tmp_path / "a.txt"
    path.write_text("one\ntwo\n", encoding="utf-8")
    monkeypatch.delattr(os, "O_NONBLOCK")
    monkeypatch.delattr(os, "O_NOCTTY")
    assert read_text(path) == "one\ntwo\n"


def test_the_umask_is_read_under_an_owner_only_mask(tmp_path, monkeypatch):
    """Reading the umask sets one for an instant: 0o077, then the old one again."""
    old = os.umask(0o027)
    try:
        calls: list[int] = []
        real_umask = os.umask

        def umask(mask: int) -> int:
            calls.append(mask)
            return real_umask(mask)

        monkeypatch.setattr(os, "umask", umask)
        write_atomic(tmp_path / "new.txt", "x")
        monkeypatch.undo()
        assert calls == [0o077, 0o027]
        assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640
        assert os.umask(0o027) == 0o027  # restored
    finally:
        os.umask(old)


def test_ctrl_c_right_after_the_rename_is_reported_as_such(tmp_path, monkeypatch):
    """The temporary file is gone once renamed: the cleanup must not fail on it
    (a FileNotFoundError would replace the KeyboardInterrupt)."""
    target = tmp_path / "out.txt"
    target.write_text("")  # empty: replaced by a rename, not a new link
    real_replace = os.replace

    def replace_then_interrupted(src: str, dst: str) -> None:
        real_replace(src, dst)
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", replace_then_interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new")
    monkeypatch.undo()
    assert target.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_file_gone_after_it_was_found_not_regular_is_named_as_such(
    tmp_path, monkeypatch
):
    """A FIFO removed between the check and the message: no kind left to name."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    real_fstat = os.fstat

    def fstat_then_removed(fd: int) -> os.stat_result:
        info = real_fstat(fd)
        if stat.S_ISFIFO(info.st_mode):
            fifo.unlink()
        return info

    monkeypatch.setattr(os, "fstat", fstat_then_removed)
    with pytest.raises(
        ValueError,
        match=r"^journal='.*pipe' is a file of another kind, not a regular file; "
        "only regular files are read$",
    ):
        read_text(fifo, name="journal")
