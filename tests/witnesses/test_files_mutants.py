"""witnesses.runtime.files at its boundaries: the exact refusals, caps, modes and reads.

Written against the survivors of the mutation run (issue 33): each test states
a behaviour of the module (a message naming the argument, a cap met exactly,
a file mode, bounded reads) that a wrong operator or constant would change.
"""

from __future__ import annotations

import os
import socket
import stat

import pytest

from witnesses.runtime import files
from witnesses.runtime.files import (
    MAX_READ_BYTES,
    check_output_path,
    is_journal,
    read_text,
    write_atomic,
)

JOURNAL = '{"journal": "context-laws cells", "parameters": {}, "version": 2}\n'


# --------------------------------------------------------------------------
# check_output_path


@pytest.mark.parametrize("bad", [True, False, 3, 2.5, None, b"x.json", ["x"]])
def test_a_path_that_is_not_a_path_is_a_type_error_naming_the_argument(bad):
    with pytest.raises(TypeError) as err:
        check_output_path(bad, name="--out")
    assert str(err.value) == f"--out must be a path (str or os.PathLike), got {bad!r}"


class _BytesPath:
    def __fspath__(self) -> bytes:
        return b"out.json"


@pytest.mark.parametrize("bad", ["", _BytesPath()])
def test_an_empty_or_bytes_path_is_refused(bad):
    with pytest.raises(ValueError, match=r"^--out must be a non-empty file path, got "):
        check_output_path(bad, name="--out")


def test_a_new_name_or_an_empty_file_may_be_written(tmp_path):
    new = tmp_path / "new.json"
    assert check_output_path(str(new)) == new
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert check_output_path(empty, name="--out") == empty


def test_links_directories_fifos_devices_and_sockets_are_refused_by_kind(tmp_path):
    target = tmp_path / "t.txt"
    target.write_text("x")
    link = tmp_path / "link"
    link.symlink_to(target)
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        check_output_path(link, name="--out")
    assert (
        str(err.value)
        == f"--out={str(link)!r} is a symbolic link; refusing to replace it"
    )
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    sock_path = tmp_path / "s.sock"
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(sock_path))
        for path, kind in [
            (tmp_path, "a directory"),
            (fifo, "a FIFO"),
            ("/dev/null", "a device"),
            (sock_path, "a socket"),
        ]:
            with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
                check_output_path(path, name="--out")
            assert str(err.value) == (
                f"--out={str(path)!r} is {kind}, not a regular file; refusing to "
                "replace it"
            )
    finally:
        sock.close()


def test_a_missing_or_unwritable_directory_is_refused(tmp_path, monkeypatch):
    missing = tmp_path / "no" / "out.json"
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        check_output_path(missing, name="--out")
    assert str(err.value) == (
        f"--out={str(missing)!r}: directory {str(missing.parent)!r} does not exist"
    )
    asked = []

    def no_access(path, mode):
        asked.append(mode)
        return False

    monkeypatch.setattr(os, "access", no_access)
    out = tmp_path / "out.json"
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        check_output_path(out, name="--out")
    assert str(err.value) == (
        f"--out={str(out)!r}: directory {str(tmp_path)!r} is not writable"
    )
    assert asked == [os.W_OK | os.X_OK]


def test_an_existing_file_is_replaced_only_when_recognised(tmp_path):
    path = tmp_path / "f.json"
    path.write_text('{"precious": 1}')
    # no recogniser: this writer never overwrites
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        check_output_path(path, name="--out")
    assert str(err.value) == (
        f"--out={str(path)!r} already exists and is not empty; refusing to replace "
        "it (this command never overwrites a file): choose a new name or remove it"
    )
    foreign = (
        f"{{}}={str(path)!r} already exists and does not look like a file this "
        "command wrote; refusing to replace it (remove it or choose another path)"
    )
    # the journal recognises journals only
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        check_output_path(path, name="journal")
    assert str(err.value) == foreign.format("journal")
    # a recogniser that says no, or fails
    for owned in (lambda head: False, lambda head: 1 / 0):
        with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
            check_output_path(path, name="--out", owned=owned)
        assert str(err.value) == foreign.format("--out")
    # a recogniser that says yes; a journal under the name "journal"
    assert check_output_path(path, name="--out", owned=lambda head: True) == path
    path.write_text(JOURNAL)
    assert check_output_path(path, name="journal") == path
    with pytest.raises(ValueError, match="never overwrites"):
        check_output_path(path, name="--out")


def test_the_recogniser_sees_exactly_the_first_64_kib_as_text(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text("a" * 100_000)
    seen = []

    def owned(head):
        seen.append(head)
        return True

    check_output_path(path, owned=owned)
    assert seen == ["a" * 65_536]


def test_a_file_that_is_not_utf8_is_never_replaced(tmp_path):
    path = tmp_path / "bin.dat"
    path.write_bytes(b"\xff\xfe\x00binary")
    with pytest.raises(ValueError, match="does not look like a file this command"):
        check_output_path(path, owned=lambda head: True)


# --------------------------------------------------------------------------
# is_journal


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (JOURNAL, True),
        (JOURNAL + '{"cell": 1}\n', True),
        ('{"journal": "context-laws cells", "version": 2.0}', True),
        ('{"journal": "context-laws cells", "version": 3}', False),
        ('{"journal": "context-laws cells", "version": 1}', False),
        ('{"journal": "other", "version": 2}', False),
        ('{"journal": "context-laws cells"}', False),
        ('{"version": 2}', False),
        ("[]", False),
        ("null", False),
        ("", False),
        ("[" * 100_000, False),
        ('{"precious": 1}\n' + JOURNAL, False),
        (None, False),
        (b'{"journal": "context-laws cells", "version": 2}', False),
    ],
)
def test_is_journal_reads_the_first_line_only(head, expected):
    assert is_journal(head) is expected


# --------------------------------------------------------------------------
# write_atomic


def _listing(directory):
    return sorted(p.name for p in directory.iterdir())


def test_write_atomic_gives_a_new_file_the_mode_of_open_and_leaves_nothing(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "a.txt", "één\n")
        assert os.umask(0o027) == 0o027  # the umask is restored
    finally:
        os.umask(old)
    path = tmp_path / "a.txt"
    assert path.read_bytes() == "één\n".encode()
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert _listing(tmp_path) == ["a.txt"]


def test_write_atomic_keeps_the_mode_of_a_file_it_replaces(tmp_path):
    path = tmp_path / "j.txt"
    path.write_text(JOURNAL)
    path.chmod(0o600)
    write_atomic(path, JOURNAL + "x\n", name="journal")
    assert path.read_text() == JOURNAL + "x\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert _listing(tmp_path) == ["j.txt"]


def test_write_atomic_refuses_a_foreign_file_and_removes_its_temporary(tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("foreign")
    with pytest.raises(ValueError, match="never overwrites"):
        write_atomic(path, "mine")
    assert path.read_text() == "foreign"
    with pytest.raises(TypeError):
        write_atomic(tmp_path / "g.txt", 3)  # type: ignore[arg-type]
    assert _listing(tmp_path) == ["f.txt"]


def test_a_file_that_appears_during_the_write_is_checked_again(tmp_path, monkeypatch):
    path = tmp_path / "out.txt"
    real_link = os.link

    def foreign_appears(src, dst, **kwargs):
        with open(dst, "w") as fh:
            fh.write("someone else's")
        return real_link(src, dst, **kwargs)

    monkeypatch.setattr(os, "link", foreign_appears)
    with pytest.raises(ValueError, match="never overwrites"):
        write_atomic(path, "mine")
    assert path.read_text() == "someone else's"
    assert _listing(tmp_path) == ["out.txt"]


def test_a_recognised_file_that_appears_is_replaced(tmp_path, monkeypatch):
    path = tmp_path / "j.txt"
    real_link = os.link

    def journal_appears(src, dst, **kwargs):
        with open(dst, "w") as fh:
            fh.write(JOURNAL)
        return real_link(src, dst, **kwargs)

    monkeypatch.setattr(os, "link", journal_appears)
    write_atomic(path, JOURNAL + "mine\n", name="journal")
    assert path.read_text() == JOURNAL + "mine\n"
    assert _listing(tmp_path) == ["j.txt"]


def test_without_hard_links_the_file_is_checked_then_renamed(tmp_path, monkeypatch):
    def no_links(src, dst, **kwargs):
        raise PermissionError(1, "hard links not supported")

    monkeypatch.setattr(os, "link", no_links)
    write_atomic(tmp_path / "new.txt", "one")
    assert (tmp_path / "new.txt").read_text() == "one"
    (tmp_path / "foreign.txt").write_text("keep")
    with pytest.raises(ValueError, match="never overwrites"):
        write_atomic(tmp_path / "foreign.txt", "two")
    assert (tmp_path / "foreign.txt").read_text() == "keep"
    assert _listing(tmp_path) == ["foreign.txt", "new.txt"]


# --------------------------------------------------------------------------
# read_text


def test_the_default_cap_is_256_mib_and_is_checked_before_reading(tmp_path):
    assert MAX_READ_BYTES == 268_435_456
    path = tmp_path / "sparse.bin"
    with open(path, "wb") as fh:
        fh.truncate(MAX_READ_BYTES + 1)  # sparse: nothing is written or read
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        read_text(path, name="journal")
    assert str(err.value) == (
        f"journal={str(path)!r} has 268435457 bytes, more than max_bytes=268435456"
    )


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"max_bytes": True}, TypeError, "max_bytes must be an int or None, got True"),
        ({"max_bytes": 2.0}, TypeError, "max_bytes must be an int or None, got 2.0"),
        ({"limit": "3"}, TypeError, "limit must be an int or None, got '3'"),
        ({"limit": False}, TypeError, "limit must be an int or None, got False"),
        ({"max_bytes": -1}, ValueError, "max_bytes=-1 must be >= 0"),
        ({"limit": -1}, ValueError, "limit=-1 must be >= 0"),
    ],
)
def test_read_text_checks_its_numbers(tmp_path, kwargs, error, message):
    path = tmp_path / "a.txt"
    path.write_text("abc")
    with pytest.raises(error) as err:
        read_text(path, **kwargs)
    assert str(err.value) == message


@pytest.mark.parametrize("bad", [True, 7, None, 1.5])
def test_read_text_of_a_non_path_is_a_type_error(bad):
    with pytest.raises(TypeError) as err:
        read_text(bad, name="journal")
    assert str(err.value) == f"journal must be a path (str or os.PathLike), got {bad!r}"


def test_zero_is_a_valid_cap_and_limit(tmp_path):
    empty = tmp_path / "e.txt"
    empty.write_text("")
    assert read_text(empty, max_bytes=0) == ""
    full = tmp_path / "f.txt"
    full.write_text("abc")
    assert read_text(full, limit=0) == ""
    with pytest.raises(ValueError, match=r"has 3 bytes, more than max_bytes=0$"):
        read_text(full, max_bytes=0)


def test_missing_and_unreadable_files_are_value_errors_naming_the_file(tmp_path):
    missing = tmp_path / "missing.txt"
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        read_text(missing, name="journal")
    assert str(err.value) == (
        f"journal={str(missing)!r}: cannot read the file (No such file or directory)"
    )
    for path, kind in [(tmp_path, "a directory"), ("/dev/null", "a device")]:
        with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
            read_text(path, name="journal")
        assert str(err.value) == (
            f"journal={str(path)!r} is {kind}, not a regular file; only regular "
            "files are read"
        )


class _Reads:
    """Wraps os.read: the sizes asked for and the bytes returned."""

    def __init__(self, monkeypatch):
        self.asked, self.got = [], 0
        self.real = os.read
        monkeypatch.setattr(os, "read", self)

    def __call__(self, fd, n):
        self.asked.append(n)
        data = self.real(fd, n)
        self.got += len(data)
        return data


def test_reads_are_in_mebibyte_chunks_and_stop_one_byte_past_the_limit(
    tmp_path, monkeypatch
):
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * (3 << 20))
    reads = _Reads(monkeypatch)
    assert len(read_text(path, max_bytes=None)) == 3 << 20
    assert reads.asked == [1 << 20] * 4  # three full chunks and the end of file
    reads.asked.clear()
    reads.got = 0
    assert read_text(path, max_bytes=None, limit=(1 << 20) + 5) == "x" * ((1 << 20) + 5)
    assert reads.asked == [1 << 20, 6]  # never more than limit + 1 bytes
    assert reads.got == (1 << 20) + 6
    reads.asked.clear()
    assert read_text(path, max_bytes=3 << 20) == "x" * (3 << 20)
    assert reads.asked == [1 << 20, 1 << 20, 1 << 20, 1]


def test_a_file_that_grows_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "grows.txt"
    path.write_text("abcdef")
    real = os.fstat

    def shrunk(fd):
        info = real(fd)
        fields = list(info)
        fields[stat.ST_SIZE] = 3  # the size when it was checked
        return os.stat_result(fields)

    monkeypatch.setattr(os, "fstat", shrunk)
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        read_text(path, max_bytes=3, name="journal")
    assert str(err.value) == (
        f"journal={str(path)!r} grew past max_bytes=3 while being read"
    )
    # with a limit it is cut there instead
    assert read_text(path, max_bytes=3, limit=4) == "abcd"


def test_a_character_cut_by_the_limit_is_dropped_but_bad_bytes_are_errors(tmp_path):
    path = tmp_path / "u.txt"
    path.write_bytes("aé".encode())  # b"a\xc3\xa9"
    assert read_text(path, limit=2) == "a"
    assert read_text(path, limit=3) == "aé"
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"a\xc3")  # truncated at the end of the file, no limit
    with pytest.raises(ValueError, match=r"\S") as err:  # exact text below
        read_text(bad, name="journal")
    assert str(err.value) == (
        f"journal={str(bad)!r} is not UTF-8 text (byte 1: unexpected end of data)"
    )
    # the limit is not where the bad byte is: an error, not a cut
    worse = tmp_path / "worse.txt"
    worse.write_bytes(b"a\xffbc")
    with pytest.raises(ValueError, match=r"\(byte 1: invalid start byte\)"):
        read_text(worse, limit=3)
    # the limit cuts inside a character that is also the end of the data read
    cut = tmp_path / "cut.txt"
    cut.write_bytes(b"ab\xc3")
    with pytest.raises(ValueError, match=r"\(byte 2: unexpected end of data\)"):
        read_text(cut, limit=4)  # the file ends there: not a cut by the limit


def test_module_constants():
    assert files._HEAD_BYTES == 65_536
    assert files._JOURNAL_VERSION == 2
