"""Output files: checked up front, written atomically (issue 22).

One implementation for every command line and library writer
(``witnesses.exp58 --out``, ``retention_sweep(out=...)``, the journal's
rewrite, ``python -m proofs --report``).

- :func:`check_output_path` refuses, before any work is done, a path whose
  directory does not exist and a path that is a symbolic link, a directory,
  a device or a FIFO (replacing one of those with a regular file would
  destroy something that is not ours).
- An existing non-empty regular file is replaced only when the writer
  recognises it as its own (``owned``, a test of the file's first 64 KiB:
  a journal checks its header and version); anything else is refused with
  an error naming the file (issue 33: a writer never replaces a file it did
  not create without being told to).
- :func:`write_atomic` writes a temporary file next to the target, fsyncs it,
  gives it the mode a plain ``open(path, "w")`` would (``0o666`` less the
  umask, or the existing file's mode), then either links it to a new name
  (exclusive: a file that appeared meanwhile is not replaced) or, for a
  file recognised as its own, renames it over the target; the directory is
  then fsynced. The temporary file is removed on every error path,
  including ``KeyboardInterrupt`` and the ``SystemExit`` our SIGTERM handler
  raises; only SIGKILL can leave one behind.
- :func:`read_text` reads a regular file only (a FIFO, a device or a
  directory is refused before anything blocks), never more than
  ``max_bytes``.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "MAX_READ_BYTES",
    "check_output_path",
    "is_journal",
    "read_text",
    "write_atomic",
]

_JOURNAL_MAGIC = "context-laws cells"
_JOURNAL_VERSION = 2

_UMASK_LOCK = threading.Lock()

MAX_READ_BYTES = 256 * 1024 * 1024
"""Largest file :func:`read_text` reads unless told otherwise (256 MiB)."""

_HEAD_BYTES = 64 * 1024

_Owned = Callable[[str], bool]
"""Recognises a writer's own file from its first 64 KiB (decoded, errors replaced)."""


def check_output_path(
    path: object, *, name: str = "path", owned: _Owned | None = None
) -> Path:
    """Return ``path`` as a :class:`Path` if a regular file may be written there.

    A new name, or an existing empty regular file, may be written. An
    existing non-empty regular file may be replaced only if ``owned``
    returns True for its first 64 KiB of text (the writer recognises the
    file as one it wrote). Without ``owned``, the argument named
    ``"journal"`` recognises a cells journal (:func:`is_journal`) and any
    other name recognises nothing, so an existing file is refused.

    Raises
    ------
    TypeError
        If ``path`` is not a ``str`` or ``os.PathLike``.
    ValueError
        If it is empty, a symbolic link, an existing non-regular file
        (directory, device, FIFO, socket), an existing file the writer does
        not recognise as its own, or its directory does not exist or is not
        writable. ``name`` names the argument in the message.

    Examples
    --------
    >>> import tempfile
    >>> from witnesses.runtime import check_output_path
    >>> with tempfile.TemporaryDirectory() as d:
    ...     check_output_path(f"{d}/out.json").name
    'out.json'
    >>> check_output_path("/no/such/dir/out.json", name="--out")
    Traceback (most recent call last):
    ...
    ValueError: --out='/no/such/dir/out.json': directory '/no/such/dir' does not exist
    """
    if isinstance(path, bool) or not isinstance(path, str | os.PathLike):
        msg = f"{name} must be a path (str or os.PathLike), got {path!r}"
        raise TypeError(msg)
    text = os.fspath(path)
    if not isinstance(text, str) or not text:
        msg = f"{name} must be a non-empty file path, got {path!r}"
        raise ValueError(msg)
    out = Path(text)
    if out.is_symlink():
        msg = f"{name}={text!r} is a symbolic link; refusing to replace it"
        raise ValueError(msg)
    if out.exists() and not out.is_file():
        kind = _kind(out)
        msg = f"{name}={text!r} is {kind}, not a regular file; refusing to replace it"
        raise ValueError(msg)
    parent = out.parent
    if not parent.is_dir():
        msg = f"{name}={text!r}: directory {str(parent)!r} does not exist"
        raise ValueError(msg)
    if not os.access(parent, os.W_OK | os.X_OK):
        msg = f"{name}={text!r}: directory {str(parent)!r} is not writable"
        raise ValueError(msg)
    if out.exists() and not _replaceable(out, name, owned):
        if owned is None and name != "journal":
            # this writer recognises no file as its own, even its last output
            msg = (
                f"{name}={text!r} already exists and is not empty; refusing to "
                "replace it (this command never overwrites a file): choose a "
                "new name or remove it"
            )
        else:
            msg = (
                f"{name}={text!r} already exists and does not look like a file "
                "this command wrote; refusing to replace it (remove it or "
                "choose another path)"
            )
        raise ValueError(msg)
    return out


def is_journal(head: str) -> bool:
    """Return True if ``head`` starts with a cells journal's header (:func:`witnesses.runtime.run_cells`).

    The header is the first line, a JSON object with ``"journal":
    "context-laws cells"`` and ``"version": 2``.

    Examples
    --------
    >>> from witnesses.runtime import is_journal
    >>> is_journal('{"journal": "context-laws cells", "parameters": {}, "version": 2}')
    True
    >>> is_journal('{"precious": 1}')
    False
    """
    if not isinstance(head, str):
        return False
    try:
        header = json.loads(head.split("\n", 1)[0])
        return bool(
            header["journal"] == _JOURNAL_MAGIC
            and header["version"] == _JOURNAL_VERSION
        )
    except (ValueError, KeyError, TypeError, RecursionError):
        return False


def _replaceable(path: Path, name: str, owned: _Owned | None) -> bool:
    if owned is None and name == "journal":
        owned = is_journal
    try:
        head = read_text(path, max_bytes=None, name="path", limit=_HEAD_BYTES)
    except ValueError:
        return False
    if not head:
        return True  # an empty file holds nothing to lose
    if owned is None:
        return False
    try:
        return bool(owned(head))
    except Exception:  # a recogniser that fails does not recognise
        return False


def write_atomic(
    path: str | os.PathLike[str],
    text: str,
    *,
    name: str = "path",
    owned: _Owned | None = None,
) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a crash leaves the old file or none.

    The text goes to a temporary file in the same directory, which is
    fsynced and given the mode ``open(path, "w")`` would give. A new file
    is created exclusively (a hard link: a file that appeared since the
    check is not replaced); an existing file is replaced (``os.replace``)
    only if it is empty or ``owned`` recognises it (:func:`check_output_path`,
    whose errors name the argument ``name``). The directory is then fsynced.

    Raises
    ------
    TypeError, ValueError
        As :func:`check_output_path`; a TypeError if ``text`` is not a str.
    OSError
        If the file system refuses the write; the message names ``name`` and
        ``path`` (not the temporary file).

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from witnesses.runtime import write_atomic
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_atomic(Path(d) / "a.txt", "one")
    ...     (Path(d) / "a.txt").read_text(), sorted(p.name for p in Path(d).iterdir())
    ('one', ['a.txt'])
    """
    if not isinstance(text, str):
        msg = f"text must be a str, got {type(text).__name__}"
        raise TypeError(msg)
    target = check_output_path(path, name=name, owned=owned)
    mode = _mode_for(target)
    try:
        fd, tmp = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
    except OSError as exc:
        raise _write_error(exc, path, name) from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
        _install(Path(tmp), target, name=name, owned=owned)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise _write_error(exc, path, name) from exc
        raise
    _fsync_directory(target.parent)


def _write_error(exc: OSError, path: str | os.PathLike[str], name: str) -> OSError:
    """Return the same kind of OSError, naming the argument and the user's path.

    The hidden temporary file the system refused is an implementation
    detail; the user asked for ``path``.
    """
    reason = exc.strerror or str(exc)
    named = type(exc)(f"{name}={os.fspath(path)!r}: cannot write the file ({reason})")
    named.errno = exc.errno  # (not strerror: str() would print only that)
    return named


def _install(tmp: Path, target: Path, *, name: str, owned: _Owned | None) -> None:
    """Move ``tmp`` to ``target``: exclusively if new, else over a file we may replace."""
    try:
        os.link(tmp, target, follow_symlinks=False)
    except FileExistsError:
        check_output_path(target, name=name, owned=owned)  # what appeared meanwhile
        os.replace(tmp, target)
        return
    except OSError:  # no hard links here (some file systems): check, then rename
        check_output_path(target, name=name, owned=owned)
        os.replace(tmp, target)
        return
    tmp.unlink()


def read_text(
    path: object,
    *,
    max_bytes: int | None = MAX_READ_BYTES,
    name: str = "path",
    limit: int | None = None,
) -> str:
    """Return the UTF-8 text of a regular file of at most ``max_bytes`` bytes.

    The file is opened without blocking and refused unless it is a regular
    file (a FIFO, device, directory or socket is never read), so
    ``read_text('/dev/zero')`` fails at once instead of reading forever.
    ``limit`` reads only the first ``limit`` bytes (then a larger file is
    not an error). A byte-order mark is dropped; undecodable bytes are an
    error.

    Raises
    ------
    TypeError
        If ``path`` is not a path or ``max_bytes`` not an int.
    ValueError
        If the file is missing, unreadable, not a regular file, larger than
        ``max_bytes`` or not UTF-8; the message names ``name`` and the file.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from witnesses.runtime import read_text
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "a.txt").write_text("one")
    ...     read_text(Path(d) / "a.txt")
    'one'
    >>> read_text("/dev/zero", name="journal")
    Traceback (most recent call last):
    ...
    ValueError: journal='/dev/zero' is a device, not a regular file; only regular files are read
    """
    if isinstance(path, bool) or not isinstance(path, str | os.PathLike):
        msg = f"{name} must be a path (str or os.PathLike), got {path!r}"
        raise TypeError(msg)
    for arg, value in (("max_bytes", max_bytes), ("limit", limit)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int)
        ):
            msg = f"{arg} must be an int or None, got {value!r}"
            raise TypeError(msg)
        if value is not None and value < 0:
            msg = f"{arg}={value!r} must be >= 0"
            raise ValueError(msg)
    text = os.fspath(path)
    data = _read_regular(Path(text), text, name=name, max_bytes=max_bytes, limit=limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        cut = limit is not None and len(data) == limit and exc.end == len(data)
        if cut and exc.reason == "unexpected end of data":
            return data[: exc.start].decode("utf-8-sig")  # a character cut by the limit
        msg = f"{name}={text!r} is not UTF-8 text (byte {exc.start}: {exc.reason})"
        raise ValueError(msg) from None


def _read_regular(
    path: Path, text: str, *, name: str, max_bytes: int | None, limit: int | None
) -> bytes:
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        msg = f"{name}={text!r}: cannot read the file ({exc.strerror})"
        raise ValueError(msg) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            msg = (
                f"{name}={text!r} is {_kind(path)}, not a regular file; "
                "only regular files are read"
            )
            raise ValueError(msg)
        cap = limit if limit is not None else max_bytes
        if limit is None and max_bytes is not None and info.st_size > max_bytes:
            msg = (
                f"{name}={text!r} has {info.st_size} bytes, more than "
                f"max_bytes={max_bytes}"
            )
            raise ValueError(msg)
        chunks, left = [], (cap + 1 if cap is not None else -1)
        while left != 0:
            chunk = os.read(fd, min(left, 1 << 20) if left > 0 else 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            left = left - len(chunk) if left > 0 else left
        data = b"".join(chunks)
    finally:
        os.close(fd)
    if cap is not None and len(data) > cap:
        if limit is not None:
            return data[:limit]
        msg = f"{name}={text!r} grew past max_bytes={max_bytes} while being read"
        raise ValueError(msg)
    return data


def _mode_for(target: Path) -> int:
    """Return the existing file's permission bits, else ``0o666`` less the umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        pass
    # os.umask reads the mask only by setting one: meanwhile the owner-only
    # 0o077, so a file another thread makes in that instant is never more open
    # than its owner meant (0o022 there could make it group/world readable)
    with _UMASK_LOCK:
        umask = os.umask(0o077)
        os.umask(umask)
    return 0o666 & ~umask


def _fsync_directory(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - file systems that refuse it
        pass
    finally:
        os.close(fd)


def _kind(path: Path) -> str:
    if path.is_dir():
        return "a directory"
    if path.is_fifo():
        return "a FIFO"
    if path.is_char_device() or path.is_block_device():
        return "a device"
    if path.is_socket():
        return "a socket"
    return "a file of another kind"  # or it went away since it was opened
